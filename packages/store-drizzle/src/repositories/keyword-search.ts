import type { ClauseCandidate, RankedClause, RetrievalFilters } from '@cae/core';
import type { StoreContext } from '../store-context';
import {
  checkPrefixExpansion,
  DEFAULT_ALPHANUMERIC_WEIGHT,
  DEFAULT_BM25,
  DEFAULT_DOCUMENT_K1,
  DEFAULT_DOCUMENT_WEIGHT,
  DEFAULT_POSTINGS_PER_TERM,
  DEFAULT_PREFIX_EXPANSION,
  DEFAULT_TITLE_WEIGHT,
  type KeywordSearchOptions,
  keywordSearch,
} from '../store-keyword-search';
import { toCandidate, toRanked } from '../store-rows';

/** Full-text search over clauses (BM25 or ts_rank_cd). */
export interface KeywordSearchRepository {
  keywordCandidates(
    query: string,
    filters: RetrievalFilters,
    limit: number,
    options?: KeywordSearchOptions,
  ): Promise<ClauseCandidate[]>;
  /** `keywordCandidates`' ranking without the clauses' rows (the retriever reads rows for its results only). */
  keywordRanking(
    query: string,
    filters: RetrievalFilters,
    limit: number,
    options?: KeywordSearchOptions,
  ): Promise<RankedClause[]>;
}

export function createKeywordSearchRepository(context: StoreContext): KeywordSearchRepository {
  const { db, options: storeOptions, searchCache } = context;

  /** The caller's options over this store's settings. */
  const mergedOptions = (options: KeywordSearchOptions): KeywordSearchOptions => ({
    ...options,
    ranking: options.ranking ?? storeOptions.keywordRanking ?? 'bm25',
    k1: options.k1 ?? storeOptions.bm25?.k1,
    documentK1: options.documentK1 ?? storeOptions.bm25?.documentK1,
    b: options.b ?? storeOptions.bm25?.b,
    documentWeight: options.documentWeight ?? storeOptions.bm25?.documentWeight,
    sentenceWeight: options.sentenceWeight ?? storeOptions.bm25?.sentenceWeight,
    neighbourWeight: options.neighbourWeight ?? storeOptions.bm25?.neighbourWeight,
    expansion: options.expansion ?? storeOptions.bm25?.expansion,
    titleWeight: options.titleWeight ?? storeOptions.bm25?.titleWeight,
    alphanumericWeight: options.alphanumericWeight ?? storeOptions.bm25?.alphanumericWeight,
    prefixExpansion: options.prefixExpansion ?? storeOptions.bm25?.prefixExpansion,
  });

  /** A search's options for the SQL path: merged, with cached statistics and the filter's estimate. */
  const sqlOptions = async (
    filters: RetrievalFilters,
    merged: KeywordSearchOptions,
  ): Promise<KeywordSearchOptions> => {
    const [estimate, stats] = await Promise.all([context.filterEstimate(filters), context.corpusStats()]);
    return { ...(estimate === undefined ? {} : { estimate }), stats, ...merged };
  };

  /**
   * The ranking from the search cache when it is current and ranks these options (BM25 without
   * sentence context, store statistics); null sends the search to SQL.
   */
  const cachedRanking = async (
    query: string,
    filters: RetrievalFilters,
    limit: number,
    merged: KeywordSearchOptions,
  ): Promise<RankedClause[] | null> => {
    if (!searchCache?.enabled || merged.ranking !== 'bm25' || merged.stats || merged.useSearchCache === false)
      return null;
    if ((merged.sentenceWeight ?? 0) !== 0) return null;
    // Pseudo-relevance feedback is ranked by SQL alone.
    if (merged.expansion && merged.expansion.terms > 0 && merged.expansion.weight > 0) return null;
    const documentWeight = merged.documentWeight ?? DEFAULT_DOCUMENT_WEIGHT;
    const titleWeight = documentWeight === 0 ? 0 : (merged.titleWeight ?? DEFAULT_TITLE_WEIGHT);
    // Invalid weights get keywordSearch's error.
    if (!(documentWeight >= 0) || !Number.isFinite(documentWeight)) return null;
    if (!(titleWeight >= 0) || !Number.isFinite(titleWeight)) return null;
    const alphanumericWeight = merged.alphanumericWeight ?? DEFAULT_ALPHANUMERIC_WEIGHT;
    if (!(alphanumericWeight >= 0) || !Number.isFinite(alphanumericWeight)) return null;
    const prefixExpansion =
      merged.prefixExpansion === undefined ? DEFAULT_PREFIX_EXPANSION : merged.prefixExpansion || null;
    if (prefixExpansion) {
      try {
        checkPrefixExpansion(prefixExpansion);
      } catch {
        return null;
      }
    }
    if (query.trim() === '' || limit < 1) return [];
    return searchCache.keywordRanking(db, query, filters, limit, {
      k1: merged.k1 ?? DEFAULT_BM25.k1,
      b: merged.b ?? DEFAULT_BM25.b,
      documentK1: merged.documentK1 ?? DEFAULT_DOCUMENT_K1,
      postingsPerTerm: merged.postingsPerTerm ?? DEFAULT_POSTINGS_PER_TERM,
      documentWeight,
      titleWeight,
      alphanumericWeight,
      prefixExpansion,
    });
  };

  return {
    async keywordCandidates(query, filters, limit, options = {}) {
      const merged = mergedOptions(options);
      const ranked = await cachedRanking(query, filters, limit, merged);
      if (ranked) {
        const rows = await searchCache!.candidatesByIds(
          db,
          ranked.map((row) => row.clauseId),
        );
        if (rows) {
          const byId = new Map(rows.map((row) => [row.clauseId, row]));
          return ranked.flatMap((row) => {
            const candidate = byId.get(row.clauseId);
            return candidate ? [{ ...candidate, score: row.score }] : [];
          });
        }
      }
      const withStats = await sqlOptions(filters, merged);
      return (await keywordSearch(db, query, filters, limit, withStats)).map(toCandidate);
    },

    async keywordRanking(query, filters, limit, options = {}) {
      const merged = mergedOptions(options);
      const ranked = await cachedRanking(query, filters, limit, merged);
      if (ranked) return ranked;
      const withStats = await sqlOptions(filters, merged);
      return (await keywordSearch(db, query, filters, limit, withStats, 'ranking')).map(toRanked);
    },
  };
}
