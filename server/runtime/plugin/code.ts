import { type CodePluginConfig, defaultPluginTimeout } from "#contract/plugin";
import { runCode } from "../sandbox";
import { resolveInputs } from "./args";
import { extractOutputs } from "./output";
import { PluginError, type PluginRunResult } from "./types";

/**
 * One code plugin run in the sandbox: `main(args)` gets the declared inputs (defaults applied, types coerced) as
 * top-level keys plus `SYS_VARS`; with no declared inputs (code written first) the call's values pass as given.
 * The outputs are read from main's return value by name; with none declared the whole value is the data.
 */
export async function runCodePlugin(
  language: "JavaScript" | "Python",
  config: Partial<CodePluginConfig>,
  params: Record<string, unknown>,
  sysVars: Record<string, unknown>,
): Promise<Omit<PluginRunResult, "requestId" | "costTime">> {
  const timeout = Math.min(60, Math.max(1, Number(config.timeout) || defaultPluginTimeout));
  let inputs: Record<string, unknown>;
  try {
    inputs = config.inputArgs?.length ? resolveInputs(config.inputArgs, params) : { ...params };
  } catch (error) {
    if (error instanceof PluginError) return { success: false, result: { data: null }, logs: [], error: error.message };
    throw error;
  }
  const run = await runCode({
    language,
    code: config.code ?? "",
    args: { ...inputs, SYS_VARS: sysVars },
    timeoutMs: timeout * 1000,
  });
  if (!run.success) {
    return { success: false, result: { data: null }, logs: run.logs, error: run.error ?? "代码执行失败" };
  }
  const outputs = config.outputArgs ?? [];
  const data = outputs.length ? extractOutputs(run.output, outputs) : run.output;
  const fields = data && typeof data === "object" && !Array.isArray(data) ? data : {};
  return { success: true, result: { ...fields, data }, logs: run.logs, error: null };
}
