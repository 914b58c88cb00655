import type { ClauseCandidate, RankedClause, RetrievalFilters } from '@cae/core';
import type { StoreContext } from '../store-context';
import {
  type EmbeddingInfo,
  embedderMismatchError,
  enableEmbeddingsIn,
  missingVectorExtensionError,
  unfilteredPgliteRanking,
  vectorExtensionAvailable,
  vectorLiteral,
  vectorSearch,
} from '../store-embeddings';
import { type CandidateRow, type SearchOutput, toCandidate, toRanked } from '../store-rows';

/** Embeddings of clauses and nearest-neighbour search over them (pgvector). */
export interface VectorSearchRepository {
  vectorCandidates(
    embedding: Float32Array,
    filters: RetrievalFilters,
    limit: number,
  ): Promise<ClauseCandidate[]>;
  vectorRanking(embedding: Float32Array, filters: RetrievalFilters, limit: number): Promise<RankedClause[]>;
  /** Records the embedder (dimension and id) and creates the vector column and index; idempotent. */
  enableEmbeddings(info: EmbeddingInfo): Promise<EmbeddingInfo>;
  embeddingInfo(): Promise<EmbeddingInfo | null>;
}

export function createVectorSearchRepository(context: StoreContext): VectorSearchRepository {
  const { db, options } = context;

  const search = async (
    embedding: Float32Array,
    filters: RetrievalFilters,
    limit: number,
    output: SearchOutput,
  ): Promise<CandidateRow[]> => {
    const info = await context.currentEmbedding();
    if (!info) {
      if (!(await vectorExtensionAvailable(db))) throw missingVectorExtensionError();
      return []; // No clause was ever embedded.
    }
    if (embedding.length !== info.dimension)
      throw embedderMismatchError(info, { dimension: embedding.length });
    const literal = vectorLiteral(embedding, info.dimension);
    if (limit < 1) return [];
    // A selective filter over the search cache's embeddings: an exact scan of the clauses it keeps.
    const cached = await context.searchCache?.vectorRanking(db, embedding, filters, limit);
    if (cached) {
      // toRanked reads the id and score alone.
      if (output === 'ranking') return cached as unknown as CandidateRow[];
      const rows = await context.searchCache!.candidatesByIds(
        db,
        cached.map((row) => row.clauseId),
      );
      if (rows) {
        const byId = new Map(rows.map((row) => [row.clauseId, row]));
        return cached.flatMap((row) => {
          const candidate = byId.get(row.clauseId);
          return candidate ? [{ ...candidate, score: row.score }] : [];
        });
      }
    }
    // Unfiltered rankings on PGlite: one statement instead of a transaction of three.
    if (output === 'ranking' && context.driver.name === 'pglite' && !context.bulk) {
      const ranked = await unfilteredPgliteRanking(
        db,
        literal,
        filters,
        limit,
        context.searchCache?.rejectedFreeCounter() ?? null,
      );
      if (ranked) return ranked;
    }
    // Estimated before the transaction: on PGlite a query outside it would wait for it to end.
    const estimate = await context.filterEstimate(filters);
    return db.transaction((tx) =>
      vectorSearch(
        tx,
        literal,
        filters,
        limit,
        {
          exactScanThreshold: options.vectorExactScanThreshold ?? 2_000,
          ...(estimate === undefined ? {} : { estimate }),
        },
        output,
      ),
    );
  };

  return {
    async vectorCandidates(embedding, filters, limit) {
      return (await search(embedding, filters, limit, 'candidates')).map(toCandidate);
    },

    async vectorRanking(embedding, filters, limit) {
      return (await search(embedding, filters, limit, 'ranking')).map(toRanked);
    },

    async enableEmbeddings(info) {
      // During a bulk load the index is built once at its end, over every vector it saved.
      const enabled = await db.transaction((tx) =>
        enableEmbeddingsIn(tx, info, options.hnsw, { createIndex: !context.bulk }),
      );
      context.setEmbedding(enabled);
      return enabled;
    },

    embeddingInfo: () => context.currentEmbedding(),
  };
}
