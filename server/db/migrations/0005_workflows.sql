CREATE SEQUENCE "public"."workflow_node_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "workflow_paused_run" (
	"id" serial PRIMARY KEY NOT NULL,
	"workflow_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"request_id" text NOT NULL,
	"state" jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workflow" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"space_id" integer NOT NULL,
	"creator_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"extension" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"graph" jsonb NOT NULL,
	"node_ids" integer[] NOT NULL,
	"edit_version" integer DEFAULT 1 NOT NULL,
	"publish_status" text DEFAULT 'Developing' NOT NULL,
	"publish_date" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "workflow_paused_run" ADD CONSTRAINT "workflow_paused_run_workflow_id_workflow_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflow"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_paused_run" ADD CONSTRAINT "workflow_paused_run_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow" ADD CONSTRAINT "workflow_space_id_space_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."space"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow" ADD CONSTRAINT "workflow_creator_id_user_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_paused_run_request_idx" ON "workflow_paused_run" USING btree ("workflow_id","request_id");--> statement-breakpoint
CREATE INDEX "workflow_space_idx" ON "workflow" USING btree ("space_id","modified");--> statement-breakpoint
CREATE INDEX "workflow_tenant_idx" ON "workflow" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "workflow_node_ids_idx" ON "workflow" USING gin ("node_ids");