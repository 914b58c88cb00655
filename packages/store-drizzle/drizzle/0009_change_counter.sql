-- Hand-written: a change counter for caches derived from the database (see store-search-cache.ts).
-- Every transaction that writes the tables searches read bumps it once, as it commits, so a cache
-- that read the counter with its data knows, by reading the counter alone, whether a write from
-- this process or any other replica has committed since.
CREATE TABLE IF NOT EXISTS "store_changes" (
	"id" integer PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
	"counter" bigint NOT NULL DEFAULT 0
);
--> statement-breakpoint
INSERT INTO "store_changes" ("id", "counter") VALUES (1, 0) ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
-- The first write statement of a transaction leaves a mark (an insert: writers never wait for each
-- other here); a deferred trigger on the mark bumps the counter as the transaction commits, so the
-- counter's row is locked only while a writer commits and no writer can deadlock on it.
CREATE TABLE IF NOT EXISTS "store_change_marks" (
	"txid" bigint PRIMARY KEY
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "cae_bump_change_counter"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- Once per transaction: later statements of the same transaction find the mark it leaves.
	IF current_setting('cae.change_counted', true) IS DISTINCT FROM txid_current()::text THEN
		INSERT INTO "store_change_marks" ("txid") VALUES (txid_current()) ON CONFLICT DO NOTHING;
		PERFORM set_config('cae.change_counted', txid_current()::text, true);
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "cae_count_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "store_changes" SET "counter" = "counter" + 1 WHERE "id" = 1;
	DELETE FROM "store_change_marks" WHERE "txid" = NEW."txid";
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "store_change_marks_count" AFTER INSERT ON "store_change_marks"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "cae_count_change"();
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
