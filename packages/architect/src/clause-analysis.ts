import type { AnnotatedClause, Mood, ProcessType } from '@cae/core';
import type { Pipeline } from '@cae/pipeline';

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
  return clauses.map((clause) => ({
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
  }));
}

/**
 * The analyser of the local architect: @cae/pipeline, loaded on first use (a gateway that never
 * compiles an agent locally does not load the language model).
 */
export function createPipelineAnalyser(): ClauseAnalyser {
  let pipeline: Promise<Pipeline> | undefined;
  return async (text) => {
    pipeline ??= import('@cae/pipeline').then(({ createPipeline }) => createPipeline());
    const clauses = await (await pipeline).compile(text, { documentId: 'architect-prompt' });
    return featuresFromClauses(clauses);
  };
}
