/** The kernel every module depends on: what a service receives (Deps, Actor) and how it refuses (errors). */
export type { Actor, Deps } from "./deps";
export * from "./errors";
export { requireSystemAdmin } from "./guards";
