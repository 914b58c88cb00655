import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/postgres-js';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import type { WritableClauseRow } from '../clause-encoding';
import type { StoreDatabase, StoreExecutor } from '../store-connection';
import { vectorText } from '../store-embeddings';
import { clauses } from '../store-schema';
import type { EmbeddingRow, StoreDriverAdapter } from './driver';

/** Postgres advisory lock key serialising migrations of replicas that start together. */
const MIGRATION_LOCK_KEY = 72_616_401;

/**
 * Inserts clause rows a chunk per statement with the whole chunk as one json parameter (stringified
 * once, read as text: the annotation objects are stored as they are, never parsed into jsonb):
 * cheaper than thousands of bound parameters.
 */
export async function insertClauseRowsAsJson(
  executor: StoreExecutor,
  rows: readonly WritableClauseRow[],
  chunkSize?: number,
): Promise<void> {
  if (rows.length === 0) return;
  const perStatement = chunkSize ?? 500;
  for (let start = 0; start < rows.length; start += perStatement) {
    const chunk = JSON.stringify(rows.slice(start, start + perStatement));
    await executor.execute(sql`INSERT INTO ${clauses} ("id", "document_id", "clause_index", "sentence_index",
      "parent_clause_id", "text", "syntactic", "ideational", "interpersonal", "textual", "compiled_at", "untrusted",
      "source_type", "review_status", "mood", "process_type", "modality_weight", "modality_type", "tenor", "annotation_source",
      "annotation_untrusted")
    SELECT r."id", r."documentId", r."clauseIndex", r."sentenceIndex", r."parentClauseId", r."text", r."syntactic"::json,
      r."ideational"::json, r."interpersonal"::json, r."textual"::json, r."compiledAt", r."untrusted", r."sourceType", r."reviewStatus",
      r."mood", r."processType", r."modalityWeight", r."modalityType", r."tenor", r."annotationSource", r."annotationUntrusted"
    FROM json_to_recordset(${chunk}::json) AS r("id" uuid, "documentId" text, "clauseIndex" int,
      "sentenceIndex" int, "parentClauseId" uuid, "text" text, "syntactic" text, "ideational" text,
      "interpersonal" text, "textual" text, "compiledAt" timestamptz, "untrusted" boolean, "sourceType" text,
      "reviewStatus" text, "mood" text, "processType" text, "modalityWeight" float8, "modalityType" text, "tenor" float8,
      "annotationSource" text, "annotationUntrusted" boolean)`);
  }
}

/** Inserts embeddings one json parameter per chunk (default 1,000 rows). */
export async function insertEmbeddingsAsJson(
  executor: StoreExecutor,
  rows: readonly EmbeddingRow[],
  chunkSize?: number,
): Promise<void> {
  if (rows.length === 0) return;
  const perStatement = chunkSize ?? 1000;
  for (let start = 0; start < rows.length; start += perStatement) {
    const chunk = rows.slice(start, start + perStatement).map((row) => ({
      id: row.clauseId,
      e: vectorText(row.embedding),
    }));
    await executor.execute(sql`INSERT INTO "clause_embeddings" ("clause_id", "embedding")
      SELECT r.id, r.e::vector FROM json_to_recordset(${JSON.stringify(chunk)}::json) AS r(id uuid, e text)`);
  }
}

/** Opens a PostgreSQL server through postgres.js and runs pending migrations under an advisory lock. */
export async function openPostgresDriver(
  url: string,
  migrationsFolder: string,
  maxConnections: number,
): Promise<StoreDriverAdapter> {
  // One connection, so the session advisory lock covers drizzle's migration transaction.
  const migrator = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await migrator`SELECT pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
    await migrate(drizzle(migrator), { migrationsFolder });
    await migrator`SELECT pg_advisory_unlock(${MIGRATION_LOCK_KEY})`;
  } finally {
    await migrator.end({ timeout: 5 });
  }
  const client = postgres(url, { max: maxConnections, onnotice: () => {} });
  const safeUrl = new URL(url);
  safeUrl.password = '';
  const db = drizzle(client) as unknown as StoreDatabase;
  return {
    name: 'postgres',
    db,
    location: safeUrl.toString(),
    // The server's autovacuum keeps statistics and visibility maps.
    needsAutoOptimize: false,
    sessionIndexes: [],
    insertClauseRows: insertClauseRowsAsJson,
    insertEmbeddings: insertEmbeddingsAsJson,
    async optimize(tables) {
      // VACUUM cannot run in a transaction and autovacuum does it: statistics only.
      await db.execute(sql`ANALYZE ${sql.raw(tables.map((table) => `"${table}"`).join(', '))}`);
    },
    async writeBulkPostings(_tx, _manyNew, write) {
      // Other connections may be reading: the indexes stay.
      await write();
    },
    writeBulkEdges: (_tx, _manyNew, write) => write(),
    close: () => client.end({ timeout: 5 }),
  };
}
