import {
  type AnnotatedClause,
  type ClassificationStatus,
  derivationHash,
  type Interpersonal,
  MODALITY_TYPES,
  MOODS,
  type ModalityType,
  type Mood,
  PROCESS_TYPES,
  type ProcessType,
  systemClock,
} from '@cae/core';
import { z } from 'zod';
import { lexiconTable } from './lexicons/lexicon-table';

/** What an LLM annotator is shown for one clause. Untrusted text is data, never instructions. */
export interface LlmAnnotatorInput {
  readonly clauseId: string;
  readonly text: string;
  /** The clause's text came from a source nobody vouched for. */
  readonly untrusted: boolean;
  /** The rule-based labels, as a starting point. */
  readonly ruleLabels: {
    readonly mood: Mood;
    readonly processType: ProcessType;
    readonly modalityWeight: number;
    readonly modalityType: ModalityType | null;
    readonly tenor: number;
    readonly speakerAttitude: string;
  };
}

/**
 * Sends a batch of clauses to an LLM and resolves with one raw proposal per clause, in order. The
 * signal aborts when the batch's time is up: an annotator should stop its upstream call then.
 */
export type LlmAnnotator = (clauses: LlmAnnotatorInput[], signal: AbortSignal) => Promise<unknown[]>;

/** Options of `applyAnnotator`. */
export interface ApplyAnnotatorOptions {
  /** Clauses per annotator call (default 20). */
  readonly batchSize?: number;
  /** Time limit per call in milliseconds (default 30,000). */
  readonly timeoutMs?: number;
}

const unitNumber = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^-?\d+(?:\.\d+)?$/)
      .transform(Number),
  ])
  .pipe(z.number().min(0).max(1));

/** Raw labels an LLM proposes for one clause (snake_case, loosely typed as an LLM sends them). */
export const LlmProposalSchema = z.object({
  mood: z.string().min(1).max(64),
  process_type: z.string().min(1).max(64).optional(),
  modality_weight: unitNumber.optional(),
  modality_type: z.string().max(64).nullable().optional(),
  tenor: unitNumber.optional(),
  speaker_attitude: z.string().min(1).max(80).optional(),
  reasoning: z.string().max(2000).optional(),
});
export type LlmProposal = z.infer<typeof LlmProposalSchema>;

const MOOD_SYNONYMS: Readonly<Record<string, Mood>> = lexiconTable({
  question: 'interrogative',
  interrogation: 'interrogative',
  query: 'interrogative',
  statement: 'declarative',
  assertion: 'declarative',
  declaration: 'declarative',
  command: 'imperative',
  order: 'imperative',
  request: 'imperative',
  directive: 'imperative',
  exclamation: 'exclamative',
  exclamatory: 'exclamative',
  dependent: 'indicative',
  subordinate: 'indicative',
  minor_clause: 'minor',
  greeting: 'minor',
  incomplete: 'fragment',
});

const PROCESS_SYNONYMS: Readonly<Record<string, ProcessType>> = lexiconTable({
  action: 'material',
  doing: 'material',
  happening: 'material',
  sensing: 'mental',
  cognition: 'mental',
  perception: 'mental',
  being: 'relational',
  having: 'relational',
  attributive: 'relational',
  identifying: 'relational',
  behavioural: 'behavioral',
  behaviour: 'behavioral',
  behavior: 'behavioral',
  saying: 'verbal',
  existence: 'existential',
});

/** How a raw label was mapped onto an enum: the label, or null when nothing fitted. */
export interface Normalized<T extends string> {
  readonly value: T | null;
  readonly status: ClassificationStatus;
}

/** Maps a raw label to an enum value: exact → canonical, cleaned or synonym → normalized, else unresolved. */
export function normalizeLabel<T extends string>(
  raw: string,
  values: readonly T[],
  synonyms: Readonly<Record<string, T>>,
): Normalized<T> {
  if ((values as readonly string[]).includes(raw)) return { value: raw as T, status: 'canonical' };
  const cleaned = raw
    .trim()
    .toLowerCase()
    .replace(/[^a-z_ ]+/g, '')
    .trim()
    .replace(/\s+/g, '_');
  if ((values as readonly string[]).includes(cleaned)) return { value: cleaned as T, status: 'normalized' };
  const synonym = synonyms[cleaned];
  if (synonym !== undefined) return { value: synonym, status: 'normalized' };
  for (const value of values) {
    if (cleaned.startsWith(value.slice(0, 6)) && cleaned.length >= 5) return { value, status: 'normalized' };
  }
  return { value: null, status: 'unresolved' };
}

/** Normalises a raw mood label. */
export function normalizeMood(raw: string): Normalized<Mood> {
  return normalizeLabel(raw, MOODS, MOOD_SYNONYMS);
}

/** Normalises a raw process-type label. */
export function normalizeProcessType(raw: string): Normalized<ProcessType> {
  return normalizeLabel(raw, PROCESS_TYPES, PROCESS_SYNONYMS);
}

function toInput(clause: AnnotatedClause): LlmAnnotatorInput {
  const { interpersonal, ideational } = clause;
  return {
    clauseId: clause.id,
    text: clause.text,
    untrusted: clause.untrusted,
    ruleLabels: {
      mood: interpersonal.mood,
      processType: ideational.processType,
      modalityWeight: interpersonal.modalityWeight,
      modalityType: interpersonal.modalityType,
      tenor: interpersonal.tenor,
      speakerAttitude: interpersonal.speakerAttitude,
    },
  };
}

function withTrace(
  interpersonal: Interpersonal,
  patch: Partial<Interpersonal['reasoningTrace']>,
): Interpersonal['reasoningTrace'] {
  const trace = { ...interpersonal.reasoningTrace, ...patch };
  const { premises, inferenceRule, conclusion, rules } = trace;
  return { ...trace, derivationHash: derivationHash({ premises, inferenceRule, conclusion, rules }) };
}

function fallback(clause: AnnotatedClause, reason: string, generatedAt: string): AnnotatedClause {
  const { interpersonal } = clause;
  const trace = withTrace(interpersonal, {
    premises: [...interpersonal.reasoningTrace.premises, { label: 'llm_fallback', value: reason }],
    rules: [...interpersonal.reasoningTrace.rules, { label: 'llm', rule: 'LLM.FALLBACK_TO_RULES' }],
    generatedAt,
  });
  return { ...clause, interpersonal: { ...interpersonal, reasoningTrace: trace } };
}

function applyProposal(clause: AnnotatedClause, raw: unknown, generatedAt: string): AnnotatedClause {
  const parsed = LlmProposalSchema.safeParse(raw);
  if (!parsed.success)
    return fallback(clause, `invalid output: ${parsed.error.issues[0]?.message ?? 'unknown'}`, generatedAt);
  const proposal = parsed.data;
  const { interpersonal, ideational } = clause;
  const mood = normalizeMood(proposal.mood);
  const rules = [...interpersonal.reasoningTrace.rules];
  const premises = [...interpersonal.reasoningTrace.premises, { label: 'llm_mood', value: proposal.mood }];
  rules.push({
    label: 'mood',
    rule: mood.value === null ? 'LLM.UNRESOLVED_KEPT_RULE' : `LLM.${mood.status.toUpperCase()}`,
  });
  let processType = ideational.processType;
  if (proposal.process_type !== undefined) {
    const process = normalizeProcessType(proposal.process_type);
    premises.push({ label: 'llm_process_type', value: proposal.process_type });
    if (process.value !== null) processType = process.value;
    rules.push({
      label: 'process_type',
      rule: process.value === null ? 'LLM.UNRESOLVED_KEPT_RULE' : `LLM.${process.status.toUpperCase()}`,
    });
  }
  let modalityType = interpersonal.modalityType;
  if (proposal.modality_type !== undefined) {
    const type =
      proposal.modality_type === null ? null : normalizeLabel(proposal.modality_type, MODALITY_TYPES, {});
    modalityType = type === null ? null : (type.value ?? modalityType);
  }
  const next: Interpersonal = {
    ...interpersonal,
    mood: mood.value ?? interpersonal.mood,
    modalityWeight: proposal.modality_weight ?? interpersonal.modalityWeight,
    modalityType,
    tenor: proposal.tenor ?? interpersonal.tenor,
    speakerAttitude: proposal.speaker_attitude ?? interpersonal.speakerAttitude,
    reasoning: proposal.reasoning ?? interpersonal.reasoning,
    annotationSource: 'llm',
    rawClassification: proposal.mood,
    classificationStatus: mood.status,
    untrusted: true,
  };
  next.reasoningTrace = withTrace(next, {
    premises,
    inferenceRule: mood.value === null ? interpersonal.reasoningTrace.inferenceRule : 'LLM.PROPOSAL',
    conclusion: { mood: next.mood, modalityWeight: next.modalityWeight, processType, tenor: next.tenor },
    rules,
    generatedAt,
  });
  return {
    ...clause,
    interpersonal: next,
    ideational: processType === ideational.processType ? ideational : { ...ideational, processType },
  };
}

async function callWithTimeout(
  annotator: LlmAnnotator,
  inputs: LlmAnnotatorInput[],
  timeoutMs: number,
): Promise<unknown[]> {
  // The timeout both settles the batch and aborts the annotator's upstream call, which would
  // otherwise keep running (and costing) after its answer stopped mattering.
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new Error(`timed out after ${timeoutMs} ms`);
      controller.abort(error);
      reject(error);
    }, timeoutMs);
  });
  try {
    const result = await Promise.race([annotator(inputs, controller.signal), timeout]);
    if (!Array.isArray(result)) throw new Error('annotator did not return an array');
    return result;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Sends clauses to an LLM annotator in batches, validates and normalises each proposal, and falls back
 * to the rule annotation (saying so in the trace) for any clause whose batch failed, timed out or was invalid.
 * @example const labelled = await applyAnnotator(clauses, myAnnotator, { batchSize: 10, timeoutMs: 5000 });
 */
export async function applyAnnotator(
  clauses: AnnotatedClause[],
  annotator: LlmAnnotator,
  options: ApplyAnnotatorOptions & { readonly clock?: () => Date } = {},
): Promise<AnnotatedClause[]> {
  const batchSize = Math.max(1, options.batchSize ?? 20);
  const timeoutMs = options.timeoutMs ?? 30_000;
  const clock = options.clock ?? systemClock;
  const out: AnnotatedClause[] = [];
  for (let from = 0; from < clauses.length; from += batchSize) {
    const batch = clauses.slice(from, from + batchSize);
    let proposals: unknown[] | null = null;
    let failure = '';
    try {
      proposals = await callWithTimeout(annotator, batch.map(toInput), timeoutMs);
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
    }
    const generatedAt = clock().toISOString();
    batch.forEach((clause, index) => {
      if (proposals === null) out.push(fallback(clause, `annotator failed: ${failure}`, generatedAt));
      else if (index >= proposals.length)
        out.push(fallback(clause, 'annotator returned no proposal', generatedAt));
      else out.push(applyProposal(clause, proposals[index], generatedAt));
    });
  }
  return out;
}
