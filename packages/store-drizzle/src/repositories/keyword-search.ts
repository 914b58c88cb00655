import type { ClauseCandidate, RankedClause, RetrievalFilters } from '@cae/core';
import type { StoreContext } from '../store-context';
import { type KeywordSearchOptions, keywordSearch } from '../store-keyword-search';
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
  const { db, options: storeOptions } = context;

  /** A search's options: the caller's, over this store's settings, cached statistics and estimate. */
  const searchOptions = async (
    filters: RetrievalFilters,
    options: KeywordSearchOptions,
  ): Promise<KeywordSearchOptions> => {
    const [estimate, stats] = await Promise.all([context.filterEstimate(filters), context.corpusStats()]);
    return {
      ...(estimate === undefined ? {} : { estimate }),
      stats,
      ...options,
      ranking: options.ranking ?? storeOptions.keywordRanking ?? 'bm25',
      k1: options.k1 ?? storeOptions.bm25?.k1,
      b: options.b ?? storeOptions.bm25?.b,
      documentWeight: options.documentWeight ?? storeOptions.bm25?.documentWeight,
      sentenceWeight: options.sentenceWeight ?? storeOptions.bm25?.sentenceWeight,
      neighbourWeight: options.neighbourWeight ?? storeOptions.bm25?.neighbourWeight,
      expansion: options.expansion ?? storeOptions.bm25?.expansion,
      titleWeight: options.titleWeight ?? storeOptions.bm25?.titleWeight,
    };
  };

  return {
    async keywordCandidates(query, filters, limit, options = {}) {
      const merged = await searchOptions(filters, options);
      return (await keywordSearch(db, query, filters, limit, merged)).map(toCandidate);
    },

    async keywordRanking(query, filters, limit, options = {}) {
      const merged = await searchOptions(filters, options);
      return (await keywordSearch(db, query, filters, limit, merged, 'ranking')).map(toRanked);
    },
  };
}
