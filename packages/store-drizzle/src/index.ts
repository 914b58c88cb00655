export type { ClauseReviewOutcome, RecordClauseReviewInput } from './repositories/clause-reviews';
export type {
  EnqueueContentInput,
  ListContentReviewsInput,
  RecordContentDecisionInput,
} from './repositories/content-queue';
export type { SaveDocumentInput, SaveDocumentResult } from './repositories/documents';
export type { IntegrityCheck, IntegrityReport } from './repositories/integrity';
export type { BulkLoadOptions } from './repositories/maintenance';
export type { SearchCacheControl, Store } from './store';
export { createStore } from './store';
export type { StoreDatabase, StoreDriver } from './store-connection';
export { MIGRATIONS_FOLDER } from './store-connection';
export type { PageInput } from './store-context';
export type { EmbeddingInfo, HnswOptions, SemanticEdgeOptions } from './store-embeddings';
export { DEFAULT_SEMANTIC_EDGES, MAX_EMBEDDING_DIMENSION } from './store-embeddings';
export type {
  KeywordExpansion,
  KeywordRanking,
  KeywordSearchOptions,
  PrefixExpansion,
} from './store-keyword-search';
export {
  DEFAULT_ALPHANUMERIC_WEIGHT,
  DEFAULT_BM25,
  DEFAULT_DOCUMENT_K1,
  DEFAULT_DOCUMENT_WEIGHT,
  DEFAULT_PREFIX_EXPANSION,
  DEFAULT_TITLE_WEIGHT,
} from './store-keyword-search';
export type { StoreOptions } from './store-options';
export * as storeSchema from './store-schema';
export type { SearchCacheOptions, SearchCacheStats } from './store-search-cache';
