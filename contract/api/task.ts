import { type TaskStatus, taskStatuses, taskStatusLabels } from "../task-status";
import { id, shortText, z } from "../zod";
import { endpoint, nothing } from "./endpoint";

/**
 * /api/agent/task/* — scheduled task conversations (定时任务, reference original-backend.md §5.11 and
 * original-frontend.md §1.6; issue 15's pinned shapes). Where the reference leaves a choice:
 * - A task is a conversation of type `TASK`; its `id` (and `taskId`) is that conversation's id, so
 *   `cancel/{id}` takes the conversation id as the reference's client sends it.
 * - `taskStatus` is `EXECUTING` (scheduled), `PAUSED` (kept, not running; ours — resumed with update) or `CANCEL`
 *   (stopped for good; the conversation stays readable). Pause and resume are `update {id, taskStatus}`.
 * - `taskCron` is a preset from `cron/list` or any valid cron of five fields (minute first) or six (seconds
 *   first); `timeZone` (IANA, default Asia/Shanghai) is the zone the cron is read in.
 * - At most TASK_LIMIT tasks not cancelled per user per agent; the agent's 定时任务 switch must be on
 *   (the draft's switch for `devMode` tasks, the published one otherwise).
 * - `list {agentId, taskStatus?}`: the caller's own tasks (all agents when agentId is null), newest first,
 *   each with `nextExecuteTime` (ISO time, null unless EXECUTING).
 * - `cron/list` answers `{cron, desc}[]`; every run appends a turn (the task's summary as the user message) to the
 *   task's conversation and notifies the user with the topic in the text.
 */

export { type TaskStatus, taskStatuses, taskStatusLabels };

export const TASK_LIMIT = 10;
/** The chat tool an agent with 定时任务 on offers its model (the built-in offline model recognises it too). */
export const TASK_TOOL_NAME = "create_scheduled_task";
export const DEFAULT_TASK_TIME_ZONE = "Asia/Shanghai";

export const cronPresets = [
  { cron: "* * * * *", desc: "每分钟" },
  { cron: "*/5 * * * *", desc: "每 5 分钟" },
  { cron: "0 * * * *", desc: "每小时" },
  { cron: "0 8 * * *", desc: "每天 08:00" },
  { cron: "0 9 * * *", desc: "每天 09:00" },
  { cron: "0 12 * * *", desc: "每天 12:00" },
  { cron: "0 18 * * *", desc: "每天 18:00" },
  { cron: "0 21 * * *", desc: "每天 21:00" },
  { cron: "0 9 * * 1-5", desc: "工作日 09:00" },
  { cron: "0 9 * * 1", desc: "每周一 09:00" },
  { cron: "0 9 1 * *", desc: "每月 1 日 09:00" },
] as const;

const WEEKDAYS = ["日", "一", "二", "三", "四", "五", "六", "日"];
const NUMBER = /^\d+$/;
const pad = (n: string) => n.padStart(2, "0");

/** A cron in words (每天 08:00, 每周一、三 09:30, 每 10 秒…); anything unusual reads as the expression itself. */
export function describeCron(cron: string): string {
  const fields = cron.trim().split(/\s+/);
  const seconds = fields.length === 6 ? fields.shift()! : "0";
  if (fields.length !== 5) return cron;
  const [minute, hour, day, month, weekday] = fields as [string, string, string, string, string];
  const rest = `${day} ${month} ${weekday}`;
  if (seconds !== "0") {
    if (fields.join(" ") !== "* * * * *") return `cron ${cron}`;
    if (seconds === "*") return "每秒";
    const every = /^\*\/(\d+)$/.exec(seconds);
    return every ? `每 ${every[1]} 秒` : `cron ${cron}`;
  }
  if (rest === "* * *" && hour === "*") {
    if (minute === "*") return "每分钟";
    const every = /^\*\/(\d+)$/.exec(minute);
    if (every) return `每 ${every[1]} 分钟`;
    if (minute === "0") return "每小时";
    if (NUMBER.test(minute)) return `每小时第 ${minute} 分`;
  }
  if (!NUMBER.test(minute)) return `cron ${cron}`;
  const everyHours = /^\*\/(\d+)$/.exec(hour);
  if (everyHours && rest === "* * *") return `每 ${everyHours[1]} 小时（第 ${minute} 分）`;
  if (!NUMBER.test(hour)) return `cron ${cron}`;
  const time = `${pad(hour)}:${pad(minute)}`;
  if (rest === "* * *") return `每天 ${time}`;
  if (day === "*" && month === "*") {
    if (weekday === "1-5") return `工作日 ${time}`;
    if (/^[0-7](,[0-7])*$/.test(weekday)) {
      return `每周${weekday
        .split(",")
        .map((d) => WEEKDAYS[Number(d)])
        .join("、")} ${time}`;
    }
  }
  if (NUMBER.test(day) && month === "*" && weekday === "*") return `每月 ${day} 日 ${time}`;
  return `cron ${cron}`;
}

/** The original client sends devMode as a boolean; 0/1 are read too. */
const devModeFlag = z
  .union([z.boolean(), z.literal(0), z.literal(1)], { error: "必须是 true/false" })
  .transform((v) => v === true || v === 1);

const cronText = z.string({ error: "不能为空" }).trim().min(1, "不能为空").max(100, "最多 100 个字符");

export const createTaskInput = z.object({
  agentId: id(),
  devMode: devModeFlag.default(false),
  topic: shortText(100).min(1, "不能为空"),
  summary: shortText(2000).min(1, "不能为空"),
  taskCron: cronText,
  timeZone: shortText(64).optional(),
});
export type CreateTaskInput = z.infer<typeof createTaskInput>;

export const updateTaskInput = z.object({
  id: id(),
  agentId: id().optional(),
  devMode: devModeFlag.optional(),
  topic: shortText(100).min(1, "不能为空").optional(),
  summary: shortText(2000).min(1, "不能为空").optional(),
  taskCron: cronText.optional(),
  timeZone: shortText(64).optional(),
  /** EXECUTING resumes a paused task, PAUSED pauses it; a cancelled task stays cancelled. */
  taskStatus: z.enum(["EXECUTING", "PAUSED"], { error: "只能是 EXECUTING 或 PAUSED" }).optional(),
});
export type UpdateTaskInput = z.infer<typeof updateTaskInput>;

export const listTaskInput = z.object({
  agentId: id().nullish(),
  taskStatus: z.enum(taskStatuses).nullish(),
});
export type ListTaskInput = z.infer<typeof listTaskInput>;

export const taskInfoSchema = z.object({
  id: z.number().int(),
  taskId: z.number().int(),
  conversationId: z.number().int(),
  agentId: z.number().int(),
  agentName: z.string(),
  userId: z.number().int(),
  type: z.literal("TASK"),
  topic: z.string(),
  summary: z.string(),
  devMode: z.boolean(),
  taskStatus: z.enum(taskStatuses),
  taskCron: z.string(),
  taskCronDesc: z.string(),
  timeZone: z.string(),
  nextExecuteTime: z.string().nullable(),
  lastExecuteTime: z.string().nullable(),
  executeCount: z.number().int(),
  created: z.string(),
  modified: z.string(),
});
export type TaskInfo = z.infer<typeof taskInfoSchema>;

export const cronOptionSchema = z.object({ cron: z.string(), desc: z.string() });

const base = "/api/agent/task";

export const task = {
  create: endpoint({ method: "POST", path: `${base}/create`, body: createTaskInput, response: taskInfoSchema }),
  update: endpoint({ method: "POST", path: `${base}/update`, body: updateTaskInput, response: taskInfoSchema }),
  cancel: endpoint({ method: "POST", path: `${base}/cancel/:id`, response: nothing }),
  list: endpoint({ method: "POST", path: `${base}/list`, body: listTaskInput, response: z.array(taskInfoSchema) }),
  cronList: endpoint({ method: "GET", path: `${base}/cron/list`, response: z.array(cronOptionSchema) }),
};
