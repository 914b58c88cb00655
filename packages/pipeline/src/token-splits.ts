import type { Upos } from '@cae/core';
import { firstRule, type TableRule } from './rule-table';

/** The tokens the rows read (pass 1's tagged text), with the sentence [start, end) the token is in. */
export interface SplitTokens {
  readonly values: readonly string[];
  readonly starts: readonly number[];
  readonly ends: readonly number[];
  /** The sentence's first token and the index past its last. */
  readonly start: number;
  readonly end: number;
}

/** A word inside a token: its length in characters and tag. */
export interface TokenPiece {
  readonly length: number;
  readonly pos: Upos;
}

/** One row: `when` the token at `index` is several of UD's words, `decide` gives them in order. */
export type TokenSplitRule = TableRule<number, SplitTokens, readonly TokenPiece[]>;

const piece = (length: number, pos: Upos): TokenPiece => ({ length, pos });

/** A number, a hyphen, a number: "13-17", "1998-30", "3:00-5:00". */
const RANGE = /^(\d+(?:[.,:]\d+)*)-(\d+(?:[.,:]\d+)*)$/;
/** A number written with a minus or a dash against it: "-0.3931", "-2:30". */
const SIGNED_NUMBER = /^-\d+(?:[.,:]\d+)*$/;
const DIGITS = /^\d+$/;

/**
 * Whether the two numbers of "A-B" are one number of UD's (a telephone number or extension, a ZIP+4
 * code: "345-9945", "3-5213", "77415-0027"; "600-480"), kept whole as EWT train keeps them (34 of 34),
 * rather than a range: a second part of four digits or more (not a range of years), or two parts of
 * three digits or more where the second is the smaller (a range runs upwards: "400-500", "1535-1611",
 * which EWT and GUM train split).
 */
function numberCode(left: string, right: string): boolean {
  if (!DIGITS.test(left) || !DIGITS.test(right)) return false;
  if (right.length >= 4) return !yearRange(left, right);
  return left.length >= 3 && right.length >= 3 && Number(right) < Number(left);
}

/** "1998-2003": two years, a range (a telephone number of three and four digits cannot start so). */
const yearRange = (left: string, right: string): boolean =>
  left.length === 4 && /^(?:1[5-9]|20)/.test(left) && /^(?:1[5-9]|20)/.test(right);

/** A web address written whole by wink ("http://home.enron.com/meeting.", "www.site.com,"). */
const WEB_ADDRESS = /^(?:https?:\/\/|www\.)\S*[\p{L}\p{N}/]/iu;
/** Marks that end a sentence or close a quotation after a web address, and are no part of it. */
const ADDRESS_TRAIL = /[.,;:!?'"”’)]+$/;

/** A run of periods ("..", "..."). */
const PERIODS = /^\.{2,}$/;
/** A word with a period written against it ("etc.", "G."). */
const WORD_PERIOD = /^[\p{L}\p{N}]+\.$/u;

/**
 * The rows, in order: the first whose `when` holds splits the token. wink-nlp keeps these whole where UD
 * English writes several words, and a word whose gold head is such a token cannot be scored right.
 */
export const TOKEN_SPLIT_RULES: readonly TokenSplitRule[] = [
  {
    // "aged 13-17", "from 1998-30 June", "at 3:00-5:00": a range of numbers is three words in UD
    // English, the two numbers and the hyphen (EWT and GUM train: 81 ranges split; 34 telephone numbers
    // kept whole, see `numberCode`). A label with its number ("Sector-37", "COVID-19") is split in UD too,
    // but left whole here: split, the parser attaches its parts worse than it attaches the whole (EWT and
    // GUM dev: 12 more words scored, 1 more head right).
    id: 'TOKEN.NUMBER_RANGE',
    when: (index, tokens) => {
      const match = RANGE.exec(tokens.values[index] ?? '');
      return match !== null && !numberCode(match[1]!, match[2]!);
    },
    decide: (index, tokens) => {
      const value = tokens.values[index]!;
      const hyphen = value.indexOf('-');
      return [piece(hyphen, 'NUM'), piece(1, 'SYM'), piece(value.length - hyphen - 1, 'NUM')];
    },
    examples: [
      { text: 'People aged 13-17 may travel alone.', expect: '13 - 17' },
      { text: 'We wait about 15-20 minutes after the injection.', expect: '15 - 20' },
    ],
  },
  {
    // "Intercept: -0.3931", "from 1:30 -2:30": a minus or a dash written against a number is a word of
    // its own in UD English (EWT and GUM train: 4 of 4).
    id: 'TOKEN.SIGNED_NUMBER',
    when: (index, tokens) => SIGNED_NUMBER.test(tokens.values[index] ?? ''),
    decide: (index, tokens) => [piece(1, 'SYM'), piece(tokens.values[index]!.length - 1, 'NUM')],
    examples: [
      { text: 'The intercept was -0.3931 in the first model.', expect: '- 0.3931' },
      { text: 'We meet on Tuesday from 1:30 -2:30 in room four.', expect: '- 2:30' },
    ],
  },
  {
    // "at http://home.enron.com/employeemeeting." "File: 'http://go.msn.com/x.asp'": the full stop or
    // the quotation mark after a web address wink keeps whole is no part of the address.
    id: 'TOKEN.ADDRESS_TRAIL',
    when: (index, tokens) => {
      const value = tokens.values[index] ?? '';
      // An address cut short with dots ("http://blog.example.com/some-techniques-to-...") keeps them.
      return WEB_ADDRESS.test(value) && ADDRESS_TRAIL.test(value) && !value.endsWith('..');
    },
    decide: (index, tokens) => {
      const value = tokens.values[index]!;
      const trail = ADDRESS_TRAIL.exec(value)![0];
      return [piece(value.length - trail.length, 'X'), ...[...trail].map(() => piece(1, 'PUNCT'))];
    },
    examples: [
      {
        text: 'You can watch the event at http://home.example.com/meeting.',
        expect: 'http://home.example.com/meeting .',
      },
      {
        text: "The file was 'http://go.example.com/x.asp' and nothing else",
        expect: "http://go.example.com/x.asp '",
      },
    ],
  },
  {
    // "(read the whole column here ):", "(Williams, 2010):": wink reads ")" and ":" as a frown; with a
    // bracket open before it in the sentence, it closes the bracket and a colon follows.
    id: 'TOKEN.BRACKET_COLON',
    when: (index, tokens) => tokens.values[index] === '):' && openBracketBefore(tokens, index),
    decide: () => [piece(1, 'PUNCT'), piece(1, 'PUNCT')],
    examples: [
      { text: 'This bit is too good to pass up (read the whole column here ): it is short.', expect: ') :' },
      { text: 'We follow a four step approach (Williams, 2010): first we read.', expect: ') :' },
    ],
  },
  {
    // "etc...i guess", "for 3G...only way": wink cuts an ellipsis after a word as the word with one period
    // and the rest ("etc." ".."); the word loses its period, and TOKEN.PUNCTUATION_RUN makes the
    // periods one token again, as UD writes them ("etc" "...").
    id: 'TOKEN.WORD_ELLIPSIS',
    when: (index, tokens) =>
      index + 1 < tokens.end &&
      WORD_PERIOD.test(tokens.values[index] ?? '') &&
      PERIODS.test(tokens.values[index + 1] ?? '') &&
      tokens.starts[index + 1] === tokens.ends[index],
    decide: (index, tokens) => [piece(tokens.values[index]!.length - 1, 'X'), piece(1, 'PUNCT')],
    examples: [
      { text: 'I want to use it in my car, out and about etc...i guess like a phone.', expect: 'etc ...' },
      { text: 'We will need Plan B...then we ran.', expect: 'B ...' },
    ],
  },
  {
    // "No under 12's.", "the 70's and 80's.": wink cuts a decade's plural at a sentence's end into "80",
    // "'" and "s." with the full stop; the "s" and the stop are two words again, and TOKEN.WRITTEN_WORD
    // makes "80's" one word, as UD writes it.
    id: 'TOKEN.PLURAL_NUMBER_PERIOD',
    when: (index, tokens) =>
      tokens.values[index] === 's.' &&
      index >= tokens.start + 2 &&
      /^['’]$/.test(tokens.values[index - 1] ?? '') &&
      /^\d+$/.test(tokens.values[index - 2] ?? '') &&
      tokens.starts[index] === tokens.ends[index - 1] &&
      tokens.starts[index - 1] === tokens.ends[index - 2],
    decide: () => [piece(1, 'PART'), piece(1, 'PUNCT')],
    examples: [
      { text: "Old movie posters from the 70s and 80's.", expect: "80's ." },
      { text: "No under 12's.", expect: "12's ." },
    ],
  },
  {
    // "a guy named Koerner called 'A Charge to Keep.'": wink keeps an opening single quotation mark on a
    // capital letter that is a word of its own ("'A"); UD writes the mark and the word. Against the word
    // before it, the mark and letter are a clitic written in capitals ("JOHN'S", "WE'D") and stay whole.
    id: 'TOKEN.QUOTE_LETTER',
    when: (index, tokens) =>
      /^['‘]\p{Lu}$/u.test(tokens.values[index] ?? '') &&
      (index === tokens.start || tokens.starts[index]! > tokens.ends[index - 1]!),
    decide: () => [piece(1, 'PUNCT'), piece(1, 'X')],
    examples: [
      { text: "The painting is based upon the hymn called, 'A Charge to Keep.'", expect: "' A Charge" },
      { text: "She gave it the title 'A Day Out' and sent it off.", expect: "' A Day" },
    ],
  },
];

/** Whether a "(" opens before `index` in its sentence and no ")" closes it. */
function openBracketBefore(tokens: SplitTokens, index: number): boolean {
  let depth = 0;
  for (let at = tokens.start; at < index; at += 1) {
    const value = tokens.values[at];
    if (value === '(') depth += 1;
    else if (value === ')' && depth > 0) depth -= 1;
  }
  return depth > 0;
}

export const TOKEN_SPLIT_RULE_IDS: readonly string[] = TOKEN_SPLIT_RULES.map((rule) => rule.id);

/** The words of the token at `index` (by the first row whose `when` holds), or undefined when none splits it. */
export function tokenPieces(
  index: number,
  tokens: SplitTokens,
  disabled?: ReadonlySet<string>,
): readonly TokenPiece[] | undefined {
  return firstRule(TOKEN_SPLIT_RULES, index, tokens, disabled)?.outcome;
}

/** Hyphens that join words: the ASCII hyphen-minus and U+2010. */
export const JOINING_HYPHENS: ReadonlySet<string> = new Set(['-', '‐']);

/**
 * Whether the token at `hyphen` is a hyphen that touches the tokens on both sides, with no space between
 * ("well-known", "in-depth"): the tokeniser splits such a word into three tokens. `startOf` and `endOf` give
 * a token's character offsets (undefined past the text).
 */
export function isJoiningHyphen(
  lower: readonly string[],
  hyphen: number,
  startOf: (index: number) => number | undefined,
  endOf: (index: number) => number | undefined,
): boolean {
  if (hyphen < 1 || !JOINING_HYPHENS.has(lower[hyphen] ?? '')) return false;
  const before = endOf(hyphen - 1);
  const after = startOf(hyphen + 1);
  return before !== undefined && after !== undefined && before === startOf(hyphen) && endOf(hyphen) === after;
}
