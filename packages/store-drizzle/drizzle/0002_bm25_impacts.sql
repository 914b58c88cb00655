CREATE TABLE "term_stats" (
	"term" text PRIMARY KEY NOT NULL,
	"df" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clause_terms" ADD COLUMN "impact" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hand-written: backfill the impacts and document frequencies of postings stored before them.
UPDATE "clause_terms" SET "impact" = "frequency" * 1.9 / ("frequency" + 0.9 * (0.6 + 0.4 * "clause_length" / (
	SELECT greatest(coalesce(sum("term_count"), 0), 1)::float8 / greatest(coalesce(sum("clause_count"), 0), 1)::float8 FROM "documents")));--> statement-breakpoint
INSERT INTO "term_stats" ("term", "df") SELECT "term", count(*) FROM "clause_terms" GROUP BY "term";--> statement-breakpoint
CREATE INDEX "clause_terms_impact_idx" ON "clause_terms" USING btree ("term","impact" DESC NULLS LAST,"clause_id","frequency","clause_length");
