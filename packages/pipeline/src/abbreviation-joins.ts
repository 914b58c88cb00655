import type { Upos } from '@cae/core';
import {
  CAPITALISED_REFERENCE_ABBREVIATIONS,
  COMPANY_CHAIN_PARTS,
  REFERENCE_ABBREVIATION_WORDS,
  REFERENCE_ABBREVIATIONS,
  TITLE_ABBREVIATIONS,
} from './lexicons/abbreviation-lexicon';
import { firstRule, type TableRule } from './rule-table';

/** The tokens the rows read (pass 1's tagged text, wink's tags). */
export interface AbbreviationTokens {
  readonly values: readonly string[];
  readonly lower: readonly string[];
  readonly pos: readonly Upos[];
  readonly starts: readonly number[];
  readonly ends: readonly number[];
}

/** A sentence cut right after an abbreviation's period, on one line. */
export interface AbbreviationCut {
  /** The abbreviation as written, without its final period ("Drs", "U.S.C"). */
  readonly word: string;
  /** Its lower-case form. */
  readonly lower: string;
  /** Index of the abbreviation's token ("Drs" of "Drs" "." or "No." written as one token). */
  readonly at: number;
  /** Index of the first token after the cut. */
  readonly next: number;
  /** End (exclusive) of the sentence after the cut. */
  readonly end: number;
}

/**
 * The abbreviation cut before token `next` (the first of a sentence ending at `end`; the sentence before
 * starts at `first`): the word before it ends in a period written against it ("Pat" "." or "No."), or
 * undefined.
 */
export function abbreviationCutAt(
  tokens: AbbreviationTokens,
  first: number,
  next: number,
  end: number,
): AbbreviationCut | undefined {
  const { values, starts, ends } = tokens;
  if (next <= first || end <= next) return undefined;
  const last = values[next - 1] ?? '';
  if (last === '.') {
    const at = next - 2;
    const word = values[at] ?? '';
    if (at < first || starts[next - 1] !== ends[at] || !ABBREVIATION_WORD.test(word)) return undefined;
    return { word, lower: word.toLowerCase(), at, next, end };
  }
  if (!ABBREVIATION_WITH_PERIOD.test(last)) return undefined;
  const word = last.slice(0, -1);
  return { word, lower: word.toLowerCase(), at: next - 1, next, end };
}

/** A word an abbreviation's period may follow: letters, with inner periods ("U.S.C"). */
const ABBREVIATION_WORD = /^\p{L}(?:[\p{L}.]*\p{L})?$/u;
/** An abbreviation wink keeps with its period as one token ("No.", "U.S.C."). */
const ABBREVIATION_WITH_PERIOD = /^\p{L}(?:[\p{L}.]*\p{L})?\.$/u;

/** A Roman numeral of one to six letters (not a lone "I", the pronoun): "II", "V", "XIV", "iv". */
const ROMAN = /^(?:X{0,3})(?:IX|IV|V?I{0,3})$|^(?:x{0,3})(?:ix|iv|v?i{0,3})$/;

/**
 * Whether the token at `index` is a number or numeral-like token a reference abbreviation points at:
 * digits ("5", "5,123,456", "3-4", "80C.14"), a section or paragraph sign or "#", a Roman numeral (not
 * "I" or "i", the pronoun), a label of capitals and digits ("A-1"), or a number in brackets ("Tel. (212)
 * 555-0100").
 */
function referenceNumberAt(tokens: AbbreviationTokens, index: number): boolean {
  const value = tokens.values[index] ?? '';
  if (/^(?:\d|[§¶#]|\p{Lu}{1,3}-?\d)/u.test(value)) return true;
  if (value === '(')
    return /^\d/.test(tokens.values[index + 1] ?? '') && tokens.starts[index + 1] === tokens.ends[index];
  return value.length > 0 && value.length <= 6 && value !== 'I' && value !== 'i' && ROMAN.test(value);
}

/** Tags of a word before which a lower-case reference abbreviation that is also a word ("no", "art") is the abbreviation. */
const BEFORE_LOWER_REFERENCE: ReadonlySet<Upos> = new Set<Upos>(['NOUN', 'PROPN', 'NUM', 'ADP']);

/** Tags (wink's) a capitalised word after a title cannot have as a name: words that open sentences. */
const NOT_A_NAME: ReadonlySet<Upos> = new Set<Upos>([
  'DET',
  'PRON',
  'ADP',
  'CCONJ',
  'SCONJ',
  'AUX',
  'PART',
  'INTJ',
  'ADV',
  'VERB',
  'NUM',
  'PUNCT',
  'SYM',
]);

const capitalised = (lower: string): string => (lower[0] ?? '').toUpperCase() + lower.slice(1);

/**
 * Whether the abbreviation at `at` written as `word` is a reference abbreviation ("No", "Sec", "para",
 * "U.S.C"): in lower case, capitalised, with inner periods as written, or in capitals where that is not
 * another word ("NO", not "SEC"); a lower-case one that is also a word ("no", "art") only after a noun,
 * a name, a number or a preposition.
 */
function referenceAbbreviation(tokens: AbbreviationTokens, word: string, at: number): boolean {
  const lower = word.toLowerCase();
  if (!REFERENCE_ABBREVIATIONS.has(lower)) return false;
  if (lower.includes('.') || word === capitalised(lower)) return true;
  if (word === lower)
    return !REFERENCE_ABBREVIATION_WORDS.has(lower) || BEFORE_LOWER_REFERENCE.has(tokens.pos[at - 1] ?? 'X');
  return word === word.toUpperCase() && CAPITALISED_REFERENCE_ABBREVIATIONS.has(lower);
}

/**
 * The abbreviation token at `index` with its period (as one token, "No.", or as the word and a period
 * written against it, "No" "."), without the period; undefined when the token has no period.
 */
function abbreviationAt(tokens: AbbreviationTokens, index: number): string | undefined {
  const value = tokens.values[index] ?? '';
  if (ABBREVIATION_WITH_PERIOD.test(value)) return value.slice(0, -1);
  if (
    ABBREVIATION_WORD.test(value) &&
    tokens.values[index + 1] === '.' &&
    tokens.starts[index + 1] === tokens.ends[index]
  )
    return value;
  return undefined;
}

/** A name after a title: a capitalised word or an initial ("J."), not a word that opens sentences. */
function nameAt(tokens: AbbreviationTokens, index: number): boolean {
  const value = tokens.values[index] ?? '';
  if (!/^\p{Lu}(?:\.|[\p{L}'’-]+)$/u.test(value)) return false;
  return !NOT_A_NAME.has(tokens.pos[index] ?? 'X');
}

/** One row of the abbreviation joins: `when` holds where the cut is no sentence's end. */
export type AbbreviationJoinRule = TableRule<AbbreviationCut, AbbreviationTokens, true>;

const join = (): true => true;

/**
 * Where wink-nlp ends a sentence after an abbreviation it does not know, the rows that join the two
 * pieces again (the cut is on one line; the first row whose `when` holds decides). `expect` of an
 * example: the sentence that stays whole.
 */
export const ABBREVIATION_JOIN_RULES: readonly AbbreviationJoinRule[] = [
  {
    // "U.S. Pat. | No. 5,123,456", "ext. | 4455", "Minn. Stat. | § 80C.14", "Exh. | A-1", "Tel. | (212)": an
    // abbreviation of a reference (lexicons/abbreviation-lexicon.ts) is followed by the number it refers to.
    id: 'SPLIT.ABBREVIATION_REFERENCE_NUMBER',
    when: (cut, tokens) =>
      referenceAbbreviation(tokens, cut.word, cut.at) && referenceNumberAt(tokens, cut.next),
    decide: join,
    examples: [
      {
        text: 'Ring me at ext. 2210 after lunch, or see para. 4 of the memo.',
        expect: 'Ring me at ext. 2210 after lunch, or see para. 4 of the memo.',
      },
      {
        text: 'The rule in Sec. 12 applies to all tenants.',
        expect: 'The rule in Sec. 12 applies to all tenants.',
      },
    ],
  },
  {
    // "Pat. | No. 5", "Ser. | No. 78", "Tel. | No.: 555": a reference abbreviation followed by another,
    // with its period.
    id: 'SPLIT.ABBREVIATION_REFERENCE_CHAIN',
    when: (cut, tokens) => {
      if (!referenceAbbreviation(tokens, cut.word, cut.at)) return false;
      const next = abbreviationAt(tokens, cut.next);
      return next !== undefined && referenceAbbreviation(tokens, next, cut.next);
    },
    decide: join,
    examples: [
      {
        text: 'Our design is covered by Pat. No. 7,001,002 in two countries.',
        expect: 'Our design is covered by Pat. No. 7,001,002 in two countries.',
      },
      {
        text: 'Quote App. No. 44 when you write.',
        expect: 'Quote App. No. 44 when you write.',
      },
    ],
  },
  {
    // "Drs. | Smith and Jones", "Mmes. | Roy and Ortiz", "Rev. | Amos Hale", "Rt. | Hon. Jane Lee": a
    // title, capitalised, before a name (a capitalised word or an initial that wink does not tag as a
    // word opening a sentence: "... to the Rev. | Then we left." stays cut). Not "Jr." or "Sr.", which
    // follow a name.
    id: 'SPLIT.ABBREVIATION_TITLE_NAME',
    when: (cut, tokens) => {
      if (!TITLE_ABBREVIATIONS.has(cut.lower) || !/^\p{Lu}/u.test(cut.word)) return false;
      const next = abbreviationAt(tokens, cut.next);
      if (next !== undefined && TITLE_ABBREVIATIONS.has(next.toLowerCase())) return true;
      return nameAt(tokens, cut.next);
    },
    decide: join,
    examples: [
      {
        text: 'The panel thanked Drs. Okafor and Lind for the report.',
        expect: 'The panel thanked Drs. Okafor and Lind for the report.',
      },
      {
        text: 'Mass was said by Fr. Dominic Walsh on Sunday.',
        expect: 'Mass was said by Fr. Dominic Walsh on Sunday.',
      },
    ],
  },
  {
    // "ABC Pvt. | Ltd.", "Tan Sdn. | Bhd.", "Hale Bros. | Inc.": a part of a company's name written with a
    // period, and the next part of the chain after it (lexicons/abbreviation-lexicon.ts). "... to Acme
    // Pty. Ltd. | The Buyer ..." stays cut after "Ltd.".
    id: 'SPLIT.ABBREVIATION_COMPANY_CHAIN',
    when: (cut, tokens) => {
      const parts = COMPANY_CHAIN_PARTS[cut.lower];
      if (parts === undefined) return false;
      const next = (tokens.values[cut.next] ?? '').replace(/\./g, '').toLowerCase();
      return parts.has(next);
    },
    decide: join,
    examples: [
      {
        text: 'The mill was sold to Patel Textiles Pvt. Ltd. last year.',
        expect: 'The mill was sold to Patel Textiles Pvt. Ltd. last year.',
      },
      {
        text: 'Goods are made by Lim Sdn. Bhd. in Penang.',
        expect: 'Goods are made by Lim Sdn. Bhd. in Penang.',
      },
    ],
  },
];

/** The ids of the abbreviation joins, in table order (each switchable through `disabledRules`). */
export const ABBREVIATION_JOIN_RULE_IDS: readonly string[] = ABBREVIATION_JOIN_RULES.map((rule) => rule.id);

/** The id of the row that joins the sentences at the cut, or undefined when none does (or it is switched off). */
export function abbreviationJoinRule(
  cut: AbbreviationCut,
  tokens: AbbreviationTokens,
  disabled?: ReadonlySet<string>,
): string | undefined {
  return firstRule(ABBREVIATION_JOIN_RULES, cut, tokens, disabled)?.rule;
}
