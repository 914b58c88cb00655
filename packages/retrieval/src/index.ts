export type { Embedder, FusionWeights } from './embedder';
export { checkedFusionWeights, EQUAL_FUSION_WEIGHTS, normalizeInPlace } from './embedder';
export type { PrepareWordVectorsOptions, WordVectorTable } from './embedder-cache';
export { DEFAULT_VOCABULARY_SIZE, loadWordVectors, prepareWordVectors } from './embedder-cache';
export type { EmbedClausesOptions } from './embedder-context';
export { embedClauses, embedDocuments } from './embedder-context';
export type { LocalEmbedder, LocalEmbedderOptions } from './embedder-local';
export {
  createLocalEmbedder,
  defaultCacheDir,
  defaultEmbeddingCacheDir,
  LOCAL_EMBEDDER_MINMAX_WEIGHTS,
  LOCAL_EMBEDDER_WEIGHTS,
  learnedLocalEmbedderMap,
} from './embedder-local';
export type { OpenAIEmbedderOptions } from './embedder-openai';
export { createOpenAIEmbedder, KNOWN_EMBEDDING_DIMENSIONS } from './embedder-openai';
export { type QueryConstraints, queryConstraints } from './query-constraints';
export type { FusedItem, FusionMethod, RankFusionOptions, ScoredItem } from './rank-fusion';
export {
  checkedFusionMethod,
  DEFAULT_RRF_K,
  FUSION_METHODS,
  minMaxScoreFusion,
  reciprocalRankFusion,
} from './rank-fusion';
export type {
  RetrievalMode,
  RetrievalTimings,
  RetrieveOptions,
  Retriever,
  RetrieverOptions,
} from './retriever';
export {
  createRetriever,
  DEFAULT_FEEDBACK,
  LOCAL_EMBEDDER_FUSION,
} from './retriever';
export { expandAncestors } from './retriever-ancestors';
export type { ContextSentence, SynthesizeOptions, Synthesizer, SynthesizerOptions } from './synthesizer';
export {
  answerConfidence,
  chooseSentences,
  createSynthesizer,
  DEFAULT_MIN_CONFIDENCE,
  DEFAULT_RETRIEVAL_WEIGHT,
  FALLBACK_CONFIDENCE,
  joinSentence,
  NO_ANSWER,
  quoteSentences,
  sentencesOf,
} from './synthesizer';
export { parseCitations, renumberCitations } from './synthesizer-citations';
export { FALLBACK_NOTICE, INSUFFICIENT_CONTEXT } from './synthesizer-prompt';
