import type { TextStreamPart, ToolSet } from "ai";
import type { Actor, Deps } from "#server/core";
import type { Attachment } from "#server/db/schema";
import { describeLlmError } from "#server/llm/errors";
import type { ModelBind, Variable } from "#server/modules/agent/contract";
import type { AgentSnapshot } from "#server/modules/agent/dto";
import { systemVariables } from "#server/modules/agent/variables";
import * as conversations from "#server/modules/conversation";
import type { ModelRow } from "#server/modules/model";
import { memoryForTurn, rememberTurn } from "#server/runtime/memory/turn";
import { type ChatEvent, type FinalResult, frame, messageEvent, type ProcessingStep } from "./events";
import type { LeanPart } from "./lean-stream";
import { openModelStream } from "./model-stream";
import { historyMessages, systemPrompt, userTurnText } from "./prompt";
import { track } from "./ticker";
import { cardFields, type RuntimeTool, type ToolContext, type TurnEnd, toolsForTurn } from "./tools";
import { endTurn } from "./turn-end";
import { startTurn } from "./turn-start";
import { recognizeVariables } from "./variable-recognition";
import { resumePausedWorkflow, turnHooks } from "./workflow-tool-chat";

const HEARTBEAT_MS = 10_000;

export interface TurnInput {
  actor: Pick<Actor, "userId" | "tenantId" | "userName">;
  /** The conversation's fixed parts (its variables are read and written by the turn's start). */
  conversation: Pick<conversations.ConversationRow, "id" | "devMode" | "type">;
  agentId: number;
  config: AgentSnapshot;
  model: ModelRow;
  bind: ModelBind;
  globalPrompt: string;
  message: string;
  attachments: Attachment[];
  variableParams: Record<string, unknown>;
  selectedComponentIds: number[];
  requestId: string;
}

const systemNames = new Set(systemVariables.map((v) => v.name));

/**
 * A turn's variables are the Variable component's defaults, then what the conversation remembers, then this
 * request's values; the turn's start merges them with the stored ones (turn-start.ts). System names are not kept.
 */
function variableSources(config: AgentSnapshot, params: Record<string, unknown>) {
  const declared = (config.components.find((c) => c.type === "Variable")?.bindConfig.variables ?? []) as Variable[];
  const defaults: Record<string, unknown> = {};
  for (const v of declared) if (v.bindValue !== undefined && v.bindValue !== "") defaults[v.name] = v.bindValue;
  const own: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(params)) if (!systemNames.has(k)) own[k] = v;
  return { defaults, params: own };
}

export type StartedTurn = Exclude<Awaited<ReturnType<typeof beginTurn>>, string>;

/** Turns streaming in this process, so a graceful shutdown can end them cleanly. */
const activeTurns = new Map<string, { shutdown: () => void; settled: Promise<unknown> }>();

/**
 * Graceful shutdown: every answer streaming in this process ends now — kept as far as it got and marked
 * `interrupted`, its reader told why (ERROR, then FINAL_RESULT) — before the database closes.
 */
export async function endActiveTurns() {
  const turns = [...activeTurns.values()];
  for (const t of turns) t.shutdown();
  await Promise.allSettled(turns.map((t) => t.settled));
  return turns.length;
}

const SHUTDOWN_MESSAGE = "服务正在重启，回答已中断，请稍后重试";

/**
 * Persists the turn before the model is called: the user's message, an `incomplete` answer and the run row,
 * group-committed with the turns starting at the same time (turn-start.ts); of two simultaneous messages only one
 * starts. "busy" when an answer of this conversation is still running, "gone" when the conversation is deleted.
 */
export async function beginTurn(deps: Deps, input: TurnInput) {
  const { requestId, conversation } = input;
  const startTime = Date.now();
  const started = await startTurn(deps, {
    conversationId: conversation.id,
    requestId,
    userId: input.actor.userId,
    message: input.message,
    attachments: input.attachments,
    ...variableSources(input.config, input.variableParams),
    // The model's history is read with the turn's start (prompt.ts keeps the last contextRounds rounds of it).
    historyLimit: input.bind.contextRounds > 0 ? Math.max(2, input.bind.contextRounds * 2 + 2) : 0,
  });
  if (typeof started === "string") return started;
  return { ...started, remembered: started.variables, startTime };
}

/** What a turn accumulates while it streams: the shared ticker saves it each second, settleTurn stores it last. */
interface TurnState {
  text: string;
  think: string;
  steps: ProcessingStep[];
  /** Something changed since the ticker last saved. */
  dirty: boolean;
  abort: AbortController;
  stopped: boolean;
  shuttingDown: boolean;
  /** A tool with exceptionOut failed: the turn ends with this message. */
  fatalToolError: string | null;
  /** A tool ended the turn (a direct-output workflow, a QA question): the model is not asked again. */
  ended: TurnEnd | null;
}

interface StreamOutcome {
  usage: { promptTokens: number; completionTokens: number; totalTokens: number };
  finishReason: string;
  failure: string | null;
}

/** The values prompts may use: the user's variables, then the system's ({{USER_NAME}}, {{CURRENT_TIME}}…). */
function turnValues(input: TurnInput, remembered: Record<string, unknown>): Record<string, unknown> {
  return {
    ...remembered,
    SYS_USER_ID: input.actor.userId,
    USER_UID: input.actor.userName,
    USER_NAME: input.actor.userName,
    USER_LANG: "zh-CN",
    AGENT_ID: input.agentId,
    CONVERSATION_ID: input.conversation.id,
    REQUEST_ID: input.requestId,
    AGENT_USER_MSG: input.message,
    CURRENT_TIME: new Date().toISOString(),
  };
}

/** Runs tools with EXECUTING then FINISHED/FAILED steps; failures go back to the model unless exceptionOut. */
function toolInvoker(state: TurnState, toolContext: ToolContext, emit: (event: ChatEvent) => void, requestId: string) {
  const record = (step: ProcessingStep) => {
    const index = state.steps.findIndex((s) => s.executeId === step.executeId);
    if (index >= 0) state.steps[index] = step;
    else state.steps.push(step);
    state.dirty = true;
    emit(frame(requestId, "PROCESSING", step));
  };
  return async (t: RuntimeTool, args: Record<string, unknown>, executeId: string) => {
    const base = { id: t.targetId, executeId, name: t.label, type: t.type, input: args, startTime: Date.now() };
    const step = { targetId: t.targetId, name: t.label, type: t.type, executeId };
    record({
      ...step,
      status: "EXECUTING",
      result: { ...base, success: null, error: null, data: null, endTime: null },
    });
    try {
      const data = await t.execute(args, toolContext);
      record({
        ...step,
        status: "FINISHED",
        ...cardFields(t, data),
        result: { ...base, success: true, error: null, data, endTime: Date.now() },
      });
      return data;
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      record({
        ...step,
        status: "FAILED",
        result: { ...base, success: false, error, data: null, endTime: Date.now() },
      });
      if (t.exceptionOut) {
        state.fatalToolError = `${t.label}执行失败：${error}`;
        state.abort.abort(new Error(state.fatalToolError));
        throw err;
      }
      return t.fallbackMsg || `工具执行失败：${error}`;
    }
  };
}
type Invoke = ReturnType<typeof toolInvoker>;

/** The model call: AUTO tools run first into the system prompt, history and this turn's text, ON_DEMAND tools. */
async function modelCall(
  deps: Deps,
  input: TurnInput,
  started: StartedTurn,
  values: Record<string, unknown>,
  invoke: Invoke,
  signal: AbortSignal,
  ended: () => boolean,
) {
  const buildContext = {
    deps,
    tenantId: input.actor.tenantId,
    userId: input.actor.userId,
    agentId: input.agentId,
    devMode: input.conversation.devMode === 1,
    model: input.model,
  };
  const resumed = await resumePausedWorkflow(buildContext, input, invoke);
  const autoResults: string[] = resumed ? [resumed.result] : [];
  if (!ended()) await recognizeVariables(buildContext, input, invoke);
  const { auto, onDemand } = await toolsForTurn(input.config, new Set(input.selectedComponentIds), buildContext);
  for (const [i, t] of auto.entries()) {
    if (ended()) break;
    if (t.componentId === resumed?.componentId) continue;
    const data = await invoke(t, { query: input.message }, `${input.requestId}-auto-${i}`);
    autoResults.push(`## ${t.label}\n${typeof data === "string" ? data : JSON.stringify(data)}`);
  }
  if (ended()) return null;
  const messages = [
    ...historyMessages(started.history, input.bind.contextRounds),
    {
      role: "user" as const,
      content:
        (await memoryForTurn(deps, input)) +
        userTurnText(input.message, input.config.userPrompt, input.attachments, values),
    },
  ];
  let system = systemPrompt(input.globalPrompt, input.config.systemPrompt, values);
  if (autoResults.length) system += `\n\n# 已自动调用的工具结果\n${autoResults.join("\n\n")}`;
  return openModelStream(deps, input, { system, messages, onDemand, invoke, signal, ended });
}

/** Relays the model's stream as MESSAGE events, growing the answer; usage and finish reason go into `outcome`. */
async function relayModelStream(
  parts: AsyncIterable<LeanPart | TextStreamPart<ToolSet>>,
  state: TurnState,
  outcome: StreamOutcome,
  emit: (event: ChatEvent) => void,
  requestId: string,
) {
  for await (const part of parts) {
    if (part.type === "reasoning-delta" && part.text) {
      state.think += part.text;
      state.dirty = true;
      emit(messageEvent(requestId, "THINK", part.text));
    } else if (part.type === "text-delta" && part.text) {
      state.text += part.text;
      state.dirty = true;
      emit(messageEvent(requestId, "CHAT", part.text));
    } else if (part.type === "finish") {
      outcome.finishReason = part.finishReason;
      const u = part.totalUsage;
      outcome.usage = {
        promptTokens: u.inputTokens ?? 0,
        completionTokens: u.outputTokens ?? 0,
        totalTokens: u.totalTokens ?? (u.inputTokens ?? 0) + (u.outputTokens ?? 0),
      };
    } else if (part.type === "error") {
      throw part.error;
    } else if (part.type === "abort") {
      break;
    }
  }
}

/** Stores the answer as it ended (complete, stopped, error or interrupted) and tells the reader: the last events. */
async function settleTurn(
  deps: Deps,
  input: TurnInput,
  started: StartedTurn,
  state: TurnState,
  outcome: StreamOutcome,
  emit: (event: ChatEvent) => void,
): Promise<FinalResult> {
  const { requestId } = input;
  let { failure, finishReason } = outcome;
  if (state.ended) finishReason = state.ended.reason;
  if (state.shuttingDown) failure = SHUTDOWN_MESSAGE;
  else if (state.stopped) finishReason = "STOPPED";
  else if (state.abort.signal.aborted && !failure) failure = state.fatalToolError ?? "生成已中断";

  const final: FinalResult = {
    success: !failure,
    error: failure ?? (state.stopped ? "已停止生成" : null),
    startTime: started.startTime,
    endTime: Date.now(),
    ...outcome.usage,
    outputText: state.text,
    componentExecuteResults: state.steps.map((s) => s.result),
  };
  // Group-committed with the turns ending at the same time (turn-end.ts).
  await endTurn(deps, {
    requestId,
    messageId: started.assistantId,
    text: state.text,
    think: state.think,
    status: state.shuttingDown ? "interrupted" : failure ? "error" : "complete",
    type: state.ended?.reason === "QUESTION" ? "QUESTION" : null,
    finishReason: state.shuttingDown ? "INTERRUPTED" : failure ? "ERROR" : finishReason,
    processingList: state.steps,
    finalResult: final,
    runStatus: failure ? "FAILED" : state.stopped ? "CANCEL" : "FINISHED",
  });
  rememberTurn(deps, input, !failure && !state.stopped && !state.shuttingDown);
  if (failure) emit(frame(requestId, "ERROR", { message: failure }, { error: failure }));
  else emit(messageEvent(requestId, "CHAT", "", true, finishReason));
  emit(frame(requestId, "FINAL_RESULT", final, { completed: true, error: final.error }));
  return final;
}

/** Streams the model's answer for a begun turn, storing it as it grows; settles it as complete or error. */
export async function streamTurn(
  deps: Deps,
  input: TurnInput,
  started: StartedTurn,
  emit: (event: ChatEvent) => void,
): Promise<FinalResult> {
  const { requestId, conversation } = input;
  const state: TurnState = {
    text: "",
    think: "",
    steps: [],
    dirty: false,
    abort: new AbortController(),
    stopped: false,
    shuttingDown: false,
    fatalToolError: null,
    ended: null,
  };
  let settle = () => {};
  activeTurns.set(requestId, {
    shutdown: () => {
      state.shuttingDown = true;
      state.abort.abort(new Error("shutdown"));
    },
    settled: new Promise<void>((resolve) => {
      settle = resolve;
    }),
  });
  const heartbeat = setInterval(() => emit(frame(requestId, "HEART_BEAT", null)), HEARTBEAT_MS);
  // One shared timer (ticker.ts) saves the growing answer every second and reads the stop flag, for all turns.
  const untrack = track(deps, {
    requestId,
    messageId: started.assistantId,
    unsaved: () => {
      if (!state.dirty) return null;
      state.dirty = false;
      return { text: state.text, think: state.think, processingList: state.steps };
    },
    onStop: () => {
      state.stopped = true;
      state.abort.abort(new Error("stopped"));
    },
  });

  const { remembered } = started;
  const values = turnValues(input, remembered);
  const toolContext: ToolContext = {
    variables: values,
    signal: state.abort.signal,
    ...turnHooks(state, emit, requestId),
    async setVariable(name, value) {
      remembered[name] = value;
      values[name] = value;
      await conversations.updateConversation(deps.db, conversation.id, { variables: remembered });
    },
  };

  const outcome: StreamOutcome = {
    usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 },
    finishReason: "stop",
    failure: null,
  };
  try {
    const invoke = toolInvoker(state, toolContext, emit, requestId);
    const ended = () => state.ended !== null;
    const model = await modelCall(deps, input, started, values, invoke, state.abort.signal, ended);
    if (model)
      try {
        await relayModelStream(model.parts, state, outcome, emit, requestId);
      } finally {
        model.release();
      }
  } catch (err) {
    if (!state.stopped) {
      outcome.failure = state.fatalToolError ?? describeLlmError(err);
      deps.log.warn({ err, requestId }, "chat turn failed");
    }
  } finally {
    clearInterval(heartbeat);
  }
  // A partial save still in flight must not land after the final one.
  await untrack();
  try {
    return await settleTurn(deps, input, started, state, outcome, emit);
  } finally {
    activeTurns.delete(requestId);
    settle();
  }
}
