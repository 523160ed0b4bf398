import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertComponent } from "#server/modules/agent/repo";
import { insertModel } from "#server/modules/model/repo";
import { addAgent, componentRows, markPublished, ok, personalSpace, refused, type Team, team } from "../support/agents";
import { startServer, type TestServer } from "../support/server";

let s: TestServer;
let t: Team;
beforeAll(async () => {
  s = await startServer();
  t = await team(s);
});
afterAll(() => s.close());

const detail = (id: number | string, token?: string) => s.call(`/api/published/agent/${id}`, { token });

describe("GET /api/published/agent/{id}", () => {
  it("shows a draft to members as a chat user sees it: enabled variables, manual components, opening questions", async () => {
    const id = await addAgent(s, t.member.token, t.spaceId, { name: "详情页助手", template: "template-3" });
    const variable = (await componentRows(s, id)).find((c) => c.type === "Variable")!;
    ok(
      await s.call("/api/agent/component/variable/update", {
        token: t.member.token,
        body: {
          id: variable.id,
          bindConfig: {
            variables: [
              { name: "company", require: true },
              { name: "hidden", enable: false },
            ],
          },
        },
      }),
    );
    await insertComponent(s.deps.db, {
      tenantId: 1,
      agentId: id,
      type: "Plugin",
      targetId: 7,
      name: "手动插件",
      bindConfig: { invokeType: "MANUAL", defaultSelected: 1 },
    });
    await insertComponent(s.deps.db, {
      tenantId: 1,
      agentId: id,
      type: "Workflow",
      targetId: 8,
      name: "自动工作流",
      bindConfig: { invokeType: "AUTO" },
    });
    const d = ok(await detail(id, t.other.token));
    expect(d).toMatchObject({
      agentId: id,
      spaceId: t.spaceId,
      name: "详情页助手",
      publishStatus: "Developing",
      openingChatMsg: "您好，欢迎咨询！请问有什么可以帮您？",
      openingGuidQuestions: ["如何申请退货？", "订单多久能发货？"],
      openSuggest: "Open",
      publishUser: { userId: t.member.id },
      statistics: { collectCount: 0, likeCount: 0, targetId: id },
      collect: false,
    });
    expect(d.variables.map((v: any) => v.name)).toEqual(["company"]);
    expect(d.manualComponents).toEqual([
      expect.objectContaining({ name: "手动插件", type: "Plugin", defaultSelected: 1 }),
    ]);
  });

  it("hides drafts from outsiders (4040, nothing leaked) but shows published agents to the whole tenant", async () => {
    const id = await addAgent(s, t.member.token, t.spaceId, { name: "尚未发布的秘密" });
    const hidden = await detail(id, t.outsider.token);
    refused(hidden, "4040");
    expect(JSON.stringify(hidden)).not.toContain("秘密");
    const missing = await detail(999999, t.outsider.token);
    expect([hidden.code, hidden.message]).toEqual([missing.code, missing.message]);
    refused(await detail(id), "4010");
    refused(await detail("abc", t.member.token), "4000", "agentId");

    await markPublished(s, t.sysAdmin, id);
    expect(ok(await detail(id, t.outsider.token))).toMatchObject({
      name: "尚未发布的秘密",
      publishStatus: "Published",
    });
    ok(await s.call(`/api/user/agent/collect/${id}`, { token: t.outsider.token, body: {} }));
    expect(ok(await detail(id, t.outsider.token))).toMatchObject({ collect: true, statistics: { collectCount: 1 } });
    // Published does not open the editor's view.
    refused(await s.call(`/api/agent/${id}`, { token: t.outsider.token }), "4040");
  });
});

describe("GET /api/component/list/{spaceId}", () => {
  it("lists the space's own components to members only", async () => {
    const base = { tenantId: 1, model: "m", protocol: "OpenAI" as const };
    await insertModel(s.deps.db, {
      ...base,
      name: "团队私有模型",
      scope: "Space",
      spaceId: t.spaceId,
      creatorId: t.owner.id,
    });
    const elsewhere = await personalSpace(s, t.outsider.token);
    await insertModel(s.deps.db, { ...base, name: "别处的模型", scope: "Space", spaceId: elsewhere });
    const list = ok<any[]>(await s.call(`/api/component/list/${t.spaceId}`, { token: t.other.token }));
    expect(list).toEqual([
      expect.objectContaining({ type: "Model", name: "团队私有模型", spaceId: t.spaceId, creatorId: t.owner.id }),
    ]);
    expect(Date.parse(list[0].created)).toBeGreaterThan(0);
    const res = await s.call(`/api/component/list/${t.spaceId}`, { token: t.outsider.token });
    refused(res, "4040");
    expect(JSON.stringify(res)).not.toContain("团队私有模型");
    refused(await s.call(`/api/component/list/${t.spaceId}`), "4010");
    refused(await s.call("/api/component/list/abc", { token: t.member.token }), "4000", "spaceId");
  });
});
