import type { Syntactic, Upos } from '@cae/core';
import {
  COMMITMENT_FORMS,
  DUTY_ATTRIBUTES,
  DUTY_MODALS,
  DUTY_NOUNS,
  EFFORT_NOUNS,
} from './lexicons/contract-lexicon';
import { ENUMERATOR_WORD } from './lexicons/transitivity-lexicon';
import { CLAUSE_CLOSING_MARKS } from './lexicons/word-classes';

/**
 * MODALITY.LIST_OPERATOR: a contract lists a party's duties under one operator ("The Tenant shall:" |
 * "(a) pay the rent;" | "(b) keep the premises in repair, | and return them at the end of the term;" |
 * "(c) not assign this Lease."). Each member is the process the operator binds the party to, with its
 * Subject and operator left out: it takes the opener's operator, Subject and negation, so "every
 * obligation about insurance" finds "(d) maintain insurance against fire" (docs/ANNOTATION.md). The
 * member's mood stays what the mood rules give it (a list item: fragment).
 *
 * The pipeline keeps a `ListState` across clauses (a list may run far past the five earlier clauses
 * other rules look at): `listMember` asks whether a clause is a member of the open list, `advanceList`
 * moves the state past it.
 */
export const LIST_OPERATOR = 'MODALITY.LIST_OPERATOR';

/**
 * MODALITY.LIST_OPENER_TO: "Distributor agrees to:", "The Supplier undertakes not to:", "Each Party shall
 * use commercially reasonable efforts to:" open a list of duties too (openerOperatorIn); switched off,
 * only an operator right before the colon does.
 */
export const LIST_OPENER_TO = 'MODALITY.LIST_OPENER_TO';

/** How many sentences may stand between two members of a list ("1. include X. Vendor shall provide a copy. … 2. include Y"). */
const MAX_GAP_SENTENCES = 3;

/** The list a contract has opened, and where the last clause left it. */
export interface ListState {
  /** The clause that opens the list ("The Tenant shall:"), undefined when no list is open. */
  readonly opener: Syntactic | undefined;
  /** Index of the opener's operator among its tokens. */
  readonly operator: number;
  /** Sentences since the opener or the last member or enumerator. */
  readonly gap: number;
  /** Sentence index of the last member (its coordinated continuations are members too), -1 when none. */
  readonly memberSentence: number;
  /** The last clause was an enumerator alone ("1." cut off as a sentence of its own): the next clause is a member's start. */
  readonly afterEnumerator: boolean;
  /** Sentence index of the last clause seen, -1 at the start. */
  readonly sentence: number;
}

export const NO_LIST: ListState = {
  opener: undefined,
  operator: -1,
  gap: 0,
  memberSentence: -1,
  afterEnumerator: false,
  sentence: -1,
};

/** The member of an open list: the opener, its operator's index, and where the member's process starts. */
export interface ListMember {
  readonly opener: Syntactic;
  readonly operator: number;
  readonly from: number;
}

/** A list number or letter written with its period as one token ("c.", "iv.", "12."). */
export const ENUMERATOR_TOKEN = /^(?:[ivx]{1,5}|[a-z]|\d{1,2})\.$/i;
const enumeratorWord = (text: string): boolean => ENUMERATOR_WORD.test(text.toLowerCase());

/** Index of the first token past leading punctuation (not an opening bracket) and coordinators. */
export function pastCoordinator(tokens: Syntactic['tokens']): number {
  let index = 0;
  while (
    index < tokens.length &&
    tokens[index]?.text !== '(' &&
    (tokens[index]?.pos === 'PUNCT' || tokens[index]?.pos === 'CCONJ')
  )
    index += 1;
  return index;
}

/**
 * End (exclusive) of the list enumerator a clause opens with, past leading punctuation and a coordinator:
 * "(b)", "and (iv)", "2)", "A.", "3 ."; -1 when it opens with none.
 */
export function enumeratorEnd(tokens: Syntactic['tokens']): number {
  const index = pastCoordinator(tokens);
  const text = (at: number) => tokens[at]?.text ?? '';
  const found = enumeratorAt(text, index);
  if (found !== undefined) return found.end;
  if (ENUMERATOR_TOKEN.test(text(index))) return index + 1;
  return -1;
}

/** An enumerator written in tokens of its own: the number or letter, its brackets or period, the index after it. */
export interface Enumerator {
  readonly number: number;
  readonly marks: readonly number[];
  readonly end: number;
}

/**
 * The enumerator of separate tokens at `index` of the words `text` reads ("( b )", "2 )", "A .", "iv ."), or
 * undefined; one token with its period ("3.") is ENUMERATOR_TOKEN's.
 */
export function enumeratorAt(text: (at: number) => string, index: number): Enumerator | undefined {
  if (text(index) === '(' && text(index + 2) === ')' && enumeratorWord(text(index + 1)))
    return { number: index + 1, marks: [index, index + 2], end: index + 3 };
  if ((text(index + 1) === ')' || text(index + 1) === '.') && enumeratorWord(text(index)))
    return { number: index, marks: [index + 1], end: index + 2 };
  return undefined;
}

/** The words of a span as the opener test reads them (a clause's tokens or pass 1's tagged arrays). */
export interface OpenerWords {
  readonly pos: (index: number) => Upos | undefined;
  readonly lemma: (index: number) => string;
  /** Lower-cased text. */
  readonly lower: (index: number) => string;
}

/**
 * Start of the list enumerator that ends just before `end` ("(b)", "2)", "A.", "3 ."), or -1: the mirror of
 * enumeratorEnd, on lower-cased words.
 */
export function enumeratorStartBefore(lower: readonly string[], end: number): number {
  const text = (at: number) => (at >= 0 ? (lower[at] ?? '') : '');
  if (text(end - 1) === ')' && enumeratorWord(text(end - 2)))
    return text(end - 3) === '(' ? end - 3 : end - 2;
  if (text(end - 1) === '.' && enumeratorWord(text(end - 2))) return end - 2;
  return ENUMERATOR_TOKEN.test(text(end - 1)) ? end - 1 : -1;
}

/** How far back (in tokens) pass 1 looks for the clause opening a member's list (POS.LIST_MEMBER_VERB). */
const OPENER_LOOKBACK = 1500;

/**
 * Pass 1's view of the list state (POS.LIST_MEMBER_VERB, before any clause exists): the nearest colon
 * before `start` (at most OPENER_LOOKBACK tokens back) closes a clause that opens a list of duties
 * (openerOperatorIn), so a list is open at `start`.
 */
export function listOpenBefore(
  lower: readonly string[],
  lemmas: readonly string[],
  pos: readonly (Upos | undefined)[],
  start: number,
  disabled?: ReadonlySet<string>,
): boolean {
  let colon = start - 1;
  while (colon >= 0 && colon >= start - OPENER_LOOKBACK && lower[colon] !== ':') colon -= 1;
  if (colon < 0 || lower[colon] !== ':') return false;
  let from = colon;
  while (from > 0 && from > colon - 200 && !CLAUSE_CLOSING_MARKS.has(lower[from - 1] ?? '')) from -= 1;
  const words: OpenerWords = {
    pos: (index) => pos[index],
    lemma: (index) => lemmas[index] ?? '',
    lower: (index) => lower[index] ?? '',
  };
  return openerOperatorIn(words, from, colon + 1, disabled) >= 0;
}

/**
 * Index of the operator of the list the words [from, to) open, or -1: a colon follows a modal operator
 * with no verb between ("The Tenant shall:", "Vendor shall not, at its own expense:"; not "The following
 * shall apply:", "shall be as follows:"), or "to" before the colon follows a verb of undertaking
 * ("Distributor agrees to:", "The Supplier undertakes not to:": the verb is the operator) or, after an
 * operator, a word of duty or effort ("Each Party shall use commercially reasonable efforts to:", "Agent
 * shall be required to:"; not "shall be sent to:", "shall have the right to:").
 */
export function openerOperatorIn(
  words: OpenerWords,
  from: number,
  to: number,
  disabled?: ReadonlySet<string>,
): number {
  const undertakings = disabled?.has(LIST_OPENER_TO) !== true;
  let operator = -1;
  // The last operator, kept past a verb after it ("shall use its best efforts to:").
  let earlier = -1;
  for (let index = from; index < to; index += 1) {
    const lower = words.lower(index);
    const tag = words.pos(index);
    if (lower === ':') {
      if (operator >= 0) return operator;
      const undertaking =
        undertakings && index - 1 > from && words.lower(index - 1) === 'to'
          ? undertakingOperator(words, from, index - 1, earlier)
          : -1;
      if (undertaking >= 0) return undertaking;
    }
    if (tag === 'AUX' && DUTY_MODALS.has(words.lemma(index).toLowerCase())) {
      operator = index;
      earlier = index;
    } else if (operator >= 0 && (tag === 'VERB' || tag === 'AUX')) operator = -1;
  }
  return -1;
}

/**
 * The operator of "… to:" (`to`: the index of "to"), or -1: the verb of undertaking before it ("agrees
 * (not) to:", with a Subject before it), or `operator` before a word of duty or effort ("shall use its
 * best efforts to:", "shall be obliged to:", "shall have the obligation to:").
 */
function undertakingOperator(words: OpenerWords, from: number, to: number, operator: number): number {
  let word = to - 1;
  if (word > from && words.lower(word) === 'not') word -= 1;
  const lower = words.lower(word);
  if (COMMITMENT_FORMS.has(lower) && words.pos(word - 1) !== 'DET') {
    // "shall (promptly) agree to:": the operator's own verb of undertaking.
    let between = word - 1;
    while (between > operator && (words.pos(between) === 'ADV' || words.pos(between) === 'PART'))
      between -= 1;
    if (operator >= 0 && between === operator) return operator;
    for (let before = word - 1; before >= from; before -= 1) {
      const tag = words.pos(before);
      if (tag === 'NOUN' || tag === 'PROPN' || tag === 'PRON') return word;
    }
    return -1;
  }
  if (operator < 0) return -1;
  return DUTY_ATTRIBUTES.has(lower) || DUTY_NOUNS.has(lower) || EFFORT_NOUNS.has(lower) ? operator : -1;
}

/**
 * Index of the operator of a clause that opens a list of processes, or -1 (see openerOperatorIn): "The
 * Tenant shall:", "Distributor agrees to:", "The manager will: attend the call;" where the segmenter keeps
 * the first member in the clause.
 */
export function listOpenerOperator(clause: Syntactic, disabled?: ReadonlySet<string>): number {
  const { tokens } = clause;
  return openerOperatorIn(
    {
      pos: (index) => tokens[index]?.pos,
      lemma: (index) => tokens[index]?.lemma ?? '',
      lower: (index) => tokens[index]?.text.toLowerCase() ?? '',
    },
    0,
    tokens.length,
    disabled,
  );
}

/**
 * The clause as a member of the open list (its opener, the operator, where its process starts), or
 * undefined when it is none: a list is open, the clause has no Finite but its verb, and it opens (past an
 * enumerator, or right after an enumerator standing alone, or past the coordinator of a member's
 * continuation in the member's sentence, or in the opener's own sentence) with adverbs or "not" and a
 * base-form verb ("(a) pay", "B. Provide", "(c) not assign", "and promptly return", "be primary"); not a
 * title-case line.
 */
export function listMember(clause: Syntactic, state: ListState): ListMember | undefined {
  const { opener } = state;
  if (opener === undefined) return undefined;
  const { tokens } = clause;
  let index = enumeratorEnd(tokens);
  if (index < 0) {
    // A member's continuation in its sentence ("and return them"), or a member in the opener's own
    // sentence ("The manager will: attend the call; review the plan").
    const continuation =
      clause.sentenceIndex === state.memberSentence || clause.sentenceIndex === opener.sentenceIndex;
    if (!state.afterEnumerator && !continuation) return undefined;
    // Not a parenthesis ("(See Section 4)"), which is no member's continuation.
    if (tokens[0]?.text === '(') return undefined;
    index = 0;
    while (
      index < tokens.length &&
      (tokens[index]?.pos === 'PUNCT' || (continuation && tokens[index]?.pos === 'CCONJ'))
    )
      index += 1;
  }
  const from = index;
  while (
    index < tokens.length &&
    (tokens[index]?.pos === 'ADV' || tokens[index]?.pos === 'PART') &&
    tokens[index]?.text.toLowerCase() !== 'to'
  )
    index += 1;
  const token = tokens[index];
  if (token === undefined) return undefined;
  const word = token.text.toLowerCase();
  const base =
    (token.pos === 'VERB' && word === token.lemma.toLowerCase()) ||
    (token.pos === 'AUX' && (word === 'be' || word === 'have'));
  if (!base) return undefined;
  // "(e) Defend Trade Secrets Act Notice:": two or more later words of four letters or more, all capitalised, make a heading.
  const longWords = tokens.slice(index + 1).filter((after) => /^\p{L}{4,}$/u.test(after.text));
  if (longWords.length > 1 && longWords.every((after) => /^\p{Lu}/u.test(after.text))) return undefined;
  // No Finite but the verb itself (a base verb opening the clause may have been read as a command's).
  for (let at = 0; at < tokens.length; at += 1) if (at !== index && tokens[at]?.isFinite) return undefined;
  return { opener, operator: state.operator, from };
}

/**
 * The state after `clause` (whose membership `member` gives); `heading`: the clause is a heading;
 * `disabled`: the rule ids switched off (MODALITY.LIST_OPENER_TO).
 */
export function advanceList(
  state: ListState,
  clause: Syntactic,
  member: ListMember | undefined,
  heading: boolean,
  disabled?: ReadonlySet<string>,
): ListState {
  const operator = listOpenerOperator(clause, disabled);
  const sentence = clause.sentenceIndex;
  if (operator >= 0)
    return { opener: clause, operator, gap: 0, memberSentence: -1, afterEnumerator: false, sentence };
  if (state.opener === undefined) return state.sentence === sentence ? state : { ...state, sentence };
  if (heading) return { ...NO_LIST, sentence };
  if (member !== undefined)
    return { ...state, gap: 0, memberSentence: sentence, afterEnumerator: false, sentence };
  const { tokens } = clause;
  const end = enumeratorEnd(tokens);
  if (end >= 0 && end === tokens.length) return { ...state, gap: 0, afterEnumerator: true, sentence };
  // Another kind of list ("The following terms apply:") or a clause that is no member ends this one
  // once enough sentences have passed without a member.
  if (tokens[tokens.length - 1]?.text === ':' && end < 0) return { ...NO_LIST, sentence };
  const gap = sentence !== state.sentence && end < 0 ? state.gap + 1 : state.gap;
  if (gap > MAX_GAP_SENTENCES) return { ...NO_LIST, sentence };
  return { ...state, gap, afterEnumerator: false, sentence };
}
