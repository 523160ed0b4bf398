CREATE TABLE "custom_table_field" (
	"id" serial PRIMARY KEY NOT NULL,
	"table_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"field_type" smallint NOT NULL,
	"nullable" boolean DEFAULT true NOT NULL,
	"is_unique" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"default_value" text,
	"sort_index" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "custom_table" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"space_id" integer NOT NULL,
	"creator_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"icon" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "custom_table_field" ADD CONSTRAINT "custom_table_field_table_id_custom_table_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."custom_table"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_table" ADD CONSTRAINT "custom_table_space_id_space_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."space"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_table" ADD CONSTRAINT "custom_table_creator_id_user_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "custom_table_field_name_idx" ON "custom_table_field" USING btree ("table_id","name");--> statement-breakpoint
CREATE INDEX "custom_table_space_idx" ON "custom_table" USING btree ("space_id","modified");--> statement-breakpoint
CREATE INDEX "custom_table_tenant_idx" ON "custom_table" USING btree ("tenant_id");