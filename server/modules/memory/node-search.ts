import type { Deps } from "#server/core";
import { recallMemories } from "#server/runtime/memory/recall";
import type { MemorySearch } from "#server/runtime/workflow/nodes/LongTermMemory";

const NODE_LIMIT = 10;

/**
 * The LongTermMemory node's search for the user running the workflow. Sensitive memories never leave through a
 * workflow: its outputs reach run logs and other nodes (plugins, HTTP) the user does not control.
 */
export function memoryNodeSearch(deps: Deps, userId: number): MemorySearch {
  return async (query, agentId) => {
    const found = await recallMemories(deps.db, {
      userId,
      agentId,
      query,
      includeSensitive: false,
      limit: NODE_LIMIT,
    });
    return found.map((m) => m.content);
  };
}
