import { z } from 'zod';

/** Mood of a clause (ANNOTATION.md, "Mood"). */
export const MOODS = [
  'declarative',
  'interrogative',
  'imperative',
  'exclamative',
  'indicative',
  'minor',
  'fragment',
] as const;
export const MoodSchema = z.enum(MOODS).meta({
  description:
    'Mood of the clause: declarative (states), interrogative (asks), imperative (orders), exclamative, indicative (a finite dependent clause), minor (a verbless complete move such as "Thanks!"), fragment (headings, cut-off text, non-finite dependents). Explained with examples in docs/ANNOTATION.md of the repository.',
});
export type Mood = z.infer<typeof MoodSchema>;

/** Process type of the clause's transitivity (ANNOTATION.md, "Process type"). */
export const PROCESS_TYPES = [
  'material',
  'mental',
  'relational',
  'behavioral',
  'verbal',
  'existential',
] as const;
export const ProcessTypeSchema = z.enum(PROCESS_TYPES).meta({
  description:
    'SFL process type of the clause: material (doing), mental (sensing), relational (being, having), behavioral, verbal (saying), existential ("there is"). Explained with examples in docs/ANNOTATION.md of the repository.',
});
export type ProcessType = z.infer<typeof ProcessTypeSchema>;

/** Kind of modality: modalisation (probability, usuality) or modulation (obligation, inclination). */
export const MODALITY_TYPES = ['probability', 'usuality', 'obligation', 'inclination'] as const;
export const ModalityTypeSchema = z.enum(MODALITY_TYPES).meta({ description: 'Type of modality.' });
export type ModalityType = z.infer<typeof ModalityTypeSchema>;

/** Who produced an annotation. */
export const ANNOTATION_SOURCES = ['rules', 'llm', 'human'] as const;
export const AnnotationSourceSchema = z
  .enum(ANNOTATION_SOURCES)
  .meta({ description: 'Origin of the annotation: rules, llm or human.' });
export type AnnotationSource = z.infer<typeof AnnotationSourceSchema>;

/** What became of a classifier's raw label (ANNOTATION.md, "Reasoning trace"). */
export const CLASSIFICATION_STATUSES = ['canonical', 'normalized', 'unresolved'] as const;
export const ClassificationStatusSchema = z.enum(CLASSIFICATION_STATUSES).meta({
  description:
    'canonical: the raw label was already an enum value; normalized: mapped to one; unresolved: nothing fitted, the rule-based label was kept.',
});
export type ClassificationStatus = z.infer<typeof ClassificationStatusSchema>;

/** Decisions of POST /clauses/:id/review. */
export const CLAUSE_REVIEW_DECISIONS = ['accepted', 'rejected', 're_annotated'] as const;
export const ClauseReviewDecisionSchema = z
  .enum(CLAUSE_REVIEW_DECISIONS)
  .meta({ description: 'Review decision on a clause annotation.' });
export type ClauseReviewDecision = z.infer<typeof ClauseReviewDecisionSchema>;

/** Review state a clause is in after its latest review decision. */
export const CLAUSE_REVIEW_STATUSES = ['unreviewed', 'accepted', 'rejected'] as const;
export const ClauseReviewStatusSchema = z.enum(CLAUSE_REVIEW_STATUSES).meta({
  description:
    'unreviewed until a human decides; rejected clauses are left out of retrieval unless asked for.',
});
export type ClauseReviewStatus = z.infer<typeof ClauseReviewStatusSchema>;

/** Decisions of POST /review-queue/:id/decide. */
export const QUEUE_DECISIONS = ['approve', 'reject', 'edit'] as const;
export const QueueDecisionSchema = z
  .enum(QUEUE_DECISIONS)
  .meta({ description: 'Decision on quarantined content.' });
export type QueueDecision = z.infer<typeof QueueDecisionSchema>;

/** State of a content review queue row. */
export const QUEUE_STATUSES = ['pending', 'approved', 'rejected', 'edited'] as const;
export const QueueStatusSchema = z.enum(QUEUE_STATUSES).meta({ description: 'State of a queue row.' });
export type QueueStatus = z.infer<typeof QueueStatusSchema>;

/** Kind of content in the review queue; only text is compiled into clauses. */
export const CONTENT_MODALITIES = ['text', 'image', 'audio', 'video', 'structured'] as const;
export const ContentModalitySchema = z
  .enum(CONTENT_MODALITIES)
  .meta({ description: 'Kind of quarantined content; only text is compiled when approved.' });
export type ContentModality = z.infer<typeof ContentModalitySchema>;

/** Universal POS tags (UD v2). */
export const UPOS_TAGS = [
  'ADJ',
  'ADP',
  'ADV',
  'AUX',
  'CCONJ',
  'DET',
  'INTJ',
  'NOUN',
  'NUM',
  'PART',
  'PRON',
  'PROPN',
  'PUNCT',
  'SCONJ',
  'SYM',
  'VERB',
  'X',
  'SPACE',
] as const;
export const UposSchema = z.enum(UPOS_TAGS).meta({ description: 'Universal POS tag.' });
export type Upos = z.infer<typeof UposSchema>;

/** Kinds of groups and phrases of pass 1. */
export const GROUP_TYPES = [
  'nominal',
  'verbal',
  'prepositional',
  'adverbial',
  'adjectival',
  'conjunction',
] as const;
export const GroupTypeSchema = z.enum(GROUP_TYPES).meta({ description: 'Kind of group or phrase.' });
export type GroupType = z.infer<typeof GroupTypeSchema>;

/** How a clause relates to the clause complex. */
export const CLAUSE_DEPENDENCIES = ['independent', 'paratactic', 'hypotactic', 'embedded'] as const;
export const ClauseDependencySchema = z.enum(CLAUSE_DEPENDENCIES).meta({
  description:
    'independent: starts a clause complex; paratactic: coordinated with the previous clause; hypotactic: dependent; embedded: rank-shifted (relative or reported inside a group).',
});
export type ClauseDependency = z.infer<typeof ClauseDependencySchema>;

/** Formats a compile request's text may be written in (an extension of engine-api.md). */
export const TEXT_FORMATS = ['text', 'markdown', 'html'] as const;
export const TextFormatSchema = z.enum(TEXT_FORMATS, { error: 'must be one of text, markdown, html' }).meta({
  description:
    'What `text` is written in: `text` (default) is compiled as it is; `markdown` and `html` are compiled from their visible prose (code, HTML tags, scripts and styles dropped), headings and list items each a sentence of their own, and clause offsets then refer to that extracted text.',
});
export type TextFormat = z.infer<typeof TextFormatSchema>;

/** Participant roles of transitivity (ANNOTATION.md, "Process type"). */
export const PARTICIPANT_ROLES = [
  'actor',
  'goal',
  'beneficiary',
  'range',
  'senser',
  'phenomenon',
  'carrier',
  'attribute',
  'token',
  'value',
  'behaver',
  'sayer',
  'receiver',
  'verbiage',
  'existent',
  'agent',
] as const;
export const ParticipantRoleSchema = z.enum(PARTICIPANT_ROLES).meta({ description: 'Transitivity role.' });
export type ParticipantRole = z.infer<typeof ParticipantRoleSchema>;

/** Circumstance types of transitivity. */
export const CIRCUMSTANCE_TYPES = [
  'extent',
  'location',
  'manner',
  'cause',
  'contingency',
  'accompaniment',
  'role',
  'matter',
  'angle',
] as const;
export const CircumstanceTypeSchema = z.enum(CIRCUMSTANCE_TYPES).meta({ description: 'Circumstance type.' });
export type CircumstanceType = z.infer<typeof CircumstanceTypeSchema>;

/** Edge kinds of the clause graph. */
export const GRAPH_EDGE_TYPES = ['structural', 'semantic'] as const;
export const GraphEdgeTypeSchema = z
  .enum(GRAPH_EDGE_TYPES)
  .meta({ description: 'structural: parent to child clause; semantic: nearest neighbours by embedding.' });
export type GraphEdgeType = z.infer<typeof GraphEdgeTypeSchema>;

/** Provider ids of the gateway, in the order of gateway-api.md (provider_a..provider_g). */
export const PROVIDER_IDS = [
  'google',
  'openai',
  'anthropic',
  'mistral',
  'groq',
  'openrouter',
  'ollama',
] as const;
export type KnownProviderId = (typeof PROVIDER_IDS)[number];
