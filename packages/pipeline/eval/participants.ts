/**
 * Participant measure against gold trees (UD EWT, GUM): for each sentence's main clause (the clause of
 * ours holding the gold root), the head of every participant and circumstance we output is compared
 * with the gold root's nsubj / obj / iobj / obl dependents. Strict: an element's head is the one gold
 * word of its span whose gold head lies outside the span; a span with two such words (not one
 * constituent) has no head and matches nothing. Called from eval/run.ts (`--only participants`).
 */
import type { AnnotatedClause } from '@cae/core';
import type { Pipeline } from '../src/pipeline';
import type { UdSentence, UdToken } from './ud-conllu';

/** Gold relations measured, each with the relations (subtypes included) it stands for. */
const MEASURED: ReadonlyArray<readonly [string, RegExp]> = [
  ['nsubj', /^nsubj(:|$)/],
  ['obj', /^obj(:|$)/],
  ['iobj', /^iobj(:|$)/],
  ['obl', /^obl(:|$)/],
];
/** Dependents of the predicate a participant may rightly stand for (Subject, complements, Attribute). */
const PARTICIPANT_RELATION = /^(nsubj|csubj|expl|obj|iobj|obl|xcomp|ccomp)(:|$)/;
/** Dependents of the predicate a circumstance may rightly stand for. */
const CIRCUMSTANCE_RELATION = /^(obl|advmod|advcl|nmod:tmod|nmod:npmod)(:|$)/;

export interface ParticipantFigures {
  readonly sentences: number;
  /** Gold dependents of each measured relation, and how many an element of ours has as its head. */
  readonly recall: ReadonlyMap<string, { gold: number; found: number; asParticipant: number }>;
  readonly participants: { output: number; right: number; noHead: number };
  readonly circumstances: { output: number; right: number; noHead: number };
}

interface Element {
  readonly kind: 'participant' | 'circumstance';
  readonly start: number;
  readonly end: number;
}

/** The gold head word of a character span, or undefined when the span is not one constituent. */
function spanHead(tokens: readonly UdToken[], start: number, end: number): UdToken | undefined {
  const inside = tokens.filter((token) => token.start >= start && token.end <= end && token.upos !== 'PUNCT');
  const ids = new Set(inside.map((token) => token.id));
  const heads = inside.filter((token) => !ids.has(token.head));
  return heads.length === 1 ? heads[0] : undefined;
}

function elementsOf(clause: AnnotatedClause, offset: number): Element[] {
  const tokens = clause.syntactic.tokens;
  const span = (kind: Element['kind'], start: number, end: number): Element | undefined => {
    const first = tokens[start];
    const last = tokens[end - 1];
    if (first === undefined || last === undefined) return undefined;
    return { kind, start: first.start - offset, end: last.end - offset };
  };
  const out: Element[] = [];
  for (const participant of clause.ideational.participants) {
    const element = span('participant', participant.start, participant.end);
    if (element) out.push(element);
  }
  for (const circumstance of clause.ideational.circumstances) {
    const element = span('circumstance', circumstance.start, circumstance.end);
    if (element) out.push(element);
  }
  return out;
}

/** Runs the measure on gold sentences. */
export function measureParticipants(
  pipeline: Pipeline,
  sentences: readonly UdSentence[],
): ParticipantFigures {
  const recall = new Map(MEASURED.map(([name]) => [name, { gold: 0, found: 0, asParticipant: 0 }]));
  const participants = { output: 0, right: 0, noHead: 0 };
  const circumstances = { output: 0, right: 0, noHead: 0 };
  let measured = 0;
  for (const sentence of sentences) {
    const root = sentence.tokens.find((token) => token.head === 0);
    if (root === undefined) continue;
    const clauses = pipeline.compile(sentence.text, { documentId: 'eval' });
    const clause = clauses.find((candidate) =>
      candidate.syntactic.tokens.some((token) => token.start <= root.start && root.start < token.end),
    );
    if (clause === undefined) continue;
    measured += 1;
    const elements = elementsOf(clause, 0).map((element) => ({
      ...element,
      head: spanHead(sentence.tokens, element.start, element.end),
    }));
    const dependents = sentence.tokens.filter((token) => token.head === root.id);
    const copular = dependents.some((token) => token.deprel === 'cop');
    for (const [name, pattern] of MEASURED) {
      const counts = recall.get(name)!;
      for (const dependent of dependents) {
        if (!pattern.test(dependent.deprel)) continue;
        counts.gold += 1;
        const found = elements.find((element) => element.head?.id === dependent.id);
        if (found === undefined) continue;
        counts.found += 1;
        if (found.kind === 'participant') counts.asParticipant += 1;
      }
    }
    for (const element of elements) {
      const tally = element.kind === 'participant' ? participants : circumstances;
      tally.output += 1;
      const head = element.head;
      if (head === undefined) {
        tally.noHead += 1;
        continue;
      }
      const right =
        element.kind === 'participant'
          ? (head.head === root.id && PARTICIPANT_RELATION.test(head.deprel)) ||
            (head.id === root.id && copular)
          : head.head === root.id && CIRCUMSTANCE_RELATION.test(head.deprel);
      if (right) tally.right += 1;
    }
  }
  return { sentences: measured, recall, participants, circumstances };
}

const pct = (ok: number, total: number) => (total === 0 ? 'n/a' : `${((ok / total) * 100).toFixed(2)}%`);

/** Adds the measure's rows for one data set. */
export function reportParticipants(
  pipeline: Pipeline,
  sentences: readonly UdSentence[],
  name: string,
  row: (...cells: string[]) => void,
): ParticipantFigures {
  const figures = measureParticipants(pipeline, sentences);
  const data = `${name} (${figures.sentences} main clauses)`;
  for (const [relation, counts] of figures.recall) {
    row(
      `participants: gold ${relation} of the main predicate found (head exact; as participant)`,
      data,
      `${pct(counts.found, counts.gold)} (${counts.found} of ${counts.gold}; as participant ${counts.asParticipant})`,
      'n/a',
      '-',
    );
  }
  const { participants, circumstances } = figures;
  row(
    'participants: precision (head is a nsubj/csubj/expl/obj/iobj/obl/xcomp/ccomp dependent, or the copular predicate)',
    data,
    `${pct(participants.right, participants.output)} (${participants.right} of ${participants.output}; ${participants.noHead} spans not one constituent)`,
    'n/a',
    '-',
  );
  row(
    'circumstances: precision (head is an obl/advmod/advcl/nmod:tmod dependent of the predicate)',
    data,
    `${pct(circumstances.right, circumstances.output)} (${circumstances.right} of ${circumstances.output}; ${circumstances.noHead} spans not one constituent)`,
    'n/a',
    '-',
  );
  return figures;
}
