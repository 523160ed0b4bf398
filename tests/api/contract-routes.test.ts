import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Endpoint, endpointList, endpoints, pathOf } from "../../contract/api";
import { urlOf } from "../../contract/api/endpoint";
import { addableNodeTypes } from "../../contract/api/workflow";
import { nodeKinds } from "../../contract/workflow-nodes";
import { createApi } from "../../server/api/app";
import type { Deps } from "../../server/core";
import { insertMemories } from "../../server/modules/memory/repo";
import { memoryIndex } from "../../server/runtime/memory/recall";
import { addAgent } from "../support/agents";
import { chat } from "../support/chat";
import { codeFrom } from "../support/helpers";
import { startService } from "../support/plugins";
import { liveRows, pendingApplyId } from "../support/publish";
import { startServer, type TestServer } from "../support/server";
import { postSse } from "../support/sse";
import { importFile, xlsxOf } from "./table-support";
import { echoPlugin } from "./trigger-support";

/**
 * The contract in contract/api is the API's table of endpoints: every route the server registers has exactly one
 * entry with its method and path, every entry has a route, and the endpoints that pin their response down answer
 * with data of that shape on the happy path.
 */

/** Hono keeps a parameter's pattern in the path (":agentId{(?!add$)[^/]+}"); the contract names the parameter only. */
const withoutPatterns = (path: string) => path.replace(/(:\w+)\{.*?\}(?=\/|$)/g, "$1");
const key = (e: { method: string; path: string }) => `${e.method} ${e.path}`;

describe("the contract lists every route", () => {
  const routes = createApi({} as Deps)
    .routes.filter((r) => r.method !== "ALL")
    .map((r) => key({ method: r.method, path: withoutPatterns(r.path) }));

  it("has one entry per registered route and a route per entry", () => {
    const contract = endpointList.map(key);
    expect(new Set(contract).size, "an endpoint is declared twice").toBe(contract.length);
    expect(new Set(routes).size, "a route is registered twice").toBe(routes.length);
    expect(
      contract.filter((k) => !routes.includes(k)),
      "contract entries without a route",
    ).toEqual([]);
    expect(
      routes.filter((k) => !contract.includes(k)),
      "routes missing from the contract",
    ).toEqual([]);
  });

  it("declares a schema for every path parameter, and only for those", () => {
    for (const e of endpointList) {
      const names = [...e.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
      expect(Object.keys((e.params as unknown as { shape: object }).shape).sort(), e.name).toEqual(names.sort());
    }
  });
});

let s: TestServer;
const covered = new Set<Endpoint>();

/** Calls an endpoint as the contract describes it and checks `data` against the response schema. */
async function send<E extends Endpoint>(
  e: E,
  opts: {
    token?: string | null;
    params?: Record<string, string | number>;
    query?: Record<string, string | number>;
    body?: unknown;
  } = {},
) {
  const path = urlOf(e, { params: opts.params, query: opts.query } as never);
  const res = await s.call(path, { method: e.method, token: opts.token, body: opts.body });
  expect(res, `${e.method} ${path}: ${res.message}`).toMatchObject({ code: "0000", success: true });
  if (e.response) {
    const parsed = e.response.safeParse(res.data);
    expect(parsed.error?.issues, `${e.method} ${path} answered ${JSON.stringify(res.data)}`).toBeUndefined();
    covered.add(e);
  }
  return res;
}
const call = async (...args: Parameters<typeof send>) => (await send(...args)).data;

/**
 * Endpoints with no happy path a test can reach today: components bind plugins, workflows, knowledge bases and
 * tables, none of which can be created yet. Their refusals are covered by agent-components.test.ts.
 */
const { agent: a } = endpoints;
const unreachable = new Set<Endpoint>([
  a.componentAdd,
  a.componentDelete,
  a.pluginUpdate,
  a.workflowUpdate,
  a.tableUpdate,
  a.knowledgeUpdate,
  a.triggerUpdate,
]);

beforeAll(async () => {
  s = await startServer();
});
afterAll(async () => {
  await s?.close();
});

describe("responses conform to the contract on the happy path", () => {
  const { agent, auth, component, conversation, file, model, notify, publish, space, system, tempchat, tenant } =
    endpoints;

  it("spaces, members, notifications and the site settings", async () => {
    const u = await s.newUser();
    const other = await s.newUser();
    const admin = await s.adminToken();
    const token = u.token;
    await call(tenant.config, { token: null });
    await call(publish.categories, { token: null });
    const spaceId = (await call(space.add, { token, body: { name: "契约空间" } })) as number;
    await call(space.list, { token });
    await call(space.get, { token, params: { spaceId } });
    await call(space.update, { token, body: { id: spaceId, description: "说明" } });
    await call(space.memberAdd, { token, body: [{ spaceId, userId: other.id }] });
    await call(space.memberList, { token, body: { spaceId } });
    await call(space.memberRole, { token, body: { spaceId, userId: other.id, role: "Admin" } });
    await call(space.memberDelete, { token, body: { spaceId, userId: other.id } });
    await call(space.memberAdd, { token, body: [{ spaceId, userId: other.id }] });
    await call(space.transfer, { token, body: { spaceId, targetUserId: other.id } });
    await call(space.delete, { token: other.token, params: { spaceId } });

    await call(system.messageSend, { token: admin, body: { scope: "Private", content: "你好", userIds: [u.id] } });
    await call(notify.collect, { token });
    await call(notify.unreadCount, { token });
    const [message] = (await call(notify.messageList, { token, body: {} })) as { id: number }[];
    await call(notify.read, { token, body: [message!.id] });
    await call(notify.unreadClear, { token });
    await call(notify.clear, { token });
  });

  it("agents, their components, relations, conversations and links", async () => {
    const u = await s.newUser();
    const token = u.token;
    const spaceId = (await call(space.add, { token, body: { name: "智能体空间" } })) as number;
    const otherSpace = (await call(space.add, { token, body: { name: "另一个空间" } })) as number;
    const agentId = (await call(agent.add, { token, body: { spaceId, name: "契约助手" } })) as number;
    await call(agent.configUpdate, { token, body: { id: agentId, description: "改过" } });
    await call(agent.get, { token, params: { agentId } });
    await call(agent.page, { token, body: { spaceId } });
    await call(agent.history, { token, params: { agentId } });
    await call(agent.variables, { token, params: { agentId } });
    await call(agent.detail, { token, params: { agentId } });
    const list = (await call(agent.componentList, { token, params: { agentId } })) as { id: number; type: string }[];
    const idOf = (type: string) => list.find((c) => c.type === type)!.id;
    await call(agent.modelUpdate, { token, body: { id: idOf("Model"), bindConfig: { temperature: 0.5 } } });
    await call(agent.variableUpdate, { token, body: { id: idOf("Variable"), bindConfig: { variables: [] } } });
    for (const e of [agent.collect, agent.like, agent.devCollect]) await call(e, { token, params: { id: agentId } });
    await call(agent.usedList, { token, params: { size: 10 } });
    await call(agent.editList, { token, params: { size: 10 } });
    await call(agent.devCollectList, { token, params: { page: 1, size: 10 } });
    await call(agent.collectList, { token, params: { page: 1, size: 10 } });
    await call(agent.home, { token });
    for (const e of [agent.unCollect, agent.unLike, agent.devUnCollect])
      await call(e, { token, params: { id: agentId } });

    const created = (await call(conversation.create, { token, body: { agentId } })) as { id: number };
    await call(conversation.get, { token, params: { conversationId: created.id } });
    await call(conversation.update, { token, body: { id: created.id, topic: "契约会话" } });
    await call(conversation.list, { token, body: { agentId } });
    await call(conversation.delete, { token, params: { id: created.id } });
    await call(component.list, { token, params: { spaceId } });
    await call(component.page, { token, body: { spaceId, kw: "契约" } });
    const link = (await call(tempchat.linkCreate, { token, params: { agentId }, body: {} })) as { chatKey: string };
    await call(tempchat.linkList, { token, params: { agentId } });
    const temp = (await call(tempchat.conversationCreate, { token, body: { chatKey: link.chatKey } })) as {
      uid: string;
    };
    await call(tempchat.conversationQuery, { token, body: { chatKey: link.chatKey, conversationUid: temp.uid } });
    const { id } = (await call(tempchat.linkCreate, { token, params: { agentId }, body: {} })) as { id: number };
    await call(tempchat.linkUpdate, { token, body: { id, requireLogin: 0 } });
    await call(tempchat.linkDelete, { token, params: { agentId, id } });

    const copy = (await call(agent.copy, { token, params: { agentId } })) as number;
    await call(agent.copyTo, { token, params: { agentId, targetSpaceId: otherSpace } });
    await call(agent.transfer, { token, params: { agentId: copy, targetSpaceId: otherSpace } });
    await call(agent.delete, { token, params: { agentId: copy } });
  });

  it("publishing, the audit and copying a template", async () => {
    const u = await s.newUser();
    const reader = await s.newUser();
    const admin = await s.adminToken();
    const token = u.token;
    const spaceId = (await call(space.add, { token, body: { name: "发布空间" } })) as number;
    const agentId = await addAgent(s, token, spaceId);
    await call(publish.agentApply, { token, params: { agentId }, body: { scope: "Space", spaceId } });
    await call(publish.itemList, { token, body: { targetType: "Agent", targetId: agentId } });
    const [local] = await liveRows(s, agentId);
    await call(publish.offShelf, { token, body: { publishId: local!.id } });

    const item = { scope: "Tenant", allowCopy: 1 };
    await call(publish.apply, { token, body: { targetType: "Agent", targetId: agentId, items: [item] } });
    await call(publish.applyList, { token: admin, body: {} });
    await call(publish.applyGet, { token: admin, params: { applyId: await pendingApplyId(s, admin, agentId) } });
    await call(publish.reject, {
      token: admin,
      params: { applyId: await pendingApplyId(s, admin, agentId) },
      body: { reason: "再改改" },
    });
    await call(publish.apply, { token, body: { targetType: "Agent", targetId: agentId, items: [item] } });
    await call(publish.approve, { token: admin, params: { applyId: await pendingApplyId(s, admin, agentId) } });
    await call(publish.squareAgents, { token: reader.token, body: {} });
    await call(publish.publishedList, { token: admin, body: {} });
    const target = (await s.call(pathOf(space.list), { token: reader.token })).data[0].id as number;
    await call(publish.templateCopy, { token: reader.token, body: { targetId: agentId, targetSpaceId: target } });
    const live = (await liveRows(s, agentId)).find((r) => r.scope === "Tenant")!;
    await call(publish.adminOffShelf, { token: admin, params: { publishId: live.id }, body: { reason: "下架" } });
  });

  it("models, users and settings of the system administration", async () => {
    const u = await s.newUser();
    const admin = await s.adminToken();
    const spaceId = (await call(space.add, { token: u.token, body: { name: "模型空间" } })) as number;
    const fields = { name: "契约模型", model: "fake-text", baseUrl: "http://127.0.0.1:9/v1", apiKey: "sk-contract" };
    const id = (await call(model.save, { token: u.token, body: { spaceId, ...fields } })) as number;
    await call(model.list, { token: u.token, body: { spaceId } });
    await call(model.get, { token: u.token, params: { id } });
    await call(model.test, { token: u.token, body: { id } });
    await call(model.delete, { token: u.token, params: { id } });
    const tenantModel = (await call(model.systemSave, { token: admin, body: fields })) as number;
    await call(model.systemList, { token: admin, body: {} });
    await call(model.systemListAll, { token: admin });
    await call(model.systemGet, { token: admin, params: { id: tenantModel } });
    await call(model.systemTest, { token: admin, body: { id: tenantModel } });
    await call(model.systemDefaults, { token: admin, body: {} });
    await call(model.systemDelete, { token: admin, params: { id: tenantModel } });

    await call(system.userList, { token: admin, body: {} });
    const userId = (await call(system.userAdd, {
      token: admin,
      body: { userName: "contract_user", password: "Contract#Pass1" },
    })) as number;
    await call(system.userUpdate, { token: admin, params: { id: userId }, body: { nickName: "契约" } });
    await call(system.userDisable, { token: admin, params: { id: userId } });
    await call(system.userEnable, { token: admin, params: { id: userId } });
    await call(system.userDelete, { token: admin, params: { id: userId } });
    await call(system.configList, { token: admin });
    await call(system.configSave, { token: admin, body: { pageFooterText: "契约" } });
    await call(system.configAdd, { token: admin, body: { pageFooterText: "" } });
  });

  it("codes, passwords and the profile (codes come back in the message: no mail transport)", async () => {
    const email = `contract.${randomBytes(4).toString("hex")}@example.com`;
    const codeFor = async (body: object, token: string | null) =>
      codeFrom((await send(auth.codeSend, { token, body })).message);
    const code = await codeFor({ type: "LOGIN_OR_REGISTER", email }, null);
    const { token } = (await call(auth.codeLogin, { token: null, body: { phoneOrEmail: email, code } })) as {
      token: string;
    };
    await call(auth.passwordSet, { token, body: { password: "Contract#Pass2" } });
    const reset = await codeFor({ type: "RESET_PASSWORD" }, token);
    await call(auth.passwordReset, { token, body: { newPassword: "Contract#Pass3", code: reset } });
    await call(auth.passwordLogin, { token: null, body: { phoneOrEmail: email, password: "Contract#Pass3" } });
    await call(auth.passwordChange, { token, body: { oldPassword: "Contract#Pass3", newPassword: "Contract#Pass4" } });
    await call(auth.search, { token, body: { kw: "tester" } });
    const other = `contract.${randomBytes(4).toString("hex")}@example.com`;
    const bind = await codeFor({ type: "BIND_EMAIL", email: other }, token);
    await call(auth.emailBind, { token, body: { email: other, code: bind } });
    await call(auth.update, { token, body: { nickName: "契约用户" } });
    await call(auth.loginInfo, { token });
    await call(auth.logout, { token });
  });

  it("a file upload (multipart)", async () => {
    const u = await s.newUser();
    const form = new FormData();
    form.append("file", new File(["契约"], "契约.txt"));
    const res = await fetch(s.url + pathOf(file.upload), {
      method: "POST",
      headers: { authorization: `Bearer ${u.token}` },
      body: form,
    });
    const envelope = await res.json();
    expect(envelope, envelope.message).toMatchObject({ code: "0000" });
    expect(file.upload.response.safeParse(envelope.data).error?.issues).toBeUndefined();
    covered.add(file.upload);
  });

  it("workflows: the graph node by node and whole, every node kind's update path, history, copy and publishing", async () => {
    const w = endpoints.workflow as Record<string, Endpoint>;
    const u = await s.newUser();
    const token = u.token;
    const spaceId = (await s.call(pathOf(space.list), { token })).data[0].id as number;
    const id = (await call(w.add!, { token, body: { spaceId, name: "契约工作流" } })) as number;
    await call(w.update!, { token, body: { id, description: "说明", extension: { size: 1.5 } } });
    const detail = (await call(w.get!, { token, params: { workflowId: id } })) as any;
    await call(w.save!, { token, body: { workflowConfig: detail } });
    const added = new Map<string, number>();
    for (const type of addableNodeTypes) {
      const path = nodeKinds[type].updatePath ?? "update";
      if (added.has(path)) continue;
      const node = (await call(w.nodeAdd!, { token, body: { workflowId: id, type } })) as any;
      added.set(path, node.id);
      await call(w[`nodeUpdate_${path}`]!, {
        token,
        body: { nodeId: node.id, name: node.name, nodeConfig: node.nodeConfig },
      });
    }
    const start = detail.startNode.id as number;
    await call(w.nodeUpdate_update!, { token, body: { nodeId: start, nodeConfig: detail.startNode.nodeConfig } });
    await call(w.nodeUpdate_end!, {
      token,
      body: { nodeId: detail.endNode.id, nodeConfig: detail.endNode.nodeConfig },
    });
    await call(w.nextIds!, { token, params: { nodeId: start }, body: [detail.endNode.id] });
    await call(w.node!, { token, params: { nodeId: start } });
    await call(w.previous!, { token, params: { nodeId: detail.endNode.id } });
    await call(w.nodeList!, { token, params: { workflowId: id } });
    const copied = (await call(w.nodeCopy!, { token, params: { nodeId: added.get("text")! } })) as { id: number };
    await call(w.nodeDelete!, { token, params: { nodeId: copied.id } });
    await call(w.valid!, { token, params: { workflowId: id } });
    await call(w.testStop!, { token, params: { requestId: "nothing-running" } });
    const [entry] = (await call(w.history!, { token, params: { workflowId: id } })) as { id: number }[];
    await call(w.restore!, { token, params: { historyId: entry!.id } });
    await call(w.copy!, { token, params: { workflowId: id, targetSpaceId: spaceId } });
    const plain = (await call(w.add!, { token, body: { spaceId, name: "发布用" } })) as number;
    await call(publish.apply, {
      token,
      body: { targetType: "Workflow", targetId: plain, category: "Efficiency", items: [{ scope: "Space", spaceId }] },
    });
    await call(w.squareList!, { token: null, body: {} });
    await call(w.published!, { token, params: { workflowId: plain } });
    await call(w.delete!, { token, params: { workflowId: id } });
  });

  it("plugins, their history, publishing and the square", async () => {
    const { plugin } = endpoints;
    const u = await s.newUser();
    const reader = await s.newUser();
    const token = u.token;
    const service = await startService({ "/hello": () => ({ body: { greeting: "你好" } }) });
    try {
      const spaceId = (await call(space.add, { token, body: { name: "插件空间" } })) as number;
      const id = (await call(plugin.add, { token, body: { spaceId, name: "问候", type: "HTTP" } })) as number;
      const config = {
        url: `http://127.0.0.1:${service.port}/hello`,
        outputArgs: [{ name: "greeting", dataType: "String" }],
      };
      await call(plugin.httpUpdate, { token, body: { id, config } });
      const code = (await call(plugin.add, {
        token,
        body: { spaceId, name: "代码", type: "CODE", codeLang: "JavaScript" },
      })) as number;
      await call(plugin.codeUpdate, { token, body: { id: code, name: "代码插件" } });
      await call(plugin.test, { token, body: { pluginId: id, params: {} } });
      await call(plugin.analysisOutput, { token, body: { pluginId: id, params: {} } });
      await call(plugin.get, { token, params: { pluginId: id } });
      const [entry] = (await call(plugin.history, { token, params: { pluginId: id } })) as { id: number }[];
      await call(plugin.restore, { token, params: { historyId: entry!.id } });
      await call(plugin.publish, { token, body: { pluginId: id, scope: "Space", spaceId } });
      const items = [{ scope: "Tenant", allowCopy: 1 }];
      await call(publish.apply, { token, body: { targetType: "Plugin", targetId: id, items } });
      await call(plugin.squareList, { token: null, body: {} });
      await call(plugin.published, { token: reader.token, params: { pluginId: id } });
      const target = (await s.call(pathOf(space.list), { token: reader.token })).data[0].id as number;
      await call(publish.templateCopy, {
        token: reader.token,
        body: { targetType: "Plugin", targetId: id, targetSpaceId: target },
      });
      await call(plugin.copy, { token, params: { pluginId: id, targetSpaceId: spaceId } });
      await call(plugin.delete, { token, params: { pluginId: code } });
    } finally {
      await service.close();
    }
  });

  it("agent lists and cards, messages, suggestions, and stopping answers that have finished", async () => {
    const { token } = await s.newUser();
    const spaceId = (await call(space.add, { token, body: { name: "对话空间" } })) as number;
    const agentId = await addAgent(s, token, spaceId, { name: "对话助手" });
    await call(agent.configUpdate, { token, body: { id: agentId, openSuggest: "Open" } });
    expect(await call(agent.list, { token, params: { spaceId } })).toHaveLength(1);
    await call(agent.cardList, { token });
    await call(agent.componentList, { token, params: { agentId } });

    const { id: conversationId } = (await call(conversation.create, { token, body: { agentId } })) as { id: number };
    const answer = await chat(s, token, conversationId, "你好");
    expect(await call(conversation.messageList, { token, body: { conversationId } })).toHaveLength(2);
    await call(conversation.suggest, { token, body: { conversationId } });
    const requestId = answer.events[0]!.requestId;
    expect(await call(conversation.stop, { token, params: { requestId } })).toBe(false);

    const { chatKey } = (await call(tempchat.linkCreate, { token, params: { agentId }, body: {} })) as {
      chatKey: string;
    };
    const { uid } = (await call(tempchat.conversationCreate, { token, body: { chatKey } })) as { uid: string };
    const temp = await postSse(s.url, pathOf(tempchat.completions), {
      token,
      body: { chatKey, conversationUid: uid, message: "你好" },
    });
    expect(temp.status, JSON.stringify(temp.envelope)).toBe(200);
    const tempRequest = temp.events[0]!.requestId;
    expect(await call(tempchat.stop, { token: null, params: { requestId: tempRequest } })).toBe(false);
  });

  it("data tables: structure, rows and an import", async () => {
    const { table } = endpoints;
    const { token } = await s.newUser();
    const spaceId = (await call(space.add, { token, body: { name: "数据表空间" } })) as number;
    const id = (await call(table.add, { token, body: { spaceId, tableName: "表" } })) as number;
    await call(table.list, { token, body: { queryFilter: { spaceId } } });
    await call(table.updateName, { token, body: { id, tableName: "表二" } });
    await call(table.updateDefinition, { token, body: { id, fieldList: [{ fieldName: "a", fieldType: 1 }] } });
    await call(table.detail, { token, query: { id } });
    await call(table.addRow, { token, body: { tableId: id, rowData: { a: "x" } } });
    const page = (await call(table.data, { token, query: { tableId: id } })) as { records: { id: number }[] };
    const rowId = page.records[0]!.id;
    await call(table.updateRow, { token, body: { tableId: id, rowId, rowData: { a: "y" } } });
    await call(table.deleteRow, { token, body: { tableId: id, rowId } });
    await call(table.existData, { token, query: { tableId: id } });
    const imported = await importFile(s, token, id, await xlsxOf([["a"], ["z"]]));
    expect(table.importExcel.response?.safeParse(imported.data).error).toBeUndefined();
    covered.add(table.importExcel);
    await call(table.clear, { token, params: { tableId: id } });
    const copy = (await call(table.copy, { token, query: { tableId: id }, body: {} })) as number;
    await call(table.delete, { token, params: { id: copy } });
  });

  it("long-term memory: list, agents, update, delete, clear", async () => {
    const { memory } = endpoints;
    const user = await s.newUser();
    const spaceId = (await call(space.add, { token: user.token, body: { name: "记忆空间" } })) as number;
    const agentId = await addAgent(s, user.token, spaceId);
    const content = "用户的名字是契约";
    const [a, b] = await insertMemories(
      s.deps.db,
      [1, 2].map(() => ({
        tenantId: 1,
        userId: user.id,
        agentId,
        category: "profile",
        content,
        ...memoryIndex(content),
      })),
    );
    await call(memory.list, { token: user.token, body: { agentId } });
    await call(memory.agents, { token: user.token, body: {} });
    await call(memory.update, { token: user.token, body: { id: a!.id, content: "用户的名字是契约二" } });
    await call(memory.delete, { token: user.token, params: { id: b!.id }, body: {} });
    expect(await call(memory.clear, { token: user.token, body: { agentId } })).toBe(1);
  });

  it("triggers: time zones, adding, rotating a token, the webhook and the run log", async () => {
    const { trigger } = endpoints;
    const user = await s.newUser();
    const spaceId = (await call(space.add, { token: user.token, body: { name: "触发器空间" } })) as number;
    const agentId = await addAgent(s, user.token, spaceId);
    const service = await startService({ "/echo": () => ({ body: { ok: true } }) });
    try {
      const pluginId = await echoPlugin(s, user.token, spaceId, { ...service, arrivals: [] });
      await call(trigger.timeZoneData, { token: user.token });
      const added = (await call(trigger.add, {
        token: user.token,
        body: {
          agentId,
          name: "契约",
          triggerType: "EVENT",
          componentType: "PLUGIN",
          componentId: pluginId,
          eventArgs: [{ name: "place", dataType: "String", require: true }],
          argBindConfigs: [{ name: "city", bindValueType: "Reference", bindValue: "place" }],
        },
      })) as { id: number };
      const rotated = (await call(trigger.rotateToken, { token: user.token, params: { id: added.id }, body: {} })) as {
        eventBearerToken: string;
      };
      // The webhook's bearer is the trigger's token, not a session.
      await call(trigger.event, { token: rotated.eventBearerToken, params: { id: added.id }, body: { place: "杭州" } });
      await call(trigger.runList, { token: user.token, body: { triggerId: added.id, current: 1, pageSize: 10 } });
      await call(trigger.enable, { token: user.token, params: { id: added.id }, body: {} });
      await call(trigger.stateList, { token: user.token, params: { agentId } });
    } finally {
      await service.close();
    }
  });

  it("the original client's lists of features outside this product", async () => {
    const { elsewhere } = endpoints;
    const user = await s.newUser();
    const spaceId = (await call(space.add, { token: user.token, body: { name: "兼容空间" } })) as number;
    await call(elsewhere.mcpList, { token: user.token, params: { spaceId } });
    await call(elsewhere.customPageList, { token: user.token, query: { spaceId } });
    await call(elsewhere.ecoMarketList, { token: user.token, body: { current: 1, pageSize: 10 } });
  });

  it("the original client's agent log and favourites of published plugins and workflows", async () => {
    const { logPlatform, favourite, plugin, workflow } = endpoints;
    const { token } = await s.newUser();
    const spaceId = (await call(space.add, { token, body: { name: "兼容日志空间" } })) as number;
    const agentId = await addAgent(s, token, spaceId);
    const conv = (await call(conversation.create, { token, body: { agentId } })) as { id: number };
    await chat(s, token, conv.id, "你好");
    const logs = (await call(logPlatform.agentList, { token, body: { queryFilter: { agentId } } })) as {
      records: { requestId: string }[];
    };
    await call(logPlatform.agentDetail, { token, body: { agentId, requestId: logs.records[0]!.requestId } });
    const pluginId = (await call(plugin.add, { token, body: { spaceId, name: "收藏插件", type: "HTTP" } })) as number;
    await call(plugin.httpUpdate, { token, body: { id: pluginId, config: { url: "https://api.example.com/x" } } });
    const workflowId = (await call(workflow.add, { token, body: { spaceId, name: "收藏工作流" } })) as number;
    for (const [targetType, targetId] of [
      ["Plugin", pluginId],
      ["Workflow", workflowId],
    ] as const) {
      const body = { targetType, targetId, category: "Efficiency", items: [{ scope: "Tenant" }] };
      await call(publish.apply, { token, body });
    }
    await call(favourite.pluginCollect, { token, params: { id: pluginId }, body: { pluginId } });
    await call(favourite.pluginCollectList, { token, body: { page: 1, pageSize: 10 } });
    await call(favourite.pluginUnCollect, { token, params: { id: pluginId }, body: { pluginId } });
    await call(favourite.workflowCollect, { token, params: { id: workflowId }, body: { workflowId } });
    await call(favourite.workflowCollectList, { token, body: { page: 1, pageSize: 10 } });
    await call(favourite.workflowUnCollect, { token, params: { id: workflowId }, body: { workflowId } });
  });

  it("scheduled tasks: presets, create, update, list, cancel", async () => {
    const { task } = endpoints;
    const user = await s.newUser();
    const spaceId = (await call(space.add, { token: user.token, body: { name: "定时任务空间" } })) as number;
    const agentId = await addAgent(s, user.token, spaceId);
    await call(a.configUpdate, { token: user.token, body: { id: agentId, openScheduledTask: "Open" } });
    await call(task.cronList, { token: user.token });
    const body = { agentId, devMode: false, topic: "契约", summary: "契约任务", taskCron: "0 8 * * *" };
    const created = (await call(task.create, { token: user.token, body })) as { id: number };
    await call(task.update, { token: user.token, body: { id: created.id, taskStatus: "PAUSED" } });
    await call(task.list, { token: user.token, body: { agentId } });
    await call(task.cancel, { token: user.token, params: { id: created.id }, body: {} });
  });

  it("knowledge bases: documents, segments, QA pairs and search", async () => {
    const { knowledge: k } = endpoints;
    const { token } = await s.newUser();
    const spaceId = (await call(space.add, { token, body: { name: "知识库空间" } })) as number;
    /** Like send, for the GET endpoints that take their id in the query. */
    const get = async (e: Endpoint, query: Record<string, number>) => {
      const res = await s.call(
        `${pathOf(e)}?${new URLSearchParams(Object.entries(query).map(([n, v]) => [n, String(v)]))}`,
        { token },
      );
      expect(res, res.message).toMatchObject({ code: "0000" });
      if (e.response) expect(e.response.safeParse(res.data).error?.issues).toBeUndefined();
      covered.add(e);
      return res.data;
    };
    const kbId = (await call(k.add, { token, body: { spaceId, name: "契约知识库" } })) as number;
    await call(k.update, { token, body: { id: kbId, description: "说明" } });
    await get(k.detail, { id: kbId });
    await call(k.list, { token, body: { queryFilter: { spaceId } } });
    const text = "购买后七天内可以申请无理由退款，退款手续费为实付金额的百分之十。";
    await call(k.documentCustomAdd, { token, body: { kbId, name: "退款说明", fileContent: text } });
    const form = new FormData();
    form.append("file", new Blob([text]), "退款.txt");
    const upload = await fetch(`${s.url}/api/file/upload`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    }).then((r) => r.json());
    await call(k.documentAdd, { token, body: { kbId, fileList: [{ name: "退款.txt", docUrl: upload.data.url }] } });
    await call(k.documentCustomAdd, { token, body: { kbId, name: "太短", fileContent: "短" } });
    const docs = (await call(k.documentList, { token, body: { queryFilter: { kbId } } })) as {
      records: { id: number; name: string; docStatusCode: number }[];
    };
    const [failing, file, pasted] = docs.records.map((d) => d.id) as [number, number, number];
    await call(k.documentRename, { token, body: { docId: file, name: "退款政策.txt" } });
    await call(k.documentStatus, { token, body: { docIds: [pasted, file] } });
    for (;;) {
      const list = (await call(k.documentList, { token, body: { queryFilter: { kbId } } })) as typeof docs;
      if (list.records.every((d) => d.docStatusCode === 2 || d.docStatusCode === 10)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await get(k.documentDetail, { dataId: pasted });
    await call(k.documentRetry, { token, params: { docId: failing } });
    const segments = (await call(k.segmentList, { token, body: { queryFilter: { docId: pasted } } })) as {
      records: { id: number }[];
    };
    await get(k.segmentDetail, { dataId: segments.records[0]!.id });
    await call(k.generateQa, { token, params: { docId: pasted } });
    const qaId = (await call(k.qaAdd, {
      token,
      body: { kbId, question: "退款手续费多少？", answer: "百分之十" },
    })) as number;
    await call(k.qaUpdate, { token, body: { id: qaId, question: "退款收手续费吗？", answer: "收取百分之十" } });
    await call(k.qaList, { token, body: { queryFilter: { kbId } } });
    await call(k.search, { token, body: { kbId, question: "退款手续费", searchStrategy: "MIXED" } });
    const template = await fetch(`${s.url}${pathOf(k.qaTemplate)}`, { headers: { authorization: `Bearer ${token}` } });
    const importForm = new FormData();
    importForm.append("kbId", String(kbId));
    importForm.append("file", new Blob([await template.arrayBuffer()]), "问答.xlsx");
    const imported = await fetch(`${s.url}${pathOf(k.qaImport)}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: importForm,
    }).then((r) => r.json());
    expect(k.qaImport.response?.safeParse(imported.data).error).toBeUndefined();
    covered.add(k.qaImport);
    await call(k.qaDelete, { token, body: { id: qaId } });
    await get(k.documentDelete, { id: file });
    await get(k.delete, { id: kbId });
  });

  it("agent configuration files and the conversation log", async () => {
    const { agentExport: x, space, conversation } = endpoints;
    const { token } = await s.newUser();
    const spaceId = (await call(space.add, { token, body: { name: "导出空间" } })) as number;
    const agentId = await addAgent(s, token, spaceId);
    const file = await fetch(`${s.url}${pathOf(x.export, { agentId })}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const form = new FormData();
    form.append("file", new Blob([await file.text()]), "a.agent.json");
    const imported = await fetch(`${s.url}${pathOf(x.import, { spaceId })}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    }).then((r) => r.json());
    expect(x.import.response?.safeParse(imported.data).error).toBeUndefined();
    covered.add(x.import);
    const conv = (await call(conversation.create, { token, body: { agentId } })) as { id: number };
    await chat(s, token, conv.id, "你好");
    await call(x.logConversations, { token, params: { agentId }, body: {} });
    await call(x.logMessages, { token, params: { agentId, conversationId: conv.id }, body: {} });
  });

  it("covers every endpoint that declares its response, but the unreachable ones", () => {
    const missing = Object.values(endpoints)
      .flatMap((table) => Object.values(table as Record<string, Endpoint>))
      .filter((e) => e.response && !covered.has(e) && !unreachable.has(e))
      .map(key);
    expect(missing).toEqual([]);
    expect(
      [...unreachable.keys()].filter((e) => covered.has(e)),
      "reachable after all: drop from the list",
    ).toEqual([]);
  });
});
