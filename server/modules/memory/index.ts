/** What other modules may use of long-term memory: the HTTP routes and the workflow node's search. */

export { memoryNodeSearch } from "./node-search";
export { insertMemories, type MemoryPatch, type MemoryRow, type NewMemory, ofOwnerAgent, updateMemory } from "./repo";
export { memoryRoutes } from "./routes";
