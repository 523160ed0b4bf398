import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addAgent, ok, type Team, team } from "../support/agents";
import { chat, configure, eventually, finalOf, messageRows, newConversation, streamed } from "../support/chat";
import { rows } from "../support/helpers";
import { events, messages } from "../support/publish";
import { startServer, type TestServer } from "../support/server";

/** Scheduled tasks that really run: per-second schedules, turns in the TASK conversation, notifications, stops. */
let s: TestServer;
let t: Team;
let agentId: number;

beforeAll(async () => {
  s = await startServer({ CRON_MIN_INTERVAL_SECONDS: "1" });
  t = await team(s);
  agentId = await addAgent(s, t.member.token, t.spaceId, { name: "播报员" });
  await configure(s, t.member.token, agentId, { openScheduledTask: "Open" });
});
afterAll(() => s.close());

const EVERY_SECOND = "* * * * * *";

async function newTask(topic: string, summary: string, taskCron = EVERY_SECOND) {
  return ok(
    await s.call("/api/agent/task/create", {
      token: t.member.token,
      body: { agentId, devMode: false, topic, summary, taskCron },
    }),
  );
}

/** The task's finished runs: each is a user message (the summary) and a complete answer. */
async function answers(conversationId: number) {
  return (await messageRows(s, conversationId)).filter((m) => m.role === "ASSISTANT" && m.status !== "incomplete");
}
const runsAtLeast = (conversationId: number, n: number) =>
  eventually(async () => (await answers(conversationId)).length >= n, 20_000);
/** No turn running and no tick job in flight (one that passed its status check before the pause still runs). */
const idle = (conversationId: number) =>
  eventually(async () => {
    // Jobs first: once none is in flight after the pause, no new turn can start, so an empty chat_run is final.
    const active = await rows(
      s,
      sql`select 1 from pgboss.job where name = 'agent-task-run' and state = 'active'
          and data->>'conversationId' = ${String(conversationId)}`,
    );
    const running = await rows(
      s,
      sql`select 1 from chat_run where conversation_id = ${conversationId} and status = 'EXECUTING'`,
    );
    return running.length === 0 && active.length === 0;
  });

describe("a task on a per-second schedule", () => {
  it("runs twice, each run a turn of its TASK conversation, and tells the user with the topic", async () => {
    const task = await newTask("秒报", "报告当前状态");
    await runsAtLeast(task.id, 2);
    const all = await messageRows(s, task.id);
    const users = all.filter((m) => m.role === "USER");
    expect(users.length).toBeGreaterThanOrEqual(2);
    for (const m of users.slice(0, 2)) expect(m.text).toBe("报告当前状态");
    const done = await answers(task.id);
    for (const m of done.slice(0, 2)) {
      expect(m.status).toBe("complete");
      expect(m.text).toContain("报告当前状态");
      // Each run answers the task afresh: earlier runs are not sent as history (the built-in model counts rounds).
      expect(m.text).toContain("这是本会话的第 1 轮对话");
    }
    const notes = await eventually(async () => {
      const list = (await messages(s, t.member.token)).filter((n) => String(n.content).includes("「秒报」"));
      return list.length >= 2 && list;
    });
    expect(notes[0].content).toContain("已执行完成");
    const queue = await events(s, t.member.token);
    expect(queue.eventList).toContainEqual({
      type: "chat_finished",
      event: expect.objectContaining({ conversationId: task.id, status: "COMPLETE" }),
    });
    const [row] = await rows<{ run_count: number; last_run_at: Date | null }>(
      s,
      sql`select run_count, last_run_at from agent_task where conversation_id = ${task.id}`,
    );
    expect(row!.run_count).toBeGreaterThanOrEqual(2);
    expect(row!.last_run_at).not.toBeNull();
    const listed = ok(await s.call("/api/agent/task/list", { token: t.member.token, body: { agentId } }));
    const mine = listed.find((x: { id: number }) => x.id === task.id);
    expect(mine.executeCount).toBeGreaterThanOrEqual(2);
    expect(new Date(mine.nextExecuteTime).getTime()).toBeGreaterThan(Date.now() - 1000);
    ok(await s.call(`/api/agent/task/cancel/${task.id}`, { token: t.member.token, body: {} }));
  });

  it("stops at once when paused or cancelled, while another task keeps running", async () => {
    const paused = await newTask("暂停的任务", "暂停前的工作");
    const cancelled = await newTask("取消的任务", "取消前的工作");
    await runsAtLeast(paused.id, 1);
    await runsAtLeast(cancelled.id, 1);
    ok(
      await s.call("/api/agent/task/update", {
        token: t.member.token,
        body: { id: paused.id, taskStatus: "PAUSED" },
      }),
    );
    ok(await s.call(`/api/agent/task/cancel/${cancelled.id}`, { token: t.member.token, body: {} }));
    await idle(paused.id);
    await idle(cancelled.id);
    const before = [(await messageRows(s, paused.id)).length, (await messageRows(s, cancelled.id)).length];
    // A control task running twice spans at least two ticks the stopped ones would have had.
    const control = await newTask("对照任务", "继续工作");
    await runsAtLeast(control.id, 2);
    expect([(await messageRows(s, paused.id)).length, (await messageRows(s, cancelled.id)).length]).toEqual(before);
    ok(await s.call(`/api/agent/task/cancel/${control.id}`, { token: t.member.token, body: {} }));
  });

  it("drops the schedule of a task whose conversation was deleted, at its next tick", async () => {
    const task = await newTask("会被删除", "删除前的工作");
    const scheduled = () => rows(s, sql`select 1 from job_schedule where name = ${`task:${task.id}`}`);
    expect(await scheduled()).toHaveLength(1);
    ok(await s.call(`/api/agent/conversation/delete/${task.id}`, { token: t.member.token, body: {} }));
    expect(await rows(s, sql`select 1 from agent_task where conversation_id = ${task.id}`)).toHaveLength(0);
    await eventually(async () => (await scheduled()).length === 0);
  });
});

describe("the chat tool", () => {
  it("turns 「每天早上 8 点给我总结新闻」 into a task with the built-in model", async () => {
    const conversation = (await newConversation(s, t.member.token, agentId)) as { id: number };
    const { events: stream } = await chat(s, t.member.token, conversation.id, "每天早上 8 点给我总结新闻");
    expect(finalOf(stream)?.data.success).toBe(true);
    expect(streamed(stream)).toContain("已创建定时任务「总结新闻」");
    const step = stream.find((e) => e.eventType === "PROCESSING" && e.data.status === "FINISHED");
    expect(step?.data).toMatchObject({ name: "创建定时任务", type: "ScheduledTask" });
    const listed = ok(await s.call("/api/agent/task/list", { token: t.member.token, body: { agentId } }));
    expect(listed[0]).toMatchObject({
      topic: "总结新闻",
      summary: "总结新闻",
      taskCron: "0 8 * * *",
      taskCronDesc: "每天 08:00",
      taskStatus: "EXECUTING",
    });
    ok(await s.call(`/api/agent/task/cancel/${listed[0].id}`, { token: t.member.token, body: {} }));
  });

  it("is not offered when the agent's switch is off", async () => {
    const plain = await addAgent(s, t.member.token, t.spaceId, { name: "无任务助手" });
    const conversation = (await newConversation(s, t.member.token, plain)) as { id: number };
    const { events: stream } = await chat(s, t.member.token, conversation.id, "每周一 9 点半提醒我开周会");
    expect(finalOf(stream)?.data.success).toBe(true);
    expect(stream.some((e) => e.eventType === "PROCESSING")).toBe(false);
    const listed = ok(await s.call("/api/agent/task/list", { token: t.member.token, body: { agentId: plain } }));
    expect(listed).toEqual([]);
  });
});
