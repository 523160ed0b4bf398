import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeOpenAI } from "../fixtures/fake-openai";
import { addAgent, ok, type Team, team } from "../support/agents";
import { startServer, type TestServer } from "../support/server";
import { postSse } from "../support/sse";

interface Chunk {
  id: string;
  role: string;
  type: "CHAT" | "THINK";
  text: string;
  finished: boolean;
  finishReason: string | null;
}

let s: TestServer;
let t: Team;
beforeAll(async () => {
  s = await startServer();
  t = await team(s);
});
afterAll(() => s.close());

const optimize = (body: unknown, token: string | null = t.member.token, path = "/api/assistant/prompt/optimize") =>
  postSse<Chunk>(s.url, path, { token, body });
const joined = (chunks: Chunk[], type: Chunk["type"]) =>
  chunks
    .filter((c) => c.type === type)
    .map((c) => c.text)
    .join("");

describe("POST /api/assistant/prompt/optimize", () => {
  it("streams bare message chunks, reasoning then text, and ends with finished: true", async () => {
    const agentId = await addAgent(s, t.member.token, t.spaceId, { name: "周报助手" });
    const { status, contentType, events } = await optimize({
      requestId: "req-1",
      prompt: "帮我写周报",
      type: "AGENT",
      id: agentId,
    });
    expect(status).toBe(200);
    expect(contentType).toContain("text/event-stream");
    expect(events.length).toBeGreaterThan(5);
    for (const c of events) expect(c).toMatchObject({ id: "req-1", role: "ASSISTANT" });
    const last = events.at(-1)!;
    expect(last).toMatchObject({ finished: true, finishReason: "stop", text: "" });
    expect(events.slice(0, -1).every((c) => !c.finished)).toBe(true);
    const types = events.slice(0, -1).map((c) => c.type);
    expect(types.lastIndexOf("THINK")).toBeLessThan(types.indexOf("CHAT"));
    const text = joined(events, "CHAT");
    expect(text).toContain("# 角色");
    expect(text).toContain("帮我写周报");
    expect(text).toContain("周报助手");
  });

  it("streams code for the code assistant", async () => {
    const { events } = await optimize(
      { prompt: "把两个数相加", codeLanguage: "JavaScript" },
      t.member.token,
      "/api/assistant/code/optimize",
    );
    expect(events.at(-1)).toMatchObject({ finished: true, finishReason: "stop" });
    expect(events[0]!.id).toMatch(/^[a-f0-9]{32}$/);
  });

  it("refuses before streaming: 401 without a token, 400 for a bad body, 404 for someone else's agent", async () => {
    const anonymous = await optimize({ prompt: "x" }, null);
    expect(anonymous.status).toBe(401);
    expect(anonymous.envelope!.code).toBe("4010");
    for (const body of [{}, { prompt: "" }, { prompt: "x", type: "NOPE" }]) {
      const bad = await optimize(body);
      expect(bad.status).toBe(400);
      expect(bad.envelope!.code).toBe("4000");
    }
    const code = await optimize({ prompt: "x", codeLanguage: "Go" }, t.member.token, "/api/assistant/code/optimize");
    expect(code.status).toBe(400);
    expect(code.envelope!.message).toContain("'codeLanguage'");
    const agentId = await addAgent(s, t.member.token, t.spaceId, { name: "别人的助手" });
    const outsider = await optimize({ prompt: "x", type: "AGENT", id: agentId }, t.outsider.token);
    expect(outsider.status).toBe(404);
    expect(JSON.stringify(outsider.envelope)).not.toContain("别人的助手");
  });

  it("ends with a Chinese error chunk when the default model fails", async () => {
    const fake = await startFakeOpenAI();
    const admin = t.sysAdmin;
    const stored = ok(await s.call("/api/tenant/config", { token: admin }));
    try {
      const failing = ok<number>(
        await s.call("/api/system/model/save", {
          token: admin,
          body: { name: "坏模型", model: "fake-error", apiProtocol: "OpenAI", baseUrl: fake.url, apiKey: fake.apiKey },
        }),
      );
      ok(await s.call("/api/system/model/defaults", { token: admin, body: { defaultChatModelId: failing } }));
      const { status, events } = await optimize({ prompt: "帮我写周报" });
      expect(status).toBe(200);
      expect(events.at(-1)).toMatchObject({
        finished: true,
        finishReason: "ERROR",
        text: "模型服务暂时不可用（500），请稍后再试",
      });
    } finally {
      ok(
        await s.call("/api/system/model/defaults", {
          token: admin,
          body: { defaultChatModelId: stored.defaultChatModelId },
        }),
      );
      await fake.close();
    }
  });
});
