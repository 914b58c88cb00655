-- Hand-written: a clause's lexemes are no longer stored in a generated "tsv" column (about 90 bytes
-- a clause in the table): the BM25 postings and ts_rank_cd compute to_tsvector('english', text)
-- where they need it, and the GIN index is built on that expression, so it holds the same lexemes
-- as before. (Dropping a column frees its bytes as rows are rewritten; VACUUM FULL rewrites them all.)
DROP INDEX IF EXISTS "clauses_tsv_idx";
--> statement-breakpoint
ALTER TABLE "clauses" DROP COLUMN IF EXISTS "tsv";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "clauses_tsv_idx" ON "clauses" USING gin (to_tsvector('english'::regconfig, "text"));
