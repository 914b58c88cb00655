import { firstRule, type TableRule } from './rule-table';

/** The tokens and sentences the rows read (pass 1's tagged text), and the text they index. */
export interface TailTokens {
  readonly text: string;
  readonly values: readonly string[];
  readonly starts: readonly number[];
  readonly ends: readonly number[];
}

/** A sentence cut right after another on one line: the tokens [first, end) follow the sentence [previous, first). */
export interface SentenceCut {
  readonly previous: number;
  readonly first: number;
  readonly end: number;
}

/**
 * One row: `when` the opening tokens of the sentence after a cut belong to the sentence before it,
 * `decide` says how many (all of them: the cut is none).
 */
export type SentenceTailRule = TableRule<SentenceCut, TailTokens, number>;

/** What a reference in brackets may hold: a number, numbers with commas or a dash, an ellipsis. */
const CITATION_INSIDE = /^(?:\d{1,4}(?:[-–,]\d{1,4})*|,|\.{3}|…)$/;
/** Marks that end the sentence the reference closes (a full stop, and closing quotation marks after it). */
const SENTENCE_END = /^(?:[.!?]+|["'”’)]+)$/;
/** Closing quotation marks. */
const CLOSING_QUOTES = /^["'”’]+$/;

/** How many tokens from `first` make a reference in square brackets ("[ 17 ]", "[ 3, 4 ]", "[ ... ]"), or 0. */
function citationLength(tokens: TailTokens, first: number, end: number): number {
  if (tokens.values[first] !== '[') return 0;
  let at = first + 1;
  while (at < end && at - first <= 6 && CITATION_INSIDE.test(tokens.values[at] ?? '')) at += 1;
  return at > first + 1 && at < end && tokens.values[at] === ']' ? at + 1 - first : 0;
}

/** Whether the white space between two tokens holds a line break. */
function lineBreakBetween(tokens: TailTokens, before: number, after: number): boolean {
  return lineBreaks(tokens.text, tokens.ends[before] ?? 0, tokens.starts[after] ?? 0) > 0;
}

/** Line breaks in `text` between `from` and `to`. */
export function lineBreaks(text: string, from: number, to: number): number {
  let count = 0;
  for (let at = from; at < to; at += 1) if (text.charCodeAt(at) === 10) count += 1;
  return count;
}

/**
 * The rows, in order: the first whose `when` holds moves the tokens it counts from the sentence after a
 * cut to the sentence before (a sentence left empty is dropped). Both need the cut on one line.
 */
export const SENTENCE_TAIL_RULES: readonly SentenceTailRule[] = [
  {
    // "... and in 1799 entered the school of Dr. Glennie, in Dulwich. [17]": a reference in square
    // brackets after a sentence's full stop closes that sentence (GUM train: 130 of 130, the number a
    // `dep` of the sentence's root); wink opens the next sentence with it.
    id: 'SPLIT.CITATION_MARK',
    when: (cut, tokens) =>
      SENTENCE_END.test(tokens.values[cut.first - 1] ?? '') &&
      !lineBreakBetween(tokens, cut.first - 1, cut.first) &&
      citationLength(tokens, cut.first, cut.end) > 0,
    decide: (cut, tokens) => citationLength(tokens, cut.first, cut.end),
    examples: [
      {
        text: 'In 1801 he was sent to Harrow, where he stayed until 1805. [6] He then went to Cambridge.',
        expect: 'In 1801 he was sent to Harrow, where he stayed until 1805. [6]',
      },
      {
        text: 'Pain leads to reduced activity and weaker muscles. [3, 4]',
        expect: 'Pain leads to reduced activity and weaker muscles. [3, 4]',
      },
    ],
  },
  {
    // "He did comment on what he meant by the phrase. '": closing quotation marks left alone after a
    // full stop (a space before them) close the sentence before; wink makes them a sentence of their own.
    id: 'SPLIT.CLOSING_QUOTE_ALONE',
    when: (cut, tokens) =>
      cut.end === cut.first + 1 &&
      CLOSING_QUOTES.test(tokens.values[cut.first] ?? '') &&
      SENTENCE_END.test(tokens.values[cut.first - 1] ?? '') &&
      !lineBreakBetween(tokens, cut.first - 1, cut.first),
    decide: () => 1,
    examples: [
      {
        text: "He did comment on what he meant by the phrase. '",
        expect: "He did comment on what he meant by the phrase. '",
      },
      { text: 'She wrote, "We left at noon. "', expect: 'She wrote, "We left at noon. "' },
    ],
  },
  {
    // "... they would be protected due to minority rights. 4": a number of one to three digits alone after
    // a sentence's full stop on its line is the sentence's footnote mark, no sentence of its own (a number
    // that opens the next sentence has its words after it).
    id: 'SPLIT.FOOTNOTE_NUMBER',
    when: (cut, tokens) =>
      cut.end === cut.first + 1 &&
      /^\d{1,3}$/.test(tokens.values[cut.first] ?? '') &&
      /^[.!?]+$/.test(tokens.values[cut.first - 1] ?? '') &&
      !lineBreakBetween(tokens, cut.first - 1, cut.first),
    decide: () => 1,
    examples: [
      {
        text: 'Most countries now have some form of representative government. 5',
        expect: 'Most countries now have some form of representative government. 5',
      },
      {
        text: 'They would be protected due to minority rights. 4',
        expect: 'They would be protected due to minority rights. 4',
      },
    ],
  },
];

export const SENTENCE_TAIL_RULE_IDS: readonly string[] = SENTENCE_TAIL_RULES.map((rule) => rule.id);

/** How many opening tokens of the sentence after `cut` the first row moves to the sentence before (0: none). */
export function sentenceTail(cut: SentenceCut, tokens: TailTokens, disabled?: ReadonlySet<string>): number {
  return firstRule(SENTENCE_TAIL_RULES, cut, tokens, disabled)?.outcome ?? 0;
}
