-- Hand-merged: postings stored before this migration get their document id, and the document-level
-- postings and document frequencies are built from them.
CREATE TABLE "document_terms" (
	"term" text NOT NULL,
	"document_id" text NOT NULL,
	"frequency" integer NOT NULL,
	"document_length" integer NOT NULL,
	"impact" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "document_terms_term_document_id_pk" PRIMARY KEY("term","document_id")
);
--> statement-breakpoint
DROP INDEX "clause_terms_impact_idx";--> statement-breakpoint
ALTER TABLE "clause_terms" ADD COLUMN "document_id" text;--> statement-breakpoint
UPDATE "clause_terms" SET "document_id" = "clauses"."document_id" FROM "clauses" WHERE "clauses"."id" = "clause_terms"."clause_id";--> statement-breakpoint
ALTER TABLE "clause_terms" ALTER COLUMN "document_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "term_stats" ADD COLUMN "document_df" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "document_terms" ADD CONSTRAINT "document_terms_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "document_terms" ("term", "document_id", "frequency", "document_length", "impact")
SELECT t."term", t."document_id", sum(t."frequency")::int, d."term_count",
	sum(t."frequency") * 1.9 / (sum(t."frequency") + 0.9 * (0.6 + 0.4 * d."term_count" / (
		SELECT greatest(coalesce(avg("term_count"), 1), 1)::float8 FROM "documents" WHERE "clause_count" > 0)))
FROM "clause_terms" t JOIN "documents" d ON d."id" = t."document_id"
GROUP BY t."term", t."document_id", d."term_count";--> statement-breakpoint
UPDATE "term_stats" SET "document_df" = counted."n" FROM (
	SELECT "term", count(*)::int AS "n" FROM "document_terms" GROUP BY "term"
) counted WHERE counted."term" = "term_stats"."term";--> statement-breakpoint
CREATE INDEX "document_terms_document_idx" ON "document_terms" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "document_terms_impact_idx" ON "document_terms" USING btree ("term","impact" DESC NULLS LAST,"document_id","frequency","document_length");--> statement-breakpoint
CREATE INDEX "clause_terms_impact_idx" ON "clause_terms" USING btree ("term","impact" DESC NULLS LAST,"clause_id","frequency","clause_length","document_id");--> statement-breakpoint
-- Fresh planner statistics for the rewritten and new tables (PGlite has no autovacuum).
ANALYZE "clause_terms";--> statement-breakpoint
ANALYZE "document_terms";--> statement-breakpoint
ANALYZE "term_stats";
