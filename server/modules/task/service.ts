import type { Actor, Deps } from "#server/core";
import { badInput, fail, notFound } from "#server/core";
import { cronProblem, nextRuns } from "#server/runtime/jobs/schedule";
import * as agents from "../agent";
import { runnableConfig } from "../agent/runnable";
import { accessAgent, visibleAgent } from "../agent/service";
import { newRequestId } from "../conversation/service";
import {
  type CreateTaskInput,
  cronPresets,
  DEFAULT_TASK_TIME_ZONE,
  describeCron,
  type ListTaskInput,
  TASK_LIMIT,
  type TaskInfo,
  type UpdateTaskInput,
} from "./contract";
import * as repo from "./repo";
import { scheduleTask, unscheduleTask } from "./schedule";

const SWITCHED_OFF = "该智能体未开启定时任务，请先在智能体配置中打开「定时任务」开关";
const NOT_FOUND = "定时任务不存在";

/**
 * A valid cron of five or six fields in a known time zone, refused naming the field; a new cron must also fire no
 * more often than CRON_MIN_INTERVAL_SECONDS (an unchanged one is not checked again, so an old task can still pause).
 */
function checkCron(cron: string, timeZone: string, minIntervalSeconds = 0) {
  const problem = cronProblem(cron, timeZone, minIntervalSeconds);
  if (!problem) return;
  const zone = problem.includes("时区");
  throw badInput(`参数 '${zone ? "timeZone" : "taskCron"}' ${problem}：${zone ? timeZone : cron}`);
}

function nextRunOf(task: Pick<repo.TaskRow, "cron" | "timeZone" | "status">) {
  if (task.status !== "EXECUTING") return null;
  return nextRuns(task.cron, task.timeZone)[0] ?? null;
}

export function toTaskInfo(task: repo.TaskRow & { agentName: string }): TaskInfo {
  return {
    id: task.conversationId,
    taskId: task.conversationId,
    conversationId: task.conversationId,
    agentId: task.agentId,
    agentName: task.agentName,
    userId: task.userId,
    type: "TASK",
    topic: task.topic,
    summary: task.summary,
    devMode: task.devMode === 1,
    taskStatus: task.status,
    taskCron: task.cron,
    taskCronDesc: describeCron(task.cron),
    timeZone: task.timeZone,
    nextExecuteTime: nextRunOf(task)?.toISOString() ?? null,
    lastExecuteTime: task.lastRunAt?.toISOString() ?? null,
    executeCount: task.runCount,
    created: task.created.toISOString(),
    modified: task.modified.toISOString(),
  };
}

/**
 * The agent as the caller may run it (the draft for devMode, what they can see otherwise), refused unless its
 * 定时任务 switch is on in that configuration.
 */
async function usableAgent(deps: Deps, actor: Actor, agentId: number, devMode: boolean) {
  const agent = devMode ? (await accessAgent(deps, actor, agentId)).agent : await visibleAgent(deps, actor, agentId);
  const config = await runnableConfig(deps, agent, { devMode, userId: actor.userId });
  if (config.openScheduledTask !== "Open") throw fail(SWITCHED_OFF);
  return agent;
}

const overLimit = () => fail(`每个智能体最多创建 ${TASK_LIMIT} 个定时任务，请先取消不需要的任务`);

/** Tasks are private to the user who made them: anyone else's reads as not found. */
async function ownTask(deps: Deps, actor: Actor, id: number) {
  const task = await repo.findTask(deps.db, actor.tenantId, id);
  if (!task || task.userId !== actor.userId) throw notFound(NOT_FOUND);
  return task;
}

export async function createTask(deps: Deps, actor: Actor, input: CreateTaskInput) {
  const timeZone = input.timeZone || DEFAULT_TASK_TIME_ZONE;
  checkCron(input.taskCron, timeZone, deps.config.CRON_MIN_INTERVAL_SECONDS);
  const agent = await usableAgent(deps, actor, input.agentId, input.devMode);
  const created = await repo.insertTask(
    deps.db,
    {
      uid: newRequestId(),
      tenantId: actor.tenantId,
      userId: actor.userId,
      agentId: agent.id,
      topic: input.topic,
      topicUpdated: 1,
      summary: input.summary,
      devMode: input.devMode ? 1 : 0,
      type: "TASK",
    },
    {
      tenantId: actor.tenantId,
      userId: actor.userId,
      agentId: agent.id,
      topic: input.topic,
      summary: input.summary,
      cron: input.taskCron.trim(),
      timeZone,
      devMode: input.devMode ? 1 : 0,
    },
    TASK_LIMIT,
  );
  if (!created) throw overLimit();
  await scheduleTask(deps, created);
  if (!input.devMode) await agents.bumpStatistic(deps.db, agent.id, "convCount", 1);
  return toTaskInfo({ ...created, agentName: agent.name });
}

/** Changes what and when a task runs, or pauses (PAUSED) and resumes (EXECUTING) it. */
export async function updateTask(deps: Deps, actor: Actor, input: UpdateTaskInput) {
  const task = await ownTask(deps, actor, input.id);
  if (task.status === "CANCEL") throw fail("定时任务已取消，不能再修改");
  if (input.agentId && input.agentId !== task.agentId) throw badInput("参数 'agentId' 与任务所属智能体不一致");
  const cron = input.taskCron?.trim() ?? task.cron;
  const timeZone = input.timeZone || task.timeZone;
  checkCron(cron, timeZone, input.taskCron ? deps.config.CRON_MIN_INTERVAL_SECONDS : 0);
  const status = input.taskStatus ?? task.status;
  // A paused task still counts against the limit, so resuming needs no new place; only the switch is checked.
  if (status === "EXECUTING") await usableAgent(deps, actor, task.agentId, task.devMode === 1);
  const updated = await repo.updateTask(deps.db, task.conversationId, {
    topic: input.topic,
    summary: input.summary,
    cron,
    timeZone,
    status,
  });
  if (!updated) throw notFound(NOT_FOUND);
  if (status === "EXECUTING") await scheduleTask(deps, updated);
  else await unscheduleTask(deps, updated.conversationId);
  return toTaskInfo({ ...updated, agentName: task.agentName });
}

/** Stops the schedule at once; the conversation and its runs stay readable. */
export async function cancelTask(deps: Deps, actor: Actor, id: number) {
  const task = await ownTask(deps, actor, id);
  await unscheduleTask(deps, task.conversationId);
  if (task.status !== "CANCEL") await repo.updateTask(deps.db, task.conversationId, { status: "CANCEL" });
}

export async function listTasks(deps: Deps, actor: Actor, input: ListTaskInput) {
  const rows = await repo.listTasks(deps.db, {
    tenantId: actor.tenantId,
    userId: actor.userId,
    agentId: input.agentId,
    status: input.taskStatus,
  });
  return rows.map(toTaskInfo);
}

export const cronList = () => cronPresets.map((p) => ({ cron: p.cron, desc: p.desc }));
