import { hashRange, hashString, key1, key2, key3 } from './feature-hash';
import { shapeHash, wordFlags } from './word-shape';

/** Per-token hashes the tagger's features are built from, padded by two positions on each side. */
export interface TaggerContext {
  length: number;
  form: Uint32Array;
  lower: Uint32Array;
  prefix1: Uint32Array;
  prefix2: Uint32Array;
  prefix3: Uint32Array;
  suffix1: Uint32Array;
  suffix2: Uint32Array;
  suffix3: Uint32Array;
  shape: Uint32Array;
  flags: Uint32Array;
  /** Hash of the set of UPOS tags the word took in training (0 when unknown). */
  ambiguity: Uint32Array;
}

const PAD = 2;
const START = [hashString('-START-'), hashString('-START2-')] as const;
const END = [hashString('-END-'), hashString('-END2-')] as const;

export const TAGGER_FEATURE_COUNT = 43;

/** Lowercases and normalises digits so that all four-digit years, all prices etc. share a form. */
export function normalizeWord(word: string): string {
  const lower = word.toLowerCase();
  if (/^\d{4}$/.test(lower)) return '!YEAR';
  if (/^\d[\d,.]*$/.test(lower)) return '!DIGITS';
  return lower;
}

/** The hashes of one word the features use, in the order of `LEXICAL_FIELDS`. */
interface LexicalEntry {
  normalized: string;
  hashes: Uint32Array;
}

const FORM = 0;
const LOWER = 1;
const PREFIX1 = 2;
const PREFIX2 = 3;
const PREFIX3 = 4;
const SUFFIX1 = 5;
const SUFFIX2 = 6;
const SUFFIX3 = 7;
const SHAPE = 8;
const FLAGS = 9;
const LEXICAL_FIELDS = 10;
/** Word types remembered; the memo is emptied when it is full. */
const MEMO_LIMIT = 100_000;
const memo = new Map<string, LexicalEntry>();

/**
 * The normalised form and hashes of a word, remembered per word type: text repeats its words, and
 * hashing a word's affixes and shape costs more than a map lookup.
 */
export function lexicalEntry(word: string): LexicalEntry {
  let entry = memo.get(word);
  if (entry) return entry;
  const lower = normalizeWord(word);
  const n = lower.length;
  const hashes = new Uint32Array(LEXICAL_FIELDS);
  hashes[FORM] = hashString(word);
  hashes[LOWER] = hashString(lower);
  hashes[PREFIX1] = hashRange(lower, 0, Math.min(1, n));
  hashes[PREFIX2] = hashRange(lower, 0, Math.min(2, n));
  hashes[PREFIX3] = hashRange(lower, 0, Math.min(3, n));
  hashes[SUFFIX1] = hashRange(lower, Math.max(0, n - 1), n);
  hashes[SUFFIX2] = hashRange(lower, Math.max(0, n - 2), n);
  hashes[SUFFIX3] = hashRange(lower, Math.max(0, n - 3), n);
  hashes[SHAPE] = shapeHash(word);
  hashes[FLAGS] = wordFlags(word);
  entry = { normalized: lower, hashes };
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(word, entry);
  return entry;
}

export function taggerContext(words: readonly string[], lexicon: ReadonlyMap<string, number>): TaggerContext {
  return fillTaggerContext(emptyContext(words.length), words, lexicon);
}

function emptyContext(capacity: number): TaggerContext {
  const size = capacity + 2 * PAD;
  return {
    length: 0,
    form: new Uint32Array(size),
    lower: new Uint32Array(size),
    prefix1: new Uint32Array(size),
    prefix2: new Uint32Array(size),
    prefix3: new Uint32Array(size),
    suffix1: new Uint32Array(size),
    suffix2: new Uint32Array(size),
    suffix3: new Uint32Array(size),
    shape: new Uint32Array(size),
    flags: new Uint32Array(size),
    ambiguity: new Uint32Array(size),
  };
}

/**
 * The context of `words` in `reuse` when its arrays are long enough (a tagger tags one sentence at a
 * time, so it keeps one context and saves allocating eleven arrays per sentence), else in a new one.
 */
export function reusableTaggerContext(
  reuse: TaggerContext | undefined,
  words: readonly string[],
  lexicon: ReadonlyMap<string, number>,
): TaggerContext {
  const context =
    reuse !== undefined && reuse.form.length >= words.length + 2 * PAD
      ? reuse
      : emptyContext(Math.max(words.length, 64));
  return fillTaggerContext(context, words, lexicon);
}

function fillTaggerContext(
  context: TaggerContext,
  words: readonly string[],
  lexicon: ReadonlyMap<string, number>,
): TaggerContext {
  context.length = words.length;
  const padded = [context.form, context.lower, context.suffix3, context.shape, context.ambiguity];
  const plain = [
    context.prefix1,
    context.prefix2,
    context.prefix3,
    context.suffix1,
    context.suffix2,
    context.flags,
  ];
  for (let pad = 0; pad < PAD; pad++) {
    const before = PAD - 1 - pad;
    const after = words.length + PAD + pad;
    for (const array of padded) {
      array[before] = START[pad]!;
      array[after] = END[pad]!;
    }
    for (const array of plain) {
      array[before] = 0;
      array[after] = 0;
    }
  }
  for (let i = 0; i < words.length; i++) {
    const { normalized, hashes } = lexicalEntry(words[i]!);
    const at = i + PAD;
    context.form[at] = hashes[FORM]!;
    context.lower[at] = hashes[LOWER]!;
    context.prefix1[at] = hashes[PREFIX1]!;
    context.prefix2[at] = hashes[PREFIX2]!;
    context.prefix3[at] = hashes[PREFIX3]!;
    context.suffix1[at] = hashes[SUFFIX1]!;
    context.suffix2[at] = hashes[SUFFIX2]!;
    context.suffix3[at] = hashes[SUFFIX3]!;
    context.shape[at] = hashes[SHAPE]!;
    context.flags[at] = hashes[FLAGS]!;
    context.ambiguity[at] = lexicon.get(normalized) ?? 0;
  }
  return context;
}

/** Where `lexicalEntry(word).hashes` keeps the normalised word and its last three letters. */
export const LOWER_HASH = LOWER;
export const SUFFIX3_HASH = SUFFIX3;

/** The hashes of each word's normalised form and last three letters (`LOWER_HASH`, `SUFFIX3_HASH`). */
export interface WordHashes {
  lower: Uint32Array;
  suffix3: Uint32Array;
}

/** Copies of the context's `WordHashes` of its tokens, so that the parser need not look the words up again. */
export function contextWordHashes(context: TaggerContext): WordHashes {
  const end = PAD + context.length;
  return { lower: context.lower.slice(PAD, end), suffix3: context.suffix3.slice(PAD, end) };
}

/** Token `i`'s ambiguity class hash in the context: 0 when the lexicon does not have its normalised form. */
export function contextAmbiguity(context: TaggerContext, i: number): number {
  return context.ambiguity[i + PAD]!;
}

/** Overrides the ambiguity class of token `i` (training uses leave-one-out classes). */
export function setAmbiguity(context: TaggerContext, i: number, value: number): void {
  context.ambiguity[i + PAD] = value;
}

/**
 * Writes the feature keys of token `i` into `out` and returns how many there are. `previous` and
 * `previous2` are the predicted classes of the two tokens before (−1/−2 at the sentence start).
 */
export function taggerFeatures(
  context: TaggerContext,
  i: number,
  previous: number,
  previous2: number,
  out: Uint32Array,
): number {
  const at = i + PAD;
  const { lower, suffix3 } = context;
  const word = lower[at]!;
  let n = 0;
  out[n++] = key1(0, 0);
  out[n++] = key1(1, word);
  out[n++] = key1(2, context.suffix1[at]!);
  out[n++] = key1(3, context.suffix2[at]!);
  out[n++] = key1(4, suffix3[at]!);
  out[n++] = key1(5, context.prefix1[at]!);
  out[n++] = key1(6, context.prefix2[at]!);
  out[n++] = key1(7, context.prefix3[at]!);
  out[n++] = key1(8, context.shape[at]!);
  out[n++] = key1(9, context.flags[at]!);
  out[n++] = key1(10, previous);
  out[n++] = key2(11, previous, previous2);
  out[n++] = key2(12, previous, word);
  out[n++] = key1(13, lower[at - 1]!);
  out[n++] = key1(14, suffix3[at - 1]!);
  out[n++] = key1(15, lower[at - 2]!);
  out[n++] = key1(16, lower[at + 1]!);
  out[n++] = key1(17, suffix3[at + 1]!);
  out[n++] = key1(18, lower[at + 2]!);
  out[n++] = key2(19, lower[at - 1]!, word);
  out[n++] = key2(20, word, lower[at + 1]!);
  out[n++] = key2(21, previous, lower[at + 1]!);
  out[n++] = key1(22, context.form[at]!);
  out[n++] = key1(23, context.shape[at + 1]!);
  out[n++] = key1(24, previous2);
  out[n++] = key2(25, previous, suffix3[at]!);
  out[n++] = key1(26, context.form[at - 1]!);
  out[n++] = key1(27, context.form[at + 1]!);
  out[n++] = key1(28, context.suffix2[at + 1]!);
  out[n++] = key1(29, context.shape[at - 1]!);
  out[n++] = key2(30, context.flags[at]!, previous);
  out[n++] = key3(31, previous, previous2, word);
  out[n++] = key2(32, word, lower[at + 2]!);
  out[n++] = key2(33, lower[at - 1]!, lower[at + 1]!);
  const ambiguity = context.ambiguity;
  out[n++] = key1(34, ambiguity[at]!);
  out[n++] = key1(35, ambiguity[at + 1]!);
  out[n++] = key1(36, ambiguity[at + 2]!);
  out[n++] = key2(37, ambiguity[at]!, ambiguity[at + 1]!);
  out[n++] = key2(38, previous, ambiguity[at + 1]!);
  out[n++] = key3(39, previous, ambiguity[at]!, ambiguity[at + 1]!);
  const flags = context.flags;
  out[n++] = key2(40, flags[at]!, i === 0 ? 1 : 0);
  out[n++] = key3(41, flags[at - 1]!, flags[at]!, flags[at + 1]!);
  out[n++] = key2(42, ambiguity[at]!, flags[at]!);
  return n;
}

/**
 * The templates of `taggerFeatures` that read nothing but token `i`'s own word (its forms, affixes, shape,
 * flags and ambiguity class), whether it is the first token, and the bias: their part of the scores is the
 * same wherever the word occurs after the first token, so the tagger keeps it per word type; likewise for
 * the templates of the next, second next and previous word, and of the two previous classes.
 * `taggerOwnWordFeatures` + `taggerNextWordFeatures` + `taggerSecondNextWordFeatures` +
 * `taggerPreviousWordFeatures` + `taggerPreviousClassFeatures` + `taggerContextFeatures` give exactly the
 * keys of `taggerFeatures`; each writes from `out[offset]` and returns the new end.
 */
export function taggerOwnWordFeatures(
  context: TaggerContext,
  i: number,
  out: Uint32Array,
  offset = 0,
): number {
  const at = i + PAD;
  let n = offset;
  out[n++] = key1(0, 0);
  out[n++] = key1(1, context.lower[at]!);
  out[n++] = key1(2, context.suffix1[at]!);
  out[n++] = key1(3, context.suffix2[at]!);
  out[n++] = key1(4, context.suffix3[at]!);
  out[n++] = key1(5, context.prefix1[at]!);
  out[n++] = key1(6, context.prefix2[at]!);
  out[n++] = key1(7, context.prefix3[at]!);
  out[n++] = key1(8, context.shape[at]!);
  out[n++] = key1(9, context.flags[at]!);
  out[n++] = key1(22, context.form[at]!);
  out[n++] = key1(34, context.ambiguity[at]!);
  // The same for every token but the first.
  out[n++] = key2(40, context.flags[at]!, i === 0 ? 1 : 0);
  out[n++] = key2(42, context.ambiguity[at]!, context.flags[at]!);
  return n;
}

/**
 * The templates of `taggerFeatures` for token `i` that read nothing but the next token's word (at the end of
 * the sentence: the padding), written from `out[offset]`; returns the new end.
 */
export function taggerNextWordFeatures(
  context: TaggerContext,
  i: number,
  out: Uint32Array,
  offset = 0,
): number {
  const at = i + PAD + 1;
  let n = offset;
  out[n++] = key1(16, context.lower[at]!);
  out[n++] = key1(17, context.suffix3[at]!);
  out[n++] = key1(23, context.shape[at]!);
  out[n++] = key1(27, context.form[at]!);
  out[n++] = key1(28, context.suffix2[at]!);
  out[n++] = key1(35, context.ambiguity[at]!);
  return n;
}

/**
 * The templates of `taggerFeatures` for token `i` that read nothing but the previous token's word (at the start
 * of the sentence: the padding), written from `out[offset]`; returns the new end.
 */
export function taggerPreviousWordFeatures(
  context: TaggerContext,
  i: number,
  out: Uint32Array,
  offset = 0,
): number {
  const at = i + PAD - 1;
  let n = offset;
  out[n++] = key1(13, context.lower[at]!);
  out[n++] = key1(14, context.suffix3[at]!);
  out[n++] = key1(26, context.form[at]!);
  out[n++] = key1(29, context.shape[at]!);
  return n;
}

/** The templates of `taggerFeatures` for token `i` that read nothing but the word two tokens after it (or the padding). */
export function taggerSecondNextWordFeatures(
  context: TaggerContext,
  i: number,
  out: Uint32Array,
  offset = 0,
): number {
  const at = i + PAD + 2;
  let n = offset;
  out[n++] = key1(18, context.lower[at]!);
  out[n++] = key1(36, context.ambiguity[at]!);
  return n;
}

/** The templates of `taggerFeatures` that read nothing but the two previous classes. */
export function taggerPreviousClassFeatures(
  previous: number,
  previous2: number,
  out: Uint32Array,
  offset = 0,
): number {
  let n = offset;
  out[n++] = key1(10, previous);
  out[n++] = key2(11, previous, previous2);
  out[n++] = key1(24, previous2);
  return n;
}

/** The template of `taggerFeatures` that reads nothing but the flags of the token and of the tokens beside it. */
export function taggerFlagFeatures(context: TaggerContext, i: number, out: Uint32Array, offset = 0): number {
  const at = i + PAD;
  const flags = context.flags;
  out[offset] = key3(41, flags[at - 1]!, flags[at]!, flags[at + 1]!);
  return offset + 1;
}

/**
 * A number that is the same for two tokens exactly when `taggerFlagFeatures` gives them the same key, or -1 when
 * a flag value is outside what `wordFlags` gives (then the tagger scores the key with the others).
 */
export function taggerFlagKey(context: TaggerContext, i: number): number {
  const at = i + PAD;
  const flags = context.flags;
  const before = flags[at - 1]!;
  const own = flags[at]!;
  const after = flags[at + 1]!;
  if (before >= 1024 || own >= 1024 || after >= 1024) return -1;
  return (before * 1024 + own) * 1024 + after;
}

/**
 * The templates of `taggerFeatures` that the parts above leave out; with `flagsKept`, also that of
 * `taggerFlagFeatures`.
 */
export function taggerContextFeatures(
  context: TaggerContext,
  i: number,
  previous: number,
  previous2: number,
  out: Uint32Array,
  flagsKept = false,
): number {
  const at = i + PAD;
  const { lower, suffix3, ambiguity, flags } = context;
  const word = lower[at]!;
  let n = 0;
  out[n++] = key2(12, previous, word);
  out[n++] = key1(15, lower[at - 2]!);
  out[n++] = key2(19, lower[at - 1]!, word);
  out[n++] = key2(20, word, lower[at + 1]!);
  out[n++] = key2(21, previous, lower[at + 1]!);
  out[n++] = key2(25, previous, suffix3[at]!);
  out[n++] = key2(30, flags[at]!, previous);
  out[n++] = key3(31, previous, previous2, word);
  out[n++] = key2(32, word, lower[at + 2]!);
  out[n++] = key2(33, lower[at - 1]!, lower[at + 1]!);
  out[n++] = key2(37, ambiguity[at]!, ambiguity[at + 1]!);
  out[n++] = key2(38, previous, ambiguity[at + 1]!);
  out[n++] = key3(39, previous, ambiguity[at]!, ambiguity[at + 1]!);
  if (!flagsKept) out[n++] = key3(41, flags[at - 1]!, flags[at]!, flags[at + 1]!);
  return n;
}
