export { createDatabaseKeyStore } from './database-key-store';
export type {
  DecideContentReviewInput,
  ListContentReviewsInput,
  PageInput,
  ReviewClauseInput,
  SaveDocumentInput,
  SaveDocumentResult,
  Store,
  StoreOptions,
} from './store';
export { createStore } from './store';
export type { StoreDatabase, StoreDriver } from './store-connection';
export { MIGRATIONS_FOLDER } from './store-connection';
export type { EmbeddingInfo, HnswOptions, SemanticEdgeOptions } from './store-embeddings';
export { DEFAULT_SEMANTIC_EDGES, MAX_EMBEDDING_DIMENSION } from './store-embeddings';
export type { KeywordRanking, KeywordSearchOptions } from './store-keyword-search';
export { DEFAULT_BM25 } from './store-keyword-search';
export * as storeSchema from './store-schema';
