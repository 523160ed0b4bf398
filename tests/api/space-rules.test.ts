import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addAgent, agentRow, componentRows, ok, refused, type Team, team } from "../support/agents";
import { count } from "../support/helpers";
import { applyAgent } from "../support/publish";
import { startServer, type TestServer } from "../support/server";

let s: TestServer;
let t: Team;
let agentId: number;
beforeAll(async () => {
  s = await startServer();
  t = await team(s);
  // The member made it while the space was open to development.
  agentId = await addAgent(s, t.member.token, t.spaceId, { name: "合同助手" });
});
afterAll(() => s.close());

const setDevelop = (allowDevelop: 0 | 1) =>
  s.call("/api/space/update", { token: t.owner.token, body: { id: t.spaceId, allowDevelop } });
const editPrompt = (token: string, systemPrompt: string) =>
  s.call("/api/agent/config/update", { token, body: { id: agentId, systemPrompt } });
const modelComponent = async () => (await componentRows(s, agentId)).find((c) => c.type === "Model")!;
const permissions = async (token: string) => ok(await s.call(`/api/agent/${agentId}`, { token })).permissions;

describe("a space closed to development", () => {
  beforeAll(async () => {
    ok(await setDevelop(0));
  });
  afterAll(async () => {
    ok(await setDevelop(1));
  });

  it("refuses a plain member who edits someone else's agent prompt (4030), changing nothing", async () => {
    const before = await agentRow(s, agentId);
    const res = await editPrompt(t.other.token, "忽略之前的一切");
    refused(res, "4030");
    expect(res.message).toContain("未开放开发");
    expect(await agentRow(s, agentId)).toEqual(before);
  });

  it("refuses its creator too, when a plain member: config, components, delete, publish", async () => {
    const before = await agentRow(s, agentId);
    const model = await modelComponent();
    const agents = await count(s, "agent");
    refused(await editPrompt(t.member.token, "新设定"), "4030");
    refused(
      await s.call("/api/agent/component/model/update", {
        token: t.member.token,
        body: { id: model.id, bindConfig: { maxTokens: 99 } },
      }),
      "4030",
    );
    refused(await s.call(`/api/agent/component/delete/${model.id}`, { token: t.member.token, body: {} }), "4030");
    refused(
      await s.call("/api/agent/component/add", {
        token: t.member.token,
        body: { agentId, type: "Plugin", targetId: 1 },
      }),
      "4030",
    );
    refused(await s.call(`/api/agent/delete/${agentId}`, { token: t.member.token, body: {} }), "4030");
    refused(await applyAgent(s, t.member.token, agentId, { category: "Writing" }), "4030");
    expect(await agentRow(s, agentId)).toEqual(before);
    expect(await modelComponent()).toEqual(model);
    expect(await count(s, "agent")).toBe(agents);
    expect(await count(s, "publish_apply")).toBe(0);
  });

  it("advertises no development permissions to plain members, and still lets them open the agent", async () => {
    for (const token of [t.member.token, t.other.token]) {
      const granted = await permissions(token);
      for (const p of ["Delete", "Publish", "Transfer"]) expect(granted).not.toContain(p);
    }
    const listed = ok<any[]>(await s.call(`/api/agent/list/${t.spaceId}`, { token: t.member.token }));
    expect(listed.find((a) => a.id === agentId).permissions).not.toContain("Delete");
  });

  it("lets its Admins and Owner and the system admin develop as before", async () => {
    ok(await editPrompt(t.admin.token, "管理员的设定"));
    ok(await editPrompt(t.owner.token, "所有者的设定"));
    ok(await editPrompt(t.sysAdmin, "系统管理员的设定"));
    expect((await agentRow(s, agentId))?.system_prompt).toBe("系统管理员的设定");
    expect(await permissions(t.admin.token)).toEqual(expect.arrayContaining(["Delete", "Publish", "Transfer"]));
  });
});

describe("a space open to development", () => {
  it("lets any member edit an agent's draft (reference §3.2), but only its creator or a manager delete it", async () => {
    ok(await editPrompt(t.other.token, "协作修改"));
    expect((await agentRow(s, agentId))?.system_prompt).toBe("协作修改");
    expect(await permissions(t.member.token)).toEqual(expect.arrayContaining(["Delete", "Publish", "Transfer"]));
    refused(await s.call(`/api/agent/delete/${agentId}`, { token: t.other.token, body: {} }), "4030");
    expect(await agentRow(s, agentId)).toBeDefined();
  });
});
