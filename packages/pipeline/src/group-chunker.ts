import type { Group, GroupType, Token, Upos } from '@cae/core';
import { boundConjunctionEnd, CONJUNCTION_PHRASES, complexConjunctionAt } from './lexicons/mood-lexicon';
import { PATH_NOUNS, PHRASAL_PARTICLES } from './lexicons/process-lexicon';
import { TIME_PERIOD_NOUNS } from './lexicons/transitivity-lexicon';
import {
  DEMONSTRATIVES,
  FINITE_OPERATOR_FORMS,
  NEGATORS,
  PERSONAL_PRONOUNS_BUT_HER,
  PREMODIFIER_DETERMINERS,
  TIME_DETERMINERS,
} from './lexicons/word-classes';
import { isJoiningHyphen } from './token-splits';
import { isComplexPreposition, isPastForm } from './verbal-group';

const NOMINAL = new Set<Upos>(['DET', 'ADJ', 'NUM', 'NOUN', 'PROPN', 'PRON']);
const NOMINAL_HEAD = new Set<Upos>(['NOUN', 'PROPN', 'PRON', 'NUM']);
const VERBAL = new Set<Upos>(['AUX', 'VERB']);

/**
 * GROUP.PRONOUN_COMPLEMENT: "Are you sure?", "Is that ok?", "Is he ready?": an adjective right after a personal
 * or demonstrative pronoun is its complement or opens a group of its own ("giving them | vast amounts"), not
 * part of the pronoun's group (an indefinite pronoun keeps its adjective: "something new", "anyone else").
 */
export const PRONOUN_COMPLEMENT = 'GROUP.PRONOUN_COMPLEMENT';

/**
 * GROUP.CURRENCY_AMOUNT: a currency sign before a number is the amount's first word ("The rent is **$1,850**",
 * "was €42,000"): the nominal group holds it, so a participant reads "$1,850", not "1,850".
 */
export const CURRENCY_AMOUNT = 'GROUP.CURRENCY_AMOUNT';
const CURRENCY_SIGNS: ReadonlySet<string> = new Set(['$', '€', '£', '¥', '₹', 'us$', 'c$', 'a$']);

/**
 * GROUP.NUMBER_IN_BRACKETS: a number written twice, in words and then in figures in brackets, is one number
 * of its group ("within **thirty (30) days**", "**ten (10)** business days"): without it the group ends at
 * "thirty" and "days" makes a participant of its own.
 */
export const NUMBER_IN_BRACKETS = 'GROUP.NUMBER_IN_BRACKETS';

/**
 * GROUP.AT_LEAST: "at least" and "at most" before an amount modify the number, they open no group of place
 * ("kept **for at least three years**", "pay **at least $1,000**"): the words before the amount (2), else 0.
 */
export const AT_LEAST = 'GROUP.AT_LEAST';
function amountModifier(
  lower: readonly string[],
  pos: readonly Upos[],
  index: number,
  disabledRules: ReadonlySet<string> | undefined,
): number {
  if (lower[index] !== 'at' || (lower[index + 1] !== 'least' && lower[index + 1] !== 'most')) return 0;
  const next = pos[index + 2];
  const amount = next === 'NUM' || currencySign(lower, pos, index + 2, disabledRules) || next === 'DET';
  return amount && !disabledRules?.has(AT_LEAST) ? 2 : 0;
}

/** Whether `index` is a currency sign the number after it belongs with (GROUP.CURRENCY_AMOUNT). */
function currencySign(
  lower: readonly string[],
  pos: readonly Upos[],
  index: number,
  disabledRules: ReadonlySet<string> | undefined,
): boolean {
  return (
    pos[index + 1] === 'NUM' &&
    CURRENCY_SIGNS.has(lower[index] ?? '') &&
    disabledRules?.has(CURRENCY_AMOUNT) !== true
  );
}
const DEMONSTRATIVE_PRONOUNS: ReadonlySet<string> = new Set(DEMONSTRATIVES);

/**
 * GROUP.HYPHEN_COMPOUND: "a **well-known** author", "a **royalty-free** license", "**Al-Qaeda** operatives", "a
 * **24-hour** hotline": words joined by hyphens with no space between them are one word of the group, which
 * the tokeniser splits ("well", "-", "known"). Read apart, the hyphen ends the group and an adverb or a
 * preposition inside the compound opens another ("attribute: a", "attribute: author"). Before a noun,
 * adjective or number the compound premodifies it (a verb at its end only as a participle or an `amod`:
 * "double-check the figures" is no premodifier); otherwise a compound ending in a noun is a nominal group
 * of its own ("works full-time").
 */
export const HYPHEN_COMPOUND = 'GROUP.HYPHEN_COMPOUND';
const PREMODIFIED = new Set<Upos>(['NOUN', 'PROPN', 'ADJ', 'NUM']);

/** The end of the hyphen compound that opens at `index` ("well - known"), or `index` when none does. */
function hyphenCompoundEnd(
  tokens: readonly Token[],
  lower: readonly string[],
  index: number,
  limit: number,
): number {
  const startOf = (at: number) => tokens[at]?.start;
  const endOf = (at: number) => tokens[at]?.end;
  let last = index;
  while (last + 2 < limit && isJoiningHyphen(lower, last + 1, startOf, endOf)) {
    if (!/^[\p{L}\d]/u.test(tokens[last + 2]?.text ?? '')) break;
    last += 2;
  }
  return last === index ? index : last + 1;
}

/**
 * Where the group's words go on past the hyphen compound at `index` (GROUP.HYPHEN_COMPOUND): its end when
 * it premodifies the word after it or ends in a noun, else -1.
 */
function compoundInGroup(
  lower: readonly string[],
  pos: readonly Upos[],
  tokens: readonly Token[] | undefined,
  index: number,
  disabledRules: ReadonlySet<string> | undefined,
): number {
  if (tokens === undefined || disabledRules?.has(HYPHEN_COMPOUND) === true) return -1;
  const end = hyphenCompoundEnd(tokens, lower, index, pos.length);
  if (end === index) return -1;
  const last = end - 1;
  const lastTag = pos[last] ?? 'X';
  if (PREMODIFIED.has(pos[end] ?? 'X')) {
    const participle = PARTICIPLE.test(lower[last] ?? '') || tokens[last]?.deprel === 'amod';
    if (lastTag !== 'VERB' || participle) return end;
  }
  return NOMINAL_HEAD.has(lastTag) ? end : -1;
}

/**
 * The adjective at `index` follows a personal pronoun ("giving them vast amounts", "Are you sure?"), or a
 * demonstrative with no nominal word after the adjective ("Is that ok?"; "that such action" and "that other
 * countries" are left as they were: there "that" is mostly a misread conjunction or relative).
 */
function pronounComplement(lower: readonly string[], pos: readonly Upos[], index: number): boolean {
  if (pos[index - 1] !== 'PRON') return false;
  const pronoun = lower[index - 1] ?? '';
  if (PERSONAL_PRONOUNS_BUT_HER.has(pronoun)) return true;
  return DEMONSTRATIVE_PRONOUNS.has(pronoun) && !NOMINAL.has(pos[index + 1] ?? 'X');
}

function nominalEnd(
  lower: readonly string[],
  pos: readonly Upos[],
  from: number,
  disabledRules?: ReadonlySet<string>,
  tokens?: readonly Token[],
): number {
  let index = from;
  while (index < pos.length) {
    const tag = pos[index] ?? 'X';
    const compound = compoundInGroup(lower, pos, tokens, index, disabledRules);
    if (compound > index) {
      // GROUP.HYPHEN_COMPOUND: "a well-known author" (not after a noun's own head: "the author | well-known").
      if (index > from && NOMINAL_HEAD.has(pos[index - 1] ?? 'X') && !PREMODIFIED.has(pos[compound] ?? 'X'))
        break;
      index = compound;
    } else if (NOMINAL.has(tag)) {
      // A pronoun after a noun starts a new group ("gave the man it"), except possessive determiners.
      if ((tag === 'PRON' || tag === 'DET') && index > from && NOMINAL_HEAD.has(pos[index - 1] ?? 'X')) break;
      // GROUP.HOW_ATTRIBUTE: "How beautiful | the garden looks!": after "how" + adjective, a determiner opens the Subject.
      if (
        (tag === 'DET' || tag === 'PRON') &&
        lower[index] !== 'a' &&
        lower[index] !== 'an' &&
        index > from + 1 &&
        lower[from] === 'how' &&
        pos[index - 1] === 'ADJ'
      )
        break;
      // A personal pronoun is a nominal group of its own ("How tall | you | are").
      if (tag === 'PRON' && index > from && PERSONAL_PRONOUNS_BUT_HER.has(lower[index] ?? '')) break;
      // "the museum | last summer": a time determiner after a noun starts a temporal group.
      if (
        index > from &&
        TIME_DETERMINERS.has(lower[index] ?? '') &&
        (pos[index - 1] === 'NOUN' || pos[index - 1] === 'PROPN') &&
        TIME_PERIOD_NOUNS.has(lower[index + 1] ?? '')
      )
        break;
      if (
        tag === 'ADJ' &&
        index > from &&
        pronounComplement(lower, pos, index) &&
        !disabledRules?.has(PRONOUN_COMPLEMENT)
      )
        break;
      // An adjective after a noun that no nominal word follows is a complement ("Is the store open?").
      if (
        tag === 'ADJ' &&
        index > from &&
        (pos[index - 1] === 'NOUN' || pos[index - 1] === 'PROPN') &&
        !NOMINAL.has(pos[index + 1] ?? 'X')
      )
        break;
      index += 1;
    } else if (
      // The trained tagger reads the plural genitive's apostrophe as a particle, as "'s".
      (tag === 'PUNCT' || tag === 'PART') &&
      (lower[index] === "'" || lower[index] === '’') &&
      index > from &&
      pos[index - 1] === 'NOUN' &&
      (lower[index - 1] ?? '').endsWith('s') &&
      (pos[index + 1] === 'NOUN' || pos[index + 1] === 'ADJ')
    ) {
      // Plural genitive: "30 days' notice" is one nominal group.
      index += 1;
    } else if (tag === 'PART' && (lower[index] === "'s" || lower[index] === '’s') && index > from) index += 1;
    else if (currencySign(lower, pos, index, disabledRules)) index += 1;
    else if (
      lower[index] === '(' &&
      index > from &&
      pos[index - 1] === 'NUM' &&
      pos[index + 1] === 'NUM' &&
      lower[index + 2] === ')' &&
      NOMINAL.has(pos[index + 3] ?? 'X') &&
      !disabledRules?.has(NUMBER_IN_BRACKETS)
    )
      index += 3;
    else if (
      tag === 'ADV' &&
      index + 1 < pos.length &&
      (pos[index + 1] === 'ADJ' || pos[index + 1] === 'NUM') &&
      index === from
    )
      index += 1;
    else if (premodifierInGroup(lower, pos, from, index)) index += 1;
    else break;
  }
  return index;
}

/**
 * A word the tagger read as a verb or adverb that premodifies the noun after it, inside a nominal group
 * already opened by a determiner or adjective: "the updated schedule", "the prior written consent",
 * "a small wooden box" ("small" read as an adverb), "an existing contract". Only when a nominal word
 * follows, so "the man walked home" (no determiner right before "walked") is not touched.
 */
function premodifierInGroup(
  lower: readonly string[],
  pos: readonly Upos[],
  from: number,
  index: number,
): boolean {
  if (index === from) return false;
  const before = pos[index - 1];
  let after = pos[index + 1];
  // "the prior written consent": an adverb before a participle that itself premodifies the noun.
  if (after === 'VERB' && pos[index] === 'ADV' && PARTICIPLE.test(lower[index + 1] ?? ''))
    after = pos[index + 2];
  if (after !== 'NOUN' && after !== 'ADJ' && after !== 'PROPN') return false;
  const opened =
    (before === 'DET' && PREMODIFIER_DETERMINERS.has(lower[index - 1] ?? '')) ||
    before === 'ADJ' ||
    (before === 'ADV' && index - 1 > from && pos[index - 2] === 'DET');
  if (!opened) return false;
  const tag = pos[index];
  const word = lower[index] ?? '';
  if (tag === 'ADV') return !word.endsWith('ly') || after === 'ADJ';
  return tag === 'VERB' && PARTICIPLE.test(word);
}
const PARTICIPLE = /(?:ed|en|ing)$/;

const PARTICLE_TAGS = new Set<Upos>(['ADP', 'ADV', 'PART']);

/**
 * GROUP.PHRASAL_PARTICLE: the particle right after a lexical verb makes one phrasal verb with it ("Switch
 * off all the lights", "She turned down the offer") when the verb takes that particle (PHRASAL_PARTICLES)
 * and a nominal group follows that is its object (or the clause ends there, the object fronted): not a path or place ("turned down the street") nor a
 * time ("turned up the next day"), which the particle, as a preposition, opens as a circumstance.
 */
function phrasalParticle(
  lower: readonly string[],
  pos: readonly Upos[],
  tokens: readonly Token[],
  head: number,
): boolean {
  const at = head + 1;
  if (pos[head] !== 'VERB' || !PARTICLE_TAGS.has(pos[at] ?? 'X')) return false;
  const particles = PHRASAL_PARTICLES.get(tokens[head]?.lemma ?? '');
  if (particles === undefined || !particles.has(lower[at] ?? '')) return false;
  const tag = pos[at + 1] ?? 'X';
  // "What did you switch on?": the particle ends the clause, its object fronted.
  if (tag === 'PUNCT' || at + 1 >= pos.length) return true;
  if (!NOMINAL.has(tag)) return false;
  const end = nominalEnd(lower, pos, at + 1, undefined, tokens);
  if (end <= at + 1) return false;
  const word = lower[nominalHead(pos, at + 1, end)] ?? '';
  return !PATH_NOUNS.has(word) && !TIME_PERIOD_NOUNS.has(word);
}

function nominalHead(pos: readonly Upos[], start: number, end: number): number {
  for (let index = end - 1; index >= start; index -= 1) if (NOMINAL_HEAD.has(pos[index] ?? 'X')) return index;
  return end - 1;
}

function group(
  type: GroupType,
  start: number,
  end: number,
  head: number,
  tokens: readonly Token[],
  original: string,
): Group {
  const first = tokens[start];
  const last = tokens[end - 1];
  // A one-token group has the token's text (often the model's shared string): no new copy.
  const text =
    first === undefined || last === undefined
      ? ''
      : end === start + 1 && first.end >= first.start
        ? first.text
        : original.slice(first.start, last.end);
  return { type, start, end, head, text };
}

function allAdjectives(pos: readonly Upos[], start: number, end: number): boolean {
  for (let index = start; index < end; index += 1) {
    const tag = pos[index];
    if (tag !== 'ADJ' && tag !== 'ADV') return false;
  }
  return true;
}

/**
 * GROUP.FIXED_CONJUNCTION: where the token at `index` is a `mark` with words after it hung on it as `fixed` (a binding
 * conjunction of several words: "**in the event that** the Buyer fails", "**so long as** the fees are paid", "**whether
 * or not** it rains"; TREE.COMPLEX_CONJUNCTION), the end of those words: one conjunction group, so the clause's Theme
 * has it as one textual element. Otherwise `index` + 1 or less. (Before, "in the event" was a prepositional group,
 * the topical Theme, and "so long" an adverbial one.)
 */
function fixedConjunctionEnd(
  lower: readonly string[],
  tokens: readonly Token[],
  index: number,
  end: number,
  disabledRules?: ReadonlySet<string>,
): number {
  const mark = tokens[index];
  if (mark === undefined || disabledRules?.has('GROUP.FIXED_CONJUNCTION') === true) return index;
  if (mark.deprel === 'mark' && tokens[index + 1]?.deprel === 'fixed') {
    let at = index + 1;
    while (at < end && tokens[at]?.deprel === 'fixed' && tokens[at]?.headStart === mark.start) at += 1;
    // ("In case of accumulated units": a preposition of several words, read as a conjunction.)
    return CONJUNCTION_PHRASES.has(lower.slice(index, at).join(' ')) && lower[at] !== 'of' ? at : index;
  }
  // "as soon as", "even if": UD's adverbs and mark (boundConjunctionEnd).
  if (complexConjunctionAt(lower, index, end) === 0) return index;
  const headOf = (at: number): number => {
    const head = tokens[at]?.headStart;
    if (head === null || head === undefined) return -1;
    for (let other = 0; other < end; other += 1) if (tokens[other]?.start === head) return other;
    return end;
  };
  return boundConjunctionEnd(lower, index, end, headOf, (at) => tokens[at]?.deprel);
}

/**
 * GROUP.PREDICATIVE_ADJECTIVE: an adjective the tree makes a predicate (the `xcomp` of a verb before it, or the
 * head of a copula), before a noun that does not hang on it ("She looks tired | today", "Phone numbers are
 * available | 24 hours a day"): an adjectival group of its own, not the premodifier of the noun after it.
 */
function predicativeAdjective(
  tokens: readonly Token[],
  index: number,
  disabledRules?: ReadonlySet<string>,
): boolean {
  const adjective = tokens[index];
  const next = tokens[index + 1];
  if (
    adjective === undefined ||
    next === undefined ||
    disabledRules?.has('GROUP.PREDICATIVE_ADJECTIVE') === true
  )
    return false;
  if (adjective.headStart === next.start || next.headStart === adjective.start) return false;
  // The verb's `xcomp` after it ("She looks tired"), or a predicate with its copula ("are available").
  if (adjective.deprel === 'xcomp')
    return (
      adjective.headStart !== null &&
      adjective.headStart !== undefined &&
      adjective.headStart < adjective.start
    );
  return tokens.some((token) => token.deprel === 'cop' && token.headStart === adjective.start);
}

/**
 * Pass 1, groups: chunks a clause's tokens into nominal, verbal, prepositional, adverbial, adjectival and
 * conjunction groups, each with its token span, head and text (sliced from `original` by token offsets).
 * Punctuation, symbols and interjections stay outside. `pos` sets the clause length; `lower` may be longer.
 */
export function chunkGroups(
  lower: readonly string[],
  pos: readonly Upos[],
  tokens: readonly Token[],
  original: string,
  disabledRules?: ReadonlySet<string>,
): Group[] {
  const groups: Group[] = [];
  let index = 0;
  while (index < pos.length) {
    const tag = pos[index] ?? 'X';
    const fixedEnd = fixedConjunctionEnd(lower, tokens, index, pos.length, disabledRules);
    if (fixedEnd > index + 1) {
      // GROUP.FIXED_CONJUNCTION: a conjunction of several words ("in the event that", "so long as", "whether or not").
      groups.push(group('conjunction', index, fixedEnd, index, tokens, original));
      index = fixedEnd;
    } else if (
      tag !== 'CCONJ' &&
      tag !== 'SCONJ' &&
      !NOMINAL.has(tag) &&
      compoundInGroup(lower, pos, tokens, index, disabledRules) > index
    ) {
      // GROUP.HYPHEN_COMPOUND: a compound opening with an adverb or a preposition ("well-known", "out-of-pocket").
      const end = nominalEnd(lower, pos, index, disabledRules, tokens);
      groups.push(group('nominal', index, end, nominalHead(pos, index, end), tokens, original));
      index = end;
    } else if (tag === 'CCONJ' || tag === 'SCONJ') {
      groups.push(group('conjunction', index, index + 1, index, tokens, original));
      index += 1;
    } else if (amountModifier(lower, pos, index, disabledRules) > 0) {
      // GROUP.AT_LEAST: "pay at least $1,000": one nominal group.
      const end = nominalEnd(lower, pos, index + 2, disabledRules, tokens);
      groups.push(group('nominal', index, end, nominalHead(pos, index + 2, end), tokens, original));
      index = end;
    } else if (tag === 'ADP' || isComplexPreposition(lower, index)) {
      // "according to the report": the complex preposition opens one prepositional group.
      let from = tag === 'ADP' ? index + 1 : index + 2;
      from += amountModifier(lower, pos, from, disabledRules);
      const end = nominalEnd(lower, pos, from, disabledRules, tokens);
      groups.push(group('prepositional', index, Math.max(end, index + 1), index, tokens, original));
      index = Math.max(end, index + 1);
    } else if (
      VERBAL.has(tag) ||
      (tag === 'PART' && (lower[index] === 'to' || NEGATORS.has(lower[index] ?? '')))
    ) {
      let end = index + 1;
      let head = VERBAL.has(tag) ? index : -1;
      while (end < pos.length) {
        const next = pos[end] ?? 'X';
        // GROUP.VERB_THEN_OPERATOR: a finite operator after a past participle opens a group of its own ("The
        // Products sold hereunder | shall be free", "Any opinions expressed herein | are ..."): the participle
        // postmodifies a noun; an operator comes before its verb ("appears to have taken" stays one).
        if (
          next === 'AUX' &&
          head >= 0 &&
          pos[head] === 'VERB' &&
          FINITE_OPERATOR_FORMS.has(lower[end] ?? '') &&
          lower[end - 1] !== 'to' &&
          isPastForm(lower[head] ?? '', tokens[head]?.lemma ?? '') &&
          disabledRules?.has('GROUP.VERB_THEN_OPERATOR') !== true
        ) {
          while (end > head + 1 && pos[end - 1] === 'ADV') end -= 1;
          break;
        }
        if (VERBAL.has(next)) head = end;
        else if (!(next === 'PART' || (next === 'ADV' && VERBAL.has(pos[end + 1] ?? 'X')))) break;
        end += 1;
      }
      if (head >= 0 && end === head + 1 && phrasalParticle(lower, pos, tokens, head)) end += 1;
      if (head < 0) {
        groups.push(group('adverbial', index, end, index, tokens, original));
      } else groups.push(group('verbal', index, end, head, tokens, original));
      index = end;
    } else if (
      tag === 'ADJ' &&
      pos[index + 1] !== 'ADJ' &&
      (!NOMINAL_HEAD.has(pos[index + 1] ?? 'X') || predicativeAdjective(tokens, index, disabledRules)) &&
      compoundInGroup(lower, pos, tokens, index, disabledRules) < 0
    ) {
      groups.push(group('adjectival', index, index + 1, index, tokens, original));
      index += 1;
    } else if (
      NOMINAL.has(tag) ||
      (tag === 'ADV' && (pos[index + 1] === 'ADJ' || pos[index + 1] === 'NUM')) ||
      currencySign(lower, pos, index, disabledRules)
    ) {
      const end = Math.max(nominalEnd(lower, pos, index, disabledRules, tokens), index + 1);
      const head = nominalHead(pos, index, end);
      const type = allAdjectives(pos, index, end) ? 'adjectival' : 'nominal';
      groups.push(group(type, index, end, head, tokens, original));
      index = end;
    } else if (tag === 'ADV') {
      let end = index + 1;
      while (end < pos.length && pos[end] === 'ADV') end += 1;
      groups.push(group('adverbial', index, end, end - 1, tokens, original));
      index = end;
    } else index += 1;
  }
  return groups;
}
