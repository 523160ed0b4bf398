/**
 * What other modules may use of knowledge bases: the HTTP routes, the component-library rows, the resolver the
 * component registry plugs in, search over bound knowledge bases (agent tool, workflow node) and start-up.
 */
export { listSpaceKnowledge } from "./library";
export { resolveKnowledge } from "./resolver";
export { knowledgeRoutes } from "./routes";
export { kbsByIds, knowledgeNodeSearch, searchKbs } from "./search-service";
export { startKnowledge } from "./start";
