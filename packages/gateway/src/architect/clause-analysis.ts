import type { AnnotatedClause, Mood, ProcessType } from '@cae/core';
import { IMPERATIVE_OPENERS, MODAL_WEIGHTS, PROCESS_VERBS } from './architect-lexicon';

/** What the local architect needs to know about one clause of the prompt. */
export interface ClauseFeature {
  text: string;
  /** The whole sentence the clause belongs to (rules read better with their dependent clauses). */
  sentence: string;
  mood: Mood;
  modalityWeight: number;
  modalityType: string | null;
  polarity: 'positive' | 'negative';
  /** 0 close and informal, 1 distant and formal. */
  tenor: number;
  processType: ProcessType;
  verbLemma: string | null;
  participants: { role: string; text: string }[];
}

/** Turns prompt text into clause features. */
export type ClauseAnalyser = (text: string) => Promise<ClauseFeature[]>;

/** Reads the features off clauses annotated by @cae/pipeline. */
export function featuresFromClauses(clauses: readonly AnnotatedClause[]): ClauseFeature[] {
  const sentences = new Map<number, string[]>();
  for (const clause of clauses) {
    const index = clause.syntactic?.sentenceIndex ?? 0;
    sentences.set(index, [...(sentences.get(index) ?? []), clause.text.trim()]);
  }
  return clauses.map((clause) =>
    repairVerbless({
      text: clause.text,
      sentence: (sentences.get(clause.syntactic?.sentenceIndex ?? 0) ?? [clause.text]).join(' '),
      mood: clause.interpersonal.mood,
      modalityWeight: clause.interpersonal.modalityWeight,
      modalityType: clause.interpersonal.modalityType ?? null,
      polarity: clause.interpersonal.polarity ?? 'positive',
      tenor: clause.interpersonal.tenor,
      processType: clause.ideational.processType,
      verbLemma: clause.ideational.rawTransitivity?.verbLemma ?? null,
      participants: clause.ideational.participants.map((participant) => ({
        role: participant.role,
        text: participant.text,
      })),
    }),
  );
}

/**
 * A clause the tagger read as verbless ("Book flights and hotels.", with "Book" taken for a noun)
 * is checked against the verb lexicon: when it opens with a known process verb it is an imperative.
 */
function repairVerbless(feature: ClauseFeature): ClauseFeature {
  if (feature.verbLemma !== null || feature.mood === 'interrogative') return feature;
  const rules = analyseWithRules(feature.text)[0];
  if (rules?.mood !== 'imperative') return feature;
  return {
    ...feature,
    mood: 'imperative',
    processType: rules.processType,
    verbLemma: rules.verbLemma,
    participants: rules.participants,
  };
}

interface PipelineModule {
  createPipeline?: (options?: unknown) => {
    compile(text: string, options: { documentId: string }): Promise<AnnotatedClause[]> | AnnotatedClause[];
  };
}

/**
 * The default analyser: @cae/pipeline, loaded on first use. When the pipeline cannot be loaded or
 * fails on a text, the small rule-based analysis below answers, so the architect always has clauses.
 */
export function createPipelineAnalyser(): ClauseAnalyser {
  let pipeline: Promise<ReturnType<NonNullable<PipelineModule['createPipeline']>> | null> | undefined;
  const load = () => {
    pipeline ??= import('@cae/pipeline')
      .then((module) => {
        const factory = (module as PipelineModule).createPipeline;
        return factory ? factory() : null;
      })
      .catch(() => null);
    return pipeline;
  };
  return async (text) => {
    const loaded = await load();
    if (loaded) {
      try {
        const clauses = await loaded.compile(text, { documentId: 'architect-prompt' });
        if (clauses.length > 0) return featuresFromClauses(clauses);
      } catch {
        // Fall through to the rule-based analysis: the architect must answer for any prompt.
      }
    }
    return analyseWithRules(text);
  };
}

const verbProcess = new Map<string, ProcessType>(
  Object.entries(PROCESS_VERBS).flatMap(([type, verbs]) =>
    verbs.map((verb) => [verb, type as ProcessType] as const),
  ),
);
const WH_WORDS =
  /^(what|who|whom|whose|which|when|where|why|how|is|are|can|could|do|does|did|will|would|should)\b/i;
const PREPOSITION = /^(to|for|with|in|on|at|from|by|about|into|when|if|and|or|so|because|that)$/i;

/** A small rule-based clause analysis: sentences, mood, modality, process verb and goal. */
export function analyseWithRules(text: string): ClauseFeature[] {
  const sentences = text
    .split(/(?<=[.!?;])\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
  return sentences.map((sentence) => {
    const words = sentence
      .toLowerCase()
      .replace(/[^a-z0-9'\s-]/g, ' ')
      .split(/\s+/)
      .filter(Boolean);
    const lower = ` ${words.join(' ')} `;
    let modalityWeight = 0;
    let modalityType: string | null = null;
    for (const [expression, modality] of Object.entries(MODAL_WEIGHTS)) {
      if (lower.includes(` ${expression} `) && modality.weight > modalityWeight) {
        modalityWeight = modality.weight;
        modalityType = modality.type;
      }
    }
    const negative = /\b(not|never|no|don't|do not|cannot|can't|won't|n't)\b/.test(lower);
    const opener = words.findIndex((word) => !IMPERATIVE_OPENERS.includes(word) && word !== 'not');
    const first = words[opener] ?? '';
    const verbIndex = words.findIndex(
      (word) => verbProcess.has(word) || verbProcess.has(word.replace(/s$/, '')),
    );
    const verb = verbIndex >= 0 ? words[verbIndex]! : null;
    const verbLemma = verb && !verbProcess.has(verb) ? verb.replace(/s$/, '') : verb;
    const mood: Mood =
      sentence.endsWith('?') || WH_WORDS.test(sentence)
        ? 'interrogative'
        : verbProcess.has(first) && verbProcess.get(first) !== 'relational'
          ? 'imperative'
          : 'declarative';
    const goalWords: string[] = [];
    if (verbIndex >= 0) {
      for (const word of words.slice(verbIndex + 1)) {
        if (PREPOSITION.test(word) && goalWords.length > 0) break;
        if (!PREPOSITION.test(word)) goalWords.push(word);
        if (goalWords.length >= 4) break;
      }
    }
    const informal = /\b(hey|hi|gonna|wanna|cool|awesome|lol|yeah)\b|!|'/.test(lower) ? 1 : 0;
    const formal = /\b(kindly|shall|ensure|accordingly|furthermore|regarding|pursuant)\b/.test(lower) ? 1 : 0;
    return {
      text: sentence,
      sentence,
      mood,
      modalityWeight,
      modalityType,
      polarity: negative ? 'negative' : 'positive',
      tenor: Math.min(1, Math.max(0, 0.5 + 0.25 * formal - 0.25 * informal)),
      processType: verbLemma ? (verbProcess.get(verbLemma) ?? 'material') : 'relational',
      verbLemma,
      participants: goalWords.length > 0 ? [{ role: 'goal', text: goalWords.join(' ') }] : [],
    };
  });
}
