import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertMemories } from "#server/modules/memory/repo";
import { findTenantConfigValues, saveTenantConfigValues } from "#server/modules/tenant/repo";
import { memoryIndex } from "#server/runtime/memory/recall";
import { startFakeOpenAI } from "../fixtures/fake-openai";
import { addAgent, ok, personalSpace } from "../support/agents";
import { addFakeModel, bindModel, chat, configure, eventually, newConversation } from "../support/chat";
import { rows } from "../support/helpers";
import { startServer, type TestServer } from "../support/server";
import { postSse } from "../support/sse";
import { addNode, detail, type Frame, newWorkflow, param, ref, testRun, updateNode, wire } from "../support/workflows";

/**
 * Long-term memory through an OpenAI-compatible provider (the fake server): the tenant's default model answers
 * the extraction request with JSON, the agent's own model receives the recalled memories in the user turn.
 */
let s: TestServer;
let fake: Awaited<ReturnType<typeof startFakeOpenAI>>;
let user: Awaited<ReturnType<TestServer["newUser"]>>;
let stored: Awaited<ReturnType<typeof findTenantConfigValues>>;
const FACTS = [
  { category: "profile", subCategory: "basic", key: "姓名", content: "用户的名字是Alice", isSensitive: false },
  { category: "preference", subCategory: "likes", key: "语言", content: "用户喜欢用英文交流", isSensitive: false },
  { category: "bogus", key: "", content: "用户的分类不存在时记为其他" },
  { category: "profile", content: "" },
];

beforeAll(async () => {
  [s, fake] = await Promise.all([startServer(), startFakeOpenAI({ toolArgs: { memories: FACTS } })]);
  user = await s.newUser();
  stored = await findTenantConfigValues(s.deps.db, 1);
});
afterAll(async () => {
  await saveTenantConfigValues(s.deps.db, 1, stored);
  await s.close();
  await fake.close();
});

const completions = () => fake.requests.filter((r) => r.path.endsWith("/chat/completions"));
const extractionRequests = () => completions().filter((r) => JSON.stringify(r.body).includes("【任务：记忆提取】"));
const list = async (token: string) =>
  ok(await s.call("/api/memory/list", { token, body: { current: 1, pageSize: 50 } })) as {
    total: number;
    records: { id: number; category: string; content: string }[];
  };

describe("long-term memory with an OpenAI-compatible model", () => {
  it("extracts with the tenant's default model and recalls into the next conversation's user turn", async () => {
    const space = await personalSpace(s, user.token);
    const extractor = await addFakeModel(s, user.token, space, fake, "fake-plugins");
    await saveTenantConfigValues(s.deps.db, 1, { ...stored, defaultChatModelId: extractor });
    try {
      await rememberAndRecall(space);
    } finally {
      await saveTenantConfigValues(s.deps.db, 1, stored);
    }
  });
});

/** The test's body, run while the fake model is the tenant's default (restored even when it fails). */
async function rememberAndRecall(space: number) {
  const agentId = await addAgent(s, user.token, space, { name: "英文助手" });
  await bindModel(s, user.token, agentId, await addFakeModel(s, user.token, space, fake, "fake-text"));
  await configure(s, user.token, agentId, { openLongMemory: "Open" });

  const first = await newConversation(s, user.token, agentId);
  await chat(s, user.token, first.id, "Hi, I'm Alice. 我喜欢用英文交流");
  const page = await eventually(async () => {
    const p = await list(user.token);
    // Both parts of the page: on PostgreSQL its count and its rows are read on two connections at once.
    return p.total >= 3 && p.records.length >= 3 && p;
  }, 15_000);
  expect(page.records.map((m) => [m.category, m.content]).sort()).toEqual([
    ["other", "用户的分类不存在时记为其他"],
    ["preference", "用户喜欢用英文交流"],
    ["profile", "用户的名字是Alice"],
  ]);
  const [request] = extractionRequests();
  expect(request!.body.model).toBe("fake-plugins");
  expect(request!.body.stream).toBeFalsy();
  const prompt = request!.body.messages.at(-1).content as string;
  expect(prompt).toContain("已有记忆：\n（无）");
  expect(prompt).toContain("用户：Hi, I'm Alice. 我喜欢用英文交流");
  expect(prompt).toContain(`助手：你好，我是假模型。`);

  const second = await newConversation(s, user.token, agentId);
  await chat(s, user.token, second.id, "我平时喜欢用什么语言交流？");
  const turn = completions().findLast((r) => r.body.model === "fake-text")!;
  const content = turn.body.messages.at(-1).content as string;
  expect(content.startsWith("<user-memory>")).toBe(true);
  expect(content).toContain("- 用户的名字是Alice");
  expect(content).toContain("- 用户喜欢用英文交流");
  expect(content.endsWith("我平时喜欢用什么语言交流？")).toBe(true);

  // The second extraction is shown what is kept (with ids) and its repeated facts add nothing.
  const second2 = await eventually(async () => extractionRequests().length >= 2 && extractionRequests()[1]);
  expect(second2.body.messages.at(-1).content).toContain('"content":"用户的名字是Alice"');
  await eventually(async () => (await extractedTurns(user.id)) >= 2, 15_000);
  expect((await list(user.token)).total).toBe(3);
}

describe("the LongTermMemory workflow node", () => {
  it("outputs the running user's memories relevant to its query, never sensitive ones", async () => {
    const runner = await s.newUser();
    const space = await personalSpace(s, runner.token);
    const agentId = await addAgent(s, runner.token, space, { name: "旅行助手" });
    const facts = [
      ["profile", "用户的名字是小红", false],
      ["preference", "用户喜欢去海边旅行", false],
      ["project", "用户正在写毕业论文", false],
      ["auth", "用户的护照号是E12345678", true],
    ] as const;
    await insertMemories(
      s.deps.db,
      facts.map(([category, content, isSensitive]) => ({
        tenantId: 1,
        userId: runner.id,
        agentId,
        category,
        content,
        isSensitive,
        ...memoryIndex(content),
      })),
    );

    const workflowId = await newWorkflow(s, runner.token, space);
    const { startNode, endNode } = await detail(s, runner.token, workflowId);
    const memory = await addNode(s, runner.token, workflowId, "LongTermMemory");
    expect(memory.nodeConfig.inputArgs).toEqual([expect.objectContaining({ name: "Query" })]);
    ok(
      await updateNode(s, runner.token, "update", {
        nodeId: startNode.id,
        nodeConfig: { ...startNode.nodeConfig, inputArgs: [param("q")] },
      }),
    );
    ok(
      await updateNode(s, runner.token, "update", {
        nodeId: memory.id,
        nodeConfig: { ...memory.nodeConfig, inputArgs: [ref("Query", `${startNode.id}.q`)] },
      }),
    );
    ok(
      await updateNode(s, runner.token, "end", {
        nodeId: endNode.id,
        nodeConfig: {
          ...endNode.nodeConfig,
          returnType: "VARIABLE",
          outputArgs: [ref("memories", `${memory.id}.outputList`, "Array_Object")],
        },
      }),
    );
    ok(await wire(s, runner.token, startNode.id, [memory.id]));
    ok(await wire(s, runner.token, memory.id, [endNode.id]));

    const run = await testRun(s, runner.token, {
      workflowId,
      requestId: "memory-node-1",
      params: { q: "推荐一个海边旅行的地方，护照号多少" },
    });
    const final = run.events.at(-1)!;
    expect(final, JSON.stringify(run.envelope ?? final)).toMatchObject({ complete: true, success: true });
    const outputs = (final.data.memories as { output: string }[]).map((m) => m.output);
    expect(outputs[0]).toBe("用户的名字是小红");
    expect(outputs).toContain("用户喜欢去海边旅行");
    expect(outputs).not.toContain("用户正在写毕业论文");
    expect(outputs.join()).not.toContain("E12345678");

    // Another user running the same kind of workflow sees none of these memories.
    const stranger = await s.newUser();
    const strangerFlow = await newWorkflow(s, stranger.token, await personalSpace(s, stranger.token));
    const node = await addNode(s, stranger.token, strangerFlow, "LongTermMemory");
    const alone = await postSse<Frame>(s.url, "/api/workflow/test/node/execute", {
      token: stranger.token,
      body: { nodeId: node.id, requestId: "memory-node-2", params: { Query: "海边旅行" } },
    });
    expect(alone.events.at(-1)).toMatchObject({ complete: true, success: true, data: { outputList: [] } });
  });
});

/** Finished memory extractions of this user's turns (pg-boss's job table in our database). */
async function extractedTurns(userId: number) {
  const [row] = await rows<{ n: number }>(
    s,
    sql`select count(*)::int as n from pgboss.job
      where name = 'memory-extract' and state = 'completed' and (data->>'userId')::int = ${userId}`,
  );
  return row?.n ?? 0;
}
