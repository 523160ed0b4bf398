import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seed } from "#server/db/seed";
import { ok } from "../support/agents";
import { chat, finalOf, newConversation, streamed } from "../support/chat";
import { count } from "../support/helpers";
import { squareTargets } from "../support/publish";
import { startServer, type TestServer } from "../support/server";

const PASSWORD = "First#Run2026";
let s: TestServer;
let admin: string;

beforeAll(async () => {
  // A fresh install with the defaults: the run's shared snapshot is seeded without examples, so seed anew.
  s = await startServer({ ADMIN_PASSWORD: PASSWORD, SEED_EXAMPLES: "1" });
  admin = await s.login("admin", PASSWORD);
});
afterAll(() => s?.close());

const tenantConfig = async () => ok(await s.call("/api/tenant/config"));

describe("first start", () => {
  it("sets a published default agent that answers on the built-in model at once", async () => {
    const { defaultAgentId } = await tenantConfig();
    expect(defaultAgentId).toEqual(expect.any(Number));
    const agent = ok(await s.call(`/api/published/agent/${defaultAgentId}`, { token: admin }));
    expect(agent).toMatchObject({ name: "通用助手", openingChatMsg: expect.stringContaining("你好") });
    expect(agent.guidQuestionDtos.length).toBeGreaterThan(0);
    const conversation = await newConversation(s, admin, defaultAgentId);
    const { events } = await chat(s, admin, conversation.id, "你好");
    expect(streamed(events)).toContain("你好");
    expect(finalOf(events)).toBeTruthy();
  });

  it("fills the square with copyable examples, readable without a token, the default agent among them", async () => {
    const { defaultAgentId } = await tenantConfig();
    const targets = await squareTargets(s, null);
    expect(targets).toHaveLength(4);
    expect(targets).toContain(defaultAgentId);
    expect(await squareTargets(s, null, { allowCopy: 1 })).toHaveLength(4);
    expect(await squareTargets(s, null, { category: "Writing" })).toHaveLength(1);
    // Seeded without an audit round trip: nothing waits in the queue and nobody got a notice about it.
    expect(await count(s, "publish_apply")).toBe(4);
    expect(await count(s, "notify_message")).toBe(0);
  });

  it("lets a new user copy an example into their own space", async () => {
    const user = await s.newUser();
    const [exampleId] = await squareTargets(s, null, { category: "Learning" });
    const spaces = ok(await s.call("/api/space/list", { token: user.token })) as { id: number; type: string }[];
    const personal = spaces.find((sp) => sp.type === "Personal")!;
    const copy = await s.call<number>("/api/publish/template/copy", {
      token: user.token,
      body: { targetType: "Agent", targetId: exampleId, targetSpaceId: personal.id },
    });
    expect(copy.code).toBe("0000");
    const copied = ok(await s.call(`/api/agent/${ok(copy)}`, { token: user.token }));
    expect(copied).toMatchObject({ spaceId: personal.id, publishStatus: "Developing" });
  });

  it("seeds only once: a second run changes nothing", async () => {
    const before = { agents: await count(s, "agent"), published: await count(s, "published") };
    const { defaultAgentId } = await tenantConfig();
    expect(await seed(s.deps)).toEqual({ seeded: false });
    expect({ agents: await count(s, "agent"), published: await count(s, "published") }).toEqual(before);
    expect((await tenantConfig()).defaultAgentId).toBe(defaultAgentId);
  });
});

describe("SEED_EXAMPLES=0", () => {
  it("starts with an empty square and no default agent", async () => {
    const bare = await startServer({ ADMIN_PASSWORD: PASSWORD, SEED_EXAMPLES: "0" });
    try {
      expect(ok(await bare.call("/api/tenant/config")).defaultAgentId).toBeNull();
      expect(await squareTargets(bare, null)).toEqual([]);
    } finally {
      await bare.close();
    }
  });
});
