import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeOpenAI } from "../fixtures/fake-openai";
import { addAgent, ok, type Team, team } from "../support/agents";
import { addFakeModel, bindModel, chat, finalOf, newConversation, streamed } from "../support/chat";
import { startServer, type TestServer } from "../support/server";
import { physicalRows, tableWith } from "./table-support";

/** An agent whose model writes (one fake model) or reads (another) a table bound per user: uid = SYS_USER_ID. */
let s: TestServer;
let t: Team;
let tableId: number;
const fakes: Awaited<ReturnType<typeof startFakeOpenAI>>[] = [];

beforeAll(async () => {
  s = await startServer();
  t = await team(s);
  fakes.push(await startFakeOpenAI({ toolArgs: { sql: "insert into 笔记 (note) values ('来自对话')" } }));
  fakes.push(await startFakeOpenAI({ toolArgs: { sql: "select uid, note from 笔记 order by id" } }));
  tableId = await tableWith(s, t.member.token, t.spaceId, [{ fieldName: "note", fieldType: 1 }], "笔记");
});
afterAll(async () => {
  await s.close();
  for (const f of fakes) await f.close();
});

async function agentWith(fake: (typeof fakes)[number], name: string) {
  const agentId = await addAgent(s, t.member.token, t.spaceId, { name });
  await bindModel(s, t.member.token, agentId, await addFakeModel(s, t.member.token, t.spaceId, fake, "fake-plugins"));
  const bindConfig = {
    invokeType: "ON_DEMAND",
    inputArgBindConfigs: [{ name: "uid", dataType: "String", bindValueType: "Reference", bindValue: "SYS_USER_ID" }],
  };
  ok(
    await s.call("/api/agent/component/add", {
      token: t.member.token,
      body: { agentId, type: "Table", targetId: tableId, bindConfig },
    }),
  );
  return agentId;
}

async function say(token: string, agentId: number, message: string) {
  const conversation = (await newConversation(s, token, agentId)) as { id: number };
  const { events } = await chat(s, token, conversation.id, message);
  expect(finalOf(events)?.data, JSON.stringify(events.at(-1))).toBeTruthy();
  return streamed(events);
}

describe("an agent with a table bound per user", () => {
  it("writes each user's rows under their uid and lets each read only their own", async () => {
    const writer = await agentWith(fakes[0]!, "记录员");
    const reader = await agentWith(fakes[1]!, "查询员");
    for (const u of [t.member, t.other]) await say(u.token, writer, "记一下");
    const rows = await physicalRows(s, tableId);
    expect(rows.map((r) => [r.uid, r.note, Number(r.agent_id)])).toEqual([
      [String(t.member.id), "来自对话", writer],
      [String(t.other.id), "来自对话", writer],
    ]);
    const mine = await say(t.member.token, reader, "我记了什么");
    const theirs = await say(t.other.token, reader, "我记了什么");
    expect(mine).toContain(`"uid":"${t.member.id}"`);
    expect(mine).not.toContain(`"uid":"${t.other.id}"`);
    expect(theirs).toContain(`"uid":"${t.other.id}"`);
    expect(theirs).not.toContain(`"uid":"${t.member.id}"`);
  });
});
