import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertModel } from "#server/modules/model/repo";
import { findTenantConfigValues, saveTenantConfigValues } from "#server/modules/tenant/repo";
import {
  addAgent,
  agentRow,
  componentRows,
  getAgent,
  markPublished,
  ok,
  personalSpace,
  refused,
  type Team,
  team,
} from "../support/agents";
import { count } from "../support/helpers";
import { startServer, type TestServer } from "../support/server";

let s: TestServer;
let t: Team;
beforeAll(async () => {
  s = await startServer();
  t = await team(s);
});
afterAll(() => s.close());

const ALL = ["Copy", "Transfer", "Delete", "Publish", "TempChat", "AgentApi", "Export"];
const permissions = async (token: string, id: number) => (await getAgent(s, token, id)).permissions;

describe("permissions list", () => {
  it("follows the role: creator and space managers get everything, a plain member only copy and chat", async () => {
    const id = await addAgent(s, t.member.token, t.spaceId);
    expect(await permissions(t.member.token, id)).toEqual(ALL);
    expect(await permissions(t.owner.token, id)).toEqual(ALL);
    expect(await permissions(t.admin.token, id)).toEqual(ALL);
    expect(await permissions(t.sysAdmin, id)).toEqual(ALL);
    expect(await permissions(t.other.token, id)).toEqual(["Copy", "TempChat", "AgentApi"]);
    const listed = ok<any[]>(await s.call(`/api/agent/list/${t.spaceId}`, { token: t.other.token }));
    expect(listed.find((a) => a.id === id).permissions).toEqual(["Copy", "TempChat", "AgentApi"]);
  });

  it("drops AgentApi and TempChat when the tenant turns them off", async () => {
    const id = await addAgent(s, t.member.token, t.spaceId);
    const stored = await findTenantConfigValues(s.deps.db, 1);
    await saveTenantConfigValues(s.deps.db, 1, { ...stored, allowAgentApi: 0, allowAgentTempChat: 0 });
    try {
      expect(await permissions(t.other.token, id)).toEqual(["Copy"]);
      expect(await permissions(t.member.token, id)).toEqual(["Copy", "Transfer", "Delete", "Publish", "Export"]);
    } finally {
      await saveTenantConfigValues(s.deps.db, 1, stored);
    }
  });
});

describe("POST /api/agent/delete/{id}", () => {
  it("refuses a plain member who did not create it (4030) and outsiders (4040), deleting nothing", async () => {
    const id = await addAgent(s, t.member.token, t.spaceId);
    const before = { agent: await agentRow(s, id), components: await componentRows(s, id) };
    refused(await s.call(`/api/agent/delete/${id}`, { token: t.other.token, body: {} }), "4030");
    refused(await s.call(`/api/agent/delete/${id}`, { token: t.outsider.token, body: {} }), "4040");
    refused(await s.call(`/api/agent/delete/${id}`, { body: {} }), "4010");
    refused(await s.call("/api/agent/delete/abc", { token: t.member.token, body: {} }), "4000", "agentId");
    expect(await agentRow(s, id)).toEqual(before.agent);
    expect(await componentRows(s, id)).toEqual(before.components);
  });

  it("lets the creator, a space Admin or Owner and the system admin delete, with everything attached", async () => {
    for (const token of [t.member.token, t.admin.token, t.owner.token, t.sysAdmin]) {
      const id = await addAgent(s, t.member.token, t.spaceId);
      ok(await s.call(`/api/user/agent/dev/collect/${id}`, { token: t.other.token, body: {} }));
      ok(await s.call(`/api/agent/delete/${id}`, { token, body: {} }));
      refused(await s.call(`/api/agent/${id}`, { token: t.member.token }), "4040");
      expect(await componentRows(s, id)).toEqual([]);
      expect(await count(s, "user_agent_relation", sql`agent_id = ${id}`)).toBe(0);
      refused(await s.call(`/api/agent/delete/${id}`, { token, body: {} }), "4040");
    }
  });
});

describe("POST /api/agent/copy/{id}", () => {
  it("lets any member copy within the space: name + 副本, Developing, own creator, components duplicated", async () => {
    const id = await addAgent(s, t.member.token, t.spaceId, { name: "原版", template: "template-3" });
    ok(await s.call("/api/agent/config/update", { token: t.member.token, body: { id, systemPrompt: "原始提示词" } }));
    await markPublished(s, t.sysAdmin, id);
    const source = { agent: await agentRow(s, id), components: await componentRows(s, id) };
    const copyId = ok<number>(await s.call(`/api/agent/copy/${id}`, { token: t.other.token, body: {} }));
    expect(copyId).not.toBe(id);
    const copy = await getAgent(s, t.other.token, copyId);
    expect(copy).toMatchObject({
      name: "原版副本",
      spaceId: t.spaceId,
      creatorId: t.other.id,
      publishStatus: "Developing",
      publishDate: null,
      systemPrompt: "原始提示词",
    });
    expect(copy.uid).not.toBe(source.agent!.uid);
    const strip = (c: any) => ({ type: c.type, target_id: c.target_id, bind_config: c.bind_config, name: c.name });
    const copied = await componentRows(s, copyId);
    expect(copied.map(strip)).toEqual(source.components.map(strip));
    expect(copied.map((c) => c.id)).not.toContain(source.components[0]!.id);
    const history = ok(await s.call(`/api/agent/config/history/list/${copyId}`, { token: t.other.token }));
    expect(history).toMatchObject([{ type: "Add", opUser: { userId: t.other.id } }]);
    // The source is untouched.
    expect(await agentRow(s, id)).toEqual(source.agent);
    expect(await componentRows(s, id)).toEqual(source.components);
    // A 64-character name still fits after the suffix.
    const long = await addAgent(s, t.member.token, t.spaceId, { name: "长".repeat(64) });
    const longCopy = ok<number>(await s.call(`/api/agent/copy/${long}`, { token: t.member.token, body: {} }));
    const name = (await getAgent(s, t.member.token, longCopy)).name as string;
    expect(name.length).toBeLessThanOrEqual(64);
    expect(name.endsWith("副本")).toBe(true);
  });

  it("copies to another space only for an Admin/Owner of the source who is a member of the target", async () => {
    const id = await addAgent(s, t.member.token, t.spaceId);
    const before = await count(s, "agent");
    const otherPersonal = await personalSpace(s, t.other.token);
    refused(await s.call(`/api/agent/copy/${id}/${otherPersonal}`, { token: t.other.token, body: {} }), "4030");
    const ownerPersonal = await personalSpace(s, t.owner.token);
    refused(await s.call(`/api/agent/copy/${id}/${ownerPersonal}`, { token: t.admin.token, body: {} }), "4040");
    refused(await s.call(`/api/agent/copy/${id}/999999`, { token: t.admin.token, body: {} }), "4040");
    refused(await s.call(`/api/agent/copy/${id}/zz`, { token: t.admin.token, body: {} }), "4000", "targetSpaceId");
    expect(await count(s, "agent")).toBe(before);

    const adminPersonal = await personalSpace(s, t.admin.token);
    const copyId = ok<number>(
      await s.call(`/api/agent/copy/${id}/${adminPersonal}`, { token: t.admin.token, body: {} }),
    );
    expect(await getAgent(s, t.admin.token, copyId)).toMatchObject({ spaceId: adminPersonal, creatorId: t.admin.id });
    expect((await componentRows(s, copyId)).map((c) => c.type).sort()).toEqual(["Model", "Variable"]);
    // The same space named explicitly is an ordinary copy, open to any member.
    const same = ok<number>(await s.call(`/api/agent/copy/${id}/${t.spaceId}`, { token: t.other.token, body: {} }));
    expect((await agentRow(s, same))!.space_id).toBe(t.spaceId);
  });

  it("refuses outsiders, anonymous callers and plain members of a space closed to development", async () => {
    const id = await addAgent(s, t.member.token, t.spaceId);
    const before = await count(s, "agent");
    refused(await s.call(`/api/agent/copy/${id}`, { token: t.outsider.token, body: {} }), "4040");
    refused(await s.call(`/api/agent/copy/${id}`, { body: {} }), "4010");
    refused(await s.call("/api/agent/copy/-1", { token: t.member.token, body: {} }), "4000", "agentId");
    ok(await s.call("/api/space/update", { token: t.owner.token, body: { id: t.spaceId, allowDevelop: 0 } }));
    try {
      refused(await s.call(`/api/agent/copy/${id}`, { token: t.other.token, body: {} }), "4030");
      expect(await count(s, "agent")).toBe(before);
      ok(await s.call(`/api/agent/copy/${id}`, { token: t.admin.token, body: {} }));
    } finally {
      ok(await s.call("/api/space/update", { token: t.owner.token, body: { id: t.spaceId, allowDevelop: 1 } }));
    }
  });
});

describe("POST /api/agent/transfer/{id}/space/{target}", () => {
  it("moves the agent for its creator (a member of the target), with its components", async () => {
    const id = await addAgent(s, t.member.token, t.spaceId);
    const comps = await componentRows(s, id);
    const target = await personalSpace(s, t.member.token);
    ok(await s.call(`/api/agent/transfer/${id}/space/${target}`, { token: t.member.token, body: {} }));
    expect((await getAgent(s, t.member.token, id)).spaceId).toBe(target);
    expect(await componentRows(s, id)).toEqual(comps.map((c) => ({ ...c })));
    // The team no longer sees it.
    refused(await s.call(`/api/agent/${id}`, { token: t.other.token }), "4040");
    expect(
      (await s.call(`/api/agent/list/${t.spaceId}`, { token: t.other.token })).data.map((a: any) => a.id),
    ).not.toContain(id);
  });

  it("lets a space Admin move someone else's agent to a space they belong to", async () => {
    const id = await addAgent(s, t.member.token, t.spaceId);
    const target = await personalSpace(s, t.admin.token);
    ok(await s.call(`/api/agent/transfer/${id}/space/${target}`, { token: t.admin.token, body: {} }));
    expect((await agentRow(s, id))!.space_id).toBe(target);
  });

  it("refuses a plain non-creator (4030), a target the caller is not in (4040), the same space (0001), outsiders", async () => {
    const id = await addAgent(s, t.member.token, t.spaceId);
    const before = await agentRow(s, id);
    const otherPersonal = await personalSpace(s, t.other.token);
    refused(
      await s.call(`/api/agent/transfer/${id}/space/${otherPersonal}`, { token: t.other.token, body: {} }),
      "4030",
    );
    const ownerPersonal = await personalSpace(s, t.owner.token);
    refused(
      await s.call(`/api/agent/transfer/${id}/space/${ownerPersonal}`, { token: t.member.token, body: {} }),
      "4040",
    );
    refused(await s.call(`/api/agent/transfer/${id}/space/999999`, { token: t.member.token, body: {} }), "4040");
    const same = await s.call(`/api/agent/transfer/${id}/space/${t.spaceId}`, { token: t.member.token, body: {} });
    refused(same, "0001");
    expect(same.message).toContain("已在该空间");
    const outsiderPersonal = await personalSpace(s, t.outsider.token);
    refused(
      await s.call(`/api/agent/transfer/${id}/space/${outsiderPersonal}`, { token: t.outsider.token, body: {} }),
      "4040",
    );
    refused(await s.call(`/api/agent/transfer/${id}/space/${otherPersonal}`, { body: {} }), "4010");
    refused(
      await s.call(`/api/agent/transfer/${id}/space/x`, { token: t.member.token, body: {} }),
      "4000",
      "targetSpaceId",
    );
    // A space closed to development takes no agents from its plain members.
    const closed = ok<number>(await s.call("/api/space/add", { token: t.owner.token, body: { name: "已关闭开发" } }));
    ok(await s.call("/api/space/user/add", { token: t.owner.token, body: [{ spaceId: closed, userId: t.member.id }] }));
    ok(await s.call("/api/space/update", { token: t.owner.token, body: { id: closed, allowDevelop: 0 } }));
    refused(await s.call(`/api/agent/transfer/${id}/space/${closed}`, { token: t.member.token, body: {} }), "4030");
    expect(await agentRow(s, id)).toEqual(before);
  });
});

describe("a space's own model on copy and transfer", () => {
  it("stays in the same space and falls back to the tenant default where the target space cannot use it", async () => {
    const teamModel = await insertModel(s.deps.db, {
      tenantId: 1,
      name: "团队专用模型",
      model: "m",
      protocol: "OpenAI",
      scope: "Space",
      spaceId: t.spaceId,
      isReasonModel: 1,
    });
    const defaultModel = ok(await s.call("/api/tenant/config")).defaultChatModelId;
    const modelOf = async (id: number) => (await componentRows(s, id)).find((c) => c.type === "Model")!;
    const id = await addAgent(s, t.member.token, t.spaceId);
    ok(
      await s.call("/api/agent/component/model/update", {
        token: t.member.token,
        body: { id: (await modelOf(id)).id, targetId: teamModel.id, bindConfig: { reasoningModelId: teamModel.id } },
      }),
    );
    const sameSpace = ok<number>(await s.call(`/api/agent/copy/${id}`, { token: t.member.token, body: {} }));
    expect((await modelOf(sameSpace)).target_id).toBe(teamModel.id);

    const adminPersonal = await personalSpace(s, t.admin.token);
    const copyId = ok<number>(
      await s.call(`/api/agent/copy/${id}/${adminPersonal}`, { token: t.admin.token, body: {} }),
    );
    const copied = await modelOf(copyId);
    expect(copied).toMatchObject({ target_id: defaultModel, name: "内置离线模型" });
    expect(copied.bind_config.reasoningModelId).toBeNull();
    expect((await modelOf(id)).target_id).toBe(teamModel.id);

    ok(
      await s.call(`/api/agent/transfer/${id}/space/${await personalSpace(s, t.member.token)}`, {
        token: t.member.token,
        body: {},
      }),
    );
    expect((await modelOf(id)).target_id).toBe(defaultModel);
  });
});
