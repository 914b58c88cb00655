export { ABBREVIATION_JOIN_RULE_IDS } from './abbreviation-joins';
export { IDEATIONAL_RULE_IDS, IDEATIONAL_RULES } from './ideational-rules';
export type {
  ApplyAnnotatorOptions,
  LlmAnnotator,
  LlmAnnotatorInput,
  LlmProposal,
  Normalized,
} from './llm-annotator';
export {
  applyAnnotator,
  LlmProposalSchema,
  normalizeLabel,
  normalizeMood,
  normalizeProcessType,
} from './llm-annotator';
export { createModelAnnotator } from './llm-annotator-model';
export { MODALITY_RULE_IDS } from './modality-analyzer';
export { MOOD_RULE_IDS } from './mood-classifier';
export type { AnnotateOptions, CompileOptions, Pipeline, PipelineOptions } from './pipeline';
export { createPipeline, DEFAULT_MAX_LENGTH } from './pipeline';
export { POS_RULE_IDS } from './pos-corrector';
export { SEGMENT_RULE_IDS, SEGMENT_RULES, type SegmentRule, type SegmentStage } from './segment-rules';
export { SENTENCE_TAIL_RULE_IDS } from './sentence-tails';
export type { PosSource } from './syntax-tagger';
export type { BlockRole, ExtractedBlock, ExtractedText, TextFormat } from './text-formats';
export { extractPdfText, extractText, plainTextHeadings } from './text-formats';
export { THEME_RULE_IDS } from './theme-analyzer';
export { TOKEN_SPLIT_RULE_IDS } from './token-splits';
export { TRANSITIVITY_RULE_IDS } from './transitivity-analyzer';
