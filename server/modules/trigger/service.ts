import { timingSafeEqual } from "node:crypto";
import type { TriggerAddInput, TriggerRunDto, TriggerStateDto } from "#contract/api/trigger";
import { triggerBindSchema } from "#contract/components";
import { pageOf, pageWindow } from "#contract/page";
import type { Actor, Deps } from "#server/core";
import { AppError, badField, Codes, fail, notFound, rateLimited } from "#server/core";
import { sha256 } from "#server/lib/crypto";
import { hit, secondsUntil } from "#server/lib/rate-limit";
import { findComponent } from "#server/modules/agent";
import { addComponent } from "#server/modules/agent/component-service";
import { editableAgent } from "#server/modules/agent/service";
import { resolveTarget } from "#server/modules/component/kinds";
import { cronProblem } from "#server/runtime/jobs/schedule";
import { boundInput, checkEventArgs } from "#server/runtime/trigger/args";
import { activateTrigger } from "./activate";
import { fireQueue } from "./queue";
import * as repo from "./repo";

/** Webhook calls per trigger per minute (the rest answer 4290 until the window ends). */
export const EVENT_LIMIT = 60;
const EVENT_WINDOW_MS = 60_000;

const webhookPath = (id: number) => `/api/trigger/event/${id}`;

/** A Trigger component the caller may edit, with its agent (the agent's editors only; others learn nothing: 4040). */
async function editableTrigger(deps: Deps, actor: Actor, triggerId: number) {
  const component = await findComponent(deps.db, actor.tenantId, triggerId);
  if (component?.type !== "Trigger") throw notFound("触发器不存在");
  try {
    const { agent } = await editableAgent(deps, actor, component.agentId);
    return { component, agent };
  } catch (err) {
    if (err instanceof AppError && err.code === Codes.FORBIDDEN) throw err;
    throw notFound("触发器不存在");
  }
}

/** Adds a trigger; an EVENT trigger's token and webhook URL are in this answer and nowhere else. */
export async function addTrigger(deps: Deps, actor: Actor, input: TriggerAddInput, origin: string) {
  const { agentId, ...bindConfig } = input;
  if (input.triggerType === "TIME") {
    // Named as this endpoint's (flat) body has them; the component layer checks the same again.
    if (!input.cronExpression) throw badField("cronExpression", "定时触发器必须填写 cron 表达式");
    const problem = cronProblem(input.cronExpression, input.timeZone, deps.config.CRON_MIN_INTERVAL_SECONDS);
    if (problem) throw badField(problem === "不是有效的时区" ? "timeZone" : "cronExpression", problem);
  }
  const id = await addComponent(deps, actor, { agentId, type: "Trigger", targetId: -1, bindConfig });
  if (input.triggerType !== "EVENT") return { id };
  return rotateToken(deps, actor, id, origin);
}

/** A new token for an EVENT trigger: the old one stops working at once. */
export async function rotateToken(deps: Deps, actor: Actor, triggerId: number, origin: string) {
  const { component } = await editableTrigger(deps, actor, triggerId);
  const bind = triggerBindSchema.parse(component.bindConfig);
  if (bind.triggerType !== "EVENT") throw badField("id", "只有事件触发器有令牌");
  const { token } = await activateTrigger(deps, component, { rotate: true });
  return { id: component.id, eventBearerToken: token!, webhookUrl: `${origin}${webhookPath(component.id)}` };
}

const COPIED_TIME = "已复制的触发器需手动启用：复制智能体时触发器不会自动运行，以免与原智能体重复执行";
const NO_TOKEN = "未启用：还没有令牌（已复制的触发器需手动启用），启用时生成令牌";

/** Whether each of the agent's triggers runs, and why not (see contract/api/trigger.ts). */
export async function listStates(deps: Deps, actor: Actor, agentId: number): Promise<TriggerStateDto[]> {
  const { agent } = await editableAgent(deps, actor, agentId);
  const rows = await repo.triggersWithState(deps.db, agent.id);
  const runs = await repo.lastRuns(
    deps.db,
    rows.map((r) => r.id),
  );
  const last = new Map(runs.map((r) => [r.triggerId, r]));
  return rows.map((row): TriggerStateDto => {
    const event = row.bindConfig.triggerType === "EVENT";
    const live = event ? row.hasToken : row.nextRunAt !== null;
    const reason = row.stoppedReason ?? (live ? null : event ? NO_TOKEN : COPIED_TIME);
    const run = last.get(row.id);
    return {
      id: row.id,
      state: row.stoppedReason ? "STOPPED" : live ? "ACTIVE" : "INACTIVE",
      reason,
      nextRunTime: !event && live && !row.stoppedReason ? row.nextRunAt!.getTime() : null,
      lastRun: run
        ? { status: run.status, startTime: run.startTime.getTime(), endTime: run.endTime?.getTime() ?? null }
        : null,
    };
  });
}

/**
 * Starts a trigger that does not run — a copied agent's (INACTIVE) or one whose target went (STOPPED) — after
 * checking what its first firing would: the target usable in the agent's space and the cron allowed. An EVENT
 * trigger without a token gets one, answered here only; one with a token keeps it.
 */
export async function enableTrigger(deps: Deps, actor: Actor, triggerId: number, origin: string) {
  const { component, agent } = await editableTrigger(deps, actor, triggerId);
  const bind = triggerBindSchema.parse(component.bindConfig);
  const kind = bind.componentType === "PLUGIN" ? "Plugin" : "Workflow";
  if (!(await resolveTarget(deps, kind, actor.tenantId, agent.spaceId, bind.componentId))) {
    throw fail(`触发器要执行的${kind === "Plugin" ? "插件" : "工作流"}在当前空间不可用，请先修改触发器的执行目标`);
  }
  if (bind.triggerType === "TIME") {
    const problem = cronProblem(bind.cronExpression ?? "", bind.timeZone, deps.config.CRON_MIN_INTERVAL_SECONDS);
    if (problem) throw fail(`触发器的定时设置需要修改：${problem}`);
  }
  const state = await repo.findState(deps.db, component.id);
  const rotate = bind.triggerType === "EVENT" && !state?.tokenHash;
  const { token } = await activateTrigger(deps, component, { rotate });
  if (!token) return { id: component.id };
  return { id: component.id, eventBearerToken: token, webhookUrl: `${origin}${webhookPath(component.id)}` };
}

const toRunDto = (row: repo.TriggerRunRow): TriggerRunDto => ({
  id: row.id,
  triggerId: row.triggerId,
  status: row.status,
  source: row.source,
  scheduledTime: row.scheduledAt.getTime(),
  startTime: row.startTime.getTime(),
  endTime: row.endTime?.getTime() ?? null,
  input: row.input,
  output: row.output ?? null,
  error: row.error,
});

export async function listRuns(
  deps: Deps,
  actor: Actor,
  input: { triggerId: number; current: number; pageSize: number },
) {
  await editableTrigger(deps, actor, input.triggerId);
  const { limit, offset } = pageWindow(input.current, input.pageSize);
  const { rows, total } = await repo.pageRuns(deps.db, actor.tenantId, input.triggerId, limit, offset);
  return pageOf(rows.map(toRunDto), total, input.pageSize, input.current);
}

function sameHash(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * A webhook call: counted against the trigger's rate limit first, then the token, then the arguments; an accepted
 * call records a RUNNING run with the bound inputs and queues it. Answers the run's id.
 */
export async function receiveEvent(
  deps: Deps,
  tenantId: number,
  triggerId: number,
  token: string | null,
  body: unknown,
) {
  const window = await hit(deps.db, `trigger-event:${triggerId}`, EVENT_WINDOW_MS);
  if (window.count > EVENT_LIMIT) {
    throw rateLimited(`触发过于频繁，请 ${secondsUntil(window.resetAt)} 秒后再试`);
  }
  const component = await findComponent(deps.db, tenantId, triggerId);
  const bind = component?.type === "Trigger" ? triggerBindSchema.parse(component.bindConfig) : null;
  if (!component || bind?.triggerType !== "EVENT") throw notFound("触发器不存在");
  if (!token) throw new AppError(Codes.NOT_LOGGED_IN, "缺少触发器令牌（Authorization: Bearer <令牌>）");
  const state = await repo.findState(deps.db, component.id);
  if (!state?.tokenHash || !sameHash(state.tokenHash, sha256(token))) {
    throw new AppError(Codes.FORBIDDEN, "触发器令牌无效");
  }
  if (state.stoppedReason) throw new AppError(Codes.BUSINESS, state.stoppedReason);
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw badField("body", "必须是 JSON 对象");
  const checked = checkEventArgs(bind.eventArgs, body as Record<string, unknown>);
  if ("problem" in checked) throw badField(...checked.problem);
  const now = new Date();
  const run = await repo.insertRun(deps.db, {
    tenantId,
    agentId: component.agentId,
    triggerId: component.id,
    source: "EVENT",
    scheduledAt: now,
    startTime: now,
    input: boundInput(bind.argBindConfigs, checked.values),
  });
  await fireQueue.send(deps, {
    triggerId: component.id,
    agentId: component.agentId,
    tenantId,
    source: "EVENT",
    runId: run.id,
    scheduledAt: now.toISOString(),
  });
  return { runId: run.id };
}
