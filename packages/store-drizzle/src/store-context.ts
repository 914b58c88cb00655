import {
  type Clock,
  canonicalJson,
  type IdGenerator,
  InvalidRequestError,
  type RetrievalFilters,
} from '@cae/core';
import type { StoreDriverAdapter } from './drivers/driver';
import type { StoreDatabase } from './store-connection';
import {
  type EmbeddingInfo,
  embedderMismatchError,
  missingVectorExtensionError,
  readEmbeddingInfo,
  vectorExtensionAvailable,
} from './store-embeddings';
import { estimateFilter, type FilterEstimate, hasSelectiveFilter } from './store-filters';
import { type CorpusStats, readCorpusStats } from './store-keyword-search';
import type { StoreOptions } from './store-options';
import { createSearchCache, type SearchCache } from './store-search-cache';

/** How long a filter's estimate is reused: statistics change only when optimize() runs. */
const FILTER_ESTIMATE_TTL_MS = 5_000;

/** How long BM25's corpus statistics are reused while this store writes nothing. */
const CORPUS_STATS_TTL_MS = 5_000;

/** What every repository of one store shares: the database, its driver, options and caches. */
export interface StoreContext {
  readonly db: StoreDatabase;
  readonly driver: StoreDriverAdapter;
  readonly options: StoreOptions;
  readonly clock: Clock;
  readonly generateId: IdGenerator;
  /** The in-process copy of search data (null when turned off). */
  readonly searchCache: SearchCache | null;
  /**
   * Bulk load in progress: `documents` saved with embeddings, whose semantic edges wait for the index;
   * `written` every document saved, named when the session's derived work fails.
   */
  bulk: { documents: Set<string>; written: Set<string>; clauses: number } | null;
  /** The recorded embedder, known once read (another replica may enable embeddings later). */
  currentEmbedding(): Promise<EmbeddingInfo | null>;
  /** Records the embedder after enabling embeddings. */
  setEmbedding(info: EmbeddingInfo): void;
  /** The recorded embedder, checked against the embeddings a caller wants to store. */
  requireEmbeddings(dimension: number | undefined): Promise<EmbeddingInfo>;
  /** BM25's corpus statistics, read once per few seconds; this store's writes drop them. */
  corpusStats(): Promise<CorpusStats>;
  /** The planner's estimate of a selective filter, shared for a few seconds; undefined when nothing is filtered. */
  filterEstimate(filters: RetrievalFilters): Promise<FilterEstimate | null | undefined>;
  /** A write happened: statistics read before it are stale. */
  dropCorpusStats(): void;
  /** Statistics were refreshed: every cached estimate is stale. */
  dropSearchCaches(): void;
}

/** Builds the shared context of a store over an open driver. */
export function createStoreContext(
  driver: StoreDriverAdapter,
  options: StoreOptions,
  clock: Clock,
  generateId: IdGenerator,
): StoreContext {
  const db = driver.db;
  let embedding: EmbeddingInfo | null = null;
  let cachedCorpusStats: { at: number; stats: Promise<CorpusStats> } | null = null;
  const filterEstimates = new Map<string, { at: number; estimate: Promise<FilterEstimate | null> }>();

  const context: StoreContext = {
    db,
    driver,
    options,
    clock,
    generateId,
    searchCache:
      options.searchCache === false
        ? null
        : createSearchCache(
            db,
            options.searchCache ?? {},
            async () => {
              const info = await context.currentEmbedding();
              return info?.dimension ?? null;
            },
            driver.writeCount,
          ),
    bulk: null,

    async currentEmbedding() {
      // Cached once known: another replica may enable embeddings later, so "none" is re-read.
      if (embedding) return embedding;
      embedding = await readEmbeddingInfo(db);
      return embedding;
    },

    setEmbedding(info) {
      embedding = info;
    },

    async requireEmbeddings(dimension) {
      const info = await context.currentEmbedding();
      if (!info) {
        if (!(await vectorExtensionAvailable(db))) throw missingVectorExtensionError();
        throw new InvalidRequestError(
          'embeddings are not enabled: call enableEmbeddings({ dimension, embedderId }) first',
        );
      }
      if (dimension !== undefined && dimension !== info.dimension)
        throw embedderMismatchError(info, { dimension });
      return info;
    },

    corpusStats() {
      const now = Date.now();
      if (cachedCorpusStats && now - cachedCorpusStats.at < CORPUS_STATS_TTL_MS)
        return cachedCorpusStats.stats;
      const stats = readCorpusStats(db);
      const entry = { at: now, stats };
      cachedCorpusStats = entry;
      stats.catch(() => {
        if (cachedCorpusStats === entry) cachedCorpusStats = null;
      });
      return stats;
    },

    async filterEstimate(filters) {
      if (!hasSelectiveFilter(filters)) return undefined;
      const key = canonicalJson(filters);
      const now = Date.now();
      const hit = filterEstimates.get(key);
      if (hit && now - hit.at < FILTER_ESTIMATE_TTL_MS) return hit.estimate;
      const estimate = estimateFilter(db, filters);
      if (filterEstimates.size >= 256) filterEstimates.clear();
      filterEstimates.set(key, { at: now, estimate });
      return estimate.catch((error: unknown) => {
        filterEstimates.delete(key);
        throw error;
      });
    },

    dropCorpusStats() {
      cachedCorpusStats = null;
    },

    dropSearchCaches() {
      cachedCorpusStats = null;
      filterEstimates.clear();
    },
  };
  return context;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a string is a UUID (ids that are not cannot match a row). */
export const isUuid = (value: string) => UUID_PATTERN.test(value);

const DEFAULT_PAGE = 50;

/** A page of a listing, checked. */
export interface PageInput {
  limit?: number;
  offset?: number;
}

/** The limit and offset of a page, defaulted and checked. */
export function page(input: PageInput = {}): { limit: number; offset: number } {
  const limit = input.limit ?? DEFAULT_PAGE;
  const offset = input.offset ?? 0;
  if (!Number.isInteger(limit) || limit < 1)
    throw new InvalidRequestError('limit must be a positive integer');
  if (!Number.isInteger(offset) || offset < 0)
    throw new InvalidRequestError('offset must be a non-negative integer');
  return { limit, offset };
}

/** A page of a listing and the listing's total, read together. */
export async function withTotal<T>(
  rows: PromiseLike<T[]>,
  totals: PromiseLike<Array<{ total: number }>>,
): Promise<{ rows: T[]; total: number }> {
  const [page, counted] = await Promise.all([rows, totals]);
  return { rows: page, total: Number(counted[0]?.total ?? 0) };
}
