CREATE TABLE "clause_reviews" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"clause_id" uuid NOT NULL,
	"document_id" text NOT NULL,
	"clause_text" text NOT NULL,
	"decision" text NOT NULL,
	"reviewer" text,
	"notes" text,
	"annotation_before" jsonb NOT NULL,
	"annotation_after" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clauses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"document_id" text NOT NULL,
	"clause_index" integer NOT NULL,
	"sentence_index" integer NOT NULL,
	"parent_clause_id" uuid,
	"text" text NOT NULL,
	"syntactic" jsonb NOT NULL,
	"ideational" jsonb NOT NULL,
	"interpersonal" jsonb NOT NULL,
	"textual" jsonb,
	"compiled_at" timestamp with time zone NOT NULL,
	"untrusted" boolean NOT NULL,
	"source_type" text NOT NULL,
	"review_status" text DEFAULT 'unreviewed' NOT NULL,
	"mood" text NOT NULL,
	"process_type" text NOT NULL,
	"modality_weight" double precision NOT NULL,
	"tenor" double precision NOT NULL,
	"annotation_source" text NOT NULL,
	"annotation_untrusted" boolean NOT NULL,
	"tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', "text")) STORED
);
--> statement-breakpoint
CREATE TABLE "content_reviews" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"content" text NOT NULL,
	"modality" text NOT NULL,
	"source" text,
	"metadata" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decision" text,
	"edited_text" text,
	"reviewer" text,
	"document_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" text PRIMARY KEY NOT NULL,
	"source_type" text DEFAULT 'document' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_keys" (
	"provider_id" text PRIMARY KEY NOT NULL,
	"ciphertext" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "semantic_edges" (
	"source_id" uuid NOT NULL,
	"target_id" uuid NOT NULL,
	"similarity" double precision NOT NULL,
	CONSTRAINT "semantic_edges_source_id_target_id_pk" PRIMARY KEY("source_id","target_id")
);
--> statement-breakpoint
CREATE TABLE "store_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clauses" ADD CONSTRAINT "clauses_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "semantic_edges" ADD CONSTRAINT "semantic_edges_source_id_clauses_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."clauses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "semantic_edges" ADD CONSTRAINT "semantic_edges_target_id_clauses_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."clauses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clause_reviews_created_idx" ON "clause_reviews" USING btree ("created_at" DESC NULLS LAST,"seq" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "clause_reviews_clause_idx" ON "clause_reviews" USING btree ("clause_id");--> statement-breakpoint
CREATE UNIQUE INDEX "clauses_document_position_idx" ON "clauses" USING btree ("document_id","clause_index");--> statement-breakpoint
CREATE INDEX "clauses_tsv_idx" ON "clauses" USING gin ("tsv");--> statement-breakpoint
CREATE INDEX "clauses_parent_idx" ON "clauses" USING btree ("parent_clause_id");--> statement-breakpoint
CREATE INDEX "clauses_mood_idx" ON "clauses" USING btree ("mood");--> statement-breakpoint
CREATE INDEX "clauses_process_type_idx" ON "clauses" USING btree ("process_type");--> statement-breakpoint
CREATE INDEX "clauses_source_type_idx" ON "clauses" USING btree ("source_type");--> statement-breakpoint
CREATE INDEX "content_reviews_status_idx" ON "content_reviews" USING btree ("status","created_at","seq");--> statement-breakpoint
CREATE INDEX "semantic_edges_target_idx" ON "semantic_edges" USING btree ("target_id");