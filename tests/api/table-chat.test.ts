import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeOpenAI } from "../fixtures/fake-openai";
import { addAgent, ok, type Team, team } from "../support/agents";
import { addFakeModel, bindModel, chat, finalOf, newConversation, streamed } from "../support/chat";
import { startServer, type TestServer } from "../support/server";
import { physicalRows, tableWith } from "./table-support";

/**
 * An agent with a data table gets two tools: TABLE_DATA_INSERT (the fields as typed arguments) and
 * TABLE_SQL_EXECUTE. The fake model 'fake-plugins' calls every offered tool in order with `toolArgs`, so one turn
 * inserts a row, then runs the SQL. The binding is stored as the agent editor's 数据表设置 page stores it: the
 * uid condition with `enable: false`, a hidden field with a fixed value.
 */
let s: TestServer;
let t: Team;
let tableId: number;
type Fake = Awaited<ReturnType<typeof startFakeOpenAI>>;
const fakes: Fake[] = [];

const editorBinding = {
  invokeType: "ON_DEMAND",
  inputArgBindConfigs: [
    { key: "note", name: "note", dataType: "String", require: false, enable: true },
    { key: "score", name: "score", dataType: "Integer", require: false, enable: true },
    { key: "source", name: "source", dataType: "String", enable: false, bindValueType: "Input", bindValue: "对话" },
    {
      key: "uid",
      name: "uid",
      dataType: "String",
      enable: false,
      systemVariable: true,
      bindValueType: "Reference",
      bindValue: "SYS_USER_ID",
    },
  ],
};

beforeAll(async () => {
  s = await startServer();
  t = await team(s);
  const fields = [
    { fieldName: "note", fieldType: 1, nullableFlag: false },
    { fieldName: "score", fieldType: 2 },
    { fieldName: "source", fieldType: 1 },
  ];
  tableId = await tableWith(s, t.member.token, t.spaceId, fields, "笔记");
});
afterAll(async () => {
  await s.close();
  for (const f of fakes) await f.close();
});

async function agentWith(toolArgs: Record<string, unknown>, name: string, bindConfig: unknown = editorBinding) {
  const fake = await startFakeOpenAI({ toolArgs });
  fakes.push(fake);
  const agentId = await addAgent(s, t.member.token, t.spaceId, { name });
  await bindModel(s, t.member.token, agentId, await addFakeModel(s, t.member.token, t.spaceId, fake, "fake-plugins"));
  ok(
    await s.call("/api/agent/component/add", {
      token: t.member.token,
      body: { agentId, type: "Table", targetId: tableId, bindConfig },
    }),
  );
  return { agentId, fake };
}

async function say(token: string, agentId: number, message: string) {
  const conversation = (await newConversation(s, token, agentId)) as { id: number };
  const { events } = await chat(s, token, conversation.id, message);
  expect(finalOf(events)?.data, JSON.stringify(events.at(-1))).toBeTruthy();
  return streamed(events);
}

const offered = (fake: Fake) =>
  (fake.requests.find((r) => r.body.tools)?.body.tools ?? []).map(
    (x: { function: { name: string; parameters: unknown } }) => x.function,
  );

describe("an agent with a table bound per user", () => {
  it("offers an insert tool typed from the fields and a SQL tool; each user writes and reads only their rows", async () => {
    const { agentId, fake } = await agentWith(
      { note: "来自对话", score: 7, sql: "select uid, note, score, source from 笔记 order by id" },
      "记录员",
    );
    const mine = await say(t.member.token, agentId, "记一下");
    const tools = offered(fake);
    expect(tools.map((x: { name: string }) => x.name)).toEqual([
      expect.stringMatching(/^TABLE_DATA_INSERT_\d+$/),
      expect.stringMatching(/^TABLE_SQL_EXECUTE_\d+$/),
    ]);
    // The hidden field is not offered; the required one is; types follow the fields.
    expect(tools[0].parameters).toMatchObject({
      type: "object",
      properties: { note: { type: "string" }, score: { type: "integer" } },
      required: ["note"],
    });
    expect(Object.keys(tools[0].parameters.properties)).toEqual(["note", "score"]);
    expect(tools[1].parameters).toMatchObject({ properties: { sql: { type: "string" } }, required: ["sql"] });
    expect(tools[1].description).toContain("笔记");

    const theirs = await say(t.other.token, agentId, "记一下");
    const rows = await physicalRows(s, tableId);
    expect(rows.map((r) => [r.uid, r.note, r.score, r.source, Number(r.agent_id), r.agent_name])).toEqual([
      [String(t.member.id), "来自对话", 7, "对话", agentId, "记录员"],
      [String(t.other.id), "来自对话", 7, "对话", agentId, "记录员"],
    ]);
    // Each turn's SQL read saw its own user's row only.
    expect(mine).toContain(`"uid":"${t.member.id}"`);
    expect(mine).not.toContain(`"uid":"${t.other.id}"`);
    expect(theirs).toContain(`"uid":"${t.other.id}"`);
    expect(theirs).not.toContain(`"uid":"${t.member.id}"`);
  });

  it("tells the model why an insert was refused, and holds a DELETE to the user's own rows", async () => {
    const before = await physicalRows(s, tableId);
    const { agentId } = await agentWith({ note: "坏数据", score: "很多", sql: "delete from 笔记" }, "清理员");
    const answer = await say(t.member.token, agentId, "全删了");
    expect(answer).toContain("score 必须是整数");
    const after = await physicalRows(s, tableId);
    expect(after.length).toBeLessThan(before.length);
    expect(after.every((r) => r.uid === String(t.other.id))).toBe(true);
    expect(after.some((r) => r.note === "坏数据")).toBe(false);
  });

  it("fills a field the model leaves out from its variable binding, and without conditions sees every row", async () => {
    const open = {
      inputArgBindConfigs: [
        {
          key: "source",
          name: "source",
          dataType: "String",
          enable: true,
          bindValueType: "Reference",
          bindValue: "USER_NAME",
        },
      ],
    };
    // The model sends source empty and score null: the binding fills source, score stays empty.
    const args = { note: "管理员记的", source: "", score: null, sql: "select count(*) as n from 笔记" };
    const { agentId } = await agentWith(args, "管理员", open);
    const answer = await say(t.member.token, agentId, "记一下");
    const rows = await physicalRows(s, tableId);
    const added = rows.find((r) => r.note === "管理员记的");
    expect(added).toMatchObject({ uid: String(t.member.id), source: t.member.userName, score: null });
    expect(answer).toContain(`"n":${rows.length}`);
  });
});
