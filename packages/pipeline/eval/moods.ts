/** Sentence moods as the evaluation reads them (shared by run.ts and ablation.ts). */
import type { AnnotatedClause } from '@cae/core';
import type { UdSentence } from './ud-conllu';

export type Coarse = 'declarative' | 'interrogative' | 'imperative' | 'other';

type Compiled = readonly AnnotatedClause[];

/**
 * Mood of one gold sentence compiled on its own: the mood of its first independent clause, or of the
 * clause its final question mark closes. When our
 * splitter cut the gold sentence into several sentences, the last one carries the gold sentence's final
 * punctuation and so its speech function: a question there makes the whole gold sentence a question.
 */
export function sentenceMood(clauses: Compiled): string {
  const main = clauses.find((clause) => clause.syntactic.dependency === 'independent') ?? clauses[0];
  // A question mark closes only its own clause ("I was at home, and what were you doing?"): a sentence
  // that ends with one asks when the clause it closes, its last clause in its own right (independent or
  // paratactic), asks. A quotation (relation `quote`) is projected by its reporting clause, not a clause
  // in its own right: in 'She says, “Is it late?”' the quotation asks and the sentence states (the
  // annotation guide's reading, and GUM's and UD's: a sentence ending in a closing mark is no question).
  const asks = /\?["'”’)\]]*$/.test(clauses[clauses.length - 1]?.text.trim() ?? '');
  const closing = clauses.findLast(
    (clause) =>
      clause.syntactic.sentenceIndex === main?.syntactic.sentenceIndex &&
      clause.syntactic.relation !== 'quote' &&
      (clause.syntactic.dependency === 'independent' || clause.syntactic.dependency === 'paratactic'),
  );
  if (asks && closing !== undefined && closing !== main && closing.interpersonal.mood === 'interrogative')
    return 'interrogative';
  const last = clauses[clauses.length - 1];
  if (
    main !== undefined &&
    last !== undefined &&
    last.syntactic.sentenceIndex !== main.syntactic.sentenceIndex
  ) {
    const final = clauses.find(
      (clause) =>
        clause.syntactic.sentenceIndex === last.syntactic.sentenceIndex &&
        clause.syntactic.dependency === 'independent',
    );
    if (final?.interpersonal.mood === 'interrogative') return 'interrogative';
  }
  return main?.interpersonal.mood ?? 'fragment';
}
export function coarse(mood: string): Coarse {
  return mood === 'interrogative' || mood === 'imperative' ? mood : 'declarative';
}
/**
 * Our main-clause mood in four ways, without mapping a wrong label onto a right one: fragment and minor
 * are non-clausal; exclamative counts as declarative (Subject before Finite); indicative, which the
 * guide reserves for dependent clauses, stays its own (always wrong) label.
 */
export function fourWay(mood: string): string {
  if (mood === 'fragment' || mood === 'minor') return 'non-clausal';
  if (mood === 'exclamative') return 'declarative';
  return mood;
}
/**
 * Gold four-way label of a UD sentence from its tree: imperative (Mood=Imp on the root), interrogative
 * (a final "?"), declarative when the root has a Subject (nsubj, csubj, expl and their subtypes) and a
 * finite verb (the root itself or one of its aux/cop dependents has VerbForm=Fin), else non-clausal.
 */
export function goldFourWay(sentence: UdSentence): string {
  const root = sentence.tokens.find((token) => token.head === 0);
  if (root === undefined) return 'non-clausal';
  if (root.feats.includes('Mood=Imp')) return 'imperative';
  if (sentence.text.trim().endsWith('?')) return 'interrogative';
  const dependents = sentence.tokens.filter((token) => token.head === root.id);
  const subject = dependents.some((token) => /^(nsubj|csubj|expl)(:|$)/.test(token.deprel));
  const finite =
    root.feats.includes('VerbForm=Fin') ||
    dependents.some((token) => /^(aux|cop)(:|$)/.test(token.deprel) && token.feats.includes('VerbForm=Fin'));
  return subject && finite ? 'declarative' : 'non-clausal';
}
