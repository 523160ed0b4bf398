import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { streamText } from "ai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeLlmError } from "#server/llm/errors";
import type { ModelRow } from "#server/modules/model";
import { type LeanPart, leanChatStream } from "./lean-stream";

/**
 * The lean OpenAI-compatible stream against a server answering crafted replies: the request it sends, the parts
 * it yields, and the failures the AI SDK reports in the same cases (run.ts turns them into the same messages).
 */
const replies: Record<string, (res: ServerResponse) => void> = {};
const requests: any[] = [];
const server = createServer(async (req, res) => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
  requests.push({ body, authorization: req.headers.authorization });
  replies[body.model]?.(res);
});
const sse = (res: ServerResponse, events: unknown[], end = true) => {
  res.writeHead(200, { "content-type": "text/event-stream" });
  for (const e of events) res.write(`data: ${typeof e === "string" ? e : JSON.stringify(e)}\n\n`);
  if (end) res.end();
};
const delta = (d: Record<string, unknown>, finish: string | null = null) => ({
  choices: [{ index: 0, delta: d, finish_reason: finish }],
});

let base = "";
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/`;
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);

const config = { SECRET_KEY: "k".repeat(32), EGRESS_ALLOW: "127.0.0.1" };
/** One turn's prompt and settings, sent the same way through both paths. */
const turn = {
  system: "系统",
  messages: [
    { role: "user" as const, content: "上一问" },
    { role: "assistant" as const, content: "上一答" },
    { role: "user" as const, content: "这一问" },
  ],
  temperature: 0.3,
  topP: 0.9,
  maxOutputTokens: 100,
};
function stream(model: string, signal: AbortSignal, deadlineMs = 60_000) {
  return leanChatStream({
    model: { protocol: "OpenAI", baseUrl: base, model, apiKeyEncrypted: null } as unknown as ModelRow,
    config,
    ...turn,
    signal,
    deadlineMs,
  });
}
async function collect(parts: AsyncIterable<LeanPart>) {
  const out: LeanPart[] = [];
  for await (const p of parts) out.push(p);
  return out;
}
const failureOf = (parts: AsyncIterable<LeanPart>) =>
  collect(parts).then(
    () => null,
    (err: unknown) => err,
  );

/** The same turn through the AI SDK's provider and streamText, as run.ts calls them with tools. */
async function throughSdk(model: string) {
  const provider = createOpenAICompatible({ name: "openai-compatible", baseURL: base, includeUsage: true });
  const parts: LeanPart[] = [];
  for await (const p of streamText({
    model: provider.chatModel(model),
    ...turn,
    maxRetries: 0,
  }).fullStream) {
    if (p.type === "text-delta" || p.type === "reasoning-delta") parts.push({ type: p.type, text: p.text });
    if (p.type === "finish") {
      const { inputTokens, outputTokens, totalTokens } = p.totalUsage;
      parts.push({
        type: "finish",
        finishReason: p.finishReason,
        totalUsage: { inputTokens, outputTokens, totalTokens },
      });
    }
  }
  return parts;
}

describe("lean OpenAI-compatible stream", () => {
  it("sends the request the SDK sends and yields the parts it yields", async () => {
    replies.same = (res) =>
      sse(res, [
        delta({ role: "assistant", reasoning_content: "想" }),
        delta({ content: "答" }),
        delta({}, "length"),
        { choices: [], usage: { prompt_tokens: 2, completion_tokens: 5 } },
        "[DONE]",
      ]);
    const sdk = await throughSdk("same");
    const sdkRequest = requests.at(-1);
    const lean = await collect(stream("same", AbortSignal.timeout(10_000)));
    expect(lean).toEqual(sdk);
    expect(lean.at(-1)).toMatchObject({ finishReason: "length" });
    expect(requests.at(-1)).toEqual(sdkRequest);
  });

  it("sends the SDK's request and yields reasoning, text and the finish with usage", async () => {
    replies.ok = (res) =>
      sse(res, [
        delta({ role: "assistant", reasoning_content: "想" }),
        delta({ content: "你" }),
        delta({ content: [{ type: "text", text: "好" }] }),
        delta({}, "stop"),
        { choices: [], usage: { prompt_tokens: 7, completion_tokens: 3, total_tokens: 99 } },
        "[DONE]",
      ]);
    expect(await collect(stream("ok", AbortSignal.timeout(10_000)))).toEqual([
      { type: "reasoning-delta", text: "想" },
      { type: "text-delta", text: "你" },
      { type: "text-delta", text: "好" },
      { type: "finish", finishReason: "stop", totalUsage: { inputTokens: 7, outputTokens: 3, totalTokens: 10 } },
    ]);
    expect(requests.at(-1)).toEqual({
      authorization: undefined,
      body: {
        model: "ok",
        max_tokens: 100,
        temperature: 0.3,
        top_p: 0.9,
        messages: [
          { role: "system", content: "系统" },
          { role: "user", content: "上一问" },
          { role: "assistant", content: "上一答" },
          { role: "user", content: "这一问" },
        ],
        stream: true,
        stream_options: { include_usage: true },
      },
    });
  });

  it("maps a refusal to text and content-filter, and a missing usage to no counts", async () => {
    replies.refuse = (res) => sse(res, [delta({ refusal: "不能回答" }), delta({}, "stop")]);
    expect(await collect(stream("refuse", AbortSignal.timeout(10_000)))).toEqual([
      { type: "text-delta", text: "不能回答" },
      {
        type: "finish",
        finishReason: "content-filter",
        totalUsage: { inputTokens: undefined, outputTokens: undefined, totalTokens: undefined },
      },
    ]);
  });

  it("fails as the SDK does: HTTP status, error event, cut stream, no finish reason", async () => {
    replies.busy = (res) => {
      res.writeHead(429, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message: "rate limited" } }));
    };
    replies.event = (res) => sse(res, [delta({ content: "半" }), { error: { message: "overloaded" } }]);
    replies.cut = (res) => {
      sse(res, [delta({ content: "半" })], false);
      setTimeout(() => res.destroy(), 20);
    };
    replies.unfinished = (res) => sse(res, [delta({ content: "半" })]);
    const busy = await failureOf(stream("busy", AbortSignal.timeout(10_000)));
    expect(busy).toMatchObject({ statusCode: 429, message: "rate limited" });
    expect(describeLlmError(busy)).toBe("模型服务繁忙或额度不足，请稍后再试");
    expect(await failureOf(stream("event", AbortSignal.timeout(10_000)))).toEqual({ message: "overloaded" });
    expect(describeLlmError(await failureOf(stream("cut", AbortSignal.timeout(10_000))))).toBe(
      "模型服务的回复中断了，请重试",
    );
    expect(await failureOf(stream("unfinished", AbortSignal.timeout(10_000)))).toMatchObject({
      message: "Response stream ended without a finish reason.",
    });
  });

  it("ends without a finish and without an error when aborted mid-stream", async () => {
    replies.slow = (res) => sse(res, [delta({ content: "一" })], false);
    const abort = new AbortController();
    const parts: LeanPart[] = [];
    for await (const p of stream("slow", abort.signal)) {
      parts.push(p);
      abort.abort(new Error("stopped"));
    }
    expect(parts).toEqual([{ type: "text-delta", text: "一" }]);
  });

  it("ends without a finish and without an error once the model's deadline has passed, as on an abort", async () => {
    replies.stalls = (res) => sse(res, [delta({ content: "一" })], false);
    const turnGoesOn = new AbortController();
    expect(await collect(stream("stalls", turnGoesOn.signal, 300))).toEqual([{ type: "text-delta", text: "一" }]);
    expect(turnGoesOn.signal.aborted).toBe(false);
  });
});
