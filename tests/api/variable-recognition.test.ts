import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeOpenAI } from "../fixtures/fake-openai";
import { addAgent, personalSpace } from "../support/agents";
import {
  addFakeModel,
  bindModel,
  chat,
  configure,
  expectWellFormed,
  newConversation,
  setVariables,
} from "../support/chat";
import { rows } from "../support/helpers";
import { startServer, type TestServer } from "../support/server";
import type { ChatEvent } from "../support/sse";

/** Variables set to 自动识别 fill themselves from the conversation each turn (original-backend.md §5.4). */
let s: TestServer;
let fake: Awaited<ReturnType<typeof startFakeOpenAI>>;
let user: Awaited<ReturnType<TestServer["newUser"]>>;
let space: number;

const auto = (name: string, displayName: string, dataType = "String") => ({
  name,
  displayName,
  dataType,
  inputType: "AutoRecognition",
});

beforeAll(async () => {
  [s, fake] = await Promise.all([startServer(), startFakeOpenAI({ toolArgs: { city: "上海", budget: "2500" } })]);
  user = await s.newUser();
  space = await personalSpace(s, user.token);
});
afterAll(async () => {
  await s.close();
  await fake.close();
});

const variableSteps = (events: ChatEvent[]) =>
  events.filter((e) => e.eventType === "PROCESSING" && e.data.type === "Variable").map((e) => e.data);
async function storedVariables(conversationId: number) {
  const [row] = await rows<{ variables: Record<string, unknown> }>(
    s,
    sql`select variables from conversation where id = ${conversationId}`,
  );
  return row!.variables;
}

describe("AutoRecognition variables", () => {
  it("the built-in model fills them from the message: a 变量设置 step, stored with the conversation", async () => {
    const agentId = await addAgent(s, user.token, space, { name: "导游" });
    await setVariables(s, user.token, agentId, [
      auto("city", "城市"),
      auto("budget", "预算", "Number"),
      { name: "tone", displayName: "语气", bindValue: "亲切" },
    ]);
    const conv = await newConversation(s, user.token, agentId);
    const { events } = await chat(s, user.token, conv.id, "我想出去玩，城市是杭州，预算是3000元左右");
    expectWellFormed(events);
    const steps = variableSteps(events);
    expect(steps.map((x) => [x.name, x.status])).toEqual([
      ["变量设置", "EXECUTING"],
      ["变量设置", "FINISHED"],
    ]);
    expect(steps[1].result).toMatchObject({ success: true, data: { city: "杭州", budget: 3000 } });
    expect(await storedVariables(conv.id)).toMatchObject({ city: "杭州", budget: 3000, tone: "亲切" });

    // A later turn that does not mention them keeps them; one that changes one updates it.
    await chat(s, user.token, conv.id, "有什么好吃的？");
    expect(await storedVariables(conv.id)).toMatchObject({ city: "杭州", budget: 3000 });
    const changed = await chat(s, user.token, conv.id, "改一下，城市是苏州");
    expect(variableSteps(changed.events).at(-1)!.result.data).toMatchObject({ city: "苏州" });
    expect(await storedVariables(conv.id)).toMatchObject({ city: "苏州", budget: 3000 });
  });

  it("asks the agent's own model for JSON and uses the values in this turn's prompt", async () => {
    const agentId = await addAgent(s, user.token, space, { name: "旅行规划" });
    await bindModel(s, user.token, agentId, await addFakeModel(s, user.token, space, fake, "fake-plugins"));
    await setVariables(s, user.token, agentId, [auto("city", "城市"), auto("budget", "预算", "Integer")]);
    await configure(s, user.token, agentId, { systemPrompt: "你是{{city}}的导游，预算{{budget}}元。" });
    const conv = await newConversation(s, user.token, agentId);
    const before = fake.requests.length;
    const { events } = await chat(s, user.token, conv.id, "帮我规划一下行程");
    expectWellFormed(events);
    const requests = fake.requests.slice(before).filter((r) => r.path.endsWith("/chat/completions"));
    const recognition = requests.find((r) => !r.body.stream)!;
    expect(recognition.body.response_format).toMatchObject({ type: "json_object" });
    expect(recognition.body.messages[0].content).toContain("- city（城市）");
    expect(recognition.body.messages.at(-1).content).toContain("用户：帮我规划一下行程");
    const answer = requests.find((r) => r.body.stream)!;
    expect(answer.body.messages[0].content).toBe("你是上海的导游，预算2500元。");
    expect(await storedVariables(conv.id)).toMatchObject({ city: "上海", budget: 2500 });
  });

  it("adds no step when the agent has no AutoRecognition variable", async () => {
    const agentId = await addAgent(s, user.token, space, { name: "普通" });
    await setVariables(s, user.token, agentId, [{ name: "city", displayName: "城市" }]);
    const conv = await newConversation(s, user.token, agentId);
    const { events } = await chat(s, user.token, conv.id, "城市是杭州");
    expect(variableSteps(events)).toEqual([]);
    expect(await storedVariables(conv.id)).not.toHaveProperty("city");
  });
});
