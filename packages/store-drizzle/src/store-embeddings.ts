import { CaeError, ConflictError, InvalidRequestError, type RetrievalFilters } from '@cae/core';
import { inArray, type SQL, sql } from 'drizzle-orm';
import { queryRows, READ_ONLY_STATEMENT, type StoreExecutor } from './store-connection';
import {
  estimateFilter,
  type FilterEstimate,
  hasSelectiveFilter,
  rejectedExcluded,
  retrievalConditions,
  whereAll,
} from './store-filters';
import { type CandidateRow, candidateSelection, type SearchOutput } from './store-rows';
import { clauses, storeMeta } from './store-schema';

/** Largest dimension an HNSW index over `vector` supports (pgvector). */
export const MAX_EMBEDDING_DIMENSION = 2000;

/** The embedder a database was built with. */
export interface EmbeddingInfo {
  dimension: number;
  embedderId: string;
}

/** Options of semantic-neighbour edges: the k nearest clauses at or above a cosine similarity. */
export interface SemanticEdgeOptions {
  /** Neighbours per clause; default 5. */
  k?: number;
  /** Lowest cosine similarity that makes an edge; default 0.6. */
  minSimilarity?: number;
}

export const DEFAULT_SEMANTIC_EDGES: Required<SemanticEdgeOptions> = { k: 5, minSimilarity: 0.6 };

/** HNSW build parameters (pgvector's defaults: m 16, ef_construction 64). */
export interface HnswOptions {
  m?: number;
  efConstruction?: number;
}

const ENABLE_LOCK_KEY = 72_616_402;
const META_DIMENSION = 'embedding_dimension';
const META_EMBEDDER = 'embedder_id';

/** The error of a Postgres server without pgvector: names the missing extension, never a silent empty result. */
export function missingVectorExtensionError(cause?: unknown): CaeError {
  return new CaeError(
    'internal',
    'Embeddings need the PostgreSQL extension "vector" (pgvector), which this database server does not provide. ' +
      'Install pgvector on the server (or use the embedded PGlite store); everything except embeddings works without it.',
    { statusCode: 501, ...(cause === undefined ? {} : { cause }) },
  );
}

/** Whether the server can create the vector extension. */
export async function vectorExtensionAvailable(executor: StoreExecutor): Promise<boolean> {
  const rows = await queryRows<{ available: boolean }>(
    executor,
    sql`SELECT exists(SELECT 1 FROM pg_available_extensions WHERE name = 'vector') AS "available"`,
  );
  return rows[0]?.available === true;
}

/** The recorded embedder, or null when embeddings were never enabled. */
export async function readEmbeddingInfo(executor: StoreExecutor): Promise<EmbeddingInfo | null> {
  const rows = await executor.select().from(storeMeta);
  const values = new Map(rows.map((row) => [row.key, row.value]));
  const dimension = values.get(META_DIMENSION);
  if (dimension === undefined) return null;
  return { dimension: Number(dimension), embedderId: values.get(META_EMBEDDER) ?? 'unknown' };
}

/**
 * Creates the vector extension, the embedding table (vector(dimension)) and its HNSW cosine index
 * (unless `createIndex` is false: a bulk load builds it at its end), and records the embedder;
 * refuses an embedder other than the recorded one.
 */
export async function enableEmbeddingsIn(
  executor: StoreExecutor,
  wanted: EmbeddingInfo,
  hnsw: HnswOptions = {},
  { createIndex = true }: { createIndex?: boolean } = {},
): Promise<EmbeddingInfo> {
  if (
    !Number.isInteger(wanted.dimension) ||
    wanted.dimension < 1 ||
    wanted.dimension > MAX_EMBEDDING_DIMENSION
  ) {
    throw new InvalidRequestError(
      `embedding dimension must be an integer from 1 to ${MAX_EMBEDDING_DIMENSION} (HNSW limit), got ${wanted.dimension}`,
    );
  }
  if (wanted.embedderId.trim() === '') throw new InvalidRequestError('embedderId must not be empty');
  await executor.execute(sql`SELECT pg_advisory_xact_lock(${ENABLE_LOCK_KEY})`);
  const recorded = await readEmbeddingInfo(executor);
  if (recorded && (recorded.dimension !== wanted.dimension || recorded.embedderId !== wanted.embedderId)) {
    throw embedderMismatchError(recorded, wanted);
  }
  if (!(await vectorExtensionAvailable(executor))) throw missingVectorExtensionError();
  try {
    await executor.execute(sql`CREATE EXTENSION IF NOT EXISTS vector`);
  } catch (error) {
    throw missingVectorExtensionError(error);
  }
  await executor.execute(
    sql.raw(`CREATE TABLE IF NOT EXISTS "clause_embeddings" (
      "clause_id" uuid PRIMARY KEY REFERENCES "clauses"("id") ON DELETE CASCADE,
      "embedding" vector(${wanted.dimension}) NOT NULL
    )`),
  );
  // Writes of embeddings bump the change counter, as writes of clauses do (migration 0009).
  await executor.execute(
    sql.raw(`CREATE OR REPLACE TRIGGER "clause_embeddings_change_counter" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
      ON "clause_embeddings" FOR EACH STATEMENT EXECUTE FUNCTION "cae_bump_change_counter"()`),
  );
  if (createIndex) await createVectorIndex(executor, hnsw);
  if (!recorded) {
    await executor.insert(storeMeta).values([
      { key: META_DIMENSION, value: String(wanted.dimension) },
      { key: META_EMBEDDER, value: wanted.embedderId },
    ]);
  }
  return { dimension: wanted.dimension, embedderId: wanted.embedderId };
}

/** Creates the HNSW cosine index of the embeddings unless it exists (bulk loads drop it). */
export async function createVectorIndex(executor: StoreExecutor, hnsw: HnswOptions = {}): Promise<void> {
  const m = hnsw.m ?? 16;
  const efConstruction = hnsw.efConstruction ?? 64;
  if (!Number.isInteger(m) || m < 2 || m > 100 || !Number.isInteger(efConstruction) || efConstruction < 4) {
    throw new InvalidRequestError(
      'hnsw.m must be an integer from 2 to 100 and hnsw.efConstruction at least 4',
    );
  }
  // A graph built in memory is much faster than one spilled to disk.
  await executor.execute(sql`SELECT set_config('maintenance_work_mem', '512MB', true)`);
  await executor.execute(
    sql.raw(`CREATE INDEX IF NOT EXISTS "clause_embeddings_hnsw_idx" ON "clause_embeddings"
      USING hnsw ("embedding" vector_cosine_ops) WITH (m = ${m}, ef_construction = ${Math.max(efConstruction, 2 * m)})`),
  );
}

/** Drops the HNSW index for a bulk load; searches scan exactly until it is rebuilt. */
export async function dropVectorIndex(executor: StoreExecutor): Promise<void> {
  await executor.execute(sql`DROP INDEX IF EXISTS "clause_embeddings_hnsw_idx"`);
}

/** The error of a database built with one embedder asked to use another. */
export function embedderMismatchError(
  recorded: EmbeddingInfo,
  wanted: Partial<EmbeddingInfo>,
): ConflictError {
  const wantedText = `${wanted.embedderId ?? '(unnamed embedder)'} (dimension ${wanted.dimension ?? '?'})`;
  return new ConflictError(
    `This database holds embeddings of ${recorded.embedderId} (dimension ${recorded.dimension}); ` +
      `it cannot use ${wantedText}. Use the original embedder or a fresh database.`,
    { details: { recorded, requested: wanted } },
  );
}

/** Checks an embedding's size and values against the store's dimension. */
export function checkEmbedding(embedding: ArrayLike<number>, dimension: number): void {
  if (embedding.length !== dimension) {
    throw new InvalidRequestError(
      `embedding has ${embedding.length} dimensions, the store expects ${dimension}`,
    );
  }
  for (let i = 0; i < embedding.length; i++) {
    if (!Number.isFinite(embedding[i]!))
      throw new InvalidRequestError('embedding values must be finite numbers');
  }
}

/** pgvector text form of an embedding, after checking its size and values. */
export function vectorLiteral(embedding: ArrayLike<number>, dimension: number): string {
  checkEmbedding(embedding, dimension);
  return vectorText(embedding);
}

/** pgvector text form of an embedding already checked (saved embeddings are, once, before the write). */
export function vectorText(embedding: ArrayLike<number>): string {
  const parts = new Array<string>(embedding.length);
  for (let i = 0; i < embedding.length; i++) parts[i] = embedding[i]!.toPrecision(8);
  return `[${parts.join(',')}]`;
}

/** Checks k, sets the search breadth and returns the statement writing the edges, ending with `result`. */
async function semanticEdgeStatement(
  executor: StoreExecutor,
  ids: readonly string[],
  options: SemanticEdgeOptions,
  result: (written: SQL) => SQL,
): Promise<SQL | null> {
  const k = options.k ?? DEFAULT_SEMANTIC_EDGES.k;
  const minSimilarity = options.minSimilarity ?? DEFAULT_SEMANTIC_EDGES.minSimilarity;
  if (!Number.isInteger(k) || k < 0 || k > 100)
    throw new InvalidRequestError('k must be an integer from 0 to 100');
  if (k === 0 || ids.length === 0) return null;
  // iterative_scan as PostgreSQL's default (off) whatever the session has (see unfilteredPgliteRanking).
  await executor.execute(
    sql`SELECT set_config('hnsw.ef_search', ${String(Math.max(20, k * 2))}, true), set_config('hnsw.iterative_scan', 'off', true)`,
  );
  return sql`WITH neighbours AS (
      SELECT least(own.clause_id, near.clause_id) AS source_id, greatest(own.clause_id, near.clause_id) AS target_id,
        max(near.similarity) AS similarity
      FROM "clause_embeddings" own
      JOIN ${clauses} ON ${clauses.id} = own.clause_id AND ${inArray(clauses.documentId, [...ids])}
      CROSS JOIN LATERAL (
        SELECT other.clause_id, 1 - (other.embedding <=> own.embedding) AS similarity
        FROM "clause_embeddings" other
        WHERE other.clause_id <> own.clause_id
        ORDER BY other.embedding <=> own.embedding
        LIMIT ${k}
      ) near
      WHERE near.similarity >= ${minSimilarity}
      GROUP BY 1, 2
    ), written AS (
      INSERT INTO "semantic_edges" ("source_id", "target_id", "similarity")
      SELECT source_id, target_id, least(similarity, 1) FROM neighbours
      ON CONFLICT ("source_id", "target_id") DO UPDATE SET "similarity" = excluded."similarity"
      RETURNING "source_id", "target_id"
    )
    ${result(sql`written`)}`;
}

/**
 * Stores undirected semantic-neighbour edges (lower id first) from a document's clauses to their
 * k nearest embedded clauses at or above the similarity threshold. Returns the edges written.
 */
export async function computeSemanticEdgesIn(
  executor: StoreExecutor,
  documentIds: string | readonly string[],
  options: SemanticEdgeOptions = {},
): Promise<number> {
  const ids = typeof documentIds === 'string' ? [documentIds] : [...documentIds];
  const statement = await semanticEdgeStatement(
    executor,
    ids,
    options,
    (written) => sql`SELECT count(*)::int AS "written" FROM ${written}`,
  );
  if (!statement) return 0;
  const rows = await queryRows<{ written: number }>(executor, statement);
  return rows[0]?.written ?? 0;
}

/**
 * `computeSemanticEdgesIn` for several documents in one statement (one nearest-neighbour pass over
 * all their clauses), returning the edges written per document: an edge between two of the
 * documents counts for both.
 */
export async function computeSemanticEdgesPerDocument(
  executor: StoreExecutor,
  documentIds: readonly string[],
  options: SemanticEdgeOptions = {},
): Promise<Map<string, number>> {
  const ids = [...documentIds];
  const statement = await semanticEdgeStatement(
    executor,
    ids,
    options,
    // An edge within one document counts once for it.
    (written) => sql`SELECT ${clauses.documentId} AS "documentId",
        count(DISTINCT ${written}.source_id::text || ${written}.target_id::text)::int AS "written"
      FROM ${written} JOIN ${clauses} ON ${clauses.id} IN (${written}.source_id, ${written}.target_id)
      WHERE ${inArray(clauses.documentId, ids)}
      GROUP BY ${clauses.documentId}`,
  );
  const counts = new Map(ids.map((id) => [id, 0]));
  if (!statement) return counts;
  const rows = await queryRows<{ documentId: string; written: number }>(executor, statement);
  for (const row of rows) counts.set(row.documentId, Number(row.written));
  return counts;
}

/** Estimated filtered sets this many times the exact-scan threshold skip the bounded count. */
const CLEARLY_LARGE_FACTOR = 2;

export interface VectorSearchOptions {
  /** Filtered sets at most this large are ranked by an exact scan instead of the HNSW index. */
  exactScanThreshold: number;
  /** The planner's estimate of the filter, when the caller has one (see estimateFilter). */
  estimate?: FilterEstimate | null;
}

/**
 * Nearest clauses by cosine similarity. Unfiltered or broadly filtered searches use the HNSW index
 * with iterative scans (pgvector 0.8), re-sorted; small filtered sets get an exact scan, so a
 * selective filter still yields `limit` rows. `ranking` output returns the same ids, order and scores
 * without the clauses' rows: with no selective filter the clauses table is only probed for rejected
 * clauses, through their partial index.
 */
export async function vectorSearch(
  executor: StoreExecutor,
  literal: string,
  filters: RetrievalFilters,
  limit: number,
  options: VectorSearchOptions,
  output: SearchOutput = 'candidates',
): Promise<CandidateRow[]> {
  const where = whereAll(retrievalConditions(filters));
  // The ranking alone skips the clauses' rows unless a selective filter needs them.
  const idsOnly = output === 'ranking' ? rejectedExcluded(sql`e.clause_id`, filters) : null;
  const from = idsOnly
    ? sql`"clause_embeddings" e WHERE ${idsOnly}`
    : sql`"clause_embeddings" e JOIN ${clauses} ON ${clauses.id} = e.clause_id WHERE ${where}`;
  const selection = output === 'ranking' ? sql`e.clause_id AS "clauseId"` : candidateSelection;
  const distance = sql`(e.embedding <=> ${literal}::vector)`;
  let exact = false;
  let matching = Number.POSITIVE_INFINITY;
  // A filter the statistics say keeps well over the threshold goes straight to the index (a wrong
  // estimate only costs the exact fallback below); otherwise a bounded count decides. The count reads
  // up to threshold + 1 matching ids (about 7 ms at 100k clauses on PGlite), so it is kept for
  // estimates near the threshold, where a wrong guess is most likely to pick the slower plan.
  const estimate = !hasSelectiveFilter(filters)
    ? null
    : options.estimate !== undefined
      ? options.estimate
      : await estimateFilter(executor, filters);
  const clearlyLarge =
    estimate !== null && estimate.rows > CLEARLY_LARGE_FACTOR * Math.max(options.exactScanThreshold, limit);
  if (hasSelectiveFilter(filters) && !clearlyLarge) {
    // Only whether the set is small matters: the count stops past the threshold (and the limit).
    const bound = Math.max(options.exactScanThreshold, limit) + 1;
    const counted = await queryRows<{ n: number }>(
      executor,
      sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM "clause_embeddings" e JOIN ${clauses} ON ${clauses.id} = e.clause_id
        WHERE ${where} LIMIT ${bound}) matching`,
    );
    matching = counted[0]?.n ?? 0;
    if (matching === 0) return [];
    exact = matching <= options.exactScanThreshold;
    if (matching === bound) matching = Number.POSITIVE_INFINITY;
  }
  const exactQuery = sql`SELECT ${selection}, 1 - ${distance} AS score
    FROM ${from} ORDER BY ${distance} + 0, e.clause_id LIMIT ${limit}`;
  if (exact) return queryRows<CandidateRow>(executor, exactQuery);

  // One statement for the session settings of this transaction. Filters make the planner prefer
  // sorting every matching row; the iterative index scan is cheaper.
  const noSort = !Number.isFinite(matching) && hasSelectiveFilter(filters);
  await executor.execute(
    sql`SELECT set_config('hnsw.iterative_scan', 'relaxed_order', true),
      set_config('hnsw.ef_search', ${hnswSettings(limit).efSearch}, true)
      ${noSort ? sql`, set_config('enable_sort', 'off', true)` : sql``}`,
  );
  const approximate = await queryRows<CandidateRow>(
    executor,
    sql`WITH nearest AS MATERIALIZED (
      SELECT ${selection}, ${distance} AS distance
      FROM ${from} ORDER BY ${distance} LIMIT ${limit}
    ) SELECT *, 1 - distance AS score FROM nearest ORDER BY distance, "clauseId"`,
  );
  if (approximate.length >= limit || approximate.length >= matching) return approximate;
  // The index ran out of candidates (iterative scan limits): fall back to an exact scan.
  return queryRows<CandidateRow>(executor, exactQuery);
}

/** The HNSW settings of vectorSearch's index scan for `limit` rows. */
function hnswSettings(limit: number): { efSearch: string; iterativeScan: string } {
  return { efSearch: String(Math.min(1000, Math.max(40, limit * 2))), iterativeScan: 'relaxed_order' };
}

/**
 * An unfiltered vector ranking on PGlite in one statement (a speed path of vectorSearch, same rows and
 * order): PGlite has a single connection, so the HNSW settings vectorSearch sets per transaction are
 * set once for the session instead (each statement reads them back and is run again if they differ),
 * which saves the BEGIN, settings and COMMIT statements. When `rejectedFreeAt` names a change counter
 * at which no clause is rejected (from the search cache), the statement skips the rejected-clause
 * probe and reads the counter: if it is another, the statement runs again with the probe. Returns
 * null when the caller should take vectorSearch (fewer rows than `limit`: the exact fallback decides).
 */
export async function unfilteredPgliteRanking(
  executor: StoreExecutor,
  literal: string,
  filters: RetrievalFilters,
  limit: number,
  rejectedFreeAt: string | null,
): Promise<CandidateRow[] | null> {
  if (hasSelectiveFilter(filters)) return null;
  const wanted = hnswSettings(limit);
  const distance = sql`(e.embedding <=> ${literal}::vector)`;
  type Row = CandidateRow & { efSearch: string; iterativeScan: string; counter: string | null };
  const run = (probe: boolean) =>
    queryRows<Row>(
      executor,
      sql`${sql.raw(READ_ONLY_STATEMENT)} WITH nearest AS MATERIALIZED (
        SELECT e.clause_id AS "clauseId", ${distance} AS distance
        FROM "clause_embeddings" e ${probe ? sql`WHERE ${rejectedExcluded(sql`e.clause_id`, filters)}` : sql``}
        ORDER BY ${distance} LIMIT ${limit}
      ) SELECT "clauseId", 1 - distance AS score, current_setting('hnsw.ef_search') AS "efSearch",
        current_setting('hnsw.iterative_scan') AS "iterativeScan",
        (SELECT "counter"::text FROM "store_changes" WHERE "id" = 1) AS "counter"
      FROM nearest ORDER BY distance, "clauseId"`,
    );
  const probe = !(filters.includeRejected === true || rejectedFreeAt !== null);
  for (let attempt = 0; attempt < 2; attempt++) {
    let rows = await run(probe);
    const first = rows[0];
    // No row tells no settings: they are set and the statement run again (once).
    if (!first || first.efSearch !== wanted.efSearch || first.iterativeScan !== wanted.iterativeScan) {
      if (attempt > 0) return null;
      // Outside a transaction block: the session keeps them.
      await executor.execute(
        sql`SELECT set_config('hnsw.iterative_scan', ${wanted.iterativeScan}, false),
          set_config('hnsw.ef_search', ${wanted.efSearch}, false)`,
      );
      continue;
    }
    if (!probe && String(first.counter) !== rejectedFreeAt) rows = await run(true);
    if (rows.length < limit) return null;
    return rows.map((row) => ({ clauseId: row.clauseId, score: row.score }) as CandidateRow);
  }
  return null;
}
