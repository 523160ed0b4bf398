import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addAgent, ok, personalSpace } from "../support/agents";
import { startServer, type TestServer } from "../support/server";

/** The original client's AgentComponentInfo and ConversationInfo fields (reference/original-frontend.md §1.5, §1.6). */
let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(async () => {
  await s?.close();
});

describe("component list and conversation (original client)", () => {
  it("components carry targetConfig, groupName and groupDescription; conversations the task fields", async () => {
    const u = await s.newUser();
    const agentId = await addAgent(s, u.token, await personalSpace(s, u.token));
    const list = ok<any[]>(await s.call(`/api/agent/component/list/${agentId}`, { token: u.token }));
    expect(list.length).toBeGreaterThan(0);
    for (const c of list) {
      expect(c).toHaveProperty("targetConfig", null);
      expect(c).toHaveProperty("groupName", null);
      expect(c).toHaveProperty("groupDescription", null);
    }
    const created = ok(
      await s.call("/api/agent/conversation/create", { token: u.token, body: { agentId, devMode: true } }),
    );
    const read = ok(await s.call(`/api/agent/conversation/${created.id}`, { token: u.token, body: {} }));
    expect(read).toMatchObject({ taskId: null, taskStatus: null, taskCron: null, taskCronDesc: null });
    const other = await s.newUser();
    expect((await s.call(`/api/agent/component/list/${agentId}`, { token: other.token })).code).toBe("4040");
  });
});
