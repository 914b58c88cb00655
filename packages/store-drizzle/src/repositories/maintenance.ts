import { CaeError, ConflictError } from '@cae/core';
import { sql } from 'drizzle-orm';
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
import { documents } from '../store-schema';

/** Single saves before the first background optimize on PGlite. */
const DEFAULT_AUTO_OPTIMIZE_SAVES = 100;

/** The tables whose statistics searches depend on. */
const SEARCH_TABLES = ['documents', 'clauses', 'clause_terms', 'document_terms', 'term_stats'];

/** Bulk loads, statistics, and the background optimize PGlite needs after many single saves. */
export interface MaintenanceRepository {
  bulkLoad<T>(load: () => Promise<T>): Promise<T>;
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

  const repository: MaintenanceRepository = {
    async bulkLoad(load) {
      if (context.bulk) throw new ConflictError('a bulk load is already running on this store');
      const info = await context.currentEmbedding();
      const bulk = { documents: new Set<string>(), clauses: 0 };
      context.bulk = bulk;
      try {
        // Documents a crashed bulk load left unindexed are indexed first.
        await db.transaction((tx) => indexPendingDocuments(tx));
        if (info) await dropVectorIndex(db);
        return await load();
      } finally {
        context.bulk = null;
        await db.transaction(async (tx) => {
          const manyNew = bulk.clauses > 0 && bulk.clauses * 4 >= (await indexedClauseCount(tx));
          await driver.writeBulkPostings(tx, manyNew, () => indexPendingDocuments(tx));
        });
        // Each step below writes much WAL (the postings, the index's pages): checkpointed in between,
        // so the directory holds the WAL of one step at a time.
        await repository.checkpointIfDue();
        // Embeddings may have been enabled during the load (a fresh store's first embedded save):
        // their index waited for the load's end too, and their documents' edges are due all the same.
        if (info ?? (await context.currentEmbedding())) {
          await db.transaction((tx) => createVectorIndex(tx, options.hnsw));
          await repository.checkpointIfDue();
          if (options.semanticEdges !== false && bulk.documents.size > 0) {
            const edges = options.semanticEdges ?? DEFAULT_SEMANTIC_EDGES;
            await db.transaction((tx) => computeSemanticEdgesIn(tx, [...bulk.documents], edges));
          }
        }
        // VACUUM below writes much WAL of its own (the pages it marks all-visible).
        await repository.checkpointIfDue();
        await repository.optimize();
      }
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
