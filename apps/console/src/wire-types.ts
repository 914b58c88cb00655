/**
 * The engine's wire shapes the console reads (snake_case, as /openapi.json describes them). The console
 * talks to the engine over HTTP only, so it keeps its own copy of the few fields it shows.
 */

export const MOODS = [
  'declarative',
  'interrogative',
  'imperative',
  'exclamative',
  'indicative',
  'minor',
  'fragment',
] as const;
export type Mood = (typeof MOODS)[number];

export const PROCESS_TYPES = [
  'material',
  'mental',
  'relational',
  'behavioral',
  'verbal',
  'existential',
] as const;
export type ProcessType = (typeof PROCESS_TYPES)[number];

export const ANNOTATION_SOURCES = ['rules', 'llm', 'human'] as const;
export const MODALITIES = ['text', 'image', 'audio', 'video', 'structured'] as const;

export interface Token {
  index: number;
  text: string;
  start: number;
  end: number;
}

export interface Span {
  text: string;
  start: number;
  end: number;
}

export interface Participant extends Span {
  role: string;
}

export interface Circumstance extends Span {
  type: string;
  subtype: string | null;
}

export interface ReasoningTrace {
  premises: { label: string; value: string }[];
  inference_rule: string;
  conclusion: Record<string, unknown>;
  rules?: { label: string; rule: string }[];
  confidence: number;
  derivation_hash: string;
  generated_at: string;
}

export interface Ideational {
  process_type: ProcessType;
  participants: Participant[];
  circumstances: Circumstance[];
  raw_transitivity?: { verb_lemma: string | null; voice: string | null; polarity: string; matched: string };
}

export interface Interpersonal {
  mood: Mood;
  modality_weight: number;
  modality_type: string | null;
  polarity?: string;
  tenor: number;
  speaker_attitude: string;
  reasoning: string;
  annotation_source: string;
  reasoning_trace: ReasoningTrace;
  raw_classification: string;
  classification_status: string;
  untrusted: boolean;
}

export interface Textual {
  theme: Span & { elements: (Span & { kind: string })[] };
  rheme: Span;
  marked_theme: boolean;
  conjunctive_adjuncts: string[];
}

export interface AnnotatedClause {
  id: string;
  text: string;
  syntactic: {
    tokens: Token[];
    sentence_index: number;
    clause_index?: number;
    start?: number;
    parent_clause_id: string | null;
    dependency?: string;
    relation?: string | null;
  };
  ideational: Ideational;
  interpersonal: Interpersonal;
  textual: Textual | null;
  document_id: string;
  compiled_at: string;
  untrusted: boolean;
  source_type?: string;
  review_status?: 'unreviewed' | 'accepted' | 'rejected';
}

export interface Page {
  total: number;
  limit: number;
  offset: number;
}

export interface ClausePage extends Page {
  clauses: AnnotatedClause[];
}

export interface ClauseAnnotation {
  ideational: Ideational;
  interpersonal: Interpersonal;
  textual: Textual | null;
}

export interface ClauseReviewRecord {
  id: string;
  clause_id: string;
  document_id: string;
  clause_text: string;
  decision: 'accepted' | 'rejected' | 're_annotated';
  reviewer: string | null;
  notes: string | null;
  annotation_before: ClauseAnnotation;
  annotation_after: ClauseAnnotation;
  created_at: string;
}

export interface ClauseReviewPage extends Page {
  clauses: ClauseReviewRecord[];
}

export interface ContentReviewItem {
  id: string;
  content: string;
  modality: string;
  source: string | null;
  metadata: Record<string, unknown>;
  status: 'pending' | 'approved' | 'rejected' | 'edited';
  decision: string | null;
  edited_text: string | null;
  reviewer: string | null;
  document_id: string | null;
  created_at: string;
  decided_at: string | null;
}

export interface ContentReviewPage extends Page {
  items: ContentReviewItem[];
}

export interface DecideContentResponse {
  review: ContentReviewItem;
  clauses: AnnotatedClause[];
}

export interface RetrievalResult {
  clause_id: string;
  text: string;
  document_id: string;
  rrf_score: number;
  semantic_rank: number | null;
  keyword_rank: number | null;
  mood: Mood;
  tenor: number;
  process_type: ProcessType;
  modality_weight: number;
  annotation_source: string;
  untrusted: boolean;
  parent_clause_id: string | null;
}

export interface RetrieveResponse {
  query: string;
  results: RetrievalResult[];
  count: number;
}

export interface SynthesizeResponse {
  query: string;
  answer: string;
  cited_clause_ids: string[];
  clauses: RetrievalResult[];
  retrieved_count: number;
  confidence: number;
  used_fallback?: boolean;
  review_item_id?: string | null;
}

export interface GraphNode {
  id: string;
  label: string;
  document_id: string;
  mood: Mood;
  process_type: ProcessType;
  modality_weight: number;
  sentence_index: number;
  parent_clause_id: string | null;
}

export interface GraphEdge {
  source: string;
  target: string;
  type: 'structural' | 'semantic';
  weight: number;
}

export interface ErrorBody {
  error: { code: string; message: string; details?: unknown };
}
