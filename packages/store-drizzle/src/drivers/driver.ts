import type { WritableClauseRow } from '../clause-encoding';
import type { StoreDatabase, StoreDriver, StoreExecutor } from '../store-connection';

/**
 * Starts a statement that writes nothing: on PGlite such a statement leaves the driver's write count
 * (StoreDriverAdapter.writeCount) as it is.
 */
export const READ_ONLY_STATEMENT = '/* cae:read-only */';

/** An embedding row to insert. */
export interface EmbeddingRow {
  clauseId: string;
  embedding: ArrayLike<number>;
}

/**
 * What differs between the embedded PGlite and a PostgreSQL server, in one place: how the
 * connection opens, how bulk rows go in, how statistics are refreshed, how a bulk load writes its
 * postings, and whether the store must optimize by itself. The repositories call only this.
 */
export interface StoreDriverAdapter {
  readonly name: StoreDriver;
  readonly db: StoreDatabase;
  /** Human-readable location (never contains a password). */
  readonly location: string;
  /**
   * PGlite: a count that moves whenever a statement that may write starts or ends (see trackWrites);
   * absent where other processes write (a server).
   */
  readonly writeCount?: () => number;
  /**
   * Indexes of the clauses an ingest session drops when it opens and builds once when its derived
   * work runs (PGlite: the full-text index, which a bulk load otherwise maintains row by row and
   * VACUUM then merges); none on a server, where other connections may be searching.
   */
  readonly sessionIndexes: readonly string[];
  /** PGlite has no autovacuum: single saves trigger a background optimize. */
  readonly needsAutoOptimize: boolean;
  /** Inserts clause rows (checked by the caller), within the caller's transaction. */
  insertClauseRows(
    executor: StoreExecutor,
    rows: readonly WritableClauseRow[],
    chunkSize?: number,
  ): Promise<void>;
  /** Inserts embeddings of clauses (checked by the caller), within the caller's transaction. */
  insertEmbeddings(executor: StoreExecutor, rows: readonly EmbeddingRow[], chunkSize?: number): Promise<void>;
  /** Refreshes the planner statistics (and on PGlite the visibility maps) of these tables. */
  optimize(tables: readonly string[]): Promise<void>;
  /** Runs a bulk load's posting write; `manyNew` says the new postings outnumber a quarter of the old. */
  writeBulkPostings(tx: StoreExecutor, manyNew: boolean, write: () => Promise<unknown>): Promise<void>;
  /**
   * Runs a bulk load's semantic-edge write; `manyNew` says the session's clauses outnumber a quarter
   * of the indexed ones (so its edges are likely to outnumber a quarter of the stored ones).
   */
  writeBulkEdges<T>(tx: StoreExecutor, manyNew: boolean, write: () => Promise<T>): Promise<T>;
  /**
   * PGlite (no checkpointer process, so `max_wal_size` never starts a checkpoint): runs a CHECKPOINT
   * when at least `minBytes` of WAL were written since the last one, so the next segment switch
   * removes the old segments; outside a transaction. Absent on a server, whose checkpointer does it.
   */
  checkpointIfDue?(minBytes: number): Promise<boolean>;
  close(): Promise<void>;
}
