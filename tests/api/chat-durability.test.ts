import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAKE_TEXT, startFakeOpenAI } from "../fixtures/fake-openai";
import { CHAT_PATH, eventually, streamed } from "../support/chat";
import { killChild, killChildServers, startChildServer } from "../support/child-server";
import { ADMIN_PASSWORD } from "../support/server";
import { openSse, postSse } from "../support/sse";

/** The real server in a child process on DATA_DIR, so it can be SIGKILLed and started again. */
const startChild = async (dir: string) => {
  const server = await startChildServer(dir);
  return { ...server, call: server.data };
};

let dataDir: string;
let fake: Awaited<ReturnType<typeof startFakeOpenAI>>;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "durability-"));
  fake = await startFakeOpenAI({ slowMs: 100 });
});
afterAll(async () => {
  await killChildServers();
  await fake.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe("a server killed mid-answer", () => {
  it("keeps the user's message, marks the partial answer interrupted, and the conversation continues", async () => {
    const first = await startChild(dataDir);
    const { token } = await first.call<{ token: string }>("/api/user/passwordLogin", {
      body: { phoneOrEmail: "admin", password: ADMIN_PASSWORD },
    });
    const spaces = await first.call<any[]>("/api/space/list", { token });
    const spaceId = spaces.find((x) => x.type === "Personal").id;
    const model = (name: string) =>
      first.call<number>("/api/model/save", {
        token,
        body: { spaceId, name, model: name, apiProtocol: "OpenAI", baseUrl: fake.url, apiKey: fake.apiKey },
      });
    const [slowId, textId] = [await model("fake-slow"), await model("fake-text")];
    const agentId = await first.call<number>("/api/agent/add", { token, body: { spaceId, name: "耐久测试" } });
    const components = await first.call<any[]>(`/api/agent/component/list/${agentId}`, { token });
    const modelComponent = components.find((c) => c.type === "Model").id;
    const bind = (targetId: number) =>
      first.call("/api/agent/component/model/update", {
        token,
        body: { id: modelComponent, targetId, bindConfig: {} },
      });
    await bind(slowId);
    const conv = await first.call<any>("/api/agent/conversation/create", { token, body: { agentId } });

    const stream = openSse(first.url, CHAT_PATH, {
      token,
      body: { conversationId: conv.id, message: "讲一个很长的故事" },
    });
    await stream.waitFor((e) => e.data?.type === "CHAT" && e.data.text);
    // Wait until part of the answer has reached the database, then kill the server without warning.
    await eventually(async () => {
      const list = await first.call<any[]>("/api/agent/conversation/message/list", {
        token,
        body: { conversationId: conv.id },
      });
      return list[1]?.text.length > 0;
    });
    await killChild(first.child);
    const seen = streamed(stream.events);
    stream.abort();
    expect(seen).not.toContain("片段49");

    const second = await startChild(dataDir);
    // The session survives the restart too.
    const messages = await second.call<any[]>("/api/agent/conversation/message/list", {
      token,
      body: { conversationId: conv.id },
    });
    expect(messages.map((m) => [m.role, m.status])).toEqual([
      ["USER", "complete"],
      ["ASSISTANT", "interrupted"],
    ]);
    expect(messages[0].text).toBe("讲一个很长的故事");
    expect(messages[1].text).toMatch(/^片段0 /);
    expect(seen.startsWith(messages[1].text)).toBe(true);
    expect(messages[1]).toMatchObject({ finished: true, finishReason: "INTERRUPTED" });
    const view = await second.call<any>(`/api/agent/conversation/${conv.id}`, { token, body: {} });
    expect(view.runningRequestId).toBeNull();

    await second.call("/api/agent/component/model/update", {
      token,
      body: { id: modelComponent, targetId: textId, bindConfig: {} },
    });
    const next = await postSse(second.url, CHAT_PATH, { token, body: { conversationId: conv.id, message: "继续" } });
    expect(next.events.at(-1)).toMatchObject({ eventType: "FINAL_RESULT", data: { success: true } });
    expect(streamed(next.events)).toBe(FAKE_TEXT);
    // The interrupted answer is part of the context the model receives.
    const sent = fake.requests.at(-1)!.body.messages;
    expect(sent.map((m: any) => m.role)).toEqual(["user", "assistant", "user"]);
    expect(sent[1].content).toBe(messages[1].text);
    const after = await second.call<any[]>("/api/agent/conversation/message/list", {
      token,
      body: { conversationId: conv.id },
    });
    expect(after.map((m) => m.status)).toEqual(["complete", "interrupted", "complete", "complete"]);
  }, 180_000);
});
