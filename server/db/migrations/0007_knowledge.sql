CREATE TABLE "knowledge_base" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"space_id" integer NOT NULL,
	"creator_id" integer NOT NULL,
	"modified_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"data_type" integer DEFAULT 1 NOT NULL,
	"embedding_model_id" integer NOT NULL,
	"workflow_id" integer,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_document" (
	"id" serial PRIMARY KEY NOT NULL,
	"kb_id" integer NOT NULL,
	"creator_id" integer NOT NULL,
	"modified_id" integer NOT NULL,
	"name" text NOT NULL,
	"file_key" text,
	"pasted_text" text,
	"file_size" integer DEFAULT 0 NOT NULL,
	"segment_config" jsonb NOT NULL,
	"status_code" integer DEFAULT 1 NOT NULL,
	"status_reason" text,
	"progress" integer DEFAULT 0 NOT NULL,
	"char_count" integer DEFAULT 0 NOT NULL,
	"segment_count" integer DEFAULT 0 NOT NULL,
	"has_qa" boolean DEFAULT false NOT NULL,
	"has_embedding" boolean DEFAULT false NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_qa" (
	"id" serial PRIMARY KEY NOT NULL,
	"kb_id" integer NOT NULL,
	"doc_id" integer,
	"raw_id" integer,
	"creator_id" integer NOT NULL,
	"modified_id" integer NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"tsv" "tsvector" NOT NULL,
	"embedding" real[],
	"dim" integer,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_segment" (
	"id" serial PRIMARY KEY NOT NULL,
	"kb_id" integer NOT NULL,
	"doc_id" integer NOT NULL,
	"sort_index" integer NOT NULL,
	"raw_txt" text NOT NULL,
	"tsv" "tsvector" NOT NULL,
	"embedding" real[],
	"dim" integer,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "knowledge_base" ADD CONSTRAINT "knowledge_base_space_id_space_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."space"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_base" ADD CONSTRAINT "knowledge_base_creator_id_user_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_document" ADD CONSTRAINT "knowledge_document_kb_id_knowledge_base_id_fk" FOREIGN KEY ("kb_id") REFERENCES "public"."knowledge_base"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_qa" ADD CONSTRAINT "knowledge_qa_kb_id_knowledge_base_id_fk" FOREIGN KEY ("kb_id") REFERENCES "public"."knowledge_base"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_qa" ADD CONSTRAINT "knowledge_qa_doc_id_knowledge_document_id_fk" FOREIGN KEY ("doc_id") REFERENCES "public"."knowledge_document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_qa" ADD CONSTRAINT "knowledge_qa_raw_id_knowledge_segment_id_fk" FOREIGN KEY ("raw_id") REFERENCES "public"."knowledge_segment"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_segment" ADD CONSTRAINT "knowledge_segment_kb_id_knowledge_base_id_fk" FOREIGN KEY ("kb_id") REFERENCES "public"."knowledge_base"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_segment" ADD CONSTRAINT "knowledge_segment_doc_id_knowledge_document_id_fk" FOREIGN KEY ("doc_id") REFERENCES "public"."knowledge_document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "knowledge_base_space_idx" ON "knowledge_base" USING btree ("space_id","modified");--> statement-breakpoint
CREATE INDEX "knowledge_document_kb_idx" ON "knowledge_document" USING btree ("kb_id","created");--> statement-breakpoint
CREATE INDEX "knowledge_document_status_idx" ON "knowledge_document" USING btree ("status_code");--> statement-breakpoint
CREATE INDEX "knowledge_qa_kb_idx" ON "knowledge_qa" USING btree ("kb_id","created");--> statement-breakpoint
CREATE INDEX "knowledge_qa_doc_idx" ON "knowledge_qa" USING btree ("doc_id");--> statement-breakpoint
CREATE INDEX "knowledge_qa_tsv_idx" ON "knowledge_qa" USING gin ("tsv");--> statement-breakpoint
CREATE INDEX "knowledge_segment_doc_idx" ON "knowledge_segment" USING btree ("doc_id","sort_index");--> statement-breakpoint
CREATE INDEX "knowledge_segment_kb_idx" ON "knowledge_segment" USING btree ("kb_id");--> statement-breakpoint
CREATE INDEX "knowledge_segment_tsv_idx" ON "knowledge_segment" USING gin ("tsv");--> statement-breakpoint
-- pgvector where the server has it (PGlite always does): HNSW indexes per dimension are built at run time.
-- A PostgreSQL without it (or a role that may not create it) keeps working on float4 arrays.
DO $$ BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'vector') THEN
    CREATE EXTENSION IF NOT EXISTS vector;
  END IF;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pgvector not enabled: %', SQLERRM;
END $$;
