import { pageOf, pageWindow } from "#contract/page";
import { type Actor, type Deps, notFound } from "#server/core";
import { memoryIndex } from "#server/runtime/memory/recall";
import type { MemoryCategory, MemoryInfo, MemoryListInput, MemoryUpdateInput } from "./contract";
import * as repo from "./repo";

/** A user sees and changes only their own memories: anyone else's id reads as not found. */
const MISSING = "记忆不存在";

function toMemoryInfo(m: repo.MemoryRow, agentName: string): MemoryInfo {
  return {
    id: m.id,
    agentId: m.agentId,
    agentName,
    category: m.category as MemoryCategory,
    subCategory: m.subCategory,
    content: m.content,
    isSensitive: m.isSensitive,
    created: m.created.toISOString(),
    modified: m.modified.toISOString(),
  };
}

export async function listMemories(deps: Deps, actor: Actor, input: MemoryListInput) {
  const { rows, total } = await repo.listPage(
    deps.db,
    actor.userId,
    { agentId: input.agentId, category: input.category },
    pageWindow(input.current, input.pageSize),
  );
  return pageOf(
    rows.map((r) => toMemoryInfo(r.memory, r.agentName)),
    total,
    input.pageSize,
    input.current,
  );
}

export const memoryAgents = (deps: Deps, actor: Actor) => repo.agentsOf(deps.db, actor.userId);

export async function updateMemory(deps: Deps, actor: Actor, input: MemoryUpdateInput) {
  const own = await repo.findOwn(deps.db, actor.userId, input.id);
  if (!own) throw notFound(MISSING);
  await repo.updateMemory(deps.db, own.id, { content: input.content, ...memoryIndex(input.content) });
}

export async function deleteMemory(deps: Deps, actor: Actor, id: number) {
  if (!(await repo.deleteOwn(deps.db, actor.userId, id))) throw notFound(MISSING);
}

export const clearMemories = (deps: Deps, actor: Actor, agentId?: number | null) =>
  repo.clearOwn(deps.db, actor.userId, agentId);
