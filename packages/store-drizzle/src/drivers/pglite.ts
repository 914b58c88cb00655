import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { StoreDatabase, StoreExecutor } from '../store-connection';
import type { StoredClauseRow } from '../store-rows';
import { damagedStoreError, reportDamage } from './damage';
import type { EmbeddingRow, StoreDriverAdapter } from './driver';
import { withIndexesRebuilt } from './pglite-bulk-indexes';
import { type BinaryCopyWriter, copyRows, pgliteClientOf } from './pglite-copy';
import { lockDataDirectory } from './pglite-lock';
import { insertClauseRowsAsJson, insertEmbeddingsAsJson } from './postgres';

/** The clause columns COPY writes, in the order of `writeClauseRow` (the tsvector is generated). */
const COPY_CLAUSE_COLUMNS = [
  'id',
  'document_id',
  'clause_index',
  'sentence_index',
  'parent_clause_id',
  'text',
  'syntactic',
  'ideational',
  'interpersonal',
  'textual',
  'compiled_at',
  'untrusted',
  'source_type',
  'review_status',
  'mood',
  'process_type',
  'modality_weight',
  'tenor',
  'annotation_source',
  'annotation_untrusted',
] as const;

function writeClauseRow(writer: BinaryCopyWriter, row: StoredClauseRow): void {
  writer.row(COPY_CLAUSE_COLUMNS.length).uuid(row.id).text(row.documentId).int4(row.clauseIndex);
  writer.int4(row.sentenceIndex);
  if (row.parentClauseId === null) writer.null();
  else writer.uuid(row.parentClauseId);
  writer.text(row.text).text(JSON.stringify(row.syntactic)).text(JSON.stringify(row.ideational));
  writer.text(JSON.stringify(row.interpersonal));
  if (row.textual === null) writer.null();
  else writer.text(JSON.stringify(row.textual));
  writer.timestamptz(row.compiledAt).bool(row.untrusted).text(row.sourceType).text(row.reviewStatus);
  writer.text(row.mood).text(row.processType).float8(row.modalityWeight).float8(row.tenor);
  writer.text(row.annotationSource).bool(row.annotationUntrusted);
}

/**
 * Inserts clause rows by binary COPY: the server parses no JSON recordset (about twice as fast).
 * An executor without a PGlite client behind it (never the case for this driver's own
 * transactions) takes the portable JSON path.
 */
export async function insertClauseRowsByCopy(
  executor: StoreExecutor,
  rows: readonly StoredClauseRow[],
  chunkSize?: number,
): Promise<void> {
  if (rows.length === 0) return;
  const pglite = pgliteClientOf(executor);
  if (!pglite) return insertClauseRowsAsJson(executor, rows, chunkSize);
  // A few thousand clauses per COPY (some MB each) bounds the memory of a huge batch.
  await copyRows(pglite, 'clauses', COPY_CLAUSE_COLUMNS, rows, {
    perCopy: chunkSize ?? 2000,
    bytesPerRow: 4096,
    write: writeClauseRow,
  });
}

/**
 * Inserts embeddings by binary COPY (default 10,000 rows a statement), which spares the server
 * parsing a float literal per value (most of the cost).
 */
export async function insertEmbeddingsByCopy(
  executor: StoreExecutor,
  rows: readonly EmbeddingRow[],
  chunkSize?: number,
): Promise<void> {
  if (rows.length === 0) return;
  const pglite = pgliteClientOf(executor);
  if (!pglite) return insertEmbeddingsAsJson(executor, rows, chunkSize);
  // Bounded chunks, as for clauses: a 2,000-dimension vector is 8 KB.
  await copyRows(pglite, 'clause_embeddings', ['clause_id', 'embedding'], rows, {
    perCopy: chunkSize ?? 10_000,
    bytesPerRow: 32 + 4 * (rows[0]?.embedding.length ?? 0),
    write: (writer, row) => writer.row(2).uuid(row.clauseId).vector(row.embedding),
  });
}

/**
 * Opens PGlite in memory (no directory) or persisted under `<dataDir>/pglite`, with pgvector. A data
 * directory is locked for this process until close (see lockDataDirectory); `owner` names it to others.
 */
export async function openPgliteDriver(
  dataDir: string | undefined,
  migrationsFolder: string,
  owner = 'store',
): Promise<StoreDriverAdapter> {
  if (dataDir === undefined) {
    const client = await PGlite.create({ extensions: { vector } });
    return usePgliteDriver(client, 'memory://', migrationsFolder);
  }
  const directory = resolve(dataDir);
  const pgliteDir = resolve(directory, 'pglite');
  await mkdir(pgliteDir, { recursive: true });
  const unlock = await lockDataDirectory(directory, owner);
  try {
    let client: PGlite;
    try {
      client = await PGlite.create({ dataDir: pgliteDir, extensions: { vector } });
    } catch (error) {
      throw damagedStoreError(pgliteDir, error) ?? error;
    }
    // Damaged files met later (a deleted or corrupt table file) are said plainly, naming the directory.
    reportDamage(client as never, pgliteDir);
    const driver = await usePgliteDriver(client, pgliteDir, migrationsFolder);
    return {
      ...driver,
      async close() {
        try {
          await driver.close();
        } finally {
          await unlock();
        }
      },
    };
  } catch (error) {
    await unlock();
    throw error;
  }
}

/** The driver over an open PGlite: migrations run on it, and the store closes it. */
export async function usePgliteDriver(
  client: PGlite,
  location: string,
  migrationsFolder: string,
): Promise<StoreDriverAdapter> {
  let db: StoreDatabase;
  try {
    const drizzled = drizzle(client);
    await migrate(drizzled, { migrationsFolder });
    db = drizzled as unknown as StoreDatabase;
  } catch (error) {
    await client.close().catch(() => {});
    throw damagedStoreError(location, error) ?? error;
  }
  return {
    name: 'pglite',
    db,
    location,
    // No autovacuum in PGlite: statistics go stale as documents arrive one by one.
    needsAutoOptimize: true,
    insertClauseRows: insertClauseRowsByCopy,
    insertEmbeddings: insertEmbeddingsByCopy,
    async optimize(tables) {
      const list = sql.raw(tables.map((table) => `"${table}"`).join(', '));
      await db.execute(sql`VACUUM (ANALYZE) ${list}`);
    },
    async writeBulkPostings(tx, manyNew, write) {
      // One connection, so no reader waits on the lock: postings that outnumber a quarter of the
      // indexed ones are written with the posting tables' indexes and constraints dropped, then
      // rebuilt and checked: about twice as fast.
      if (manyNew) await withIndexesRebuilt(tx, ['clause_terms', 'document_terms'], write);
      else await write();
    },
    close: () => client.close(),
  };
}
