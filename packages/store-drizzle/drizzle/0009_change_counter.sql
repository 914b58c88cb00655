-- Hand-written: a change counter for caches derived from the database (see store-search-cache.ts).
-- Every statement that writes the tables searches read bumps it once per transaction, in that
-- transaction, so a cache that read the counter with its data knows, by reading the counter
-- alone, whether a write from this process or any other replica has committed since.
CREATE TABLE IF NOT EXISTS "store_changes" (
	"id" integer PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
	"counter" bigint NOT NULL DEFAULT 0
);
--> statement-breakpoint
INSERT INTO "store_changes" ("id", "counter") VALUES (1, 0) ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "cae_bump_change_counter"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- Once per transaction: later statements of the same transaction find the mark it leaves.
	IF current_setting('cae.change_counted', true) IS DISTINCT FROM txid_current()::text THEN
		UPDATE "store_changes" SET "counter" = "counter" + 1 WHERE "id" = 1;
		PERFORM set_config('cae.change_counted', txid_current()::text, true);
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "clauses_change_counter" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "clauses"
	FOR EACH STATEMENT EXECUTE FUNCTION "cae_bump_change_counter"();
--> statement-breakpoint
CREATE TRIGGER "documents_change_counter" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "documents"
	FOR EACH STATEMENT EXECUTE FUNCTION "cae_bump_change_counter"();
--> statement-breakpoint
CREATE TRIGGER "clause_terms_change_counter" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "clause_terms"
	FOR EACH STATEMENT EXECUTE FUNCTION "cae_bump_change_counter"();
--> statement-breakpoint
CREATE TRIGGER "document_terms_change_counter" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "document_terms"
	FOR EACH STATEMENT EXECUTE FUNCTION "cae_bump_change_counter"();
--> statement-breakpoint
CREATE TRIGGER "term_stats_change_counter" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "term_stats"
	FOR EACH STATEMENT EXECUTE FUNCTION "cae_bump_change_counter"();
--> statement-breakpoint
-- The embeddings table exists once embeddings are enabled (enableEmbeddings adds the trigger then).
DO $$
BEGIN
	IF to_regclass('clause_embeddings') IS NOT NULL THEN
		CREATE TRIGGER "clause_embeddings_change_counter" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "clause_embeddings"
			FOR EACH STATEMENT EXECUTE FUNCTION "cae_bump_change_counter"();
	END IF;
END
$$;
