CREATE TABLE "memory_unit" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"category" text NOT NULL,
	"sub_category" text DEFAULT '' NOT NULL,
	"memory_key" text DEFAULT '' NOT NULL,
	"content" text NOT NULL,
	"is_sensitive" boolean DEFAULT false NOT NULL,
	"terms" "tsvector" DEFAULT ''::tsvector NOT NULL,
	"embedding" real[],
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "memory_unit" ADD CONSTRAINT "memory_unit_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memory_unit" ADD CONSTRAINT "memory_unit_agent_id_agent_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agent"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "memory_unit_owner_idx" ON "memory_unit" USING btree ("user_id","agent_id","modified");--> statement-breakpoint
CREATE INDEX "memory_unit_terms_idx" ON "memory_unit" USING gin ("terms");