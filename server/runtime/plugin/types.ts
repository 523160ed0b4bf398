import type { Arg } from "#contract/args";
import type { CodePluginConfig, HttpPluginConfig } from "#contract/plugin";

/** What a plugin run needs: the stored config plus this call's argument values (by name) and system variables. */
export type PluginRunInput = {
  pluginId: number;
  params: Record<string, unknown>;
  /** System variables (USER_NAME, CONVERSATION_ID…), given to code as `args.SYS_VARS`. */
  sysVars: Record<string, unknown>;
  requestId?: string;
  /** Ends the run early (a stopped chat answer). */
  signal?: AbortSignal;
} & (
  | { type: "HTTP"; config: Partial<HttpPluginConfig> }
  | { type: "CODE"; codeLang?: "JavaScript" | "Python" | null; config: Partial<CodePluginConfig> }
);

/**
 * The outcome of one run (PluginTestResult of original-frontend.md §1.12): output values both in `data` and at the
 * top of `result` under their names; HTTP runs add the raw body, headers and status.
 */
export interface PluginRunResult {
  success: boolean;
  result: {
    HTTP_BODY?: string;
    HTTP_HEADERS?: Record<string, string>;
    HTTP_STATUS_CODE?: number;
    data: unknown;
    [name: string]: unknown;
  };
  logs: string[];
  error: string | null;
  requestId: string;
  costTime: number;
}

/** What execution needs from the server: the egress allow list. */
export interface PluginRuntimeDeps {
  config: { EGRESS_ALLOW: string };
}

export type { Arg };

/** A refusal worth showing as is (bad arguments, an unusable URL, a response too big). */
export class PluginError extends Error {
  override name = "PluginError";
}

/** Array children are described by one child with this placeholder name (BindConfigWithSub). */
export const ARRAY_ITEM = "[Array_Item]";
/** Output names that return the raw response instead of a value from its body. */
export const RAW_OUTPUTS = ["HTTP_BODY", "HTTP_STATUS_CODE", "HTTP_HEADERS"] as const;
/** Responses bigger than this are refused. */
export const MAX_RESPONSE_BYTES = 2 * 1024 * 1024;
