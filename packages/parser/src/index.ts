export { type ConlluSentence, parseConllu } from './conllu';
export {
  EnglishParser,
  type ParsedWord,
  type Parser,
  type TaggedWord,
  type TagOptions,
} from './english-parser';
export {
  type DenseModelData,
  denseRows,
  isDenseData,
  type LinearModelData,
  type SparseModelData,
  sparseRows,
} from './linear-model';
export { DEFAULT_MODEL_PATH, loadModel, loadParser } from './load-parser';
export { deserializeModel, type ModelBundle, serializeModel } from './model-format';
export { type Features, formatFeats } from './morphology';
export { attachPunctuation } from './punctuation';
export type { AllowedTags, AllowedTagsAt, RequiredTags } from './tagger';
