import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ok, personalSpace, refused, type Team, team } from "../support/agents";
import { count } from "../support/helpers";
import { startServer, type TestServer } from "../support/server";
import { detail, newWorkflow, wire } from "../support/workflows";

// The owner's two switches of 成员与设置 → 空间设置 (original-backend.md §1.2, §3): 开发者功能 (allow_develop) off
// keeps plain members from making components in the space; 接受外部发布 (receive_publish) off keeps items of other
// spaces from being published into it. Agents are covered in space-rules.test.ts and publish.test.ts.

let s: TestServer;
let t: Team;
beforeAll(async () => {
  s = await startServer();
  t = await team(s);
});
afterAll(() => s.close());

const setSwitches = (values: { allowDevelop?: 0 | 1; receivePublish?: 0 | 1 }) =>
  s.call("/api/space/update", { token: t.owner.token, body: { id: t.spaceId, ...values } });

const inSpace = (spaceId: number) => sql`space_id = ${spaceId}`;

describe("开发者功能 off", () => {
  it("refuses plain members a new workflow or knowledge base (4030), not the space's Admin; on again, they may", async () => {
    ok(await setSwitches({ allowDevelop: 0 }));
    try {
      const workflows = await count(s, "workflow", inSpace(t.spaceId));
      const bases = await count(s, "knowledge_base", inSpace(t.spaceId));
      const byMember = await s.call("/api/workflow/add", {
        token: t.member.token,
        body: { spaceId: t.spaceId, name: "成员的工作流" },
      });
      refused(byMember, "4030");
      expect(byMember.message).toContain("未开放开发");
      refused(
        await s.call("/api/knowledge/config/add", {
          token: t.member.token,
          body: { spaceId: t.spaceId, name: "成员的知识库" },
        }),
        "4030",
      );
      expect(await count(s, "workflow", inSpace(t.spaceId))).toBe(workflows);
      expect(await count(s, "knowledge_base", inSpace(t.spaceId))).toBe(bases);
      await newWorkflow(s, t.admin.token, t.spaceId, "管理员的工作流");
    } finally {
      ok(await setSwitches({ allowDevelop: 1 }));
    }
    await newWorkflow(s, t.member.token, t.spaceId, "重新开放后的工作流");
  });
});

describe("接受外部发布 off", () => {
  /** A workflow (Start → End) in the member's personal space, published with Space scope into `spaceId`. */
  async function publishInto(spaceId: number, name: string) {
    const id = await newWorkflow(s, t.member.token, await personalSpace(s, t.member.token), name);
    const { startNode, endNode } = await detail(s, t.member.token, id);
    ok(await wire(s, t.member.token, startNode.id, [endNode.id]));
    const body = { targetType: "Workflow", targetId: id, category: "Efficiency", items: [{ scope: "Space", spaceId }] };
    return { id, res: await s.call("/api/publish/apply", { token: t.member.token, body }) };
  }
  const published = (targetId: number) =>
    count(s, "published", sql`target_type = 'Workflow' and target_id = ${targetId}`);

  it("refuses a workflow from another space (0001, naming the space), and takes it once the switch is on", async () => {
    ok(await setSwitches({ receivePublish: 0 }));
    try {
      const { id, res } = await publishInto(t.spaceId, "外来的工作流");
      refused(res, "0001");
      expect(res.message).toContain("不接收外部发布");
      expect(await published(id)).toBe(0);
      // The space's own workflows still publish into it.
      const own = await newWorkflow(s, t.member.token, t.spaceId, "本空间的工作流");
      const { startNode, endNode } = await detail(s, t.member.token, own);
      ok(await wire(s, t.member.token, startNode.id, [endNode.id]));
      ok(
        await s.call("/api/publish/apply", {
          token: t.member.token,
          body: { targetType: "Workflow", targetId: own, items: [{ scope: "Space", spaceId: t.spaceId }] },
        }),
      );
    } finally {
      ok(await setSwitches({ receivePublish: 1 }));
    }
    const { id, res } = await publishInto(t.spaceId, "欢迎的工作流");
    ok(res);
    expect(await published(id)).toBe(1);
  });
});
