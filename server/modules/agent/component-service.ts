import type { Actor, Deps } from "#server/core";
import { badField, fail, notFound, zodRefusal } from "#server/core";
import { cronProblem } from "#server/runtime/jobs/schedule";
import { isSingleton, labelOf, resolveTarget } from "../component/kinds";
import { findUsableChatModel } from "../model/service";
import { activateTrigger, deactivateTrigger } from "../trigger/activate";
import { bindSchemas, type ComponentAddInput, type ComponentType, type ComponentUpdateInput } from "./contract";
import { toComponentDto } from "./dto";
import * as repo from "./repo";
import { accessAgent, closedToDevelopment, editableAgent, recordHistory, touchAgent } from "./service";
import { validateVariables } from "./variables";

/**
 * A TIME trigger's cron (five fields, or six with seconds) and time zone, as the scheduler will run them, firing no
 * more often than CRON_MIN_INTERVAL_SECONDS.
 */
function validateCron(expression: string | undefined, timeZone: string, minIntervalSeconds: number) {
  if (!expression) throw badField("bindConfig.cronExpression", "定时触发器必须填写 cron 表达式");
  const problem = cronProblem(expression, timeZone, minIntervalSeconds);
  if (problem === "不是有效的时区") throw badField("bindConfig.timeZone", problem);
  if (problem) throw badField("bindConfig.cronExpression", problem);
}

/** JSON nesting a bind config may have: argument trees nest a few levels, never hundreds. */
const MAX_BIND_DEPTH = 32;

/** The nesting depth of a JSON value, measured without recursion (so a hostile depth cannot overflow the stack). */
function jsonDepth(value: unknown, limit: number) {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== "object") continue;
    deepest = Math.max(deepest, depth);
    if (deepest > limit) return deepest;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/** Validates a bind config against its type's schema (defaults filled) and the type's own rules. */
function parseBindConfig(deps: Deps, type: ComponentType, raw: unknown) {
  if (jsonDepth(raw, MAX_BIND_DEPTH) > MAX_BIND_DEPTH) {
    throw badField("bindConfig", `嵌套层级过深（最多 ${MAX_BIND_DEPTH} 层）`);
  }
  const schema = bindSchemas[type];
  const result = schema.safeParse(raw ?? {});
  if (!result.success) {
    throw zodRefusal(result.error, "bindConfig");
  }
  const bind = result.data as Record<string, unknown>;
  if (type === "Variable") {
    return { variables: validateVariables(bind.variables as Parameters<typeof validateVariables>[0]) };
  }
  if (type === "Trigger") {
    // The token is the server's to make, and only its hash is kept (server/modules/trigger).
    delete bind.eventBearerToken;
    if (bind.triggerType === "TIME") {
      const cron = bind.cronExpression as string | undefined;
      validateCron(cron, bind.timeZone as string, deps.config.CRON_MIN_INTERVAL_SECONDS);
    }
  }
  return bind;
}

async function requireTarget(deps: Deps, actor: Actor, type: ComponentType, spaceId: number, targetId: number) {
  const target = await resolveTarget(deps, type, actor.tenantId, spaceId, targetId);
  if (!target) throw fail(`${labelOf(type)}不存在或在当前空间不可用`);
  return target;
}

export async function addComponent(deps: Deps, actor: Actor, input: ComponentAddInput) {
  const { agent } = await editableAgent(deps, actor, input.agentId);
  if (isSingleton(input.type)) throw fail(`${labelOf(input.type)}组件随智能体创建，不能重复添加`);
  const bindConfig = parseBindConfig(deps, input.type, input.bindConfig);
  let target: { id: number; name: string; icon: string; description: string };
  if (input.type === "Trigger") {
    const kind = bindConfig.componentType === "PLUGIN" ? "Plugin" : "Workflow";
    await requireTarget(deps, actor, kind, agent.spaceId, bindConfig.componentId as number);
    target = { id: -1, name: bindConfig.name as string, icon: "", description: "" };
  } else {
    target = await requireTarget(deps, actor, input.type, agent.spaceId, input.targetId);
    const existing = await repo.listComponents(deps.db, agent.id);
    if (existing.some((c) => c.type === input.type && c.targetId === target.id)) {
      throw fail(`该${labelOf(input.type)}已添加`);
    }
  }
  const id = await deps.db.transaction(async (tx) => {
    const row = await repo.insertComponent(tx, {
      tenantId: actor.tenantId,
      agentId: agent.id,
      type: input.type,
      targetId: target.id,
      name: target.name,
      icon: target.icon,
      description: target.description,
      bindConfig,
    });
    await touchAgent(tx, agent.id, actor.userId);
    await recordHistory(tx, agent, actor, "AddComponent", `添加${labelOf(input.type)}「${target.name}」`);
    return row.id;
  });
  if (input.type === "Trigger")
    await activateTrigger(deps, { id, agentId: agent.id, tenantId: actor.tenantId, bindConfig });
  return id;
}

async function accessComponent(deps: Deps, actor: Actor, componentId: number) {
  const component = await repo.findComponent(deps.db, actor.tenantId, componentId);
  if (!component) throw notFound("组件不存在");
  let access: Awaited<ReturnType<typeof accessAgent>>;
  try {
    access = await accessAgent(deps, actor, component.agentId);
  } catch {
    throw notFound("组件不存在");
  }
  // Seen, but not changeable: a plain member of a space closed to development hears why (4030).
  if (!access.develops) throw closedToDevelopment();
  return { component, agent: access.agent };
}

export async function updateComponent(deps: Deps, actor: Actor, type: ComponentType, input: ComponentUpdateInput) {
  const { component, agent } = await accessComponent(deps, actor, input.id);
  if (component.type !== type) throw fail("组件类型与接口不符");
  const bindConfig = parseBindConfig(deps, type, { ...component.bindConfig, ...input.bindConfig });
  const values: Partial<repo.NewComponent> = { bindConfig, modified: new Date() };
  if (input.targetId !== undefined && input.targetId !== component.targetId) {
    if (type !== "Model") throw fail("只有模型组件可以更换绑定目标");
    const target = await requireTarget(deps, actor, type, agent.spaceId, input.targetId);
    Object.assign(values, { targetId: target.id, name: target.name, description: target.description });
  }
  if (type === "Trigger") {
    const kind = bindConfig.componentType === "PLUGIN" ? "Plugin" : "Workflow";
    await requireTarget(deps, actor, kind, agent.spaceId, bindConfig.componentId as number);
    values.name = bindConfig.name as string;
  }
  const reasoningId = bindConfig.reasoningModelId as number | null | undefined;
  if (type === "Model" && reasoningId != null && reasoningId !== component.bindConfig.reasoningModelId) {
    const reasoning = await findUsableChatModel(deps, actor.tenantId, agent.spaceId, reasoningId);
    if (reasoning?.isReasonModel !== 1) throw fail("推理模型不存在、在当前空间不可用或不是推理模型");
  }
  if (input.name !== undefined && type !== "Model") values.name = input.name;
  if (input.icon !== undefined) values.icon = input.icon;
  if (input.description !== undefined) values.description = input.description;
  if (input.exceptionOut !== undefined) values.exceptionOut = input.exceptionOut;
  if (input.fallbackMsg !== undefined) values.fallbackMsg = input.fallbackMsg;
  await deps.db.transaction(async (tx) => {
    await repo.updateComponent(tx, component.id, values);
    await touchAgent(tx, agent.id, actor.userId);
    await recordHistory(tx, agent, actor, "EditComponent", `修改${labelOf(type)}「${values.name ?? component.name}」`);
  });
  if (type === "Trigger") await activateTrigger(deps, { ...component, bindConfig });
}

export async function deleteComponent(deps: Deps, actor: Actor, componentId: number) {
  const { component, agent } = await accessComponent(deps, actor, componentId);
  if (isSingleton(component.type)) throw fail(`${labelOf(component.type)}组件不能删除`);
  await deps.db.transaction(async (tx) => {
    await repo.deleteComponent(tx, component.id);
    await touchAgent(tx, agent.id, actor.userId);
    await recordHistory(tx, agent, actor, "DeleteComponent", `删除${labelOf(component.type)}「${component.name}」`);
  });
  if (component.type === "Trigger") await deactivateTrigger(deps, component.id);
}

export async function listComponents(deps: Deps, actor: Actor, agentId: number) {
  const { agent } = await accessAgent(deps, actor, agentId);
  const rows = await repo.listComponents(deps.db, agent.id);
  return rows.map((c) => toComponentDto(c, agent.spaceId));
}
