-- At most one executing run per conversation (a turn's start relies on it to refuse a second simultaneous message).
-- A database may hold several from before: all but the newest of each conversation are ended as a dead instance's
-- runs are (markInterrupted): the run FAILED, its answer kept as far as it got and marked interrupted.
WITH "superseded" AS (
  UPDATE "chat_run" r SET "status" = 'FAILED', "modified" = now()
   WHERE r."status" = 'EXECUTING'
     AND EXISTS (
       SELECT 1 FROM "chat_run" newer
        WHERE newer."conversation_id" = r."conversation_id" AND newer."status" = 'EXECUTING'
          AND (newer."created", newer."request_id") > (r."created", r."request_id")
     )
  RETURNING r."request_id"
)
UPDATE "conversation_message" SET "status" = 'interrupted', "finish_reason" = 'INTERRUPTED', "modified" = now()
 WHERE "status" = 'incomplete' AND "request_id" IN (SELECT "request_id" FROM "superseded");
--> statement-breakpoint
CREATE UNIQUE INDEX "chat_run_executing_uq" ON "chat_run" USING btree ("conversation_id") WHERE "chat_run"."status" = 'EXECUTING';
