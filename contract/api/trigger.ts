import { triggerBindSchema } from "../components";
import { pageSchema } from "../page";
import { id, z } from "../zod";
import { endpoint } from "./endpoint";

/**
 * Triggers that run (issue 15; reference original-frontend.md §1.5 TriggerConfig, original-backend.md §7.4).
 * Pinned where the reference leaves a choice:
 * - `trigger/add` answers `{id, eventBearerToken?, webhookUrl?}`. An EVENT trigger's token is made by the server,
 *   shown only in that answer and in the answer of `token/rotate/{id}`, stored hashed and never listed again (a
 *   client's own `eventBearerToken` is ignored). A trigger added through the generic `component/add`, or turned
 *   into an EVENT trigger by `trigger/update`, has no token yet (the webhook refuses every call): enable or rotate.
 * - `state/list/{agentId}` tells whether each trigger runs: ACTIVE (TIME: with its next tick), INACTIVE (a copied
 *   agent's triggers — copies, square copies alike — never start on their own, so a copy does not fire beside
 *   its original; an EVENT trigger without a token) or STOPPED (its target or agent went; the reason).
 *   `enable/{id}` starts an INACTIVE or STOPPED trigger once its target is usable in the agent's space and its cron
 *   allowed; an EVENT trigger without a token gets one, shown in that answer only. Each state also carries the
 *   trigger's last run (status, start and end), so a list can say how it last went without reading every log.
 * - Updating goes through `/api/agent/component/trigger/update {id, bindConfig}`, deleting through
 *   `/api/agent/component/delete/{id}`; both take effect at once (a deleted trigger never fires again).
 * - The webhook: `POST /api/trigger/event/{id}` with `Authorization: Bearer <token>` and a flat JSON object of the
 *   event arguments, checked against `eventArgs` (a missing required argument or a wrong type is refused with 4000
 *   naming it, and nothing runs). No token 4010, a wrong one 4030, an unknown or TIME trigger 4040, too many calls
 *   4290; accepted calls answer `{runId}` while the run goes on in the job queue.
 * - Cron: five fields, or six with seconds first; `timeZone` an IANA name; firing no more often than the server's
 *   CRON_MIN_INTERVAL_SECONDS (default once a minute), else refused in Chinese naming `cronExpression`.
 * - A trigger whose agent was deleted, or whose target is gone, stops; the reason is a FAILED run in its log.
 */

export const triggerAddInput = triggerBindSchema.extend({ agentId: id() });
export type TriggerAddInput = z.infer<typeof triggerAddInput>;

export const triggerSecretDto = z.object({
  id: z.number().int(),
  eventBearerToken: z.string().optional(),
  webhookUrl: z.string().optional(),
});

export const triggerStates = ["ACTIVE", "INACTIVE", "STOPPED"] as const;
export const triggerRunStatuses = ["RUNNING", "SUCCESS", "FAILED"] as const;
export const triggerStateDto = z.object({
  id: z.number().int(),
  state: z.enum(triggerStates),
  /** Why it does not run (INACTIVE, STOPPED), in Chinese; null when ACTIVE. */
  reason: z.string().nullable(),
  /** An ACTIVE TIME trigger's next tick (epoch milliseconds). */
  nextRunTime: z.number().int().nullable(),
  /** The newest run (epoch milliseconds), or null before the first: how the last firing went, whatever the state. */
  lastRun: z
    .object({ status: z.enum(triggerRunStatuses), startTime: z.number().int(), endTime: z.number().int().nullable() })
    .nullable(),
});
export type TriggerStateDto = z.infer<typeof triggerStateDto>;

export const timeZoneDataDto = z.object({
  utcTimeZones: z.array(
    z.object({ utc: z.string(), timeZones: z.array(z.object({ timeZone: z.string(), name: z.string() })) }),
  ),
  cronExpScopes: z.array(
    z.object({ scope: z.string(), cronExps: z.array(z.object({ day: z.string(), expression: z.string() })) }),
  ),
});

export const triggerRunDto = z.object({
  id: z.number().int(),
  triggerId: z.number().int(),
  status: z.enum(triggerRunStatuses),
  /** TIME: a cron tick; EVENT: a webhook call. */
  source: z.enum(["TIME", "EVENT"]),
  /** Epoch milliseconds, like every time of the original contract. */
  scheduledTime: z.number().int(),
  startTime: z.number().int(),
  endTime: z.number().int().nullable(),
  input: z.record(z.string(), z.unknown()),
  output: z.unknown(),
  error: z.string().nullable(),
});
export type TriggerRunDto = z.infer<typeof triggerRunDto>;

export const triggerRunListInput = z.object({
  triggerId: id(),
  current: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(10),
});

/** The webhook's body: a flat JSON object of event arguments. */
export const triggerEventBody = z.record(z.string(), z.unknown(), { error: "必须是 JSON 对象" });

export const trigger = {
  add: endpoint({
    method: "POST",
    path: "/api/agent/component/trigger/add",
    body: triggerAddInput,
    response: triggerSecretDto,
  }),
  rotateToken: endpoint({
    method: "POST",
    path: "/api/agent/component/trigger/token/rotate/:id",
    response: triggerSecretDto,
  }),
  enable: endpoint({
    method: "POST",
    path: "/api/agent/component/trigger/enable/:id",
    response: triggerSecretDto,
  }),
  stateList: endpoint({
    method: "GET",
    path: "/api/agent/trigger/state/list/:agentId",
    response: z.array(triggerStateDto),
  }),
  timeZoneData: endpoint({ method: "GET", path: "/api/agent/trigger/timeZone/data", response: timeZoneDataDto }),
  runList: endpoint({
    method: "POST",
    path: "/api/agent/trigger/run/list",
    body: triggerRunListInput,
    response: pageSchema(triggerRunDto),
  }),
  event: endpoint({
    method: "POST",
    path: "/api/trigger/event/:id",
    body: triggerEventBody,
    response: z.object({ runId: z.number().int() }),
  }),
};
