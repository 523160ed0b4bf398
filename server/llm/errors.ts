import { APICallError } from "@ai-sdk/provider";

/** A provider failure as one clear Chinese sentence; details stay in the log. */
export function describeLlmError(error: unknown): string {
  const err =
    (error as { cause?: unknown })?.cause && !(error instanceof APICallError)
      ? ((error as { cause: unknown }).cause ?? error)
      : error;
  if (APICallError.isInstance(err)) {
    const status = err.statusCode;
    if (status === 401 || status === 403) return "模型服务鉴权失败，请检查 API Key";
    if (status === 404) return "模型不存在或接口地址错误，请检查模型配置";
    if (status === 429) return "模型服务繁忙或额度不足，请稍后再试";
    if (status && status >= 500) return `模型服务暂时不可用（${status}），请稍后再试`;
    if (status && status >= 400) return `模型服务拒绝了请求（${status}）`;
  }
  const text =
    err instanceof Error ? `${err.name} ${err.message} ${String((err as { code?: string }).code ?? "")}` : String(err);
  if (/timeout|timed out|TimeoutError/i.test(text)) return "模型服务响应超时，请稍后再试";
  if (/ECONNREFUSED|ENOTFOUND|EAI_AGAIN|fetch failed|ECONNRESET|socket/i.test(text))
    return "无法连接模型服务，请检查接口地址与网络";
  if (/terminated|aborted|premature|closed/i.test(text)) return "模型服务的回复中断了，请重试";
  return "模型调用失败，请稍后再试";
}
