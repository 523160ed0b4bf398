import { generateText, Output } from "ai";
import { BUILTIN_TASKS } from "#server/llm/builtin";
import { languageModelFor } from "#server/llm/registry";
import type { Variable } from "#server/modules/agent/contract";
import * as conversations from "#server/modules/conversation";
import type { TurnInput } from "./run";
import type { RuntimeTool, ToolBuildContext } from "./tools";

const RECOGNITION_TIMEOUT_MS = 30_000;
const RECENT_MESSAGES = 4;
const CHARS = 2000;

/** The agent's variables set to 自动识别 (AutoRecognition) and enabled. */
export function autoVariables(input: Pick<TurnInput, "config">): Variable[] {
  const declared = (input.config.components.find((c) => c.type === "Variable")?.bindConfig.variables ??
    []) as Variable[];
  return declared.filter((v) => v.inputType === "AutoRecognition" && v.enable !== false);
}

/** A recognised value in the variable's type; null when it does not fit (a number variable given words). */
function typed(v: Variable, value: unknown): unknown {
  if (value === null || value === undefined || value === "") return null;
  if (v.dataType === "Number" || v.dataType === "Integer") {
    // "3000元" reads as 3000: models often keep the unit the user wrote.
    const n = typeof value === "number" ? value : Number(/-?\d+(?:\.\d+)?/.exec(String(value))?.[0] ?? Number.NaN);
    if (!Number.isFinite(n)) return null;
    return v.dataType === "Integer" ? Math.trunc(n) : n;
  }
  if (v.dataType === "Boolean")
    return value === true || value === "true" ? true : value === false || value === "false" ? false : null;
  if (v.dataType === "Object" || v.dataType.startsWith("Array")) return typeof value === "object" ? value : null;
  return typeof value === "string" ? value.trim().slice(0, CHARS) : JSON.stringify(value);
}

function systemFor(variables: Variable[]) {
  const lines = variables.map(
    (v) =>
      `- ${v.name}${v.displayName ? `（${v.displayName}）` : ""}：${v.description || "无说明"}，类型 ${v.dataType}`,
  );
  return `${BUILTIN_TASKS.variables}
你负责从对话中识别变量的值。变量：
${lines.join("\n")}
只输出一个 JSON 对象，键是变量名，值是从对话中识别到的值；对话中没有提到的变量不要输出。`;
}

/**
 * 变量设置 (original-backend.md §5.4): every turn, the agent's own model reads the agent's settings and the recent
 * conversation and answers the AutoRecognition variables as JSON; recognised values are written to the
 * conversation's `variables` (so this turn's prompt and later turns use them). Runs as a tool so the chat shows
 * it as a PROCESSING step of type Variable.
 */
export function variableRecognitionTool(ctx: ToolBuildContext, input: TurnInput, variables: Variable[]): RuntimeTool {
  return {
    name: "variable_recognition",
    label: "变量设置",
    type: "Variable",
    targetId: -1,
    componentId: null,
    description: "自动识别变量",
    inputSchema: { type: "object" },
    mode: "AUTO",
    exceptionOut: false,
    fallbackMsg: "",
    async execute(_args, toolCtx) {
      const recent = await conversations.recentMessages(ctx.deps.db, input.conversation.id, RECENT_MESSAGES + 1);
      const dialogue = recent
        .filter((m) => m.text.trim() && (m.role === "USER" || m.status === "complete"))
        .map((m) => `${m.role === "USER" ? "用户" : "助手"}：${m.text.slice(0, CHARS)}`);
      const { output } = await generateText({
        model: languageModelFor(input.model, ctx.deps.config),
        system: systemFor(variables),
        prompt: `智能体设定：${input.config.systemPrompt.slice(0, CHARS) || "（无）"}\n\n对话：\n${dialogue.join("\n")}`,
        output: Output.json(),
        temperature: 0,
        maxRetries: 0,
        abortSignal: toolCtx.signal
          ? AbortSignal.any([toolCtx.signal, AbortSignal.timeout(RECOGNITION_TIMEOUT_MS)])
          : AbortSignal.timeout(RECOGNITION_TIMEOUT_MS),
      });
      const answer = output && typeof output === "object" && !Array.isArray(output) ? output : {};
      const recognised: Record<string, unknown> = {};
      for (const v of variables) {
        const value = typed(v, (answer as Record<string, unknown>)[v.name]);
        if (value === null) continue;
        recognised[v.name] = value;
        if (JSON.stringify(toolCtx.variables[v.name]) !== JSON.stringify(value))
          await toolCtx.setVariable(v.name, value);
      }
      return recognised;
    },
  };
}

/** The turn's 变量设置 step, or nothing when the agent has no AutoRecognition variable. */
export async function recognizeVariables(
  ctx: ToolBuildContext,
  input: TurnInput,
  invoke: (t: RuntimeTool, args: Record<string, unknown>, executeId: string) => Promise<unknown>,
) {
  const variables = autoVariables(input);
  if (!variables.length) return;
  await invoke(variableRecognitionTool(ctx, input, variables), {}, `${input.requestId}-variables`);
}
