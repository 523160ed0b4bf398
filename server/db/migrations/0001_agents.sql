CREATE TABLE "agent_component" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"type" text NOT NULL,
	"target_id" integer NOT NULL,
	"name" text NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"bind_config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"exception_out" integer DEFAULT 0 NOT NULL,
	"fallback_msg" text DEFAULT '' NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_statistic" (
	"agent_id" integer NOT NULL,
	"name" text NOT NULL,
	"value" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"tenant_id" integer NOT NULL,
	"space_id" integer NOT NULL,
	"creator_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"system_prompt" text DEFAULT '' NOT NULL,
	"user_prompt" text DEFAULT '' NOT NULL,
	"open_suggest" text DEFAULT 'Close' NOT NULL,
	"suggest_prompt" text DEFAULT '' NOT NULL,
	"opening_chat_msg" text DEFAULT '' NOT NULL,
	"guid_questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"open_long_memory" text DEFAULT 'Close' NOT NULL,
	"open_scheduled_task" text DEFAULT 'Close' NOT NULL,
	"open_file_box" text DEFAULT 'Close' NOT NULL,
	"shortcut_instructions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"publish_status" text DEFAULT 'Developing' NOT NULL,
	"publish_date" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card" (
	"id" serial PRIMARY KEY NOT NULL,
	"card_key" text NOT NULL,
	"name" text NOT NULL,
	"image_url" text DEFAULT '' NOT NULL,
	"args" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "card_card_key_unique" UNIQUE("card_key")
);
--> statement-breakpoint
CREATE TABLE "config_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"target_type" text NOT NULL,
	"target_id" integer NOT NULL,
	"type" text NOT NULL,
	"config" jsonb NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"op_user_id" integer NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_agent_relation" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"type" text NOT NULL,
	"extra" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "model" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"space_id" integer,
	"creator_id" integer,
	"scope" text DEFAULT 'Tenant' NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"model" text NOT NULL,
	"type" text DEFAULT 'Chat' NOT NULL,
	"protocol" text DEFAULT 'OpenAI' NOT NULL,
	"base_url" text DEFAULT '' NOT NULL,
	"api_key_encrypted" text,
	"max_tokens" integer DEFAULT 4096 NOT NULL,
	"context_size" integer DEFAULT 32768 NOT NULL,
	"function_call" text DEFAULT 'CallSupported' NOT NULL,
	"is_reason_model" integer DEFAULT 0 NOT NULL,
	"dimension" integer,
	"enabled" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_component" ADD CONSTRAINT "agent_component_agent_id_agent_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agent"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_statistic" ADD CONSTRAINT "agent_statistic_agent_id_agent_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agent"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent" ADD CONSTRAINT "agent_space_id_space_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."space"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent" ADD CONSTRAINT "agent_creator_id_user_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_agent_relation" ADD CONSTRAINT "user_agent_relation_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_agent_relation" ADD CONSTRAINT "user_agent_relation_agent_id_agent_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agent"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_component_agent_idx" ON "agent_component" USING btree ("agent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_statistic_uq" ON "agent_statistic" USING btree ("agent_id","name");--> statement-breakpoint
CREATE INDEX "agent_space_idx" ON "agent" USING btree ("space_id","modified");--> statement-breakpoint
CREATE INDEX "agent_tenant_idx" ON "agent" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "config_history_target_idx" ON "config_history" USING btree ("target_type","target_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_agent_relation_uq" ON "user_agent_relation" USING btree ("user_id","agent_id","type");--> statement-breakpoint
CREATE INDEX "user_agent_relation_recent_idx" ON "user_agent_relation" USING btree ("user_id","type","modified");--> statement-breakpoint
CREATE INDEX "model_tenant_idx" ON "model" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "model_space_idx" ON "model" USING btree ("space_id");