import { InvalidRequestError, type KeyStore, randomId, systemClock } from '@cae/core';
import { migrationsWriteCompactForm, upgradeAnnotationFormat } from './repositories/annotation-format';
import { type ClauseReviewRepository, createClauseReviewRepository } from './repositories/clause-reviews';
import { type ContentQueueRepository, createContentQueueRepository } from './repositories/content-queue';
import { createDocumentRepository, type DocumentRepository } from './repositories/documents';
import { createGraphRepository, type GraphRepository } from './repositories/graph';
import { checkIntegrity, type IntegrityReport } from './repositories/integrity';
import { createKeywordSearchRepository, type KeywordSearchRepository } from './repositories/keyword-search';
import { type BulkLoadOptions, createMaintenanceRepository } from './repositories/maintenance';
import { createProviderKeyRepository } from './repositories/provider-keys';
import { createVectorSearchRepository, type VectorSearchRepository } from './repositories/vector-search';
import { MIGRATIONS_FOLDER, openDriver, type StoreDatabase, type StoreDriver } from './store-connection';
import { createStoreContext } from './store-context';
import type { StoreOptions } from './store-options';
import { EMPTY_SEARCH_CACHE_STATS, type SearchCacheStats } from './store-search-cache';

/** The store's search cache (see StoreOptions.searchCache). */
export interface SearchCacheControl {
  /** Loads the copy now if the database changed since it was read (no-op when the cache is off). */
  refresh(): Promise<void>;
  /** Hits, misses, loads and the counter of the loaded copy. */
  stats(): SearchCacheStats;
  /** false sends every search to SQL until turned on again (benchmarks compare both paths). */
  setEnabled(enabled: boolean): void;
}

/**
 * The store: documents and clauses, review records, the content queue, the graph and both searches,
 * on PGlite or Postgres. It records facts atomically; what a decision means is the caller's policy.
 */
export interface Store
  extends DocumentRepository,
    ClauseReviewRepository,
    ContentQueueRepository,
    GraphRepository,
    KeywordSearchRepository,
    VectorSearchRepository {
  readonly driver: StoreDriver;
  /**
   * Provider keys (ciphertext only), so every replica of a gateway sees them.
   * @example const gateway = createGateway({ keyStore: store.providerKeys, secretKey });
   */
  readonly providerKeys: KeyStore;
  /** The in-process copy searches read while it is current; inert when created with `searchCache: false`. */
  readonly searchCache: SearchCacheControl;
  /**
   * Runs a bulk ingest: drops the HNSW index, runs `load` (whose saves skip semantic edges and
   * the BM25 postings of new documents), then writes the postings of every new document in one
   * statement (on PGlite, when they are many, with the posting tables' indexes rebuilt afterwards),
   * rebuilds the index (much faster than inserting into it row by row) and computes the semantic
   * edges of the documents saved meanwhile, and finally runs `optimize`. Vector searches meanwhile
   * scan exactly, and keyword search finds the new documents once the load ends. Saving in batches
   * (`saveDocuments`) is the fastest way to fill it.
   * @example await store.bulkLoad(async () => { for (const batch of batches) await store.saveDocuments(batch); });
   */
  bulkLoad<T>(load: () => Promise<T>, options?: BulkLoadOptions): Promise<T>;
  /**
   * Finishes an open ingest session (`bulkLoad` with `idleMs`) now: waits for its loads in flight,
   * then writes the postings, builds the vector index, computes the edges and refreshes statistics.
   * Every read and every save outside a load calls it first, so readers never see a half-indexed
   * store; a no-op when no session is open or inside a load's callback.
   */
  settleIngest(): Promise<void>;
  /** Whether an ingest session is open (its derived work still due). */
  ingestSessionOpen(): boolean;
  /**
   * Refreshes the planner statistics of the search tables (ANALYZE) and, on PGlite, their visibility
   * maps (VACUUM), so searches use the right plans and index-only scans. PGlite has no autovacuum:
   * without this, a freshly loaded store can answer keyword searches several times slower.
   * `bulkLoad` runs it; call it after many single saves.
   */
  optimize(): Promise<void>;
  /** Reads the store once: resolves when it answers, else throws a 503 error naming what failed. */
  health(): Promise<void>;
  /**
   * Recounts what the writes keep consistent (clauses and their documents, counts, BM25 statistics,
   * postings, embeddings and edges of existing clauses): every check 0 in a sound store.
   */
  checkIntegrity(): Promise<IntegrityReport>;
  close(): Promise<void>;
}

/** The database under each open store, for `@cae/store-drizzle/testing` only. */
const databases = new WeakMap<Store, StoreDatabase>();

/** The drizzle database under a store (tests and benchmarks inspect it; the store API does not expose it). */
export function databaseOf(store: Store): StoreDatabase {
  const db = databases.get(store);
  if (!db) throw new InvalidRequestError('not a store made by createStore');
  return db;
}

/**
 * Opens a store and runs pending migrations.
 * @example const store = await createStore({ url: 'memory://' });
 * @example const store = await createStore({ url: config.databaseUrl });
 */
export async function createStore(options: StoreOptions): Promise<Store> {
  const autoOptimize = options.autoOptimizeAfterSaves;
  if (
    autoOptimize !== undefined &&
    autoOptimize !== false &&
    !(Number.isInteger(autoOptimize) && autoOptimize >= 1)
  ) {
    throw new InvalidRequestError(
      `autoOptimizeAfterSaves must be a positive integer or false, got ${autoOptimize}`,
    );
  }
  const walBytes = options.walCheckpointBytes;
  if (walBytes !== undefined && !(Number.isInteger(walBytes) && walBytes >= 1)) {
    throw new InvalidRequestError(`walCheckpointBytes must be a positive integer, got ${walBytes}`);
  }
  const driver = await openDriver(options);
  try {
    // Clauses stored before the compact annotation form are converted once (migration 0008).
    const converted = (await migrationsWriteCompactForm(options.migrationsFolder ?? MIGRATIONS_FOLDER))
      ? await upgradeAnnotationFormat(driver.db)
      : 0;
    if (converted > 0 && driver.needsAutoOptimize) await driver.optimize(['clauses']);
  } catch (error) {
    await driver.close();
    throw error;
  }
  const context = createStoreContext(
    driver,
    options,
    options.clock ?? systemClock,
    options.generateId ?? randomId,
  );
  const maintenance = createMaintenanceRepository(context);
  const documents = createDocumentRepository(context, maintenance);
  let closed = false;
  /** A read settles an open ingest session first, so it sees every clause indexed and linked. */
  const settled =
    <A extends unknown[], R>(read: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      await maintenance.settleIngest();
      return read(...args);
    };
  const graph = createGraphRepository(context);
  const keyword = createKeywordSearchRepository(context);
  const vector = createVectorSearchRepository(context);
  const reviews = createClauseReviewRepository(context);
  const queue = createContentQueueRepository(context, documents, maintenance);
  const store: Store = {
    driver: driver.name,
    providerKeys: createProviderKeyRepository(context),
    searchCache: {
      refresh: settled(async () => context.searchCache?.refresh()),
      stats: () => context.searchCache?.stats() ?? { ...EMPTY_SEARCH_CACHE_STATS },
      setEnabled: (enabled) => context.searchCache?.setEnabled(enabled),
    },
    // A save outside a load settles too: its postings and edges are written as it returns.
    saveDocument: settled(documents.saveDocument),
    saveDocuments: settled(documents.saveDocuments),
    listClauses: settled(documents.listClauses),
    getClause: settled(documents.getClause),
    candidatesByIds: settled(documents.candidatesByIds),
    sentenceClauses: settled(documents.sentenceClauses),
    recordClauseReview: settled(reviews.recordClauseReview),
    listClauseReviews: reviews.listClauseReviews,
    ...queue,
    recordContentDecision: settled(queue.recordContentDecision),
    graphNodes: settled(graph.graphNodes),
    graphEdges: settled(graph.graphEdges),
    computeSemanticEdges: settled(graph.computeSemanticEdges),
    keywordCandidates: settled(keyword.keywordCandidates),
    keywordRanking: settled(keyword.keywordRanking),
    vectorCandidates: settled(vector.vectorCandidates),
    vectorRanking: settled(vector.vectorRanking),
    enableEmbeddings: vector.enableEmbeddings,
    embeddingInfo: vector.embeddingInfo,
    bulkLoad: (load, bulkOptions) => maintenance.bulkLoad(load, bulkOptions),
    settleIngest: () => maintenance.settleIngest(),
    ingestSessionOpen: () => maintenance.ingestSessionOpen(),
    optimize: settled(() => maintenance.optimize()),
    health: () => maintenance.health(),
    checkIntegrity: settled(() => checkIntegrity(context)),
    async close() {
      if (closed) return;
      closed = true;
      try {
        // An open session's derived work is done before closing (else the next open finishes it).
        await maintenance.settleIngest();
      } finally {
        context.searchCache?.close();
        await maintenance.settle();
        await driver.close();
      }
    },
  };
  databases.set(store, driver.db);
  try {
    // A process that died with an ingest session open left its derived work: finished now.
    await maintenance.recoverIngestSession();
    if (options.embedding) await store.enableEmbeddings(options.embedding);
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}
