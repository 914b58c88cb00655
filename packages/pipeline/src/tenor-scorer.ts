import type { Mood, Premise } from '@cae/core';
import type { ClauseView } from './clause-view';
import {
  FORMAL_WORDS,
  INFORMAL_WORDS,
  NOMINALISATION_SUFFIXES,
  POLITENESS_WORDS,
  TENOR_BASE,
  TENOR_FEATURES,
  type TenorFeatureName,
} from './lexicons/tenor-lexicon';

/** Tenor with the features that made it up. */
export interface TenorDecision {
  readonly tenor: number;
  readonly features: Premise[];
}

const FIRST_PERSON = new Set(['i', 'we', 'me', 'us', 'my', 'our', 'mine', 'ours', 'myself', 'ourselves']);
const SECOND_PERSON = new Set(['you', 'your', 'yours', 'yourself', 'yourselves', 'u', 'ya']);
const THIRD_PERSON = new Set(['he', 'she', 'it', 'they', 'him', 'her', 'them', 'his', 'its', 'their']);
const HEDGING_MODALS = new Set(['would', 'could', 'might', 'may']);
const BE_FORMS = new Set(['be', 'is', 'are', 'was', 'were', 'been', 'being', "'s", "'re", 'am']);

/** True when the verbal group is passive: a form of be (or get) followed by a participle head. */
export function isPassive(view: ClauseView): boolean {
  const group = view.verbalGroup;
  if (group === undefined || view.head < 0) return false;
  const head = view.lower[view.head] ?? '';
  if (view.pos[view.head] !== 'VERB' || head === view.lemma[view.head] || head.endsWith('ing')) return false;
  for (let index = group.start; index < view.head; index += 1)
    if (BE_FORMS.has(view.lower[index] ?? '')) return true;
  return false;
}

/**
 * Tenor (ANNOTATION.md, "Tenor"): a neutral base plus the weight of each feature found
 * (capped per feature), clamped to 0..1. Every feature that counted is returned by name.
 */
export function scoreTenor(view: ClauseView, mood: Mood, passive: boolean): TenorDecision {
  const counts = new Map<TenorFeatureName, number>();
  const add = (name: TenorFeatureName, count = 1): void => {
    if (count > 0) counts.set(name, (counts.get(name) ?? 0) + count);
  };
  let letters = 0;
  let words = 0;
  let thirdOnly = true;
  let personal = false;
  for (let index = 0; index < view.lower.length; index += 1) {
    const word = view.lower[index] ?? '';
    const tag = view.pos[index];
    if (tag === 'PUNCT') {
      if (word.includes('!')) add('exclamation');
      continue;
    }
    words += 1;
    letters += word.length;
    if (word.startsWith("'") || word.startsWith('’') || word === "n't" || word === 'n’t') add('contraction');
    if (FIRST_PERSON.has(word)) {
      add('first_person');
      thirdOnly = false;
    } else if (SECOND_PERSON.has(word)) {
      add('second_person');
      thirdOnly = false;
    } else if (THIRD_PERSON.has(word)) personal = true;
    if (INFORMAL_WORDS.has(word)) add('informal_vocabulary');
    if (FORMAL_WORDS.has(word)) add('formal_vocabulary');
    if (POLITENESS_WORDS.has(word)) add('politeness_marker');
    if (tag === 'INTJ') add('interjection');
    if (tag === 'NOUN' && word.length > 6 && NOMINALISATION_SUFFIXES.some((suffix) => word.endsWith(suffix)))
      add('nominalisation');
  }
  if (thirdOnly && (personal || view.pos.some((tag) => tag === 'NOUN' || tag === 'PROPN')))
    add('third_person');
  if (passive) add('passive_voice');
  if (mood === 'imperative' && !counts.has('politeness_marker')) add('bare_imperative');
  if (mood === 'interrogative' && view.finite >= 0 && HEDGING_MODALS.has(view.lower[view.finite] ?? '')) {
    if (view.lower.some((word) => word === 'you' || word === 'i')) add('hedged_request');
  }
  if (words > 0 && letters / words > 6) add('long_words');
  let tenor = TENOR_BASE;
  const features: Premise[] = [];
  for (const [name, count] of counts) {
    const feature = TENOR_FEATURES[name];
    const used = Math.min(count, feature.maxCount);
    tenor += feature.weight * used;
    features.push({ label: `tenor.${name}`, value: `${used} x ${feature.weight}` });
  }
  return { tenor: Math.round(Math.min(1, Math.max(0, tenor)) * 100) / 100, features };
}
