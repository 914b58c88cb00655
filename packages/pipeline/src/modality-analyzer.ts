import type { ModalityType, Premise } from '@cae/core';
import type { ClauseView } from './clause-view';
import {
  HEDGE_QUANTIFIERS,
  MODAL_ADJECTIVES,
  MODAL_ADJUNCTS,
  MODAL_CONJUNCTIONS,
  MODAL_EXPRESSIONS,
  MODAL_NOUNS,
  MODAL_OPERATORS,
  MODAL_VERBS,
  type ModalEntry,
  PASSIVE_PROJECTION,
} from './lexicons/modal-lexicon';

/** Modality and polarity of a clause, with the cues that decided them. */
export interface ModalityDecision {
  readonly weight: number;
  readonly type: ModalityType | null;
  readonly polarity: 'positive' | 'negative';
  readonly cues: string[];
  readonly rule: string;
  readonly premises: Premise[];
}

interface Cue {
  readonly word: string;
  readonly entry: ModalEntry;
}

const round = (value: number): number => Math.round(value * 100) / 100;
const BE_FORMS = new Set(['be', 'been']);
const PROJECTED_SUBJECTS = new Set(['i', 'you', 'he', 'she', 'we', 'they', 'it', 'there', 'this']);

/** "is considered", "was widely believed": a passive participle, attributing the view to no one named. */
function afterBe(view: ClauseView, index: number): boolean {
  let before = index - 1;
  while (before > 0 && view.pos[before] === 'ADV') before -= 1;
  return BE_FORMS.has(view.lemma[before] ?? '');
}

/**
 * A verb of MODAL_VERBS realises modality only as an interpersonal metaphor, i.e. when it projects
 * ("we suggest that", "I doubt he came", "as the data suggest") or takes a to-infinitive; with a
 * nominal object ("We doubt his story", "The line indicates the border") it is an ordinary process.
 */
function projects(view: ClauseView, index: number): boolean {
  let next = index + 1;
  while (view.pos[next] === 'ADV') next += 1;
  const word = view.lower[next];
  if (word === undefined || view.pos[next] === 'PUNCT') return true;
  if (word === 'that' || word === 'to') return true;
  const after = view.pos[next + 1];
  return PROJECTED_SUBJECTS.has(word) && (after === 'AUX' || after === 'VERB');
}

function cueAt(view: ClauseView, index: number): ModalEntry | undefined {
  const word = view.lower[index] ?? '';
  const lemma = view.lemma[index] ?? '';
  const tag = view.pos[index];
  if (tag === 'AUX') {
    const operator = MODAL_OPERATORS[lemma] ?? MODAL_OPERATORS[word];
    if (operator !== undefined) return operator;
  }
  if (view.lower[index + 1] === 'to') {
    const expression = MODAL_EXPRESSIONS[word] ?? MODAL_EXPRESSIONS[lemma];
    if (expression !== undefined && (tag === 'VERB' || tag === 'ADJ' || tag === 'AUX')) return expression;
  }
  if (tag === 'ADV') return MODAL_ADJUNCTS[word];
  if (tag === 'DET' || tag === 'PRON') return HEDGE_QUANTIFIERS[word];
  if (tag === 'ADJ' && word === 'certain') {
    const next = view.pos[index + 1];
    if (next === 'NOUN' || next === 'ADJ' || next === 'PROPN') return HEDGE_QUANTIFIERS[word];
  }
  if (tag === 'ADJ' || tag === 'VERB') {
    // "most" is a vague quantifier before a noun ("most critics"), a superlative before an adjective.
    const quantifier =
      tag === 'ADJ' &&
      (word !== 'most' || (view.pos[index + 1] === 'NOUN' && view.lower[index - 1] !== 'the'));
    const adjective = MODAL_ADJECTIVES[word] ?? (quantifier ? HEDGE_QUANTIFIERS[word] : undefined);
    if (adjective !== undefined) return adjective;
  }
  if (tag === 'VERB') {
    const passive = PASSIVE_PROJECTION[word];
    if (passive !== undefined && afterBe(view, index) && projects(view, index)) return passive;
    const verb = MODAL_VERBS[lemma];
    return verb !== undefined && (projects(view, index) || afterBe(view, index)) ? verb : undefined;
  }
  if (tag === 'NOUN') {
    // "a number of critics": vague quantity, like "several".
    if (lemma === 'number' && view.lower[index - 1] === 'a' && view.lower[index + 1] === 'of')
      return HEDGE_QUANTIFIERS.several;
    return MODAL_NOUNS[lemma];
  }
  if (tag === 'SCONJ') return MODAL_CONJUNCTIONS[word];
  return undefined;
}

/**
 * Modality (ANNOTATION.md, "Modality"): the strongest cue sets the value; a low-value hedge combined with
 * other cues lowers it ("might possibly" < "might"); negation keeps the value and sets negative polarity.
 */
export function analyzeModality(view: ClauseView): ModalityDecision {
  const cues: Cue[] = [];
  let negative = false;
  const { tokens } = view.syntactic;
  for (let index = 0; index < tokens.length; index += 1) {
    if (tokens[index]?.isNegation) negative = true;
    const entry = cueAt(view, index);
    if (entry !== undefined) cues.push({ word: view.lower[index] ?? '', entry });
  }
  const polarity = negative ? 'negative' : 'positive';
  const premises: Premise[] = [{ label: 'polarity_marker', value: negative ? 'present' : 'absent' }];
  if (cues.length === 0) {
    premises.push({ label: 'modal_cues', value: 'none' });
    return { weight: 0, type: null, polarity, cues: [], rule: 'MODALITY.NONE', premises };
  }
  let strongest = cues[0] as Cue;
  let weakest = strongest;
  for (const cue of cues) {
    if (cue.entry.weight > strongest.entry.weight) strongest = cue;
    if (cue.entry.weight < weakest.entry.weight) weakest = cue;
  }
  let weight = strongest.entry.weight;
  let rule = `MODALITY.${strongest.entry.kind.toUpperCase()}`;
  if (cues.length > 1 && weakest.entry.weight < 0.5) {
    weight = Math.max(0.1, weakest.entry.weight - 0.05 * (cues.length - 1));
    rule = 'MODALITY.HEDGED';
  } else if (cues.length > 1) {
    weight = Math.min(1, weight + 0.03 * (cues.length - 1));
    rule = 'MODALITY.REINFORCED';
  }
  premises.push({ label: 'modal_cues', value: cues.map((cue) => cue.word).join(', ') });
  const primary = cues.find((cue) => cue.entry.kind === 'operator') ?? strongest;
  return {
    weight: round(weight),
    type: primary.entry.type,
    polarity,
    cues: cues.map((cue) => cue.word),
    rule,
    premises,
  };
}
