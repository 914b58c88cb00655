CREATE TABLE "clause_terms" (
	"term" text NOT NULL,
	"clause_id" uuid NOT NULL,
	"frequency" integer NOT NULL,
	"clause_length" integer NOT NULL,
	CONSTRAINT "clause_terms_term_clause_id_pk" PRIMARY KEY("term","clause_id")
);
--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "clause_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "term_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "clause_terms" ADD CONSTRAINT "clause_terms_clause_id_clauses_id_fk" FOREIGN KEY ("clause_id") REFERENCES "public"."clauses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clause_terms_clause_idx" ON "clause_terms" USING btree ("clause_id");--> statement-breakpoint
-- Hand-written: backfill the postings and length statistics of clauses stored before BM25.
INSERT INTO "clause_terms" ("term", "clause_id", "frequency", "clause_length")
SELECT "term", "clause_id", "frequency", sum("frequency") OVER (PARTITION BY "clause_id")
FROM (
	SELECT lexemes.lexeme AS "term", c."id" AS "clause_id", greatest(coalesce(array_length(lexemes.positions, 1), 1), 1) AS "frequency"
	FROM "clauses" c, unnest(c."tsv") AS lexemes
) AS postings;--> statement-breakpoint
UPDATE "documents" d SET
	"clause_count" = (SELECT count(*) FROM "clauses" c WHERE c."document_id" = d."id"),
	"term_count" = coalesce((SELECT sum(t."frequency") FROM "clause_terms" t JOIN "clauses" c ON c."id" = t."clause_id" WHERE c."document_id" = d."id"), 0);
