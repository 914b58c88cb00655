import type { Mood, Premise } from '@cae/core';
import type { ClauseView } from './clause-view';
import {
  FIRST_PERSON_FORMS,
  FORMAL_WORDS,
  HEDGING_MODALS,
  INFORMAL_WORDS,
  NOMINALISATION_SUFFIXES,
  POLITENESS_WORDS,
  SECOND_PERSON_FORMS,
  TENOR_BASE,
  TENOR_FEATURES,
  type TenorFeatureName,
  THIRD_PERSON_FORMS,
} from './lexicons/tenor-lexicon';
import { BE_FORMS, GET_FORMS } from './lexicons/word-classes';

/** Tenor with the features that made it up. */
export interface TenorDecision {
  readonly tenor: number;
  readonly features: Premise[];
}

// The word lists scoreTenor reads for every word, as one look-up: a bit per list.
const IS_FIRST = 1;
const IS_SECOND = 2;
const IS_THIRD = 4;
const IS_INFORMAL = 8;
const IS_FORMAL = 16;
const IS_POLITE = 32;
const WORD_FLAGS = new Map<string, number>();
for (const [words, flag] of [
  [FIRST_PERSON_FORMS, IS_FIRST],
  [SECOND_PERSON_FORMS, IS_SECOND],
  [THIRD_PERSON_FORMS, IS_THIRD],
  [INFORMAL_WORDS, IS_INFORMAL],
  [FORMAL_WORDS, IS_FORMAL],
  [POLITENESS_WORDS, IS_POLITE],
] as const)
  for (const word of words) WORD_FLAGS.set(word, (WORD_FLAGS.get(word) ?? 0) | flag);

/**
 * True when the verbal group is passive: a form of be followed by a participle head, or a form of get the parse
 * makes the head's `aux:pass` (VOICE.GET_PASSIVE: "The meeting got postponed"). A participle spelled as its base
 * form ("are **set** forth", "was **put** aside", "is **cut**") is passive when the parse makes the be-form its
 * `aux:pass`.
 */
export function isPassive(view: ClauseView, disabledRules?: ReadonlySet<string>): boolean {
  const group = view.verbalGroup;
  if (group === undefined || view.head < 0) return false;
  const head = view.lower[view.head] ?? '';
  if (view.pos[view.head] !== 'VERB' || head.endsWith('ing')) return false;
  const baseForm = head === view.lemma[view.head];
  // An -ed/-en form the lemmatiser did not know is VOICE.BE_PARTICIPLE's ("must be anonymised").
  if (baseForm && /(?:ed|en)$/.test(head)) return false;
  const tokens = view.syntactic.tokens;
  const headStart = tokens[view.head]?.start;
  for (let index = group.start; index < view.head; index += 1) {
    const word = view.lower[index] ?? '';
    const token = tokens[index];
    const treePassive = token?.deprel === 'aux:pass' && token.headStart === headStart;
    // VOICE.GET_PASSIVE: "The meeting got postponed", only where the parse makes "get" the passive auxiliary.
    if (GET_FORMS.has(word) && treePassive && disabledRules?.has('VOICE.GET_PASSIVE') !== true) return true;
    if (!BE_FORMS.has(word)) continue;
    if (!baseForm || treePassive) return true;
  }
  return false;
}

// Features by number, so one scan counts into a small array instead of a Map.
const NAMES = Object.keys(TENOR_FEATURES) as TenorFeatureName[];
const FEATURE = NAMES.map((name) => TENOR_FEATURES[name]);
const F = Object.fromEntries(NAMES.map((name, index) => [name, index])) as Record<TenorFeatureName, number>;
// Premises repeat across clauses ("tenor.third_person" = "1 x 0.04"): one frozen object per feature and count.
const PREMISES: Array<Array<Premise | undefined>> = NAMES.map(() => []);

function premiseOf(feature: number, used: number): Premise {
  const row = PREMISES[feature] as Array<Premise | undefined>;
  let premise = row[used];
  if (premise === undefined) {
    const name = NAMES[feature] as TenorFeatureName;
    premise = Object.freeze({ label: `tenor.${name}`, value: `${used} x ${TENOR_FEATURES[name].weight}` });
    row[used] = premise;
  }
  return premise;
}

// Scratch for one call: counts per feature and the order in which features were first seen.
const counts = new Int32Array(NAMES.length);
const order = new Int32Array(NAMES.length);
let seen = 0;

function add(feature: number): void {
  if (counts[feature] === 0) {
    order[seen] = feature;
    seen += 1;
  }
  counts[feature] = (counts[feature] as number) + 1;
}

function isNominalisation(word: string): boolean {
  for (let index = 0; index < NOMINALISATION_SUFFIXES.length; index += 1)
    if (word.endsWith(NOMINALISATION_SUFFIXES[index] as string)) return true;
  return false;
}

/** Every prefix (the empty one and the whole word too) of the words of INFORMAL_WORDS. */
export const INFORMAL_PREFIXES: ReadonlySet<string> = new Set(
  [...INFORMAL_WORDS].flatMap((word) =>
    Array.from({ length: word.length + 1 }, (_, end) => word.slice(0, end)),
  ),
);

/**
 * An informal word that pass 1 splits as UD English does ("gon na", "got ta", "du n no"), starting at `index`:
 * its parts touch, and together they are one of INFORMAL_WORDS.
 */
function writtenAsOne(view: ClauseView, index: number): boolean {
  const { tokens } = view.syntactic;
  let joined = view.lower[index] ?? '';
  // Any word joined into one of INFORMAL_WORDS starts it: most words start none, and their touching
  // punctuation ("word,") is not concatenated and looked up.
  if (!INFORMAL_PREFIXES.has(joined)) return false;
  for (let next = index + 1; next < index + 3 && next < tokens.length; next += 1) {
    if (tokens[next]?.start !== tokens[next - 1]?.end) return false;
    joined += view.lower[next] ?? '';
    if (INFORMAL_WORDS.has(joined)) return true;
  }
  return false;
}

/**
 * Tenor (ANNOTATION.md, "Tenor"): a neutral base plus the weight of each feature found
 * (capped per feature), clamped to 0..1. Every feature that counted is returned by name.
 */
export function scoreTenor(view: ClauseView, mood: Mood, passive: boolean): TenorDecision {
  counts.fill(0);
  seen = 0;
  const { lower, pos } = view;
  let letters = 0;
  let words = 0;
  let thirdOnly = true;
  let personal = false;
  let nominal = false;
  let youOrI = false;
  for (let index = 0; index < lower.length; index += 1) {
    const word = lower[index] ?? '';
    const tag = pos[index];
    if (word === 'you' || word === 'i') youOrI = true;
    if (tag === 'PUNCT') {
      if (word.includes('!')) add(F.exclamation);
      continue;
    }
    if (tag === 'NOUN' || tag === 'PROPN') nominal = true;
    words += 1;
    letters += word.length;
    if (word.startsWith("'") || word.startsWith('’') || word === "n't" || word === 'n’t') add(F.contraction);
    const flags = WORD_FLAGS.get(word);
    if (flags !== undefined) {
      if ((flags & IS_FIRST) !== 0) {
        add(F.first_person);
        thirdOnly = false;
      } else if ((flags & IS_SECOND) !== 0) {
        add(F.second_person);
        thirdOnly = false;
      } else if ((flags & IS_THIRD) !== 0) personal = true;
    }
    if ((flags !== undefined && (flags & IS_INFORMAL) !== 0) || writtenAsOne(view, index))
      add(F.informal_vocabulary);
    if (flags !== undefined && (flags & IS_FORMAL) !== 0) add(F.formal_vocabulary);
    if (flags !== undefined && (flags & IS_POLITE) !== 0) add(F.politeness_marker);
    if (tag === 'INTJ') add(F.interjection);
    if (tag === 'NOUN' && word.length > 6 && isNominalisation(word)) add(F.nominalisation);
  }
  if (thirdOnly && (personal || nominal)) add(F.third_person);
  if (passive) add(F.passive_voice);
  if (mood === 'imperative' && counts[F.politeness_marker] === 0) add(F.bare_imperative);
  if (mood === 'interrogative' && view.finite >= 0 && HEDGING_MODALS.has(lower[view.finite] ?? '')) {
    if (youOrI) add(F.hedged_request);
  }
  if (words > 0 && letters / words > 6) add(F.long_words);
  let tenor = TENOR_BASE;
  const features: Premise[] = new Array(seen);
  for (let at = 0; at < seen; at += 1) {
    const index = order[at] as number;
    const feature = FEATURE[index] as (typeof FEATURE)[number];
    const used = Math.min(counts[index] as number, feature.maxCount);
    tenor += feature.weight * used;
    features[at] = premiseOf(index, used);
  }
  return { tenor: Math.round(Math.min(1, Math.max(0, tenor)) * 100) / 100, features };
}
