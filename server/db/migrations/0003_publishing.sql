CREATE TABLE "notify_message_user" (
	"id" serial PRIMARY KEY NOT NULL,
	"notify_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"read_status" text DEFAULT 'Unread' NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notify_message" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sender_id" integer,
	"scope" text NOT NULL,
	"content" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "publish_apply" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"space_id" integer NOT NULL,
	"apply_user_id" integer NOT NULL,
	"target_type" text NOT NULL,
	"target_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"config" jsonb NOT NULL,
	"scope" text NOT NULL,
	"publish_space_id" integer,
	"category" text DEFAULT 'Other' NOT NULL,
	"allow_copy" integer DEFAULT 0 NOT NULL,
	"only_template" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'Applying' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"audit_user_id" integer,
	"audit_time" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "published" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"space_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"apply_id" integer,
	"target_type" text NOT NULL,
	"target_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"config" jsonb NOT NULL,
	"scope" text NOT NULL,
	"publish_space_id" integer,
	"category" text DEFAULT 'Other' NOT NULL,
	"allow_copy" integer DEFAULT 0 NOT NULL,
	"only_template" integer DEFAULT 0 NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notify_message_user" ADD CONSTRAINT "notify_message_user_notify_id_notify_message_id_fk" FOREIGN KEY ("notify_id") REFERENCES "public"."notify_message"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notify_message_user" ADD CONSTRAINT "notify_message_user_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publish_apply" ADD CONSTRAINT "publish_apply_apply_user_id_user_id_fk" FOREIGN KEY ("apply_user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "published" ADD CONSTRAINT "published_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notify_message_user_idx" ON "notify_message_user" USING btree ("user_id","read_status","id");--> statement-breakpoint
CREATE INDEX "publish_apply_target_idx" ON "publish_apply" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "publish_apply_status_idx" ON "publish_apply" USING btree ("tenant_id","status","id");--> statement-breakpoint
CREATE INDEX "published_target_idx" ON "published" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "published_list_idx" ON "published" USING btree ("tenant_id","target_type","scope","id");