import type { Clock, IdGenerator } from '@cae/core';
import type { PGlite } from '@electric-sql/pglite';
import type { EmbeddingInfo, HnswOptions, SemanticEdgeOptions } from './store-embeddings';
import type { KeywordExpansion, KeywordRanking, PrefixExpansion } from './store-keyword-search';
import type { SearchCacheOptions } from './store-search-cache';

/** Options of createStore. */
export interface StoreOptions {
  /**
   * `memory://` (throwaway PGlite), a directory or `file://` URL (persisted PGlite), or
   * `postgres://` / `postgresql://` (a server through postgres.js).
   */
  url?: string;
  /**
   * An open PGlite to use instead of `url` (load `@electric-sql/pglite-pgvector` into it for
   * embeddings); migrations run on it and the store closes it.
   */
  client?: PGlite;
  /** PGlite data directory, the same as giving it as `url`. One of `url`, `dataDir` or `client` is required. */
  dataDir?: string;
  /**
   * What this process is (`engine server`, `cae ingest`): a persisted PGlite directory is locked for
   * one process at a time, and a second opener's error names the holder by it. Default `store`.
   */
  owner?: string;
  /**
   * Embedded PGlite only: a cache directory where the empty, migrated database is kept (about 5 MB)
   * so that a new store (`memory://` or a new data directory) loads it instead of running PGlite's
   * initdb and the migrations: about 0.3 s instead of 2 to 4 s. Written by the first new store;
   * none by default (`createEngine` passes its cache directory).
   */
  templateCacheDir?: string;
  /** Enable embeddings at open (see `enableEmbeddings`). */
  embedding?: EmbeddingInfo;
  /** Keyword ranking of `keywordCandidates`; default `bm25`. */
  keywordRanking?: KeywordRanking;
  /**
   * BM25 parameters; default k1 0.9 (documentK1 1.2 for the document field), b 0.4, documentWeight 4 (the share of the document's BM25
   * score added to each matching clause's; 0 ranks clauses on their own words only), titleWeight
   * 0.75 (the share of the BM25 of the document's first sentence, its title, added likewise),
   * sentenceWeight 0 (the share of the clause's sentence's score) and no pseudo-relevance feedback
   * `expansion`; see KeywordSearchOptions.
   */
  bm25?: {
    k1?: number;
    /** k1 of the document field (default 1.2). */
    documentK1?: number;
    b?: number;
    documentWeight?: number;
    sentenceWeight?: number;
    neighbourWeight?: number;
    expansion?: KeywordExpansion | false;
    titleWeight?: number;
    /** Weight of alphanumeric query lexemes such as p53 or il-6 (default 2). */
    alphanumericWeight?: number;
    /** Morphological siblings of the query's lexemes (default 7 characters, 2 lexemes, weight 0.4). */
    prefixExpansion?: PrefixExpansion | false;
  };
  /** Semantic-neighbour edges computed when a document is saved with embeddings; false turns them off. */
  semanticEdges?: SemanticEdgeOptions | false;
  /** HNSW build parameters of the embedding index; default m 16, efConstruction 64. */
  hnsw?: HnswOptions;
  /** Filtered vector searches over at most this many clauses scan exactly; default 2,000. */
  vectorExactScanThreshold?: number;
  /**
   * PGlite only (a server's autovacuum does this): run `optimize` in the background after this many
   * single saves, then whenever the saves since the last run reach a quarter of the documents stored
   * then (never fewer than this). Default 100; false turns it off.
   */
  autoOptimizeAfterSaves?: number | false;
  /**
   * An in-process copy of what searches read (filter columns and rows of clauses, BM25 postings,
   * embeddings), used only while the database's change counter says it is current: a write from this
   * process or another replica makes the next search take the SQL path until the copy reloads
   * (docs/RETRIEVAL.md, "Search cache"). On by default; false turns it off.
   */
  searchCache?: SearchCacheOptions | false;
  /**
   * PGlite only: a write that leaves at least this many bytes of WAL since the last checkpoint is
   * followed by a CHECKPOINT (PGlite has no checkpointer), so a long ingest or bulk load does not
   * keep all its WAL in the data directory; default 64 MB (the `max_wal_size` a server would use).
   */
  walCheckpointBytes?: number;
  /** Postgres pool size; default 10. */
  maxConnections?: number;
  /** Clock for timestamps the store sets. */
  clock?: Clock;
  /** Ids of review records and queue items; random UUIDs by default. */
  generateId?: IdGenerator;
  /** Folder of drizzle migrations; default the package's `drizzle/` (tests use older copies). */
  migrationsFolder?: string;
}
