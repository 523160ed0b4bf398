import { randomUUID } from "node:crypto";
import {
  AGENT_FILE_KIND,
  AGENT_FILE_MAX_BYTES,
  AGENT_FILE_VERSION,
  type AgentFile,
  agentFileSchema,
  type ImportResultDto,
} from "#contract/api/agent-export";
import { freshLink } from "#contract/icons";
import { formatSize } from "#server/api/body-limit";
import type { Actor, Deps } from "#server/core";
import { badField, fail, forbidden, zodRefusal } from "#server/core";
import { labelOf, resolveTarget } from "../component/kinds";
import { accessSpace } from "../space/service";
import { getTenantConfig } from "../tenant/service";
import { bindSchemas, type ComponentType } from "./contract";
import { developsIn } from "./dto";
import * as repo from "./repo";
import { accessAgent, recordHistory } from "./service";
import { validateVariables } from "./variables";

/** How deep the file's JSON may nest: bind configs nest a few levels, never dozens. */
const MAX_DEPTH = 32;

/** The agent's draft configuration as a file (导出配置): settings and components, targets by id and name. */
export async function exportAgent(deps: Deps, actor: Actor, agentId: number) {
  const { agent } = await accessAgent(deps, actor, agentId, "Export");
  const components = await repo.listComponents(deps.db, agent.id);
  const file: AgentFile = {
    kind: AGENT_FILE_KIND,
    version: AGENT_FILE_VERSION,
    exportedAt: new Date().toISOString(),
    agent: {
      name: agent.name,
      description: agent.description,
      // A file is kept and imported later: its links to our uploads are signed afresh, as in any answer.
      icon: freshLink(agent.icon),
      systemPrompt: agent.systemPrompt,
      userPrompt: agent.userPrompt,
      openSuggest: agent.openSuggest,
      suggestPrompt: agent.suggestPrompt,
      openingChatMsg: agent.openingChatMsg,
      guidQuestionDtos: agent.guidQuestions,
      openLongMemory: agent.openLongMemory,
      openScheduledTask: agent.openScheduledTask,
      openFileBox: agent.openFileBox,
      shortcutInstructions: agent.shortcutInstructions,
    },
    components: components.map((c) => ({
      type: c.type,
      targetId: c.targetId,
      name: c.name,
      icon: freshLink(c.icon),
      description: c.description,
      bindConfig: c.bindConfig,
      exceptionOut: c.exceptionOut === 1 ? 1 : 0,
      fallbackMsg: c.fallbackMsg,
    })),
  };
  const name = encodeURIComponent(`${agent.name}.agent.json`);
  return new Response(JSON.stringify(file, null, 2), {
    headers: {
      "content-type": "application/json; charset=utf-8",
      "content-disposition": `attachment; filename="agent-${agent.id}.agent.json"; filename*=UTF-8''${name}`,
      "cache-control": "no-store",
    },
  });
}

/** The nesting depth of a JSON value, measured without recursion (a hostile depth cannot overflow the stack). */
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

/** Reads and validates an uploaded configuration file; every refusal names the `file` field. */
export async function readAgentFile(file: File | null): Promise<AgentFile> {
  if (!file) throw badField("file", "请选择配置文件");
  if (file.size > AGENT_FILE_MAX_BYTES) {
    throw badField("file", `配置文件不能超过 ${formatSize(AGENT_FILE_MAX_BYTES)}`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(await file.text());
  } catch {
    throw badField("file", "不是合法的 JSON 文件");
  }
  if (jsonDepth(raw, MAX_DEPTH) > MAX_DEPTH) throw badField("file", `嵌套层级过深（最多 ${MAX_DEPTH} 层）`);
  const parsed = agentFileSchema.safeParse(raw);
  if (!parsed.success) throw zodRefusal(parsed.error, "file");
  return parsed.data;
}

type FileComponent = AgentFile["components"][number];
type Planned = Omit<repo.NewComponent, "agentId">;

/** A component's bind config as its kind accepts it, or the Chinese reason it is not. */
function bindOf(c: FileComponent): { ok: true; bind: Record<string, unknown> } | { ok: false; reason: string } {
  const parsed = bindSchemas[c.type].safeParse(c.bindConfig);
  if (!parsed.success) return { ok: false, reason: `配置不合法：${parsed.error.issues[0]?.message ?? "格式错误"}` };
  const bind = parsed.data as Record<string, unknown>;
  if (c.type !== "Variable") return { ok: true, bind };
  try {
    return {
      ok: true,
      bind: { variables: validateVariables(bind.variables as Parameters<typeof validateVariables>[0]) },
    };
  } catch (err) {
    return { ok: false, reason: `配置不合法：${(err as Error).message}` };
  }
}

/** The model the new agent runs: the file's one when the space may use it, else the tenant's default. */
async function planModel(deps: Deps, actor: Actor, spaceId: number, file: AgentFile, notes: string[]) {
  const given = file.components.find((c) => c.type === "Model");
  const bound = given ? bindOf(given) : null;
  let bind = bound?.ok ? bound.bind : bindSchemas.Model.parse({});
  let target = given ? await resolveTarget(deps, "Model", actor.tenantId, spaceId, given.targetId) : null;
  if (!target) {
    const tenant = await getTenantConfig(deps, actor.tenantId);
    target = tenant.defaultChatModelId
      ? await resolveTarget(deps, "Model", actor.tenantId, spaceId, tenant.defaultChatModelId)
      : null;
    if (!target) throw fail("文件中的模型在该空间不可用，且没有可用的默认对话模型，请先在系统管理中设置默认对话模型");
    notes.push(
      given
        ? `模型「${given.name}」在该空间不可用，已换成默认模型「${target.name}」`
        : `已使用默认模型「${target.name}」`,
    );
  } else if (bound && !bound.ok)
    notes.push(`模型参数${bound.reason.replace("配置不合法：", "不合法（")}），已使用默认参数`);
  const reasoningId = bind.reasoningModelId as number | null | undefined;
  if (reasoningId != null && !(await resolveTarget(deps, "Model", actor.tenantId, spaceId, reasoningId))) {
    bind = { ...bind, reasoningModelId: null };
    notes.push("推理模型在该空间不可用，已取消");
  }
  return { type: "Model" as const, targetId: target.id, name: target.name, description: target.description, bind };
}

/** The space an import goes to: checked before the file is read, so outsiders learn nothing from it. */
export async function importSpace(deps: Deps, actor: Actor, spaceId: number) {
  const { space, role } = await accessSpace(deps, actor, spaceId);
  if (!developsIn(actor, space, role)) throw forbidden("该空间未开放开发功能");
  return space;
}

/**
 * Creates a new agent from a configuration file in a space the caller may develop in (导入配置). Components whose
 * target the space cannot use are skipped and reported; triggers are left for the editor, since they schedule work.
 */
export async function importAgent(
  deps: Deps,
  actor: Actor,
  space: { id: number },
  file: AgentFile,
): Promise<ImportResultDto> {
  const notes: string[] = [];
  const imported: ImportResultDto["imported"] = [];
  const skipped: ImportResultDto["skipped"] = [];
  const model = await planModel(deps, actor, space.id, file, notes);
  const planned: Planned[] = [
    {
      tenantId: actor.tenantId,
      type: "Model",
      targetId: model.targetId,
      name: model.name,
      description: model.description,
      bindConfig: model.bind,
    },
  ];
  imported.push({ type: "Model", name: model.name });
  let variables: Record<string, unknown> = { variables: [] };
  const seen = new Set<string>();
  for (const c of file.components) {
    if (c.type === "Model") continue;
    const skip = (reason: string) => skipped.push({ type: c.type, name: c.name, reason });
    const bound = bindOf(c);
    if (!bound.ok) {
      skip(bound.reason);
      continue;
    }
    if (c.type === "Variable") {
      variables = bound.bind;
      continue;
    }
    if (c.type === "Trigger") {
      skip("触发器需要在编辑页重新添加");
      continue;
    }
    const target = await resolveTarget(deps, c.type, actor.tenantId, space.id, c.targetId);
    if (!target) {
      skip(`${labelOf(c.type)}在该空间不存在或不可用`);
      continue;
    }
    const key = `${c.type}:${target.id}`;
    if (seen.has(key)) {
      skip("重复的组件");
      continue;
    }
    seen.add(key);
    planned.push({
      tenantId: actor.tenantId,
      type: c.type as ComponentType,
      targetId: target.id,
      name: target.name,
      icon: target.icon,
      description: target.description,
      bindConfig: bound.bind,
      exceptionOut: c.exceptionOut,
      fallbackMsg: c.fallbackMsg ?? "",
    });
    imported.push({ type: c.type, name: target.name });
  }
  planned.push({ tenantId: actor.tenantId, type: "Variable", targetId: -1, name: "变量", bindConfig: variables });
  const settings = file.agent;
  return deps.db.transaction(async (tx) => {
    const agent = await repo.insertAgent(tx, {
      uid: randomUUID().replaceAll("-", ""),
      tenantId: actor.tenantId,
      spaceId: space.id,
      creatorId: actor.userId,
      name: settings.name,
      description: settings.description,
      icon: settings.icon,
      systemPrompt: settings.systemPrompt,
      userPrompt: settings.userPrompt,
      openSuggest: settings.openSuggest,
      suggestPrompt: settings.suggestPrompt,
      openingChatMsg: settings.openingChatMsg,
      guidQuestions: settings.guidQuestionDtos,
      openLongMemory: settings.openLongMemory,
      openScheduledTask: settings.openScheduledTask,
      openFileBox: settings.openFileBox,
      shortcutInstructions: settings.shortcutInstructions,
    });
    for (const c of planned) await repo.insertComponent(tx, { ...c, agentId: agent.id });
    await repo.upsertRelation(tx, actor.userId, agent.id, "Edit");
    const summary = skipped.length ? `；跳过 ${skipped.length} 个组件` : "";
    await recordHistory(tx, agent, actor, "Add", `从配置文件导入${summary}`);
    return { agentId: agent.id, name: agent.name, imported, skipped, notes };
  });
}
