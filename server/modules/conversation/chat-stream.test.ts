import { describe, expect, it, vi } from "vitest";
import type { Deps } from "#server/core";

const order: string[] = [];
vi.mock("./service", () => ({
  newRequestId: () => "r1",
  // As a lean turn does: the model request is started, and Node's HTTP client writes it to a pooled socket in a
  // process.nextTick callback once the promise work of this loop turn is done.
  startChat: async () => {
    process.nextTick(() => order.push("model request written"));
    return { requestId: "r1", done: new Promise(() => {}) };
  },
}));
const { chatStream } = await import("./chat-stream");

describe("chatStream", () => {
  it("returns the response (its head is written then) only after the model request went out", async () => {
    const c = { get: () => ({ error: () => {} }) } as unknown as Parameters<typeof chatStream>[1];
    const resolve = async () => ({ actor: {} as never, input: {} as never });
    const res = await chatStream({} as Deps, c, resolve);
    order.push("response returned");
    expect(order).toEqual(["model request written", "response returned"]);
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    await res.body?.cancel();
  });
});
