import { APICallError } from "@ai-sdk/provider";
import { createParser } from "eventsource-parser";
import { apiKeyOf, type LlmConfig } from "#server/llm/registry";
import type { ModelRow } from "#server/modules/model";
import { type EgressResponse, guardedRequest, isEgressError } from "#server/runtime/egress";

/**
 * A chat turn without tools on an OpenAI-compatible model, streamed without the AI SDK's machinery. Profiled at
 * 200 streams (bench/results/chat-profile-ab.txt), streamText's chain of web TransformStreams and the zod check of
 * every chunk were a fifth of the server's CPU per turn; this reads the same request and events the SDK's
 * OpenAI-compatible provider sends and reads (eventsource-parser is the SDK's own SSE parser), and yields the
 * parts relayModelStream uses, in the same shapes. Failures are the ones the SDK reports: an HTTP refusal is an
 * APICallError with its status, a cut stream the fetch's own error, an `error` event its payload, a stream
 * without a finish reason an error. An abort ends the parts without a finish, like the SDK's `abort` part.
 * Tools, attachments as files, Anthropic, Ollama and the built-in model keep the SDK (run.ts decides).
 */
export type LeanPart =
  | { type: "text-delta"; text: string }
  | { type: "reasoning-delta"; text: string }
  | {
      type: "finish";
      finishReason: string;
      totalUsage: { inputTokens?: number; outputTokens?: number; totalTokens?: number };
    };

export interface LeanRequest {
  model: ModelRow;
  config: LlmConfig;
  system?: string;
  messages: { role: "user" | "assistant"; content: string }[];
  temperature?: number;
  topP?: number;
  maxOutputTokens: number;
  signal: AbortSignal;
  /**
   * How long the model has for its whole answer: the egress exchange's own total timeout (one timer, no signal of
   * its own); when it passes, the parts end as on an abort.
   */
  deadlineMs: number;
}

/** The protocols the SDK sends through its OpenAI-compatible provider at the model row's own base URL. */
export const leanProtocol = (model: Pick<ModelRow, "protocol">) =>
  model.protocol === "OpenAI" || model.protocol === "Zhipu";

/**
 * Per config: the egress-guarded request (Node-level: no web Request, Response or stream per turn, decision 0027),
 * and decrypted API keys by their stored form (decrypting costs per turn).
 */
const clients = new WeakMap<LlmConfig, { request: ReturnType<typeof guardedRequest>; keys: Map<string, string> }>();
const KEPT_KEYS = 64;
function clientFor(config: LlmConfig, model: ModelRow) {
  let c = clients.get(config);
  if (!c) {
    c = { request: guardedRequest(config), keys: new Map() };
    clients.set(config, c);
  }
  const stored = model.apiKeyEncrypted ?? "";
  let apiKey = c.keys.get(stored);
  if (apiKey === undefined) {
    apiKey = apiKeyOf(model, config.SECRET_KEY);
    if (c.keys.size >= KEPT_KEYS) c.keys.delete(c.keys.keys().next().value as string);
    c.keys.set(stored, apiKey);
  }
  return { request: c.request, apiKey };
}

/** The SDK's mapping of OpenAI finish reasons (mapOpenAICompatibleFinishReason). */
function finishReasonOf(raw: string, refused: boolean) {
  if (raw === "stop") return refused ? "content-filter" : "stop";
  if (raw === "length") return "length";
  if (raw === "content_filter") return "content-filter";
  if (raw === "function_call" || raw === "tool_calls") return "tool-calls";
  return "other";
}

/** Adds the text and reasoning of a delta's content to `out`: a string, or parts as some compatible servers send them. */
function pushContent(out: LeanPart[], content: unknown) {
  if (typeof content === "string") {
    if (content) out.push({ type: "text-delta", text: content });
    return;
  }
  if (!Array.isArray(content)) return;
  for (const part of content) {
    if (part?.type === "text" && typeof part.text === "string" && part.text)
      out.push({ type: "text-delta", text: part.text });
    else if (part?.type === "thinking" && Array.isArray(part.thinking)) {
      const text = part.thinking
        .filter((c: { type?: string; text?: unknown }) => c?.type === "text" && typeof c.text === "string")
        .map((c: { text: string }) => c.text)
        .join("");
      if (text) out.push({ type: "reasoning-delta", text });
    }
  }
}

async function refusal(response: EgressResponse, url: string, body: unknown) {
  const text = await response.body.text().catch(() => "");
  let message = response.statusText || `HTTP ${response.status}`;
  try {
    const parsed = JSON.parse(text) as { error?: { message?: string } };
    if (typeof parsed.error?.message === "string") message = parsed.error.message;
  } catch {
    // not JSON: the status text stays the message
  }
  return new APICallError({
    message,
    url,
    requestBodyValues: body,
    statusCode: response.status,
    responseHeaders: Object.fromEntries(
      Object.entries(response.headers).map(([name, value]) => [
        name,
        Array.isArray(value) ? value.join(", ") : `${value}`,
      ]),
    ),
    responseBody: text,
    isRetryable:
      response.status === 408 || response.status === 409 || response.status === 429 || response.status >= 500,
  });
}

export async function* leanChatStream(req: LeanRequest): AsyncGenerator<LeanPart> {
  const url = `${req.model.baseUrl.replace(/\/+$/, "")}/chat/completions`;
  const client = clientFor(req.config, req.model);
  const apiKey = client.apiKey;
  const body = {
    model: req.model.model,
    max_tokens: req.maxOutputTokens,
    temperature: req.temperature,
    top_p: req.topP,
    messages: [...(req.system ? [{ role: "system", content: req.system }] : []), ...req.messages],
    stream: true,
    stream_options: { include_usage: true },
  };
  let chunks: AsyncIterator<Buffer> | undefined;
  try {
    const response = await client.request(url, {
      method: "POST",
      headers: { "content-type": "application/json", ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
      body: JSON.stringify(body),
      signal: req.signal,
      totalTimeoutMs: req.deadlineMs,
    });
    if (response.status < 200 || response.status > 299) throw await refusal(response, url, body);
    chunks = response.body;
    const decoder = new TextDecoder();
    let parts: LeanPart[] = [];
    let failure: { error: unknown } | null = null;
    let rawFinish: string | undefined;
    let usage: { prompt_tokens?: number | null; completion_tokens?: number | null } | undefined;
    let refused = false;
    const parser = createParser({
      onEvent(event) {
        if (failure || event.data === "[DONE]") return;
        let chunk: any;
        try {
          chunk = JSON.parse(event.data);
        } catch (error) {
          failure = { error };
          return;
        }
        if (chunk && typeof chunk === "object" && "error" in chunk) {
          failure = { error: chunk.error };
          return;
        }
        if (chunk?.usage) usage = chunk.usage;
        const choice = chunk?.choices?.[0];
        if (choice?.finish_reason != null) rawFinish = choice.finish_reason;
        const delta = choice?.delta;
        if (!delta) return;
        const reasoning = delta.reasoning_content ?? delta.reasoning;
        if (reasoning) parts.push({ type: "reasoning-delta", text: reasoning });
        pushContent(parts, delta.content);
        if (typeof delta.refusal === "string" && delta.refusal) {
          refused = true;
          parts.push({ type: "text-delta", text: delta.refusal });
        }
      },
    });
    for (;;) {
      const { done, value } = await chunks.next();
      parser.feed(done ? decoder.decode() : decoder.decode(value, { stream: true }));
      if (parts.length) {
        const ready = parts;
        parts = [];
        // Not yield*: over an array it goes through an async-from-sync iterator, an extra await per part.
        for (const part of ready) yield part;
      }
      if (failure) throw (failure as { error: unknown }).error;
      if (done) break;
    }
    if (rawFinish === undefined) throw new Error("Response stream ended without a finish reason.");
    const inputTokens = usage ? (usage.prompt_tokens ?? 0) : undefined;
    const outputTokens = usage ? (usage.completion_tokens ?? 0) : undefined;
    yield {
      type: "finish",
      finishReason: finishReasonOf(rawFinish, refused),
      totalUsage: {
        inputTokens,
        outputTokens,
        totalTokens: usage ? (inputTokens ?? 0) + (outputTokens ?? 0) : undefined,
      },
    };
  } catch (err) {
    // Stopped, shut down or past the deadline: the parts end, as the SDK's stream ends with its `abort` part.
    if (req.signal.aborted || (isEgressError(err) && err.reason === "timeout")) return;
    throw err;
  } finally {
    void chunks?.return?.();
  }
}
