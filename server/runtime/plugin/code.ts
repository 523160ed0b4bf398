import type { CodePluginConfig } from "../../../contract/plugin";
import type { PluginRunResult } from "./types";

/** Code plugins run in server/runtime/sandbox, which is not in this tree yet: until then a run says so. */
export async function runCodePlugin(
  _language: "JavaScript" | "Python",
  _config: Partial<CodePluginConfig>,
  _params: Record<string, unknown>,
  _sysVars: Record<string, unknown>,
): Promise<Omit<PluginRunResult, "requestId" | "costTime">> {
  return { success: false, result: { data: null }, logs: [], error: "代码插件的运行环境尚未就绪" };
}
