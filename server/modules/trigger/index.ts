/**
 * Triggers that run (issue 15): TIME triggers on the job queue's cron schedules, EVENT triggers behind a webhook
 * with a bearer token; each firing runs a plugin or workflow and is one run in the trigger's log.
 */
export { activateTrigger, deactivateTrigger } from "./activate";
export { findRun, findState, findTickRun, insertRun, saveState, updateRun } from "./repo";
export { triggerEventRoutes, triggerRoutes } from "./routes";
