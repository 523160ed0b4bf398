import { APICallError } from "@ai-sdk/provider";
import { isEgressError } from "../runtime/egress";

function causes(error: unknown) {
  const chain: unknown[] = [];
  let current: unknown = error;
  while (current && chain.length < 5) {
    chain.push(current);
    // RetryError keeps the failure it gave up on in lastError, not in cause.
    const next = current as { cause?: unknown; lastError?: unknown };
    current = next.cause ?? next.lastError;
  }
  return chain;
}

/** A provider failure as one clear Chinese sentence; the details stay in the log. */
export function describeLlmError(error: unknown): string {
  const chain = causes(error);
  // The egress guard's own sentence (refused address, unreachable, too large) is already the explanation.
  const egress = chain.find(isEgressError);
  if (egress) return egress.message;
  const status = chain.find((e): e is APICallError => APICallError.isInstance(e))?.statusCode;
  if (status === 401 || status === 403) return "模型服务鉴权失败，请检查 API Key";
  if (status === 404) return "模型不存在或接口地址错误，请检查模型配置";
  if (status === 429) return "模型服务繁忙或额度不足，请稍后再试";
  if (status && status >= 500) return `模型服务暂时不可用（${status}），请稍后再试`;
  if (status && status >= 400) return `模型服务拒绝了请求（${status}）`;
  const text = chain
    .map((e) =>
      e instanceof Error ? `${e.name} ${e.message} ${String((e as { code?: string }).code ?? "")}` : String(e),
    )
    .join(" | ");
  if (/timeout|timed out/i.test(text)) return "模型服务响应超时，请稍后再试";
  if (/terminated|other side closed|premature|ECONNRESET|UND_ERR_SOCKET/i.test(text))
    return "模型服务的回复中断了，请重试";
  if (
    /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|fetch failed|Cannot connect to API|bad port/i.test(text)
  )
    return "无法连接模型服务，请检查接口地址与网络";
  return "模型调用失败，请稍后再试";
}
