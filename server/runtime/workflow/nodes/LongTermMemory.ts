import { nodeKinds } from "#contract/workflow-nodes";
import type { NodeDefinition } from "../types";

/**
 * What the LongTermMemory node needs from whoever starts the run (the memory module's `memoryNodeSearch`): the
 * running user's memories relevant to a query — with the chatting agent when the run has one (`AGENT_ID`), with
 * any agent in an editor's test run — best first, as one text each.
 */
export type MemorySearch = (query: string, agentId: number | null, signal: AbortSignal) => Promise<string[]>;

/**
 * 长期记忆 (original-backend.md §6.3): searches the running user's long-term memories for its `Query` input (an
 * empty query gives what describes the user: the profile memories); output `{outputList: [{output}]}`.
 */
export const LongTermMemory: NodeDefinition = {
  kind: nodeKinds.LongTermMemory,
  replay: true,
  async run(ctx) {
    const value = ctx.inputs.Query ?? ctx.inputs.query ?? "";
    const query = typeof value === "string" ? value.trim() : JSON.stringify(value);
    const search = ctx.services.searchMemory;
    if (!search) throw new Error("长期记忆检索不可用");
    const agentId = Number(ctx.systemVariables.AGENT_ID);
    const found = await search(query, Number.isInteger(agentId) && agentId > 0 ? agentId : null, ctx.signal);
    return { output: { outputList: found.map((output) => ({ output })) } };
  },
};
