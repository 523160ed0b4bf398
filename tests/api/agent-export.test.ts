import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addAgent, componentRows, ok, personalSpace, refused, type Team, team } from "../support/agents";
import { chat, configure, newConversation } from "../support/chat";
import { count, rawFetch } from "../support/helpers";
import { startServer, type TestServer } from "../support/server";
import { newTable } from "./table-support";

let s: TestServer;
let t: Team;
let agentId: number;
let tableId: number;
beforeAll(async () => {
  s = await startServer();
  t = await team(s);
  agentId = await addAgent(s, t.member.token, t.spaceId, { name: "导出助手", template: "template-3" });
  await configure(s, t.member.token, agentId, { openingChatMsg: "你好，我是导出助手", openFileBox: "Open" });
  tableId = await newTable(s, t.member.token, t.spaceId, "订单表");
  ok(
    await s.call("/api/agent/component/add", {
      token: t.member.token,
      body: { agentId, type: "Table", targetId: tableId },
    }),
  );
});
afterAll(() => s.close());

const exportOf = (token: string | null, id = agentId) =>
  rawFetch(s, `/api/agent/export/${id}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

function importInto(token: string | null, spaceId: number, content: string | object, name = "a.agent.json") {
  const form = new FormData();
  const text = typeof content === "string" ? content : JSON.stringify(content);
  form.append("file", new Blob([text], { type: "application/json" }), name);
  return rawFetch(s, `/api/agent/import/${spaceId}`, {
    method: "POST",
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: form,
  }).then((r) => r.json!);
}

async function exported() {
  const { res, text } = await exportOf(t.member.token);
  expect(res.headers.get("content-type")).toContain("application/json");
  return { res, file: JSON.parse(text) };
}

describe("GET /api/agent/export/{agentId}", () => {
  it("downloads the agent's settings and components, targets by id and name", async () => {
    const { res, file } = await exported();
    expect(res.headers.get("content-disposition")).toContain(encodeURIComponent("导出助手.agent.json"));
    expect(file).toMatchObject({
      kind: "agent-config",
      version: 1,
      agent: { name: "导出助手", openingChatMsg: "你好，我是导出助手", openFileBox: "Open" },
    });
    expect(file.components.map((c: { type: string }) => c.type).sort()).toEqual(["Model", "Table", "Variable"]);
    expect(file.components.find((c: { type: string }) => c.type === "Table")).toMatchObject({
      targetId: tableId,
      name: "订单表",
    });
  });

  it("needs a token, the space and the Export permission", async () => {
    expect((await exportOf(null)).json).toMatchObject({ code: "4010" });
    expect((await exportOf(t.outsider.token)).json).toMatchObject({ code: "4040" });
    // A plain member who did not create the agent may use it but not take its configuration away.
    expect((await exportOf(t.other.token)).json).toMatchObject({ code: "4030" });
    expect((await exportOf(t.member.token, 999_999)).json).toMatchObject({ code: "4040" });
  });
});

describe("POST /api/agent/import/{spaceId}", () => {
  it("creates a new agent in the same space with every component", async () => {
    const { file } = await exported();
    const result = ok(await importInto(t.admin.token, t.spaceId, file));
    expect(result.skipped).toEqual([]);
    expect(result.imported.map((c: { type: string }) => c.type).sort()).toEqual(["Model", "Table"]);
    expect(result.agentId).not.toBe(agentId);
    const copy = ok(await s.call(`/api/agent/${result.agentId}`, { token: t.admin.token }));
    expect(copy).toMatchObject({
      name: "导出助手",
      spaceId: t.spaceId,
      openFileBox: "Open",
      publishStatus: "Developing",
    });
    expect(copy.creator.userId).toBe(t.admin.id);
    const rows = await componentRows(s, result.agentId);
    expect(rows.find((c) => c.type === "Table")).toMatchObject({ target_id: tableId });
  });

  it("into another space skips the components that space cannot use and says why", async () => {
    const { file } = await exported();
    const personal = await personalSpace(s, t.other.token);
    const result = ok(await importInto(t.other.token, personal, file));
    expect(result.skipped).toEqual([
      { type: "Table", name: "订单表", reason: expect.stringContaining("不存在或不可用") },
    ]);
    const rows = await componentRows(s, result.agentId);
    expect(rows.map((c) => c.type).sort()).toEqual(["Model", "Variable"]);
    const variables = rows.find((c) => c.type === "Variable")!.bind_config as { variables: unknown[] };
    const source = file.components.find((c: { type: string }) => c.type === "Variable").bindConfig;
    expect(variables.variables).toEqual(source.variables);
  });

  it("refuses malformed, foreign and oversized files with a clear message, writing nothing", async () => {
    const before = await count(s, "agent");
    const { file } = await exported();
    refused(await importInto(t.member.token, t.spaceId, "{不是 JSON"), "4000", "file");
    refused(await importInto(t.member.token, t.spaceId, { ...file, kind: "workflow" }), "4000", "file.kind");
    refused(await importInto(t.member.token, t.spaceId, { ...file, agent: { ...file.agent, name: "" } }), "4000");
    refused(
      await importInto(t.member.token, t.spaceId, {
        ...file,
        components: [{ type: "Rocket", targetId: 1, name: "x" }],
      }),
      "4000",
      "file.components.0.type",
    );
    const deep = JSON.stringify({ ...file, extra: JSON.parse(`${"[".repeat(100)}${"]".repeat(100)}`) });
    refused(await importInto(t.member.token, t.spaceId, deep), "4000", "file");
    const huge = { ...file, agent: { ...file.agent, systemPrompt: "长".repeat(300_000) } };
    const tooLarge = await importInto(t.member.token, t.spaceId, huge);
    refused(tooLarge, "4000", "file");
    expect(tooLarge.message).toContain("不能超过 512 KB");
    const form = new FormData();
    const empty = await rawFetch(s, `/api/agent/import/${t.spaceId}`, {
      method: "POST",
      headers: { authorization: `Bearer ${t.member.token}` },
      body: form,
    });
    refused(empty.json!, "4000", "file");
    expect(await count(s, "agent")).toBe(before);
  });

  it("needs a token and a space the caller may develop in", async () => {
    const before = await count(s, "agent");
    const { file } = await exported();
    refused(await importInto(null, t.spaceId, file), "4010");
    expect((await importInto(t.outsider.token, t.spaceId, file)).code).toMatch(/^40[34]0$/);
    // The space is checked before the file is read: an outsider learns nothing from a broken file either.
    expect((await importInto(t.outsider.token, t.spaceId, "{")).code).toMatch(/^40[34]0$/);
    ok(await s.call("/api/space/update", { token: t.owner.token, body: { id: t.spaceId, allowDevelop: 0 } }));
    try {
      refused(await importInto(t.other.token, t.spaceId, file), "4030");
    } finally {
      ok(await s.call("/api/space/update", { token: t.owner.token, body: { id: t.spaceId, allowDevelop: 1 } }));
    }
    expect(await count(s, "agent")).toBe(before);
  });
});

describe("the agent's conversation log", () => {
  it("lists every user's conversations (not the editor's debug chats) with their messages, paged", async () => {
    const logged = await addAgent(s, t.member.token, t.spaceId, { name: "日志助手" });
    const mine = await newConversation(s, t.member.token, logged);
    await chat(s, t.member.token, mine.id, "第一个问题");
    const theirs = await newConversation(s, t.other.token, logged);
    await chat(s, t.other.token, theirs.id, "另一个人的问题");
    await chat(s, t.other.token, theirs.id, "追问");
    const debug = await newConversation(s, t.member.token, logged, { devMode: true });
    await chat(s, t.member.token, debug.id, "调试消息");
    await newConversation(s, t.other.token, logged);

    const list = (token: string, body: object = {}) =>
      s.call(`/api/agent/log/${logged}/conversations`, { token, body });
    const page = ok(await list(t.owner.token));
    expect(page).toMatchObject({ total: 2, current: 1 });
    expect(page.records.map((r: { id: number }) => r.id)).toEqual([theirs.id, mine.id]);
    expect(page.records[0]).toMatchObject({
      user: { userId: t.other.id },
      messageCount: 4,
      firstMessage: "另一个人的问题",
      viaTempLink: false,
    });
    const second = ok(await list(t.owner.token, { pageSize: 1, current: 2 }));
    expect(second).toMatchObject({ total: 2, pages: 2 });
    expect(second.records.map((r: { id: number }) => r.id)).toEqual([mine.id]);
    expect(ok(await list(t.member.token, { userId: t.member.id })).records.map((r: { id: number }) => r.id)).toEqual([
      mine.id,
    ]);

    const messages = ok(
      await s.call(`/api/agent/log/${logged}/conversation/${theirs.id}`, { token: t.member.token, body: {} }),
    );
    expect(messages.total).toBe(4);
    expect(messages.records.map((m: { role: string; text: string }) => m.role)).toEqual([
      "USER",
      "ASSISTANT",
      "USER",
      "ASSISTANT",
    ]);
    expect(messages.records[0].text).toBe("另一个人的问题");
    // The editor's debug chat and other agents' conversations are not in this log.
    refused(
      await s.call(`/api/agent/log/${logged}/conversation/${debug.id}`, { token: t.member.token, body: {} }),
      "4040",
    );
    const elsewhere = await newConversation(s, t.member.token, agentId);
    await chat(s, t.member.token, elsewhere.id, "别的智能体");
    refused(
      await s.call(`/api/agent/log/${logged}/conversation/${elsewhere.id}`, { token: t.member.token, body: {} }),
      "4040",
    );
  });

  it("is only for the agent's developers; bad paging is refused by name", async () => {
    const path = `/api/agent/log/${agentId}/conversations`;
    refused(await s.call(path, { body: {} }), "4010");
    refused(await s.call(path, { token: t.outsider.token, body: {} }), "4040");
    refused(await s.call(`/api/agent/log/${agentId}/conversation/1`, { token: t.outsider.token, body: {} }), "4040");
    refused(await s.call(path, { token: t.member.token, body: { pageSize: 0 } }), "4000", "pageSize");
    refused(await s.call(path, { token: t.member.token, body: { userId: "x" } }), "4000", "userId");
    ok(await s.call("/api/space/update", { token: t.owner.token, body: { id: t.spaceId, allowDevelop: 0 } }));
    try {
      refused(await s.call(path, { token: t.other.token, body: {} }), "4030");
      ok(await s.call(path, { token: t.admin.token, body: {} }));
    } finally {
      ok(await s.call("/api/space/update", { token: t.owner.token, body: { id: t.spaceId, allowDevelop: 1 } }));
    }
  });
});
