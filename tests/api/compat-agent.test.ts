import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addAgent, ok, refused, type Team, team } from "../support/agents";
import { publishToSquare } from "../support/publish";
import { startServer, type TestServer } from "../support/server";

/** The original web client's agent shapes (reference/original-frontend.md §1.4 AgentConfigInfo, AgentDetailDto). */
let s: TestServer;
let t: Team;
let agentId: number;
beforeAll(async () => {
  s = await startServer();
  t = await team(s);
  agentId = await addAgent(s, t.member.token, t.spaceId);
});
afterAll(async () => {
  await s?.close();
});

const conversation = async (token: string, id: number) =>
  ok(await s.call(`/api/agent/conversation/${id}`, { method: "POST", token }));

describe("GET /api/agent/{id} (AgentConfigInfo)", () => {
  it("gives each developer one debug conversation, created on the first read and reused after", async () => {
    const first = ok(await s.call(`/api/agent/${agentId}`, { token: t.member.token }));
    expect(first.devConversationId).toEqual(expect.any(Number));
    const again = ok(await s.call(`/api/agent/${agentId}`, { token: t.member.token }));
    expect(again.devConversationId).toBe(first.devConversationId);
    const debug = await conversation(t.member.token, first.devConversationId);
    expect(debug).toMatchObject({ agentId, devMode: true, userId: t.member.id });

    const admin = ok(await s.call(`/api/agent/${agentId}`, { token: t.admin.token }));
    expect(admin.devConversationId).not.toBe(first.devConversationId);
    // Each one's debug chat is private to them.
    refused(
      await s.call(`/api/agent/conversation/${first.devConversationId}`, { token: t.admin.token, body: {} }),
      "4040",
    );
  });

  it("refuses outsiders without creating a conversation for them", async () => {
    refused(await s.call(`/api/agent/${agentId}`, { token: t.outsider.token }), "4040");
    const mine = ok<any[]>(
      await s.call("/api/agent/conversation/list", { token: t.outsider.token, body: { agentId, limit: 20 } }),
    );
    expect(mine).toEqual([]);
  });

  it("carries space, publication and page fields on the agent and in the space's list", async () => {
    const info = ok(await s.call(`/api/agent/${agentId}`, { token: t.member.token }));
    expect(info).toMatchObject({
      space: { id: t.spaceId, currentUserRole: "User" },
      publishUser: null,
      publishRemark: null,
      category: null,
      expandPageArea: 0,
      hideChatArea: 0,
      pageHomeIndex: null,
    });
    await publishToSquare(s, t.member.token, t.sysAdmin, agentId, { category: "Writing", remark: "上架说明" });
    const list = ok<any[]>(await s.call(`/api/agent/list/${t.spaceId}`, { token: t.owner.token }));
    const row = list.find((a) => a.id === agentId);
    expect(row).toMatchObject({
      space: { id: t.spaceId, currentUserRole: "Owner" },
      publishUser: { userId: t.member.id },
      publishRemark: "上架说明",
      category: "Writing",
      expandPageArea: 0,
      hideChatArea: 0,
      pageHomeIndex: null,
      devConversationId: null,
    });
  });
});

describe("GET /api/published/agent/{id}?withConversationId=true (AgentDetailDto)", () => {
  it("creates the caller's conversation, reuses it while empty, and adds shareLink and page flags", async () => {
    const u = await s.newUser();
    const plain = ok(await s.call(`/api/published/agent/${agentId}`, { token: u.token }));
    expect(plain).toMatchObject({ conversationId: null, shareLink: `/agent/${agentId}`, expandPageArea: 0 });
    expect(plain).toMatchObject({ hideChatArea: 0, pageHomeIndex: null });

    const withId = ok(await s.call(`/api/published/agent/${agentId}?withConversationId=true`, { token: u.token }));
    expect(withId.conversationId).toEqual(expect.any(Number));
    expect(await conversation(u.token, withId.conversationId)).toMatchObject({ agentId, devMode: false, userId: u.id });
    const again = ok(await s.call(`/api/published/agent/${agentId}?withConversationId=true`, { token: u.token }));
    expect(again.conversationId).toBe(withId.conversationId);
    expect(again.statistics.userCount).toBe(withId.statistics.userCount);

    refused(await s.call(`/api/published/agent/${agentId}?withConversationId=maybe`, { token: u.token }), "4000");
  });

  it("does not open a conversation with an agent the caller may not see", async () => {
    const draft = await addAgent(s, t.member.token, t.spaceId);
    refused(await s.call(`/api/published/agent/${draft}?withConversationId=true`, { token: t.outsider.token }), "4040");
    const mine = ok<any[]>(
      await s.call("/api/agent/conversation/list", { token: t.outsider.token, body: { agentId: draft, limit: 20 } }),
    );
    expect(mine).toEqual([]);
  });
});
