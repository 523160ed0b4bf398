import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conversationDto, conversationListItemDto, conversationViewDto } from "#contract/api/conversation";
import { z } from "#contract/zod";
import { addAgent, ok, refused, type Team, team } from "../support/agents";
import { chat, configure } from "../support/chat";
import { count, rows } from "../support/helpers";
import { startServer, type TestServer } from "../support/server";

/** Scheduled tasks through the API: create, list, update, pause/resume, cancel, and every refusal. */
let s: TestServer;
let t: Team;
let agentId: number;

beforeAll(async () => {
  s = await startServer();
  t = await team(s);
  agentId = await addAgent(s, t.member.token, t.spaceId, { name: "新闻助手" });
  await configure(s, t.member.token, agentId, { openScheduledTask: "Open" });
});
afterAll(() => s.close());

const create = (token: string | null, body: Record<string, unknown>) =>
  s.call("/api/agent/task/create", { token, body: { agentId, devMode: false, ...body } });
const list = (token: string, body: Record<string, unknown> = { agentId }) =>
  s.call("/api/agent/task/list", { token, body });
const schedules = () => rows<{ name: string; cron: string }>(s, sql`select name, cron from job_schedule`);

describe("creating and listing tasks", () => {
  it("creates a TASK conversation with its schedule, listed with its next run", async () => {
    const task = ok(
      await create(t.member.token, { topic: "早间新闻", summary: "总结今天的新闻", taskCron: "0 8 * * *" }),
    );
    expect(task).toMatchObject({
      type: "TASK",
      taskStatus: "EXECUTING",
      topic: "早间新闻",
      taskCron: "0 8 * * *",
      taskCronDesc: "每天 08:00",
      timeZone: "Asia/Shanghai",
      agentId,
      agentName: "新闻助手",
    });
    expect(task.id).toBe(task.conversationId);
    // 08:00 in Shanghai is 00:00 UTC, within the next day.
    const next = new Date(task.nextExecuteTime);
    expect(next.toISOString()).toMatch(/T00:00:00\.000Z$/);
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
    const [conversation] = await rows(s, sql`select type, topic, user_id from conversation where id = ${task.id}`);
    expect(conversation).toMatchObject({ type: "TASK", topic: "早间新闻", user_id: t.member.id });
    expect(await schedules()).toContainEqual({ name: `task:${task.id}`, cron: "0 8 * * *" });

    const listed = ok(await list(t.member.token));
    expect(listed.map((x: { id: number }) => x.id)).toContain(task.id);
    expect(listed.find((x: { id: number }) => x.id === task.id).nextExecuteTime).toBe(task.nextExecuteTime);
    // The task's conversation opens like any other of the user's.
    const opened = ok(await s.call(`/api/agent/conversation/${task.id}`, { token: t.member.token, body: {} }));
    expect(opened).toMatchObject({ id: task.id, type: "TASK" });
  });

  it("offers presets including every minute, and accepts a typed cron", async () => {
    const presets = ok(await s.call("/api/agent/task/cron/list", { token: t.member.token }));
    expect(presets).toContainEqual({ cron: "* * * * *", desc: "每分钟" });
    const typed = ok(await create(t.member.token, { topic: "周报", summary: "写周报", taskCron: "30 17 * * 5" }));
    expect(typed.taskCronDesc).toBe("每周五 17:30");
    ok(await s.call(`/api/agent/task/cancel/${typed.id}`, { token: t.member.token, body: {} }));
  });

  it("refuses bad input naming the field, and changes nothing", async () => {
    const before = await count(s, "agent_task");
    refused(await create(t.member.token, { topic: "x", summary: "y", taskCron: "every day" }), "4000", "taskCron");
    refused(await create(t.member.token, { topic: "x", summary: "y", taskCron: "61 * * * *" }), "4000", "taskCron");
    refused(
      await create(t.member.token, { topic: "x", summary: "y", taskCron: "0 8 * * * * 2030" }),
      "4000",
      "taskCron",
    );
    refused(
      await create(t.member.token, { topic: "x", summary: "y", taskCron: "0 8 * * *", timeZone: "Mars/Base" }),
      "4000",
      "timeZone",
    );
    refused(await create(t.member.token, { topic: "", summary: "y", taskCron: "0 8 * * *" }), "4000", "topic");
    refused(await create(t.member.token, { topic: "x", taskCron: "0 8 * * *" }), "4000", "summary");
    refused(await list(t.member.token, { agentId, taskStatus: "DONE" }), "4000", "taskStatus");
    expect(await count(s, "agent_task")).toBe(before);
  });

  it("refuses a cron firing more often than once a minute (CRON_MIN_INTERVAL_SECONDS), in Chinese", async () => {
    const before = await count(s, "agent_task");
    for (const taskCron of ["* * * * * *", "*/30 * * * * *", "0,30 * * * * *"]) {
      const res = await create(t.member.token, { topic: "太频繁", summary: "y", taskCron });
      refused(res, "4000", "taskCron");
      expect(res.message).toContain("两次执行至少间隔 1 分钟");
    }
    expect(await count(s, "agent_task")).toBe(before);
    // Once a minute, also written with seconds, is allowed; so is changing only the status of such a task.
    const minutely = ok(await create(t.member.token, { topic: "每分钟", summary: "y", taskCron: "15 * * * * *" }));
    const update = (body: Record<string, unknown>) =>
      s.call("/api/agent/task/update", { token: t.member.token, body: { id: minutely.id, ...body } });
    refused(await update({ taskCron: "*/10 * * * * *" }), "4000", "taskCron");
    ok(await update({ taskStatus: "PAUSED" }));
    ok(await s.call(`/api/agent/task/cancel/${minutely.id}`, { token: t.member.token, body: {} }));
  });
});

describe("a task's conversation", () => {
  it("carries taskId, taskStatus, taskCron and taskCronDesc in the contract's shape; other conversations null", async () => {
    const task = ok(await create(t.member.token, { topic: "晚报", summary: "总结今天的新闻", taskCron: "0 21 * * *" }));
    const plain = ok(await s.call("/api/agent/conversation/create", { token: t.member.token, body: { agentId } }));
    const fields = { taskId: task.id, taskStatus: "EXECUTING", taskCron: "0 21 * * *", taskCronDesc: "每天 21:00" };
    const none = { taskId: null, taskStatus: null, taskCron: null, taskCronDesc: null };

    const opened = ok(await s.call(`/api/agent/conversation/${task.id}`, { token: t.member.token, body: {} }));
    expect(conversationViewDto.safeParse(opened).error?.issues).toBeUndefined();
    expect(opened).toMatchObject({ type: "TASK", ...fields });
    expect(plain).toMatchObject({ type: "Chat", ...none });

    // History lists chats only (reference §5.1): the chat with its null task fields, not the task.
    await chat(s, t.member.token, plain.id, "你好");
    const listed = ok(
      await s.call("/api/agent/conversation/list", { token: t.member.token, body: { agentId, limit: 50 } }),
    );
    expect(z.array(conversationListItemDto).safeParse(listed).error?.issues).toBeUndefined();
    expect(listed.find((c: { id: number }) => c.id === plain.id)).toMatchObject(none);
    expect(listed.map((c: { id: number }) => c.id)).not.toContain(task.id);

    // The fields follow the task: paused, then renamed through the conversation's own update.
    ok(await s.call("/api/agent/task/update", { token: t.member.token, body: { id: task.id, taskStatus: "PAUSED" } }));
    const renamed = ok(
      await s.call("/api/agent/conversation/update", { token: t.member.token, body: { id: task.id, topic: "晚间" } }),
    );
    expect(conversationDto.safeParse(renamed).error?.issues).toBeUndefined();
    expect(renamed).toMatchObject({ ...fields, taskStatus: "PAUSED", topic: "晚间" });
    ok(await s.call(`/api/agent/task/cancel/${task.id}`, { token: t.member.token, body: {} }));
    const cancelled = ok(await s.call(`/api/agent/conversation/${task.id}`, { token: t.member.token, body: {} }));
    expect(cancelled.taskStatus).toBe("CANCEL");
  });
});

describe("who may do what", () => {
  it("asks for a login", async () => {
    refused(await create(null, { topic: "x", summary: "y", taskCron: "0 8 * * *" }), "4010");
    refused(await s.call("/api/agent/task/list", { body: { agentId } }), "4010");
    refused(await s.call("/api/agent/task/cron/list"), "4010");
  });

  it("refuses an agent whose switch is off, with a clear message", async () => {
    const plain = await addAgent(s, t.member.token, t.spaceId, { name: "普通助手" });
    const res = await create(t.member.token, { agentId: plain, topic: "x", summary: "y", taskCron: "0 8 * * *" });
    refused(res, "0001");
    expect(res.message).toContain("未开启定时任务");
  });

  it("keeps tasks private: an outsider cannot use the agent, another member cannot see or change the task", async () => {
    refused(await create(t.outsider.token, { topic: "x", summary: "y", taskCron: "0 8 * * *" }), "4040");
    const task = ok(await create(t.member.token, { topic: "私人", summary: "只属于我", taskCron: "0 9 * * *" }));
    for (const u of [t.other, t.outsider, t.admin]) {
      expect(ok(await list(u.token)).map((x: { id: number }) => x.id)).not.toContain(task.id);
      refused(await s.call(`/api/agent/task/cancel/${task.id}`, { token: u.token, body: {} }), "4040");
      refused(
        await s.call("/api/agent/task/update", { token: u.token, body: { id: task.id, taskStatus: "PAUSED" } }),
        "4040",
      );
    }
    const [row] = await rows(s, sql`select status from agent_task where conversation_id = ${task.id}`);
    expect(row).toMatchObject({ status: "EXECUTING" });
    // The other member may make their own task with the same agent: it is theirs alone.
    const theirs = ok(await create(t.other.token, { topic: "他的", summary: "他的任务", taskCron: "0 9 * * *" }));
    expect(ok(await list(t.member.token)).map((x: { id: number }) => x.id)).not.toContain(theirs.id);
  });
});

describe("changing a task", () => {
  it("updates, pauses (schedule gone, no next run), resumes and cancels", async () => {
    const task = ok(await create(t.member.token, { topic: "提醒", summary: "提醒喝水", taskCron: "0 * * * *" }));
    const update = (body: Record<string, unknown>) =>
      s.call("/api/agent/task/update", { token: t.member.token, body: { id: task.id, ...body } });
    const changed = ok(await update({ topic: "喝水提醒", taskCron: "*/5 * * * *" }));
    expect(changed).toMatchObject({ topic: "喝水提醒", taskCron: "*/5 * * * *", taskCronDesc: "每 5 分钟" });
    expect(await schedules()).toContainEqual({ name: `task:${task.id}`, cron: "*/5 * * * *" });

    const paused = ok(await update({ taskStatus: "PAUSED" }));
    expect(paused).toMatchObject({ taskStatus: "PAUSED", nextExecuteTime: null });
    expect((await schedules()).map((x) => x.name)).not.toContain(`task:${task.id}`);
    const pausedList = ok(await list(t.member.token, { agentId, taskStatus: "PAUSED" }));
    expect(pausedList.map((x: { id: number }) => x.id)).toEqual([task.id]);

    const resumed = ok(await update({ taskStatus: "EXECUTING" }));
    expect(resumed.nextExecuteTime).not.toBeNull();
    expect((await schedules()).map((x) => x.name)).toContain(`task:${task.id}`);

    ok(await s.call(`/api/agent/task/cancel/${task.id}`, { token: t.member.token, body: {} }));
    expect((await schedules()).map((x) => x.name)).not.toContain(`task:${task.id}`);
    const cancelled = ok(await list(t.member.token, { agentId, taskStatus: "CANCEL" }));
    expect(cancelled.find((x: { id: number }) => x.id === task.id)).toMatchObject({ nextExecuteTime: null });
    const res = await update({ taskStatus: "EXECUTING" });
    refused(res, "0001");
    expect(res.message).toContain("已取消");
  });

  it("caps live tasks per user and agent, and a cancelled one frees its place", async () => {
    const capped = await addAgent(s, t.member.token, t.spaceId, { name: "限额助手" });
    await configure(s, t.member.token, capped, { openScheduledTask: "Open" });
    const body = { agentId: capped, topic: "任务", summary: "做点事", taskCron: "0 8 * * *" };
    // Created at once: the limit holds under concurrency too.
    const results = await Promise.all(Array.from({ length: 12 }, () => create(t.member.token, body)));
    const made = results.filter((r) => r.code === "0000");
    expect(made).toHaveLength(10);
    for (const r of results.filter((x) => x.code !== "0000")) {
      refused(r, "0001");
      expect(r.message).toContain("最多创建 10 个定时任务");
    }
    // Another user's place is their own.
    ok(await create(t.other.token, body));
    ok(await s.call(`/api/agent/task/cancel/${made[0]!.data.id}`, { token: t.member.token, body: {} }));
    ok(await create(t.member.token, body));
    refused(await create(t.member.token, body), "0001");
  });
});
