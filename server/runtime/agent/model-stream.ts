import { jsonSchema, type ModelMessage, stepCountIs, streamText, type ToolSet, tool } from "ai";
import type { Deps } from "#server/core";
import { languageModelFor } from "#server/llm/registry";
import { leanChatStream, leanProtocol } from "./lean-stream";
import type { TurnInput } from "./run";
import type { RuntimeTool } from "./tools";

const MODEL_TIMEOUT_MS = 180_000;

interface ModelTurn {
  system: string;
  messages: { role: "user" | "assistant"; content: string }[];
  /** The tools the model may call this turn (none when the model cannot call functions). */
  onDemand: RuntimeTool[];
  invoke: (t: RuntimeTool, args: Record<string, unknown>, executeId: string) => Promise<unknown>;
  signal: AbortSignal;
  ended: () => boolean;
}

/**
 * For the AI SDK's stream: the turn's signal, also aborted once the model has had MODEL_TIMEOUT_MS; `release` drops
 * the timer when the stream is over. One controller, listener and timer: AbortSignal.any over an AbortSignal.timeout
 * cost 20-40 µs per turn (measured on Node 20) and kept its timer for the whole 180 s. The lean stream needs none of
 * it: the egress exchange's own total timeout is its deadline (an AbortSignal made and listened to cost some 50 µs
 * of a lone turn's path to the model request, measured in place with bench/lone-path.ts).
 */
function modelDeadline(signal: AbortSignal) {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException("The model did not finish in time", "TimeoutError")),
    MODEL_TIMEOUT_MS,
  );
  timer.unref();
  const onAbort = () => {
    clearTimeout(timer);
    controller.abort(signal.reason);
  };
  if (signal.aborted) onAbort();
  else signal.addEventListener("abort", onAbort, { once: true });
  return {
    signal: controller.signal,
    release() {
      clearTimeout(timer);
      signal.removeEventListener("abort", onAbort);
    },
  };
}

/**
 * The model's stream for one turn: through lean-stream.ts when no tools are offered and the model speaks the
 * OpenAI-compatible protocol (decision 0020), else through the AI SDK's streamText with the turn's tools. The caller
 * calls `release` once it has stopped reading the parts.
 */
export function openModelStream(deps: Deps, input: TurnInput, turn: ModelTurn) {
  const { system, messages, onDemand, invoke, signal, ended } = turn;
  const tools: ToolSet = {};
  if (input.model.functionCall !== "Unsupported") {
    for (const t of onDemand) {
      tools[t.name] = tool({
        description: t.description,
        inputSchema: jsonSchema(t.inputSchema),
        execute: (args, options) => invoke(t, args as Record<string, unknown>, options.toolCallId),
      });
    }
  }
  const maxOutputTokens = Math.min(input.bind.maxTokens, input.model.maxTokens);
  // Without tools an OpenAI-compatible model is streamed without the SDK's per-chunk machinery (lean-stream.ts).
  if (!Object.keys(tools).length && leanProtocol(input.model)) {
    const parts = leanChatStream({
      model: input.model,
      config: deps.config,
      system: system || undefined,
      messages,
      temperature: input.bind.temperature,
      topP: input.bind.topP,
      maxOutputTokens,
      signal,
      deadlineMs: MODEL_TIMEOUT_MS,
    });
    return { parts, release: () => {} };
  }
  const deadline = modelDeadline(signal);
  const parts = streamText({
    model: languageModelFor(input.model, deps.config),
    system: system || undefined,
    messages: messages satisfies ModelMessage[],
    tools: Object.keys(tools).length ? tools : undefined,
    temperature: input.bind.temperature,
    topP: input.bind.topP,
    maxOutputTokens,
    stopWhen: [stepCountIs(6), ended],
    maxRetries: 0,
    // Failures arrive as stream parts, handled by run.ts (relayModelStream); the SDK's own console logging is not wanted.
    onError: () => {},
    abortSignal: deadline.signal,
  }).fullStream;
  return { parts, release: deadline.release };
}
