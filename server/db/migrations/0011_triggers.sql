CREATE TABLE "job_schedule" (
	"name" text PRIMARY KEY NOT NULL,
	"key" uuid DEFAULT gen_random_uuid() NOT NULL,
	"queue" text NOT NULL,
	"cron" text NOT NULL,
	"time_zone" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trigger_run" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"trigger_id" integer NOT NULL,
	"source" text NOT NULL,
	"status" text DEFAULT 'RUNNING' NOT NULL,
	"scheduled_at" timestamp with time zone NOT NULL,
	"start_time" timestamp with time zone DEFAULT now() NOT NULL,
	"end_time" timestamp with time zone,
	"input" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"output" jsonb,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "trigger_state" (
	"component_id" integer PRIMARY KEY NOT NULL,
	"token_hash" text,
	"stopped_reason" text
);
--> statement-breakpoint
ALTER TABLE "trigger_state" ADD CONSTRAINT "trigger_state_component_id_agent_component_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."agent_component"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_schedule_next_idx" ON "job_schedule" USING btree ("next_run_at");--> statement-breakpoint
CREATE INDEX "trigger_run_trigger_idx" ON "trigger_run" USING btree ("trigger_id","id");