import { mkdir, readdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { jsonText, type WritableClauseRow } from '../clause-encoding';
import { queryRows, type StoreDatabase, type StoreExecutor } from '../store-connection';
import { damagedStoreError, reportDamage } from './damage';
import type { EmbeddingRow, StoreDriverAdapter } from './driver';
import { READ_ONLY_STATEMENT } from './driver';
import { withIndexesRebuilt } from './pglite-bulk-indexes';
import { type BinaryCopyWriter, copyRows, pgliteClientOf } from './pglite-copy';
import { lockDataDirectory } from './pglite-lock';
import { readTemplate, templateKey, writeTemplate } from './pglite-template';
import { insertClauseRowsAsJson, insertEmbeddingsAsJson } from './postgres';

/**
 * WAL since the last checkpoint after which a write is followed by one (`walCheckpointBytes`):
 * PGlite runs no checkpointer, so without it a long ingest keeps all its WAL (max_wal_size below
 * is only read by a checkpointer).
 */
export const PGLITE_CHECKPOINT_WAL_BYTES = 64 * 1024 * 1024;

/**
 * Write-ahead log bounds of a persisted store. Postgres's defaults (max_wal_size 1 GB, min_wal_size
 * 80 MB, recycled segments kept) let a bulk load leave up to a gigabyte of WAL in the directory, most
 * of a large store's size; a checkpoint every 64 MB of WAL, with old segments removed instead of
 * recycled, keeps pg_wal at a few segments. PGlite runs one backend and no checkpointer, so nothing
 * starts those checkpoints by itself: the store runs one after a write that passed
 * PGLITE_CHECKPOINT_WAL_BYTES (`checkpointIfDue`). (With fsync off, a checkpoint is the backend
 * writing its dirty pages, a few hundred milliseconds per 64 MB of ingest.)
 */
export const PGLITE_WAL_SETTINGS = [
  'max_wal_size=64MB',
  'min_wal_size=32MB',
  'wal_recycle=off',
  'wal_init_zero=off',
] as const;

/** The clause columns COPY writes, in the order of `writeClauseRow`. */
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
  'modality_type',
  'tenor',
  'annotation_source',
  'annotation_untrusted',
] as const;

/** Writes a JSON column's text (an encoded row's as it is), or NULL. */
function writeJson(writer: BinaryCopyWriter, value: unknown): void {
  const text = jsonText(value);
  if (text === null) writer.null();
  else writer.text(text);
}

function writeClauseRow(writer: BinaryCopyWriter, row: WritableClauseRow): void {
  writer.row(COPY_CLAUSE_COLUMNS.length).uuid(row.id).text(row.documentId).int4(row.clauseIndex);
  writer.int4(row.sentenceIndex);
  if (row.parentClauseId === null) writer.null();
  else writer.uuid(row.parentClauseId);
  writer.text(row.text);
  writeJson(writer, row.syntactic);
  writeJson(writer, row.ideational);
  writeJson(writer, row.interpersonal);
  writeJson(writer, row.textual);
  writer.timestamptz(row.compiledAt).bool(row.untrusted).text(row.sourceType).text(row.reviewStatus);
  writer.text(row.mood).text(row.processType).float8(row.modalityWeight);
  if (row.modalityType === null) writer.null();
  else writer.text(row.modalityType);
  writer.float8(row.tenor);
  writer.text(row.annotationSource).bool(row.annotationUntrusted);
}

/**
 * Inserts clause rows by binary COPY: the server parses no JSON recordset (about twice as fast).
 * An executor without a PGlite client behind it (never the case for this driver's own
 * transactions) takes the portable JSON path.
 */
export async function insertClauseRowsByCopy(
  executor: StoreExecutor,
  rows: readonly WritableClauseRow[],
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
  templateCacheDir?: string,
): Promise<StoreDriverAdapter> {
  // A new database starts from the cached template of an empty migrated one when there is one.
  const template = async (isNew: boolean) => {
    if (!templateCacheDir || !isNew) return null;
    const key = await templateKey(migrationsFolder).catch(() => null);
    if (!key) return null;
    return { key, blob: await readTemplate(templateCacheDir, key) };
  };
  const open = async (pgliteDir: string | undefined, isNew: boolean) => {
    const found = await template(isNew);
    let client: PGlite;
    try {
      client = await PGlite.create({
        ...(pgliteDir ? { dataDir: pgliteDir } : {}),
        extensions: { vector },
        startParams: [
          ...PGlite.defaultStartParams,
          ...PGLITE_WAL_SETTINGS.flatMap((setting) => ['-c', setting]),
        ],
        ...(found?.blob ? { loadDataDir: found.blob } : {}),
      });
    } catch (error) {
      throw (pgliteDir ? damagedStoreError(pgliteDir, error) : null) ?? error;
    }
    // Damaged files met later (a deleted or corrupt table file) are said plainly, naming the directory.
    if (pgliteDir) reportDamage(client as never, pgliteDir);
    const driver = await usePgliteDriver(client, pgliteDir ?? 'memory://', migrationsFolder);
    // The first new store after a change of migrations or versions leaves the template for the next.
    if (found && !found.blob && templateCacheDir) await writeTemplate(templateCacheDir, found.key, client);
    return driver;
  };
  if (dataDir === undefined) return open(undefined, true);
  const directory = resolve(dataDir);
  const pgliteDir = resolve(directory, 'pglite');
  await mkdir(pgliteDir, { recursive: true });
  const unlock = await lockDataDirectory(directory, owner);
  try {
    const isNew = (await readdir(pgliteDir)).length === 0;
    const driver = await open(pgliteDir, isNew);
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

/**
 * PGlite's Postgres arms interval timers (setitimer, a JavaScript setTimeout in the WASM runtime) as
 * it goes idle, chiefly the 10 s flush of its statistics; they keep a Node process alive for 10 s
 * after the last query when the store is not closed. Once no query is running, they are cleared
 * through the runtime's own `clear_setitimer` (a flush that does not happen costs nothing: the next
 * query or the close flushes). A runtime without that export keeps its timers.
 */
function releaseIdleTimers(client: PGlite): void {
  const runtime = (client as unknown as { mod?: { _clear_setitimer?: () => void } }).mod;
  if (typeof runtime?._clear_setitimer !== 'function') return;
  const clear = runtime._clear_setitimer.bind(runtime);
  let running = 0;
  const settle = () => {
    running -= 1;
    if (running === 0) {
      try {
        clear();
      } catch {
        // A closed runtime has nothing left to clear.
      }
    }
  };
  for (const method of ['query', 'exec', 'transaction', 'execProtocol', 'execProtocolRaw'] as const) {
    const original = (client as unknown as Record<string, unknown>)[method];
    if (typeof original !== 'function') continue;
    (client as unknown as Record<string, unknown>)[method] = function (this: PGlite, ...args: unknown[]) {
      running += 1;
      let result: unknown;
      try {
        result = (original as (...inner: unknown[]) => unknown).apply(this, args);
      } catch (error) {
        settle();
        throw error;
      }
      return Promise.resolve(result).finally(settle);
    };
  }
}

/**
 * Counts the statements that may write (every one through `query`, `exec` or `transaction` that does
 * not start with READ_ONLY_STATEMENT), once as each starts and once as it ends. A PGlite directory is
 * open in one process only, so while the count stands still nothing was written: the search cache
 * then reuses the change counter it read last instead of reading it again.
 */
function trackWrites(client: PGlite): () => number {
  let writes = 0;
  for (const method of ['query', 'exec', 'transaction'] as const) {
    const original = (client as unknown as Record<string, unknown>)[method];
    if (typeof original !== 'function') continue;
    (client as unknown as Record<string, unknown>)[method] = function (this: PGlite, ...args: unknown[]) {
      const text = args[0];
      if (typeof text === 'string' && text.startsWith(READ_ONLY_STATEMENT))
        return (original as (...inner: unknown[]) => unknown).apply(this, args);
      writes += 1;
      let result: unknown;
      try {
        result = (original as (...inner: unknown[]) => unknown).apply(this, args);
      } catch (error) {
        writes += 1;
        throw error;
      }
      return Promise.resolve(result).finally(() => {
        writes += 1;
      });
    };
  }
  return () => writes;
}

/** The driver over an open PGlite: migrations run on it, and the store closes it. */
export async function usePgliteDriver(
  client: PGlite,
  location: string,
  migrationsFolder: string,
): Promise<StoreDriverAdapter> {
  let db: StoreDatabase;
  releaseIdleTimers(client);
  const writeCount = trackWrites(client);
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
    writeCount,
    // No autovacuum in PGlite: statistics go stale as documents arrive one by one.
    needsAutoOptimize: true,
    // The GIN index of the clauses' lexemes: per-row inserts into its pending list, merged by the
    // session's VACUUM, cost about twice a build over the session's clauses.
    sessionIndexes: ['clauses_tsv_idx'],
    insertClauseRows: insertClauseRowsByCopy,
    insertEmbeddings: insertEmbeddingsByCopy,
    async optimize(tables) {
      const list = sql.raw(tables.map((table) => `"${table}"`).join(', '));
      await db.execute(sql`VACUUM (ANALYZE) ${list}`);
      // The WAL of what was just written is no longer needed once its pages are on disk: a checkpoint
      // lets the next segment switch remove it (see PGLITE_WAL_SETTINGS).
      await db.execute(sql`CHECKPOINT`);
    },
    async writeBulkPostings(tx, manyNew, write) {
      // One connection, so no reader waits on the lock: postings that outnumber a quarter of the
      // indexed ones are written with the posting tables' indexes and constraints dropped, then
      // rebuilt and checked: about twice as fast.
      if (manyNew) await withIndexesRebuilt(tx, ['clause_terms', 'document_terms'], write);
      else await write();
    },
    writeBulkEdges(tx, manyNew, write) {
      // Likewise the edges: their foreign keys (two checks per edge) and target index are rebuilt once
      // when the session's clauses outnumber a quarter of the indexed ones; the primary key stays, as
      // the edge write's ON CONFLICT needs it.
      return manyNew ? withIndexesRebuilt(tx, ['semantic_edges'], write, { keepUnique: true }) : write();
    },
    async checkpointIfDue(minBytes) {
      // WAL written since the last checkpoint's redo point (read from pg_control: no table read).
      const rows = await queryRows<{ bytes: string | number | null }>(
        db,
        sql.raw(`${READ_ONLY_STATEMENT} SELECT pg_wal_lsn_diff(pg_current_wal_insert_lsn(), redo_lsn) AS bytes
          FROM pg_control_checkpoint()`),
      );
      if (Number(rows[0]?.bytes ?? 0) < minBytes) return false;
      // Writes no row: the search cache's change counter stays as it is.
      await db.execute(sql.raw(`${READ_ONLY_STATEMENT} CHECKPOINT`));
      return true;
    },
    close: () => client.close(),
  };
}
