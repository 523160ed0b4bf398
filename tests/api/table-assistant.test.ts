import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeOpenAI } from "../fixtures/fake-openai";
import { ok, type Team, team } from "../support/agents";
import { startServer, type TestServer } from "../support/server";
import { postSse } from "../support/sse";
import { tableWith } from "./table-support";

/** The SQL assistant of the SQL自定义 node: the default model writes SQL from the table's structure and placeholders. */
let s: TestServer;
let t: Team;
let fake: Awaited<ReturnType<typeof startFakeOpenAI>>;
let tableId: number;
beforeAll(async () => {
  s = await startServer();
  t = await team(s);
  fake = await startFakeOpenAI();
  const modelId = ok<number>(
    await s.call("/api/system/model/save", {
      token: t.sysAdmin,
      body: { name: "写SQL", model: "fake-text", apiProtocol: "OpenAI", baseUrl: fake.url, apiKey: fake.apiKey },
    }),
  );
  ok(await s.call("/api/system/model/defaults", { token: t.sysAdmin, body: { defaultChatModelId: modelId } }));
  const fields = [
    { fieldName: "name", fieldType: 1, fieldDescription: "客户名", nullableFlag: false },
    { fieldName: "score", fieldType: 2 },
  ];
  tableId = await tableWith(s, t.member.token, t.spaceId, fields, "客户");
});
afterAll(async () => {
  await s.close();
  await fake.close();
});

const PATH = "/api/assistant/sql/optimize";
type Chunk = { type: string; text: string; finished: boolean; finishReason: string | null };

describe("POST /api/assistant/sql/optimize", () => {
  it("gives the model the table's structure, the placeholders and the need, and streams its answer", async () => {
    const body = {
      prompt: "查出分数不低于 min 的客户",
      tableId,
      inputArgs: [{ name: "min", dataType: "Integer", description: "最低分" }],
    };
    const { status, events } = await postSse<Chunk>(s.url, PATH, { token: t.member.token, body });
    expect(status).toBe(200);
    expect(events.at(-1)).toMatchObject({ finished: true, finishReason: "stop" });
    expect(
      events
        .filter((c) => c.type === "CHAT")
        .map((c) => c.text)
        .join(""),
    ).toBe("你好，我是假模型。");
    const messages = fake.requests.at(-1)?.body.messages as { role: string; content: string }[];
    expect(messages[0]).toMatchObject({ role: "system", content: expect.stringContaining("PostgreSQL") });
    const user = messages.find((m) => m.role === "user")?.content ?? "";
    expect(user).toContain("数据表名称：客户");
    expect(user).toContain("- name（字符串，必填）：客户名");
    expect(user).toContain("- uid（");
    expect(user).toContain("{{min}}（Integer，最低分）");
    expect(user).toContain("查出分数不低于 min 的客户");
  });

  it("refuses an outsider as if the table did not exist, before asking the model", async () => {
    const before = fake.requests.length;
    const res = await postSse<Chunk>(s.url, PATH, { token: t.outsider.token, body: { prompt: "全部", tableId } });
    expect(res.status).toBe(404);
    expect(res.envelope?.code).toBe("4040");
    expect(fake.requests.length).toBe(before);
  });
});
