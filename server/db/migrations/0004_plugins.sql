CREATE TABLE "plugin" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"space_id" integer NOT NULL,
	"creator_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"code_lang" text,
	"config" jsonb NOT NULL,
	"publish_status" text DEFAULT 'Developing' NOT NULL,
	"publish_date" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plugin" ADD CONSTRAINT "plugin_space_id_space_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."space"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plugin" ADD CONSTRAINT "plugin_creator_id_user_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plugin_space_idx" ON "plugin" USING btree ("space_id","modified");--> statement-breakpoint
CREATE INDEX "plugin_tenant_idx" ON "plugin" USING btree ("tenant_id");