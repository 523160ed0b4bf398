import { randomUUID } from "node:crypto";
import { runCodePlugin } from "./code";
import { runHttp } from "./http";
import type { PluginRunInput, PluginRunResult, PluginRuntimeDeps } from "./types";

export { resolveInputs } from "./args";
/**
 * Runs plugins: HTTP ones through the egress guard, code ones in the sandbox. Used by /api/plugin/test and
 * /api/plugin/analysis/output, by agents (as tools) and later by workflow Plugin nodes.
 */
export { deriveOutputArgs, extractOutputs, readPath, sampleOutput } from "./output";
export {
  MAX_RESPONSE_BYTES,
  PluginError,
  type PluginRunInput,
  type PluginRunResult,
  type PluginRuntimeDeps,
} from "./types";

/** One run of a plugin's config with the given argument values; never throws, failures come back as `error`. */
export async function executePlugin(deps: PluginRuntimeDeps, input: PluginRunInput): Promise<PluginRunResult> {
  const started = Date.now();
  const requestId = input.requestId ?? randomUUID();
  const outcome =
    input.type === "HTTP"
      ? await runHttp(deps, input.config, input.params, input.signal)
      : await runCodePlugin(input.codeLang ?? "JavaScript", input.config, input.params, input.sysVars);
  return { ...outcome, requestId, costTime: Date.now() - started };
}
