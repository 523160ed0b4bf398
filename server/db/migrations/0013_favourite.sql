CREATE TABLE "user_favourite" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"target_type" text NOT NULL,
	"target_id" integer NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_favourite" ADD CONSTRAINT "user_favourite_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_favourite_uq" ON "user_favourite" USING btree ("user_id","target_type","target_id");--> statement-breakpoint
CREATE INDEX "user_favourite_target_idx" ON "user_favourite" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "user_favourite_recent_idx" ON "user_favourite" USING btree ("user_id","target_type","id");