import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, modifiedAt } from "./columns";

/**
 * Cron schedules of the job queue (server/runtime/jobs/schedule.ts): each sends one job to `queue` per tick.
 * `nextRunAt` is the cursor every process races to advance (compare-and-set), `key` names this incarnation of
 * the schedule so the job of one tick has a deterministic id (a second process's send of that tick is a no-op).
 */
export const jobSchedules = pgTable(
  "job_schedule",
  {
    name: text("name").primaryKey(),
    key: uuid("key").notNull().defaultRandom(),
    queue: text("queue").notNull(),
    cron: text("cron").notNull(),
    timeZone: text("time_zone").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    nextRunAt: timestamp("next_run_at", { withTimezone: true, mode: "date" }).notNull(),
    created: createdAt(),
    modified: modifiedAt(),
  },
  (t) => [index("job_schedule_next_idx").on(t.nextRunAt)],
);
