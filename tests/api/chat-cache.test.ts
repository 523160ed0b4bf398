import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeOpenAI } from "../fixtures/fake-openai";
import { addAgent, ok, type Team, team } from "../support/agents";
import { addFakeModel, bindModel, chat, configure, finalOf, messageRows, newConversation } from "../support/chat";
import { publishToSquare } from "../support/publish";
import { startServer, type TestServer } from "../support/server";

/**
 * A chat turn's checks read sessions, users, spaces, agents, components and models that the embedded database's
 * read cache (server/db/read-cache.ts) keeps between turns. Every change made through the API in between must be
 * seen by the very next turn: an edited prompt, a model taken offline, a member removed, a session expired or
 * ended, a user disabled, another model bound, a publication taken off. The agent a turn runs, with its configuration
 * and model, is also kept whole between turns (runnableAgent in the conversation service): each case here changes
 * one of the tables it reads. Runs on PostgreSQL too, where the cache also hears of other processes' writes by
 * notifications (server/db/pg-read-cache.ts).
 */
const sha256 = (v: string) => createHash("sha256").update(v).digest("hex");

let s: TestServer;
let t: Team;
let fake: Awaited<ReturnType<typeof startFakeOpenAI>>;
let agentId: number;
let modelId: number;

beforeAll(async () => {
  [s, fake] = await Promise.all([startServer(), startFakeOpenAI()]);
  t = await team(s);
  agentId = await addAgent(s, t.member.token, t.spaceId, { name: "缓存" });
  modelId = await addFakeModel(s, t.member.token, t.spaceId, fake, "fake-text");
  await bindModel(s, t.member.token, agentId, modelId);
});
afterAll(async () => {
  await s.close();
  await fake.close();
});

const modelOfLastRequest = () => fake.requests.at(-1)?.body?.model;
const systemOfLastRequest = () =>
  (fake.requests.at(-1)?.body?.messages ?? []).find((m: { role: string }) => m.role === "system")?.content;

async function answers(token: string, conversationId: number, message = "你好") {
  const { events } = await chat(s, token, conversationId, message);
  return finalOf(events)?.data.success === true;
}

describe("cached reads of a chat turn follow every change", () => {
  it("uses the agent's edited prompt from the next turn on", async () => {
    const conversation = await newConversation(s, t.member.token, agentId);
    await configure(s, t.member.token, agentId, { systemPrompt: "第一版提示" });
    expect(await answers(t.member.token, conversation.id)).toBe(true);
    expect(systemOfLastRequest()).toContain("第一版提示");
    await configure(s, t.member.token, agentId, { systemPrompt: "第二版提示" });
    expect(await answers(t.member.token, conversation.id)).toBe(true);
    expect(systemOfLastRequest()).toContain("第二版提示");
  });

  it("refuses the next turn once the model is offline, and answers again when it is back", async () => {
    const conversation = await newConversation(s, t.member.token, agentId);
    expect(await answers(t.member.token, conversation.id)).toBe(true);
    const model = {
      id: modelId,
      spaceId: t.spaceId,
      name: "fake-text",
      model: "fake-text",
      baseUrl: fake.url,
      apiKey: fake.apiKey,
    };
    ok(await s.call("/api/model/save", { token: t.member.token, body: { ...model, enabled: 0 } }));
    const { events } = await chat(s, t.member.token, conversation.id, "模型下线了吗");
    expect(finalOf(events)?.data).toMatchObject({ success: false, error: expect.stringContaining("模型已下线") });
    ok(await s.call("/api/model/save", { token: t.member.token, body: { ...model, enabled: 1 } }));
    expect(await answers(t.member.token, conversation.id)).toBe(true);
  });

  // The next two change one table each, straight in the database: the API's edits also write the agent's row,
  // which would hide a table missing from what the kept agent depends on.
  it("asks the model newly bound to the agent from the next turn on", async () => {
    const conversation = await newConversation(s, t.member.token, agentId);
    const second = await addFakeModel(s, t.member.token, t.spaceId, fake, "fake-text-second");
    expect(await answers(t.member.token, conversation.id)).toBe(true);
    expect(modelOfLastRequest()).toBe("fake-text");
    const bind = (target: number) =>
      s.deps.db.execute(
        sql`update agent_component set target_id = ${target} where agent_id = ${agentId} and type = 'Model'`,
      );
    await bind(second);
    expect(await answers(t.member.token, conversation.id)).toBe(true);
    expect(modelOfLastRequest()).toBe("fake-text-second");
    await bind(modelId);
    expect(await answers(t.member.token, conversation.id)).toBe(true);
    expect(modelOfLastRequest()).toBe("fake-text");
  });

  it("runs the published configuration while it is live, and the draft once it is taken off", async () => {
    const published = await addAgent(s, t.member.token, t.spaceId, { name: "发布" });
    await bindModel(s, t.member.token, published, modelId);
    await configure(s, t.member.token, published, { systemPrompt: "发布版提示" });
    const publishId = await publishToSquare(s, t.member.token, t.sysAdmin, published);
    await configure(s, t.member.token, published, { systemPrompt: "草稿提示" });
    const conversation = await newConversation(s, t.owner.token, published);
    expect(await answers(t.owner.token, conversation.id)).toBe(true);
    expect(systemOfLastRequest()).toContain("发布版提示");
    await s.deps.db.execute(sql`delete from published where id = ${publishId}`);
    expect(await answers(t.owner.token, conversation.id)).toBe(true);
    expect(systemOfLastRequest()).toContain("草稿提示");
  });

  it("refuses a member removed from the space, at the next turn", async () => {
    const conversation = await newConversation(s, t.other.token, agentId);
    expect(await answers(t.other.token, conversation.id)).toBe(true);
    ok(
      await s.call("/api/space/user/delete", {
        token: t.owner.token,
        body: { spaceId: t.spaceId, userId: t.other.id },
      }),
    );
    expect((await chat(s, t.other.token, conversation.id, "还能用吗")).envelope?.code).toBe("4040");
    expect((await messageRows(s, conversation.id)).filter((m) => m.role === "USER")).toHaveLength(1);
  });

  it("refuses a session once expired or signed out, and every session of a disabled user", async () => {
    const user = await s.newUser();
    const space = ok<{ id: number }[]>(await s.call("/api/space/list", { token: user.token }))[0]!;
    const own = await addAgent(s, user.token, space.id, { name: "自己的" });
    await bindModel(s, user.token, own, await addFakeModel(s, user.token, space.id, fake, "fake-text"));
    const conversation = await newConversation(s, user.token, own);
    expect(await answers(user.token, conversation.id)).toBe(true);
    const second = await s.login(user.userName, "Passw0rd!");
    expect(await answers(second, conversation.id)).toBe(true);

    const third = await s.login(user.userName, "Passw0rd!");
    expect((await s.call("/api/user/getLoginInfo", { token: third })).code).toBe("0000");
    await s.deps.db.execute(
      sql`update auth_token set expires_at = now() - interval '1 minute' where token_hash = ${sha256(third)}`,
    );
    expect((await s.call("/api/user/getLoginInfo", { token: third })).code).toBe("4010");

    ok(await s.call("/api/user/logout", { token: user.token, body: {} }));
    expect((await s.call("/api/user/getLoginInfo", { token: user.token })).code).toBe("4010");
    expect(await answers(second, conversation.id)).toBe(true);

    ok(await s.call(`/api/system/user/disable/${user.id}`, { token: t.sysAdmin, body: {} }));
    expect((await s.call("/api/user/getLoginInfo", { token: second })).code).toBe("4010");
    expect((await chat(s, second, conversation.id, "还在吗")).envelope?.code).toBe("4010");
    expect((await messageRows(s, conversation.id)).filter((m) => m.role === "USER")).toHaveLength(3);
  });
});
