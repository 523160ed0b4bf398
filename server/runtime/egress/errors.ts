/**
 * Why an outbound request did not happen or did not finish. The message is the one Chinese sentence a user
 * sees; `reason` is for logs and tests. Every failure to reach a peer (name not found, port closed, host
 * unreachable, no answer in time) shares one message, so the reply cannot be used to scan ports or hosts.
 */
export type EgressFailure = "refused" | "invalid" | "unreachable" | "timeout" | "too-large" | "redirects";

export class EgressError extends Error {
  override name = "EgressError";
  constructor(
    readonly reason: EgressFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export const isEgressError = (error: unknown): error is EgressError =>
  error instanceof EgressError || (error as { name?: unknown } | null)?.name === "EgressError";

export const UNREACHABLE = "无法连接到该地址，请检查地址与网络";

export const refusedAddress = (what: string) =>
  new EgressError("refused", `出于安全原因，不允许访问内网地址 ${what}（如需访问，请让管理员在 EGRESS_ALLOW 中放行）`);

export const unreachable = (cause?: unknown) => new EgressError("unreachable", UNREACHABLE, { cause });
