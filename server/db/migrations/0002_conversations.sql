CREATE TABLE "chat_run" (
	"request_id" text PRIMARY KEY NOT NULL,
	"conversation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'EXECUTING' NOT NULL,
	"stop_requested" boolean DEFAULT false NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversation" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"topic" text DEFAULT '' NOT NULL,
	"topic_updated" integer DEFAULT 0 NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"variables" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"dev_mode" integer DEFAULT 0 NOT NULL,
	"type" text DEFAULT 'Chat' NOT NULL,
	"temp_link_id" integer,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" integer,
	"key" text NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversation_message" (
	"id" serial PRIMARY KEY NOT NULL,
	"conversation_id" integer NOT NULL,
	"request_id" text NOT NULL,
	"role" text NOT NULL,
	"type" text DEFAULT 'CHAT' NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"think" text DEFAULT '' NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'complete' NOT NULL,
	"finish_reason" text,
	"processing_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"final_result" jsonb,
	"suggestions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notify_event" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_id" integer NOT NULL,
	"type" text NOT NULL,
	"event" jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "temp_chat_link" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"chat_key" text NOT NULL,
	"require_login" integer DEFAULT 1 NOT NULL,
	"expire" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_run" ADD CONSTRAINT "chat_run_conversation_id_conversation_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation" ADD CONSTRAINT "conversation_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation" ADD CONSTRAINT "conversation_agent_id_agent_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agent"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_message" ADD CONSTRAINT "conversation_message_conversation_id_conversation_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notify_event" ADD CONSTRAINT "notify_event_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notify_event" ADD CONSTRAINT "notify_event_token_id_auth_token_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."auth_token"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "temp_chat_link" ADD CONSTRAINT "temp_chat_link_agent_id_agent_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agent"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "temp_chat_link" ADD CONSTRAINT "temp_chat_link_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversation_uid_uq" ON "conversation" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "conversation_user_idx" ON "conversation" USING btree ("user_id","agent_id","modified");--> statement-breakpoint
CREATE UNIQUE INDEX "file_key_uq" ON "file" USING btree ("key");--> statement-breakpoint
CREATE INDEX "message_conversation_idx" ON "conversation_message" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE INDEX "message_status_idx" ON "conversation_message" USING btree ("status");--> statement-breakpoint
CREATE INDEX "notify_event_token_idx" ON "notify_event" USING btree ("token_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "temp_chat_key_uq" ON "temp_chat_link" USING btree ("chat_key");