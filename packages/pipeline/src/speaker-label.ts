import type { Ideational, Syntactic, Token } from '@cae/core';
import type { ViewArrays } from './clause-view';
import { MINOR_CLOSERS, MINOR_EXPRESSIONS } from './lexicons/mood-lexicon';

/**
 * Lines that open with a speaker's or a line's label: "Q: When did you first notice the leak?", "TENANT: Can
 * you fix the heater?", "MR. SMITH: Objection.", "Image: Paul Budd.". Pass 1 parses the label and the utterance
 * apart and joins the trees as UD annotates such lines (TREE.SPEAKER_LABEL: the label's root is the sentence's
 * root, the utterance hangs on it); pass 2 reads the clause's mood from the utterance alone
 * (MOOD.SPEAKER_LABEL), and so do its participants (PARTICIPANT.SPEAKER_LABEL) and its theme
 * (THEME.SPEAKER_LABEL); a WH-word right after the label opens a question (SEGMENT.SPEAKER_LABEL).
 */
export const SPEAKER_LABEL_TREE = 'TREE.SPEAKER_LABEL';
export const SPEAKER_LABEL_MOOD = 'MOOD.SPEAKER_LABEL';
export const SPEAKER_LABEL_SEGMENT = 'SEGMENT.SPEAKER_LABEL';
/** Participants, circumstances and process of a label line come from its utterance ("JOHN" is no Actor). */
export const SPEAKER_LABEL_PARTICIPANTS = 'PARTICIPANT.SPEAKER_LABEL';
/** The theme of a label line is the utterance's ("Q" is no topical theme); the label comes before it. */
export const SPEAKER_LABEL_THEME = 'THEME.SPEAKER_LABEL';

/** A line of a transcript's question or answer: "Q." or "A." opening the line, then the utterance. */
const TRANSCRIPT_LINE = /^[ \t]*([QA])\.[ \t]+\S/gm;

/**
 * Where the "Q." and "A." labels of a transcript's lines start ("Q. Please state your name for the record." |
 * "A. Maria Lopez."): empty unless the text has lines of both kinds, so an initial ("A. Smith signed") or a
 * list letter in other text is none (TOKEN.TRANSCRIPT_LABEL).
 */
export function transcriptLabelStarts(text: string): Set<number> {
  const starts = new Set<number>();
  if (!text.includes('Q.') || !text.includes('A.')) return starts;
  const kinds = new Set<string>();
  for (const match of text.matchAll(TRANSCRIPT_LINE)) {
    starts.add((match.index ?? 0) + match[0].indexOf(match[1] as string));
    kinds.add(match[1] as string);
  }
  return kinds.size < 2 ? new Set() : starts;
}

/** A word of a label: capitalised, a number or a short date ("Q", "MR.", "Tenant", "Speaker 2", "O'NEILL", "UPDATE 6/12"). */
const LABEL_WORD = /^(?:[\p{Lu}\d][\p{L}\d.'’&-]*|\d{1,2}\/\d{1,2}(?:\/\d{2,4})?)$/u;
const LETTER = /\p{L}/u;
const LOWER_LETTER = /\p{Ll}/u;
/** Words of a label before its colon, at most. */
const LABEL_WORDS = 4;
/** Tokens after the colon, at least, for the line to be a label and an utterance. */
const UTTERANCE_TOKENS = 2;

/** A word in lower case: what an utterance has and a name, a title or a reference in capitals does not. */
const LOWER_WORD = /^\p{Ll}\p{L}/u;

/** A time of day or a date that a chat or transcript line opens with ("10:02", "10:02:15", "2026-03-03"). */
const CLOCK_TIME = /^\d{1,2}:\d{2}(?::\d{2})?$/;
/** Whether `value` is a time of day as a stamp writes it ("10:02", "10:02:15"). */
export function isClockTime(value: string): boolean {
  return CLOCK_TIME.test(value);
}
const DATE = /^(?:\d{4}-\d{2}-\d{2}|\d{1,2}\/\d{1,2}\/\d{2,4})$/;
const DAY_HALF = /^(?:am|pm|a\.m\.|p\.m\.)$/i;
const CLOSING_BRACKET: Readonly<Record<string, string>> = { '[': ']', '(': ')' };

/**
 * The index after the time stamp that opens `values` at `start` ("[10:02]", "(10:02)", "10:02 AM",
 * "[2026-03-03 10:02:15]"), or `start` when there is none: a time of day, a date before it or alone, a
 * half of the day, in brackets or not.
 */
export function timestampEnd(values: ArrayLike<string>, start = 0, end = values.length): number {
  let at = start;
  const close = CLOSING_BRACKET[values[at] as string];
  if (close !== undefined) at += 1;
  const first = at;
  if (at < end && DATE.test(values[at] as string)) {
    at += 1;
    // A chat export's "[3/4/24, 9:15 AM]": a comma between the date and the time.
    if (values[at] === ',' && at + 1 < end && CLOCK_TIME.test(values[at + 1] as string)) at += 1;
  }
  if (at < end && CLOCK_TIME.test(values[at] as string)) {
    at += 1;
    if (at < end && DAY_HALF.test(values[at] as string)) at += 1;
  }
  if (at === first) return start;
  if (close === undefined) return STAMP_DASHES.has(values[at] as string) && at + 1 < end ? at + 1 : at;
  return values[at] === close ? at + 1 : start;
}

/** A dash between a time stamp and the label after it ("3/4/24, 9:15 AM - Dana: ..."). */
const STAMP_DASHES: ReadonlySet<string> = new Set(['-', '–', '—']);
/** A capitalised word in lower case after its capital: a title's first word ("Chief", "Analyst"). */
const CAPITALISED_NAME = /^\p{Lu}\p{Ll}/u;

/**
 * Lines that open with a speaker's label, as a chat export or a transcript writes them ("Dana: hey is it still
 * available", "[3/4/24, 9:15 AM] Mr. Ruiz: yes it is!"): a time stamp or not, one to four words (the first
 * capitalised) and a colon at the start of a line. SPLIT.LABEL_LINE reads the lines' labels in a text that has
 * at least two.
 */
const LABEL_LINE_START =
  /^[ \t]*(?:[[(]?[\d/.,: -]*\d(?:[ \t]*[AaPp]\.?[Mm]\.?)?[\])]?[ \t]*[-–—]?[ \t]*)?\p{Lu}[\p{L}.'’&-]*(?:[ \t]+[\p{L}\d.'’&()-]+){0,3}[ \t]*:[ \t]/gmu;

/** Whether `text` has at least two lines that open with a speaker's label (SPLIT.LABEL_LINE). */
export function hasLabelLines(text: string): boolean {
  if (!text.includes(':') || !text.includes('\n')) return false;
  let count = 0;
  LABEL_LINE_START.lastIndex = 0;
  while (LABEL_LINE_START.exec(text) !== null) if (++count >= 2) return true;
  return false;
}

/** Words a line of running text wrapped by hand often breaks after, and a chat message seldom ends with. */
const WRAP_WORDS: ReadonlySet<string> = new Set(
  'the a an of to and or in for with on at by from that is are was were be as this'.split(' '),
);
/** The median length of a chat text's lines, at most: a message per line is short, a wrapped paragraph's lines are not. */
const CHAT_LINE_MEDIAN = 50;
/** The longest line of a chat text, at most. */
const CHAT_LINE_LONGEST = 300;

/**
 * SPLIT.CHAT_LINES: whether `text` reads as a chat or text-message thread written one message per line with
 * no label ("hey is the apartment on 5th st still available" | "yes it is! are you interested"): three lines
 * or more, their median length at most 50 characters and none longer than 300, half of them at least with no final mark, and
 * hardly any (a tenth at most) ending in a word a wrapped paragraph breaks after ("the", "of", "and"). In such
 * a text each line break ends a sentence. CUAD 1-400: no contract reads so.
 */
export function hasChatLines(text: string): boolean {
  if (!text.includes('\n')) return false;
  const lines: string[] = [];
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (trimmed.length > 0) lines.push(trimmed);
  }
  if (lines.length < 3) return false;
  const lengths = lines.map((line) => line.length).sort((a, b) => a - b);
  if ((lengths[Math.floor(lengths.length / 2)] ?? 0) > CHAT_LINE_MEDIAN) return false;
  // A paragraph written as one long line (a contract's clause, an e-mail's body) is no message of a thread.
  if ((lengths[lengths.length - 1] ?? 0) > CHAT_LINE_LONGEST) return false;
  let unmarked = 0;
  let wrapped = 0;
  for (const line of lines) {
    if (!/[.!?…:)]$/u.test(line)) unmarked += 1;
    const last = /([A-Za-z]+)$/.exec(line)?.[1]?.toLowerCase();
    if (last !== undefined && WRAP_WORDS.has(last)) wrapped += 1;
  }
  return unmarked * 2 >= lines.length && wrapped * 10 <= lines.length;
}

/** Words in brackets after a label's name, at most ("Agent (Priya)", "Witness (Dr. Lee)"). */
const BRACKETED_LABEL_WORDS = 3;

/**
 * The index in `values` of the colon that closes a label opening them, or -1: one to four label words with a
 * letter among them, and a title after a comma or dash ("Maria Chen, Chief Financial Officer:") (after a time stamp, `timestampEnd`, and with a bracketed name after them: "[10:02]
 * Agent (Priya):"), then ":", then at least two tokens with a word in lower case among them (so that
 * "Source: ALLIED ESPORTS ENTERTAINMENT, INC., 8-K" and "MR. SMITH: Objection, Your Honor." stay lines read
 * whole), or, after a label in capitals, a minor expression and its closing mark ("A: Yes.").
 */
export function labelColon(values: ArrayLike<string>, start = 0, end = values.length): number {
  // A transcript's "Q." or "A." (TOKEN.TRANSCRIPT_LABEL made the letter and its period two tokens).
  if (
    (values[start] === 'Q' || values[start] === 'A') &&
    values[start + 1] === '.' &&
    end - start > 1 + UTTERANCE_TOKENS
  )
    return start + 1;
  const from = timestampEnd(values, start, end);
  let last = Math.min(end - 1 - UTTERANCE_TOKENS, from + LABEL_WORDS);
  let letter = false;
  let capitals = true;
  let titled = false;
  for (let index = from; index <= last; index += 1) {
    const value = values[index] as string;
    if (value === ':') {
      if (index === from || !letter) return -1;
      // A speaker's answer of a minor expression counts too ("A: Yes.", "THE WITNESS: No.", "Q: Okay."):
      // a label in capitals or after a time stamp, the expression, a closing mark (a form's "Pets: No" stays a
      // line read whole).
      if (
        (capitals || from > start) &&
        MINOR_EXPRESSIONS.has((values[index + 1] as string).toLowerCase()) &&
        MINOR_CLOSERS.has(values[index + 2] as string)
      )
        return index;
      for (let after = index + 1; after < end; after += 1)
        if (LOWER_WORD.test(values[after] as string)) return index;
      return -1;
    }
    if (value === '(' && letter && values[index - 1] !== ')') {
      // "Agent (Priya):": a name in brackets after the label's words, then the colon.
      let close = index + 1;
      while (
        close < end &&
        close <= index + BRACKETED_LABEL_WORDS &&
        LABEL_WORD.test(values[close] as string)
      )
        close += 1;
      if (close === index + 1 || values[close] !== ')' || values[close + 1] !== ':') return -1;
      last = Math.min(end - 1 - UTTERANCE_TOKENS, close + 1);
      index = close;
      continue;
    }
    // "Maria Chen, Chief Financial Officer:", an earnings call's speaker and her title after a comma or a dash.
    if (
      (value === ',' || STAMP_DASHES.has(value)) &&
      letter &&
      !titled &&
      CAPITALISED_NAME.test(values[index + 1] as string)
    ) {
      titled = true;
      last = Math.min(end - 1 - UTTERANCE_TOKENS, index + LABEL_WORDS + 1);
      continue;
    }
    if (!LABEL_WORD.test(value)) return -1;
    if (LETTER.test(value)) letter = true;
    if (LOWER_LETTER.test(value)) capitals = false;
  }
  return -1;
}

/** The utterance of a clause that opens with a label, as a clause of its own, and the label. */
export interface SpeakerUtterance {
  readonly label: string;
  /** Tokens of the clause before the utterance (the label and its colon): what its token indices are shifted by. */
  readonly offset: number;
  readonly syntactic: Syntactic;
  readonly arrays: ViewArrays | undefined;
}

/** A label opening the clause's tokens (`labelColon`) whose words hold the sentence's root: its colon and its words' starts. */
function rootLabel(tokens: readonly Token[]): { colon: number; labelStarts: Set<number> } | undefined {
  const colon = labelColon(
    tokens.map((token) => token.text),
    0,
    tokens.length,
  );
  if (colon < 0) return undefined;
  const labelStarts = new Set<number>();
  let labelRoot = false;
  for (let index = 0; index < colon; index += 1) {
    const token = tokens[index] as Token;
    labelStarts.add(token.start);
    if (token.headStart === null) labelRoot = true;
  }
  return labelRoot ? { colon, labelStarts } : undefined;
}

/** The utterance after the label's `colon`: its re-indexed `utterance` tokens, groups, text and arrays, `rootIndex` its root. */
function utteranceAfter(
  syntactic: Syntactic,
  arrays: ViewArrays | undefined,
  colon: number,
  utterance: Token[],
  rootIndex: number,
): SpeakerUtterance {
  const { tokens } = syntactic;
  const first = colon + 1;
  const groups = syntactic.groups
    .filter((group) => group.start >= first)
    .map((group) => ({
      ...group,
      start: group.start - first,
      end: group.end - first,
      head: group.head - first,
    }));
  const start = (tokens[first] as Token).start;
  return {
    label: tokens
      .slice(0, colon)
      .map((token) => token.text)
      .join(' '),
    offset: first,
    syntactic: {
      ...syntactic,
      text: syntactic.text.slice(start - syntactic.start),
      tokens: utterance,
      groups,
      rootIndex,
      start,
    },
    arrays:
      arrays === undefined
        ? undefined
        : {
            lower: arrays.lower.slice(first),
            lemma: arrays.lemma.slice(first),
            pos: arrays.pos.slice(first),
          },
  };
}

/**
 * The clause after its opening label, when the tree reads the line as a label and an utterance (the root of
 * the sentence among the label's words, the utterance's own root hanging on the label, nothing else crossing
 * the colon): the utterance's tokens re-indexed, its root the root, its groups kept. Otherwise undefined.
 */
export function speakerUtterance(syntactic: Syntactic, arrays?: ViewArrays): SpeakerUtterance | undefined {
  const { tokens } = syntactic;
  const label = rootLabel(tokens);
  if (label === undefined) return undefined;
  const { colon, labelStarts } = label;
  const first = colon + 1;
  // The label's words hang inside the label (the colon goes with the utterance).
  for (let index = 0; index < colon; index += 1) {
    const head = (tokens[index] as Token).headStart;
    if (head !== null && !labelStarts.has(head)) return undefined;
  }
  // The utterance's root hangs on the label; so may the mark that ends the line (UD hangs it on the root).
  // A word may hang on a later clause of the sentence ("A: I saw it in March, | and then I called him.").
  let top = -1;
  for (let index = first; index < tokens.length; index += 1) {
    const token = tokens[index] as Token;
    const head = token.headStart;
    if (head === null) return undefined;
    if (!labelStarts.has(head)) continue;
    if (token.pos === 'PUNCT') continue;
    if (top >= 0) return undefined;
    top = index;
  }
  if (top < 0) return undefined;
  const topStart = (tokens[top] as Token).start;
  const utterance = tokens.slice(first).map((token, index): Token => {
    if (index === top - first) return { ...token, index, headStart: null, deprel: 'root' };
    if (token.headStart !== null && labelStarts.has(token.headStart))
      return { ...token, index, headStart: topStart };
    return { ...token, index };
  });
  return utteranceAfter(
    syntactic,
    arrays,
    colon,
    utterance,
    syntactic.rootIndex >= first ? syntactic.rootIndex - first : top - first,
  );
}

/**
 * "ACTION: J. Alvarez to write to management.": a label before a non-finite utterance whose Subject stands
 * before "to". The tree hangs both on the label (the name as `appos`, the verb as `acl`), so
 * `speakerUtterance` does not take the line; its participants and theme (PARTICIPANT.LABEL_NON_FINITE,
 * THEME.LABEL_NON_FINITE) are read from the utterance with the verb as its root and the name as its Subject.
 */
export const LABEL_NON_FINITE_PARTICIPANTS = 'PARTICIPANT.LABEL_NON_FINITE';
export const LABEL_NON_FINITE_THEME = 'THEME.LABEL_NON_FINITE';

/** Parts of speech of the head of a Subject before "to" ("J. Alvarez", "the chair", "she"). */
const SUBJECT_HEADS = new Set(['PROPN', 'NOUN', 'PRON']);

/**
 * The utterance of a label line read as a non-finite clause with its Subject ("ACTION: J. Alvarez to write to
 * management", "TODO: Priya and Sam to check the invoices"), or undefined: a label (`labelColon`) whose words
 * hold the root of the sentence, and after the colon exactly two words hanging on the label (marks aside): a
 * nominal head, and after it a verb whose "to" comes right after the nominal's last word; everything else of
 * the utterance hangs inside it. The verb becomes the utterance's root, the nominal head its `nsubj`.
 */
export function nonFiniteUtterance(syntactic: Syntactic, arrays?: ViewArrays): SpeakerUtterance | undefined {
  const { tokens } = syntactic;
  const label = rootLabel(tokens);
  if (label === undefined) return undefined;
  const { colon, labelStarts } = label;
  const first = colon + 1;
  const tops: number[] = [];
  for (let index = first; index < tokens.length; index += 1) {
    const token = tokens[index] as Token;
    if (token.headStart === null) return undefined;
    if (labelStarts.has(token.headStart) && token.pos !== 'PUNCT') tops.push(index);
  }
  if (tops.length !== 2) return undefined;
  const [subject, verb] = tops as [number, number];
  const verbToken = tokens[verb] as Token;
  const to = tokens[verb - 1];
  if (
    !SUBJECT_HEADS.has((tokens[subject] as Token).pos) ||
    verbToken.pos !== 'VERB' ||
    to === undefined ||
    to.text.toLowerCase() !== 'to' ||
    to.headStart !== verbToken.start ||
    verb - 1 <= subject
  )
    return undefined;
  // The nominal's words run from the colon to the "to": none of them hangs on the verb's side.
  for (let index = first; index < verb - 1; index += 1) {
    const token = tokens[index] as Token;
    if (index !== subject && token.pos !== 'PUNCT' && token.headStart === verbToken.start) return undefined;
  }
  const utterance = tokens.slice(first).map((token, index): Token => {
    const at = index + first;
    if (at === verb) return { ...token, index, headStart: null, deprel: 'root' };
    if (at === subject) return { ...token, index, headStart: verbToken.start, deprel: 'nsubj' };
    if (token.headStart !== null && labelStarts.has(token.headStart))
      return { ...token, index, headStart: verbToken.start };
    return { ...token, index };
  });
  return utteranceAfter(syntactic, arrays, colon, utterance, verb - first);
}

/** Participants and circumstances found in an utterance, with their token spans in the whole clause. */
export function shiftIdeational(ideational: Ideational, offset: number): Ideational {
  return {
    ...ideational,
    participants: ideational.participants.map((participant) => ({
      ...participant,
      start: participant.start + offset,
      end: participant.end + offset,
    })),
    circumstances: ideational.circumstances.map((circumstance) => ({
      ...circumstance,
      start: circumstance.start + offset,
      end: circumstance.end + offset,
    })),
  };
}
