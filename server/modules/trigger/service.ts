import { timingSafeEqual } from "node:crypto";
import type { TriggerAddInput, TriggerRunDto } from "#contract/api/trigger";
import { triggerBindSchema } from "#contract/components";
import { pageOf, pageWindow } from "#contract/page";
import type { Actor, Deps } from "#server/core";
import { AppError, badField, Codes, notFound, rateLimited } from "#server/core";
import { sha256 } from "#server/lib/crypto";
import { hit, secondsUntil } from "#server/lib/rate-limit";
import { addComponent } from "#server/modules/agent/component-service";
import { findComponent } from "#server/modules/agent/repo";
import { editableAgent } from "#server/modules/agent/service";
import { cronProblem } from "#server/runtime/jobs/schedule";
import { boundInput, checkEventArgs } from "#server/runtime/trigger/args";
import { activateTrigger } from "./activate";
import { fireQueue } from "./queue";
import * as repo from "./repo";

/** Webhook calls per trigger per minute (the rest answer 4290 until the window ends). */
export const EVENT_LIMIT = 60;
const EVENT_WINDOW_MS = 60_000;

const webhookPath = (id: number) => `/api/trigger/event/${id}`;

/** A Trigger component the caller may edit (the agent's editors only; others learn nothing: 4040). */
async function editableTrigger(deps: Deps, actor: Actor, triggerId: number) {
  const component = await findComponent(deps.db, actor.tenantId, triggerId);
  if (component?.type !== "Trigger") throw notFound("触发器不存在");
  try {
    await editableAgent(deps, actor, component.agentId);
  } catch (err) {
    if (err instanceof AppError && err.code === Codes.FORBIDDEN) throw err;
    throw notFound("触发器不存在");
  }
  return component;
}

/** Adds a trigger; an EVENT trigger's token and webhook URL are in this answer and nowhere else. */
export async function addTrigger(deps: Deps, actor: Actor, input: TriggerAddInput, origin: string) {
  const { agentId, ...bindConfig } = input;
  if (input.triggerType === "TIME") {
    // Named as this endpoint's (flat) body has them; the component layer checks the same again.
    if (!input.cronExpression) throw badField("cronExpression", "定时触发器必须填写 cron 表达式");
    const problem = cronProblem(input.cronExpression, input.timeZone);
    if (problem) throw badField(problem === "不是有效的时区" ? "timeZone" : "cronExpression", problem);
  }
  const id = await addComponent(deps, actor, { agentId, type: "Trigger", targetId: -1, bindConfig });
  if (input.triggerType !== "EVENT") return { id };
  return rotateToken(deps, actor, id, origin);
}

/** A new token for an EVENT trigger: the old one stops working at once. */
export async function rotateToken(deps: Deps, actor: Actor, triggerId: number, origin: string) {
  const component = await editableTrigger(deps, actor, triggerId);
  const bind = triggerBindSchema.parse(component.bindConfig);
  if (bind.triggerType !== "EVENT") throw badField("id", "只有事件触发器有令牌");
  const { token } = await activateTrigger(deps, component, { rotate: true });
  return { id: component.id, eventBearerToken: token!, webhookUrl: `${origin}${webhookPath(component.id)}` };
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
