import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3FunctionTool,
  LanguageModelV3Prompt,
  LanguageModelV3StreamPart,
} from "@ai-sdk/provider";
import { TASK_TOOL_NAME } from "#contract/api/task";
import { offlineMemories, offlineVariables } from "./builtin-memory";
import { readScheduleRequest } from "./builtin-schedule";

/** Markers our own internal prompts start with, so the offline model knows which job it is doing. */
export const BUILTIN_TASKS = {
  title: "【任务：生成会话标题】",
  suggest: "【任务：生成追问建议】",
  optimize: "【任务：优化提示词】",
  /** Workflow IntentRecognition: the system prompt lists `<id>. <intent>` lines, the user turn is the input. */
  intent: "【任务：意图识别】",
  /** Workflow QA field extraction: the system prompt lists `- <field>` lines, the user turn holds the answers. */
  extract: "【任务：信息提取】",
  /** Long-term memory extraction (runtime/memory): the user turn holds `用户：…` lines of the conversation. */
  memory: "【任务：记忆提取】",
  /** 自动识别 variables (runtime/agent/variable-recognition): the system prompt lists `- name（label）` lines. */
  variables: "【任务：变量识别】",
} as const;

/** The first intent with a keyword (its text split at punctuation) found in the message, else "other" (= count). */
function classifyIntent(system: string, message: string) {
  const intents = [...system.matchAll(/^(\d+)\. (.+)$/gm)].map((m) => ({ id: Number(m[1]), text: m[2]!.trim() }));
  const hit = intents.find((i) => i.text.split(/[\s,，、;；|/]+/).some((word) => word && message.includes(word)));
  return JSON.stringify({
    classificationId: hit ? hit.id : intents.length,
    reason: hit ? `输入提到了「${hit.text}」` : "没有匹配的意图",
  });
}

/** `field=value` or `field：value` pairs of the listed fields. */
function extractFields(system: string, message: string) {
  const out: Record<string, string> = {};
  for (const [, name] of system.matchAll(/^- ([A-Za-z_][\w]*)/gm)) {
    const value = new RegExp(`${name}\\s*[=:：]\\s*([^,，;；\\n]+)`).exec(message)?.[1]?.trim();
    if (value) out[name!] = value;
  }
  return JSON.stringify(out);
}

const CHUNK_DELAY_MS = 8;

function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content.map((p) => (p && typeof p === "object" && "text" in p ? String(p.text) : "")).join("");
}

function systemOf(prompt: LanguageModelV3Prompt) {
  return prompt
    .filter((m) => m.role === "system")
    .map((m) => m.content)
    .join("\n");
}

function lastUserText(prompt: LanguageModelV3Prompt) {
  const user = [...prompt].reverse().find((m) => m.role === "user");
  return user ? textOf(user.content).trim() : "";
}

/** The user's own words and attachment names out of the runtime's tagged user turn (see runtime/agent/prompt.ts). */
function readUserTurn(raw: string) {
  const names: string[] = [];
  for (const [, json] of raw.matchAll(/<attachment>([\s\S]*?)<\/attachment>/g)) {
    try {
      for (const a of JSON.parse(json ?? "[]") as { fileName?: string }[]) if (a.fileName) names.push(a.fileName);
    } catch {
      // not ours: leave it in the text
    }
  }
  const memory = /<user-memory>([\s\S]*?)<\/user-memory>/.exec(raw)?.[1]?.trim() ?? "";
  const message = raw
    .replace(/<user-memory>[\s\S]*?<\/user-memory>/g, "")
    .replace(/<attachment>[\s\S]*?<\/attachment>/g, "")
    .replace(/<user-reminder>[\s\S]*?<\/user-reminder>/g, "")
    .replace(/<\/?user-message>/g, "")
    .trim();
  return { message, attachments: names, memory };
}

function pendingToolResults(prompt: LanguageModelV3Prompt) {
  const last = prompt.at(-1);
  if (last?.role !== "tool") return [];
  return last.content.flatMap((p) => {
    if (p.type !== "tool-result") return [];
    const output = p.output as { type: string; value?: unknown };
    return [{ name: p.toolName, output: "value" in output ? output.value : output }];
  });
}

/** `key=value` pairs in the message become tool arguments; required strings fall back to the message. */
function argumentsFor(tool: LanguageModelV3FunctionTool, message: string) {
  const schema = tool.inputSchema as { properties?: Record<string, { type?: string }>; required?: string[] };
  const args: Record<string, unknown> = {};
  for (const match of message.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("[^"]*"|\S+)/g)) {
    const [, key, raw] = match as unknown as [string, string, string];
    if (!schema.properties?.[key]) continue;
    const value = raw.startsWith('"') ? raw.slice(1, -1) : raw;
    const type = schema.properties[key]?.type;
    args[key] = type === "number" || type === "integer" ? Number(value) : type === "boolean" ? value === "true" : value;
  }
  for (const key of schema.required ?? []) {
    if (args[key] === undefined && schema.properties?.[key]?.type === "string") args[key] = message;
  }
  return args;
}

function chooseTool(tools: LanguageModelV3FunctionTool[], message: string) {
  const named = tools.find((t) => message.includes(t.name));
  if (named) return named;
  return /调用工具|使用工具/.test(message) && tools.length === 1 ? tools[0] : undefined;
}

const clip = (s: string, n: number) => (Array.from(s).length > n ? `${Array.from(s).slice(0, n).join("")}…` : s);

interface Plan {
  reasoning: string;
  text: string;
  toolCall?: { name: string; input: Record<string, unknown> };
}

/** Deterministic answers: the same prompt always yields the same stream (tests rely on it). */
export function planBuiltinAnswer(options: LanguageModelV3CallOptions): Plan {
  const { prompt } = options;
  const system = systemOf(prompt);
  const { message, attachments, memory } = readUserTurn(lastUserText(prompt));
  if (system.includes(BUILTIN_TASKS.title)) {
    const firstLine = message.split("\n").find((l) => l.trim()) ?? "新的会话";
    return { reasoning: "", text: clip(firstLine.trim(), 20).replace(/…$/, "") };
  }
  if (system.includes(BUILTIN_TASKS.suggest)) {
    const topic = clip(message.replace(/^.*用户[:：]\s*/s, "").split("\n")[0] ?? "", 12);
    const suggestList = [`能再详细解释一下「${topic}」吗？`, "可以举一个具体的例子吗？", "还有哪些需要注意的地方？"];
    return { reasoning: "", text: JSON.stringify({ suggestList }) };
  }
  if (system.includes(BUILTIN_TASKS.optimize)) {
    const goal = message || "一个通用助手";
    return {
      reasoning: "先明确角色与目标，再补充约束和输出格式。",
      text: `# 角色\n你是一位专业、可靠的助手。\n\n# 目标\n${goal}\n\n# 约束\n- 回答准确，不编造事实\n- 不确定时主动说明\n\n# 输出格式\n使用 Markdown，先给结论，再给要点。`,
    };
  }
  if (system.includes(BUILTIN_TASKS.intent)) return { reasoning: "", text: classifyIntent(system, message) };
  if (system.includes(BUILTIN_TASKS.extract)) return { reasoning: "", text: extractFields(system, message) };
  if (system.includes(BUILTIN_TASKS.memory)) return { reasoning: "", text: offlineMemories(message) };
  if (system.includes(BUILTIN_TASKS.variables)) return { reasoning: "", text: offlineVariables(system, message) };
  const results = pendingToolResults(prompt);
  if (results.length) {
    const lines = results.map((r) => `- \`${r.name}\`：${clip(JSON.stringify(r.output), 300)}`);
    return { reasoning: "工具已返回结果，我来整理给用户。", text: `工具调用完成，结果如下：\n\n${lines.join("\n")}` };
  }
  const tools = (options.tools ?? []).filter((t): t is LanguageModelV3FunctionTool => t.type === "function");
  const schedule = tools.some((t) => t.name === TASK_TOOL_NAME) && readScheduleRequest(message);
  if (schedule) {
    return {
      reasoning: "用户希望定期做一件事，我来创建定时任务。",
      text: "",
      toolCall: { name: TASK_TOOL_NAME, input: schedule },
    };
  }
  const tool = chooseTool(tools, message);
  if (tool) {
    return {
      reasoning: `用户需要调用工具 ${tool.name}。`,
      text: "",
      toolCall: { name: tool.name, input: argumentsFor(tool, message) },
    };
  }
  const round = prompt.filter((m) => m.role === "user").length;
  const persona = system.trim() ? `我已读取智能体的设定（${Array.from(system.trim()).length} 字）并据此回答。` : "";
  const files = attachments.length ? `我收到了 ${attachments.length} 个附件：${attachments.join("、")}。` : "";
  const quoted = (message ? `你说的是：「${clip(message, 80)}」。` : "") + files || "我收到了你发送的附件。";
  // Long-term memories placed in the turn (runtime/memory): repeated, so a user sees that the agent remembers.
  const remembered = memory ? `\n\n我记得关于你的这些信息：\n${memory}` : "";
  return {
    reasoning: `用户在第 ${round} 轮对话中提问：「${clip(message, 40)}」。我需要先理解问题，再给出简洁的回答。`,
    text: `你好！我是内置的离线演示模型。${quoted}${persona}\n\n这是本会话的第 ${round} 轮对话。接入真实模型（系统管理 → 模型管理）后，我就能给出真正的回答。${remembered}`,
  };
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason ?? new Error("aborted"));
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason ?? new Error("aborted"));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });

/** Splits into small pieces so the answer streams token by token. */
const pieces = (text: string) => {
  const chars = Array.from(text);
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += 2) out.push(chars.slice(i, i + 2).join(""));
  return out;
};

const estimateTokens = (s: string) => Math.ceil(Array.from(s).length / 1.5);

export class BuiltinLanguageModel implements LanguageModelV3 {
  readonly specificationVersion = "v3";
  readonly provider = "builtin";
  readonly supportedUrls = {};
  constructor(readonly modelId = "builtin-offline") {}

  async doGenerate(options: LanguageModelV3CallOptions) {
    const plan = planBuiltinAnswer(options);
    const content: Awaited<ReturnType<LanguageModelV3["doGenerate"]>>["content"] = [];
    if (plan.reasoning) content.push({ type: "reasoning", text: plan.reasoning });
    if (plan.text) content.push({ type: "text", text: plan.text });
    if (plan.toolCall) {
      content.push({
        type: "tool-call",
        toolCallId: "call_builtin_1",
        toolName: plan.toolCall.name,
        input: JSON.stringify(plan.toolCall.input),
      });
    }
    return { content, finishReason: this.finish(plan), usage: this.usage(options, plan), warnings: [] };
  }

  async doStream(options: LanguageModelV3CallOptions) {
    const plan = planBuiltinAnswer(options);
    const signal = options.abortSignal;
    const self = this;
    const stream = new ReadableStream<LanguageModelV3StreamPart>({
      async start(controller) {
        try {
          controller.enqueue({ type: "stream-start", warnings: [] });
          if (plan.reasoning) {
            controller.enqueue({ type: "reasoning-start", id: "r1" });
            for (const delta of pieces(plan.reasoning)) {
              await sleep(CHUNK_DELAY_MS, signal);
              controller.enqueue({ type: "reasoning-delta", id: "r1", delta });
            }
            controller.enqueue({ type: "reasoning-end", id: "r1" });
          }
          if (plan.text) {
            controller.enqueue({ type: "text-start", id: "t1" });
            for (const delta of pieces(plan.text)) {
              await sleep(CHUNK_DELAY_MS, signal);
              controller.enqueue({ type: "text-delta", id: "t1", delta });
            }
            controller.enqueue({ type: "text-end", id: "t1" });
          }
          if (plan.toolCall) {
            controller.enqueue({
              type: "tool-call",
              toolCallId: `call_${Date.now().toString(36)}`,
              toolName: plan.toolCall.name,
              input: JSON.stringify(plan.toolCall.input),
            });
          }
          controller.enqueue({ type: "finish", finishReason: self.finish(plan), usage: self.usage(options, plan) });
          controller.close();
        } catch (error) {
          controller.enqueue({ type: "error", error });
          controller.close();
        }
      },
    });
    return { stream };
  }

  private finish(plan: Plan) {
    return {
      unified: plan.toolCall ? ("tool-calls" as const) : ("stop" as const),
      raw: plan.toolCall ? "tool_calls" : "stop",
    };
  }

  private usage(options: LanguageModelV3CallOptions, plan: Plan) {
    const input = estimateTokens(options.prompt.map((m) => textOf(m.content)).join(""));
    const output = estimateTokens(plan.reasoning + plan.text);
    return {
      inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 },
      outputTokens: { total: output, text: estimateTokens(plan.text), reasoning: estimateTokens(plan.reasoning) },
    };
  }
}
