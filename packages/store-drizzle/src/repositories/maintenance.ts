import { AsyncLocalStorage } from 'node:async_hooks';
import { CaeError } from '@cae/core';
import { eq, inArray, sql } from 'drizzle-orm';
import { PGLITE_CHECKPOINT_WAL_BYTES } from '../drivers/pglite';
import { queryRows, type StoreExecutor } from '../store-connection';
import type { StoreContext } from '../store-context';
import {
  computeSemanticEdgesIn,
  createVectorIndex,
  DEFAULT_SEMANTIC_EDGES,
  dropVectorIndex,
} from '../store-embeddings';
import { indexPendingDocuments } from '../store-keyword-search';
import { documents, storeMeta } from '../store-schema';

/** Single saves before the first background optimize on PGlite. */
const DEFAULT_AUTO_OPTIMIZE_SAVES = 100;

/** The tables whose statistics searches depend on. */
const SEARCH_TABLES = ['documents', 'clauses', 'clause_terms', 'document_terms', 'term_stats'];

/** The store_meta key marking an open ingest session (its derived work still due). */
export const INGEST_SESSION_KEY = 'ingest_session_open';

/**
 * The store_meta key holding the definitions (JSON array) of the indexes an open ingest session
 * dropped (`sessionIndexes` of the driver), which its derived work builds again.
 */
export const INGEST_SESSION_INDEXES_KEY = 'ingest_session_indexes';

/**
 * Drops the driver's session indexes that exist, recording their definitions first (same
 * transaction), so the session's end, or the next open after a crash, builds them as they were.
 */
async function dropSessionIndexes(executor: StoreExecutor, names: readonly string[]): Promise<void> {
  if (names.length === 0) return;
  const found = await queryRows<{ name: string; definition: string }>(
    executor,
    sql`SELECT quote_ident(c.relname) AS name, pg_get_indexdef(c.oid) AS definition
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind = 'i' AND n.nspname = current_schema() AND ${inArray(sql`c.relname`, [...names])}
      ORDER BY c.relname`,
  );
  if (found.length === 0) return;
  // A record left by an earlier session (whose indexes are gone then) is kept and added to.
  const [earlier] = await executor
    .select()
    .from(storeMeta)
    .where(eq(storeMeta.key, INGEST_SESSION_INDEXES_KEY));
  const definitions = [
    ...new Set([
      ...(earlier ? (JSON.parse(earlier.value) as string[]) : []),
      ...found.map((row) => row.definition),
    ]),
  ];
  await executor
    .insert(storeMeta)
    .values({ key: INGEST_SESSION_INDEXES_KEY, value: JSON.stringify(definitions) })
    .onConflictDoUpdate({ target: storeMeta.key, set: { value: JSON.stringify(definitions) } });
  for (const row of found) await executor.execute(sql.raw(`DROP INDEX ${row.name}`));
}

/** Builds the indexes an ingest session dropped (if not there already) and forgets their record. */
async function buildSessionIndexes(executor: StoreExecutor): Promise<void> {
  const [record] = await executor
    .select()
    .from(storeMeta)
    .where(eq(storeMeta.key, INGEST_SESSION_INDEXES_KEY));
  if (!record) return;
  // A GIN build gathers its entries in memory; the setting lasts until the transaction ends.
  await executor.execute(sql`SELECT set_config('maintenance_work_mem', '256MB', true)`);
  for (const definition of JSON.parse(record.value) as string[]) {
    await executor.execute(
      sql.raw(definition.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS ')),
    );
  }
  await executor.delete(storeMeta).where(eq(storeMeta.key, INGEST_SESSION_INDEXES_KEY));
}

/** Whether the code running is inside a bulk load's callback (its reads do not settle the session). */
const insideLoad = new AsyncLocalStorage<boolean>();

export interface BulkLoadOptions {
  /**
   * Keeps the store's bulk mode open after `load` (an ingest session): the derived work (postings,
   * vector index, semantic edges, statistics) runs once the store has had no load for `idleMs`, or
   * before any read (`settleIngest`), or at `close`. Consecutive loads within `idleMs` join the
   * session and pay for it once. Omitted or 0: the work runs when `load` ends.
   */
  idleMs?: number;
}

/** Bulk loads, statistics, and the background optimize PGlite needs after many single saves. */
export interface MaintenanceRepository {
  bulkLoad<T>(load: () => Promise<T>, options?: BulkLoadOptions): Promise<T>;
  /** An ingest session is open (bulk mode kept after a load with `idleMs`; its derived work pending). */
  ingestSessionOpen(): boolean;
  /** Finishes an open ingest session now (waiting for its loads in flight); a no-op inside a load. */
  settleIngest(): Promise<void>;
  /** At open: finishes the session a crashed process left (the store_meta mark); true when there was one. */
  recoverIngestSession(): Promise<boolean>;
  optimize(): Promise<void>;
  /** Saves were committed: cached statistics are stale, and on PGlite an optimize may be due. */
  noteSaves(count: number): void;
  /**
   * On PGlite, a CHECKPOINT when the WAL since the last one reached `walCheckpointBytes` (PGlite has
   * no checkpointer): called after committed writes, so a long ingest keeps a few WAL segments
   * instead of all it wrote. Best effort: a failure leaves the WAL for the next call.
   */
  checkpointIfDue(): Promise<void>;
  /** Waits for a background optimize in flight and refuses to start another. */
  settle(): Promise<void>;
  /**
   * Reads the store once, within `timeoutMs` (default 5 s): resolves when it answers, otherwise throws
   * a 503 error saying what failed (a closed or damaged embedded database, a lost server connection).
   */
  health(timeoutMs?: number): Promise<void>;
}

/** An ingest session's work: the documents it wrote, those whose edges wait, its new clauses. */
type SessionWork = { documents: Set<string>; written: Set<string>; clauses: number };

/** Documents named in an error (the first few, and how many more). */
const NAMED_DOCUMENTS = 5;

/** The database's own reason for a failed query: without the query builder's SQL text and parameters. */
function databaseReason(error: unknown): string {
  let reason = error instanceof Error ? error.message : String(error);
  for (let cause: unknown = error, depth = 0; cause && depth < 5; depth++) {
    const message = cause instanceof Error ? cause.message : typeof cause === 'string' ? cause : '';
    if (message && !/^Failed query:/.test(message)) return message;
    reason = message || reason;
    cause = (cause as { cause?: unknown }).cause;
  }
  // Only the query builder's text was found: its first line names the statement, not its values.
  return /^Failed query:/.test(reason) ? 'the database refused a statement' : reason;
}

/**
 * Runs one step of an ingest session's derived work; a failure becomes an error saying which step
 * failed, for which documents, and the database's reason (never SQL text or parameter values). The
 * documents are committed: the session stays open and the step runs again at the next read or load.
 */
async function sessionStep<T>(work: SessionWork, step: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    // The store's own errors (a damaged or closed database) already say what failed.
    if (CaeError.isInstance(error)) throw error;
    const ids = [...work.written];
    const named = ids.slice(0, NAMED_DOCUMENTS).join(', ');
    const more = ids.length > NAMED_DOCUMENTS ? ` and ${ids.length - NAMED_DOCUMENTS} more` : '';
    const documents =
      ids.length === 0 ? 'its documents' : `document${ids.length === 1 ? '' : 's'} ${named}${more}`;
    throw new CaeError(
      'internal',
      `the ingest session's derived work failed while ${step} for ${documents}: ${databaseReason(error)}. ` +
        'The documents are stored; the work is retried at the next read or load.',
      { statusCode: 503, isRetryable: true, cause: error },
    );
  }
}

/** Clauses whose postings are written (the BM25 collection size). */
async function indexedClauseCount(executor: StoreExecutor): Promise<number> {
  const rows = await queryRows<{ n: number | string | null }>(
    executor,
    sql`SELECT sum(${documents.clauseCount}) AS n FROM ${documents}`,
  );
  return Number(rows[0]?.n ?? 0);
}

export function createMaintenanceRepository(context: StoreContext): MaintenanceRepository {
  const { db, driver, options } = context;
  const minimumSaves = options.autoOptimizeAfterSaves || DEFAULT_AUTO_OPTIMIZE_SAVES;
  let savesBeforeOptimize = minimumSaves;
  let savesSinceOptimize = 0;
  let pendingOptimize: Promise<void> | null = null;
  let settled = false;

  /** The open ingest session: bulk mode kept across consecutive loads until idle or a read. */
  let session: { bulk: SessionWork; timer: NodeJS.Timeout | null } | null = null;
  /** Loads running in the session now. */
  const active = new Set<Promise<unknown>>();
  /** The session's derived work in flight. */
  let finishing: Promise<void> | null = null;
  /** A session being opened. */
  let opening: Promise<void> | null = null;

  const openSession = async () => {
    const info = await context.currentEmbedding();
    const bulk = { documents: new Set<string>(), written: new Set<string>(), clauses: 0 };
    // Documents a crashed bulk load left unindexed are indexed first.
    await db.transaction((tx) => indexPendingDocuments(tx));
    // The mark first: a crash from here on is finished by the next createStore.
    await db
      .insert(storeMeta)
      .values({ key: INGEST_SESSION_KEY, value: new Date().toISOString() })
      .onConflictDoNothing();
    if (info) await dropVectorIndex(db);
    await db.transaction((tx) => dropSessionIndexes(tx, driver.sessionIndexes));
    session = { bulk, timer: null };
    context.bulk = bulk;
  };

  /** Runs the session's derived work once: postings, vector index, edges, statistics. */
  const finishSession = () => {
    if (finishing) return finishing;
    const open = session;
    if (!open) return Promise.resolve();
    if (open.timer) clearTimeout(open.timer);
    session = null;
    context.bulk = null;
    finishing = (async () => {
      const { bulk } = open;
      /** The session's new clauses outnumber a quarter of the indexed ones (read before its postings). */
      let manyNew = false;
      await sessionStep(bulk, 'writing the keyword postings', () =>
        db.transaction(async (tx) => {
          manyNew = bulk.clauses > 0 && bulk.clauses * 4 >= (await indexedClauseCount(tx));
          await driver.writeBulkPostings(tx, manyNew, () => indexPendingDocuments(tx));
        }),
      );
      // Each step below writes much WAL (the postings, the index's pages): checkpointed in between,
      // so the directory holds the WAL of one step at a time.
      await repository.checkpointIfDue();
      await sessionStep(bulk, 'rebuilding the full-text index', () => db.transaction(buildSessionIndexes));
      await repository.checkpointIfDue();
      // Embeddings may have been enabled during the load (a fresh store's first embedded save):
      // their index waited for the load's end too, and their documents' edges are due all the same.
      if (await context.currentEmbedding()) {
        await sessionStep(bulk, 'rebuilding the vector index', () =>
          db.transaction((tx) => createVectorIndex(tx, options.hnsw)),
        );
        await repository.checkpointIfDue();
        if (options.semanticEdges !== false && bulk.documents.size > 0) {
          const edges = options.semanticEdges ?? DEFAULT_SEMANTIC_EDGES;
          await sessionStep({ ...bulk, written: bulk.documents }, 'computing the semantic edges', () =>
            db.transaction((tx) =>
              driver.writeBulkEdges(tx, manyNew, () =>
                computeSemanticEdgesIn(tx, [...bulk.documents], edges),
              ),
            ),
          );
        }
      }
      await sessionStep(bulk, 'closing the session (removing its mark in store_meta)', () =>
        db.delete(storeMeta).where(eq(storeMeta.key, INGEST_SESSION_KEY)),
      );
      // VACUUM below writes much WAL of its own (the pages it marks all-visible).
      await repository.checkpointIfDue();
      await sessionStep(bulk, 'refreshing the statistics', () => repository.optimize());
    })()
      .catch((error: unknown) => {
        // The derived work failed: the session stays open (its mark is still in store_meta), so the
        // next read or load retries it, and a read reports the error instead of missing documents.
        // Every step above can run again (a crash mid-way is finished the same way).
        if (!session) {
          session = { bulk: open.bulk, timer: null };
          context.bulk = open.bulk;
        }
        throw error;
      })
      .finally(() => {
        finishing = null;
      });
    return finishing;
  };

  const runLoad = async <T>(load: () => Promise<T>, { idleMs }: BulkLoadOptions): Promise<T> => {
    // Joins the open session, or opens one (loads arriving meanwhile wait for it and join it).
    while (!session || finishing) {
      if (finishing) await finishing.catch(() => undefined);
      else {
        opening ??= openSession().finally(() => {
          opening = null;
        });
        await opening;
      }
    }
    const open = session!;
    if (open.timer) clearTimeout(open.timer);
    open.timer = null;
    const running = insideLoad.run(true, load);
    const settled = running.then(
      () => undefined,
      () => undefined,
    );
    active.add(settled);
    try {
      return await running;
    } finally {
      active.delete(settled);
      if (session === open && active.size === 0) {
        if (idleMs !== undefined && idleMs > 0) {
          open.timer = setTimeout(() => void finishSession().catch(() => undefined), idleMs);
          open.timer.unref();
        } else await finishSession();
      }
    }
  };

  const repository: MaintenanceRepository = {
    bulkLoad(load, bulkOptions = {}) {
      return runLoad(load, bulkOptions);
    },

    ingestSessionOpen: () => session !== null,

    async settleIngest() {
      // A read inside a load sees the load's own writes as they are (as a single bulk load always did).
      if (insideLoad.getStore()) return;
      for (;;) {
        if (finishing) await finishing.catch(() => undefined);
        else if (opening) await opening.catch(() => undefined);
        else if (active.size > 0) await Promise.allSettled([...active]);
        else if (session) await finishSession();
        else return;
      }
    },

    async recoverIngestSession() {
      const [mark] = await db.select().from(storeMeta).where(eq(storeMeta.key, INGEST_SESSION_KEY));
      if (!mark) return false;
      // The process died with a session open: its new documents have no postings yet (clause count
      // 0), the vector index may be dropped, and the edges of its documents are missing. Every
      // embedded document without an edge is recomputed (a superset of the session's documents).
      const pending = await queryRows<{ id: string }>(
        db,
        sql`SELECT DISTINCT c.document_id AS id FROM clauses c
          JOIN clause_embeddings e ON e.clause_id = c.id
          WHERE NOT EXISTS (SELECT 1 FROM semantic_edges s WHERE s.source_id = c.id OR s.target_id = c.id)`,
      ).catch(() => [] as { id: string }[]);
      const documents = new Set(pending.map((row) => row.id));
      session = { bulk: { documents, written: new Set(documents), clauses: 1 }, timer: null };
      context.bulk = session.bulk;
      await finishSession();
      return true;
    },
    async optimize() {
      savesSinceOptimize = 0;
      context.dropSearchCaches();
      const tables = [...SEARCH_TABLES];
      if (await context.currentEmbedding()) tables.push('clause_embeddings');
      await driver.optimize(tables);
    },

    noteSaves(count) {
      context.dropCorpusStats();
      if (!driver.needsAutoOptimize || options.autoOptimizeAfterSaves === false || context.bulk) return;
      savesSinceOptimize += count;
      if (savesSinceOptimize < savesBeforeOptimize || pendingOptimize || settled) return;
      savesSinceOptimize = 0;
      pendingOptimize = (async () => {
        try {
          await repository.optimize();
          const stored = await db.$count(documents);
          savesBeforeOptimize = Math.max(minimumSaves, Math.ceil(stored / 4));
        } catch {
          // Statistics are an optimisation: a failed refresh leaves the old ones and is retried later.
        } finally {
          pendingOptimize = null;
        }
      })();
    },

    async checkpointIfDue() {
      if (!driver.checkpointIfDue) return;
      try {
        await driver.checkpointIfDue(options.walCheckpointBytes ?? PGLITE_CHECKPOINT_WAL_BYTES);
      } catch {
        // What was written is committed; the WAL waits for the next checkpoint.
      }
    },

    async settle() {
      settled = true;
      await pendingOptimize;
    },

    async health(timeoutMs = 5_000) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
        timer.unref();
      });
      try {
        await Promise.race([db.execute(sql`SELECT 1 FROM ${documents} LIMIT 1`), timeout]);
      } catch (error) {
        // Damaged files are already said plainly (directory, reason, how to restore).
        for (let cause: unknown = error, depth = 0; cause && depth < 5; depth++) {
          if (CaeError.isInstance(cause)) throw cause;
          cause = (cause as { cause?: unknown }).cause;
        }
        throw new CaeError(
          'internal',
          `the store (${driver.location}) cannot be read: ${error instanceof Error ? error.message : String(error)}`,
          { statusCode: 503, isRetryable: true, cause: error },
        );
      } finally {
        clearTimeout(timer);
      }
    },
  };
  return repository;
}
