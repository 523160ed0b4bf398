import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentLogDto } from "#contract/api/log-platform";
import { pageSchema } from "#contract/page";
import { addAgent, ok, refused, type Team, team } from "../support/agents";
import { chat, newConversation } from "../support/chat";
import { startServer, type TestServer } from "../support/server";

/**
 * The original client's agent log (issue 18 item 7): `POST /api/logPlatform/agent/list` pages the agent's requests —
 * question and answer — in its `logInfo` shape, filtered as its search form asks, and `/detail` answers one of them.
 * Same audience as our own 日志: the agent's developers.
 */
let s: TestServer;
let t: Team;
let agentId: number;
let otherAgentId: number;
let mine: { id: number };
let theirs: { id: number };
let debug: { id: number };
type Log = Record<string, any>;

const list = (token: string | null, queryFilter: object, page: object = {}) =>
  s.call("/api/logPlatform/agent/list", { token, body: { queryFilter: { agentId, ...queryFilter }, ...page } });
const records = async (queryFilter: object) => ok(await list(t.member.token, queryFilter)).records as Log[];

beforeAll(async () => {
  s = await startServer();
  t = await team(s);
  agentId = await addAgent(s, t.member.token, t.spaceId, { name: "日志助手" });
  otherAgentId = await addAgent(s, t.member.token, t.spaceId, { name: "别的助手" });
  mine = await newConversation(s, t.member.token, agentId);
  await chat(s, t.member.token, mine.id, "第一个问题");
  theirs = await newConversation(s, t.other.token, agentId);
  await chat(s, t.other.token, theirs.id, "另一个人的问题");
  await chat(s, t.other.token, theirs.id, "追问一下");
  debug = await newConversation(s, t.member.token, agentId, { devMode: true });
  await chat(s, t.member.token, debug.id, "调试消息");
  const elsewhere = await newConversation(s, t.member.token, otherAgentId);
  await chat(s, t.member.token, elsewhere.id, "别的智能体的问题");
});
afterAll(async () => {
  await s?.close();
});

describe("the original client's agent log", () => {
  it("pages every user's requests (not the editor's debug chat) in the logInfo shape, newest first", async () => {
    const page = ok(await list(t.owner.token, {}, { current: 1, pageSize: 10 }));
    expect(() => pageSchema(agentLogDto).parse(page)).not.toThrow();
    expect(page).toMatchObject({ total: 3, size: 10, current: 1, pages: 1 });
    expect(page.records.map((r: Log) => r.userInput)).toEqual(["追问一下", "另一个人的问题", "第一个问题"]);
    const [last] = page.records as Log[];
    expect(last).toMatchObject({
      agentId: String(agentId),
      conversationId: String(theirs.id),
      spaceId: String(t.spaceId),
      userId: t.other.id,
      userUid: t.other.userName,
      nodeType: "Agent",
      nodeName: "日志助手",
      status: "complete",
    });
    expect(last!.output.length).toBeGreaterThan(0);
    // executeResult is the answer's final result as JSON text, what the client's detail panel parses.
    const final = JSON.parse(last!.executeResult);
    expect(final).toMatchObject({ success: true, outputText: last!.output });
    expect(Array.isArray(final.componentExecuteResults)).toBe(true);
    expect(last!.inputToken).toBe(final.promptTokens);
    expect(last!.outputToken).toBe(final.completionTokens);
    expect(last!.elapsedTimeMs).toBe(Date.parse(last!.requestEndTime) - Date.parse(last!.requestStartTime));

    const second = ok(await list(t.owner.token, {}, { current: 2, pageSize: 2 }));
    expect(second).toMatchObject({ total: 3, size: 2, current: 2, pages: 2 });
    expect(second.records.map((r: Log) => r.userInput)).toEqual(["第一个问题"]);
  });

  it("filters as the original's search form does", async () => {
    const all = await records({});
    const inputs = (rs: Log[]) => rs.map((r) => r.userInput);
    expect(inputs(await records({ userInput: ["另一个", "问题"] }))).toEqual(["另一个人的问题"]);
    expect(inputs(await records({ userInput: ["问题"] }))).toEqual(["另一个人的问题", "第一个问题"]);
    expect(await records({ userInput: ["另一个", "没有这个词"] })).toEqual([]);
    const word = all[0]!.output.slice(0, 2);
    const byOutput = await records({ output: [word] });
    expect(byOutput.length).toBeGreaterThan(0);
    for (const r of byOutput) expect(r.output).toContain(word);
    expect(inputs(await records({ conversationId: String(mine.id) }))).toEqual(["第一个问题"]);
    expect(inputs(await records({ conversationId: mine.id }))).toEqual(["第一个问题"]);
    expect(await records({ conversationId: "abc" })).toEqual([]);
    expect(inputs(await records({ messageId: all[1]!.messageId }))).toEqual([all[1]!.userInput]);
    expect(inputs(await records({ requestId: all[2]!.requestId }))).toEqual([all[2]!.userInput]);
    expect(inputs(await records({ userUid: t.other.userName }))).toEqual(["追问一下", "另一个人的问题"]);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect(await records({ startTime: future })).toEqual([]);
    expect(await records({ endTime: "2000-01-01T00:00:00.000Z" })).toEqual([]);
    expect(await records({ startTime: "2000-01-01T00:00:00.000Z", endTime: future })).toHaveLength(3);
    // The form sends "" for a cleared box.
    expect(await records({ messageId: "", conversationId: "", userUid: "", startTime: "" })).toHaveLength(3);
  });

  it("answers one request by its id; not another agent's, nor the debug chat's", async () => {
    const [first] = await records({});
    const detail = ok(
      await s.call("/api/logPlatform/agent/detail", {
        token: t.member.token,
        body: { requestId: first!.requestId, agentId },
      }),
    );
    expect(() => agentLogDto.parse(detail)).not.toThrow();
    expect(detail).toEqual(first);
    const other = (
      ok(
        await s.call("/api/logPlatform/agent/list", {
          token: t.member.token,
          body: { queryFilter: { agentId: otherAgentId }, current: 1, pageSize: 10 },
        }),
      ).records as Log[]
    )[0]!;
    const detailOf = (requestId: string, id = agentId) =>
      s.call("/api/logPlatform/agent/detail", { token: t.member.token, body: { requestId, agentId: id } });
    ok(await detailOf(other.requestId, otherAgentId));
    refused(await detailOf(other.requestId), "4040");
    refused(await detailOf("no-such-request"), "4040");
  });

  it("is only for the agent's developers; bad input is refused by name", async () => {
    const detail = (token: string | null, body: object) => s.call("/api/logPlatform/agent/detail", { token, body });
    refused(await list(null, {}), "4010");
    refused(await detail(null, { requestId: "x", agentId }), "4010");
    refused(await list(t.outsider.token, {}), "4040");
    refused(await detail(t.outsider.token, { requestId: "x", agentId }), "4040");
    refused(await list(t.member.token, {}, { pageSize: 1000 }), "4000", "pageSize");
    refused(await list(t.member.token, { agentId: "x" }), "4000", "queryFilter.agentId");
    refused(await list(t.member.token, { startTime: "昨天" }), "4000", "queryFilter.startTime");
    refused(await list(t.member.token, { userInput: "问题" }), "4000", "queryFilter.userInput");
    refused(
      await s.call("/api/logPlatform/agent/list", { token: t.member.token, body: { current: 1 } }),
      "4000",
      "queryFilter",
    );
    refused(await detail(t.member.token, { agentId }), "4000", "requestId");
    ok(await s.call("/api/space/update", { token: t.owner.token, body: { id: t.spaceId, allowDevelop: 0 } }));
    try {
      refused(await list(t.other.token, {}), "4030");
      refused(await detail(t.other.token, { requestId: "x", agentId }), "4030");
      expect(ok(await list(t.admin.token, {})).total).toBe(3);
    } finally {
      ok(await s.call("/api/space/update", { token: t.owner.token, body: { id: t.spaceId, allowDevelop: 1 } }));
    }
  });
});
