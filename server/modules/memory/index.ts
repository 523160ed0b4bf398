/** What other modules may use of long-term memory: the HTTP routes and the workflow node's search. */

export { memoryNodeSearch } from "./node-search";
export { memoryRoutes } from "./routes";
