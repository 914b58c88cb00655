import type { CircumstanceType } from '@cae/core';
import { lexiconTable } from './lexicon-table';

/**
 * Nouns that make a phrase of place a circumstance of another type (CIRCUMSTANCE.NOUN_TYPE): "at its own
 * **expense**", "at Tenant's sole **cost**" manner/means; "in its sole **discretion**", "at its **option**"
 * manner/quality; "at the **request** of the Buyer" cause/reason. Read on the phrase's last word, after "at",
 * "in", "on" or "upon" ("proceeds **to judgment**" stays a place); "on its **behalf**" cause/behalf.
 */
export const CIRCUMSTANCE_NOUNS: ReadonlyMap<string, readonly [CircumstanceType, string | null]> = new Map<
  string,
  readonly [CircumstanceType, string | null]
>([
  ...['expense', 'expenses', 'cost', 'costs', 'charge', 'risk'].map(
    (noun) => [noun, ['manner', 'means']] as const,
  ),
  ...['discretion', 'option', 'election', 'judgment', 'judgement', 'faith'].map(
    (noun) => [noun, ['manner', 'quality']] as const,
  ),
  // "in writing" (3,121 times in the 510 CUAD contracts), "in a writing signed by both parties": the medium.
  ['writing', ['manner', 'means']] as const,
  // "on a monthly basis", "on a non-exclusive basis".
  ['basis', ['manner', 'quality']] as const,
  // "payable in two (2) equal installments".
  ...['installments', 'instalments'].map((noun) => [noun, ['manner', 'means']] as const),
  ...['request', 'direction', 'instruction', 'instructions', 'behest', 'invitation'].map(
    (noun) => [noun, ['cause', 'reason']] as const,
  ),
  // "on its behalf", "on the Supplier's behalf" ("on behalf of" is a preposition of several words).
  ['behalf', ['cause', 'behalf']] as const,
]);
/**
 * Fixed phrases of "in" + a bare noun, typed only as the whole phrase ("paid **in full**", "terminated in whole or **in
 * part**", "payable **in cash**", "appear **in person**", "written **in English**", "paid **in advance**"; "in Part II
 * of this Agreement" is a place): CIRCUMSTANCE.NOUN_TYPE.
 */
export const BARE_CIRCUMSTANCE_NOUNS: ReadonlyMap<string, readonly [CircumstanceType, string | null]> =
  new Map<string, readonly [CircumstanceType, string | null]>([
    ...['cash', 'person', 'english', 'kind'].map((noun) => [noun, ['manner', 'means']] as const),
    ...['full', 'part', 'whole'].map((noun) => [noun, ['manner', 'degree']] as const),
    ['detail', ['manner', 'quality']] as const,
    ['advance', ['location', 'time']] as const,
  ]);
/**
 * Nouns typed so only after "in" ("at the event" is a place): "**in no event** shall either party be liable", "in such
 * event", "in any event" contingency/condition; "in a timely manner", "in the manner set forth" manner/quality;
 * "terminated **in its entirety**" manner/degree; "**IN WITNESS WHEREOF**, the parties have executed this Agreement"
 * cause/purpose, the signing done to attest what precedes (its last word "whereof", which ends no other phrase)
 * (CIRCUMSTANCE.NOUN_TYPE).
 */
export const IN_CIRCUMSTANCE_NOUNS: ReadonlyMap<string, readonly [CircumstanceType, string | null]> = new Map<
  string,
  readonly [CircumstanceType, string | null]
>([
  ['event', ['contingency', 'condition']],
  ['manner', ['manner', 'quality']],
  ['entirety', ['manner', 'degree']],
  ['whereof', ['cause', 'purpose']],
]);
/** Rule id of CIRCUMSTANCE_NOUNS. */
export const NOUN_TYPE = 'CIRCUMSTANCE.NOUN_TYPE';
/**
 * The circumstance CIRCUMSTANCE_NOUNS gives a phrase of `preposition` whose last word is `noun`, if any; a `bare` phrase
 * (the preposition and the noun alone) of "in" also BARE_CIRCUMSTANCE_NOUNS; after "in", IN_CIRCUMSTANCE_NOUNS.
 */
export function nounCircumstance(
  preposition: string,
  noun: string,
  bare = false,
): readonly [CircumstanceType, string | null] | undefined {
  if (preposition !== 'at' && preposition !== 'in' && preposition !== 'on' && preposition !== 'upon')
    return undefined;
  const typed = CIRCUMSTANCE_NOUNS.get(noun);
  if (typed !== undefined || preposition !== 'in') return typed;
  return IN_CIRCUMSTANCE_NOUNS.get(noun) ?? (bare ? BARE_CIRCUMSTANCE_NOUNS.get(noun) : undefined);
}

/** Circumstance type of a preposition (lower case), with an optional subtype. */
export const PREPOSITION_CIRCUMSTANCES: Readonly<Record<string, readonly [CircumstanceType, string | null]>> =
  lexiconTable({
    in: ['location', 'place'],
    at: ['location', 'place'],
    on: ['location', 'place'],
    into: ['location', 'place'],
    onto: ['location', 'place'],
    from: ['location', 'place'],
    to: ['location', 'place'],
    near: ['location', 'place'],
    under: ['location', 'place'],
    over: ['location', 'place'],
    behind: ['location', 'place'],
    between: ['location', 'place'],
    across: ['location', 'place'],
    through: ['location', 'place'],
    inside: ['location', 'place'],
    outside: ['location', 'place'],
    above: ['location', 'place'],
    below: ['location', 'place'],
    around: ['location', 'place'],
    up: ['location', 'place'],
    down: ['location', 'place'],
    along: ['location', 'place'],
    past: ['location', 'place'],
    off: ['location', 'place'],
    toward: ['location', 'place'],
    towards: ['location', 'place'],
    beyond: ['location', 'place'],
    beside: ['location', 'place'],
    among: ['location', 'place'],
    within: ['location', 'place'],
    before: ['location', 'time'],
    after: ['location', 'time'],
    since: ['location', 'time'],
    until: ['location', 'time'],
    till: ['location', 'time'],
    during: ['extent', 'duration'],
    for: ['extent', 'duration'],
    throughout: ['extent', 'duration'],
    with: ['accompaniment', null],
    without: ['accompaniment', null],
    by: ['manner', 'means'],
    like: ['manner', 'comparison'],
    unlike: ['manner', 'comparison'],
    via: ['manner', 'means'],
    because: ['cause', 'reason'],
    despite: ['contingency', 'concession'],
    notwithstanding: ['contingency', 'concession'],
    absent: ['contingency', 'condition'],
    barring: ['contingency', 'condition'],
    upon: ['location', 'time'],
    following: ['location', 'time'],
    pending: ['location', 'time'],
    against: ['matter', null],
    except: ['accompaniment', null],
    excepting: ['accompaniment', null],
    excluding: ['accompaniment', null],
    including: ['accompaniment', null],
    besides: ['accompaniment', null],
    unto: ['location', 'place'],
    amongst: ['location', 'place'],
    amid: ['location', 'place'],
    amidst: ['location', 'place'],
    beneath: ['location', 'place'],
    underneath: ['location', 'place'],
    alongside: ['location', 'place'],
    opposite: ['location', 'place'],
    about: ['matter', null],
    concerning: ['matter', null],
    regarding: ['matter', null],
    of: ['matter', null],
    as: ['role', null],
    per: ['extent', null],
    according: ['angle', null],
  });

/**
 * Prepositions of two or more words and the circumstance each opens (its first word alone would name another:
 * "**in addition to** the royalties" is no place, "**because of** the storm" no matter). Halliday's types:
 * cause (reason, purpose, behalf), contingency (condition, concession), accompaniment, matter, manner (means,
 * comparison: done the way a rule or text sets out, "**in accordance with** the terms", "**pursuant to** Section
 * 4"), location (time: "**as of** the Effective Date").
 */
export const COMPLEX_PREPOSITION_CIRCUMSTANCES: ReadonlyMap<
  string,
  readonly [CircumstanceType, string | null]
> = new Map<string, readonly [CircumstanceType, string | null]>([
  ['because of', ['cause', 'reason']],
  ['due to', ['cause', 'reason']],
  ['owing to', ['cause', 'reason']],
  ['on account of', ['cause', 'reason']],
  ['as a result of', ['cause', 'reason']],
  ['for the purpose of', ['cause', 'purpose']],
  ['for the purposes of', ['cause', 'purpose']],
  ['for purposes of', ['cause', 'purpose']],
  ['on behalf of', ['cause', 'behalf']],
  ['in the name of', ['cause', 'behalf']],
  ['for the benefit of', ['cause', 'behalf']],
  ['in favor of', ['cause', 'behalf']],
  ['in favour of', ['cause', 'behalf']],
  ['by reason of', ['cause', 'reason']],
  ['by virtue of', ['cause', 'reason']],
  ['in consideration of', ['cause', 'reason']],
  ['in consideration for', ['cause', 'reason']],
  ['on the basis of', ['cause', 'reason']],
  ['in furtherance of', ['cause', 'purpose']],
  ['in the event of', ['contingency', 'condition']],
  ['in case of', ['contingency', 'condition']],
  ['in the case of', ['contingency', 'condition']],
  ['in the absence of', ['contingency', 'condition']],
  // "to the extent permitted by law", "except to the extent required": how far the process holds (the clause
  // forms, "to the extent that X", are conjunctions: COMPLEX_CONJUNCTIONS).
  ['to the extent', ['contingency', 'condition']],
  ['except to the extent', ['contingency', 'condition']],
  ['subject to', ['contingency', 'condition']],
  ['in spite of', ['contingency', 'concession']],
  ['regardless of', ['contingency', 'concession']],
  ['irrespective of', ['contingency', 'concession']],
  ['in addition to', ['accompaniment', null]],
  ['instead of', ['accompaniment', null]],
  ['in lieu of', ['accompaniment', null]],
  ['rather than', ['accompaniment', null]],
  ['together with', ['accompaniment', null]],
  ['along with', ['accompaniment', null]],
  ['in conjunction with', ['accompaniment', null]],
  ['except for', ['accompaniment', null]],
  ['with the exception of', ['accompaniment', null]],
  ['with respect to', ['matter', null]],
  ['with regard to', ['matter', null]],
  ['in respect of', ['matter', null]],
  ['in relation to', ['matter', null]],
  ['in connection with', ['matter', null]],
  ['in respect to', ['matter', null]],
  ['as to', ['matter', null]],
  ['by means of', ['manner', 'means']],
  ['by way of', ['manner', 'means']],
  ['in accordance with', ['manner', 'comparison']],
  ['in compliance with', ['manner', 'comparison']],
  ['pursuant to', ['manner', 'comparison']],
  ['in excess of', ['manner', 'comparison']],
  ['in the form of', ['role', null]],
  ['in the shape of', ['role', null]],
  ['other than', ['accompaniment', null]],
  ['on or before', ['location', 'time']],
  ['on or after', ['location', 'time']],
  ['prior to', ['location', 'time']],
  ['subsequent to', ['location', 'time']],
  ['as of', ['location', 'time']],
  ['in the course of', ['location', 'time']],
]);

/**
 * First words of the "X to" prepositions of COMPLEX_PREPOSITION_CIRCUMSTANCES that the tagger reads as an
 * adjective or adverb with an oblique ("Subject to", "prior to", "due to", "owing to", "pursuant to"; TREE.COMPLEX_PREPOSITION).
 */
export const ADJECTIVAL_PREPOSITION_HEADS: ReadonlySet<string> = new Set([
  'subject',
  'prior',
  'due',
  'owing',
  'pursuant',
]);

/** A preposition of several words found in a clause: how many words it has and the circumstance it names. */
export interface ComplexPreposition {
  readonly words: number;
  readonly type: CircumstanceType;
  readonly subtype: string | null;
}

/** The preposition of several words (COMPLEX_PREPOSITION_CIRCUMSTANCES) opening at `index`, if any. */
export function complexPrepositionAt(
  lower: readonly string[],
  index: number,
): ComplexPreposition | undefined {
  for (const words of [4, 3, 2]) {
    // (Near the end of the clause the slice is shorter than `words`.)
    if (index + words > lower.length) continue;
    const named = COMPLEX_PREPOSITION_CIRCUMSTANCES.get(lower.slice(index, index + words).join(' '));
    if (named !== undefined) return { words, type: named[0], subtype: named[1] };
  }
  return undefined;
}

/**
 * Prepositions that take a prepositional phrase or clause as their complement ("except **in accordance with
 * Section 14.1**", "including in the Territory"): one left alone right before a circumstance opens it
 * (CIRCUMSTANCE.TREE_POSTMODIFIER).
 */
export const PHRASE_TAKING_PREPOSITIONS: ReadonlySet<string> = new Set([
  'except',
  'excepting',
  'excluding',
  'including',
  'besides',
]);

/** Adverbs that are circumstances of place. */
export const PLACE_ADVERBS: ReadonlySet<string> = new Set([
  'here',
  'there',
  'everywhere',
  'somewhere',
  'nowhere',
  'home',
  'abroad',
  'outside',
  'inside',
  'away',
  'back',
  'up',
  'down',
]);
/** Adverbs that are circumstances of time. */
export const TIME_ADVERBS: ReadonlySet<string> = new Set([
  'now',
  'then',
  'today',
  'tomorrow',
  'yesterday',
  'soon',
  'later',
  'recently',
  'already',
  'still',
  'yet',
  'ago',
  'once',
  'again',
  'early',
  'late',
  'tonight',
  'currently',
  'previously',
  'finally',
  'eventually',
]);
