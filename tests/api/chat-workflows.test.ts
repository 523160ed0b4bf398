import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeOpenAI } from "../fixtures/fake-openai";
import { addAgent, componentRows, ok, personalSpace, refused, type Team, team } from "../support/agents";
import {
  addFakeModel,
  bindModel,
  chat,
  eventually,
  expectWellFormed,
  finalOf,
  messageRows,
  newConversation,
  streamed,
} from "../support/chat";
import { count, rows } from "../support/helpers";
import { startServer, type TestServer } from "../support/server";
import type { ChatEvent } from "../support/sse";
import { addNode, detail, newWorkflow, param, ref, updateNode, wire } from "../support/workflows";

/** Issue 11 item 4: workflows bound to an agent are the model's tools, with Output streaming, direct output and QA. */

let s: TestServer;
let t: Team;
let fake: Awaited<ReturnType<typeof startFakeOpenAI>>;
let modelId: number;

beforeAll(async () => {
  [s, fake] = await Promise.all([startServer(), startFakeOpenAI({ toolArgs: { city: "上海" } })]);
  t = await team(s);
  modelId = await addFakeModel(s, t.member.token, t.spaceId, fake, "fake-plugins");
});
afterAll(async () => {
  await s.close();
  await fake.close();
});

const steps = (events: ChatEvent[]) => events.filter((e) => e.eventType === "PROCESSING").map((e) => e.data);
const messagesOf = (events: ChatEvent[], type: string) =>
  events.filter((e) => e.eventType === "MESSAGE" && e.data.type === type).map((e) => e.data);
const completions = () => fake.requests.filter((r) => r.path.endsWith("/chat/completions") && r.body.stream);
const lastCompletion = () => completions().at(-1)!.body;

/**
 * Start(city required, style) → Output "正在查询{{city}}…" → End TEXT "{{city}}今天晴，{{style}}"; published
 * into the team space (agents run publications). Built with the per-node endpoints the original client uses.
 */
async function weatherWorkflow(token = t.member.token, spaceId = t.spaceId, name = "出行建议") {
  const id = await newWorkflow(s, token, spaceId, name);
  const { startNode, endNode } = await detail(s, token, id);
  const output = await addNode(s, token, id, "Output");
  const start = [
    { ...param("city"), description: "要查询的城市" },
    { name: "style", dataType: "String", description: "回答风格" },
  ];
  ok(await updateNode(s, token, "update", { nodeId: startNode.id, nodeConfig: { inputArgs: start } }));
  const outputConfig = { outputArgs: [ref("city", `${startNode.id}.city`)], content: "正在查询{{city}}…" };
  ok(await updateNode(s, token, "output", { nodeId: output.id, name: "进度", nodeConfig: outputConfig }));
  const endArgs = [ref("city", `${startNode.id}.city`), ref("style", `${startNode.id}.style`)];
  const endConfig = { returnType: "TEXT", content: "{{city}}今天晴，{{style}}", outputArgs: endArgs };
  ok(await updateNode(s, token, "end", { nodeId: endNode.id, nodeConfig: endConfig }));
  ok(await wire(s, token, startNode.id, [output.id]));
  ok(await wire(s, token, output.id, [endNode.id]));
  await publish(id, token, spaceId);
  return { id, end: endNode.id, output: output.id };
}

/** Start → QA "你叫什么名字？" → End TEXT "你好，{{name}}". */
async function qaWorkflow() {
  const id = await newWorkflow(s, t.member.token, t.spaceId, "问名字");
  const { startNode, endNode } = await detail(s, t.member.token, id);
  const qa = await addNode(s, t.member.token, id, "QA");
  const qaConfig = { ...qa.nodeConfig, question: "你叫什么名字？" };
  ok(await updateNode(s, t.member.token, "qa", { nodeId: qa.id, nodeConfig: qaConfig }));
  const endConfig = {
    returnType: "TEXT",
    content: "你好，{{name}}",
    outputArgs: [ref("name", `${qa.id}.USER_RESPONSE`)],
  };
  ok(await updateNode(s, t.member.token, "end", { nodeId: endNode.id, nodeConfig: endConfig }));
  ok(await wire(s, t.member.token, startNode.id, [qa.id]));
  ok(await wire(s, t.member.token, qa.id, [endNode.id]));
  await publish(id);
  return id;
}

/** Start → Code that throws → End. */
async function failingWorkflow() {
  const id = await newWorkflow(s, t.member.token, t.spaceId, "库存查询");
  const { startNode, endNode } = await detail(s, t.member.token, id);
  const code = await addNode(s, t.member.token, id, "Code");
  const source = "export default async function main(args) { throw new Error('库存服务不可用'); }";
  const codeConfig = { ...code.nodeConfig, codeLanguage: "JavaScript", codeJavaScript: source };
  ok(await updateNode(s, t.member.token, "code", { nodeId: code.id, name: "查库存", nodeConfig: codeConfig }));
  ok(await wire(s, t.member.token, startNode.id, [code.id]));
  ok(await wire(s, t.member.token, code.id, [endNode.id]));
  await publish(id);
  return id;
}

async function publish(workflowId: number, token = t.member.token, spaceId = t.spaceId) {
  const body = {
    targetType: "Workflow",
    targetId: workflowId,
    category: "Efficiency",
    items: [{ scope: "Space", spaceId }],
  };
  ok(await s.call("/api/publish/apply", { token, body }));
}

async function agentWith(workflowId: number, bindConfig: Record<string, unknown> = {}) {
  const agentId = await addAgent(s, t.member.token, t.spaceId, { name: "工作流助手" });
  await bindModel(s, t.member.token, agentId, modelId);
  const body = { agentId, type: "Workflow", targetId: workflowId, bindConfig };
  ok(await s.call("/api/agent/component/add", { token: t.member.token, body }));
  return agentId;
}

/** The binding fixes `style`: it is passed to the run, never asked of the model. */
const styleBound = { inputArgBindConfigs: [{ name: "style", dataType: "String", bindValue: "适合出门" }] };

describe("workflows as agent tools", () => {
  it("offers the Start inputs as the tool's schema, streams Output text into the answer and shows the step", async () => {
    const w = await weatherWorkflow();
    const agentId = await agentWith(w.id, styleBound);
    const conv = await newConversation(s, t.member.token, agentId);
    const { events } = await chat(s, t.member.token, conv.id, "上海天气怎么样？");
    expectWellFormed(events);

    const offered = lastCompletion().tools.map((x: any) => x.function);
    expect(offered).toHaveLength(1);
    expect(offered[0]).toMatchObject({
      name: `workflow${w.id}`,
      description: "出行建议",
      parameters: { properties: { city: { type: "string", description: "要查询的城市" } }, required: ["city"] },
    });
    expect(Object.keys(offered[0].parameters.properties)).toEqual(["city"]);

    const all = steps(events);
    expect(all.map((p) => [p.type, p.name, p.status])).toEqual([
      ["Workflow", "出行建议", "EXECUTING"],
      ["Workflow", "出行建议", "FINISHED"],
    ]);
    expect(all[1]).toMatchObject({
      targetId: w.id,
      result: {
        success: true,
        input: { city: "上海" },
        data: "上海今天晴，适合出门",
      },
    });
    // The Output node's text arrives while the run goes, before its step finishes.
    const processOutput = events.findIndex((e) => e.eventType === "MESSAGE" && e.data.type === "PROCESS_OUTPUT");
    const finished = events.findIndex((e) => e.eventType === "PROCESSING" && e.data.status === "FINISHED");
    expect(processOutput).toBeGreaterThan(-1);
    expect(processOutput).toBeLessThan(finished);
    expect(messagesOf(events, "PROCESS_OUTPUT").map((m) => m.text)).toEqual(["正在查询上海…\n\n"]);
    // The model read the End text and answered with it.
    expect(streamed(events)).toBe("结果：上海今天晴，适合出门");
    expect(finalOf(events)!.data).toMatchObject({
      success: true,
      outputText: "正在查询上海…\n\n结果：上海今天晴，适合出门",
      componentExecuteResults: [{ id: w.id, type: "Workflow", success: true }],
    });
    const answer = (await messageRows(s, conv.id)).at(-1)!;
    expect(answer.text).toBe("正在查询上海…\n\n结果：上海今天晴，适合出门");
    expect(answer.processing_list.map((p: any) => p.status)).toEqual(["FINISHED"]);
    // Recorded like a test run: the run and its Start, Output and End results.
    const [run] = await rows<{ id: number; status: string }>(
      s,
      sql`select id, status from workflow_run where workflow_id = ${w.id}`,
    );
    expect(run!.status).toBe("FINISHED");
    expect(await count(s, "workflow_node_result", sql`run_id = ${run!.id}`)).toBe(3);
  });

  it("makes a direct-output workflow's End text the answer without asking the model again", async () => {
    const w = await weatherWorkflow();
    const agentId = await agentWith(w.id, { ...styleBound, directOutput: 1 });
    const conv = await newConversation(s, t.member.token, agentId);
    const before = completions().length;
    const { events } = await chat(s, t.member.token, conv.id, "杭州呢");
    expectWellFormed(events);
    expect(completions().length - before).toBe(1);
    expect(streamed(events)).toBe("上海今天晴，适合出门");
    const last = messagesOf(events, "CHAT").at(-1)!;
    expect(last).toMatchObject({ finished: true, finishReason: "DIRECT_OUTPUT" });
    expect(finalOf(events)!.data).toMatchObject({ success: true, outputText: "正在查询上海…\n\n上海今天晴，适合出门" });
    expect((await messageRows(s, conv.id)).at(-1)).toMatchObject({
      finish_reason: "DIRECT_OUTPUT",
      status: "complete",
    });
  });

  it("runs an AUTO direct-output workflow before the model, which is then not called at all", async () => {
    const w = await weatherWorkflow();
    const agentId = await agentWith(w.id, { ...styleBound, invokeType: "AUTO", directOutput: 1 });
    const before = fake.requests.length;
    const conv = await newConversation(s, t.member.token, agentId);
    const { events } = await chat(s, t.member.token, conv.id, "上海");
    expectWellFormed(events);
    // One argument-extraction call (the required city), no answering call.
    const sent = fake.requests.slice(before);
    expect(sent.filter((r) => !r.body.stream)).toHaveLength(1);
    expect(sent.filter((r) => r.body.stream)).toEqual([]);
    expect(steps(events).at(-1)).toMatchObject({ status: "FINISHED", result: { input: { query: "上海" } } });
    expect(streamed(events)).toBe("上海今天晴，适合出门");
  });

  it("offers a MANUAL_ON_DEMAND workflow only when selected, its arguments bound to the turn's variables", async () => {
    const w = await weatherWorkflow();
    const byName = { name: "style", dataType: "String", bindValueType: "Reference", bindValue: "USER_NAME" };
    const agentId = await agentWith(w.id, { inputArgBindConfigs: [byName], invokeType: "MANUAL_ON_DEMAND" });
    const conv = await newConversation(s, t.member.token, agentId);
    expect(steps((await chat(s, t.member.token, conv.id, "天气")).events)).toEqual([]);
    expect(lastCompletion().tools).toBeUndefined();
    const component = (await componentRows(s, agentId)).find((c) => c.type === "Workflow")!;
    const selectedComponents = [{ id: component.id, type: "Workflow" }];
    const { events } = await chat(s, t.member.token, conv.id, "天气", { selectedComponents });
    expect(steps(events).at(-1)!.result.data).toBe(`上海今天晴，${t.member.userName}`);
  });

  it("asks a QA node's question in the conversation and resumes the run with the user's next message", async () => {
    const workflowId = await qaWorkflow();
    const agentId = await agentWith(workflowId, { directOutput: 1 });
    const conv = await newConversation(s, t.member.token, agentId);
    const first = await chat(s, t.member.token, conv.id, "跟我打个招呼");
    expectWellFormed(first.events);
    expect(messagesOf(first.events, "QUESTION")).toEqual([
      expect.objectContaining({ text: "你叫什么名字？", finished: true }),
    ]);
    expect(steps(first.events).at(-1)).toMatchObject({
      status: "FINISHED",
      result: { data: { status: "STOP_WAIT_ANSWER", question: "你叫什么名字？" } },
    });
    expect(finalOf(first.events)!.data.success).toBe(true);
    const asked = (await messageRows(s, conv.id)).at(-1)!;
    expect(asked).toMatchObject({ role: "ASSISTANT", type: "QUESTION", text: "你叫什么名字？", status: "complete" });
    const paused = sql`workflow_id = ${workflowId} and request_id = ${`chat:${conv.id}`}`;
    expect(await count(s, "workflow_paused_run", paused)).toBe(1);

    const before = completions().length;
    const second = await chat(s, t.member.token, conv.id, "小明");
    expectWellFormed(second.events);
    expect(steps(second.events).at(-1)).toMatchObject({
      type: "Workflow",
      status: "FINISHED",
      executeId: expect.stringMatching(/-resume$/),
      result: { data: "你好，小明" },
    });
    // Direct output: the resumed run's End text is the answer, no model call.
    expect(completions().length).toBe(before);
    expect(streamed(second.events)).toBe("你好，小明");
    expect(await count(s, "workflow_paused_run", paused)).toBe(0);

    // The run is over: the next message is an ordinary turn that may start the workflow again.
    const third = await chat(s, t.member.token, conv.id, "再来一次");
    expect(messagesOf(third.events, "QUESTION").map((m) => m.text)).toEqual(["你叫什么名字？"]);
  });

  it("resumes an AUTO workflow once with the answer and gives its result to the model", async () => {
    const workflowId = await qaWorkflow();
    const agentId = await agentWith(workflowId, { invokeType: "AUTO" });
    const conv = await newConversation(s, t.member.token, agentId);
    const first = await chat(s, t.member.token, conv.id, "你好");
    expect(messagesOf(first.events, "QUESTION").map((m) => m.text)).toEqual(["你叫什么名字？"]);
    const second = await chat(s, t.member.token, conv.id, "小明");
    expectWellFormed(second.events);
    // Not started again by its AUTO binding in the same turn: no second question.
    expect(messagesOf(second.events, "QUESTION")).toEqual([]);
    const done = steps(second.events).filter((p) => p.status === "FINISHED");
    expect(done.map((p) => p.result.data)).toEqual(["你好，小明"]);
    expect(lastCompletion().messages[0]).toMatchObject({
      role: "system",
      content: expect.stringContaining("你好，小明"),
    });
    expect(finalOf(second.events)!.data.success).toBe(true);
  });

  it("answers at once for an async workflow and adds its result to the conversation when it ends", async () => {
    const w = await weatherWorkflow();
    const bindConfig = { ...styleBound, async: 1, asyncReplyContent: "正在规划，请稍候" };
    const agentId = await agentWith(w.id, bindConfig);
    const conv = await newConversation(s, t.member.token, agentId);
    const { events } = await chat(s, t.member.token, conv.id, "上海");
    expectWellFormed(events);
    expect(steps(events).at(-1)!.result.data).toBe("工作流已开始异步执行，请用这句话回复用户：正在规划，请稍候");
    expect(streamed(events)).toContain("正在规划，请稍候");
    const report = await eventually(async () =>
      (await messageRows(s, conv.id)).find((m) => m.role === "ASSISTANT" && m.text.includes("已运行完成")),
    );
    expect(report.text).toBe("正在查询上海…\n\n「出行建议」已运行完成：\n\n上海今天晴，适合出门");
  });

  it("asks an async workflow's QA question as a new message; the next message resumes the run in its turn", async () => {
    const workflowId = await qaWorkflow();
    const agentId = await agentWith(workflowId, { async: 1, directOutput: 1 });
    const conv = await newConversation(s, t.member.token, agentId);
    await chat(s, t.member.token, conv.id, "打招呼");
    const asked = await eventually(async () =>
      (await messageRows(s, conv.id)).find((m) => m.role === "ASSISTANT" && m.type === "QUESTION"),
    );
    expect(asked.text).toBe("你叫什么名字？");
    const { events } = await chat(s, t.member.token, conv.id, "小红");
    expect(steps(events)[0]).toMatchObject({ executeId: expect.stringMatching(/-resume$/) });
    expect(streamed(events)).toBe("你好，小红");
  });

  it("shows a failing workflow as a Chinese error step, tells the model, and the chat goes on", async () => {
    const workflowId = await failingWorkflow();
    const agentId = await agentWith(workflowId);
    const conv = await newConversation(s, t.member.token, agentId);
    const { events } = await chat(s, t.member.token, conv.id, "还有库存吗");
    expectWellFormed(events);
    const failed = steps(events).at(-1)!;
    expect(failed).toMatchObject({ type: "Workflow", status: "FAILED", result: { success: false } });
    expect(failed.result.error).toMatch(/^工作流运行失败：节点「查库存」执行失败：.*库存服务不可用/);
    expect(streamed(events)).toContain("工作流运行失败");
    expect(finalOf(events)!.data.success).toBe(true);
    const next = await chat(s, t.member.token, conv.id, "好的");
    expect(finalOf(next.events)!.data.success).toBe(true);
  });
});

describe("who may run a workflow from chat", () => {
  it("runs the published workflow in chat and the draft in the editor's debug chat", async () => {
    const w = await weatherWorkflow();
    const agentId = await agentWith(w.id, styleBound);
    const startId = (await detail(s, t.member.token, w.id)).startNode.id;
    const draftEnd = { returnType: "TEXT", content: "草稿：{{city}}", outputArgs: [ref("city", `${startId}.city`)] };
    ok(await updateNode(s, t.member.token, "end", { nodeId: w.end, nodeConfig: draftEnd }));
    const published = await chat(s, t.member.token, (await newConversation(s, t.member.token, agentId)).id, "天气");
    expect(steps(published.events).at(-1)!.result.data).toBe("上海今天晴，适合出门");
    const debugConv = await newConversation(s, t.member.token, agentId, { devMode: true });
    const debug = await chat(s, t.member.token, debugConv.id, "天气");
    expect(steps(debug.events).at(-1)!.result.data).toBe("草稿：上海");
    // A draft that no longer passes validation fails its step with the node and what to fix.
    ok(await updateNode(s, t.member.token, "output", { nodeId: w.output, nodeConfig: { content: "" } }));
    const broken = await chat(s, t.member.token, debugConv.id, "天气");
    expect(steps(broken.events).at(-1)).toMatchObject({
      status: "FAILED",
      result: { error: expect.stringMatching(/^工作流运行失败：工作流校验未通过.*节点「进度」：请填写输出内容/) },
    });
  });

  it("neither binds nor runs a workflow of another space, draft or publication", async () => {
    const w = await weatherWorkflow();
    const o = t.outsider;
    const ownSpace = await personalSpace(s, o.token);
    const ownModel = await addFakeModel(s, o.token, ownSpace, fake, "fake-plugins");
    const agentId = await addAgent(s, o.token, ownSpace, { name: "外人助手" });
    await bindModel(s, o.token, agentId, ownModel);
    const add = { agentId, type: "Workflow", targetId: w.id, bindConfig: {} };
    refused(await s.call("/api/agent/component/add", { token: o.token, body: add }), "0001");
    // A binding that got in some other way still offers nothing, in chat and in the debug chat.
    await rows(
      s,
      sql`insert into agent_component (tenant_id, agent_id, type, target_id, name, bind_config)
          values (1, ${agentId}, 'Workflow', ${w.id}, '出行建议', '{}'::jsonb)`,
    );
    for (const devMode of [false, true]) {
      const conv = await newConversation(s, o.token, agentId, { devMode });
      const { events } = await chat(s, o.token, conv.id, "上海天气");
      expect(steps(events)).toEqual([]);
      expect(lastCompletion().tools).toBeUndefined();
      expect(finalOf(events)!.data.success).toBe(true);
    }
  });

  it("stops offering a workflow whose publication was taken off the shelf", async () => {
    const w = await weatherWorkflow();
    const agentId = await agentWith(w.id, styleBound);
    const [live] = await rows<{ id: number }>(
      s,
      sql`select id from published where target_type = 'Workflow' and target_id = ${w.id}`,
    );
    ok(
      await s.call("/api/publish/offShelf", {
        token: t.member.token,
        body: { targetType: "Workflow", targetId: w.id, publishId: live!.id },
      }),
    );
    const { events } = await chat(s, t.member.token, (await newConversation(s, t.member.token, agentId)).id, "天气");
    expect(steps(events)).toEqual([]);
    expect(lastCompletion().tools).toBeUndefined();
    expect((await componentRows(s, agentId)).some((c) => c.type === "Workflow")).toBe(true);
  });
});
