import { createRequire } from 'node:module';
import type { Upos } from '@cae/core';
import { attachPunctuation, loadParser, type ParsedWord, type Parser, type RequiredTags } from '@cae/parser';
import type winkNLP from 'wink-nlp';
import { abbreviationCutAt, abbreviationJoinRule } from './abbreviation-joins';
import { closesQuotation, reportingVerbAt } from './clause-quotation';
import { ADJECTIVAL_PREPOSITION_HEADS, complexPrepositionAt } from './lexicons/circumstance-lexicon';
import {
  ATTRIBUTIVE_COLLOCATIONS,
  PARTY_NOUNS,
  PARTY_PAIR_PREPOSITIONS,
  PROVIDED_THAT_INSERTS,
} from './lexicons/contract-lexicon';
import { lexiconTable } from './lexicons/lexicon-table';
import {
  ADVERB_CONJUNCTIONS,
  AFTER_TYPED_ITS,
  CLITIC_HOST_PRONOUNS,
  complexConjunctionAt,
  ENCLOSURE_PARTICIPLES,
  LETS_OBJECT_START,
  LETTER_LABEL_WORDS,
  QUOTING_VERBS,
} from './lexicons/mood-lexicon';
import { OF_COMPLEMENT_VERBS, PREPOSITIONAL_VERBS, PROCESS_VERBS } from './lexicons/process-lexicon';
import {
  DITRANSITIVE,
  MEANS_OF_SENDING,
  namesParty,
  TIME_NOUNS,
  TRANSFER_TO_VERBS,
} from './lexicons/transitivity-lexicon';
import {
  BE_FORMS,
  CLOSING_QUOTE_MARKS,
  COMMON_PHRASAL_PARTICLES,
  FINITE_OPERATOR_FORMS,
  HYPHEN_PREFIXES,
  LOWER_CASE_OPENERS,
  MODIFIER_PREPOSITIONS,
  NOMINATIVE_PRONOUNS,
  OPENING_QUOTES_BUT_APOSTROPHE,
  PLURAL_PRONOUNS,
  QUOTE_MARKS,
  SENTENCE_END_MARKS,
  TIME_MODIFIERS,
  verbForm,
  WH_RELATIVE_PRONOUNS,
} from './lexicons/word-classes';
import { ENUMERATOR_TOKEN, enumeratorAt } from './list-operator';
import { correctPos, setLexiconLookup, setPosReadingLookup } from './pos-corrector';
import { lineBreaks, sentenceTail } from './sentence-tails';
import {
  hasChatLines,
  hasLabelLines,
  isClockTime,
  labelColon,
  SPEAKER_LABEL_TREE,
  timestampEnd,
  transcriptLabelStarts,
} from './speaker-label';
import { isJoiningHyphen, type TokenPiece, tokenPieces } from './token-splits';
import { subtreeSpan } from './tree-segments';
import { isFiniteLexicalForm, isPastForm } from './verbal-group';

/** The tokens of a text as parallel arrays (offsets into the analysed text), with sentence spans. */
export interface TaggedText {
  readonly values: string[];
  readonly lower: string[];
  readonly lemmas: string[];
  readonly pos: Upos[];
  readonly starts: number[];
  readonly ends: number[];
  /** Token index spans [start, end) of sentences. */
  readonly sentences: Array<readonly [number, number]>;
  /** Index of each token's head in the dependency tree of its sentence, -1 for a sentence's root. */
  readonly heads: number[];
  /** UD relation of each token to its head, subtypes included ("nsubj:pass"), `root` for a root. */
  readonly deprels: string[];
  /** Rule ids switched off (`createPipeline({ disabledRules })`), for the segmentation rules that read these tokens. */
  readonly disabledRules?: ReadonlySet<string> | undefined;
}

/** Options of tagText. */
export interface TagTextOptions {
  /** Rule ids switched off. */
  readonly disabledRules?: ReadonlySet<string>;
  /** Where the tags come from (default `parser`; see PosSource). */
  readonly posSource?: PosSource;
  /**
   * Offsets into the text, ascending, where a sentence must end (a heading's start and end): a sentence
   * is cut at a white-space gap between tokens that holds one of them.
   */
  readonly breaks?: readonly number[];
  /** The tagger and parser (default: the model shipped with `@cae/parser`, loaded on first use). */
  readonly parser?: Parser;
}

/** Where the next forced sentence break is, across the chunks of one text. */
interface BreakCursor {
  readonly breaks: readonly number[];
  next: number;
}

/**
 * Where the part-of-speech tags tokens carry come from: the trained tagger of `@cae/parser` with wink's
 * lexicon as tag dictionary for words it did not learn and the measured corrections of pos-corrector.ts
 * (`parser`, the default: about 95% right on UD EWT test), or wink-nlp's own tags with the same
 * corrections (`wink`: about 91%, kept as the comparison row of docs/EVALUATION.md). Every sentence is
 * parsed either way, with the trained tagger's own tags.
 */
export type PosSource = 'parser' | 'wink';

let parser: Parser | null = null;

const SUBJECT_TAGS: ReadonlySet<Upos> = new Set(['NOUN', 'PROPN', 'PRON', 'ADJ']);
const OBJECT_START_TAGS: ReadonlySet<Upos> = new Set(['PRON', 'DET', 'NOUN', 'ADJ']);

/** The trained tagger and parser, loaded on first use (about a quarter of a second). */
function sharedParser(): Parser {
  parser ??= loadParser();
  return parser;
}

type WinkNlp = ReturnType<typeof winkNLP>;
type WinkModel = Parameters<typeof winkNLP>[0];
interface WinkTagger {
  nlp: WinkNlp;
  its: WinkNlp['its'];
  posReadings: (lower: string) => ReadonlySet<Upos> | undefined;
  /** The lexeme table the instance reads and adds unknown words to (its model's, see readWinkDoc). */
  lexemes: { hash: Record<string, number>; list: string[]; intrinsicSize: number };
}
let wink: WinkTagger | null = null;

/** Unknown words an instance may have added (and forgotten, see readWinkDoc) before it is made anew. */
const FORGOTTEN_LEXEMES_LIMIT = 200_000;

/**
 * wink-nlp and its English model, loaded on the first text tagged rather than with this module
 * (about a third of a second): an engine that only retrieves never pays for them.
 */
function winkTagger(): WinkTagger {
  if (wink) return wink;
  const require = createRequire(import.meta.url);
  const createNlp = require('wink-nlp') as typeof winkNLP;
  const shipped = require('wink-eng-lite-web-model') as WinkModel & { core(): WinkCore };
  // The instance's core model, decoded once and kept here: readWinkDoc needs its lexeme table.
  const core = shipped.core();
  // readWinkDoc edits the lexeme table inside the model (wink has no API for it); the versions are
  // pinned in package.json, and a model of another shape is refused rather than read unpredictably.
  const lexeme = (core as Partial<WinkCore>).features?.lexeme;
  if (
    !Array.isArray(lexeme?.list) ||
    typeof lexeme.hash !== 'object' ||
    typeof lexeme.intrinsicSize !== 'number'
  ) {
    throw new Error(
      '@cae/pipeline: wink-eng-lite-web-model has no lexeme table where version 1.8.1 keeps it (features.lexeme); install the version @cae/pipeline pins',
    );
  }
  const model = { ...shipped, core: () => core } as WinkModel;
  // Only the annotations the rules use: sentence boundaries and POS (negation, NER, sentiment cost time).
  const nlp = createNlp(model, ['sbd', 'pos']);
  // The POS rules ask whether a word is in the model's lexicon: answer from this instance's own cache.
  const probe = nlp.readDoc('a');
  const isOOV = probe.isOOV;
  setLexiconLookup((lower) => !isOOV(lower));
  const posReadings = posReadingsLookup(model, probe.isLexeme);
  setPosReadingLookup((lower, tag) => posReadings(lower)?.has(tag) ?? false);
  wink = { nlp, its: nlp.its, posReadings, lexemes: core.features.lexeme };
  return wink;
}

/** What readWinkDoc reads of wink's core model. */
interface WinkCore {
  features: { lexeme: { hash: Record<string, number>; list: string[]; intrinsicSize: number } };
}

/**
 * `nlp.readDoc(text)` as if no text had been read before. wink-nlp adds each unknown word it meets to its
 * model's lexeme table, and its tokenizer asks that table whether a piece is a known word: once a text
 * held "..", "NOP2.." was cut "NOP2 .." instead of "NOP2 . .", so a document's clauses depended on the
 * documents the process had compiled before (SciFact 515489: 28 clauses alone, 27 after others) and the
 * routes of the engine (one process, compile workers) disagreed. The words this text added are
 * forgotten once `read` has taken what it needs from the document (wink keeps their entries, so the
 * instance is made anew after FORGOTTEN_LEXEMES_LIMIT of them).
 */
function readWinkDoc<T>(
  text: string,
  read: (doc: ReturnType<WinkNlp['readDoc']>, its: WinkNlp['its']) => T,
): T {
  let tagger = winkTagger();
  if (tagger.lexemes.list.length - tagger.lexemes.intrinsicSize > FORGOTTEN_LEXEMES_LIMIT) {
    wink = null;
    tagger = winkTagger();
  }
  const { lexemes } = tagger;
  const known = lexemes.list.length;
  try {
    return read(tagger.nlp.readDoc(text), tagger.its);
  } finally {
    for (let index = known; index < lexemes.list.length; index += 1) {
      const word = lexemes.list[index]!;
      if (lexemes.hash[word] === index) delete lexemes.hash[word];
    }
  }
}

/** The tags wink's lexicon lists for a word (undefined for a word it does not list). */
function posReadings(lower: string): ReadonlySet<Upos> | undefined {
  return winkTagger().posReadings(lower);
}

/** Whether the model's lexicon lists the tag among the word's readings. */
function hasReading(lower: string, tag: Upos): boolean {
  return posReadings(lower)?.has(tag) ?? false;
}

/**
 * The tags the model's lexicon lists for a word ("rinse", "whisk": NOUN or VERB; "cool": ADJ or VERB),
 * read from the packed lexicon (the lexeme's POS cluster); `undefined` for a word it does not list.
 */
function posReadingsLookup(
  model: WinkModel,
  lookup: (word: string) => unknown,
): (lower: string) => ReadonlySet<Upos> | undefined {
  try {
    return packedPosReadings(model, lookup);
  } catch {
    // A model whose packing differs: no readings, so the rules that ask do not fire.
    return () => undefined;
  }
}

function packedPosReadings(
  model: WinkModel,
  lookup: (word: string) => unknown,
): (lower: string) => ReadonlySet<Upos> | undefined {
  const core = (
    model as unknown as {
      core(): {
        lexicon: Uint32Array;
        packing: { size: number; layout: Record<string, readonly number[]> };
        features: {
          lexeme: { intrinsicSize: number };
          pos: { list: string[] };
          posClusters: { list: Array<ReadonlySet<number>> };
        };
      };
    }
  ).core();
  const { lexicon, packing, features } = core;
  const [word = 0, mask = 0, shift = 0] = packing.layout.lexemeCID ?? [];
  const tags = features.pos.list;
  const intrinsic = features.lexeme.intrinsicSize;
  // Each cluster (a set of tag indices) once as a set of tag names.
  const clusters = features.posClusters.list.map(
    (cluster) => new Set([...cluster].map((tag) => tags[tag] as Upos).filter(Boolean)),
  );
  // Answers per word, memoised: the answer reads the model's own (intrinsic) lexemes only, which reading
  // a text never changes, and the same words are asked about all through a document (each token once by
  // the tag dictionary, again by the rules).
  const known = new Map<string, ReadonlySet<Upos> | null>();
  return (lower) => {
    const cached = known.get(lower);
    if (cached !== undefined) return cached ?? undefined;
    const found = lookup(lower);
    const index = Array.isArray(found) && found.length === 1 ? (found[0] as number) : -1;
    let readings: ReadonlySet<Upos> | null = null;
    if (index >= 0 && index < intrinsic) {
      // The model packs its lexicon fields as bit fields.
      const cluster = clusters[((lexicon[index * packing.size + word] ?? 0) & mask) >>> shift];
      if (cluster !== undefined && cluster.size > 0) readings = cluster;
    }
    if (known.size >= READINGS_LIMIT) known.clear();
    known.set(lower, readings);
    return readings ?? undefined;
  };
}

/** Words whose lexicon readings are kept at once (the cache starts over when full). */
const READINGS_LIMIT = 100_000;

/** Texts longer than this are read in pieces cut at paragraph, line or word boundaries (keeps memory flat). */
const CHUNK_CHARS = 40_000;

function chunkEnd(text: string, from: number): number {
  if (text.length - from <= CHUNK_CHARS) return text.length;
  const limit = from + CHUNK_CHARS;
  const floor = from + CHUNK_CHARS / 2;
  for (const separator of ['\n\n', '\n', '. ', ' ']) {
    const at = text.lastIndexOf(separator, limit);
    if (at > floor) return at + separator.length;
  }
  return limit;
}

const LIST_MARKER = /^(?:[-*•‣◦#>]|\d+[.)]?)$/;
const UPPER_START = /^\p{Lu}/u;
const LOWER_WORD = /^[\p{Ll},]/u;

/**
 * Pass 1, tokens: wink-nlp sentences and tokens; UPOS tags, lemmas and the tree from the trained
 * tagger and parser (wink's own tags with `posSource: 'wink'`), corrected by measured rules, with
 * offsets located in `text`. Line breaks that start a heading, list item or new line of
 * short lines also end a sentence.
 */
export function tagText(text: string, options: TagTextOptions = {}): TaggedText {
  const { disabledRules, posSource = 'parser', parser: models } = options;
  const cursor: BreakCursor | undefined =
    options.breaks !== undefined && options.breaks.length > 0
      ? { breaks: options.breaks, next: 0 }
      : undefined;
  const out: TaggedText = {
    values: [],
    lower: [],
    lemmas: [],
    pos: [],
    starts: [],
    ends: [],
    sentences: [],
    heads: [],
    deprels: [],
    disabledRules: disabledRules !== undefined && disabledRules.size > 0 ? disabledRules : undefined,
  };
  // SPLIT.LABEL_LINE reads the whole text once: does it have two or more lines that open with a label?
  const labelLines = !disabledRules?.has('SPLIT.LABEL_LINE') && hasLabelLines(text);
  // SPLIT.CHAT_LINES likewise: is it a thread of messages, one per line, with no labels?
  const chatLines = !disabledRules?.has('SPLIT.CHAT_LINES') && hasChatLines(text);
  let from = 0;
  while (from < text.length) {
    const to = chunkEnd(text, from);
    tagChunk(text, from, to, out, disabledRules, cursor, labelLines, chatLines);
    from = to;
  }
  joinAbbreviationCuts(text, out, disabledRules, options.breaks);
  joinSentenceTails(text, out, disabledRules, options.breaks);
  splitTokens(out, disabledRules);
  if (!disabledRules?.has(TRANSCRIPT_LABEL)) splitTranscriptLabels(text, out);
  if (!disabledRules?.has('TOKEN.ABBREVIATION_BEFORE_COMMA')) joinPeriodsBeforeCommas(out);
  const punctuationRuns = !disabledRules?.has('TOKEN.PUNCTUATION_RUN');
  if (!disabledRules?.has('TOKEN.WRITTEN_WORD') || punctuationRuns)
    joinWrittenWords(
      out,
      punctuationRuns,
      !disabledRules?.has('TOKEN.WRITTEN_WORD'),
      !disabledRules?.has('TOKEN.ADDRESS_PARTS'),
    );
  if (!disabledRules?.has('TOKEN.WORD_FRAGMENT'))
    joinWordFragments(out, !disabledRules?.has('TOKEN.WORD_FRAGMENT_BEFORE_DASH'));
  if (!disabledRules?.has('TOKEN.SIGNATURE_MARK')) joinSignatureMarks(out);
  if (!disabledRules?.has('TOKEN.FINAL_PERIOD')) splitFinalPeriods(out);
  if (!disabledRules?.has(NUMBER_LETTER_CODE)) joinNumberLetterCodes(out);
  if (!disabledRules?.has(PAGE_NUMBER_LINE)) dropPageNumberLines(text, out);
  parseSentences(text, out, posSource, disabledRules, models);
  return out;
}

/**
 * SPLIT.ABBREVIATION_* (abbreviation-joins.ts): where wink-nlp ends a sentence after an abbreviation it
 * does not know ("U.S. Pat. | No. 5,123,456", "call Drs. | Smith", "ABC Pvt. | Ltd. as agreed"), and a row
 * of ABBREVIATION_JOIN_RULES finds the cut is none, the two sentences are one again. The cut must be on
 * one line, with no forced break in it (a heading's edge): a line break after an abbreviation in a list
 * or a heading keeps the cut. An abbreviation cut off its period ("Pvt" ".") is one token with it again,
 * as wink keeps those it knows ("Messrs.") and UD English writes them ("No.", "Drs.").
 */
function joinAbbreviationCuts(
  text: string,
  out: TaggedText,
  disabledRules: ReadonlySet<string> | undefined,
  breaks: readonly number[] | undefined,
): void {
  const { sentences, starts, ends } = out;
  const joined: Array<readonly [number, number]> = [];
  const periods = new Set<number>();
  for (const span of sentences) {
    const previous = joined[joined.length - 1];
    if (previous !== undefined && previous[1] === span[0]) {
      const cut = abbreviationCutAt(out, previous[0], span[0], span[1]);
      const gapStart = ends[span[0] - 1] ?? 0;
      const gapEnd = starts[span[0]] ?? 0;
      if (
        cut !== undefined &&
        lineBreaks(text, gapStart, gapEnd) === 0 &&
        !breakBetween(breaks, gapStart, gapEnd) &&
        abbreviationJoinRule(cut, out, disabledRules) !== undefined
      ) {
        joined[joined.length - 1] = [previous[0], span[1]];
        if (cut.at === span[0] - 2) periods.add(cut.at);
        continue;
      }
    }
    joined.push(span);
  }
  if (joined.length === sentences.length) return;
  replaceSpans(sentences, joined);
  if (periods.size > 0)
    joinTokens(out, (index) => (periods.has(index) ? { last: index + 2, pos: out.pos[index]! } : null));
}

/** Whether a forced break (ascending offsets) lies in [from, to]. */
function breakBetween(breaks: readonly number[] | undefined, from: number, to: number): boolean {
  if (breaks === undefined || breaks.length === 0) return false;
  let low = 0;
  let high = breaks.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((breaks[middle] as number) < from) low = middle + 1;
    else high = middle;
  }
  return low < breaks.length && (breaks[low] as number) <= to;
}

const WORDLIKE = /^[\p{L}\p{N}][\p{L}\p{N}_]*$/u;
const AT_WORD = /^@[\p{L}\p{N}][\p{L}\p{N}_.]*$/u;
const CONNECTOR = /^(?:\.+|_)$/;
/**
 * TOKEN.ADDRESS_PARTS: the first part of an address wink cut later on, itself with dots or an "@" in it
 * ("www.visitsouthshropshire", "dailyem...@ebs.bbc", "@paulhastings"), and a part with its dot ("co.").
 */
const ADDRESS_START = /^@?[\p{L}\p{N}][\p{L}\p{N}_]*(?:(?:\.+|@)[\p{L}\p{N}_]+)*$/u;
const WORD_WITH_DOT = /^[\p{L}\p{N}]+\.$/u;

/**
 * Where a written word made of several touching tokens ends: `word (connector? word)+` where a connector is
 * a run of dots or an underscore and a later word may start with "@" (wink's "@gmail"), ending on a word.
 * Returns the index past its last token, or `from` when there is none (a single word is not joined).
 */
function compoundEnd(
  values: readonly string[],
  touching: (i: number) => boolean,
  from: number,
  end: number,
  addressParts = false,
): number {
  // Nothing touches the token: no word goes on (most tokens; spares the tests below).
  if (from + 1 >= end || !touching(from + 1)) return from;
  const first = values[from] ?? '';
  if (
    /^mailto$/i.test(first) &&
    from + 2 < end &&
    values[from + 1] === ':' &&
    touching(from + 1) &&
    touching(from + 2) &&
    (values[from + 2] ?? '').includes('@')
  )
    // "mailto:someone@example.com", which wink cuts after "mailto".
    return Math.max(from + 3, compoundEnd(values, touching, from + 2, end, addressParts));
  if (!WORDLIKE.test(first) && !(addressParts && ADDRESS_START.test(first))) return from;
  let best = from;
  let at = from + 1;
  let joined = false;
  while (at < end && touching(at)) {
    const value = values[at] ?? '';
    if (AT_WORD.test(value)) {
      joined = true;
      best = at + 1;
      at += 1;
      continue;
    }
    if (addressParts && WORD_WITH_DOT.test(value) && at + 1 < end && touching(at + 1)) {
      // TOKEN.ADDRESS_PARTS: "co." of "www.example . co. uk", a part wink keeps with the dot after it.
      const next = values[at + 1] ?? '';
      if (!WORDLIKE.test(next)) break;
      joined = true;
      best = at + 2;
      at += 2;
      continue;
    }
    if (!CONNECTOR.test(value)) break;
    // A dot or underscore, then a word; or a run of dots, then "@word" ("franz371 . .. @gmail"), but not
    // an ellipsis between words ("Saab...which").
    let after = at + 1;
    while (after < end && touching(after) && CONNECTOR.test(values[after] ?? '')) after += 1;
    if (after >= end || !touching(after)) break;
    const next = values[after] ?? '';
    const single = after === at + 1 && (value === '.' || value === '_');
    if (
      single &&
      addressParts &&
      WORD_WITH_DOT.test(next) &&
      after + 1 < end &&
      touching(after + 1) &&
      WORDLIKE.test(values[after + 1] ?? '')
    ) {
      joined = true;
      best = after + 2;
      at = after + 2;
      continue;
    }
    if (!(single && WORDLIKE.test(next)) && !AT_WORD.test(next)) break;
    joined = true;
    best = after + 1;
    at = after + 1;
  }
  return joined ? best : from;
}

/** Where "80's" ("80 's", "78 ' s") ends, or `from` when the tokens at `from` are not one. */
function pluralNumberEnd(
  values: readonly string[],
  touching: (i: number) => boolean,
  from: number,
  end: number,
): number {
  if (from + 1 >= end || !touching(from + 1) || !/^'?\d+$/.test(values[from] ?? '')) return from;
  const next = values[from + 1] ?? '';
  if (/^['’]s$/.test(next)) return from + 2;
  if (/^['’]$/.test(next) && from + 2 < end && values[from + 2] === 's' && touching(from + 2))
    return from + 3;
  return from;
}

/** Rule id (segment-rules.ts lists it): see `dropPageNumberLines`. */
export const PAGE_NUMBER_LINE = 'SEGMENT.PAGE_NUMBER_LINE';

/** A page number on a line of its own: "-3-", "- 12 -", "[4]", "Page 3", "Page 3 of 10". */
const PAGE_MARKER =
  /^(?:-\s*(?:\d{1,4}|[ivx]{1,6})\s*-|\[\s*\d{1,4}\s*\]|(?:page|pg\.?)\s+\d{1,4}(?:\s+of\s+\d{1,4})?)$/i;
const BARE_NUMBER = /^\d{1,4}$/;
const LOWER_START = /^\p{Ll}/u;
const SENTENCE_END_TOKEN = /^(?:[.!?:;…]+|["'”’)\]]+)$/;

/** Whether the white space of `text` between `from` and `to` holds a blank line. */
function blankGap(text: string, from: number, to: number): boolean {
  return lineBreaks(text, from, to) >= 2;
}

/**
 * SEGMENT.PAGE_NUMBER_LINE: a page number on a line of its own between blank lines ("-3-", "Page 3 of
 * 10", or a bare number where a sentence runs on across it) is page furniture, no clause: its tokens are
 * dropped. Where the text before it ends no sentence and the text after it opens with a lower-case word
 * ("... to the date | -3- | of the current bill."), the sentence runs on across the page break.
 */
function dropPageNumberLines(text: string, out: TaggedText): void {
  const { values, starts, ends, sentences } = out;
  const drop = new Set<number>();
  const joinAfter = new Set<number>();
  for (let s = 0; s < sentences.length; s += 1) {
    const [start, end] = sentences[s]!;
    if (end <= start || end - start > 7) continue;
    const lineStart = starts[start]!;
    const lineEnd = ends[end - 1]!;
    if (text.slice(lineStart, lineEnd).includes('\n')) continue;
    const before = start > 0 ? ends[start - 1]! : 0;
    const after = end < values.length ? starts[end]! : text.length;
    if (!blankGap(text, before, lineStart) && start > 0) continue;
    if (!blankGap(text, lineEnd, after) && end < values.length) continue;
    const line = text.slice(lineStart, lineEnd);
    const previous = s > 0 ? sentences[s - 1]! : undefined;
    const next = s + 1 < sentences.length ? sentences[s + 1]! : undefined;
    const runsOn =
      previous !== undefined &&
      next !== undefined &&
      previous[1] === start &&
      next[0] === end &&
      next[1] > next[0] &&
      !SENTENCE_END_TOKEN.test(values[start - 1] ?? '.') &&
      LOWER_START.test(values[end] ?? '');
    if (!PAGE_MARKER.test(line) && !(runsOn && BARE_NUMBER.test(line))) continue;
    for (let index = start; index < end; index += 1) drop.add(index);
    if (runsOn) joinAfter.add(s - 1);
  }
  if (drop.size === 0) return;
  // Renumber: every kept token moves left by the number of dropped tokens before it.
  const { lower, lemmas, pos } = out;
  const newIndex: number[] = new Array(values.length + 1);
  let write = 0;
  for (let index = 0; index < values.length; index += 1) {
    newIndex[index] = write;
    if (drop.has(index)) continue;
    values[write] = values[index]!;
    lower[write] = lower[index]!;
    lemmas[write] = lemmas[index]!;
    pos[write] = pos[index]!;
    starts[write] = starts[index]!;
    ends[write] = ends[index]!;
    write += 1;
  }
  newIndex[values.length] = write;
  for (const column of [values, lower, lemmas, pos, starts, ends]) column.length = write;
  const merged: Array<readonly [number, number]> = [];
  for (let s = 0; s < sentences.length; s += 1) {
    const [start, end] = sentences[s]!;
    const span: readonly [number, number] = [newIndex[start]!, newIndex[end]!];
    const last = merged[merged.length - 1];
    if (joinAfter.has(s - 2) && last !== undefined) merged[merged.length - 1] = [last[0], span[1]];
    else if (span[1] > span[0] || end <= start) merged.push(span);
  }
  replaceSpans(sentences, merged);
}

const WORD_WITH_PERIOD = /^\p{L}+\.$/u;
const CLOSING = /^["'”’)\]]+$/;

/**
 * TOKEN.FINAL_PERIOD: a sentence that ends on a word wink-nlp read as an abbreviation with its period ("etc.",
 * "He came in.", "No.") ends on the word and a full stop, as in UD English (EWT and GUM train: "etc" then "."
 * 28 times at a sentence's end, "etc." 8 times; "in" 38 and "no" 25 times, never whole). A word with inner
 * periods ("U.S.", "a.m.") stays whole; closing quotes and brackets after it are passed over.
 */
function splitFinalPeriods(out: TaggedText): void {
  const { values, sentences } = out;
  const marked: number[] = [];
  for (const [start, end] of sentences) {
    let last = end - 1;
    while (last > start && CLOSING.test(values[last] ?? '')) last -= 1;
    if (
      last >= start &&
      WORD_WITH_PERIOD.test(values[last] ?? '') &&
      ((values[last] ?? '').length > 2 || labelLetterAt(out, last))
    )
      marked.push(last);
  }
  if (marked.length === 0) return;
  // Move every token right by the number of splits before it, from the back, splitting the marked ones.
  const { lower, lemmas, pos, starts, ends } = out;
  const length = values.length;
  for (const column of [values, lower, lemmas, pos, starts, ends]) column.length = length + marked.length;
  let shift = marked.length;
  for (let index = length - 1; index >= 0 && shift > 0; index -= 1) {
    const to = index + shift;
    if (marked[shift - 1] === index) {
      values[to] = '.';
      lower[to] = '.';
      lemmas[to] = '.';
      pos[to] = 'PUNCT';
      starts[to] = ends[index]! - 1;
      ends[to] = ends[index]!;
      shift -= 1;
      const word = values[index]!.slice(0, -1);
      const lemma = lemmas[index]!;
      values[to - 1] = word;
      lower[to - 1] = lower[index]!.slice(0, -1);
      lemmas[to - 1] = lemma.endsWith('.') ? lemma.slice(0, -1) : lemma;
      pos[to - 1] = pos[index]!;
      starts[to - 1] = starts[index]!;
      ends[to - 1] = ends[index]! - 1;
      continue;
    }
    values[to] = values[index]!;
    lower[to] = lower[index]!;
    lemmas[to] = lemmas[index]!;
    pos[to] = pos[index]!;
    starts[to] = starts[index]!;
    ends[to] = ends[index]!;
  }
  // A sentence's boundaries move by the splits before them (a split token is its own sentence's last).
  let before = 0;
  for (let s = 0; s < sentences.length; s += 1) {
    const [start, end] = sentences[s]!;
    while (before < marked.length && marked[before]! < start) before += 1;
    let inside = before;
    while (inside < marked.length && marked[inside]! < end) inside += 1;
    sentences[s] = [start + before, end + inside];
  }
}

/** Punctuation marks that make one token when repeated: sentence ends (mixed), dashes, and any one mark doubled. */
const DASHES = /^[-–—]+$/;
const REPEATABLE = /^([*=~#+_<>'’`^])\1*$/;
/** Every character SENTENCE_END_MARKS, DASHES or REPEATABLE can start with (char codes). */
const RUN_START: ReadonlySet<number> = new Set([...".!?…-–—*=~#+_<>'’`^"].map((c) => c.charCodeAt(0)));

/**
 * TOKEN.PUNCTUATION_RUN: where a run of touching punctuation tokens that UD English keeps as one word ends
 * ("!!!", "?!", "....", "------", "**", "<<", "''"), or `from` when the token at `from` starts none: runs of
 * sentence-ending marks, of dashes, or of one repeated mark (UD EWT dev: 59 such runs cut up by wink).
 */
export function punctuationRunEnd(
  values: readonly string[],
  touching: (i: number) => boolean,
  from: number,
  end: number,
): number {
  const first = values[from] ?? '';
  // Most tokens start with no mark any of the three patterns opens with: no regex for them.
  if (!RUN_START.has(first.charCodeAt(0))) return from;
  const family = SENTENCE_END_MARKS.test(first)
    ? SENTENCE_END_MARKS
    : DASHES.test(first)
      ? DASHES
      : undefined;
  const repeated = family === undefined ? REPEATABLE.exec(first)?.[1] : undefined;
  if (family === undefined && repeated === undefined) return from;
  let at = from + 1;
  while (at < end && touching(at)) {
    const value = values[at] ?? '';
    if (
      family !== undefined
        ? !family.test(value)
        : !(value.length > 0 && [...value].every((c) => c === repeated))
    )
      break;
    at += 1;
  }
  return at > from + 1 ? at : from;
}

/**
 * TOKEN.WRITTEN_WORD: a domain, e-mail address or file name that wink-nlp cuts at its dots, underscores or
 * "@" ("www . adobe . com", "franz371 . .. @gmail . com", "Lisa _ resume . doc") is one token again, as in
 * UD English: its start is the first part's, its end the last part's, its tag PROPN and its lemma its lowercased
 * form (UD EWT dev: 29 such words cut up, which the words that depend on them could not be aligned to); so is
 * "mailto:" with the address after it, and a number with a plural "'s" ("the 80's", tagged NOUN).
 */
function joinWrittenWords(
  out: TaggedText,
  punctuationRuns: boolean,
  writtenWords: boolean,
  addressParts: boolean,
): void {
  const { values, pos, starts, ends } = out;
  const touching = (i: number) => starts[i] === ends[i - 1];
  joinTokens(out, (index, _start, end) => {
    let last = writtenWords
      ? Math.max(index + 1, compoundEnd(values, touching, index, end, addressParts))
      : index + 1;
    // A decade or number with a plural "'s" ("the 80's", "78's"; wink's "80 's" or "78 ' s"): UD keeps it
    // whole (EWT train: 13 of 14).
    const plural = last === index + 1 && writtenWords ? pluralNumberEnd(values, touching, index, end) : index;
    if (plural > index) last = plural;
    const run =
      last === index + 1 && punctuationRuns ? punctuationRunEnd(values, touching, index, end) : index;
    if (run > index) last = run;
    if (last === index + 1 && run <= index && plural <= index) return null;
    // UD tags such a word PROPN (xpos ADD) far more often than anything else (EWT dev: 78 of 119).
    return {
      last,
      pos: run > index ? 'PUNCT' : plural > index ? 'NOUN' : last > index + 1 ? 'PROPN' : pos[index]!,
    };
  });
}

const NUMBER_LETTER_CODE = 'TOKEN.NUMBER_LETTER_CODE';
const CODE_NUMBER = /^\d{1,5}$/;
const CODE_LETTERS = /^[A-Z]{1,2}$/;
/**
 * Letters UD keeps apart from the number: halves of the day ("10 AM") and units of quantity, money and
 * temperature ("40 K", "3 M", "15 MM", "2000 F"; EWT and GUM train and dev cut 11 of 12 such words, and keep
 * codes whole: "4A", "5C", "83N", "3G", "6TH").
 */
const APART_LETTERS: ReadonlySet<string> = new Set(['AM', 'PM', 'K', 'M', 'MM', 'F']);

/**
 * TOKEN.NUMBER_LETTER_CODE: a number with one or two capital letters written against it ("Unit 4C", "Apt 3B",
 * "Room 12A", "a 3D printer") is one token again, as UD English keeps it (EWT and GUM train and dev: 24 such
 * words whole, 15 cut, 11 of them a unit); wink-nlp cuts it in two, and the parser read the letter as a word
 * of its own ("Unit 4 | C" made "C" the sentence's root). A half of the day or a unit ("10AM", "40K", "3M")
 * stays cut, as UD writes it. Tagged PROPN; the tagger tags it again.
 */
function joinNumberLetterCodes(out: TaggedText): void {
  const { values, starts, ends } = out;
  joinTokens(out, (index, _start, end) => {
    const next = index + 1;
    if (next >= end || starts[next] !== ends[index]) return null;
    if (
      !CODE_NUMBER.test(values[index]!) ||
      !CODE_LETTERS.test(values[next]!) ||
      APART_LETTERS.has(values[next]!)
    )
      return null;
    // Not part of a longer written word ("4C-7", "3Dprint").
    if (next + 1 < end && starts[next + 1] === ends[next] && /^[\p{L}\d]/u.test(values[next + 1]!))
      return null;
    return { last: next + 1, pos: 'PROPN' };
  });
}

/**
 * Joins tokens sentence by sentence: where `span` gives the end (`last`) and tag of a run starting at
 * `index` (in the sentence [start, end)), the run becomes one token (its words concatenated, lowercased
 * as lower form and lemma when it is more than one token, its start the first's and its end the last's);
 * where it gives null, the token stays as it is. The sentences' bounds follow.
 */
function joinTokens(
  out: TaggedText,
  span: (index: number, start: number, end: number) => { last: number; pos: Upos } | null,
): void {
  const { values, lower, lemmas, pos, starts, ends, sentences } = out;
  let write = 0;
  for (let s = 0; s < sentences.length; s += 1) {
    const [start, end] = sentences[s]!;
    const newStart = write;
    let index = start;
    while (index < end) {
      const joined = span(index, start, end);
      const last = joined?.last ?? index + 1;
      let value = values[index]!;
      for (let i = index + 1; i < last; i += 1) value += values[i]!;
      values[write] = value;
      lower[write] = last > index + 1 ? value.toLowerCase() : lower[index]!;
      lemmas[write] = last > index + 1 ? value.toLowerCase() : lemmas[index]!;
      pos[write] = joined?.pos ?? pos[index]!;
      starts[write] = starts[index]!;
      ends[write] = ends[last - 1]!;
      write += 1;
      index = last;
    }
    sentences[s] = [newStart, write];
  }
  for (const array of [values, lower, lemmas, pos, starts, ends]) array.length = write;
}

/**
 * SENTENCE_TAIL_RULES (sentence-tails.ts): where wink-nlp opens a sentence with what closes the one before
 * it on the same line (a reference "[17]" after its full stop, a closing quotation mark left alone, a
 * footnote number), those tokens go back to the sentence before; a sentence left empty is dropped. A
 * forced break (a heading's edge) between the two keeps the cut.
 */
function joinSentenceTails(
  text: string,
  out: TaggedText,
  disabledRules: ReadonlySet<string> | undefined,
  breaks: readonly number[] | undefined,
): void {
  const { sentences } = out;
  const tokens = { text, values: out.values, starts: out.starts, ends: out.ends };
  let changed = false;
  const joined: Array<readonly [number, number]> = [];
  for (const span of sentences) {
    const previous = joined[joined.length - 1];
    if (
      previous !== undefined &&
      previous[1] === span[0] &&
      span[1] > span[0] &&
      previous[1] > previous[0] &&
      !breakBetween(breaks, out.ends[span[0] - 1] ?? 0, out.starts[span[0]] ?? 0)
    ) {
      const moved = sentenceTail(
        { previous: previous[0], first: span[0], end: span[1] },
        tokens,
        disabledRules,
      );
      if (moved > 0) {
        changed = true;
        joined[joined.length - 1] = [previous[0], span[0] + moved];
        if (span[0] + moved < span[1]) joined.push([span[0] + moved, span[1]]);
        continue;
      }
    }
    joined.push(span);
  }
  if (changed) replaceSpans(sentences, joined);
}

/** A word an abbreviation's period may follow: letters (not a single one, an initial or a list's letter). */
const ABBREVIATION_LETTERS = /^\p{L}{2,5}$/u;

/**
 * TOKEN.ABBREVIATION_BEFORE_COMMA: "Federal Sts., is now home", "(Biggs et al., 2011)", "of S. F., Cal.,
 * declare": a period written between a short word and a comma ends no sentence, so it is the
 * abbreviation's, and the two are one token as UD writes them ("Sts.", "al."); wink cut the period off
 * where it first ended a sentence there.
 */
function joinPeriodsBeforeCommas(out: TaggedText): void {
  const { values, starts, ends } = out;
  joinTokens(out, (index, _start, end) =>
    index + 2 < end &&
    values[index + 1] === '.' &&
    values[index + 2] === ',' &&
    starts[index + 1] === ends[index] &&
    starts[index + 2] === ends[index + 1] &&
    ABBREVIATION_LETTERS.test(values[index]!)
      ? { last: index + 2, pos: out.pos[index]! }
      : null,
  );
}

const TRANSCRIPT_LABEL = 'TOKEN.TRANSCRIPT_LABEL';

/**
 * TOKEN.TRANSCRIPT_LABEL: in a transcript whose lines open with "Q." and "A." (a deposition, a hearing:
 * "Q. Please state your name for the record." | "A. Maria Lopez."), the letter and its period are two tokens,
 * a speaker's label and its mark, which the speaker-label rules then read as "Q:" and "A:" (TREE.SPEAKER_LABEL,
 * MOOD.SPEAKER_LABEL): read as one word, "Q." made the utterance a fragment. Only in a text with lines of
 * both kinds, so an initial ("A. Smith signed") stays whole.
 */
function splitTranscriptLabels(text: string, out: TaggedText): void {
  const starts = transcriptLabelStarts(text);
  if (starts.size === 0) return;
  const cuts = new Map<number, readonly TokenPiece[]>();
  for (const [start, end] of out.sentences) {
    const value = out.values[start];
    if (end - start > 1 && (value === 'Q.' || value === 'A.') && starts.has(out.starts[start]!))
      cuts.set(start, TRANSCRIPT_LABEL_PIECES);
  }
  cutTokens(out, cuts);
}

/** The letter of a transcript's label and its period. */
const TRANSCRIPT_LABEL_PIECES: readonly TokenPiece[] = [
  { length: 1, pos: 'PROPN' },
  { length: 1, pos: 'PUNCT' },
];

/** Characters one of TOKEN_SPLIT_RULES needs in a token: most tokens have none, and no row is tried. */
const SPLIT_MARK = /[-.:)'"”’‘]/;

/**
 * TOKEN_SPLIT_RULES (token-splits.ts): a token wink-nlp keeps whole that UD English writes as several
 * words ("13-17", "-0.3931", an address with its full stop, "):" closing a bracket, "etc." before "..") is
 * cut into them, each with its own span; the sentences' bounds follow.
 */
function splitTokens(out: TaggedText, disabledRules: ReadonlySet<string> | undefined): void {
  const { values, starts, ends, sentences } = out;
  const cuts = new Map<number, readonly TokenPiece[]>();
  for (const [start, end] of sentences) {
    const tokens = { values, starts, ends, start, end };
    for (let index = start; index < end; index += 1) {
      if (!SPLIT_MARK.test(values[index]!)) continue;
      const pieces = tokenPieces(index, tokens, disabledRules);
      if (pieces !== undefined) cuts.set(index, pieces);
    }
  }
  cutTokens(out, cuts);
}

/** Cuts each token `cuts` names into its pieces, each with its own span and tag; the sentences' bounds follow. */
function cutTokens(out: TaggedText, cuts: ReadonlyMap<number, readonly TokenPiece[]>): void {
  if (cuts.size === 0) return;
  const { values, lower, lemmas, pos, starts, ends, sentences } = out;
  const copy = {
    values: [...values],
    lower: [...lower],
    lemmas: [...lemmas],
    pos: [...pos],
    starts: [...starts],
    ends: [...ends],
  };
  const newIndex: number[] = new Array(copy.values.length + 1);
  for (const column of [values, lower, lemmas, pos, starts, ends]) column.length = 0;
  for (let index = 0; index < copy.values.length; index += 1) {
    newIndex[index] = values.length;
    const pieces = cuts.get(index);
    if (pieces === undefined) {
      values.push(copy.values[index]!);
      lower.push(copy.lower[index]!);
      lemmas.push(copy.lemmas[index]!);
      pos.push(copy.pos[index]!);
      starts.push(copy.starts[index]!);
      ends.push(copy.ends[index]!);
      continue;
    }
    let at = 0;
    for (const { length, pos: tag } of pieces) {
      const value = copy.values[index]!.slice(at, at + length);
      pushToken(out, value, lowerOf(value), tag, copy.starts[index]! + at, copy.starts[index]! + at + length);
      at += length;
    }
  }
  newIndex[copy.values.length] = values.length;
  replaceSpans(
    sentences,
    sentences.map(([start, end]) => [newIndex[start]!, newIndex[end]!] as const),
  );
}

/** A short run of letters, the start of a word a speaker broke off ("th-", "exper-"). */
const FRAGMENT_LETTERS = /^\p{L}{1,6}$/u;

/** Tags of a listed word of one or two letters that may still be a broken-off word ("th-"). */
const FRAGMENT_READINGS: ReadonlySet<Upos> = new Set<Upos>(['NOUN', 'PROPN', 'X', 'INTJ']);

/**
 * Whether letters before a hyphen are a broken-off word: letters the lexicon does not list ("d-", "w-",
 * "kn-", "exper-"), or one or two it lists only as a noun ("th-"), not written all in capitals and,
 * beyond two letters, not capitalised (a name). A whole
 * word before a hyphen and a space is a dash written short ("Be warned- they'll", "Jen Fraser-
 * confirmed") or a word a line break split ("on- going", "buy- down", "CEE- Enhanced"), and a prefix
 * (`HYPHEN_PREFIXES`: "non- exclusive", "pre- and post-war") a part of the word after it.
 */
function brokenOff(value: string, lower: string): boolean {
  if (HYPHEN_PREFIXES.has(lower) || (value.length > 1 && value === value.toUpperCase())) return false;
  // A capitalised word of three letters or more the lexicon does not list is a name ("Fraser-").
  if (value.length > 2 && value !== lower) return false;
  const readings = posReadings(lower);
  if (readings === undefined || readings.size === 0) return true;
  return lower.length <= 2 && [...readings].every((tag) => FRAGMENT_READINGS.has(tag));
}

/**
 * TOKEN.WORD_FRAGMENT: "Th- th- this guy", "I usually d- have", "When w- you take over": a word broken
 * off in speech is written as its first letters and a hyphen, with a space (or the sentence's end) after
 * the hyphen; wink cuts it into the letters and a "-", which the parser, trained on UD's single token
 * ("w-", INTJ, mostly `reparandum`), reads as a noun and a dash and often makes the root. The two become
 * one token again, tagged INTJ. A hyphen touching the next word ("well-known") is no such break.
 */
function joinWordFragments(out: TaggedText, beforeDash: boolean): void {
  const { values, lower, starts, ends } = out;
  joinTokens(out, (index, start, end) => {
    if (index + 1 >= end || values[index + 1] !== '-' || starts[index + 1] !== ends[index]) return null;
    const markAfter = beforeDash && breakMarkAfter(out, index + 2, end);
    const fragment =
      FRAGMENT_LETTERS.test(values[index]!) &&
      (markAfter || brokenOff(values[index]!, lower[index]!)) &&
      // A single capital inside the sentence is an initial or a split word ("the E- Commerce Platform").
      !(index > start && values[index] !== lower[index]) &&
      (markAfter || index + 2 >= end || starts[index + 2]! > ends[index + 1]!) &&
      (index === start || starts[index]! > ends[index - 1]!);
    return fragment ? { last: index + 2, pos: 'INTJ' } : null;
  });
}

/** A dash or a mark after a broken-off word ("re- —", "wh-,", "t-?"). */
const BREAK_MARK = /^(?:[-–—]+|[,?!.…]+)$/;

/**
 * TOKEN.WORD_FRAGMENT_BEFORE_DASH: letters and a hyphen with a dash after them ("Now I'm supposed to re-
 * —", "I don't re- – I don't remember") or a mark against them ("our, wh-, the one", "t-?") are a word
 * broken off even where they are a word or a prefix the lexicon lists: nothing goes on after the hyphen.
 */
function breakMarkAfter(out: TaggedText, next: number, end: number): boolean {
  if (next >= end) return false;
  const value = out.values[next]!;
  if (!BREAK_MARK.test(value)) return false;
  // A mark against the hyphen ("wh-,"), or a dash after a space ("re- —"; a dash against it is a run).
  return out.starts[next] === out.ends[next - 1] ? !/^[-–—]/.test(value) : /^[-–—]/.test(value);
}

/**
 * TOKEN.SIGNATURE_MARK: "/s/ James Noble", "By: /s/ Jane Roe": the mark of an electronic signature in a
 * filed contract, which wink cuts into "/", "s", "/" (the "s" then read as a clitic "is", the Finite of a
 * statement), is one token, a symbol.
 */
function joinSignatureMarks(out: TaggedText): void {
  const { lower, starts, ends } = out;
  joinTokens(out, (index, _start, end) =>
    index + 2 < end &&
    lower[index] === '/' &&
    lower[index + 1] === 's' &&
    lower[index + 2] === '/' &&
    starts[index + 1] === ends[index] &&
    starts[index + 2] === ends[index + 1]
      ? { last: index + 3, pos: 'SYM' }
      : null,
  );
}

/**
 * Corrections of wink's tag from the parse where the tree leaves no doubt:
 * POS.TREE_PREDICATOR: the root of the sentence, a verb to the trained tagger, with its Subject before
 * it, that wink read as a noun or adjective ("He dwelt in another world", "We knelt and stared");
 * POS.TREE_CLITIC_AUX: a clitic "'s" the parse makes a copula or auxiliary ("Mom's a nurse", "Susan's
 * going"), which wink read as a possessive particle.
 */
function treeCorrection(
  out: TaggedText,
  parsed: readonly ParsedWord[],
  start: number,
  local: number,
  disabledRules?: ReadonlySet<string>,
): void {
  const word = parsed[local] as ParsedWord;
  const index = start + local;
  const tag = out.pos[index];
  if (
    word.head === 0 &&
    word.upos === 'VERB' &&
    (tag === 'NOUN' || tag === 'ADJ') &&
    !disabledRules?.has('POS.TREE_PREDICATOR')
  ) {
    let subject = false;
    let nominal = false;
    for (let other = 0; other < parsed.length; other += 1) {
      const dependent = parsed[other] as ParsedWord;
      if (dependent.head !== local + 1) continue;
      if (other < local && /^nsubj(:|$)/.test(dependent.deprel)) subject = true;
      // A determiner, preposition or possessive on it: a noun whatever the tree's root ("is without doubt").
      if (/^(case|det|nmod:poss|cop)$/.test(dependent.deprel)) nominal = true;
    }
    if (subject && !nominal) {
      out.pos[index] = 'VERB';
      out.lemmas[index] = word.lemma;
    }
    return;
  }
  if (
    tag === 'PART' &&
    (word.deprel === 'cop' || word.deprel === 'aux') &&
    /^['’]s$/.test(out.lower[index] ?? '') &&
    !disabledRules?.has('POS.TREE_CLITIC_AUX')
  ) {
    out.pos[index] = 'AUX';
    out.lemmas[index] = word.deprel === 'cop' ? 'be' : word.lemma;
  }
}

/**
 * Puts `spans` in place of what `target` holds, in place. A loop, not `push(...spans)`: a spread passes every
 * span as an argument, and a long document's hundred thousand sentences overflow the call stack.
 */
export function replaceSpans<T>(target: T[], spans: readonly T[]): void {
  target.length = 0;
  for (let index = 0; index < spans.length; index += 1) target.push(spans[index] as T);
}

/** Sentences handed to the parser at once. */
const PARSE_BATCH = 64;

/** Whether a word of the utterance's tree makes it a clause: a verb, or a Subject, auxiliary or copula on its root. */
function clausalRoot(parsed: readonly ParsedWord[], root: number): boolean {
  if (parsed[root - 1]?.upos === 'VERB') return true;
  return parsed.some((word) => word.head === root && /^(nsubj|csubj|expl|aux|cop)(:|$)/.test(word.deprel));
}

const FINAL_MARK = /^[.?!…]+$/;

/**
 * The tree of a line that opens with a label: when the utterance is a clause, parsed alone and with a verb
 * in the line parsed whole, the trees of the label and of the utterance joined (`joinLabelTree`); otherwise
 * (a name, a list, an address, a reference after the label: "Source: ARCONIC ROLLED PRODUCTS CORP, 10-12B")
 * the line's tree parsed whole, which EWT dev scores better on such lines.
 */
function labelLine(
  whole: ParsedWord[],
  label: readonly ParsedWord[],
  utterance: readonly ParsedWord[],
  guideline: boolean,
): ParsedWord[] {
  const root = utterance.findIndex((word) => word.head === 0) + 1;
  let verb = false;
  for (let local = label.length; local < whole.length; local += 1) {
    const upos = whole[local]!.upos;
    if (upos === 'VERB' || upos === 'AUX') verb = true;
  }
  return verb && clausalRoot(utterance, root) ? joinLabelTree(label, utterance, guideline) : whole;
}

/**
 * One sentence's tree from the trees of its label (with the colon) and of the utterance after it, parsed
 * apart: the label's root stays the root, as UD annotates such lines; the utterance, a clause, hangs on it as
 * `parataxis`. With `guideline`, the punctuation of the whole line then
 * goes where UD's guideline puts it (the colon on the utterance), and the final mark on the root, as UD's
 * trees of such lines have them.
 */
function joinLabelTree(
  label: readonly ParsedWord[],
  utterance: readonly ParsedWord[],
  guideline: boolean,
): ParsedWord[] {
  const offset = label.length;
  const labelRoot = label.findIndex((word) => word.head === 0) + 1;
  const utteranceRoot = utterance.findIndex((word) => word.head === 0) + 1;
  const joined = label.map((word, local) =>
    local === offset - 1 ? { ...word, head: utteranceRoot + offset, deprel: 'punct' } : { ...word },
  );
  for (const word of utterance) {
    if (word.head === 0) joined.push({ ...word, head: labelRoot, deprel: 'parataxis' });
    else joined.push({ ...word, head: word.head + offset });
  }
  if (guideline) {
    const heads = joined.map((word) => word.head);
    const deprels = joined.map((word) => word.deprel);
    if (
      attachPunctuation(
        joined.map((word) => word.word),
        joined.map((word) => word.upos),
        heads,
        deprels,
      )
    )
      joined.forEach((word, local) => {
        word.head = heads[local]!;
        word.deprel = deprels[local]!;
      });
    // The mark that ends the line hangs on the line's root (the label), as in UD's trees of such lines.
    const last = joined[joined.length - 1]!;
    if (last.upos === 'PUNCT' && FINAL_MARK.test(last.word) && last.head === utteranceRoot + offset)
      last.head = labelRoot;
  }
  return joined;
}

/** A span of tokens parsed as one tree: a sentence, or a part of one (then with its sentence's span). */
type ParseUnit = readonly [start: number, end: number, sentenceStart?: number, sentenceEnd?: number];

/** The parses of the units `from` to `from + PARSE_BATCH` of `spans`. */
function parseBatch(
  models: Parser,
  out: TaggedText,
  spans: ReadonlyArray<ParseUnit>,
  from: number,
  disabledRules?: ReadonlySet<string>,
  holes?: ReadonlyMap<number, readonly number[]>,
  required?: RequiredTags | readonly RequiredTags[],
): ParsedWord[][] {
  const part = spans.slice(from, from + PARSE_BATCH);
  // The document indices of a unit's words that go to the models (all of them unless it has holes).
  const kept = (unit: number): number[] | undefined => {
    const skipped = holes?.get(from + unit);
    if (skipped === undefined) return undefined;
    const [start, end] = part[unit]!;
    const indices: number[] = [];
    for (let index = start; index < end; index += 1)
      if (!skipped.includes(index - start)) indices.push(index);
    return indices;
  };
  const keptOf = part.map((_, unit) => kept(unit));
  // POS.LEXICON_TAG_DICTIONARY: wink's lexicon is the tag dictionary for words the trained tagger did
  // not learn from its treebank (dev: GUM UPOS +0.18, UAS +0.40, LAS +0.71; EWT UAS +0.08, LAS +0.23).
  const dictionary = !disabledRules?.has('POS.LEXICON_TAG_DICTIONARY');
  // TOKEN.PARSER_PLAIN_QUOTES: the models learnt from a treebank written with plain apostrophes; curly
  // ones ("dad’s", "don’t", "‘yes’") reach them written plain, so "’s" is read as "'s" is. The tokens keep
  // their text. (Curly double quotation marks stay as they are: written plain they cost GUM dev
  // participant recall, gold obj 80.3 -> 79.8.)
  const plain = !disabledRules?.has('TOKEN.PARSER_PLAIN_QUOTES');
  // TOKEN.PARSER_TRUECASE_CAPS: a sentence written in capitals ("IN NO EVENT SHALL EITHER PARTY BE LIABLE
  // TO RESELLER ...", a contract's disclaimer) reaches the models in the case the document writes its
  // words elsewhere ("Reseller", "the", "MediaNet"), else in lower case when wink's lexicon lists the word
  // other than as a name, else capitalised (and so is the sentence's first word; see `truecased`): the
  // models learnt words from mixed-case text, and capitals read as names (TO RESELLER: PART VERB).
  const truecase = !disabledRules?.has('TOKEN.PARSER_TRUECASE_CAPS');
  const joinHyphenated = !disabledRules?.has(HYPHENATED_WH_NOUN);
  // TREE.PUNCTUATION_GUIDELINE: punctuation hangs where UD's guideline hangs it, projectively on the head
  // of the unit it delimits (@cae/parser's attachPunctuation; EWT dev UAS 84.87 -> 85.14, GUM dev 84.27 ->
  // 84.55 on gold words). Off, the transition parser's own attachments stand.
  const punctuation = disabledRules?.has('TREE.PUNCTUATION_GUIDELINE') ? 'as-parsed' : 'guideline';
  // A unit that is part of a sentence (TREE.SPEAKER_LABEL) is in capitals when its sentence is.
  const words = ([start, end, sentenceStart, sentenceEnd]: ParseUnit, unit: number): string[] => {
    const indices = keptOf[unit];
    let values =
      indices === undefined ? out.values.slice(start, end) : indices.map((index) => out.values[index]!);
    const capitals =
      sentenceStart === undefined
        ? capitalsSentence(values)
        : capitalsSentence(out.values.slice(sentenceStart, sentenceEnd));
    if (truecase && capitals) values = truecased(out, values);
    if (joinHyphenated) {
      // POS.HYPHENATED_WH_NOUN: the WH-part of "Know-How" reaches the models as the word it ends ("knowhow"), a
      // noun they have not learnt, whose reading the tag makes; read as "how", it pulled the parse to the adverb's
      // relations even as a noun ("How" the auxiliary of "owned").
      for (let local = 0; local < values.length; local += 1) {
        const index = indices === undefined ? start + local : indices[local]!;
        if (HYPHENATED_WH.has(out.lower[index] ?? '') && afterWordHyphen(out, index))
          values[local] = `${out.lower[index - 2]}${out.lower[index]}`;
      }
    }
    return plain ? values.map(plainQuotes) : values;
  };
  // The parser asks for a word's readings only where they can constrain it (words it did not learn).
  // POS.OPENING_COMMAND and POS.ARTICLE_NOUN: the word asked to be read with given tags (a second reading).
  return models.parseMany(
    part.map(words),
    part.map(([start], unit) =>
      dictionary
        ? {
            punctuation,
            ...(required === undefined ? {} : { required }),
            allowedAt: (local: number) => {
              const lower = out.lower[keptOf[unit]?.[local] ?? start + local] as string;
              // TOKEN.SIGNATURE_MARK's "/s/" is a symbol.
              if (lower === '/s/') return SYMBOL_ONLY;
              return posReadings(plain ? plainQuotes(lower) : lower);
            },
          }
        : { punctuation, ...(required === undefined ? {} : { required }) },
    ),
  );
}

/** A word of two letters or more, all capitals ("LIABLE", "U.S."); a word with a lower-case letter. */
const CAPITALS_WORD = /^(?=(?:.*\p{Lu}){2})[^\p{Ll}]+$/u;
const LOWER_LETTER = /\p{Ll}/u;

/** Whether a sentence is written in capitals: at least three words of capitals and no word with a lower-case letter. */
function capitalsSentence(values: readonly string[]): boolean {
  let capitals = 0;
  for (const value of values) {
    if (LOWER_LETTER.test(value)) return false;
    if (CAPITALS_WORD.test(value)) capitals += 1;
  }
  return capitals >= 3;
}

/** Per tagged text, each lower-cased word's most frequent spelling outside capitals (for TOKEN.PARSER_TRUECASE_CAPS). */
const MIXED_CASE = new WeakMap<TaggedText, Map<string, string>>();

function mixedCaseForms(out: TaggedText): Map<string, string> {
  const known = MIXED_CASE.get(out);
  if (known !== undefined) return known;
  const counts = new Map<string, Map<string, number>>();
  for (let index = 0; index < out.values.length; index += 1) {
    const value = out.values[index] as string;
    if (!LOWER_LETTER.test(value)) continue;
    const lower = out.lower[index] as string;
    let forms = counts.get(lower);
    if (forms === undefined) {
      forms = new Map();
      counts.set(lower, forms);
    }
    forms.set(value, (forms.get(value) ?? 0) + 1);
  }
  const best = new Map<string, string>();
  for (const [lower, forms] of counts) {
    let top = '';
    let most = 0;
    for (const [form, count] of forms)
      if (count > most) {
        top = form;
        most = count;
      }
    best.set(lower, top);
  }
  MIXED_CASE.set(out, best);
  return best;
}

/** The sentence's capitals words in the document's own spelling, else lower case (the first word capitalised). */
function truecased(out: TaggedText, values: readonly string[]): string[] {
  const forms = mixedCaseForms(out);
  return values.map((value, local) => {
    if (!CAPITALS_WORD.test(value)) return value;
    const lower = value.toLowerCase();
    const known = forms.get(lower);
    if (known !== undefined) return known;
    // A word wink's lexicon lists goes in lower case; another, or one it lists as a name only, is most
    // often a name ("MEDIANET", "TEXAS").
    const readings = posReadings(lower);
    const name = readings === undefined || (readings.size === 1 && readings.has('PROPN'));
    return local === 0 || name ? value.charAt(0) + lower.slice(1) : lower;
  });
}

const SYMBOL_ONLY: ReadonlySet<Upos> = new Set<Upos>(['SYM']);
const VERB_ONLY: ReadonlySet<Upos> = new Set<Upos>(['VERB']);
const NOUN_ONLY: ReadonlySet<Upos> = new Set<Upos>(['NOUN']);
const PROPER_ONLY: ReadonlySet<Upos> = new Set<Upos>(['PROPN']);
const NO_NAMES: ReadonlySet<string> = new Set();
const ADJECTIVE_ONLY: ReadonlySet<Upos> = new Set<Upos>(['ADJ']);

/**
 * POS.AFOREMENTIONED_SAID: legal "said" before a noun means "aforementioned" ("If **the said** transfer is not
 * approved", "**Said** books and records shall be kept", "sent to **said** party"). Read as the verb, it made
 * "the said" a clause and "transfer is not approved" the clause it reports. Where the tagger reads such a
 * "said" as a verb (after a determiner or preposition, or opening the sentence, and before a noun, a proper
 * noun or an adjective), the sentence is tagged and parsed again with it an adjective.
 */
const AFOREMENTIONED_SAID = 'POS.AFOREMENTIONED_SAID';
const SAID_AFTER: ReadonlySet<Upos> = new Set<Upos>(['NOUN', 'PROPN', 'ADJ']);

/**
 * POS.BINDING_ADJECTIVE: contract "binding" is the adjective ("shall be **binding upon** the parties", "final and
 * binding", "a valid and **binding obligation**", "settled by **binding arbitration**", "legally binding"). Read as
 * the verb, "shall be binding upon the parties" was a material process with an Actor, and after "valid and" the
 * rest of the nominal group was cut off as a clause of its own ("| and binding obligation of the Company").
 * Where the tagger reads "binding" as a verb with no object after it (no determiner, pronoun or name next: "capable
 * of binding the Company" stays the verb), the sentence is tagged and parsed again with it an adjective.
 */
const BINDING_ADJECTIVE = 'POS.BINDING_ADJECTIVE';
const OBJECT_OPENING: ReadonlySet<Upos> = new Set<Upos>(['DET', 'PRON', 'PROPN', 'NUM']);

/**
 * POS.SET_FORTH: "set" before "forth" is the verb, most often the participle of a postmodifier ("has the meaning
 * **set forth** in Section 7.2", "the terms set forth herein"). Read as a noun ("the meaning set", a compound), the
 * participle's phrase ("in Section 7.2") fell out of the nominal group as a circumstance of the clause. Where the
 * tagger reads such a "set" as anything but a verb, the sentence is tagged and parsed again with it a verb, and the
 * new parse is kept where every such "set" is a postmodifier (`acl`) in it of a nominal that hangs, through nominals
 * with no copula, on a verb, and the root is the same word, a verb.
 */
const SET_FORTH = 'POS.SET_FORTH';
const NOMINAL_HOSTS: ReadonlySet<Upos> = new Set<Upos>(['NOUN', 'PROPN', 'PRON', 'NUM']);

/**
 * POS.SET_FORTH: the nominal `local` postmodifies (1-based heads) hangs, through nominals only, on a verb, and none
 * of those nominals is a predicate with a copula ("be in violation of the terms set forth": "set" would take the
 * clause's process).
 */
function verbalHost(parsed: readonly ParsedWord[], local: number): boolean {
  let at = (parsed[local]?.head ?? 0) - 1;
  for (let steps = 0; at >= 0 && steps < parsed.length; steps += 1) {
    const word = parsed[at]!;
    if (word.upos === 'VERB') return true;
    if (!NOMINAL_HOSTS.has(word.upos)) return false;
    if (parsed.some((other) => other.head === at + 1 && other.deprel === 'cop')) return false;
    at = word.head - 1;
  }
  return false;
}

/**
 * POS.DAYS_NOTICE: "ten (10) business **days notice**", "thirty days **notice**", "30 days' prior written **notice**":
 * "notice" after a unit of time (with at most "prior" and "written" between) is the noun of a measure, not a verb;
 * read as the verb it cut the clause there and left the Goal out. Where the tagger reads it as a verb, the sentence
 * is tagged and parsed again with it a noun.
 */
/**
 * POS.HYPHENATED_WH_NOUN: "the Licensed **Know-How**", "all **know-how** and trade secrets", "**show-how**": a
 * WH-word joined by a hyphen, with no space on either side, to the word before it is the head noun of one word,
 * not an adverb (UD: "know" `compound` of the noun "how"). Read as the adverb "how" it opened a clause of its own
 * inside the name ("... its Know- | How of any kind ...", a question by its WH-word). Where the tagger reads it
 * otherwise (or the word before the hyphen as anything but a noun: "all **Know**-How owned by ..." as a verb), the
 * sentence is tagged and parsed again with both parts nouns.
 */
const HYPHENATED_WH_NOUN = 'POS.HYPHENATED_WH_NOUN';
/** The WH-words `POS.HYPHENATED_WH_NOUN` reads as the noun of a hyphenated word. */
const HYPHENATED_WH: ReadonlySet<string> = new Set(['how', 'what', 'why', 'where', 'when', 'who']);

/** Whether the word at `index` follows a hyphen written with no space on either side, after a word. */
function afterWordHyphen(out: TaggedText, index: number): boolean {
  const hyphen = index - 1;
  const word = index - 2;
  return (
    word >= 0 &&
    out.values[hyphen] === '-' &&
    out.ends[hyphen] === out.starts[index] &&
    out.ends[word] === out.starts[hyphen] &&
    /\p{L}$/u.test(out.values[word] ?? '')
  );
}

const DAYS_NOTICE = 'POS.DAYS_NOTICE';
const NOTICE_UNITS: ReadonlySet<string> = new Set([
  'day',
  'days',
  "days'",
  'week',
  'weeks',
  "weeks'",
  'month',
  'months',
  "months'",
  'hours',
  "hours'",
]);

const DEFINED_NAME = 'POS.DEFINED_NAME';
/** A one-word name a document defines in brackets: `("Excite")`, `(the "Company")`, `(hereinafter "Seller")`. */
const DEFINED_NAME_PATTERN =
  /\(\s*(?:the\s+|collectively,?\s+|hereinafter\s+(?:referred\s+to\s+as\s+)?|each,?\s+|a\s+)?["“]([A-Z][A-Za-z0-9&-]*)["”]\s*\)/g;

/**
 * POS.DEFINED_NAME: the one-word names a contract defines in brackets ("and between Excite, Inc. ... (\"Excite\")").
 * Where the tagger reads such a name, capitalised as defined, as a verb or auxiliary ("**Excite** maintains a
 * site", "the **Excite** Site": a verb in wink's lexicon and the model's), the sentence is tagged and parsed again
 * with every such name of it required to be a proper noun, but where it comes after "to" or a modal or before a
 * determiner or pronoun ("to **Market** the Products": a verb after all).
 */
function definedNames(text: string): ReadonlySet<string> {
  if (
    !text.includes('("') &&
    !text.includes('(“') &&
    !/\(\s*(?:the|collectively|hereinafter|each|a)\s/.test(text)
  )
    return NO_NAMES;
  const names = new Set<string>();
  for (const match of text.matchAll(DEFINED_NAME_PATTERN)) names.add(match[1]!);
  return names;
}

const CURLY_APOSTROPHE = /[‘’]/;
const CURLY_APOSTROPHES = /[‘’]/g;

/** The word with curly apostrophes and single quotation marks written plain ("dad’s" -> "dad's"). */
function plainQuotes(value: string): string {
  if (!CURLY_APOSTROPHE.test(value)) return value;
  return value.replace(CURLY_APOSTROPHES, "'");
}

/** TREE.QUOTE_MARKER: see `lineMarkers`. */
const QUOTE_MARKER = 'TREE.QUOTE_MARKER';
/** An e-mail quotation marker: ">", ">>", "> >" written as tokens of ">" alone, each with a space after it. */
const QUOTE_MARKER_TOKEN = /^>+$/;

/**
 * TREE.QUOTE_MARKER (and TREE.BULLET_MARKER, `bullets`): the local indices of the e-mail quotation markers of
 * the sentence [start, end) (and of its bullets): a token
 * of ">" alone that opens its line ("> When can I expect my deposit back?", "> I moved out on May 31⏎> and
 * left the keys"). Read as words, they derail the tags and tree of the quoted line ("When can" | "I expect
 * ..."); the sentence is parsed without them, and each hangs on its root as punctuation (as UD hangs the
 * few its treebanks keep). Empty when there is none, or when the sentence is nothing else.
 */
function lineMarkers(
  text: string,
  out: TaggedText,
  start: number,
  end: number,
  quotes: boolean,
  bullets: boolean,
): number[] {
  const markers: number[] = [];
  for (let index = start; index < end; index += 1) {
    const value = out.values[index]!;
    const quote = quotes && QUOTE_MARKER_TOKEN.test(value);
    if (!quote && !(bullets && BULLET_TOKEN.test(value) && proseAfter(out.values, index + 1, end))) continue;
    // A marker stands apart from the word after it (">100,000 members" is "more than", "-5" a number).
    if (out.ends[index] === out.starts[index + 1]) continue;
    const opensLine = index === 0 || lineBreaks(text, out.ends[index - 1]!, out.starts[index]!) > 0;
    // "> >" or ">>" written as two tokens: the second follows a marker on the same line; so does a bullet
    // inside a quotation ("> - item").
    const afterMarker = markers[markers.length - 1] === index - start - 1;
    if (opensLine || afterMarker) markers.push(index - start);
  }
  return markers.length === end - start ? [] : markers;
}

const DATELINE = 'TREE.DATELINE';
/** Dashes that close a news dateline. */
const DATELINE_DASHES: ReadonlySet<string> = new Set(['--', '—', '–', '-']);
/** Tokens of a dateline after its place in capitals: names, numbers, commas, the wire's slashes and brackets. */
const DATELINE_WORD = /^(?:\p{Lu}[\p{L}.'’&-]*|\d[\d,:]*|[,/().])$/u;
/** Tokens of a dateline before its dash, at most. */
const DATELINE_TOKENS = 16;

/**
 * TREE.DATELINE: the index of the dash that closes a news dateline opening the sentence ("EASTFIELD, Ohio,
 * March 4, 2025 /PRNewswire/ -- Riverside Health announced today ...", "WASHINGTON (AP) — The Senate voted
 * ..."), or -1: a place in capitals, then names, numbers, commas, slashes and brackets (one at least: a
 * label in capitals, "OBSERVATION--", "BIG MISTAKE - The food was cold", has none), then a dash and a
 * sentence with a word in lower case. Parsed as one sentence, the dateline's names become Subjects of the
 * verb ("EASTFIELD" and "Health" both `nsubj`); the dateline and the sentence are parsed apart, and when the
 * sentence is a clause the dateline hangs on its root (`parataxis`).
 */
function datelineDash(values: ArrayLike<string>, start: number, end: number): number {
  const first = values[start] ?? '';
  if (!/^\p{Lu}{2}/u.test(first) || /\p{Ll}/u.test(first)) return -1;
  const last = Math.min(end - 3, start + DATELINE_TOKENS);
  // A comma, a bracket or a slash after the place: a label ("OBSERVATION--", "BIG MISTAKE -") has none.
  let parts = false;
  for (let index = start + 1; index <= last; index += 1) {
    const value = values[index] as string;
    if (value === ',' || value === '(' || value === '/') parts = true;
    if (DATELINE_DASHES.has(value)) {
      if (!parts) return -1;
      if (!/^\p{Lu}/u.test(values[index + 1] ?? '')) return -1;
      for (let after = index + 2; after < end; after += 1)
        if (/^\p{Ll}/u.test(values[after] as string)) return index;
      return -1;
    }
    if (!DATELINE_WORD.test(value)) return -1;
  }
  return -1;
}

/**
 * A sentence's tree from the trees of its dateline (with the dash) and of the sentence after it, the sentence's
 * root the root, when the sentence is a clause; else (a heading: "ARTICLE 5 - Term of the Agreement") the
 * line's tree parsed whole.
 */
function joinDateline(
  whole: ParsedWord[],
  dateline: readonly ParsedWord[],
  sentence: readonly ParsedWord[],
): ParsedWord[] {
  const root = sentence.findIndex((word) => word.head === 0) + 1;
  if (!clausalRoot(sentence, root)) return whole;
  const offset = dateline.length;
  const sentenceRoot = root + offset;
  const joined = dateline.map((word, local) =>
    local === offset - 1
      ? { ...word, head: sentenceRoot, deprel: 'punct' }
      : word.head === 0
        ? { ...word, head: sentenceRoot, deprel: 'parataxis' }
        : { ...word },
  );
  for (const word of sentence)
    joined.push(word.head === 0 ? { ...word } : { ...word, head: word.head + offset });
  return joined;
}

const TIME_STAMP = 'TREE.TIME_STAMP';

/**
 * TREE.TIME_STAMP: the index where the sentence starts after a time stamp that opens its line, or -1: "- 14:05
 * Monitoring alerts fire ...", "[14:20] On-call engineer acknowledges the page.", "09:15 - Server restarted
 * by the operator." (a bullet or none, then a time of day, with a date, a half of the day, brackets or a dash
 * as a chat line's stamp has them: `timestampEnd`), then a capitalised word and a word in lower case later.
 * Parsed as one sentence, the time becomes a Subject or an Actor ("15:40 Error rates return to normal":
 * Actor "15:40 Error rates"); the stamp and the sentence are parsed apart, and the time hangs on the
 * sentence's root (`joinTimeStamp`).
 */
function timeStampEnd(values: ArrayLike<string>, start: number, end: number): number {
  const from = BULLET_TOKEN.test(values[start] ?? '') ? start + 1 : start;
  const after = timestampEnd(values, from, end);
  if (after === from || after >= end - 1) return -1;
  let clock = false;
  for (let index = from; index < after; index += 1) if (isClockTime(values[index] ?? '')) clock = true;
  if (!clock || !/^\p{Lu}/u.test(values[after] ?? '')) return -1;
  for (let index = after + 1; index < end; index += 1)
    if (/^\p{Ll}{2}/u.test(values[index] ?? '')) return after;
  return -1;
}

/**
 * A sentence's tree from the trees of its time stamp and of the sentence after it, the sentence's root the root:
 * the stamp's time of day hangs on that root as `obl:tmod` (`nmod:tmod` when it is no clause's), its bullet, brackets and dash as `punct`, its other words (a date, "AM") on the time.
 */
function joinTimeStamp(
  whole: ParsedWord[],
  stamp: readonly ParsedWord[],
  sentence: readonly ParsedWord[],
): ParsedWord[] {
  const root = sentence.findIndex((word) => word.head === 0) + 1;
  if (root === 0) return whole;
  const offset = stamp.length;
  const sentenceRoot = root + offset;
  // On a clause's root a time is `obl:tmod`, on a nominal's ("09:15 - Server restarted by the operator.") `nmod:tmod`.
  const relation = clausalRoot(sentence, root) ? 'obl:tmod' : 'nmod:tmod';
  let time = stamp.findIndex((word) => isClockTime(word.word));
  if (time < 0) time = stamp.findIndex((word) => word.upos !== 'PUNCT');
  const joined = stamp.map((word, local) =>
    word.upos === 'PUNCT' || local === time
      ? {
          ...word,
          head: sentenceRoot,
          deprel: word.upos === 'PUNCT' ? 'punct' : relation,
          ...(word.upos === 'PUNCT' ? {} : { upos: 'NUM' as Upos }),
        }
      : { ...word, head: time + 1, deprel: word.head === time + 1 ? word.deprel : 'nmod:tmod' },
  );
  for (const word of sentence)
    joined.push(word.head === 0 ? { ...word } : { ...word, head: word.head + offset });
  return joined;
}

const BULLET_MARKER = 'TREE.BULLET_MARKER';
/** A word in lower-case letters only. */
const LOWER_CASE_WORD = /^\p{Ll}{2,}$/u;

/**
 * Whether the tokens [from, end) hold two words in lower case at least: a list item in prose ("Stop taking
 * ibuprofen"), not a file name or a name ("- UnleadedStocks.pdf", "- Egg McMuffin, Sausage"), which the
 * parser reads better with its bullet (EWT dev).
 */
function proseAfter(values: readonly string[], from: number, end: number): boolean {
  let words = 0;
  for (let index = from; index < end; index += 1)
    if (LOWER_CASE_WORD.test(values[index]!) && ++words >= 2) return true;
  return false;
}
/** A list bullet written as a token of its own: a hyphen, dash, asterisk or bullet sign. */
const BULLET_TOKEN = /^[-–—*•·‣◦▪]$/;

const NUMBER_IN_BRACKETS = 'TREE.NUMBER_IN_BRACKETS';
/** A number written in words ("thirty", "forty-five", "one hundred"'s "hundred"). */
const NUMBER_WORD =
  /^(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|billion)(?:-(?:one|two|three|four|five|six|seven|eight|nine))?$/;
/** What may stand in the brackets after it: digits, a currency sign, a per cent sign. */
const BRACKETED_FIGURE = /^(?:[$€£]|\d[\d,.]*|%)$/;

/**
 * TREE.NUMBER_IN_BRACKETS: "within thirty **(30)** days", "fifty percent **(50%)**": contracts write a number in
 * words and again in figures in brackets. Read as words, the brackets derail the parse ("upon thirty | (30) days'
 * written notice": "thirty" hung on the object, "notice" an adverbial clause). The brackets and the figures are
 * left out of the parse (as quotation markers are) and hung back on the number word: the figure its apposition
 * (`appos`), the brackets its punctuation. The local indices of the bracketed figures of [start, end).
 */
function bracketedNumbers(lower: readonly string[], start: number, end: number): number[] {
  const holes: number[] = [];
  for (let open = start + 1; open + 2 < end; open += 1) {
    if (lower[open] !== '(' || !NUMBER_WORD.test(lower[open - 1] ?? '')) continue;
    let close = open + 1;
    while (close < end && BRACKETED_FIGURE.test(lower[close] ?? '')) close += 1;
    if (close === open + 1 || lower[close] !== ')' || !/\d/.test(lower.slice(open + 1, close).join('')))
      continue;
    for (let index = open; index <= close; index += 1) holes.push(index - start);
    open = close;
  }
  return holes;
}

/** TREE.NUMBER_IN_BRACKETS: the bracketed figures `withMarkers` hung on the root go back to their number word. */
function numbersBack(
  whole: ParsedWord[],
  markers: readonly number[],
  lower: readonly string[],
  start: number,
): ParsedWord[] {
  for (const open of markers) {
    if (lower[start + open] !== '(' || !NUMBER_WORD.test(lower[start + open - 1] ?? '')) continue;
    let close = open + 1;
    while (markers.includes(close) && lower[start + close] !== ')') close += 1;
    if (lower[start + close] !== ')' || !markers.includes(close)) continue;
    // The first figure (past a currency sign) is the apposition; the rest hangs on it.
    let figure = open + 1;
    while (figure < close && !/\d/.test(lower[start + figure] ?? '')) figure += 1;
    for (let index = open; index <= close; index += 1) {
      const word = whole[index]!;
      if (index === figure) {
        whole[index] = { ...word, upos: 'NUM', xpos: 'CD', head: open, deprel: 'appos' };
        continue;
      }
      const bracket = index === open || index === close;
      whole[index] = {
        ...word,
        upos: bracket ? 'PUNCT' : 'SYM',
        xpos: bracket ? (index === open ? '-LRB-' : '-RRB-') : 'SYM',
        head: figure + 1,
        deprel: bracket ? 'punct' : 'dep',
      };
    }
  }
  return whole;
}

/** A unit's parse with its quotation markers and bullets put back, each a PUNCT on the root (heads renumbered). */
function withMarkers(
  parsed: readonly ParsedWord[],
  markers: readonly number[],
  values: readonly string[],
): ParsedWord[] {
  const length = values.length;
  const place: number[] = [];
  for (let local = 0; local < length; local += 1) if (!markers.includes(local)) place.push(local);
  const root = parsed.findIndex((word) => word.head === 0);
  const whole: ParsedWord[] = new Array(length);
  parsed.forEach((word, local) => {
    whole[place[local]!] = { ...word, head: word.head === 0 ? 0 : place[word.head - 1]! + 1 };
  });
  for (const local of markers)
    whole[local] = {
      word: values[local]!,
      upos: 'PUNCT',
      xpos: values[local] === '>' ? 'NFP' : ':',
      feats: {},
      lemma: values[local]!,
      head: root < 0 ? 0 : place[root]! + 1,
      deprel: 'punct',
    };
  return whole;
}

/** Tags (unless wink's tags are asked for) and parses every sentence with the trained models. */
function parseSentences(
  text: string,
  out: TaggedText,
  posSource: PosSource,
  disabledRules: ReadonlySet<string> | undefined,
  given: Parser | undefined,
): void {
  const { heads, deprels, pos, lower } = out;
  heads.length = out.values.length;
  deprels.length = out.values.length;
  heads.fill(-1);
  deprels.fill('root');
  const models = given ?? sharedParser();
  const spans = out.sentences.filter(([start, end]) => end > start);
  // TREE.SPEAKER_LABEL: a sentence that opens with a speaker's or a line's label ("Q: When did you first
  // notice the leak?") is tagged and parsed as two units, the label with its colon and the utterance: read as
  // one, the label's capitals and colon derail the utterance's tags ("did/VERB you/PRON notice/NOUN") and
  // tree. `joinLabelTree` puts the two trees together again.
  const labels = !disabledRules?.has(SPEAKER_LABEL_TREE);
  const guideline = !disabledRules?.has('TREE.PUNCTUATION_GUIDELINE');
  const units: ParseUnit[] = [];
  const unitOf: number[] = [];
  const colonOf: number[] = [];
  const quoted = !disabledRules?.has(QUOTE_MARKER);
  // TREE.BULLET_MARKER: a list bullet opening a line of prose ("- Stop taking ibuprofen.", "* Keep all
  // receipts", `proseAfter`) is left out of the parse the way a quotation marker is: read as a word it derails the tags of the item ("Stop":
  // NOUN, "taking" the root), and hangs on the root as punctuation.
  const bullets = !disabledRules?.has(BULLET_MARKER);
  const commands = !disabledRules?.has(OPENING_COMMAND);
  const articleNouns = !disabledRules?.has(ARTICLE_NOUN);
  const numbers = !disabledRules?.has(NUMBER_IN_BRACKETS);
  const names = disabledRules?.has(DEFINED_NAME) || posSource !== 'parser' ? NO_NAMES : definedNames(text);
  const saidChecks = !disabledRules?.has(AFOREMENTIONED_SAID) && /\b[Ss]aid\b/.test(text);
  const noticeChecks = !disabledRules?.has(DAYS_NOTICE) && /\bnotice\b/i.test(text);
  const hyphenChecks =
    !disabledRules?.has(HYPHENATED_WH_NOUN) && /\p{L}-(?:how|what|why|where|when|who)\b/iu.test(text);
  const bindingChecks = !disabledRules?.has(BINDING_ADJECTIVE) && /\bbinding\b/i.test(text);
  const forthChecks = !disabledRules?.has(SET_FORTH) && /\bset\s+forth\b/i.test(text);
  // Words whose tag a second reading required (`reparse`): POS.VERBLESS_SENTENCE leaves their tag alone.
  const requiredAt = new Set<number>();
  const holes = new Map<number, readonly number[]>();
  // TREE.DATELINE: see `datelineDash`.
  const datelines = !disabledRules?.has(DATELINE);
  const dashOf: number[] = [];
  // TREE.TIME_STAMP: see `timeStampEnd`.
  const stamps = !disabledRules?.has(TIME_STAMP);
  const stampOf: number[] = [];
  for (const [start, end] of spans) {
    const colon = labels ? labelColon(out.values, start, end) : -1;
    const dash = colon < 0 && datelines ? datelineDash(out.values, start, end) : -1;
    const stamp = colon < 0 && dash < 0 && stamps ? timeStampEnd(out.values, start, end) : -1;
    unitOf.push(units.length);
    colonOf.push(colon);
    dashOf.push(dash);
    stampOf.push(stamp);
    if (dash >= 0) {
      units.push([start, end], [start, dash + 1, start, end], [dash + 1, end, start, end]);
      continue;
    }
    if (stamp >= 0) {
      units.push([start, end], [start, stamp, start, end], [stamp, end, start, end]);
      continue;
    }
    const lineHoles =
      (quoted || bullets) && colon < 0 ? lineMarkers(text, out, start, end, quoted, bullets) : [];
    const numberHoles = numbers && colon < 0 ? bracketedNumbers(out.lower, start, end) : [];
    const markers =
      numberHoles.length === 0
        ? lineHoles
        : [...new Set([...lineHoles, ...numberHoles])].sort((a, b) => a - b);
    if (markers.length > 0) holes.set(units.length, markers);
    units.push([start, end]);
    if (colon >= 0) units.push([start, colon + 1, start, end], [colon + 1, end, start, end]);
  }
  // Units go to the parser in batches (parseMany tags a batch, then parses it: each model's tables stay
  // warm in cache; the same trees as one by one), small enough that a long text's parses are not all held.
  let batch: ParsedWord[][] = [];
  let batchStart = -PARSE_BATCH;
  const unitParse = (unit: number): ParsedWord[] => {
    if (unit >= batchStart + PARSE_BATCH) {
      batchStart = unit - (unit % PARSE_BATCH);
      batch = parseBatch(models, out, units, batchStart, disabledRules, holes);
    }
    const parsed = batch[unit - batchStart]!;
    const markers = holes.get(unit);
    if (markers === undefined) return parsed;
    const [start, end] = units[unit]!;
    return numbersBack(withMarkers(parsed, markers, out.values.slice(start, end)), markers, out.lower, start);
  };
  // The readings of each unit's words that earlier second readings required and the caller kept: a later second
  // reading keeps requiring them ("binding" an adjective still, when "set forth" is read again).
  const readingsOf = new Map<number, RequiredTags[]>();
  let lastReading: { readonly unit: number; readonly reading: RequiredTags } | undefined;
  /** Keeps the last second reading's required tags for the later readings of its unit. */
  const keepReading = (): void => {
    if (lastReading === undefined) return;
    const { unit, reading } = lastReading;
    readingsOf.set(unit, [...(readingsOf.get(unit) ?? []), reading]);
    lastReading = undefined;
  };
  // A second reading of a unit (POS.OPENING_COMMAND, POS.ARTICLE_NOUN), with the word at `at` (an index among
  // all its words) required to take one of `tags`, and the words earlier readings the caller kept (`keepReading`)
  // required still taking theirs; its holes are left out of the parse and put back as in `unitParse`.
  const reparse = (unit: number, at: number | readonly number[], tags: ReadonlySet<Upos>): ParsedWord[] => {
    const markers = holes.get(unit);
    const keptAt = (word: number) =>
      markers === undefined ? word : word - markers.filter((marker) => marker < word).length;
    const kept = typeof at === 'number' ? keptAt(at) : at.map(keptAt);
    const [start, end] = units[unit]!;
    const reading: RequiredTags = { index: kept, tags };
    lastReading = { unit, reading };
    const again = parseBatch(
      models,
      out,
      [units[unit]!],
      0,
      disabledRules,
      markers === undefined ? undefined : new Map([[0, markers]]),
      [...(readingsOf.get(unit) ?? []), reading],
    )[0]!;
    return markers === undefined
      ? again
      : numbersBack(withMarkers(again, markers, out.values.slice(start, end)), markers, out.lower, start);
  };
  for (let sentence = 0; sentence < spans.length; sentence += 1) {
    const [start, end] = spans[sentence]!;
    const unit = unitOf[sentence]!;
    let whole = unitParse(unit);
    if (
      commands &&
      colonOf[sentence]! < 0 &&
      dashOf[sentence]! < 0 &&
      stampOf[sentence]! < 0 &&
      posSource === 'parser'
    ) {
      let asked = -1;
      const kept = openingCommand(out, start, whole, (verbAt) => {
        asked = start + verbAt;
        return reparse(unit, verbAt, VERB_ONLY);
      });
      if (kept !== whole) {
        requiredAt.add(asked);
        keepReading();
      }
      whole = kept;
    }
    // A sentence the label, dateline and time-stamp rules leave whole, read by the trained tagger.
    const plain =
      posSource === 'parser' && colonOf[sentence]! < 0 && dashOf[sentence]! < 0 && stampOf[sentence]! < 0;
    /** Tags and parses the sentence again with the words at `at` required to take one of `tags`. */
    const reparseWith = (at: readonly number[], tags: ReadonlySet<Upos>): void => {
      if (at.length === 0) return;
      whole = reparse(unit, at, tags);
      keepReading();
      for (const local of at) requiredAt.add(start + local);
    };
    if (saidChecks && plain) {
      // POS.AFOREMENTIONED_SAID: see its constant.
      const at: number[] = [];
      whole.forEach((word, local) => {
        if (word.upos !== 'VERB' || (out.lower[start + local] ?? '') !== 'said') return;
        const before = whole[local - 1]?.upos;
        if (!SAID_AFTER.has(whole[local + 1]?.upos ?? 'X')) return;
        if (before === 'DET' || before === 'ADP' || (local === 0 && out.values[start] === 'Said'))
          at.push(local);
      });
      reparseWith(at, ADJECTIVE_ONLY);
    }
    if (noticeChecks && plain) {
      // POS.DAYS_NOTICE: see its constant.
      const at: number[] = [];
      whole.forEach((word, local) => {
        if (word.upos !== 'VERB' || (out.lower[start + local] ?? '') !== 'notice') return;
        let back = local - 1;
        while (back >= 0 && (out.lower[start + back] === 'prior' || out.lower[start + back] === 'written'))
          back -= 1;
        // ("days ' notice": the apostrophe a token of its own.)
        if (back >= 0 && out.lower[start + back] === "'") back -= 1;
        if (back >= 0 && NOTICE_UNITS.has(out.lower[start + back] ?? '')) at.push(local);
      });
      reparseWith(at, NOUN_ONLY);
    }
    if (hyphenChecks && plain) {
      // POS.HYPHENATED_WH_NOUN: see its constant.
      const at: number[] = [];
      whole.forEach((word, local) => {
        if (!HYPHENATED_WH.has(out.lower[start + local] ?? '')) return;
        if (local < 2 || !afterWordHyphen(out, start + local)) return;
        // Both parts: "all Know-How owned by ..." read "Know" as a verb and cut the word in two.
        if (word.upos !== 'NOUN' || whole[local - 2]?.upos !== 'NOUN') at.push(local - 2, local);
      });
      reparseWith(at, NOUN_ONLY);
    }
    if (bindingChecks && plain) {
      // POS.BINDING_ADJECTIVE: see its constant.
      const at: number[] = [];
      whole.forEach((word, local) => {
        if (word.upos !== 'VERB' || (out.lower[start + local] ?? '') !== 'binding') return;
        if (!OBJECT_OPENING.has(whole[local + 1]?.upos ?? 'X')) at.push(local);
      });
      reparseWith(at, ADJECTIVE_ONLY);
    }
    if (forthChecks && plain) {
      // POS.SET_FORTH: see its constant.
      const at: number[] = [];
      whole.forEach((word, local) => {
        if (word.upos === 'VERB' || (out.lower[start + local] ?? '') !== 'set') return;
        if ((out.lower[start + local + 1] ?? '') === 'forth' && local + 1 < whole.length) at.push(local);
      });
      // Kept only where every such "set" comes out a postmodifier and the root stays a verb: read as a verb, "the
      // Contractor set forth herein" may become a clause of its own, and beside a copula ("Should either party be in
      // violation of the terms set forth in Section 2") the clause's process.
      if (at.length > 0) {
        const again = reparse(unit, at, VERB_ONLY);
        const root = (parsed: readonly ParsedWord[]) => parsed.findIndex((word) => word.head === 0);
        const kept = root(again);
        if (
          kept === root(whole) &&
          again[kept]?.upos === 'VERB' &&
          at.every((local) => again[local]?.deprel === 'acl' && verbalHost(again, local))
        ) {
          whole = again;
          keepReading();
          for (const local of at) requiredAt.add(start + local);
        }
      }
    }
    // (Names are only read for the trained tagger: `plain` holds no more than the label, dateline and stamp tests here.)
    if (names.size > 0 && plain) {
      // POS.DEFINED_NAME: see `definedNames`.
      const at: number[] = [];
      let misread = false;
      whole.forEach((word, local) => {
        if (!names.has(out.values[start + local] ?? '')) return;
        // Used as a verb after all: after "to" or a modal, or before its object ("to Market the Products").
        const before = whole[local - 1];
        if (before !== undefined && (before.xpos === 'TO' || before.xpos === 'MD')) return;
        const after = whole[local + 1]?.upos;
        if (after === 'DET' || after === 'PRON') return;
        at.push(local);
        if (word.upos === 'VERB' || word.upos === 'AUX') misread = true;
      });
      if (misread) reparseWith(at, PROPER_ONLY);
    }
    // POS.ARTICLE_NOUN on the parse that is kept: the sentence's, or its part after a label or a dateline.
    const nouns = (parsed: ParsedWord[], part: number): ParsedWord[] => {
      if (!articleNouns || posSource !== 'parser') return parsed;
      const from = units[part]![0];
      let asked = -1;
      const kept = articleNoun(out, from, parsed, (nounAt) => {
        asked = from + nounAt;
        return reparse(part, nounAt, NOUN_ONLY);
      });
      if (kept !== parsed) {
        requiredAt.add(asked);
        keepReading();
      }
      return kept;
    };
    const parsed =
      dashOf[sentence]! >= 0
        ? joinDateline(whole, unitParse(unit + 1), nouns(unitParse(unit + 2), unit + 2))
        : stampOf[sentence]! >= 0
          ? joinTimeStamp(whole, unitParse(unit + 1), nouns(unitParse(unit + 2), unit + 2))
          : colonOf[sentence]! < 0
            ? nouns(whole, unit)
            : labelLine(
                nouns(whole, unit),
                unitParse(unit + 1),
                nouns(unitParse(unit + 2), unit + 2),
                guideline,
              );
    let parserVerbs = 0;
    for (const word of parsed) if (word.upos === 'VERB' || word.upos === 'AUX') parserVerbs += 1;
    const winkTags = parserVerbs === 0 && posSource === 'parser' ? pos.slice(start, end) : undefined;
    for (let local = 0; local < parsed.length; local += 1) {
      const word = parsed[local]!;
      const index = start + local;
      heads[index] = word.head === 0 ? -1 : start + word.head - 1;
      deprels[index] = word.deprel;
      if (posSource !== 'parser') {
        treeCorrection(out, parsed, start, local, disabledRules);
        continue;
      }
      if (
        parserVerbs === 0 &&
        pos[index] === 'VERB' &&
        (local > 0
          ? SUBJECT_TAGS.has(parsed[local - 1]!.upos)
          : OBJECT_START_TAGS.has(parsed[local + 1]?.upos ?? 'X')) &&
        !disabledRules?.has('POS.VERBLESS_SENTENCE') &&
        !requiredAt.has(index)
      ) {
        // POS.VERBLESS_SENTENCE: the tagger found no verb at all ("Slowly, the water rose.", "In 2010 the
        // firm cut jobs.", "Cause them no trouble."), where wink's lexicon reads one right after a nominal
        // or opening the sentence before an object: a clause with its verb is far likelier than a sentence
        // without any, so wink's verb stands, and so does wink's reading of an adjective before it ("the
        // firm cut": NOUN; "kindly sign": ADV). Not for a word a second reading required a tag for
        // (`reparse`: POS.ARTICLE_NOUN's noun stays a noun).
        const before = winkTags?.[local - 1];
        if (local > 0 && before !== undefined && before !== 'ADJ' && parsed[local - 1]!.upos === 'ADJ')
          pos[index - 1] = before;
        continue;
      }
      if (
        local === 0 &&
        word.upos === 'VERB' &&
        pos[index] !== 'VERB' &&
        pos[index] !== 'AUX' &&
        !hasReading(lower[index] ?? '', 'VERB') &&
        !disabledRules?.has('POS.INITIAL_VERB_UNLISTED')
      ) {
        // POS.INITIAL_VERB_UNLISTED: the tagger reads an opening word it has not learnt as a verb
        // ("Thats a great name", "Teachers good ..."), which makes an imperative; wink's lexicon knows
        // the word and lists no verb reading for it, so wink's tag stands.
        continue;
      }
      if (
        word.upos === 'X' &&
        pos[index] !== 'X' &&
        /^[a-z]+$/.test(lower[index] ?? '') &&
        hasReading(lower[index] ?? '', pos[index]!) &&
        !disabledRules?.has('POS.X_FROM_LEXICON')
      ) {
        // POS.X_FROM_LEXICON: the tagger's X (a foreign word, a typo) for a plain English word that
        // wink's lexicon lists with its own tag ("Always wear gloves": wear/X) is a tagging slip: wink's
        // tag stands.
        continue;
      }
      const tag: Upos =
        word.deprel === 'expl' && lower[index] === 'there' && !disabledRules?.has('POS.EXPLETIVE_THERE')
          ? // POS.EXPLETIVE_THERE: the tree says existential "there" ("Is there a pharmacy?"): a pronoun.
            'PRON'
          : word.upos === 'VERB' &&
              NOMINAL_RELATIONS.has(word.deprel) &&
              !/(?:ing|ed|en)$/.test(lower[index] ?? '') &&
              !hasVerbDependent(parsed, local) &&
              (pos[index] === 'NOUN' || pos[index] === 'PROPN' || hasReading(lower[index] ?? '', 'NOUN')) &&
              !disabledRules?.has(TREE_NOMINAL_VERB)
            ? // POS.TREE_NOMINAL_VERB: see NOMINAL_RELATIONS.
              pos[index] === 'PROPN'
              ? 'PROPN'
              : 'NOUN'
            : word.upos;
      // wink's lemma is that of wink's tag ("left": "left" as an adjective, "leave" as a verb): where the
      // tagger reads another word class, its own lemma goes with its tag.
      if (
        tag !== pos[index] &&
        (tag === 'VERB' || tag === 'AUX' || pos[index] === 'VERB' || pos[index] === 'AUX')
      )
        out.lemmas[index] = word.lemma;
      // POS.TREE_OPENING_PARTICIPLE: an opening participle the tree makes a modifier of the noun after
      // it ("Mixed feelings about the plan") is an adjective, not a command's verb.
      pos[index] =
        tag === 'VERB' &&
        local === 0 &&
        word.deprel === 'amod' &&
        word.head === 2 &&
        /(?:ed|en)$/.test(lower[index] ?? '') &&
        !disabledRules?.has('POS.TREE_OPENING_PARTICIPLE')
          ? 'ADJ'
          : tag;
      if (pos[index] !== tag) out.lemmas[index] = lower[index] ?? '';
    }
    repairTree(out, start, end, disabledRules);
    // The measured corrections still help on the trained tags (sfl-gold mood 96.2% -> 97.0%).
    if (posSource === 'parser') correctPos(out, start, end, disabledRules);
  }
}

const OPENING_COMMAND = 'POS.OPENING_COMMAND';
/** Dependents that make a verb read first in its sentence a command's verb: an object, a clause, a particle. */
const COMMAND_DEPENDENT = /^(?:obj|xcomp|ccomp|advcl|compound:prt)(?::|$)/;
const CAPITALISED_WORD = /^\p{Lu}\p{Ll}+$/u;
/** Words after which an opening word is read as a noun, not a command's verb. */
const NOUN_BEFORE: ReadonlySet<string> = new Set(['of', 'to']);

/**
 * POS.OPENING_COMMAND: an instruction's opening verb the tagger reads as something else ("Pour the batter into
 * the pan." with "Pour" a preposition, "Start walking daily." with "Start" a noun): the treebanks hold few
 * commands that open with a capitalised verb. When the sentence's first word (past bullets and a list number)
 * is capitalised, in its base form, has a verb reading in wink-nlp's lexicon, is read as a noun or as a
 * preposition the lexicon does not know as one, has a word in lower case after it (no compound with the next
 * noun, no number, not "of" or "to"), the sentence ends with a stop and its root is no verb and has no Subject, the sentence is
 * tagged and parsed again with that word required to be a verb (`TagOptions.required`). The second parse
 * stands when the word is its root, with an object, a clause or a particle and no Subject: a command.
 * Otherwise ("Spay and neuter service.") the first parse stands. On EWT and GUM train and dev it changes 13
 * sentences' trees, 10 closer to the gold tree and 2 further; on 40 CUAD contracts, one line of a table of
 * contents.
 */
function openingCommand(
  out: TaggedText,
  start: number,
  parsed: ParsedWord[],
  reparse: (verbAt: number) => ParsedWord[],
): ParsedWord[] {
  // The first word past bullets (kept in the parse as punctuation) and a list number ("3. Review ...").
  let local = 0;
  while (local < parsed.length && parsed[local]!.upos === 'PUNCT') local += 1;
  local = enumeratorAt((at) => parsed[at]?.word ?? '', local)?.end ?? local;
  const word = parsed[local];
  if (word === undefined || local + 1 >= parsed.length) return parsed;
  const index = start + local;
  if (!CAPITALISED_WORD.test(out.values[index] ?? '') || !hasReading(out.lower[index] ?? '', 'VERB'))
    return parsed;
  const root = parsed.findIndex((other) => other.head === 0);
  // Read as a noun or a preposition (names, adjectives, adverbs and conjunctions are not second-guessed), in a
  // sentence with a stop and a word in lower case after it (no title or name line), whose root is no verb.
  if ((word.upos !== 'NOUN' && word.upos !== 'ADP') || !LOWER_CASE_WORD.test(parsed[local + 1]?.word ?? ''))
    return parsed;
  // In its base form ("Estimates to make our home livable range ..." is a plural), and no preposition the
  // lexicon knows as one ("Like his grandpa.").
  const lower = out.lower[index] ?? '';
  if (word.lemma.toLowerCase() !== lower || (word.upos === 'ADP' && hasReading(lower, 'ADP'))) return parsed;
  const last = parsed[parsed.length - 1]?.word ?? '';
  if (last !== '.' && last !== '!') return parsed;
  // Before "of" or "to" the word heads a nominal group or a phrase ("Use of F2 Wedges.", "Total of three
  // features", "Subject to Section 3.2", "Party to foresee and avoid"; CUAD).
  if (NOUN_BEFORE.has(parsed[local + 1]?.word ?? '')) return parsed;
  // A noun heading the sentence before an adjective opens a nominal group ("Ice cold beer and good prices");
  // one inside a later group is no such head ("Review other scheduled jobs": "Review" a compound of "jobs").
  if (word.head === 0 && parsed[local + 1]?.upos === 'ADJ') return parsed;
  // A noun compounded with the next one ("Travel tips for beginners", "Use cases for small teams") or before a
  // number ("Step 2 covers the setup"; MOOD.OPENING_VERB_BEFORE_QUANTITY reads "Stack three boxes") is a noun.
  if ((word.deprel === 'compound' && word.head === local + 2) || parsed[local + 1]?.upos === 'NUM')
    return parsed;
  // "Mix in the baking soda, then add the sugar.": the word made the Subject of a later verb across a comma and
  // "then" is a first command of two.
  const firstOfTwo =
    word.head === root + 1 &&
    word.deprel === 'nsubj' &&
    parsed.some(
      (other, at) =>
        at > local &&
        at < root &&
        other.word === ',' &&
        (parsed[at + 1]?.word.toLowerCase() === 'then' || at + 1 === root),
    );
  if (!firstOfTwo) {
    if (parsed[root]?.upos === 'VERB' || parsed[root]?.upos === 'AUX') return parsed;
    for (const other of parsed)
      if (other.head === root + 1 && /^(?:nsubj|csubj|expl)(?::|$)/.test(other.deprel)) return parsed;
  }
  const again = reparse(local);
  if (firstOfTwo && again[local]?.upos === 'VERB') {
    // Two commands: neither verb has a Subject in the second reading.
    const againRoot = again.findIndex((other) => other.head === 0);
    for (const other of again)
      if (
        (other.head === local + 1 || other.head === againRoot + 1) &&
        /^(?:nsubj|csubj|expl)(?::|$)/.test(other.deprel)
      )
        return parsed;
    return again;
  }
  if (again[local]?.upos !== 'VERB' || again[local]?.head !== 0) return parsed;
  let command = false;
  for (const other of again) {
    if (other.head !== local + 1) continue;
    if (/^(?:nsubj|csubj|expl)(?::|$)/.test(other.deprel)) return parsed;
    if (COMMAND_DEPENDENT.test(other.deprel)) command = true;
  }
  return command ? again : parsed;
}

const ARTICLE_NOUN = 'POS.ARTICLE_NOUN';
const ARTICLES: ReadonlySet<string> = new Set(['a', 'an', 'the']);
/** Prepositions that open no clause ("after", "before", "since" do: "after a Party provides notice"). */
const GOVERNING_PREPOSITIONS: ReadonlySet<string> = new Set([
  'to',
  'of',
  'in',
  'on',
  'at',
  'from',
  'with',
  'into',
  'onto',
  'by',
  'about',
  'over',
  'through',
  'during',
  'within',
  'across',
]);
/** Adjectives that stand for a quantity of people or things and may be a Subject ("Many say ..."). */
const QUANTIFYING_ADJECTIVES: ReadonlySet<string> = new Set([
  'many',
  'few',
  'several',
  'most',
  'more',
  'other',
  'others',
  'much',
  'less',
  'fewer',
]);
/** Relations of the head of a nominal group. */
const ARTICLE_NOUN_RELATIONS: ReadonlySet<string> = new Set([
  'nsubj',
  'nsubj:pass',
  'obj',
  'iobj',
  'obl',
  'nmod',
  'root',
  'conj',
  'appos',
  'parataxis',
  'list',
]);

/**
 * POS.ARTICLE_NOUN: "The **upload** should complete.", "No **murmurs**.", "Hot **surfaces**.": a word right after
 * an article ("a", "an", "the"; "no" before a plural), or a plural after an adjective the parse made its Subject or modifier, or a word after a "Subject" that has a
 * preposition of its own ("welcome to the earnings **call**"), or a plural after a number the parse hangs beside it
 * ("made 31 **saves**"), that the tagger reads as a verb in its base or "-s" form is a noun (an
 * article opens a nominal group, and no finite verb or infinitive follows one; wink-nlp's lexicon lists "upload"
 * and "murmurs" as verbs only). The sentence is tagged and parsed a second time with that word required to be a noun,
 * and the second parse stands when the article is the noun's determiner. A participle or gerund stays as the
 * tagger read it ("the following", "the attached", "a failed attempt").
 */
function articleNoun(
  out: TaggedText,
  start: number,
  parsed: ParsedWord[],
  reparse: (nounAt: number) => ParsedWord[],
): ParsedWord[] {
  for (let local = 1; local < parsed.length; local += 1) {
    const word = parsed[local]!;
    if (word.upos !== 'VERB') continue;
    const article = (parsed[local - 1]?.word ?? '').toLowerCase();
    const lower = out.lower[start + local] ?? '';
    const plural = lower.length > 3 && lower.endsWith('s') && !lower.endsWith('ss');
    // An adjective the parse made the Subject or modifier (no verb has one) of a plural it reads as a verb ("Hot
    // surfaces.") is a noun's modifier.
    const before = parsed[local - 1]!;
    const adjective =
      plural &&
      before.upos === 'ADJ' &&
      (before.deprel === 'nsubj' || before.deprel === 'amod') &&
      before.head === local + 1 &&
      (local === 1 || parsed[local - 2]!.upos === 'PUNCT') &&
      !QUANTIFYING_ADJECTIVES.has(article) &&
      // Nothing else hangs on it ("Hot surfaces."; "Lucid agrees to sell ..." is a name and its verb).
      parsed.every((other, at) => other.head !== local + 1 || at === local - 1 || other.upos === 'PUNCT');
    // A Subject right before it that has a preposition of its own ("welcome to the quarterly earnings call": "to"
    // `case` of "earnings") is no Subject: the word ends the prepositional phrase's nominal group.
    const governed =
      before.upos === 'NOUN' &&
      before.deprel === 'nsubj' &&
      before.head === local + 1 &&
      parsed.some(
        (other, at) =>
          at < local - 1 &&
          other.head === local &&
          other.deprel === 'case' &&
          GOVERNING_PREPOSITIONS.has(other.word.toLowerCase()),
      ) &&
      parsed.some(
        (other, at) => at < local - 1 && other.head === local && ARTICLES.has(other.word.toLowerCase()),
      );
    // A number right before a plural that the parse hangs beside it ("made 31 saves": "31" and "saves" both
    // objects) counts it.
    const counted =
      plural &&
      before.upos === 'NUM' &&
      ((before.head === local + 1 && before.deprel === 'nummod') ||
        (before.head === word.head && before.deprel === word.deprel && !word.deprel.startsWith('nsubj')));
    if (!ARTICLES.has(article) && !(article === 'no' && plural) && !adjective && !governed && !counted)
      continue;
    // The base or "-s" form ("built", "had" are past forms, whatever their ending).
    const lemma = word.lemma.toLowerCase();
    const base = lemma === lower || lower === `${lemma}s` || lower === `${lemma}es`;
    if (!base || /(?:ing|ed|en)$/.test(lower) || !/^\p{Ll}+$/u.test(out.values[start + local] ?? ''))
      continue;
    // Only where the first parse shows the slip: the article hung elsewhere ("The" a `mark`, "No" a Subject), or
    // the verb hung where a nominal goes. A verb that modifies a noun ("The call in number") is left alone.
    if (parsed[local - 1]?.head === local + 1 && !ARTICLE_NOUN_RELATIONS.has(word.deprel)) continue;
    const again = reparse(local);
    const noun = again[local];
    if (
      noun?.upos !== 'NOUN' ||
      again[local - 1]?.head !== local + 1 ||
      (adjective && again[local - 1]?.deprel !== 'amod') ||
      (governed && again[local - 1]?.deprel !== 'compound') ||
      (counted && again[local - 1]?.deprel !== 'nummod') ||
      !ARTICLE_NOUN_RELATIONS.has(noun.deprel)
    )
      return parsed;
    return again;
  }
  return parsed;
}

const NOMINAL: ReadonlySet<Upos> = new Set(['NOUN', 'PROPN']);

const TREE_NOMINAL_VERB = 'POS.TREE_NOMINAL_VERB';
/**
 * POS.TREE_NOMINAL_VERB: a word the tagger calls a verb but the tree hangs on its head as a nominal (an
 * object, Subject or oblique: "The landlord will raise rents" with rents/VERB as `obj`) is a noun, when it is
 * no "-ing", "-ed" or "-en" form, has no dependent only a verb takes and wink-nlp's lexicon reads it as a
 * noun (or wink tags it one): EWT train has 18 verbs hung so among its 204,000 words, all of them "following",
 * "attached" or "owned". wink's tag stays if it is a proper noun.
 */
const NOMINAL_RELATIONS: ReadonlySet<string> = new Set(['obj', 'iobj', 'nsubj', 'nsubj:pass', 'obl', 'nmod']);
/** Relations a verb's dependent has and a noun's does not. */
const VERB_DEPENDENT = /^(?:nsubj|obj|iobj|aux|cop|mark|ccomp|xcomp|compound:prt|expl)(?::|$)/;

function hasVerbDependent(parsed: readonly ParsedWord[], local: number): boolean {
  for (const word of parsed) if (word.head === local + 1 && VERB_DEPENDENT.test(word.deprel)) return true;
  return false;
}

/**
 * Repairs of the parser's tree of the sentence [start, end) that English word order makes certain; each can
 * be switched off by its id.
 */
export function repairTree(
  out: Pick<TaggedText, 'lower' | 'pos' | 'heads' | 'deprels'> & {
    readonly lemmas?: readonly string[];
    readonly values?: readonly string[];
    readonly starts?: readonly number[];
    readonly ends?: readonly number[];
  },
  start: number,
  end: number,
  disabledRules?: ReadonlySet<string>,
): void {
  const { lower, pos, heads, deprels } = out;
  if (!disabledRules?.has('TREE.ADJACENT_SUBJECTS')) {
    // TREE.ADJACENT_SUBJECTS: two subjects of one head side by side are one Subject. The same word twice
    // ("We we love it") is a restart, the first its reparandum; a noun before a noun ("Coconut oil
    // works") modifies it as a compound.
    for (let index = start; index + 1 < end; index += 1) {
      const next = index + 1;
      if (
        heads[index] !== heads[next] ||
        !/^nsubj/.test(deprels[index] ?? '') ||
        !/^nsubj/.test(deprels[next] ?? '')
      )
        continue;
      if (lower[index] === lower[next]) {
        heads[index] = next;
        deprels[index] = 'reparandum';
      } else if (NOMINAL.has(pos[index]!) && NOMINAL.has(pos[next]!)) {
        heads[index] = next;
        deprels[index] = 'compound';
      }
    }
  }
  if (!disabledRules?.has('TREE.FRONTED_PARTICIPLE')) {
    // TREE.FRONTED_PARTICIPLE: a participle opening the sentence and cut off by a comma ("Steeped in
    // history, the islands are quiet") modifies the clause, not the Subject after the comma: an English
    // clause modifier (acl) follows its noun.
    let first = start;
    while (first < end && pos[first] === 'PUNCT') first += 1;
    const subject = heads[first] ?? -1;
    const clause = heads[subject] ?? -1;
    if (
      first < end &&
      deprels[first] === 'acl' &&
      subject > first &&
      clause >= 0 &&
      /^nsubj/.test(deprels[subject] ?? '') &&
      lower.slice(first + 1, subject).includes(',')
    ) {
      heads[first] = clause;
      deprels[first] = 'advcl';
    }
  }
  if (!disabledRules?.has('TREE.RELATIVE_SWALLOWED_PREDICATE')) relativeSwallowedPredicate(out, start, end);
  if (!disabledRules?.has(NOMINAL_SWALLOWED_PREDICATE)) nominalSwallowedPredicate(out, start, end);
  if (!disabledRules?.has('TREE.OPENING_GERUND_SUBJECT')) openingGerundSubject(out, start, end);
  if (!disabledRules?.has('TREE.PROVIDED_THAT')) providedThat(out, start, end);
  if (!disabledRules?.has(COMPLEX_CONJUNCTION)) complexConjunctions(out, start, end);
  if (!disabledRules?.has(PERIOD_NOTICE)) periodNotices(out, start, end);
  if (!disabledRules?.has(COPULA_REPARANDUM)) copulaReparanda(out, start, end);
  if (!disabledRules?.has(ATTACHED_PLEASE_FIND)) attachedPleaseFind(out, start, end);
  if (!disabledRules?.has(RELATIVE_CONJUNCT)) relativeConjuncts(out, start, end);
  if (!disabledRules?.has(DEGREE_THAT)) degreeThat(out, start, end);
  if (!disabledRules?.has(MARK_THAT)) markThat(out, start, end);
  if (!disabledRules?.has(PREPOSITION_BEFORE_MODIFIER)) prepositionsBeforeModifiers(out, start, end);
  if (!disabledRules?.has(PREPOSITIONAL_SUBJECT)) prepositionalSubjects(out, start, end);
  if (!disabledRules?.has(PARTICLE_PREDICATE)) particlePredicates(out, start, end);
  if (!disabledRules?.has(DOUBLE_OBJECT)) doubleObjects(out, start, end);
  if (!disabledRules?.has(OBJECT_AFTER_RECIPIENT)) shiftedObjects(out, start, end, true);
  if (!disabledRules?.has(OBJECT_AFTER_CIRCUMSTANCE)) shiftedObjects(out, start, end, false);
  if (!disabledRules?.has(ENUMERATED_INFINITIVE)) enumeratedInfinitives(out, start, end);
  if (!disabledRules?.has('TREE.ATTRIBUTIVE_COLLOCATION')) attributiveCollocations(out, start, end);
  if (!disabledRules?.has(COORDINATED_SUBJECTS)) coordinatedSubjects(out, start, end);
  if (!disabledRules?.has(ACTIVE_AGENT)) activeAgents(out, start, end);
  if (!disabledRules?.has(MEANS_AGENT)) meansAgents(out, start, end);
  if (!disabledRules?.has(TIME_OBJECT)) timeObjects(out, start, end);
  if (!disabledRules?.has(LIST_NUMBER_TREE)) listNumber(out, start, end);
  if (!disabledRules?.has(REPORTING_INVERSION)) reportingInversion(out, start, end);
  if (!disabledRules?.has(PREPOSITIONAL_OBJECT)) prepositionalObjects(out, start, end);
  if (!disabledRules?.has(WHEN_ADVERBIAL)) whenAdverbials(out, start, end);
  if (!disabledRules?.has(CONTACT_RELATIVE)) contactRelatives(out, start, end);
  if (!disabledRules?.has(POSTPOSED_ADJECTIVE)) postposedAdjectives(out, start, end);
  if (!disabledRules?.has(OWED_DUE_TO)) owedDueTo(out, start, end);
  definitionValues(out, start, end, disabledRules);
  if (!disabledRules?.has(REDUCED_RELATIVE)) reducedRelatives(out, start, end);
  if (!disabledRules?.has(COMPOUND_PREPOSITION_BINDER)) compoundPrepositionBinders(out, start, end);
  if (!disabledRules?.has(PARTICIPLE_RELATIVE)) participleRelatives(out, start, end);
  if (!disabledRules?.has(APPOSITIVE_AGENT)) appositiveAgents(out, start, end);
  if (!disabledRules?.has(SUBORDINATED_CONJUNCT)) subordinatedConjuncts(out, start, end);
  if (!disabledRules?.has(CONDITION_THEN_COMMAND)) conditionThenCommand(out, start, end);
  if (!disabledRules?.has(HYPHEN_COMPOUND_TREE)) hyphenCompounds(out, start, end);
  if (!disabledRules?.has(OF_COMPLEMENT)) ofComplements(out, start, end);
  if (!disabledRules?.has(COMPLEX_PREPOSITION_TREE)) complexPrepositions(out, start, end);
  if (!disabledRules?.has(SUBJECT_TO_TAIL)) subjectToTails(out, start, end);
  if (!disabledRules?.has(STRANDED_PREPOSITION)) strandedPrepositions(out, start, end);
  if (!disabledRules?.has(CONJOINED_SUBJECT)) conjoinedSubjects(out, start, end);
  if (!disabledRules?.has(SWALLOWED_SUBJECT)) swallowedSubjects(out, start, end);
  if (!disabledRules?.has(NOTWITHSTANDING)) notwithstanding(out, start, end);
  if (!disabledRules?.has(COORDINATED_PREPOSITIONS)) coordinatedPrepositions(out, start, end);
  if (!disabledRules?.has(PARTIES_AGENT)) partiesAgents(out, start, end);
}

const PARTIES_AGENT = 'TREE.PARTIES_AGENT';

/**
 * TREE.PARTIES_AGENT: a contract's preamble, "This agreement is entered into as of March 31, 1998 ("Effective
 * Date"), **by and between** Excite, Inc., ... and CyberShop, ...": the parse coordinates the first party with a
 * noun of the date before it (`conj`), and the clause is cut at "and between". The party after "by and between"
 * (or "by and among") is the agent of the verb the date hangs on: `obl:agent` of a passive verb (or of a participle
 * qualifying a noun: "Endorsement Agreement entered into by and between ..."), else `obl`.
 */
function partiesAgents(
  out: Pick<TaggedText, 'lower' | 'pos' | 'heads' | 'deprels'>,
  start: number,
  end: number,
): void {
  const { lower, pos, heads, deprels } = out;
  for (let by = start + 1; by + 3 < end; by += 1) {
    if (lower[by] !== 'by' || lower[by + 1] !== 'and' || !PARTY_PAIR_PREPOSITIONS.has(lower[by + 2] ?? ''))
      continue;
    // The party: the noun "between" is the case of, or "by" where the parse coordinated the two prepositions
    // ("between" the conjunct of "by"); its head word, past the words of a name that hang on a later one ("Acme |
    // Corp.").
    let party =
      deprels[by + 2] === 'case' ? (heads[by + 2] ?? -1) : deprels[by] === 'case' ? (heads[by] ?? -1) : -1;
    while (
      party > by + 2 &&
      (heads[party] ?? -1) > party &&
      /^(nmod|compound|flat)(:|$)/.test(deprels[party] ?? '')
    )
      party = heads[party]!;
    if (party <= by + 2 || /^obl(:|$)/.test(deprels[party] ?? '')) continue;
    // The verb the party's head chain reaches first, before "by".
    let verb = heads[party] ?? -1;
    for (let steps = 0; steps < 64 && verb >= 0 && pos[verb] !== 'VERB'; steps += 1) verb = heads[verb] ?? -1;
    if (verb < 0 || verb > by) continue;
    // Passive: with a passive auxiliary, or a participle qualifying a noun ("Agreement entered into by and ...").
    let passive = /^acl(:|$)/.test(deprels[verb] ?? '') && /(?:ed|en)$/.test(lower[verb] ?? '');
    for (let index = start; index < verb; index += 1)
      if (heads[index] === verb && deprels[index] === 'aux:pass') passive = true;
    heads[party] = verb;
    deprels[party] = passive ? 'obl:agent' : 'obl';
    heads[by] = party;
    deprels[by] = 'case';
    heads[by + 2] = party;
    deprels[by + 2] = 'case';
    heads[by + 1] = by + 2;
    deprels[by + 1] = 'cc';
  }
}

const COORDINATED_PREPOSITIONS = 'TREE.COORDINATED_PREPOSITIONS';

/**
 * TREE.COORDINATED_PREPOSITIONS: "all right, title and interest **in and to** the Software", "on **or** before the
 * Closing Date": two prepositions joined by "and" or "or" share the nominal group after them. The parse hangs the
 * second as its `case` and reads the first alone (a particle of the noun before it, "the Software" a conjunct of
 * that noun). The first is the group's `case`, the second its conjunct (`conj`, the coordinator `cc` on it), and the
 * group hangs where the first preposition hung (`nmod` of a noun, else `obl`), on an object's verb when that was the
 * object (`obl`). Only where the first preposition hangs on a noun or is a `case` already.
 */
function coordinatedPrepositions(
  out: Pick<TaggedText, 'lower' | 'pos' | 'heads' | 'deprels'>,
  start: number,
  end: number,
): void {
  const { lower, pos, heads, deprels } = out;
  for (let first = start; first + 3 < end; first += 1) {
    const cc = first + 1;
    const second = first + 2;
    if (pos[first] !== 'ADP' || pos[second] !== 'ADP' || (lower[cc] !== 'and' && lower[cc] !== 'or'))
      continue;
    const noun = heads[second] ?? -1;
    if (deprels[second] !== 'case' || noun <= second || heads[first] === noun) continue;
    let host = heads[first] ?? -1;
    // The first already the case of a head after the group ("by and between Acme Corp.": "by" on "Corp.").
    if (host < 0 || host === noun || host > first) continue;
    // Only where the first preposition hangs on a noun or is a case already ("live in | and in what ways": a
    // preposition left after its verb is left alone).
    if (deprels[first] !== 'case' && !NOMINAL_HEADS.has(pos[host] ?? 'X')) continue;
    // On an object (or its conjunct) the group is the verb's circumstance: "retains all right, title and
    // interest | in and to the Software", as "own all rights | in and to the Work Product" reads.
    let object = host;
    while (deprels[object] === 'conj' && (heads[object] ?? -1) >= 0) object = heads[object]!;
    if (/^(obj|iobj)(:|$)/.test(deprels[object] ?? '') && (heads[object] ?? -1) >= 0) host = heads[object]!;
    heads[noun] = host;
    deprels[noun] = NOUN_PRONOUN_TAGS.has(pos[host] ?? 'X') ? 'nmod' : 'obl';
    heads[first] = noun;
    deprels[first] = 'case';
    heads[second] = first;
    deprels[second] = 'conj';
    heads[cc] = second;
    deprels[cc] = 'cc';
    first = second;
  }
}

const NOTWITHSTANDING = 'TREE.NOTWITHSTANDING';

/**
 * TREE.NOTWITHSTANDING: "**Notwithstanding** the foregoing, Buyer may terminate this Agreement", "notwithstanding
 * anything to the contrary": the tagger reads "notwithstanding" as an adverb and the parse hangs the nominal
 * group after it as an adverbial clause (`advcl`) of the verb, so no circumstance came of it. A "notwithstanding"
 * that is no preposition in the parse, right before a nominal group (not "that" + clause) whose head hangs on
 * the same verb, is that group's `case`, the group the verb's oblique (`obl`): a circumstance of concession.
 */
function notwithstanding(
  out: Pick<TaggedText, 'lower' | 'pos' | 'heads' | 'deprels'>,
  start: number,
  end: number,
): void {
  const { lower, pos, heads, deprels } = out;
  for (let word = start; word + 1 < end; word += 1) {
    if (lower[word] !== 'notwithstanding' || deprels[word] === 'case') continue;
    if (!NOMINAL_OPENERS.has(pos[word + 1] ?? 'X') || lower[word + 1] === 'that') continue;
    // The group runs to the next comma (or the sentence's end); its head is its one word whose head lies outside.
    let groupEnd = word + 1;
    while (groupEnd < end && lower[groupEnd] !== ',') groupEnd += 1;
    let head = -1;
    for (let index = word + 1; index < groupEnd; index += 1) {
      const up = heads[index] ?? -1;
      if ((up > word && up < groupEnd) || pos[index] === 'PUNCT') continue;
      if (head >= 0) {
        head = -1;
        break;
      }
      head = index;
    }
    if (head < 0 || !NOMINAL_HEADS.has(pos[head] ?? 'X')) continue;
    const verb = heads[word] === head ? (heads[head] ?? -1) : (heads[word] ?? -1);
    if (verb < 0 || (heads[head] !== verb && heads[head] !== word)) continue;
    heads[head] = verb;
    deprels[head] = 'obl';
    heads[word] = head;
    deprels[word] = 'case';
  }
}
const NOMINAL_OPENERS: ReadonlySet<Upos> = new Set(['DET', 'PRON', 'NOUN', 'PROPN', 'ADJ', 'NUM']);
const NOMINAL_HEADS: ReadonlySet<Upos> = new Set(['NOUN', 'PROPN', 'PRON', 'ADJ', 'NUM']);

const CONJOINED_SUBJECT = 'TREE.CONJOINED_SUBJECT';
const SUBJECT_RELATION = /^(nsubj|csubj|expl)(:|$)/;

/**
 * TREE.CONJOINED_SUBJECT: "At AMAG's sole cost and expense, **Antares** or its Subcontractor will maintain a safety
 * inventory": the parse carried the coordination of the opening phrase ("cost and expense") on across its comma,
 * making the Subject a conjunct of the phrase's noun, and the verb after it has no Subject. A nominal conjunct
 * of an opening oblique or adverb of a verb with an auxiliary and no Subject, after a comma with no coordinator
 * before it, that ends right before the verb's first auxiliary, is that verb's Subject (`nsubj`; its own
 * conjuncts go with it).
 */
function conjoinedSubjects(
  out: Pick<TaggedText, 'lower' | 'pos' | 'heads' | 'deprels'>,
  start: number,
  end: number,
): void {
  const { lower, pos, heads, deprels } = out;
  let conjuncts = false;
  for (let index = start; index < end && !conjuncts; index += 1) conjuncts = deprels[index] === 'conj';
  if (!conjuncts) return;
  const { firstAuxOf, withSubject } = auxiliaryFrames(out, start, end);
  for (const [verb, firstAux] of firstAuxOf) {
    if (withSubject.has(verb)) continue;
    if (pos[verb] !== 'VERB' && pos[verb] !== 'ADJ' && pos[verb] !== 'NOUN') continue;
    // The conjunct: right before the auxiliary's span (its own conjuncts in between), after a comma.
    for (let candidate = start + 1; candidate < firstAux; candidate += 1) {
      if (deprels[candidate] !== 'conj' || !NOUN_PRONOUN_TAGS.has(pos[candidate] ?? 'X')) continue;
      let opener = heads[candidate] ?? -1;
      while (opener >= 0 && deprels[opener] === 'conj') opener = heads[opener] ?? -1;
      if (opener < 0 || opener >= candidate || heads[opener] !== verb) continue;
      if (!/^(obl|advmod|nmod)(:|$)/.test(deprels[opener] ?? '')) continue;
      // A comma right before the conjunct's phrase and no coordinator of its own.
      let phrase = candidate;
      for (let index = opener + 1; index < candidate; index += 1)
        if (heads[index] === candidate && index < phrase && deprels[index] !== 'punct') phrase = index;
      if (lower[phrase - 1] !== ',') continue;
      let coordinated = false;
      for (let index = phrase; index < candidate; index += 1)
        if (heads[index] === candidate && deprels[index] === 'cc') coordinated = true;
      if (coordinated) continue;
      // Its phrase (with its conjuncts) ends right before the auxiliary.
      let last = candidate;
      for (let index = candidate + 1; index < firstAux; index += 1) {
        let up = index;
        while (up >= 0 && up !== candidate && up !== verb) up = heads[up] ?? -1;
        if (up === candidate) last = index;
      }
      if (last + 1 !== firstAux) continue;
      heads[candidate] = verb;
      deprels[candidate] = 'nsubj';
      heads[phrase - 1] = verb;
      deprels[phrase - 1] = 'punct';
      break;
    }
  }
}
/**
 * One pass over a sentence's parse for CONJOINED_SUBJECT and SWALLOWED_SUBJECT: the first auxiliary or copula before
 * each word that has one, the words that have a Subject, and those with a passive auxiliary.
 */
function auxiliaryFrames(
  out: Pick<TaggedText, 'heads' | 'deprels'>,
  start: number,
  end: number,
): { firstAuxOf: Map<number, number>; withSubject: Set<number>; passive: Set<number> } {
  const { heads, deprels } = out;
  const firstAuxOf = new Map<number, number>();
  const withSubject = new Set<number>();
  const passive = new Set<number>();
  for (let index = start; index < end; index += 1) {
    const head = heads[index] ?? -1;
    if (head < 0) continue;
    const relation = deprels[index] ?? '';
    if (SUBJECT_RELATION.test(relation)) withSubject.add(head);
    else if (index < head && /^(aux|cop)(:|$)/.test(relation) && !firstAuxOf.has(head))
      firstAuxOf.set(head, index);
    if (relation === 'aux:pass') passive.add(head);
  }
  return { firstAuxOf, withSubject, passive };
}

const SWALLOWED_SUBJECT = 'TREE.SWALLOWED_SUBJECT';

/**
 * TREE.SWALLOWED_SUBJECT: "Upon termination of this Agreement **Distributor** shall have no further right", "In
 * such event **Contractor** shall take reasonable steps", "Upon termination of this Agreement **the Distributor**
 * shall": with no comma after an opening prepositional phrase, the parse reads the Subject into the phrase (a
 * `compound`, `nmod` or `appos` of its noun, or the phrase's own noun) and the verb after it has no Subject. A
 * nominal that ends right before the first auxiliary of a verb with no Subject, inside an opening oblique or
 * adverb of that verb, is the verb's Subject (`nsubj`, `nsubj:pass` in the passive) when its start is clear: a
 * determiner or possessive right after the phrase's last noun ("... Agreement | the Distributor"), or a capitalised
 * party word or name right after that noun ("... Agreement | Distributor", "... event | Contractor"). The
 * phrase's words the parse had hung on it go to the phrase's last noun, which takes its place in the phrase.
 */
function swallowedSubjects(
  out: Pick<TaggedText, 'lower' | 'pos' | 'heads' | 'deprels'> & { readonly values?: readonly string[] },
  start: number,
  end: number,
): void {
  const { lower, pos, heads, deprels } = out;
  const { firstAuxOf, withSubject, passive } = auxiliaryFrames(out, start, end);
  const capitalised = (at: number) => /^\p{Lu}/u.test(out.values?.[at] ?? '');
  for (const [verb, firstAux] of firstAuxOf) {
    if (withSubject.has(verb) || firstAux - 1 < start) continue;
    if (pos[verb] !== 'VERB' && pos[verb] !== 'ADJ' && pos[verb] !== 'NOUN') continue;
    const last = firstAux - 1;
    if (!NOUN_PRONOUN_TAGS.has(pos[last] ?? 'X') || pos[last] === 'PRON') continue;
    // The nominal's head: the top of its coordination ("the Company and its agents").
    let subject = last;
    while (deprels[subject] === 'conj' && (heads[subject] ?? -1) < subject && (heads[subject] ?? -1) >= start)
      subject = heads[subject] as number;
    // Inside an opening oblique or adverb of the verb, which starts with a preposition.
    let opener = subject;
    for (let steps = 0; steps < end - start && (heads[opener] ?? -1) !== verb; steps += 1) {
      opener = heads[opener] ?? -1;
      if (opener < start || opener > subject) break;
    }
    if (opener < start || opener > subject || heads[opener] !== verb) continue;
    if (!/^(obl|advmod)(:|$)/.test(deprels[opener] ?? '')) continue;
    const phraseStart = subtreeSpan(out, opener, start, end)[0];
    if (pos[phraseStart] !== 'ADP' || phraseStart !== start) continue;
    // Where the Subject starts.
    let from = subject;
    const before = subject - 1;
    if (/^(det|nmod:poss)$/.test(deprels[before] ?? '') && heads[before] === subject) from = before;
    else if (!((PARTY_NOUNS.has(lower[subject] ?? '') || pos[subject] === 'PROPN') && capitalised(subject)))
      continue;
    const noun = from - 1;
    if (noun <= phraseStart || (pos[noun] !== 'NOUN' && pos[noun] !== 'PROPN')) continue;
    // No comma in the phrase or the Subject (CONJOINED_SUBJECT reads the phrase cut off by a comma).
    if (lower.slice(phraseStart, firstAux).includes(',')) continue;
    // The phrase's last noun takes the Subject's place in the phrase, and the phrase's words hung on the Subject.
    if (subject === opener) {
      heads[noun] = verb;
      deprels[noun] = deprels[opener] as string;
    } else if (heads[noun] === subject) {
      heads[noun] = heads[subject] as number;
      deprels[noun] = deprels[subject] === 'appos' ? 'nmod' : (deprels[subject] as string);
    }
    for (let index = phraseStart; index < from; index += 1)
      if (index !== noun && heads[index] === subject) heads[index] = noun;
    heads[subject] = verb;
    deprels[subject] = passive.has(verb) ? 'nsubj:pass' : 'nsubj';
  }
}
/** Nouns, names and pronouns: what heads a Subject or a party. */
const NOUN_PRONOUN_TAGS: ReadonlySet<Upos> = new Set(['NOUN', 'PROPN', 'PRON']);

const STRANDED_PREPOSITION = 'TREE.STRANDED_PREPOSITION';

/**
 * TREE.STRANDED_PREPOSITION: "This Agreement is made and entered **into** as of January 1, 2020", "the documents
 * referred **to** in Section 4": a preposition right after its verb, whose object has gone (a passive's or
 * reduced relative's Subject), is read by the parse as a second `case` of the noun after it, which has a
 * preposition of its own. It belongs with the verb: when that other preposition has several words (the table of
 * `lexicons/circumstance-lexicon.ts`; "out of" is no such case) or the verb is one of the prepositional verbs of
 * `PREPOSITIONAL_VERBS` with this preposition. UD trees make it the verb's `obl`; here it is `compound:prt`, part
 * of the process, so the phrase after it is one circumstance ("as of January 1, 2020", "in Section 4").
 */
function strandedPrepositions(
  out: Pick<TaggedText, 'lower' | 'pos' | 'heads' | 'deprels'> & { readonly lemmas?: readonly string[] },
  start: number,
  end: number,
): void {
  const { lower, pos, heads, deprels } = out;
  for (let word = start + 1; word + 1 < end; word += 1) {
    if (pos[word] !== 'ADP' || deprels[word] !== 'case' || pos[word - 1] !== 'VERB') continue;
    const verb = out.lemmas?.[word - 1] ?? lower[word - 1] ?? '';
    const own = PREPOSITIONAL_VERBS.get(verb)?.has(lower[word] ?? '') === true;
    const next = word + 1;
    if (pos[next] !== 'ADP' || deprels[next] !== 'case' || heads[next] !== heads[word]) continue;
    const clause = lower.slice(start, end);
    if (complexPrepositionAt(clause, word - start) !== undefined || lower[word] === 'out') continue;
    if (!own && complexPrepositionAt(clause, next - start) === undefined) continue;
    heads[word] = word - 1;
    deprels[word] = 'compound:prt';
  }
}

const COMPLEX_PREPOSITION_TREE = 'TREE.COMPLEX_PREPOSITION';

/**
 * TREE.COMPLEX_PREPOSITION: "**Subject to** the provisions of this Section, this Agreement shall be binding",
 * "**Prior to** the Closing, Seller shall deliver the documents": the parse reads the first word of a two-word
 * preposition (subject to, prior to, due to, owing to, pursuant to) as an adjective or adverb with the noun after "to" its
 * oblique, and at the opening of a sentence may make it the root, the real predicate after the comma its
 * `parataxis`, `conj` or `ccomp`. As UD trees have "due to" and "prior to", the noun is the oblique (`obl`) of
 * the verb or adjective the first word hung on (of the predicate, now the root, when the first word was the root
 * of a sentence it opens), the first word its `case` and "to" `fixed` on it. "Subject to" is rebuilt only as the
 * root (UD trees make it an adjective with an oblique), a first word hung on a noun ("a geyser due to the
 * pressure") or with a copula ("are subject to") is left as parsed, but for "pursuant" on an object's noun
 * ("pay the royalties **pursuant** to Section 4"), whose phrase goes to the object's verb (and "pursuant" read
 * as the object itself, its compound before it the noun: "purchase Equipment pursuant to such agency").
 */
function complexPrepositions(
  out: Pick<TaggedText, 'lower' | 'pos' | 'heads' | 'deprels'>,
  start: number,
  end: number,
): void {
  const { lower, pos, heads, deprels } = out;
  for (let first = start; first + 2 < end; first += 1) {
    const to = first + 1;
    if (!ADJECTIVAL_PREPOSITION_HEADS.has(lower[first] ?? '') || lower[to] !== 'to') continue;
    // ("3.5 Subject to the supervision of the Board, the MD shall ...": after a section number the tagger may read
    // "Subject" as a noun, the root.)
    const nounRoot = pos[first] === 'NOUN' && lower[first] === 'subject' && heads[first] === -1;
    if (pos[first] !== 'ADJ' && pos[first] !== 'ADV' && !nounRoot) continue;
    // The phrase's noun: the first word's obl/nmod after "to"; the predicate (when the first word is the
    // root): a verb with a Subject of its own after the noun.
    let noun = -1;
    let predicate = -1;
    for (let index = to + 1; index < end; index += 1) {
      if (heads[index] !== first) continue;
      if (noun < 0 && /^(obl|nmod)(:|$)/.test(deprels[index] ?? '')) noun = index;
      else if (predicate < 0 && noun >= 0 && /^(parataxis|conj|ccomp)$/.test(deprels[index] ?? ''))
        predicate = index;
    }
    if (noun < 0 || heads[to] !== noun) continue;
    let head = heads[first] ?? -1;
    if (head < 0) {
      // Only a sentence opening with the preposition, the first word no copula's predicate ("are subject to").
      let opening = start;
      while (
        opening < first &&
        (pos[opening] === 'PUNCT' ||
          pos[opening] === 'NUM' ||
          deprels[opening] === 'list' ||
          (nounRoot && SECTION_NUMBER.test(lower[opening] ?? '')))
      )
        opening += 1;
      if (opening !== first || predicate < 0 || pos[predicate] === 'PUNCT') continue;
      let copula = false;
      for (let index = start; index < end; index += 1)
        if (heads[index] === first && /^cop(:|$)/.test(deprels[index] ?? '')) copula = true;
      if (copula) continue;
      let subject = false;
      for (let index = noun + 1; index < predicate; index += 1)
        if (heads[index] === predicate && /^(nsubj|csubj|expl)(:|$)/.test(deprels[index] ?? ''))
          subject = true;
      if (!subject) continue;
      if (nounRoot) pos[first] = 'ADJ';
      promoteToRoot(out, predicate, first, 'case', end);
      // A section number before the phrase goes with it to the predicate.
      for (let index = start; index < first; index += 1) if (heads[index] === first) heads[index] = predicate;
      head = predicate;
    } else if (
      lower[first] === 'pursuant' &&
      deprels[first - 1] === 'compound' &&
      heads[first - 1] === first &&
      /^(obj|iobj|obl)(:|$)/.test(deprels[first] ?? '') &&
      PREDICATE_TAGS.has(pos[head] ?? 'X')
    ) {
      // "purchase Equipment pursuant to such agency" with "pursuant" the object and "Equipment" its compound:
      // the noun takes its place.
      const noun = first - 1;
      for (let index = start; index < end; index += 1)
        if (heads[index] === first && index < noun) heads[index] = noun;
      heads[noun] = head;
      deprels[noun] = deprels[first] ?? 'obj';
    } else if (
      lower[first] === 'pursuant' &&
      deprels[first] === 'amod' &&
      /^(obj|iobj|obl)(:|$)/.test(deprels[head] ?? '') &&
      PREDICATE_TAGS.has(pos[heads[head] ?? -1] ?? 'X')
    ) {
      // "pay the royalties pursuant to Section 4": UD trees never hang "pursuant" on a noun (it is the verb's
      // adverb: "made pursuant to the Law"); read on the object's noun, the phrase goes to the object's verb.
      head = heads[head]!;
    } else if (
      // "subject to" is an adjective with an oblique in UD trees: rebuilt only where the parse lost the predicate.
      lower[first] === 'subject' ||
      !/^(advcl|advmod|obl|xcomp)(:|$)/.test(deprels[first] ?? '') ||
      !PREDICATE_TAGS.has(pos[head] ?? 'X')
    )
      continue;
    // What else hung on the first word (a comma) goes to its head; the noun is the head's oblique.
    for (let index = start; index < end; index += 1)
      if (heads[index] === first && index !== to && index !== noun) heads[index] = head;
    heads[noun] = head;
    deprels[noun] = 'obl';
    heads[first] = noun;
    deprels[first] = 'case';
    heads[to] = first;
    deprels[to] = 'fixed';
  }
}
const SUBJECT_TO_TAIL = 'TREE.SUBJECT_TO_TAIL';

/**
 * TREE.SUBJECT_TO_TAIL: "The Licensee shall pay the fee**, subject to Section 5**", "shall have substantial powers of
 * management, subject to the supervision of the Board": after a comma the parse reads "subject" as a noun, the
 * `conj` of the object with "Section 5" its `nmod`. As UD has "subject to" (an adjective with an oblique), "subject"
 * is an `ADJ`, the `advcl` of the clause's predicate (the first verb or adjective up its heads), the noun after
 * "to" its `obl` (so CIRCUMSTANCE.TREE_SUBJECT_TO reads one circumstance of condition).
 */
function subjectToTails(
  out: Pick<TaggedText, 'lower' | 'pos' | 'heads' | 'deprels'>,
  start: number,
  end: number,
): void {
  const { lower, pos, heads, deprels } = out;
  for (let word = start + 1; word + 2 < end; word += 1) {
    if (lower[word] !== 'subject' || lower[word - 1] !== ',' || lower[word + 1] !== 'to') continue;
    if (!/^(?:conj|appos|parataxis|nmod|obl|obj|iobj|dep)(:|$)/.test(deprels[word] ?? '')) continue;
    // The noun "to" hangs on, itself on "subject" or (misattached) on the word "subject" hangs on.
    const noun = heads[word + 1] ?? -1;
    if (
      noun <= word + 1 ||
      noun >= end ||
      (heads[noun] !== word && heads[noun] !== heads[word]) ||
      !/^(?:nmod|obl)(:|$)/.test(deprels[noun] ?? '')
    )
      continue;
    // Nothing but the comma before it hangs on "subject" (a noun phrase the parse built around it is left alone).
    let before = false;
    for (let index = start; index < word; index += 1)
      if (heads[index] === word && pos[index] !== 'PUNCT') before = true;
    if (before) continue;
    let predicate = heads[word] ?? -1;
    for (let steps = 0; predicate >= start && steps < end - start; steps += 1) {
      if (pos[predicate] === 'VERB' || pos[predicate] === 'ADJ' || pos[predicate] === 'AUX') break;
      predicate = heads[predicate] ?? -1;
    }
    if (predicate < start || predicate >= end || predicate > word) continue;
    const saved = treeSnapshot(out, start, end);
    pos[word] = 'ADJ';
    heads[word] = predicate;
    deprels[word] = 'advcl';
    heads[noun] = word;
    deprels[noun] = 'obl';
    keepValidTree(out, saved);
  }
}

/** Tags of a predicate the phrase may be the oblique of ("delivered prior to the Closing"). */
const PREDICATE_TAGS: ReadonlySet<Upos> = new Set(['VERB', 'AUX', 'ADJ']);

const OF_COMPLEMENT = 'TREE.OF_COMPLEMENT';

/**
 * TREE.OF_COMPLEMENT: "Tenant shall notify **Landlord** of any defects", "inform the other party of the
 * change": the parse hangs the "of" phrase on the object's noun as its postmodifier (`nmod`); after a verb that
 * takes a person and an "of" complement (notify, inform, advise, remind, warn, relieve, ...) it is the verb's
 * (`obl`), as UD trees have it: the Receiver is "Landlord", what is told a circumstance of Matter. Only when the
 * object names a person or party (a pronoun, a party noun, a name with no determiner).
 */
function ofComplements(
  out: Pick<TaggedText, 'lower' | 'pos' | 'heads' | 'deprels'> & { readonly lemmas?: readonly string[] },
  start: number,
  end: number,
): void {
  const { lower, heads, deprels } = out;
  for (let phrase = start; phrase < end; phrase += 1) {
    if (deprels[phrase] !== 'nmod') continue;
    const object = heads[phrase]!;
    if (object < start || object >= phrase || deprels[object] !== 'obj') continue;
    const verb = heads[object]!;
    if (verb < start || verb > object) continue;
    const lemma = out.lemmas?.[verb] ?? lower[verb] ?? '';
    if (!OF_COMPLEMENT_VERBS.has(lemma)) continue;
    // The object names a person or party: a pronoun, a party noun ("the tenant", "Landlord") or a name with no
    // determiner ("Hamas"); not "clear the Halls of Congress", "relieved the horror of the darkness".
    let determined = false;
    for (let index = start; index < object; index += 1)
      if (heads[index] === object && deprels[index] === 'det') determined = true;
    const noun = out.lemmas?.[object] ?? lower[object] ?? '';
    const person =
      out.pos[object] === 'PRON' ||
      PARTY_NOUNS.has(noun) ||
      PARTY_NOUNS.has(lower[object] ?? '') ||
      (out.pos[object] === 'PROPN' && !determined);
    if (!person) continue;
    let preposition = -1;
    for (let index = object + 1; index < phrase; index += 1)
      if (heads[index] === phrase && deprels[index] === 'case') preposition = index;
    if (preposition < 0 || lower[preposition] !== 'of') continue;
    heads[phrase] = verb;
    deprels[phrase] = 'obl';
  }
}

const HYPHEN_COMPOUND_TREE = 'TREE.HYPHEN_COMPOUND';
/** Tags of a hyphen compound's second word: a content word ("in-depth", "well-known"; not "follow-on", "week-the"). */
const COMPOUND_HEAD_TAGS: ReadonlySet<Upos> = new Set(['NOUN', 'ADJ', 'VERB']);
/** Tags of the words a hyphen compound may premodify. */
const PREMODIFIED_TAGS: ReadonlySet<Upos> = new Set(['NOUN', 'PROPN', 'ADJ']);

/**
 * TREE.HYPHEN_COMPOUND: two words joined by a hyphen with no space ("thought-provoking", "in-depth",
 * "well-known") before the noun they premodify are one modifier, its second word (a noun, adjective or
 * verb) its head. The tokeniser
 * splits them and the parse may tear them apart: "a thought-provoking film" with "thought" on "film";
 * "provide in-depth technical support" with "depth" an oblique of "provide". The first word hangs on the
 * second (as `advmod` when an adverb, `case` when a preposition, else `compound`) when both hang outside the
 * compound, the second on a word after it (a phrase the first word headed goes to the noun after the
 * compound, which takes its place); the second, hung on a word before the compound, hangs on the noun after
 * it (`amod`, or `compound` when a noun); that noun takes the second word's place and dependents when the
 * second word headed a phrase or clause ("which shall be at arms-length basis"), or its relation when the
 * parse made it a conjunct of the same word (an object where the compound's first word was read as its
 * preposition). Names and numbers ("Al-Qaeda", "Fifty-five", "1998-30"),
 * compounds ending in a particle ("follow-on", "button-down"), coordinated ones ("strong and
 * still-continuing") and compounds of three words or more ("out-of-pocket") are left as parsed.
 */
function hyphenCompounds(
  out: Pick<TaggedText, 'lower' | 'pos' | 'heads' | 'deprels'> & {
    readonly starts?: readonly number[];
    readonly ends?: readonly number[];
  },
  start: number,
  end: number,
): void {
  const { lower, pos, heads, deprels, starts, ends } = out;
  if (starts === undefined || ends === undefined) return;
  const startOf = (index: number) => starts[index];
  const endOf = (index: number) => ends[index];
  const word = (index: number) => /^\p{L}/u.test(lower[index] ?? '') && pos[index] !== 'PROPN';
  for (let first = start; first + 3 < end; first += 1) {
    const hyphen = first + 1;
    const last = first + 2;
    if (pos[hyphen] !== 'PUNCT' || !isJoiningHyphen(lower, hyphen, startOf, endOf)) continue;
    if (!word(first) || !word(last) || !COMPOUND_HEAD_TAGS.has(pos[last]!)) continue;
    if (pos[first] === 'NUM' && pos[last] === 'NUM') continue;
    // A compound coordinated with another ("strong and still-continuing", "troop- and police-contributing") is left as parsed.
    if (deprels[first] === 'conj' || deprels[last] === 'conj') continue;
    // Two words only: no hyphen joined before or after.
    if (first - 1 > start && isJoiningHyphen(lower, first - 1, startOf, endOf)) continue;
    if (isJoiningHyphen(lower, last + 1, startOf, endOf)) continue;
    const next = last + 1;
    if (!PREMODIFIED_TAGS.has(pos[next]!)) continue;
    const inside = (index: number) => index >= first && index <= last;
    // The noun the compound premodifies: past the adjectives and nouns after it, the last before a word of another kind.
    let noun = next;
    while (
      noun + 1 < end &&
      (pos[noun] === 'ADJ' || pos[noun + 1] === 'NOUN') &&
      PREMODIFIED_TAGS.has(pos[noun + 1]!)
    )
      noun += 1;
    if (pos[noun] !== 'NOUN' && pos[noun] !== 'PROPN') continue;
    const below = (word: number, top: number) => isBelow(heads, word, top, end - start);
    if (!inside(heads[first]!) && !inside(heads[last]!) && heads[last]! > last) {
      const dependents: number[] = [];
      for (let index = start; index < end; index += 1)
        if (heads[index] === first && !inside(index)) dependents.push(index);
      if (dependents.length > 0) {
        // The first word heads a phrase before it ("**one** thought-provoking film", "an online Seahawks" the
        // object, "store" its apposition): the phrase's words go to the noun after the compound, which takes
        // the first word's place if it hung on it.
        if (dependents.some((dependent) => dependent > last && dependent !== noun)) continue;
        if (heads[noun] === first) {
          if (below(heads[first]!, noun)) continue;
          heads[noun] = heads[first]!;
          deprels[noun] = deprels[first]!;
        } else if (heads[first] !== noun) continue;
        for (const dependent of dependents) if (dependent !== noun) heads[dependent] = noun;
      }
      heads[first] = last;
      deprels[first] = pos[first] === 'ADV' ? 'advmod' : pos[first] === 'ADP' ? 'case' : 'compound';
      if (!inside(heads[hyphen]!)) heads[hyphen] = last;
    }
    const before = heads[last]!;
    if (before < 0 || before >= first) continue;
    // The noun must not lie below the compound's second word (no cycle).
    if (below(noun, last)) continue;
    const phrase: number[] = [];
    for (let index = start; index < end; index += 1)
      if (heads[index] === last && !inside(index) && index !== noun) phrase.push(index);
    let coordinated = false;
    for (let index = start; index < end; index += 1)
      if (heads[index] === noun && deprels[index] === 'cc') coordinated = true;
    if (phrase.length > 0) {
      // The second word heads a phrase or a clause ("which shall be at arms-length basis" with "length" the
      // relative clause's predicate): the noun takes its place and its dependents.
      if (below(before, noun)) continue;
      heads[noun] = before;
      deprels[noun] = deprels[last]!;
      for (const dependent of phrase) heads[dependent] = noun;
    } else if (heads[noun] === before && deprels[noun] === 'conj' && !coordinated) {
      // "provide in-depth technical support" with "support" a conjunct of "provide": the noun takes the
      // compound's place, an object where the compound's first word was read as its preposition.
      let object = false;
      for (let index = start; index < end; index += 1)
        if (heads[index] === before && deprels[index] === 'obj') object = true;
      const prepositional = deprels[last] === 'obl' && heads[first] === last && deprels[first] === 'case';
      deprels[noun] = prepositional && !object && pos[before] === 'VERB' ? 'obj' : deprels[last]!;
    }
    heads[last] = noun;
    deprels[last] = pos[last] === 'NOUN' || pos[last] === 'NUM' ? 'compound' : 'amod';
  }
}

const REDUCED_RELATIVE = 'TREE.REDUCED_RELATIVE';
/** Relations the parse gives the real predicate when it makes an opening participle the sentence's verb. */
const SWALLOWED_PREDICATE = /^(?:conj|parataxis|ccomp|xcomp|advcl)$/;
/** Dependents a participle of a reduced relative clause cannot have: it is passive and has the noun as Subject. */
const OWN_CLAUSE_DEPENDENT = /^(?:aux|cop|obj|iobj|expl|csubj|ccomp|cc)(?::|$)/;

/**
 * TREE.REDUCED_RELATIVE: "Products shipped without a return authorization number will be refused",
 * "Applications received after the deadline are not eligible": the sentence opens with a nominal group and a
 * past participle after its noun, and a finite predicate follows with no Subject of its own. The parser, reading
 * the participle as a past tense, makes it the sentence's verb with the noun as its Subject, and the real
 * predicate a conjunct with no coordinator (or a complement). The participle and what follows it up to the
 * predicate's first auxiliary modify the noun (`acl`, a reduced relative clause), and the noun is the Subject of
 * the predicate, which takes the participle's place in the tree (`nsubj:pass` when it has a passive auxiliary).
 * Left alone: a participle with an auxiliary, an object or a coordinator of its own, and a comma, verb or
 * auxiliary between it and the predicate's first auxiliary ("Prices rose, and will rise again").
 */
function reducedRelatives(
  out: Pick<TaggedText, 'lower' | 'pos' | 'heads' | 'deprels'> & { readonly lemmas?: readonly string[] },
  start: number,
  end: number,
): void {
  const { lower, pos, heads, deprels, lemmas } = out;
  if (lemmas === undefined) return;
  let noun = start;
  while (noun + 1 < end && PREMODIFIER_TAGS.has(pos[noun] ?? '') && PREMODIFIER_TAGS.has(pos[noun + 1] ?? ''))
    noun += 1;
  const participle = noun + 1;
  if (participle >= end || (pos[noun] !== 'NOUN' && pos[noun] !== 'PROPN') || pos[participle] !== 'VERB')
    return;
  const word = lower[participle] ?? '';
  if (!isPastForm(word, lemmas[participle] ?? '')) return;
  if (heads[noun] !== participle || deprels[noun] !== 'nsubj') return;
  // The predicate: a dependent of the participle, later in the sentence, with a finite auxiliary or copula.
  let predicate = -1;
  let firstAuxiliary = end;
  for (let child = participle + 1; child < end && predicate < 0; child += 1) {
    if (heads[child] !== participle || !SWALLOWED_PREDICATE.test(deprels[child] ?? '')) continue;
    let finite = false;
    let auxiliary = end;
    let ownClause = false;
    for (let dependent = start; dependent < end; dependent += 1) {
      if (heads[dependent] !== child) continue;
      const relation = deprels[dependent] ?? '';
      // A Subject, coordinator or subordinator of its own: a clause of its own.
      if (/^(?:nsubj|csubj|expl|cc|mark)(?::|$)/.test(relation)) ownClause = true;
      if (/^(?:aux|cop)(?::|$)/.test(relation) && dependent < child) {
        auxiliary = Math.min(auxiliary, dependent);
        if (FINITE_OPERATOR_FORMS.has(lower[dependent] ?? '')) finite = true;
      }
    }
    if (!finite || ownClause) continue;
    predicate = child;
    firstAuxiliary = auxiliary;
  }
  if (predicate < 0) return;
  for (let index = participle + 1; index < firstAuxiliary; index += 1) {
    const tag = pos[index];
    if (tag === 'VERB' || tag === 'AUX' || tag === 'CCONJ' || lower[index] === ',' || lower[index] === ';')
      return;
  }
  for (let child = start; child < end; child += 1)
    if (heads[child] === participle && child !== noun && OWN_CLAUSE_DEPENDENT.test(deprels[child] ?? ''))
      return;
  let passive = false;
  for (let child = start; child < end; child += 1)
    if (heads[child] === predicate && deprels[child] === 'aux:pass') passive = true;
  heads[predicate] = heads[participle] ?? -1;
  deprels[predicate] = deprels[participle] ?? 'root';
  // What hung on the participle from the predicate's first auxiliary on goes to the predicate.
  for (let index = firstAuxiliary; index < end; index += 1)
    if (index !== predicate && heads[index] === participle) heads[index] = predicate;
  heads[noun] = predicate;
  deprels[noun] = passive ? 'nsubj:pass' : 'nsubj';
  heads[participle] = noun;
  deprels[participle] = 'acl';
}

const COMPOUND_PREPOSITION_BINDER = 'TREE.COMPOUND_PREPOSITION_BINDER';
const CLAUSE_WORD: ReadonlySet<Upos> = new Set(['VERB', 'AUX']);

/**
 * TREE.COMPOUND_PREPOSITION_BINDER: "executed this Agreement **as of the date first above written**": the parse makes
 * "as" (with "of" its `fixed` part) the binder of a clause "the date ... written", the noun its Subject. A binder
 * followed by "of" opens no clause ("as of", "because of", "instead of" take a noun): the noun is a circumstance
 * (`obl`) of the nearest verb above the participle, with "as of" its `case`, and the participle, which has no
 * auxiliary of its own, modifies the noun (`acl`, "the date first above written"). Read as a clause, the date was
 * part of the Goal, or ("as of the date first set forth above") cut off as a clause of its own. So is "as" read as an
 * adverb with the noun its oblique ("signed this lease as of the date ...", a role "as ...").
 */
function compoundPrepositionBinders(
  out: Pick<TaggedText, 'lower' | 'pos' | 'heads' | 'deprels'>,
  start: number,
  end: number,
): void {
  const { lower, pos, heads, deprels } = out;
  for (let binder = start; binder + 2 < end; binder += 1) {
    // "signed this lease as of the date ...", parsed with "as" an adverb and the date an oblique of it: "as of" is the
    // date's preposition.
    const dated = heads[binder + 1] ?? -1;
    if (
      lower[binder] === 'as' &&
      lower[binder + 1] === 'of' &&
      deprels[binder + 1] === 'case' &&
      /^(?:obl|nmod)(?::|$)/.test(deprels[dated] ?? '') &&
      heads[dated] === binder &&
      NOMINAL.has(pos[dated]!) &&
      /^advmod(?::|$)/.test(deprels[binder] ?? '')
    ) {
      const host = heads[binder] ?? -1;
      if (host < 0) continue;
      heads[dated] = host;
      deprels[dated] = CLAUSE_WORD.has(pos[host]!) ? 'obl' : 'nmod';
      heads[binder] = dated;
      deprels[binder] = 'case';
      heads[binder + 1] = binder;
      deprels[binder + 1] = 'fixed';
      continue;
    }
    if (deprels[binder] !== 'mark' || lower[binder + 1] !== 'of' || heads[binder + 1] !== binder) continue;
    if (deprels[binder + 1] !== 'fixed') continue;
    const participle = heads[binder] ?? -1;
    if (participle <= binder + 1 || pos[participle] !== 'VERB') continue;
    let noun = -1;
    let clausal = false;
    for (let child = start; child < end; child += 1) {
      if (heads[child] !== participle) continue;
      if (
        /^nsubj/.test(deprels[child] ?? '') &&
        NOMINAL.has(pos[child]!) &&
        child > binder &&
        child < participle
      )
        noun = child;
      else if (FINITE_CLAUSE_DEPENDENT.test(deprels[child] ?? '') && child !== binder) clausal = true;
    }
    if (noun < 0 || clausal) continue;
    // The verb the phrase belongs to: the participle's head, or the verb above the noun it was hung on.
    let host = heads[participle] ?? -1;
    for (let steps = 0; host >= 0 && !CLAUSE_WORD.has(pos[host]!) && steps < 4; steps += 1)
      host = heads[host] ?? -1;
    if (host < 0 || !CLAUSE_WORD.has(pos[host]!)) continue;
    heads[noun] = host;
    deprels[noun] = 'obl';
    heads[binder] = noun;
    deprels[binder] = 'case';
    heads[participle] = noun;
    deprels[participle] = 'acl';
  }
}

const PARTICIPLE_RELATIVE = 'TREE.PARTICIPLE_RELATIVE';
/** Dependents that give a participle a clause of its own (a Subject, auxiliary, copula, binder or object). */
const FINITE_CLAUSE_DEPENDENT = /^(?:nsubj|csubj|expl|aux|cop|mark|obj|iobj)(?::|$)/;

/**
 * TREE.PARTICIPLE_RELATIVE: "as of **the date first above written**", "the products **identified in Exhibit A**": a
 * past participle after its noun (a common or proper noun, not "what") with no Subject, auxiliary, binder, object or
 * relative pronoun of its own is a reduced relative clause, which UD writes `acl` (a modifier of the noun), not
 * `acl:relcl`; read as a relative clause, it was cut off as a clause of its own ("first above written.").
 */
function participleRelatives(
  out: Pick<TaggedText, 'lower' | 'pos' | 'heads' | 'deprels'> & { readonly lemmas?: readonly string[] },
  start: number,
  end: number,
): void {
  const { lower, pos, heads, deprels, lemmas } = out;
  if (lemmas === undefined) return;
  for (let participle = start; participle < end; participle += 1) {
    if (deprels[participle] !== 'acl:relcl' || pos[participle] !== 'VERB') continue;
    const noun = heads[participle] ?? -1;
    // (After a comma, one of a run of participles: "will be updated by the Group, reviewed and approved".)
    if (noun < 0 || noun >= participle || !NOMINAL.has(pos[noun]!) || lower[participle - 1] === ',') continue;
    if (!isPastForm(lower[participle] ?? '', lemmas[participle] ?? '')) continue;
    let own = false;
    for (let child = start; child < end && !own; child += 1)
      if (heads[child] === participle)
        own =
          FINITE_CLAUSE_DEPENDENT.test(deprels[child] ?? '') ||
          (pos[child] === 'PRON' && WH_RELATIVE_PRONOUNS.has(lower[child] ?? ''));
    if (!own) deprels[participle] = 'acl';
  }
}

/**
 * Whether `word` lies below `top` in the tree, walking up at most `limit` heads; the walk stops (false) at a
 * head `stop` accepts ("a clause of its own").
 */
function isBelow(
  heads: ArrayLike<number>,
  word: number,
  top: number,
  limit: number,
  stop?: (at: number) => boolean,
): boolean {
  let at = heads[word] ?? -1;
  for (let steps = 0; at >= 0 && steps < limit; steps += 1) {
    if (at === top) return true;
    if (stop?.(at) === true) return false;
    at = heads[at] ?? -1;
  }
  return false;
}

/** The root of the sentence `start`..`end` (the last word without a head), or -1 when it has none. */
function rootOf(heads: ArrayLike<number>, start: number, end: number): number {
  let root = -1;
  for (let index = start; index < end; index += 1) if (heads[index] === -1) root = index;
  return root;
}

/**
 * Makes `word` the root and the old root its dependent in `relation`; what hung on the old root after `word`
 * hangs on `word` (the old root's phrase ends before it).
 */
function promoteToRoot(
  out: Pick<TaggedText, 'heads' | 'deprels'>,
  word: number,
  oldRoot: number,
  relation: string,
  end: number,
): void {
  const { heads, deprels } = out;
  heads[word] = -1;
  deprels[word] = 'root';
  heads[oldRoot] = word;
  deprels[oldRoot] = relation;
  for (let index = word + 1; index < end; index += 1) if (heads[index] === oldRoot) heads[index] = word;
}

const CONDITION_THEN_COMMAND = 'TREE.CONDITION_THEN_COMMAND';
/** Subordinators that open a condition or a time before a command ("If you must travel, keep ..."). */
const OPENING_SUBORDINATORS: ReadonlySet<string> = new Set([
  'if',
  'when',
  'whenever',
  'before',
  'after',
  'once',
  'unless',
  'while',
  'until',
  'since',
  'because',
  'although',
  'though',
]);

/**
 * TREE.CONDITION_THEN_COMMAND: "If you must travel, **keep** an extra flashlight in your vehicle.": the parse
 * made the opening clause's verb the root and the command after its comma a conjunct of it, with no
 * coordinator. A root that opens with a subordinator ("if", "when", "before", ...) is a dependent clause: the
 * conjunct, a verb in its base form with no Subject, no coordinator and a comma before it, is the root, and
 * the opening clause its adverbial clause (`advcl`).
 */
function conditionThenCommand(
  out: Pick<TaggedText, 'lower' | 'pos' | 'heads' | 'deprels'> & { readonly lemmas?: readonly string[] },
  start: number,
  end: number,
): void {
  const { lower, pos, heads, deprels } = out;
  const root = rootOf(heads, start, end);
  if (root < 0) return;
  let opening = false;
  for (let index = start; index < root; index += 1)
    if (heads[index] === root && deprels[index] === 'mark' && OPENING_SUBORDINATORS.has(lower[index] ?? ''))
      opening = index === start || (index === start + 1 && pos[start] === 'ADV');
  if (!opening) return;
  for (let command = root + 1; command < end; command += 1) {
    if (heads[command] !== root || deprels[command] !== 'conj' || pos[command] !== 'VERB') continue;
    if (out.lemmas !== undefined && out.lemmas[command] !== lower[command]) return;
    let first = command;
    for (let child = start; child < end; child += 1) {
      if (heads[child] !== command) continue;
      if (/^(?:nsubj|csubj|expl|cc|aux|mark)(?::|$)/.test(deprels[child] ?? '')) return;
      if (child < first && deprels[child] !== 'punct') first = child;
    }
    if (lower[first - 1] !== ',') return;
    // What hung on the old root after the command (its final mark, a conjunct of the command's object:
    // "keep a flashlight, food, and water") hangs on the new one: the opening clause ends before the command.
    promoteToRoot(out, command, root, 'advcl', end);
    return;
  }
}

const SUBORDINATED_CONJUNCT = 'TREE.SUBORDINATED_CONJUNCT';
/** Subordinators a conjunct may keep: "that", "whether", "if", "to" and "like" open clauses that are coordinated as they are. */
const COORDINABLE_MARKS: ReadonlySet<string> = new Set(['that', 'whether', 'if', 'to', 'like']);

/**
 * TREE.SUBORDINATED_CONJUNCT: "Uploading fails, **even though the docs say** the limit is 5 GB": a conjunct
 * (`conj`) with a subordinator of its own ("though", "although", "because", "as", "while", "since") and no
 * coordinator is a clause the subordinator makes dependent, an adverbial clause (`advcl`) of the same head.
 * EWT and GUM train and dev: 48 trees changed, 18 closer to the gold tree, 5 further (a parenthesis "as requested").
 */
function subordinatedConjuncts(
  out: Pick<TaggedText, 'lower' | 'pos' | 'heads' | 'deprels'>,
  start: number,
  end: number,
): void {
  const { lower, pos, heads, deprels } = out;
  for (let conjunct = start; conjunct < end; conjunct += 1) {
    if (deprels[conjunct] !== 'conj' && deprels[conjunct] !== 'parataxis') continue;
    let subordinated = false;
    let coordinated = false;
    for (let child = start; child < end; child += 1) {
      if (heads[child] !== conjunct) continue;
      if (deprels[child] === 'cc') coordinated = true;
      else if (
        deprels[child] === 'mark' &&
        pos[child] === 'SCONJ' &&
        !COORDINABLE_MARKS.has(lower[child] ?? '')
      )
        subordinated = true;
    }
    // A verb's clause ("as we agreed"), not a noun after "as" ("accepts appointment as a Distributor").
    let verbal = pos[conjunct] === 'VERB' || pos[conjunct] === 'AUX';
    for (let child = start; child < end && !verbal; child += 1)
      if (heads[child] === conjunct && /^(?:nsubj|csubj|cop|aux|expl)(?::|$)/.test(deprels[child] ?? ''))
        verbal = true;
    if (!subordinated || coordinated || !verbal) continue;
    // A clause set off by a bracket, a semicolon or a dash is a parenthesis (UD's `parataxis`): only one after a
    // comma or with none before it is mended.
    let first = conjunct;
    for (let child = start; child < conjunct; child += 1)
      if (heads[child] === conjunct && deprels[child] !== 'punct') {
        first = child;
        break;
      }
    const before = lower[first - 1] ?? '';
    if (first - 1 >= start && pos[first - 1] === 'PUNCT' && before !== ',') continue;
    deprels[conjunct] = 'advcl';
  }
}

const APPOSITIVE_AGENT = 'TREE.APPOSITIVE_AGENT';

/**
 * TREE.APPOSITIVE_AGENT: "You were treated for pneumonia**, an infection of the lungs**": an agent (`obl:agent`)
 * with no "by" is no agent. UD hangs every agent on "by" (UD EWT train: each of its 312). After a comma right
 * behind a noun, it restates that noun (`appos`); elsewhere it is a plain oblique.
 */
function appositiveAgents(
  out: Pick<TaggedText, 'lower' | 'pos' | 'heads' | 'deprels'>,
  start: number,
  end: number,
): void {
  const { lower, pos, heads, deprels } = out;
  for (let agent = start; agent < end; agent += 1) {
    if (deprels[agent] !== 'obl:agent') continue;
    // A "by" anywhere between the verb and the agent ("written by Vice President William Hall", where the
    // parse hangs "by" on another word of the name) keeps it an agent.
    const head = heads[agent] ?? -1;
    let by = false;
    for (let index = head >= start && head < agent ? head + 1 : start; index < agent && !by; index += 1)
      if (lower[index] === 'by') by = true;
    if (by) continue;
    let first = agent;
    for (let child = start; child < end; child += 1)
      if (heads[child] === agent && deprels[child] !== 'punct') first = Math.min(first, child);
    const comma = first - 1;
    const noun = comma - 1;
    if (
      noun >= start &&
      lower[comma] === ',' &&
      (pos[noun] === 'NOUN' || pos[noun] === 'PROPN') &&
      heads[noun] === head
    ) {
      heads[agent] = noun;
      deprels[agent] = 'appos';
      if (heads[comma] !== noun) heads[comma] = agent;
    } else deprels[agent] = 'obl';
  }
}

const DEFINITION_VALUE = 'TREE.DEFINITION_VALUE';
const PARTICIPLE_ON_OBJECT = 'TREE.PARTICIPLE_ON_OBJECT';
/** Verbs of doing (PROCESS_VERBS.material), which take an object but no clause. */
const MATERIAL_VERBS: ReadonlySet<string> = new Set(PROCESS_VERBS.material);
/** Verbs of that list that do take a clause ("ensure the goods arrive", "require that ..."). */
const CLAUSE_TAKING_MATERIAL: ReadonlySet<string> = new Set([
  'ensure',
  'require',
  'allow',
  'let',
  'cause',
  'make',
  'help',
  'provide',
  'add',
  'enable',
  'leave',
  'get',
  'have',
  'see',
  'find',
  'show',
  'prove',
  'order',
  'result',
  'mean',
  'test',
  'try',
  'check',
  'vote',
  'handle',
  'keep',
  'write',
  'read',
  'print',
  'publish',
  'post',
  'draw',
  'prevent',
  'stop',
]);

/**
 * TREE.DEFINITION_VALUE: '"Certificate of Conformance" means **the document provided to AMAG by Antares**', '"Firm
 * Orders" shall mean **any order accepted by the Seller**': after a defined term in quotation marks, "means" (or
 * "shall mean") takes a nominal group as its Value, and a participle after that group's noun postmodifies it. The
 * parser reads "means (that) the document provided ..." instead: the participle a `ccomp` of "means" with the noun
 * as its Subject, which made the Value a dependent clause of its own ("the document provided to AMAG" indicative,
 * "means" with no Value). A `ccomp` of "mean" that is a past participle or "-ing" form with no auxiliary,
 * copula or subordinator of its own, after a term closed by a quotation mark, becomes the `acl` of its Subject's
 * noun, and the noun the `obj` of "means". TREE.PARTICIPLE_ON_OBJECT does the same for a past participle after the
 * object of a verb of doing that takes no clause ("perform all of the duties assigned to it"). Either way the noun
 * stands right after the verb (no punctuation between) and the verb has no object of its own.
 */
function definitionValues(
  out: Pick<TaggedText, 'lower' | 'pos' | 'heads' | 'deprels'> & { readonly lemmas?: readonly string[] },
  start: number,
  end: number,
  disabledRules?: ReadonlySet<string>,
): void {
  const { lower, pos, heads, deprels } = out;
  const definitions = disabledRules?.has(DEFINITION_VALUE) !== true;
  const objects = disabledRules?.has(PARTICIPLE_ON_OBJECT) !== true;
  for (let mean = start + 1; mean < end; mean += 1) {
    if (pos[mean] !== 'VERB') continue;
    if (lower[mean] === 'means' || lower[mean] === 'mean') {
      // The defined term closes right before "means" or its operator ("shall mean").
      let before = mean - 1;
      if (deprels[before] === 'aux' && heads[before] === mean) before -= 1;
      if (!definitions || !CLOSING_QUOTE_MARKS.has(lower[before] ?? '')) continue;
    } else {
      // TREE.PARTICIPLE_ON_OBJECT: a verb of doing that takes no clause ("replace any defective media returned to
      // Changepoint").
      const lemma = (out.lemmas?.[mean] ?? lower[mean] ?? '').toLowerCase();
      if (!objects || !MATERIAL_VERBS.has(lemma) || CLAUSE_TAKING_MATERIAL.has(lemma)) continue;
    }
    // (A verb with an object of its own has no second one to give the clause's Subject.)
    let hasObject = false;
    for (let child = start; child < end; child += 1)
      if (heads[child] === mean && /^(?:obj|iobj)/.test(deprels[child] ?? '') && pos[child] !== 'VERB')
        hasObject = true;
    if (hasObject) continue;
    const defining = lower[mean] === 'means' || lower[mean] === 'mean';
    for (let clause = mean + 1; clause < end; clause += 1) {
      if (
        defining &&
        heads[clause] === mean &&
        pos[clause] === 'VERB' &&
        /^(?:ccomp|advcl|obj)$/.test(deprels[clause] ?? '')
      )
        if (definitionContactRelative(out, start, end, mean, clause)) continue;
      if (heads[clause] !== mean || deprels[clause] !== 'ccomp' || pos[clause] !== 'VERB') continue;
      const form = verbForm(lower[clause] ?? '', out.lemmas?.[clause] ?? lower[clause] ?? '', pos[clause]);
      // After a verb of doing only a past participle ("prevent a hamster escaping" takes the "-ing" clause).
      if (form === null || (!defining && form === 'ing')) continue;
      let subject = -1;
      let own = false;
      for (let child = start; child < end; child += 1) {
        if (heads[child] !== clause) continue;
        const relation = deprels[child] ?? '';
        if (/^nsubj/.test(relation) && child > mean && child < clause) subject = child;
        else if (/^(?:aux|cop|mark|expl)/.test(relation) || /^nsubj/.test(relation)) own = true;
      }
      if (subject < 0 || own) continue;
      // The object right after the verb: no mark between ("The plan worked - everyone cheered" sets a clause beside).
      let marked = false;
      for (let between = mean + 1; between < subject; between += 1)
        if (pos[between] === 'PUNCT') marked = true;
      if (marked) continue;
      heads[subject] = mean;
      deprels[subject] = 'obj';
      heads[clause] = subject;
      deprels[clause] = 'acl';
    }
  }
}

/**
 * TREE.DEFINITION_VALUE, the Value with a relative clause of no relative word: '"Gross Revenue" means **all revenue**
 * Corio receives from Customers', '"Business Day" means **any day** banks are open in New York': the parser hangs the
 * Value's noun on the verb of the relative clause (`obl:unmarked`, `obj`, ...) and that verb on "means" (`ccomp`,
 * `advcl`, even `obj`). When the verb has a Subject of its own after the noun and no subordinator, the noun is the
 * `obj` of "means" and the verb its `acl:relcl`. Returns whether it rehung them.
 */
function definitionContactRelative(
  out: Pick<TaggedText, 'lower' | 'pos' | 'heads' | 'deprels'>,
  start: number,
  end: number,
  mean: number,
  clause: number,
): boolean {
  const { pos, heads, deprels } = out;
  let subject = -1;
  let noun = -1;
  for (let child = start; child < end; child += 1) {
    if (heads[child] !== clause) continue;
    const relation = deprels[child] ?? '';
    if (/^(?:mark|expl)/.test(relation)) return false;
    if (/^nsubj/.test(relation) && subject < 0) subject = child;
    else if (
      /^nsubj/.test(relation) &&
      noun < 0 &&
      subject > mean &&
      (pos[subject] === 'NOUN' || pos[subject] === 'PROPN')
    ) {
      // Two Subjects: the first the Value's noun ("the spare Elements the Repairer makes available").
      noun = subject;
      subject = child;
    } else if (
      noun < 0 &&
      child > mean &&
      (pos[child] === 'NOUN' || pos[child] === 'PROPN') &&
      /^(?:obl:unmarked|obl:tmod|obl:npmod|obj|nsubj|nmod:tmod|nmod:unmarked)$/.test(relation)
    )
      noun = child;
  }
  if (subject < 0 || noun < 0 || !(noun < subject && subject < clause)) return false;
  // Nothing but the noun's own words between "means" and the noun, and the Subject right after the noun's group.
  for (let between = mean + 1; between < noun; between += 1)
    if (heads[between] !== noun || pos[between] === 'PUNCT' || pos[between] === 'VERB') return false;
  for (let between = noun + 1; between < subject; between += 1) {
    const head = heads[between] ?? -1;
    if (head !== subject && head !== noun && !(head > noun && head < subject)) return false;
  }
  heads[noun] = mean;
  deprels[noun] = 'obj';
  heads[clause] = noun;
  deprels[clause] = 'acl:relcl';
  return true;
}

const OWED_DUE_TO = 'TREE.OWED_DUE_TO';
/** Nouns of money owed ("amounts", "payments", "fees"), lemmas: "due to" right after one is "owed to". */
const OWED_NOUNS: ReadonlySet<string> = new Set([
  'amount',
  'sum',
  'payment',
  'fee',
  'royalty',
  'expense',
  'cost',
  'charge',
  'price',
  'rent',
  'money',
  'monies',
  'moneys',
  'balance',
  'compensation',
  'commission',
  'remuneration',
  'invoice',
  'interest',
  'installment',
  'instalment',
  'debt',
  'consideration',
  'refund',
  'reimbursement',
  'salary',
  'wage',
  'wages',
  'tax',
  'taxes',
  'penalty',
  'credit',
  'deposit',
  'premium',
  'dividend',
  'obligation',
  'liability',
  'arrears',
]);
/** Adverbs that may stand between the noun and "due" ("all amounts **then** due to the Licensor"). */
const OWED_ADVERBS: ReadonlySet<string> = new Set([
  'then',
  'now',
  'hereunder',
  'thereunder',
  'still',
  'otherwise',
]);

/**
 * TREE.OWED_DUE_TO: "Licensee shall pay **all amounts due to Licensor**", "the fees then due to the Consultant":
 * "due to" right after a noun of money owed (at most one adverb between) and before a party (a pronoun, a name, a
 * party's noun or a capitalised defined term) is the adjective "due" (owed) with its complement, the party owed,
 * not the complex preposition of cause ("cancelled due to bad weather") the parser reads it as (`due` the `case` of
 * the party, `to` its `fixed`). "due" becomes the noun's `amod`, the party its `obl` and "to" the party's `case`.
 */
function owedDueTo(
  out: Pick<TaggedText, 'lower' | 'pos' | 'heads' | 'deprels'> & {
    readonly lemmas?: readonly string[];
    readonly values?: readonly string[];
  },
  start: number,
  end: number,
): void {
  const { lower, pos, heads, deprels } = out;
  for (let due = start + 1; due + 2 < end; due += 1) {
    if (lower[due] !== 'due' || lower[due + 1] !== 'to') continue;
    if (deprels[due] !== 'case' || deprels[due + 1] !== 'fixed' || heads[due + 1] !== due) continue;
    let noun = due - 1;
    if (OWED_ADVERBS.has(lower[noun] ?? '') && noun - 1 >= start) noun -= 1;
    // ("Payments due to ...": a capitalised noun may still be tagged a name here.)
    if (pos[noun] !== 'NOUN' && pos[noun] !== 'PROPN') continue;
    const lemma = (out.lemmas?.[noun] ?? lower[noun] ?? '').toLowerCase();
    if (!OWED_NOUNS.has(lemma) && !OWED_NOUNS.has(lower[noun] ?? '')) continue;
    const party = heads[due] ?? -1;
    if (party <= due + 1 || party >= end) continue;
    // Owed to a party ("due to the Contractor", "due to us"); "costs due to a change in law" are caused by it.
    const partyWord = (out.lemmas?.[party] ?? lower[party] ?? '').toLowerCase();
    if (!namesParty(pos[party], partyWord, out.values?.[party] ?? lower[party] ?? '')) continue;
    heads[due] = noun;
    deprels[due] = 'amod';
    heads[due + 1] = party;
    deprels[due + 1] = 'case';
    heads[party] = due;
    deprels[party] = 'obl';
    // "then" between the noun and "due" modifies "due".
    if (noun < due - 1 && deprels[due - 1] === 'advmod') heads[due - 1] = due;
  }
}

const POSTPOSED_ADJECTIVE = 'TREE.POSTPOSED_ADJECTIVE';
/** Tags of the words of a nominal group before its head noun. */
const PREMODIFIER_TAGS: ReadonlySet<string> = new Set(['DET', 'ADJ', 'NUM', 'NOUN', 'PROPN']);

/**
 * TREE.POSTPOSED_ADJECTIVE: "Employees eligible for the bonus will be notified by email", "Accounts inactive for
 * more than 24 months may be deleted", "Tenants responsible for the damage will be charged": the sentence opens
 * with a nominal group whose noun has an adjective right after it that takes a prepositional complement, and the
 * first auxiliary after that complement belongs to a verb with no other Subject. The parser, having seen few
 * such adjectives in its treebanks, makes the adjective the noun's predicate (the noun its `nsubj`; the
 * adjective the verb's Subject, or the sentence's root holding the verb) or a second Subject of the verb. The
 * adjective and its complement modify the noun (`amod`), and the noun is the verb's Subject (`nsubj:pass` when
 * the verb has a passive auxiliary); a verb the adjective held takes the adjective's place in the tree. A
 * complement with a verb in it ("Residents unable to attend may vote") is left alone.
 */
function postposedAdjectives(
  out: Pick<TaggedText, 'lower' | 'pos' | 'heads' | 'deprels'>,
  start: number,
  end: number,
): void {
  const { pos, heads, deprels } = out;
  let noun = start;
  while (noun < end && PREMODIFIER_TAGS.has(pos[noun] ?? '') && pos[noun + 1] !== 'ADJ') noun += 1;
  const adjective = noun + 1;
  if (noun >= end || (pos[noun] !== 'NOUN' && pos[noun] !== 'PROPN') || pos[adjective] !== 'ADJ') return;
  if (pos[adjective + 1] !== 'ADP') return;
  // The first auxiliary after the complement (no verb before it), and its verb.
  let auxiliary = adjective + 2;
  while (auxiliary < end && pos[auxiliary] !== 'AUX') {
    if (pos[auxiliary] === 'VERB') return;
    auxiliary += 1;
  }
  const verb = heads[auxiliary] ?? -1;
  if (auxiliary >= end || verb <= auxiliary || verb >= end || pos[verb] !== 'VERB') return;
  if (!(deprels[auxiliary] ?? '').startsWith('aux')) return;
  const subject = (at: number) => (deprels[at] ?? '').startsWith('nsubj');
  // The noun the adjective's Subject, or both Subjects of the verb.
  if (
    !subject(noun) ||
    (heads[noun] !== adjective && !(heads[noun] === verb && heads[adjective] === verb && subject(adjective)))
  )
    return;
  let passive = false;
  for (let child = start; child < end; child += 1) {
    const relation = deprels[child] ?? '';
    if (heads[child] === adjective && relation === 'cop') return;
    if (heads[child] !== verb || child === noun || child === adjective) continue;
    if (/^(?:nsubj|csubj|expl)/.test(relation)) return;
    if (relation === 'aux:pass') passive = true;
  }
  // Does the adjective hold the verb (the verb inside its subtree)?
  let up = verb;
  let held = false;
  for (let steps = 0; up >= 0 && steps < end - start; steps += 1) {
    if (up === adjective) held = true;
    up = heads[up] ?? -1;
  }
  if (held) {
    heads[verb] = heads[adjective] ?? -1;
    deprels[verb] = deprels[adjective] ?? 'root';
  }
  // The complement's words hang inside it; what hung on the adjective past the auxiliary goes to the verb.
  for (let index = start; index < end; index += 1) {
    if (index === noun || index === adjective || index === verb) continue;
    const head = heads[index] ?? -1;
    if (index > adjective && index < auxiliary && (head < adjective || head >= auxiliary))
      heads[index] = adjective;
    else if (index >= auxiliary && head === adjective) heads[index] = verb;
  }
  heads[noun] = verb;
  deprels[noun] = passive ? 'nsubj:pass' : 'nsubj';
  heads[adjective] = noun;
  deprels[adjective] = 'amod';
}

const CONTACT_RELATIVE = 'TREE.CONTACT_RELATIVE';
/** Relations of a verb's dependent that fill its object's place. */
const OBJECT_PLACE = /^(?:obj|ccomp|xcomp)(?::|$)/;

/**
 * TREE.CONTACT_RELATIVE: a clause with no relative pronoun right after a noun ("Many are happy to point out
 * problems | you can still fix"), its Subject a pronoun against the noun and its verb with no object, is a
 * relative clause of that noun (`acl:relcl`) where the parser hung it as `parataxis` or as a `conj` with no
 * coordinator. In EWT and GUM train, of such clauses (a noun, then a pronoun Subject, a verb with no object,
 * complement clause or xcomp) 754 are relative clauses and 29 `parataxis` or `conj`.
 */
function contactRelatives(
  out: Pick<TaggedText, 'pos' | 'heads' | 'deprels'>,
  start: number,
  end: number,
): void {
  const { pos, heads, deprels } = out;
  for (let subject = start + 1; subject < end; subject += 1) {
    if (pos[subject] !== 'PRON' || !(deprels[subject] ?? '').startsWith('nsubj')) continue;
    const noun = subject - 1;
    const verb = heads[subject] ?? -1;
    if (pos[noun] !== 'NOUN' || verb <= subject || verb >= end || pos[verb] !== 'VERB') continue;
    const relation = deprels[verb] ?? '';
    if (relation !== 'parataxis' && relation !== 'conj') continue;
    let filled = false;
    for (let child = start; child < end && !filled; child += 1)
      if (heads[child] === verb && (OBJECT_PLACE.test(deprels[child] ?? '') || deprels[child] === 'cc'))
        filled = true;
    if (filled || (heads[verb] ?? -1) >= noun) continue;
    heads[verb] = noun;
    deprels[verb] = 'acl:relcl';
  }
}

const WHEN_ADVERBIAL = 'TREE.WHEN_ADVERBIAL';
/** Relations by which the noun before "when" completes a verb. */
const VERB_COMPLEMENTS: ReadonlySet<string> = new Set(['obj', 'iobj', 'obl']);

/**
 * TREE.WHEN_ADVERBIAL: a "when"-clause right after a verb's object or oblique that the parser makes a relative
 * clause of that noun ("Landlords raise prices | when demand grows") is an adverbial clause of the verb
 * (`advcl`), unless the noun names a time ("the day when we moved in"). After a noun, "when" opens an `advcl`
 * in 132 and a relative clause in 16 of EWT and GUM train's sentences; after a noun that names no time, in
 * about 115 and 13.
 */
function whenAdverbials(
  out: Pick<TaggedText, 'lower' | 'pos' | 'heads' | 'deprels'>,
  start: number,
  end: number,
): void {
  const { lower, pos, heads, deprels } = out;
  for (let index = start + 1; index < end; index += 1) {
    if (lower[index] !== 'when' || deprels[index] !== 'advmod') continue;
    const clause = heads[index] ?? -1;
    const noun = index - 1;
    if (clause <= index || heads[clause] !== noun || !(deprels[clause] ?? '').startsWith('acl')) continue;
    if (!NOMINAL.has(pos[noun]!) || TIME_NOUNS.has(lower[noun] ?? '')) continue;
    const verb = heads[noun] ?? -1;
    if (verb < start || !VERB_COMPLEMENTS.has(deprels[noun] ?? '')) continue;
    heads[clause] = verb;
    deprels[clause] = 'advcl';
  }
}

/** TREE.PREPOSITIONAL_OBJECT: see `prepositionalObjects`. */
const PREPOSITIONAL_OBJECT = 'TREE.PREPOSITIONAL_OBJECT';

/**
 * TREE.PREPOSITIONAL_OBJECT: an object (`obj`, `iobj`) whose phrase opens with a preposition ("will return it
 * **by June 19**", the parse hanging "by" on "June" and "19" on the verb as its object) is an oblique (`obl`):
 * in UD EWT and GUM train no object's phrase opens with a preposition but for "at least"/"at most" (19 of
 * 18,534), which the rule leaves alone.
 */
function prepositionalObjects(
  out: Pick<TaggedText, 'lower' | 'pos' | 'heads' | 'deprels'>,
  start: number,
  end: number,
): void {
  const { lower, pos, heads, deprels } = out;
  // The first word of each object's phrase: walking up from each word in order, an object met on the way
  // that has no first word yet gets this one.
  const seen = new Set<number>();
  for (let index = start; index < end; index += 1) {
    let up = index;
    for (let steps = 0; up >= start && up < end && steps <= end - start; steps += 1) {
      if ((deprels[up] === 'obj' || deprels[up] === 'iobj') && !seen.has(up)) {
        seen.add(up);
        const next = lower[index + 1] ?? '';
        if (pos[index] === 'ADP' && deprels[index] === 'case' && next !== 'least' && next !== 'most')
          deprels[up] = 'obl';
      }
      up = heads[up] ?? -1;
    }
  }
}

/** TREE.REPORTING_INVERSION: see `reportingInversion`. */
const REPORTING_INVERSION = 'TREE.REPORTING_INVERSION';

/**
 * TREE.REPORTING_INVERSION: a verb of saying right after the quotation it reports, with no Subject of its own,
 * has its Subject after it ("“Where is it?” asked Tom Becker"): the nominal the parse makes its object there
 * is its `nsubj`, as in UD's trees of such inversions.
 */
function reportingInversion(
  out: Pick<TaggedText, 'lower' | 'pos' | 'heads' | 'deprels'> & { readonly lemmas?: readonly string[] },
  start: number,
  end: number,
): void {
  const { lower, pos, heads, deprels, lemmas } = out;
  if (lemmas === undefined) return;
  for (let verb = start + 1; verb + 1 < end; verb += 1) {
    if (
      pos[verb] !== 'VERB' ||
      !QUOTING_VERBS.has(lemmas[verb] ?? '') ||
      !CLOSING_QUOTE_MARKS.has(lower[verb - 1] ?? '')
    )
      continue;
    let subject = false;
    let object = -1;
    for (let index = start; index < end; index += 1) {
      if (heads[index] !== verb) continue;
      if (/^nsubj/.test(deprels[index] ?? '')) subject = true;
      else if (object < 0 && index > verb && /^(?:obj|iobj)$/.test(deprels[index] ?? '')) object = index;
    }
    if (subject || object < 0) continue;
    // The object's phrase opens right after the verb ("asked Tom Becker", "said council member Ruth Alvarez").
    let first = object;
    for (let index = verb + 1; index < object; index += 1) {
      let up = index;
      while (up >= 0 && up !== object && up !== verb) up = heads[up] ?? -1;
      if (up === object) {
        first = index;
        break;
      }
    }
    if (first === verb + 1) deprels[object] = 'nsubj';
  }
}

/** TREE.LIST_NUMBER: see `listNumber`. */
const LIST_NUMBER_TREE = 'TREE.LIST_NUMBER';
/** A section number written as one token ("3.2", "12.1.4"). */
const SECTION_NUMBER = /^\d{1,3}(?:\.\d{1,3})+\.?$/;
const CAPITAL_START = /^\p{Lu}/u;

/**
 * TREE.LIST_NUMBER: the number or letter of a list item or section opening the sentence ("1. The Tenant shall
 * pay ...", "(a) the Tenant shall keep ...", "2) Target Israel", "3.2 Landlord may enter ...", a definition's
 * '1.7 "Audit Report" has the meaning ...') hangs on the
 * root as `discourse`, its brackets or period on it as `punct`, as UD writes list numbers (GUM and EWT train
 * and dev: all 83 such numbers). Parsed as a word of the sentence it joins a nominal ("3.2 Landlord",
 * "a) the Tenant"), whose participant then starts with it.
 */
function listNumber(
  out: Pick<TaggedText, 'lower' | 'pos' | 'heads' | 'deprels'> & { readonly values?: readonly string[] },
  start: number,
  end: number,
): void {
  const { lower, heads, deprels } = out;
  const text = (at: number) => (at < end ? (lower[at] ?? '') : '');
  const enumerator = enumeratorAt(text, start);
  let number = enumerator?.number ?? -1;
  const marks = enumerator?.marks ?? [];
  if (
    enumerator === undefined &&
    (SECTION_NUMBER.test(text(start)) || ENUMERATOR_TOKEN.test(text(start))) &&
    (CAPITAL_START.test(out.values?.[start + 1] ?? '') ||
      // A defined term in quotes: 1.7 "Audit Report" has the meaning ...
      (OPENING_QUOTES_BUT_APOSTROPHE.has(out.values?.[start + 1] ?? '') &&
        CAPITAL_START.test(out.values?.[start + 2] ?? '')))
  )
    number = start;
  const after = Math.max(number, ...marks) + 1;
  // The item needs a word after it, and a root of its own there.
  if (number < 0 || after >= end) return;
  // A capital and a period before a name is an initial ("A. Smith signed"), no list letter.
  if (/^\p{Lu}\.?$/u.test(out.values?.[number] ?? '') && out.pos[after] === 'PROPN') return;
  const root = rootOf(heads, start, end);
  if (root < after) return;
  // A letter is a list letter only before a capital or a clause ("(a) the Tenant shall", "a) pay"), which the
  // root after it stands for; a word ("a. m.") never gets here without the period and another word.
  // The Subject the parse made of the number: a nominal hung on it (the quoted term it took as an apposition) takes
  // its place ('1.6 "Search Engine" will mean ...').
  let subject = heads[number] === root && /^nsubj/.test(deprels[number] ?? '') ? deprels[number]! : '';
  heads[number] = root;
  deprels[number] = 'discourse';
  for (const mark of marks) {
    heads[mark] = number;
    deprels[mark] = 'punct';
  }
  // Nothing else hangs on the number or its marks.
  for (let index = after; index < end; index += 1)
    if (heads[index] === number || marks.includes(heads[index]!)) {
      heads[index] = root;
      if (
        subject !== '' &&
        /^(?:appos|compound|flat|dep)$/.test(deprels[index] ?? '') &&
        NOMINAL.has(out.pos[index]!)
      ) {
        deprels[index] = subject;
        subject = '';
      }
    }
}

/** TREE.TIME_OBJECT: see `timeObjects`. */
const TIME_OBJECT = 'TREE.TIME_OBJECT';

/**
 * TREE.TIME_OBJECT: a time noun with "next", "last", "every" or the like and no other determiner that the parse
 * makes the object of a verb ("He can start next Monday", "We meet every week") names when, as UD's
 * `obl:unmarked` (UD EWT train and dev: 210 such nouns `obl:unmarked`, 6 `obj`, these with "this"/"that"/
 * "the", which the rule leaves alone): not the verb's Goal.
 */
function timeObjects(out: Pick<TaggedText, 'lower' | 'heads' | 'deprels'>, start: number, end: number): void {
  const { lower, heads, deprels } = out;
  for (let index = start; index < end; index += 1) {
    if (deprels[index] !== 'obj' || !TIME_NOUNS.has(lower[index] ?? '')) continue;
    let timed = false;
    let other = false;
    for (let child = start; child < index; child += 1) {
      if (heads[child] !== index) continue;
      if (TIME_MODIFIERS.has(lower[child] ?? '') && /^(?:det|amod)$/.test(deprels[child] ?? '')) timed = true;
      else if (/^(?:det|nmod:poss)$/.test(deprels[child] ?? '')) other = true;
    }
    if (timed && !other) deprels[index] = 'obl:unmarked';
  }
}

/** TREE.COORDINATED_SUBJECTS: see `coordinatedSubjects`. */
const COORDINATED_SUBJECTS = 'TREE.COORDINATED_SUBJECTS';
const SUBJECT_COORDINATORS: ReadonlySet<string> = new Set(['and', 'or', 'nor']);
const SUBJECT_HEAD_TAGS: ReadonlySet<string> = new Set(['NOUN', 'PROPN', 'PRON']);
const CLAUSE_OPENING_PRONOUNS: ReadonlySet<string> = new Set(['he', 'she', 'it', 'we', 'they', 'you']);

/**
 * TREE.COORDINATED_SUBJECTS: "The Licensee and its employees shall complete the training", parsed with
 * "Licensee" and "employees" two Subjects of "complete" and "and" on the verb: two Subjects of one head with
 * only a coordinator between them are one coordinated Subject, the second the first's conjunct (UD: `conj`
 * on the first, the coordinator on the second). Without it the clause's Subject is only the second
 * ("its employees").
 */
function coordinatedSubjects(
  out: Pick<TaggedText, 'lower' | 'pos' | 'heads' | 'deprels'>,
  start: number,
  end: number,
): void {
  const { lower, pos, heads, deprels } = out;
  // Only a sentence with a coordinator the parse hangs as `cc` can have two such Subjects.
  let coordinated = false;
  for (let index = start; index < end && !coordinated; index += 1)
    coordinated = deprels[index] === 'cc' && SUBJECT_COORDINATORS.has(lower[index] ?? '');
  if (!coordinated) return;
  const edges = (node: number): [number, number] => subtreeSpan(out, node, start, end);
  for (let first = start; first < end; first += 1) {
    if (!/^nsubj/.test(deprels[first] ?? '')) continue;
    const head = heads[first] ?? -1;
    const cc = edges(first)[1] + 1;
    if (cc >= end || !SUBJECT_COORDINATORS.has(lower[cc] ?? '') || deprels[cc] !== 'cc') continue;
    let second = -1;
    for (let index = cc + 1; index < end; index += 1)
      if (heads[index] === head && /^nsubj/.test(deprels[index] ?? '')) {
        second = index;
        break;
      }
    if (second < 0 || (heads[cc] !== head && heads[cc] !== second) || edges(second)[0] !== cc + 1) continue;
    // The first a nominal group with no verb in it, no possessive "'s" ("the city's ... importance") and no
    // word broken off ("A- and I'm supposed to"); the second no pronoun that opens a clause of its own ("...
    // signs and they block"; "my father and I" is one Subject).
    if (
      !SUBJECT_HEAD_TAGS.has(pos[first] ?? '') ||
      /^(-|–|—|--)$/.test(lower[cc - 1] ?? '') ||
      CLAUSE_OPENING_PRONOUNS.has(lower[second] ?? '')
    )
      continue;
    const [left] = edges(first);
    let plain = true;
    for (let index = left; index < cc; index += 1)
      if (
        pos[index] === 'VERB' ||
        pos[index] === 'AUX' ||
        (heads[index] === first && deprels[index] === 'case')
      )
        plain = false;
    if (!plain) continue;
    heads[second] = first;
    deprels[second] = 'conj';
    heads[cc] = second;
  }
}

/** TREE.ACTIVE_AGENT: see `activeAgents`. */
const ACTIVE_AGENT = 'TREE.ACTIVE_AGENT';
const PASSIVE_MARKERS = /^(?:aux|nsubj|csubj):pass$/;

/**
 * TREE.ACTIVE_AGENT: an agent (`obl:agent`) hangs only on a passive verb, a participle; one the parse hangs
 * on a verb in its base, -s or -ing form with no passive auxiliary or Subject ("please reply by Friday",
 * "pay by the first of the month") is a plain oblique, a circumstance (UD EWT train: each of its 312
 * agents hangs on a past participle or a verb with a passive marker).
 */
function activeAgents(
  out: Pick<TaggedText, 'lower' | 'pos' | 'heads' | 'deprels'> & { readonly lemmas?: readonly string[] },
  start: number,
  end: number,
): void {
  const { lower, heads, deprels, lemmas } = out;
  if (lemmas === undefined) return;
  for (let index = start; index < end; index += 1) {
    if (deprels[index] !== 'obl:agent') continue;
    const head = heads[index] ?? -1;
    if (head < start || head >= end) continue;
    const word = lower[head] ?? '';
    const participle = isPastForm(word, lemmas[head] ?? '');
    if (participle) continue;
    let passive = false;
    for (let child = start; child < end && !passive; child += 1)
      if (heads[child] === head && PASSIVE_MARKERS.test(deprels[child] ?? '')) passive = true;
    if (!passive) deprels[index] = 'obl';
  }
}

/** TREE.MEANS_AGENT: see `meansAgents`. */
const MEANS_AGENT = 'TREE.MEANS_AGENT';

/**
 * TREE.MEANS_AGENT: "You will be notified **by email**", "was sent by post": an agent (`obl:agent`) that names a
 * means of sending (MEANS_OF_SENDING: email, mail, post, phone, fax, courier) is a plain oblique, a circumstance
 * of means; no e-mail says anything. In UD EWT and GUM train, "by" before these nouns opens an `obl` 18 times and
 * an `obl:agent` once ("by phone").
 */
function meansAgents(out: Pick<TaggedText, 'lower' | 'deprels'>, start: number, end: number): void {
  const { lower, deprels } = out;
  for (let index = start; index < end; index += 1)
    if (deprels[index] === 'obl:agent' && MEANS_OF_SENDING.has(lower[index] ?? '')) deprels[index] = 'obl';
}

/**
 * TREE.ATTRIBUTIVE_COLLOCATION: "their respective successors and permitted assigns", "by certified or
 * registered mail" (lexicons/contract-lexicon.ts, ATTRIBUTIVE_COLLOCATIONS): the participle is an
 * adjective (`amod`) of the noun after it, and the noun takes the participle's place in the tree (its
 * head and relation, and its other dependents, such as the coordinator), where the parse read a verb
 * and its object.
 */
function attributiveCollocations(
  out: Pick<TaggedText, 'lower' | 'pos' | 'heads' | 'deprels'>,
  start: number,
  end: number,
): void {
  const { lower, pos, heads, deprels } = out;
  for (let modifier = start; modifier + 1 < end; modifier += 1) {
    const noun = modifier + 1;
    if (!ATTRIBUTIVE_COLLOCATIONS.has(`${lower[modifier]} ${lower[noun]}`)) continue;
    if (heads[noun] === modifier) {
      heads[noun] = heads[modifier] ?? -1;
      deprels[noun] = deprels[modifier] ?? 'root';
      // "successors and permitted assigns": a conjunct after a coordinator and a noun is that noun's
      // conjunct (UD hangs it on the first conjunct), whatever verb the parse hung the participle on.
      const before = modifier - 2;
      if (
        deprels[noun] === 'conj' &&
        before >= start &&
        pos[modifier - 1] === 'CCONJ' &&
        (pos[before] === 'NOUN' || pos[before] === 'PROPN')
      )
        heads[noun] = deprels[before] === 'conj' ? (heads[before] ?? before) : before;
      for (let index = start; index < end; index += 1)
        if (index !== noun && heads[index] === modifier) heads[index] = noun;
    } else if (heads[modifier] !== noun) continue;
    heads[modifier] = noun;
    deprels[modifier] = 'amod';
    pos[modifier] = 'ADJ';
    pos[noun] = 'NOUN';
  }
}

/**
 * TREE.PROVIDED_THAT: "The Supplier may subcontract the work, provided that it remains responsible",
 * "...; provided, however, that no notice is given": "provided" (or "providing") with "that" after it
 * (commas and "however", "further", "always" between) is the binding conjunction of the that-clause, the
 * way "so that" is; the treebanks hardly have it, so the parse makes "provided" a verb with a clause of its
 * own ("provided" alone) and the that-clause its complement. The that-clause's verb takes the place of
 * "provided" in the tree (an `advcl` of what "provided" hung on; if "provided" was the root, the clause
 * before it becomes the root), and "provided" and the words up to "that" hang on it (`mark`, SCONJ).
 */
function providedThat(
  out: Pick<TaggedText, 'lower' | 'pos' | 'heads' | 'deprels'>,
  start: number,
  end: number,
): void {
  const { lower, pos, heads, deprels } = out;
  for (let provided = start; provided < end; provided += 1) {
    const word = lower[provided];
    if ((word !== 'provided' && word !== 'providing') || pos[provided] !== 'VERB') continue;
    let that = provided + 1;
    while (that < end && PROVIDED_THAT_INSERTS.has(lower[that] ?? '')) that += 1;
    if (lower[that] !== 'that' || deprels[that] !== 'mark') continue;
    const verb = heads[that] ?? -1;
    if (verb <= that || verb >= end) continue;
    let head = heads[provided] ?? -1;
    // The head of "provided" must not lie inside the that-clause (that would make a cycle).
    let inside = false;
    for (let at = head, steps = 0; at >= 0 && steps <= end - start; at = heads[at] ?? -1, steps += 1)
      if (at === verb) inside = true;
    if (inside) continue;
    if (head < 0) {
      // "provided" was the root: the clause before it ("X may subcontract the work") is the root now, or,
      // with nothing before, the one after the that-clause ("Provided that ..., X shall pay").
      let main = -1;
      for (let index = start; index < end; index += 1)
        if (
          index !== verb &&
          heads[index] === provided &&
          /^(advcl|ccomp|conj|parataxis|xcomp|csubj)(:|$)/.test(deprels[index] ?? '') &&
          (main < 0 || main > provided)
        )
          main = index;
      if (main < 0) continue;
      heads[main] = -1;
      deprels[main] = 'root';
      for (let index = start; index < end; index += 1)
        if (heads[index] === provided && index !== verb && (index < provided || index > that))
          heads[index] = main;
      head = main;
    } else {
      for (let index = start; index < end; index += 1)
        if (heads[index] === provided && index !== verb && (index < provided || index > that))
          heads[index] = verb;
    }
    heads[verb] = head;
    deprels[verb] = 'advcl';
    heads[provided] = verb;
    deprels[provided] = 'mark';
    pos[provided] = 'SCONJ';
    for (let index = provided + 1; index < that; index += 1) heads[index] = verb;
  }
}

const ENUMERATED_INFINITIVE = 'TREE.ENUMERATED_INFINITIVE';

/**
 * TREE.ENUMERATED_INFINITIVE: "Customer may elect **to (i) repeat** the Acceptance Test or (ii) terminate this
 * Agreement", "agrees to (a) notify ...": a list's enumerator between "to" and a verb in its base form. The parse
 * reads "to (i)" as a prepositional phrase (the numeral its noun) and the verb as a clause of its own; "to" is the
 * verb's infinitive marker (`mark`, PART), the enumerator its `discourse` (as a list number opening a sentence), and
 * the verb the complement (`xcomp`) of the verb the phrase hung on.
 */
function enumeratedInfinitives(
  out: Pick<TaggedText, 'lower' | 'pos' | 'heads' | 'deprels'> & { readonly lemmas?: readonly string[] },
  start: number,
  end: number,
): void {
  const { lower, pos, heads, deprels } = out;
  const text = (at: number) => (at < end ? (lower[at] ?? '') : '');
  for (let to = start + 1; to + 2 < end; to += 1) {
    if (lower[to] !== 'to') continue;
    const enumerator = enumeratorAt(text, to + 1);
    if (enumerator === undefined || enumerator.marks.length !== 2) continue;
    const verb = enumerator.end;
    if (pos[verb] !== 'VERB' || (out.lemmas !== undefined && out.lemmas[verb] !== lower[verb])) continue;
    // The verb the phrase hung on, before "to" (the numeral's head, the head of "to", or the verb's).
    const head =
      [heads[enumerator.number] ?? -1, heads[to] ?? -1, heads[verb] ?? -1].find(
        (at) => at >= start && at < to && (pos[at] === 'VERB' || pos[at] === 'ADJ' || pos[at] === 'NOUN'),
      ) ?? -1;
    if (head < 0) continue;
    const saved = treeSnapshot(out, start, end);
    heads[verb] = head;
    deprels[verb] = pos[head] === 'NOUN' ? 'acl' : 'xcomp';
    heads[to] = verb;
    deprels[to] = 'mark';
    pos[to] = 'PART';
    heads[enumerator.number] = verb;
    deprels[enumerator.number] = 'discourse';
    for (const mark of enumerator.marks) {
      heads[mark] = enumerator.number;
      deprels[mark] = 'punct';
    }
    // What hung on the numeral or "to" from outside hangs on the verb.
    for (let index = start; index < end; index += 1)
      if (index !== verb && (heads[index] === enumerator.number || heads[index] === to) && index > verb)
        heads[index] = verb;
    keepValidTree(out, saved);
  }
}

const DOUBLE_OBJECT = 'TREE.DOUBLE_OBJECT';

/**
 * TREE.DOUBLE_OBJECT: "The Tenant shall give **the Landlord** ten (10) business days notice", "grant **Licensee** a
 * licence": a verb that takes two objects (`DITRANSITIVE`) with two nominal groups the parse both makes its `obj`, the
 * second right after the first: the first is the one given to (`iobj`, a Beneficiary), not a second Goal.
 */
function doubleObjects(
  out: Pick<TaggedText, 'lower' | 'pos' | 'heads' | 'deprels'> & {
    readonly lemmas?: readonly string[];
    readonly values?: readonly string[];
  },
  start: number,
  end: number,
): void {
  const { heads, deprels } = out;
  for (let verb = start; verb < end; verb += 1) {
    if (out.pos[verb] !== 'VERB' || !DITRANSITIVE.has(out.lemmas?.[verb] ?? out.lower[verb] ?? '')) continue;
    const objects: number[] = [];
    for (let index = verb + 1; index < end; index += 1)
      if (heads[index] === verb && deprels[index] === 'obj') objects.push(index);
    if (objects.length !== 2) continue;
    const [first, second] = objects as [number, number];
    // The first group ends right before the second begins.
    const firstEnd = subtreeSpan(out, first, start, end)[1];
    const secondStart = subtreeSpan(out, second, start, end)[0];
    if (secondStart !== firstEnd + 1 || out.pos[secondStart] === 'ADP') continue;
    // The one given to is a party: a pronoun, a name, a party's noun or a capitalised defined term ("the disclosing
    // Party", "Distributor"); "pay a minimum | fixed sum", "send the inception and quarterly fee | information" are
    // one group the parse cut in two.
    if (!namesParty(out.pos[first], out.lemmas?.[first] ?? '', out.values?.[first] ?? '')) continue;
    deprels[first] = 'iobj';
  }
}

const OBJECT_AFTER_RECIPIENT = 'TREE.OBJECT_AFTER_RECIPIENT';
const OBJECT_AFTER_CIRCUMSTANCE = 'TREE.OBJECT_AFTER_CIRCUMSTANCE';
/** Words that open a nominal group and cannot go on one that has reached its noun: determiners, possessives, quantifiers. */
const GROUP_OPENERS: ReadonlySet<string> = new Set(
  'a an the any all each every either such its their his her our your this these those certain another no some both'.split(
    ' ',
  ),
);
/** The relations that hang a word on a later word of its own nominal group. */
const GROUP_INSIDE = /^(det|amod|compound|nummod|nmod:poss|advmod|cc)(:|$)/;
/** What may head the thing given. */
const GROUP_HEADS: ReadonlySet<Upos> = new Set(['NOUN', 'PROPN', 'NUM', 'ADJ', 'PRON', 'SYM']);
/** Words before "a" or "the" that keep the group going ("half a trillion", "quite a few"). */
const PREDETERMINERS: ReadonlySet<string> = new Set('half quite rather such what many'.split(' '));
/** Heads of a nominal group of measure or degree, an adverbial ("a lot", "a bit", "a couple of weeks ago"). */
const MEASURE_HEADS: ReadonlySet<string> = new Set(
  'lot lots bit couple while rest deal little few'.split(' '),
);
/** Comparatives after "the" in "the more ..., the better" and after "no" in "no less than". */
const COMPARATIVES: ReadonlySet<string> = new Set(
  'more less better worse fewer sooner later earlier'.split(' '),
);
/** Pronouns that may be the one given to ("to them all records"). */
const OBJECT_PRONOUNS: ReadonlySet<string> = new Set('me you him her it us them'.split(' '));
/** What may close the nominal group before a group opener ("to the Repairer | a copy", "to them | all records"). */
const GROUP_CLOSERS: ReadonlySet<Upos> = new Set(['NOUN', 'PROPN', 'PRON', 'NUM']);

/**
 * TREE.OBJECT_AFTER_RECIPIENT: "shall deliver to the Repairer **a copy** of such documentation", "shall not divulge to
 * any person, firm, or corporation **any information** relating to the business", "shall pay to the Seller **the
 * Purchase Price**", "shall not disclose to any third party at any time **any such Confidential Information**", "shall
 * deliver to Client, upon termination, **all materials** and documents": contracts put the thing given after the
 * "to" phrase of the one it goes to, and the parse, which has seldom seen that order, hangs it on the "to" phrase's
 * noun (`obj`, `appos`, `conj`, `nmod`) or on a circumstance between. A verb of giving (`TRANSFER_TO_VERBS`) with
 * "to" right after it and no object, clausal complement, passive auxiliary or agent of its own takes as its `obj`
 * the first nominal group that opens with a determiner, possessive, quantifier, number word or currency sign right
 * after a noun, name, number or object pronoun (no nominal group goes on past its noun into another determiner), or after a comma
 * once a circumstance set off by commas came between ("to Client, upon termination, all materials"), or right after
 * the recipient's comma with "all" or "any" and a lower-case word ("assigns to Aduro, any and all writings"). Its
 * head is found by climbing from its first word through the relations inside a nominal group. Not a group of time
 * ("this month") or measure ("a lot"), not one the parse makes a Subject (a clause of its own), and nothing past a
 * verb, subordinator, relative pronoun, semicolon or colon. Where the parse made the group the verb's object but
 * opened its phrase with the prepositional phrase before it ("cease within thirty days | any further use"), the
 * phrase goes back to the verb.
 *
 * TREE.OBJECT_AFTER_CIRCUMSTANCE: the same order after any other verb and prepositional phrase ("shall keep in such
 * files **all correspondence** received", "shall issue in due time **any necessary document**", "will maintain in
 * effect **all permits**", "shall not use in advertising or publicity **the names** of ..."), where the verb is a
 * clause's own (a Subject, auxiliary or "to" on it, or no past form: not "described in Exhibit A") and the group
 * opens right after the phrase's noun, with no comma: a comma there is as often a list going on ("in accordance with
 * cGMP, all other Applicable Laws").
 */
function shiftedObjects(
  out: Pick<TaggedText, 'lower' | 'pos' | 'heads' | 'deprels'> & {
    readonly lemmas?: readonly string[];
    readonly values?: readonly string[];
  },
  start: number,
  end: number,
  recipient: boolean,
): void {
  const { lower, pos, heads, deprels } = out;
  for (let verb = start; verb + 3 < end; verb += 1) {
    if (pos[verb] !== 'VERB' || pos[verb + 1] !== 'ADP' || deprels[verb + 1] !== 'case') continue;
    const lemma = out.lemmas?.[verb] ?? lower[verb] ?? '';
    if (recipient !== (lower[verb + 1] === 'to' && TRANSFER_TO_VERBS.has(lemma))) continue;
    // A participle qualifying a noun ("the rights granted to Ono") has given its object away.
    if (/^(acl|amod)(:|$)/.test(deprels[verb] ?? '') && !(lower[verb] ?? '').endsWith('ing')) continue;
    let taken = false;
    let framed = false;
    // An object whose phrase the parse opened with the prepositional phrase before it ("cease | within thirty
    // days any further use": "days" hung on "use"); the phrase goes back to the verb below.
    let swallowing = -1;
    for (let index = start; index < end && !taken; index += 1) {
      if (heads[index] !== verb) continue;
      const relation = deprels[index] ?? '';
      taken = /^(obj|iobj|ccomp|xcomp|nsubj:pass|csubj:pass|aux:pass|obl:agent)$/.test(relation);
      if (
        taken &&
        relation === 'obj' &&
        swallowing < 0 &&
        subtreeSpan(out, index, start, end)[0] === verb + 1
      ) {
        swallowing = index;
        taken = false;
      } else if (taken) swallowing = -1;
      if (/^(nsubj|aux|mark)(:|$)/.test(relation)) framed = true;
    }
    if (taken) continue;
    if (!recipient && !framed && isPastForm(lower[verb] ?? '', lemma)) continue;
    // "begin to effect such Sale": a "to" before a bare word is an infinitive's the parse misread.
    if (!recipient && lower[verb + 1] === 'to' && (pos[verb + 2] === 'VERB' || pos[verb + 2] === 'NOUN'))
      continue;
    const opening = givenGroupStart(out, verb + 2, end, recipient);
    if (opening < 0 || !/^\p{Ll}|^\$/u.test(out.values?.[opening] ?? lower[opening] ?? '')) continue;
    // The group's head: up from its first word through the relations inside a nominal group, to the right.
    let head = opening;
    for (let steps = 0; steps < end - start; steps += 1) {
      const at = heads[head] ?? -1;
      if (at <= head || at >= end || !GROUP_INSIDE.test(deprels[head] ?? '')) break;
      head = at;
    }
    // "any and all writings": the parse coordinated the determiners and hung the noun on them. The noun after the
    // group's determiners and adjectives heads it; the words before it hang on it.
    let inside = -1;
    if (pos[head] === 'DET') {
      let noun = opening;
      while (
        noun < end &&
        (GROUP_OPENERS.has(lower[noun] ?? '') || pos[noun] === 'CCONJ' || pos[noun] === 'ADJ')
      )
        noun += 1;
      if (pos[noun] !== 'NOUN' && pos[noun] !== 'PROPN') continue;
      inside = head = noun;
    }
    if (!GROUP_HEADS.has(pos[head] as Upos) || TIME_NOUNS.has(lower[head] ?? '')) continue;
    // The Subject of a clause of its own ("under the Laws of the country the Services are provided", "Compare to
    // last decade this University is gaining"), or a measure ("a lot", "a couple of weeks", "the rest of the year").
    if (
      /^(nsubj|csubj)(:|$)/.test(deprels[head] ?? '') ||
      pos[subtreeSpan(out, head, start, end)[1] + 1] === 'AUX'
    )
      continue;
    if (MEASURE_HEADS.has(lower[head] ?? '')) continue;
    if (swallowing >= 0 ? head !== swallowing : heads[head] === verb && deprels[head] === 'obj') continue;
    const saved = treeSnapshot(out, start, end);
    for (let word = opening; word < inside; word += 1) {
      const at = heads[word] ?? -1;
      if (at >= opening && at <= inside && at !== head) continue;
      heads[word] = head;
      deprels[word] = pos[word] === 'CCONJ' ? 'cc' : pos[word] === 'ADJ' ? 'amod' : 'det';
    }
    // What the parse hung on the object from before it is the verb's ("cease within thirty days | any further use").
    for (let word = verb + 1; word < opening; word += 1) {
      if (heads[word] !== head) continue;
      heads[word] = verb;
      if (/^nmod(:|$)/.test(deprels[word] ?? '')) deprels[word] = `obl${(deprels[word] as string).slice(4)}`;
    }
    heads[head] = verb;
    deprels[head] = 'obj';
    keepValidTree(out, saved);
  }
}

/**
 * Where the shifted object starts after a verb and a preposition (TREE.OBJECT_AFTER_RECIPIENT and _CIRCUMSTANCE),
 * from the first word `from` of the preposition's group; -1 when no such group opens before a verb, subordinator,
 * relative pronoun, semicolon or colon. After a comma only with `afterComma` (the recipient's "to").
 */
function givenGroupStart(
  out: Pick<TaggedText, 'lower' | 'pos'> & { readonly values?: readonly string[] },
  from: number,
  end: number,
  afterComma: boolean,
): number {
  const { lower, pos } = out;
  // A circumstance set off by commas came between ("to Client, upon termination, all materials").
  let setOff = false;
  for (let index = from + 1; index < end; index += 1) {
    const tag = pos[index];
    const word = lower[index] ?? '';
    if (tag === 'VERB' || tag === 'AUX' || tag === 'SCONJ' || tag === 'PART' || word === ';' || word === ':')
      return -1;
    // A relative or interrogative pronoun opens a clause of its own ("for which the Confidential Information was").
    if (tag === 'PRON' && !OBJECT_PRONOUNS.has(word) && !GROUP_OPENERS.has(word)) return -1;
    const before = lower[index - 1] ?? '';
    if (before === ',' && tag === 'ADP') setOff = true;
    // A number written in words ("ten percent") or an amount's currency sign; not "Exhibit 11".
    const opens =
      GROUP_OPENERS.has(word) ||
      word === '$' ||
      (tag === 'NUM' && /^\p{Ll}+$/u.test(word) && /^(NOUN|PROPN)$/.test(pos[index + 1] ?? ''));
    if (!opens) continue;
    // "to one another", "half a trillion", "such as", "all over the island", "the more ..., the better", "no less
    // than": no group opens there.
    const next = lower[index + 1] ?? '';
    if (word === 'another' && before === 'one') continue;
    // "twenty dollars a megawatt": a rate, not a group.
    if ((tag === 'NUM' || word === 'a' || word === 'an') && pos[index - 1] === 'NUM') continue;
    if (PREDETERMINERS.has(before) || (word === 'such' && next === 'as') || pos[index + 1] === 'ADP')
      continue;
    if ((word === 'the' || word === 'no') && (pos[index + 1] === 'ADV' || COMPARATIVES.has(next))) continue;
    const closed =
      GROUP_CLOSERS.has(pos[index - 1] as Upos) && (pos[index - 1] !== 'PRON' || OBJECT_PRONOUNS.has(before));
    if (closed && !GROUP_OPENERS.has(before)) return index;
    if (before !== ',' || !afterComma) continue;
    if (setOff) return index;
    // Right after the recipient's comma: "all" or "any" before a lower-case noun.
    if (
      index - 2 >= from &&
      GROUP_CLOSERS.has(pos[index - 2] as Upos) &&
      (word === 'all' || word === 'any')
    ) {
      let noun = index + 1;
      while (noun < end && (GROUP_OPENERS.has(lower[noun] ?? '') || pos[noun] === 'CCONJ')) noun += 1;
      if (/^\p{Ll}/u.test(out.values?.[noun] ?? '') && (pos[noun] === 'NOUN' || pos[noun] === 'ADJ'))
        return index;
    }
  }
  return -1;
}

const COPULA_REPARANDUM = 'TREE.COPULA_REPARANDUM';
const COPULA_PREDICATE_TAGS: ReadonlySet<string> = new Set(['NOUN', 'PRON', 'PROPN', 'ADJ', 'NUM', 'ADV']);

/**
 * TREE.COPULA_REPARANDUM: "If I **were** you, I'd call them", "If it were me": the parser, which knows the
 * subjunctive "were" + a pronoun mostly from restarts, makes the be-form a `reparandum` of the predicate after it.
 * A be-form between a Subject and the predicate it hangs on, where that predicate has no copula of its own, is
 * its copula (`cop`). A restart keeps its reparandum ("it's, the cost is high": the predicate has its own copula).
 */
function copulaReparanda(
  out: Pick<TaggedText, 'lower' | 'pos' | 'heads' | 'deprels'>,
  start: number,
  end: number,
): void {
  const { lower, pos, heads, deprels } = out;
  for (let be = start; be < end; be += 1) {
    if (deprels[be] !== 'reparandum' || !BE_FORMS.has(lower[be] ?? '')) continue;
    const head = heads[be] ?? -1;
    if (head <= be || head >= end || !COPULA_PREDICATE_TAGS.has(pos[head] ?? '')) continue;
    let subject = false;
    let copula = false;
    for (let child = start; child < end; child += 1) {
      if (heads[child] !== head || child === be) continue;
      if (deprels[child] === 'cop') copula = true;
      if (child < be && /^nsubj/.test(deprels[child] ?? '')) subject = true;
    }
    if (subject && !copula) deprels[be] = 'cop';
  }
}

const DEGREE_THAT = 'TREE.DEGREE_THAT';

/**
 * TREE.DEGREE_THAT: "It's not **that** simple", "it was that late": "that" or "this" between a copula and the
 * adjective or adverb it hangs on, after that predicate's Subject, is an adverb of degree (`ADV`, `advmod`), not a
 * second Subject or a pronoun ("Is this okay?" keeps its Subject).
 */
function degreeThat(
  out: Pick<TaggedText, 'lower' | 'pos' | 'heads' | 'deprels'>,
  start: number,
  end: number,
): void {
  const { lower, pos, heads, deprels } = out;
  for (let word = start + 1; word + 1 < end; word += 1) {
    if ((lower[word] !== 'that' && lower[word] !== 'this') || heads[word] !== word + 1) continue;
    const head = word + 1;
    if (pos[head] !== 'ADJ' && pos[head] !== 'ADV') continue;
    // A copula and a Subject of the head before the word ("Is this okay?": "this" is the Subject).
    let copula = false;
    let subject = false;
    for (let child = start; child < word; child += 1) {
      if (heads[child] !== head) continue;
      if (deprels[child] === 'cop') copula = true;
      if (/^(?:nsubj|expl)/.test(deprels[child] ?? '')) subject = true;
    }
    if (!copula || !subject) continue;
    pos[word] = 'ADV';
    deprels[word] = 'advmod';
  }
}

const MARK_THAT = 'TREE.MARK_THAT';

/**
 * TREE.MARK_THAT: "The Seller represents and warrants **that** the goods are new": a "that" the parse makes the
 * `mark` of a predicate after it is the subordinator (`SCONJ`, as UD tags every such "that"), not a pronoun or
 * determiner the tagger read; read as a pronoun it became the clause's Attribute and the predicate was lost.
 */
function markThat(
  out: Pick<TaggedText, 'lower' | 'pos' | 'heads' | 'deprels'>,
  start: number,
  end: number,
): void {
  const { lower, pos, heads, deprels } = out;
  for (let word = start; word < end; word += 1)
    if (
      lower[word] === 'that' &&
      deprels[word] === 'mark' &&
      (pos[word] === 'PRON' || pos[word] === 'DET') &&
      (heads[word] ?? -1) > word &&
      // (Not a pronoun: "is that of independent contractor", "that which is", "that is because" right before a verb.)
      lower[word + 1] !== 'of' &&
      lower[word + 1] !== 'which' &&
      pos[word + 1] !== 'AUX' &&
      pos[word + 1] !== 'VERB'
    )
      pos[word] = 'SCONJ';
}

const PREPOSITION_BEFORE_MODIFIER = 'TREE.PREPOSITION_BEFORE_MODIFIER';

/**
 * TREE.PREPOSITION_BEFORE_MODIFIER: "Either party may terminate this Agreement **by** written notice": a preposition
 * (MODIFIER_PREPOSITIONS) the parse made the `mark` of the participle or adjective that opens a noun phrase
 * ("written", an `amod` of "notice") is the noun's `case`, and the noun, read as a second object, an oblique of the
 * verb (`nmod` of a noun). Not before an "-ing" form, which may open a clause ("refrain from taking actions"), nor
 * before a hyphen ("in-licensing"), nor before a verb that is no participle ("to issue Form 1099").
 */
function prepositionsBeforeModifiers(
  out: Pick<TaggedText, 'lower' | 'pos' | 'heads' | 'deprels'> & { readonly lemmas?: readonly string[] },
  start: number,
  end: number,
): void {
  const { lower, pos, heads, deprels, lemmas } = out;
  for (let word = start; word < end; word += 1) {
    if (deprels[word] !== 'mark' || !MODIFIER_PREPOSITIONS.has(lower[word] ?? '')) continue;
    const modifier = heads[word] ?? -1;
    const noun = heads[modifier] ?? -1;
    if (
      modifier !== word + 1 ||
      noun <= modifier ||
      noun >= end ||
      !/^(?:amod|compound|nummod)$/.test(deprels[modifier] ?? '') ||
      !NOMINAL.has(pos[noun]!) ||
      (lower[modifier] ?? '').endsWith('ing') ||
      // A verb only as a participle ("written"); after "to", an adjective or number only ("to issue Form 1099"
      // is an infinitive).
      (pos[modifier] === 'VERB' &&
        !isPastForm(lower[modifier] ?? '', lemmas?.[modifier] ?? lower[modifier] ?? '')) ||
      (lower[word] === 'to' && pos[modifier] !== 'ADJ' && pos[modifier] !== 'NUM') ||
      lower[word + 2] === '-'
    )
      continue;
    // Every word between belongs to the noun's phrase.
    let inside = true;
    for (let between = modifier + 1; between < noun && inside; between += 1) {
      const head = heads[between] ?? -1;
      inside = head > word && head <= noun;
    }
    if (!inside) continue;
    // A nominal before the preposition hung on the noun ("provide **the Client** with written notice", "demonstrate
    // **the Product** to potential resellers"): the parse joined the two phrases; the first is the verb's object.
    const joined: number[] = [];
    for (let before = start; before < word; before += 1) if (heads[before] === noun) joined.push(before);
    const verb = heads[noun] ?? -1;
    const object = joined[0] ?? -1;
    if (joined.length > 1) continue;
    if (object >= 0) {
      if (
        deprels[noun] !== 'obj' ||
        pos[verb] !== 'VERB' ||
        !NOMINAL.has(pos[object]!) ||
        subtreeSpan(out, object, start, end)[1] !== word - 1
      )
        continue;
      heads[object] = verb;
      deprels[object] = 'obj';
    }
    heads[word] = noun;
    deprels[word] = 'case';
    pos[word] = 'ADP';
    if (/^(?:obj|iobj|nsubj|nsubj:pass|xcomp|ccomp|dep)$/.test(deprels[noun] ?? '')) {
      const head = heads[noun] ?? -1;
      deprels[noun] = head >= 0 && (NOMINAL.has(pos[head]!) || pos[head] === 'PRON') ? 'nmod' : 'obl';
    }
  }
}

const PREPOSITIONAL_SUBJECT = 'TREE.PREPOSITIONAL_SUBJECT';

/**
 * The Subject (`nsubj`) of `predicate` whose words run up to `before` (every word between inside a Subject's phrase,
 * none hung on the predicate or the root), or -1 (TREE.PREPOSITIONAL_SUBJECT).
 */
function subjectBefore(
  heads: readonly number[],
  deprels: readonly string[],
  start: number,
  before: number,
  predicate: number,
): number {
  for (let index = before - 1; index >= start; index -= 1) {
    if (heads[index] === predicate && /^nsubj/.test(deprels[index] ?? '')) return index;
    let head = heads[index] ?? -1;
    while (head >= 0 && head !== predicate && !/^nsubj/.test(deprels[head] ?? '')) head = heads[head] ?? -1;
    if (head < 0 || head === predicate) return -1;
  }
  return -1;
}

/**
 * TREE.PREPOSITIONAL_SUBJECT: "Title **to the Products** shall remain with Licensor": a second Subject (`nsubj`) of
 * a predicate that opens with its own preposition (`case`) right after the first Subject's words is that Subject's
 * postmodifier (`nmod`), as a Subject never opens with a preposition; the parse had given the clause two Carriers.
 */
function prepositionalSubjects(
  out: Pick<TaggedText, 'pos' | 'heads' | 'deprels'>,
  start: number,
  end: number,
): void {
  const { pos, heads, deprels } = out;
  for (let second = start + 1; second < end; second += 1) {
    if (!/^nsubj/.test(deprels[second] ?? '')) continue;
    // Its preposition: the first word of its phrase, a `case` child.
    let first = start;
    while (first < second && heads[first] !== second) first += 1;
    if (first === second || deprels[first] !== 'case' || pos[first] !== 'ADP' || pos[first - 1] === 'PUNCT')
      continue;
    const subject = subjectBefore(heads, deprels, start, first, heads[second] ?? -1);
    // (A pronoun takes no postmodifier of place: "which | by its terms is intended to survive".)
    if (subject < 0 || (pos[subject] !== 'NOUN' && pos[subject] !== 'PROPN' && pos[subject] !== 'NUM'))
      continue;
    heads[second] = subject;
    deprels[second] = 'nmod';
  }
}

const RELATIVE_CONJUNCT = 'TREE.RELATIVE_CONJUNCT';

/**
 * TREE.RELATIVE_CONJUNCT: "any person to which the Company provided products, **and with which CONSULTANT had
 * contact**": a conjunct that opens (after its coordinator) with a relative pronoun, or a preposition and one, is
 * a second relative clause, the conjunct of the relative clause before it; the parse hangs it on the main
 * predicate, which makes it a main clause.
 */
function relativeConjuncts(
  out: Pick<TaggedText, 'lower' | 'pos' | 'heads' | 'deprels'>,
  start: number,
  end: number,
): void {
  const { lower, pos, heads, deprels } = out;
  for (let verb = start; verb < end; verb += 1) {
    if (deprels[verb] !== 'conj') continue;
    const head = heads[verb] ?? -1;
    if (head < start || head >= verb || /^acl:relcl$/.test(deprels[head] ?? '')) continue;
    // The coordinator right before the relative words, both hung on the conjunct.
    let at = -1;
    for (let index = head + 1; index < verb; index += 1)
      if (heads[index] === verb && deprels[index] === 'cc') at = index + 1;
    if (at < 0) continue;
    if (pos[at] === 'ADP') at += 1;
    if (!WH_RELATIVE_PRONOUNS.has(lower[at] ?? '') || at >= verb) continue;
    // The nearest relative clause before the coordinator, its words all before it.
    let relative = -1;
    for (let index = at - 1; index > head && relative < 0; index -= 1)
      if (deprels[index] === 'acl:relcl' && subtreeSpan(out, index, start, end)[1] < at) relative = index;
    if (relative < 0) continue;
    const saved = treeSnapshot(out, start, end);
    heads[verb] = relative;
    keepValidTree(out, saved);
  }
}

const ATTACHED_PLEASE_FIND = 'TREE.ATTACHED_PLEASE_FIND';

/**
 * TREE.ATTACHED_PLEASE_FIND: "**Attached** please find the executed agreement", "Enclosed please find a copy": the
 * participle before "please find" (or "see") says how the object is found (UD: the verb's `xcomp`, as in "please
 * find attached the agreement"), tagged as the adjective it works as; the parse made it the verb's Subject (`csubj`,
 * `nsubj`; UD EWT has both readings), which made the command a statement with the Senser "Enclosed".
 */
function attachedPleaseFind(
  out: Pick<TaggedText, 'lower' | 'pos' | 'heads' | 'deprels'>,
  start: number,
  end: number,
): void {
  const { lower, heads, deprels } = out;
  let first = start;
  while (first < end && out.pos[first] === 'PUNCT') first += 1;
  const verb = first + 2;
  if (!ENCLOSURE_PARTICIPLES.has(lower[first] ?? '') || lower[first + 1] !== 'please') return;
  if ((lower[verb] !== 'find' && lower[verb] !== 'see') || heads[first] !== verb) return;
  if (!/^(?:csubj|nsubj)/.test(deprels[first] ?? '')) return;
  deprels[first] = 'xcomp';
  // Read as the adjective it works as ("find the agreement attached"), so the verbal group is "find".
  out.pos[first] = 'ADJ';
}

const PARTICLE_PREDICATE = 'TREE.PARTICLE_PREDICATE';
/** Adverbial particles that can be the predicate of "be" ("The server is down", "The deal is off"). */
const PREDICATE_PARTICLES: ReadonlySet<string> = new Set([...COMMON_PHRASAL_PARTICLES, 'over', 'back']);
/** Tags of the word after the particle that the parse made the predicate ("down **again**", "down for two **hours**"). */
const PARTICLE_HEAD_TAGS: ReadonlySet<string> = new Set(['ADV', 'NOUN', 'PROPN', 'NUM']);
/** Relations that stay inside a nominal group when its head stops being the clause's predicate. */
const GROUP_INTERNAL = /^(?:case|det|nummod|amod|compound|nmod|fixed|flat|appos|acl|clf|goeswith)(?::|$)/;

/**
 * TREE.PARTICLE_PREDICATE: "FYI, the server is down again", "The site was down for two hours", "The lights are off
 * again": the parser, having seen "be" + a particle mostly at a sentence's end, makes the word after the particle
 * the copula's head (the predicate) and the particle its `advmod`. The particle right after the copula (or "not")
 * is the predicate: it takes the head's place in the tree, with the clause's dependents (Subject, copula,
 * auxiliaries, punctuation); the former head hangs on it as `advmod` (an adverb) or `obl` (a nominal group, `obl:
 * unmarked` with no preposition). "is out of stock", "is up to you" and "is up there" (UD's head is the word after
 * the particle) are left alone.
 */
function particlePredicates(
  out: Pick<TaggedText, 'lower' | 'pos' | 'heads' | 'deprels'>,
  start: number,
  end: number,
): void {
  const { lower, pos, heads, deprels } = out;
  for (let copula = start; copula < end; copula += 1) {
    if (deprels[copula] !== 'cop') continue;
    let particle = copula + 1;
    if (lower[particle] === 'not' || lower[particle] === "n't") particle += 1;
    // The copula on the particle, the particle on the word after it ("are off | again" as "off again").
    const head = heads[copula] === particle ? (heads[particle] ?? -1) : (heads[copula] ?? -1);
    if (
      particle >= end ||
      head <= particle ||
      head >= end ||
      pos[particle] !== 'ADV' ||
      !PREDICATE_PARTICLES.has(lower[particle] ?? '') ||
      heads[particle] !== head ||
      deprels[particle] !== 'advmod' ||
      lower[particle + 1] === 'of' ||
      lower[particle + 1] === 'to' ||
      !PARTICLE_HEAD_TAGS.has(pos[head] ?? '') ||
      lower[head] === 'there' ||
      lower[head] === 'here'
    )
      continue;
    const saved = treeSnapshot(out, start, end);
    let marked = false;
    for (let child = start; child < end; child += 1) {
      if (heads[child] !== head || child === particle) continue;
      if (deprels[child] === 'case') marked = true;
      if (!GROUP_INTERNAL.test(deprels[child] ?? '')) heads[child] = particle;
    }
    heads[particle] = heads[head] ?? -1;
    deprels[particle] = deprels[head] ?? 'root';
    heads[head] = particle;
    deprels[head] = pos[head] === 'ADV' ? 'advmod' : marked ? 'obl' : 'obl:unmarked';
    keepValidTree(out, saved);
  }
}

const PERIOD_NOTICE = 'TREE.PERIOD_NOTICE';

/** Units of a period of notice ("thirty (30) **days** prior written notice"). */
const NOTICE_PERIOD_UNITS: ReadonlySet<string> = new Set([
  'day',
  'days',
  'week',
  'weeks',
  'month',
  'months',
  'year',
  'years',
  'hour',
  'hours',
]);

/** Words between a period and its notice ("days **prior written** notice", "days' **advance** notice"). */
const NOTICE_MODIFIERS: ReadonlySet<string> = new Set([
  'prior',
  'written',
  'advance',
  'advanced',
  'express',
  'formal',
]);

/** Prepositions of a notice the tagger may read as subordinators. */
const NOTICE_PREPOSITIONS: ReadonlySet<string> = new Set(['on', 'upon', 'with', 'after', 'by']);

/** Apostrophes of a period's possessive ("thirty days**'** notice", "one month**'s** notice"). */
const PERIOD_POSSESSIVE_MARKS: ReadonlySet<string> = new Set(["'", '’', "'s", '’s']);

/**
 * TREE.PERIOD_NOTICE: "terminate this Agreement **upon thirty (30) days' prior written notice** to the other party",
 * "with ninety (90) days written notice", "give the Landlord ten (10) business days notice": a period (a number, a
 * unit of time, "business" or "calendar" between them) right before "notice" (with "prior", "written", "advance"
 * between) says how long the notice is; the parse reads the period as the phrase of the preposition before it and
 * "notice" as a phrase with no preposition (an object or an oblique of its own: Goal "notice", time "upon thirty
 * days"). "notice" heads the phrase: the preposition is its `case`, the period its `compound` (`nmod:poss` with an
 * apostrophe, which is the period's `case`), "prior", "written" its `amod`, and it hangs where the period's phrase
 * hung.
 */
function periodNotices(
  out: Pick<TaggedText, 'lower' | 'pos' | 'heads' | 'deprels'>,
  start: number,
  end: number,
): void {
  const { lower, pos, heads, deprels } = out;
  for (let notice = start + 2; notice < end; notice += 1) {
    if (lower[notice] !== 'notice' || pos[notice] !== 'NOUN') continue;
    let at = notice - 1;
    while (at > start && NOTICE_MODIFIERS.has(lower[at] ?? '')) at -= 1;
    const modifiersFrom = at + 1;
    let apostrophe = -1;
    if (PERIOD_POSSESSIVE_MARKS.has(lower[at] ?? '')) {
      apostrophe = at;
      at -= 1;
    }
    const period = at;
    if (!NOTICE_PERIOD_UNITS.has(lower[period] ?? '')) continue;
    at -= 1;
    if (lower[at] === 'business' || lower[at] === 'calendar' || lower[at] === 'working') at -= 1;
    // The number: words and figures, a figure in brackets after the words ("thirty (30)").
    let numberStart = -1;
    while (at >= start && (pos[at] === 'NUM' || lower[at] === '(' || lower[at] === ')')) {
      if (pos[at] === 'NUM') numberStart = at;
      at -= 1;
    }
    if (numberStart < 0) continue;
    // "at least", "not less than", "no fewer than" before the number: UD's advmod (and fixed) on the number.
    const amount: [number, string, number][] = [];
    if (lower[at] === 'least' && lower[at - 1] === 'at') {
      amount.push([at - 1, 'advmod', numberStart], [at, 'fixed', at - 1]);
      at -= 2;
    } else if (lower[at] === 'than' && (lower[at - 1] === 'less' || lower[at - 1] === 'fewer')) {
      amount.push([at - 1, 'advmod', numberStart], [at, 'fixed', at - 1]);
      at -= 2;
      if (lower[at] === 'not' || lower[at] === 'no') {
        amount.push([at, 'advmod', at + 1]);
        at -= 1;
      }
    }
    // (A preposition the tagger read as a subordinator: "cancel the order **on** not less than thirty days ...".)
    const preposition =
      pos[at] === 'ADP' || (pos[at] === 'SCONJ' && NOTICE_PREPOSITIONS.has(lower[at] ?? '')) ? at : -1;
    const phraseStart = preposition >= 0 ? preposition : numberStart;
    const inside = (index: number): boolean => index >= phraseStart && index <= notice;
    // Where the phrase hangs: where the period or the notice hung outside the phrase (the period first, the
    // preposition's phrase).
    const outsideHead = [period, notice].find((index) => !inside(heads[index] ?? -1));
    // (A period or notice the parse made the root: a parse gone wrong elsewhere, left as it is.)
    if (outsideHead === undefined || (heads[outsideHead] ?? -1) < 0) continue;
    const saved = treeSnapshot(out, start, end);
    const head = heads[outsideHead] ?? -1;
    const relation = deprels[outsideHead] ?? 'obl';
    heads[notice] = head;
    deprels[notice] =
      preposition >= 0 && /^(obj|iobj|obl:unmarked|nmod:npmod|obl:npmod|obl:tmod)$/.test(relation)
        ? 'obl'
        : head < 0
          ? 'root'
          : relation;
    if (preposition >= 0) {
      heads[preposition] = notice;
      deprels[preposition] = 'case';
      pos[preposition] = 'ADP';
    }
    heads[period] = notice;
    deprels[period] = apostrophe >= 0 ? 'nmod:poss' : 'compound';
    if (apostrophe >= 0) {
      heads[apostrophe] = period;
      deprels[apostrophe] = 'case';
    }
    for (let index = modifiersFrom; index < notice; index += 1) {
      heads[index] = notice;
      deprels[index] = 'amod';
    }
    for (const [index, deprel, head] of amount) {
      heads[index] = head;
      deprels[index] = deprel;
    }
    if (amount.length > 0) heads[numberStart] = period;
    // What hung on the period from outside the phrase ("to the other party") hangs on the notice.
    for (let index = start; index < end; index += 1)
      if (!inside(index) && heads[index] === period) heads[index] = notice;
    keepValidTree(out, saved);
  }
}

const COMPLEX_CONJUNCTION = 'TREE.COMPLEX_CONJUNCTION';

/** Tags of the words of a Subject between a binding conjunction and its verb ("either party", "any of the Products"). */
const CONJUNCTION_SUBJECT_TAGS: ReadonlySet<string> = new Set([
  'DET',
  'NOUN',
  'PROPN',
  'PRON',
  'ADJ',
  'NUM',
  'PART',
  'CCONJ',
]);

/** Determiners that stand alone as a Subject ("to the extent that **each** has a need"). */
const PRONOMINAL_DETERMINERS: ReadonlySet<string> = new Set([
  'each',
  'all',
  'any',
  'both',
  'either',
  'neither',
  'some',
  'this',
  'these',
  'those',
]);

/** Words tagged as coordinators that determine the noun right after them in a bound clause's Subject. */
const SUBJECT_DETERMINER_CONJUNCTIONS: ReadonlySet<string> = new Set(['either', 'neither', 'both']);

/** Whether following heads from `index` reaches `target` (within the sentence [start, end)). */
function reaches(
  heads: readonly number[],
  index: number,
  target: number,
  start: number,
  end: number,
): boolean {
  for (let at = index, steps = 0; at >= start && at < end && steps <= end - start; steps += 1) {
    if (at === target) return true;
    at = heads[at] ?? -1;
  }
  return false;
}

/** The tree of the sentence [start, end) as it was before a repair (keepValidTree). */
interface TreeSnapshot {
  readonly start: number;
  readonly end: number;
  readonly heads: readonly number[];
  readonly deprels: readonly string[];
  readonly pos: readonly Upos[];
}

function treeSnapshot(
  out: Pick<TaggedText, 'pos' | 'heads' | 'deprels'>,
  start: number,
  end: number,
): TreeSnapshot {
  return {
    start,
    end,
    heads: out.heads.slice(start, end),
    deprels: out.deprels.slice(start, end),
    pos: out.pos.slice(start, end),
  };
}

/**
 * Keeps a repair of the sentence's tree when every word still reaches a root with no cycle and the sentence has as many
 * roots as before; otherwise puts back the snapshot taken before it. Whether the repair was kept.
 */
function keepValidTree(out: Pick<TaggedText, 'pos' | 'heads' | 'deprels'>, saved: TreeSnapshot): boolean {
  const { start, end } = saved;
  if (acyclic(out.heads, start, end) && roots(out.heads, start, end) === roots(saved.heads, 0, end - start))
    return true;
  for (let index = start; index < end; index += 1) {
    out.heads[index] = saved.heads[index - start]!;
    out.deprels[index] = saved.deprels[index - start]!;
    out.pos[index] = saved.pos[index - start]!;
  }
  return false;
}

/** How many words of [start, end) are roots (head -1). */
function roots(heads: readonly number[], start: number, end: number): number {
  let count = 0;
  for (let index = start; index < end; index += 1) if ((heads[index] ?? -1) < 0) count += 1;
  return count;
}

/** Whether every word of [start, end) reaches a root (head -1) by its heads, with no cycle. */
function acyclic(heads: readonly number[], start: number, end: number): boolean {
  for (let index = start; index < end; index += 1) {
    let at = index;
    let steps = 0;
    while (at >= 0 && steps <= end - start) {
      at = heads[at] ?? -1;
      steps += 1;
    }
    if (at >= 0) return false;
  }
  return true;
}

/**
 * TREE.COMPLEX_CONJUNCTION: "The Buyer shall notify the Seller **as soon as** the Buyer becomes aware of a defect",
 * "**In the event** Corio finds material errors, Corio shall notify", "**to the extent that** the claim arises": a
 * binding conjunction of several words (`COMPLEX_CONJUNCTIONS`) with a Subject and a finite verb after it. The parse
 * hangs only its last word ("as", "that") on the verb it binds, if any, and takes the others for an adverb or an
 * oblique of the clause before ("as soon" on "notify") or of the bound verb ("the event" its `obl`, the Subject
 * swallowed as an appositive of "event"). The first word hangs on the bound verb as its `mark` and the others on the
 * first as `fixed` (UD's analysis of "in case", "so that"); a Subject the conjunction swallowed is the verb's `nsubj`;
 * the bound verb, where it hung inside the conjunction, takes the conjunction's place (an `advcl`), and a root bound
 * verb with the main clause after a comma hangs on it. Tags stay as they were ("event" a noun).
 */
function complexConjunctions(
  out: Pick<TaggedText, 'lower' | 'pos' | 'heads' | 'deprels'>,
  start: number,
  end: number,
): void {
  const { lower, pos, heads, deprels } = out;
  for (let first = start; first < end; first += 1) {
    const length = complexConjunctionAt(lower, first, end);
    if (length === 0) continue;
    const last = first + length - 1;
    const inConjunction = (index: number): boolean => index >= first && index <= last;
    // The Subject: nominal words up to the first verb or auxiliary, ending in a nominal head.
    // (Prepositional phrases inside it: "the performance by the Repairer of any of its obligations is affected"; not
    // first: "in the event of a breach".)
    // (A list's enumerator before the Subject: "in the event that **(i)** any Item is returned ... or (ii) ...".)
    const enumerator = enumeratorAt((at) => (at < end ? (lower[at] ?? '') : ''), last + 1);
    const subjectFrom = enumerator !== undefined && enumerator.marks.length === 2 ? enumerator.end : last + 1;
    let verbAt = subjectFrom;
    while (
      verbAt < end &&
      verbAt - last <= 16 &&
      (CONJUNCTION_SUBJECT_TAGS.has(pos[verbAt] ?? '') || (pos[verbAt] === 'ADP' && verbAt > subjectFrom))
    )
      verbAt += 1;
    const subjectEnd = pos[verbAt - 1];
    if (
      verbAt === subjectFrom ||
      verbAt >= end ||
      !(
        subjectEnd === 'NOUN' ||
        subjectEnd === 'PROPN' ||
        subjectEnd === 'PRON' ||
        subjectEnd === 'NUM' ||
        (subjectEnd === 'DET' && PRONOMINAL_DETERMINERS.has(lower[verbAt - 1] ?? ''))
      )
    )
      continue;
    // A finite verb or an operator: "the Buyer **fails**", "the Licensee **is** insolvent", "the parties **shall** agree"
    // (adverbs between: "AMAG permanently **ceases**").
    let finiteAt = verbAt;
    while (finiteAt < end && finiteAt - verbAt < 3 && pos[finiteAt] === 'ADV') finiteAt += 1;
    let verb = -1;
    if (pos[finiteAt] === 'VERB' && !(lower[finiteAt] ?? '').endsWith('ing')) verb = finiteAt;
    else if (pos[finiteAt] === 'AUX')
      verb = /^(aux|cop)(:|$)/.test(deprels[finiteAt] ?? '') ? (heads[finiteAt] ?? -1) : finiteAt;
    if (verb < finiteAt || verb >= end) continue;
    const saved = treeSnapshot(out, start, end);
    // The conjunction's own top word and where it hung.
    // (Not one hung inside the bound clause: "the event" an oblique of the bound verb.)
    let top = -1;
    for (let index = first; index <= last && top < 0; index += 1) {
      const head = heads[index] ?? -1;
      if (!inConjunction(head) && (head < 0 || !reaches(heads, head, verb, start, end))) top = index;
    }
    const outside = top < 0 ? -1 : (heads[top] ?? -1);
    if (inConjunction(heads[verb] ?? -1) || (heads[verb] ?? -1) === -1) {
      if (inConjunction(heads[verb] ?? -1)) {
        // "In the event that X finds": "finds" hung on "event" (acl); it takes the conjunction's place.
        heads[verb] = outside;
        deprels[verb] = outside < 0 ? 'root' : 'advcl';
      }
      if ((heads[verb] ?? -1) < 0) {
        // The bound verb is the root: the main clause after a comma (a clause hung on it) is the root instead.
        let comma = -1;
        for (let index = verb + 1; index < end && comma < 0; index += 1)
          if (lower[index] === ',' && reaches(heads, index, verb, start, end)) comma = index;
        let main = -1;
        for (let index = comma + 1; comma >= 0 && index < end && main < 0; index += 1)
          if (
            heads[index] === verb &&
            /^(advcl|ccomp|conj|parataxis|acl|xcomp)(:|$)/.test(deprels[index] ?? '') &&
            (pos[index] === 'VERB' || pos[index] === 'AUX' || pos[index] === 'ADJ')
          )
            main = index;
        if (main >= 0) {
          heads[main] = -1;
          deprels[main] = 'root';
          for (let index = comma + 1; index < end; index += 1)
            if (heads[index] === verb && index !== main) heads[index] = main;
          heads[verb] = main;
          deprels[verb] = 'advcl';
        }
      }
    } else if (/^(acl|ccomp|parataxis|conj|advcl)(:|$)/.test(deprels[verb] ?? '')) deprels[verb] = 'advcl';
    if (subjectFrom > last + 1 && enumerator !== undefined) {
      heads[enumerator.number] = verb;
      deprels[enumerator.number] = 'discourse';
      for (const mark of enumerator.marks) {
        heads[mark] = enumerator.number;
        deprels[mark] = 'punct';
      }
    }
    // The Subject's head word(s): those of [subjectFrom, verbAt) hung outside it.
    let hasSubject = false;
    for (let index = subjectFrom; index < verbAt; index += 1)
      if (heads[index] === verb && /^(nsubj|csubj|expl)(:|$)/.test(deprels[index] ?? '')) hasSubject = true;
    for (let index = subjectFrom; index < verbAt; index += 1) {
      // "in the event **either** party terminates": "either" (or "neither", "both") before the noun is its determiner.
      if (
        pos[index] === 'CCONJ' &&
        SUBJECT_DETERMINER_CONJUNCTIONS.has(lower[index] ?? '') &&
        (pos[index + 1] === 'NOUN' || pos[index + 1] === 'PROPN')
      ) {
        pos[index] = 'DET';
        heads[index] = index + 1;
        deprels[index] = 'det';
      }
      const head = heads[index] ?? -1;
      if (head > last && head < verbAt) continue;
      if (head === verb && hasSubject) continue;
      const nominal =
        pos[index] === 'NOUN' || pos[index] === 'PROPN' || pos[index] === 'PRON' || pos[index] === 'NUM';
      heads[index] = verb;
      if (nominal && !hasSubject) {
        deprels[index] = 'nsubj';
        hasSubject = true;
      } else if (!nominal && pos[index] === 'CCONJ') deprels[index] = 'cc';
    }
    // What else hung on the conjunction's words hangs on the bound verb.
    for (let index = start; index < end; index += 1)
      if (!inConjunction(index) && index !== verb && inConjunction(heads[index] ?? -1)) heads[index] = verb;
    if (ADVERB_CONJUNCTIONS.has(lower.slice(first, last + 1).join(' '))) {
      // UD's analysis: "as soon as" (advmod on "soon", advmod on the verb, mark), "even if" (advmod, mark).
      for (let index = first; index < last; index += 1) {
        heads[index] = index === last - 1 ? verb : index + 1;
        deprels[index] = 'advmod';
      }
      heads[last] = verb;
      deprels[last] = 'mark';
    } else {
      heads[first] = verb;
      deprels[first] = 'mark';
      for (let index = first + 1; index <= last; index += 1) {
        heads[index] = first;
        deprels[index] = 'fixed';
      }
    }
    if (keepValidTree(out, saved)) first = last;
  }
}

/**
 * TREE.OPENING_GERUND_SUBJECT: "Measuring the growth of a field, in a young science, is a first step":
 * the parse hangs an "-ing" verb that opens the sentence on the root as `advcl`, but the root has no
 * Subject and a Finite after the "-ing" clause (a finite operator, or a tensed verb not in its base
 * form): the "-ing" clause is the Subject (`csubj`). An opening participle before a clause with its
 * own Subject ("Walking home, we saw a fox") is left alone.
 */
function openingGerundSubject(
  out: Pick<TaggedText, 'lower' | 'pos' | 'heads' | 'deprels'> & { readonly lemmas?: readonly string[] },
  start: number,
  end: number,
): void {
  const { lower, pos, heads, deprels } = out;
  let first = start;
  while (first < end && pos[first] === 'PUNCT') first += 1;
  const word = lower[first] ?? '';
  if (first >= end || pos[first] !== 'VERB' || !word.endsWith('ing')) return;
  if (deprels[first] === 'root') {
    gerundRootThenFinite(out, first, start, end);
    return;
  }
  if (deprels[first] !== 'advcl') return;
  const root = heads[first] ?? -1;
  if (root < 0 || (heads[root] ?? 0) >= 0) return;
  let last = first;
  for (let index = first + 1; index < end; index += 1) {
    let at = heads[index] ?? -1;
    for (let steps = 0; at >= 0 && at !== first && steps < end - start; steps += 1) at = heads[at] ?? -1;
    if (at === first) last = index;
  }
  let finite = false;
  for (let index = start; index < end; index += 1) {
    if (heads[index] !== root) continue;
    const relation = deprels[index] ?? '';
    if (/^(nsubj|csubj|expl|mark)(:|$)/.test(relation)) return;
    if (
      index > last &&
      index < root &&
      /^(aux|cop)(:|$)/.test(relation) &&
      FINITE_OPERATOR_FORMS.has(lower[index] ?? '')
    )
      finite = true;
  }
  if (!finite && pos[root] === 'VERB' && root > last) {
    const rootWord = lower[root] ?? '';
    const lemma = out.lemmas?.[root] ?? rootWord;
    finite = rootWord !== lemma && lower[root - 1] !== 'to' && isFiniteLexicalForm(rootWord, lemma, false);
  }
  if (finite) deprels[first] = 'csubj';
}

/**
 * TREE.OPENING_GERUND_SUBJECT, the other shape: "Doing the work to find a tenant will take time", where
 * the parse makes the opening "-ing" verb the root and hangs the clause's verb on it (`advcl`, `ccomp`,
 * `conj`, `parataxis`) with a finite operator and no Subject, subordinator or coordinator of its own:
 * that verb is the root and the "-ing" clause its Subject (`csubj`).
 */
function gerundRootThenFinite(
  out: Pick<TaggedText, 'lower' | 'pos' | 'heads' | 'deprels'>,
  gerund: number,
  start: number,
  end: number,
): void {
  const { lower, heads, deprels } = out;
  for (let index = start; index < end; index += 1)
    if (heads[index] === gerund && /^(nsubj|csubj|expl|aux|cop|mark)(:|$)/.test(deprels[index] ?? '')) return;
  for (let verb = gerund + 1; verb < end; verb += 1) {
    if (heads[verb] !== gerund || !/^(advcl|ccomp|conj|parataxis)$/.test(deprels[verb] ?? '')) continue;
    let operator = false;
    let blocked = false;
    for (let index = start; index < end; index += 1) {
      if (heads[index] !== verb) continue;
      const relation = deprels[index] ?? '';
      if (/^(nsubj|csubj|expl|mark|cc)(:|$)/.test(relation)) blocked = true;
      if (index < verb && /^(aux|cop)(:|$)/.test(relation) && FINITE_OPERATOR_FORMS.has(lower[index] ?? ''))
        operator = true;
    }
    if (blocked || !operator) continue;
    promoteToRoot(out, verb, gerund, 'csubj', end);
    return;
  }
}

/** Tags of a root that can be the Subject of a predicate the parse hung inside its relative clause. */
/** Relations of the root's own that show it is no bare Subject (it has a predicate, or is a phrase's object). */
const ROOT_PREDICATE_RELATION = /^(nsubj|csubj|expl|aux|cop|case|mark)(:|$)/;
/** Relations that keep a nominal inside the root's nominal phrase. */
const NOMINAL_PHRASE_RELATION = /^(nmod|obl|appos|conj|compound|flat)(:|$)/;
/** Relations under which the parse hangs the main clause's verb on the relative clause's verb. */
const SWALLOWED_RELATION = /^(ccomp|parataxis|advcl|conj|xcomp|obj)$/;

/**
 * TREE.RELATIVE_SWALLOWED_PREDICATE: "The one who lasts the longest gets a card", "Techniques that
 * involve heat may succeed", "A stone flying through the air can hurt": the parse makes the Subject's
 * noun the root and hangs the main clause's verb below its relative clause or participle modifier
 * (`ccomp`, `conj`, `parataxis`, `advcl` of that clause's verb), so the clause has no Subject and no
 * Finite. When the root is a noun, name or pronoun with no Subject, operator, preposition or
 * subordinator of its own (or an "-ing" verb opening the sentence), the first relative clause or
 * participle modifier inside its phrase has a dependent verb after it in a tensed form (or with a
 * finite operator) with no nominal Subject, no subordinator and no "and"/"or" of its own, that verb is
 * the root and the noun its Subject (the "-ing" clause its `csubj`).
 */
function relativeSwallowedPredicate(
  out: Pick<TaggedText, 'lower' | 'pos' | 'heads' | 'deprels'> & { readonly lemmas?: readonly string[] },
  start: number,
  end: number,
): void {
  const { lower, pos, heads, deprels } = out;
  const root = rootOf(heads, start, end);
  if (root < 0) return;
  let first = start;
  while (first < end && pos[first] === 'PUNCT') first += 1;
  // An "-ing" verb opening the sentence is a Subject too ("Doing the work that might pay will take time").
  const gerund = root === first && pos[root] === 'VERB' && (lower[root] ?? '').endsWith('ing');
  if (!NOUN_PRONOUN_TAGS.has(pos[root]!) && !gerund) return;
  const children = (node: number): number[] => {
    const found: number[] = [];
    for (let index = start; index < end; index += 1) if (heads[index] === node) found.push(index);
    return found;
  };
  const rootChildren = children(root);
  if (rootChildren.some((child) => ROOT_PREDICATE_RELATION.test(deprels[child] ?? ''))) return;
  /** Whether `index` lies below the root's "-ing" verb through no clause of its own but the gerund's. */
  const belowRoot = (index: number): boolean =>
    isBelow(heads, index, root, end - start, (at) =>
      /^(ccomp|parataxis|conj|csubj)(:|$)/.test(deprels[at] ?? ''),
    );
  /** Whether `index` hangs on the nominal root through nominals of its phrase ("animals, such as the dog"). */
  const inRootPhrase = (index: number): boolean => {
    let at = heads[index] ?? -1;
    for (let steps = 0; at >= 0 && steps < end - start; steps += 1) {
      if (at === root) return true;
      // (A comma the parse hung a nominal on is still the root's.)
      const nominal = NOUN_PRONOUN_TAGS.has(pos[at]!) && NOMINAL_PHRASE_RELATION.test(deprels[at] ?? '');
      if (!nominal && deprels[at] !== 'punct') return false;
      at = heads[at] ?? -1;
    }
    return false;
  };
  let relative: number | undefined;
  for (let index = root + 1; index < end && relative === undefined; index += 1)
    if (/^acl(:relcl)?$/.test(deprels[index] ?? '') && (gerund ? belowRoot(index) : inRootPhrase(index)))
      relative = index;
  if (relative === undefined) return;
  const rootWord = lower[root] ?? '';
  const plural =
    PLURAL_PRONOUNS.has(rootWord) ||
    (pos[root] === 'NOUN' && /[^su]s$/.test(rootWord)) ||
    (pos[root] === 'NOUN' && out.lemmas !== undefined && out.lemmas[root] !== rootWord);
  const finiteVerb = (verb: number, verbChildren: readonly number[]): boolean => {
    if (
      verbChildren.some(
        (child) =>
          child < verb &&
          /^(aux|cop)(:|$)/.test(deprels[child] ?? '') &&
          FINITE_OPERATOR_FORMS.has(lower[child] ?? ''),
      )
    )
      return true;
    if (pos[verb] !== 'VERB' || lower[verb - 1] === 'to') return false;
    if (verbChildren.some((child) => child < verb && /^(aux|cop)(:|$)/.test(deprels[child] ?? '')))
      return false;
    const word = lower[verb] ?? '';
    const lemma = out.lemmas?.[verb] ?? word;
    // A base form is tensed after a plural Subject ("The people who work here love it"), not in an xcomp.
    if (word === lemma) return plural && deprels[verb] !== 'xcomp';
    return isFiniteLexicalForm(word, lemma, false);
  };
  for (const verb of children(relative)) {
    if (verb <= relative || !SWALLOWED_RELATION.test(deprels[verb] ?? '')) continue;
    const verbChildren = children(verb);
    if (verbChildren.some((child) => /^(mark|cc)(:|$)/.test(deprels[child] ?? ''))) continue;
    const subjects = verbChildren.filter((child) => /^(nsubj|csubj|expl)(:|$)/.test(deprels[child] ?? ''));
    if (subjects.some((child) => NOUN_PRONOUN_TAGS.has(pos[child]!) || child > verb)) continue;
    if (!finiteVerb(verb, verbChildren)) continue;
    // "the longest" the parse took for the verb's Subject is the relative clause's measure.
    for (const subject of subjects) {
      heads[subject] = relative;
      deprels[subject] = 'obl:npmod';
    }
    const passive = verbChildren.some((child) => deprels[child] === 'aux:pass');
    heads[verb] = -1;
    deprels[verb] = 'root';
    heads[root] = verb;
    deprels[root] = gerund ? (passive ? 'csubj:pass' : 'csubj') : passive ? 'nsubj:pass' : 'nsubj';
    // What follows the verb (the final stop, a phrase) belongs to the main clause.
    for (const child of [...rootChildren, ...children(relative)])
      if (child > verb && heads[child] !== -1) heads[child] = verb;
    return;
  }
}

/**
 * TREE.NOMINAL_SWALLOWED_PREDICATE: "Any notice given hereunder shall be in writing": the parse makes the Subject's
 * noun the root and hangs the predicate of "be" after it on the noun itself (nmod, obl, appos, acl, dep),
 * with the finite operator ("shall", "is") and the copula on that predicate. When the root is a noun, name or
 * pronoun with no Subject, operator, preposition or subordinator of its own, and such a dependent after it has a
 * finite operator of its own before it and no Subject, subordinator or coordinator, and no colon, "!" or "?"
 * comes between (a heading: "Other Thoughts: Will try this place again"), that dependent is the root and the noun
 * its Subject; what follows it moves with it.
 */
export const NOMINAL_SWALLOWED_PREDICATE = 'TREE.NOMINAL_SWALLOWED_PREDICATE';
/** Relations under which the parse hangs a swallowed predicate on the Subject's noun. */
const NOMINAL_SWALLOWED_RELATION = /^(nmod|obl|appos|acl|acl:relcl|dep)$/;

function nominalSwallowedPredicate(
  out: Pick<TaggedText, 'lower' | 'pos' | 'heads' | 'deprels'>,
  start: number,
  end: number,
): void {
  const { lower, pos, heads, deprels } = out;
  const root = rootOf(heads, start, end);
  if (root < 0 || !NOUN_PRONOUN_TAGS.has(pos[root]!)) return;
  const children = (node: number): number[] => {
    const found: number[] = [];
    for (let index = start; index < end; index += 1) if (heads[index] === node) found.push(index);
    return found;
  };
  const rootChildren = children(root);
  if (rootChildren.some((child) => ROOT_PREDICATE_RELATION.test(deprels[child] ?? ''))) return;
  for (const predicate of rootChildren) {
    if (predicate <= root || !NOMINAL_SWALLOWED_RELATION.test(deprels[predicate] ?? '')) continue;
    const own = children(predicate);
    if (own.some((child) => /^(nsubj|csubj|expl|mark|cc)(:|$)/.test(deprels[child] ?? ''))) continue;
    const operator = own.find(
      (child) =>
        child < predicate &&
        /^(aux|cop)(:|$)/.test(deprels[child] ?? '') &&
        FINITE_OPERATOR_FORMS.has(lower[child] ?? ''),
    );
    if (operator === undefined) continue;
    // Not after a heading's colon ("Other Thoughts: Will try this place again").
    if (lower.slice(root + 1, operator).some((word) => word === ':' || word === '!' || word === '?'))
      continue;
    const passive = own.some((child) => deprels[child] === 'aux:pass');
    heads[predicate] = -1;
    deprels[predicate] = 'root';
    heads[root] = predicate;
    deprels[root] = passive ? 'nsubj:pass' : 'nsubj';
    for (const child of rootChildren) if (child > predicate) heads[child] = predicate;
    return;
  }
}

function tagChunk(
  text: string,
  from: number,
  to: number,
  out: TaggedText,
  disabledRules?: ReadonlySet<string>,
  breaks?: BreakCursor,
  labelLines = false,
  chatLines = false,
): void {
  const chunk = text.slice(from, to);
  if (chunk.trim().length === 0) return;
  // Whole columns once per chunk: no per-token item objects.
  const { values, pos, lemmas, spans } = readWinkDoc(chunk, (doc, its) => {
    const tokens = doc.tokens();
    return {
      values: tokens.out(its.value) as string[],
      pos: tokens.out(its.pos) as Upos[],
      lemmas: tokens.out(its.lemma as unknown as typeof its.value) as string[],
      spans: doc.sentences().out(its.span) as unknown as Array<[number, number]>,
    };
  });
  const base = out.values.length;
  const length = chunk.length;
  const sentenceFirst = new Set(spans.map(([first]) => first));
  // Output index of each model token (and one past the last): split contractions add tokens and white
  // space tokens are dropped, so the model's sentence spans are renumbered through this.
  const outIndex = new Int32Array(values.length + 1);
  let cursor = 0;
  for (let index = 0; index < values.length; index += 1) {
    outIndex[index] = out.values.length;
    const value = values[index] ?? '';
    // Line breaks and tabs come back as tokens of their own: they are gaps between words, not words.
    if (value.length === 0 || isSpace(value.charCodeAt(0))) continue;
    let at = cursor;
    while (at < length && isSpace(chunk.charCodeAt(at))) at += 1;
    if (!chunk.startsWith(value, at)) {
      const found = chunk.slice(at, at + value.length + 64).indexOf(value);
      if (found >= 0) at += found;
    }
    const end = Math.min(length, at + value.length);
    cursor = end;
    // Only a word with an apostrophe can be a contraction left whole: skip the regex for the rest.
    const clitic = value.length > 2 && hasApostrophe(value) ? CLITIC.exec(value) : null;
    if (clitic !== null && clitic[1] !== undefined && clitic[2] !== undefined) {
      // The lite model leaves some contractions whole ("I'm" at the start of a sentence): split them.
      const host = clitic[1];
      const tail = clitic[2];
      const hostLower = host.toLowerCase();
      const split = from + at + host.length;
      pushToken(
        out,
        host,
        hostLower === 'ca' ? 'can' : hostLower === 'wo' ? 'will' : hostLower,
        CLITIC_HOST_PRONOUNS.has(hostLower) ? 'PRON' : (pos[index] ?? 'X'),
        from + at,
        split,
      );
      const tailLower = tail.toLowerCase().replace('’', "'");
      const tailInfo = CLITIC_TAGS[tailLower] ?? { lemma: tailLower, pos: 'PART' as Upos };
      pushToken(
        out,
        tail,
        tailInfo.lemma,
        tailLower === "'s" && !CLITIC_HOST_PRONOUNS.has(hostLower) ? 'PART' : tailInfo.pos,
        split,
        from + end,
      );
      continue;
    }
    const parts =
      !mayBeUdWords(value) || disabledRules?.has('TOKEN.UD_WORDS')
        ? undefined
        : (udWordParts(value, sentenceFirst.has(index), nextWord(values, index)) ??
          (disabledRules?.has(TYPED_ITS_PREDICATIVE)
            ? undefined
            : typedItsPredicative(value, values, index)));
    if (parts !== undefined) {
      // TOKEN.UD_WORDS: a written word that is two or three syntactic words ("gonna", "5pm"): one token each.
      let partStart = from + at;
      for (const part of parts) {
        const partValue = chunk.slice(partStart - from, partStart - from + part.length);
        pushToken(out, partValue, part.lemma, part.pos, partStart, partStart + part.length);
        partStart += part.length;
      }
      continue;
    }
    const lower = lowerOf(value);
    const lemma = lemmas[index];
    out.values.push(value);
    out.lower.push(lower);
    out.lemmas.push(lemma === undefined ? lower : lemma === value ? lower : lowerOf(lemma));
    out.pos.push(pos[index] ?? 'X');
    out.starts.push(from + at);
    out.ends.push(from + end);
  }
  outIndex[values.length] = out.values.length;
  correctPos(out, base, out.values.length, disabledRules);
  for (const [first, last] of spans) {
    const end = outIndex[last + 1] ?? out.values.length;
    const start = emoticonsClose(text, out, outIndex[first] ?? base, end, disabledRules);
    if (
      start < end &&
      !gluedPunctuation(out, start, end) &&
      !touchingSplit(out, start, end, disabledRules) &&
      !quotationThenReporting(text, out, start, end, disabledRules) &&
      !listNumberThenItem(text, out, start, end, disabledRules)
    ) {
      const pieces = out.sentences.length;
      splitAtLines(
        text,
        start,
        end,
        out,
        breaks,
        !disabledRules?.has('SPLIT.RECITAL'),
        !disabledRules?.has('SPLIT.LABEL_LETTER_END'),
        !disabledRules?.has('SPLIT.HEADING_LINE'),
        labelLines,
        chatLines,
      );
      // SPLIT.LIST_NUMBER_LINE: the item after a list number runs on past its line, cut there or wrapped
      // ("1. Call to order\nThe meeting was called to order.", "1. The tenant shall pay the rent on the
      // first day\nof each month."): once split at lines, the item's first sentence joins the number all
      // the same (off: the number stays a sentence alone).
      const item = out.sentences[pieces];
      if (item !== undefined && item[0] === start && !disabledRules?.has('SPLIT.LIST_NUMBER_LINE'))
        listNumberThenItem(text, out, start, item[1], disabledRules, pieces - 1, true);
    }
    if (
      !openQuotationThenReporting(text, out, disabledRules) &&
      !quotationAfterWords(text, out, disabledRules)
    )
      lowercaseContinuation(text, out, disabledRules);
  }
}

/** How many cut-off pieces of one quotation SPLIT.OPEN_QUOTATION_THEN_REPORTING joins at most. */
const OPEN_QUOTATION_PIECES = 8;

/**
 * Whether sentence `back` runs up to the sentence after it, ends in "!" or "?" and has no line break
 * after it: a piece of one quotation that the model cut (SPLIT.OPEN_QUOTATION_THEN_REPORTING,
 * SPLIT.QUOTATION_AFTER_WORDS).
 */
function quotedPiece(text: string, out: TaggedText, back: number): boolean {
  const piece = out.sentences[back];
  const next = out.sentences[back + 1];
  if (piece === undefined || next === undefined || piece[1] !== next[0] || piece[1] <= piece[0]) return false;
  if (!QUOTED_FINAL.has(out.lower[piece[1] - 1] ?? '')) return false;
  return lineBreaks(text, out.ends[piece[1] - 1] ?? 0, out.starts[piece[1]] ?? 0) === 0;
}

/**
 * SPLIT.OPEN_QUOTATION_THEN_REPORTING: "“Hey! Not bad that!” Pete said.", "“Ann! Bo! Cy ...” a voice
 * called.": the model ends sentences at every "!" or "?" inside a quotation, and the last piece closes
 * the quotation before its reporting clause (a verb of saying with its Subject, on the same line). The
 * reporting clause is the main clause of the whole quotation, so the pieces from the opening mark on
 * join one sentence. Only pieces that end in "!" or "?" and hold no other quotation mark are joined;
 * a quotation of statements cut at their full stops stays cut. Returns true when joined.
 */
function openQuotationThenReporting(
  text: string,
  out: TaggedText,
  disabledRules?: ReadonlySet<string>,
): boolean {
  if (disabledRules?.has('SPLIT.OPEN_QUOTATION_THEN_REPORTING')) return false;
  const last = out.sentences.length - 1;
  const current = out.sentences[last];
  if (current === undefined || last < 1) return false;
  const [from, to] = current;
  // The first quotation mark of the sentence closes a quotation opened before it, and a reporting
  // clause follows it.
  let close = -1;
  for (let index = from; index < to; index += 1)
    if (QUOTE_MARKS.has(out.lower[index] ?? '')) {
      close = index;
      break;
    }
  if (close <= from || !closesQuotation(out, close)) return false;
  if (reportingVerbAt(out, close + 1, to) < 0 && !pronounThenSaying(out, close + 1, to)) return false;
  if (lineBreaks(text, out.ends[close] ?? 0, out.starts[close + 1] ?? 0) > 0) return false;
  for (let back = last - 1; back >= 0 && back >= last - OPEN_QUOTATION_PIECES; back -= 1) {
    if (!quotedPiece(text, out, back)) return false;
    const piece = out.sentences[back] as readonly [number, number];
    for (let index = piece[0] + 1; index < piece[1]; index += 1)
      if (QUOTE_MARKS.has(out.lower[index] ?? '')) return false;
    if (OPENING_QUOTES_BUT_APOSTROPHE.has(out.lower[piece[0]] ?? '')) {
      out.sentences.splice(back, last - back + 1, [piece[0], to]);
      return true;
    }
    if (QUOTE_MARKS.has(out.lower[piece[0]] ?? '')) return false;
  }
  return false;
}

/**
 * SPLIT.QUOTATION_AFTER_WORDS: 'I'm like "What can I say? What can I say?"', 'She asked, "Are you in? Is
 * it late?"': the model ends sentences at every "!" or "?" inside a quotation that opens after words of
 * the sentence (a reporting clause, "I'm like") and closes in a later piece on the same line. The words
 * before the opening mark are the main clause of the whole quotation, so the pieces join one sentence,
 * as SPLIT.OPEN_QUOTATION_THEN_REPORTING joins a quotation to the reporting clause after it. Only
 * pieces that end in "!" or "?" are joined: the opening piece holds no quotation mark but its opening
 * one, the pieces between none, and the last piece one, its closing mark, at its end. A quotation of
 * statements cut at their full stops stays cut. Returns true when joined.
 */
function quotationAfterWords(text: string, out: TaggedText, disabledRules?: ReadonlySet<string>): boolean {
  if (disabledRules?.has('SPLIT.QUOTATION_AFTER_WORDS')) return false;
  const last = out.sentences.length - 1;
  const current = out.sentences[last];
  if (current === undefined || last < 1) return false;
  const [from, to] = current;
  let close = to - 1;
  while (close > from && (out.lower[close] === '.' || QUOTED_FINAL.has(out.lower[close] ?? ''))) close -= 1;
  // The closing mark touches the word or mark before it ('a mom."', 'late?”').
  if (close <= from || !QUOTE_MARKS.has(out.lower[close] ?? '') || out.starts[close] !== out.ends[close - 1])
    return false;
  for (let index = from; index < close; index += 1) if (QUOTE_MARKS.has(out.lower[index] ?? '')) return false;
  for (let back = last - 1; back >= 0 && back >= last - OPEN_QUOTATION_PIECES; back -= 1) {
    if (!quotedPiece(text, out, back)) return false;
    const piece = out.sentences[back] as readonly [number, number];
    let marks = 0;
    let open = -1;
    for (let index = piece[0]; index < piece[1]; index += 1)
      if (QUOTE_MARKS.has(out.lower[index] ?? '')) {
        marks += 1;
        open = index;
      }
    if (marks === 0) continue;
    // The piece's one quotation mark opens the quotation after words of the sentence.
    if (marks > 1 || open <= piece[0] || !OPENING_QUOTES_BUT_APOSTROPHE.has(out.lower[open] ?? ''))
      return false;
    // It touches the word after it and not the one before ('like "What', 'said, “Are').
    if (
      (out.ends[open] ?? 0) !== (out.starts[open + 1] ?? -1) ||
      (out.starts[open] ?? 0) === (out.ends[open - 1] ?? 0)
    )
      return false;
    out.sentences.splice(back, last - back + 1, [piece[0], to]);
    return true;
  }
  return false;
}

/**
 * SPLIT.LOWERCASE_CONTINUATION: "we show that Huh? meets the criteria", "for my M.Sc. studies", "my Eng.
 * project", "Hundreds of millions? thought Chalmers.": the model ends a sentence at a "?" or "!" inside
 * it, or at the full stop of an abbreviation (a word of at most five letters that wink's lexicon does
 * not list: "Sc", "Eng", "Tues"), and the next piece goes on, on the same line, with a word in lower
 * case: one sentence. Not before a lower-case "i" or a web address (casual writing starts sentences
 * so), nor after a word the lexicon lists ("today. it's").
 */
function lowercaseContinuation(text: string, out: TaggedText, disabledRules?: ReadonlySet<string>): boolean {
  if (disabledRules?.has('SPLIT.LOWERCASE_CONTINUATION')) return false;
  const last = out.sentences.length - 1;
  const current = out.sentences[last];
  const previous = out.sentences[last - 1];
  if (current === undefined || previous === undefined || previous[1] !== current[0]) return false;
  const [from, to] = current;
  const first = out.values[from] ?? '';
  if (to <= from || !/^[a-z][a-z']*$/.test(first) || LOWER_CASE_OPENERS.has(first)) return false;
  const end = out.lower[from - 1] ?? '';
  const before = out.lower[from - 2] ?? '';
  if (from - 2 < previous[0] || !/\p{L}/u.test(before)) return false;
  const question = QUOTED_FINAL.has(end);
  const abbreviation =
    end === '.' &&
    /^[a-z]{1,5}$/.test(before) &&
    (out.starts[from - 1] ?? 0) === (out.ends[from - 2] ?? -1) &&
    posReadings(before) === undefined;
  if (!question && !abbreviation) return false;
  if (lineBreaks(text, out.ends[from - 1] ?? 0, out.starts[from] ?? 0) > 0) return false;
  out.sentences.splice(last - 1, 2, [previous[0], to]);
  return true;
}

const LIST_NUMBER_PART = /^(?:\d{1,2}|[.)(*[\]])$/;

/**
 * SPLIT.LIST_NUMBER: "2. The attachment is a Jeff question.", "*3. The third aspect is money.": the
 * model ends a sentence after a list item's number; the item on the same line joins it, so the number
 * is no clause of its own and the item's clause is the sentence's main clause. The item is the sentence
 * `[start, end)` after sentence `last` (the number), which it replaces with the two joined; by default the
 * last sentence is the number and the item not pushed yet. Returns true when joined.
 */
function listNumberThenItem(
  text: string,
  out: TaggedText,
  start: number,
  end: number,
  disabledRules?: ReadonlySet<string>,
  last = out.sentences.length - 1,
  wrapped = false,
): boolean {
  if (disabledRules?.has('SPLIT.LIST_NUMBER')) return false;
  const previous = out.sentences[last];
  if (previous === undefined || previous[1] !== start || end <= start) return false;
  let numbers = 0;
  for (let index = previous[0]; index < start; index += 1) {
    const value = out.values[index] ?? '';
    if (!LIST_NUMBER_PART.test(value)) return false;
    if (/\d/.test(value)) numbers += 1;
  }
  if (numbers !== 1 || start - previous[0] > 4) return false;
  // One space, and a sentence after it ("The ..."), not a heading in capitals ("7. LIMITATION OF ...").
  if ((out.starts[start] ?? 0) - (out.ends[start - 1] ?? 0) !== 1) return false;
  if (!/^\p{Lu}\p{Ll}/u.test(out.values[start] ?? '') && !/^["“*]?\p{Lu}?$/u.test(out.values[start] ?? ''))
    return false;
  if (lineBreaks(text, out.ends[start - 1] ?? 0, out.ends[wrapped ? start : end - 1] ?? 0) > 0) return false;
  out.sentences.splice(last, 2, [previous[0], end]);
  return true;
}

/** Final punctuation inside a quotation that the model's splitter ends a sentence at ("?”", "!”"). */
const QUOTED_FINAL = new Set(['?', '!', '?!', '!?']);

/**
 * SPLIT.QUOTATION_THEN_REPORTING: "“Are you in?” she asked.", "“No!” said the guard.": the model ends a
 * sentence at the quotation's "?" or "!", but the reporting clause after it, on the same line, belongs to
 * the same sentence (it is the main clause, the quotation is projected from it); it joins the sentence
 * before. Returns true when joined.
 */
function quotationThenReporting(
  text: string,
  out: TaggedText,
  start: number,
  end: number,
  disabledRules?: ReadonlySet<string>,
): boolean {
  const last = out.sentences.length - 1;
  const previous = out.sentences[last];
  if (previous === undefined || previous[1] !== start || end <= start) return false;
  if (!closesQuotation(out, start - 1) || !QUOTED_FINAL.has(out.lower[start - 2] ?? '')) return false;
  if (lineBreaks(text, out.ends[start - 1] ?? 0, out.starts[start] ?? 0) > 0) return false;
  // SPLIT.QUOTATION_THEN_PRONOUN_SAYING: "“Never!” she wails.", where the model tags "wails" a noun: a
  // nominative pronoun and a verb of saying, and then the end, report the quotation too. Without the
  // rule the reporting clause is a sentence of its own.
  if (
    reportingVerbAt(out, start, end) < 0 &&
    (disabledRules?.has('SPLIT.QUOTATION_THEN_PRONOUN_SAYING') === true ||
      !pronounThenSaying(out, start, end))
  )
    return false;
  out.sentences[last] = [previous[0], end];
  return true;
}

/**
 * "she wails.": a nominative pronoun (it opens a reporting clause) and a verb of saying the model tagged as a noun ("wails"), and then
 * the sentence's end (SPLIT.QUOTATION_THEN_PRONOUN_SAYING).
 */
function pronounThenSaying(out: TaggedText, start: number, end: number): boolean {
  if (!NOMINATIVE_PRONOUNS.has(out.lower[start] ?? '')) return false;
  if (!QUOTING_VERBS.has(out.lemmas[start + 1] ?? '')) return false;
  return start + 2 === end || (start + 3 === end && out.pos[start + 2] === 'PUNCT');
}

/**
 * "Please find it attached.?": a "sentence" of punctuation only, written against the end of the one
 * before (no space between), is that sentence's final punctuation; it joins it. Returns true when joined.
 */
function gluedPunctuation(out: TaggedText, start: number, end: number): boolean {
  const last = out.sentences.length - 1;
  const previous = out.sentences[last];
  if (previous === undefined || previous[1] !== start || end <= start) return false;
  if (out.starts[start] !== out.ends[start - 1]) return false;
  for (let index = start; index < end; index += 1) if (out.pos[index] !== 'PUNCT') return false;
  out.sentences[last] = [previous[0], end];
  return true;
}

/**
 * An emoticon written as one token: ":)", ";-)", ":P", ":(", ":'(", "=)", "xD", "<3", "(:".
 * (Not "8)": a list number.)
 */
const EMOTICON = /^(?:[:;=][-'^o]?[()[\]{}dDpPoO3|\\/*@$sSxX]+|[xX][dD]+|<\/?3+|\^_*\^|[)(][-'^]?[:;=])$/;

/**
 * SPLIT.EMOTICON_CLOSES: "I love her. :)", "Great! :P": the model starts a sentence at the emoticon
 * after a sentence's end, or makes it a sentence alone; on the same line, an emoticon comments on the
 * sentence before it and ends it (UD keeps it there, a `discourse` of its root). The emoticons at the start
 * of the piece join the sentence before; returns where the rest of the piece starts (`end` when nothing
 * is left).
 */
function emoticonsClose(
  text: string,
  out: TaggedText,
  start: number,
  end: number,
  disabledRules?: ReadonlySet<string>,
): number {
  if (disabledRules?.has('SPLIT.EMOTICON_CLOSES')) return start;
  const last = out.sentences.length - 1;
  const previous = out.sentences[last];
  if (previous === undefined || previous[1] !== start || end <= start) return start;
  if (!EMOTICON.test(out.values[start] ?? '')) return start;
  if (lineBreaks(text, out.ends[start - 1] ?? 0, out.starts[start] ?? 0) > 0) return start;
  let at = start;
  while (at < end && EMOTICON.test(out.values[at] ?? '')) at += 1;
  out.sentences[last] = [previous[0], at];
  return at;
}

/**
 * SPLIT.NO_GAP:/**
 * SPLIT.NO_GAP: the model ends a sentence between two tokens with no white space between them, inside
 * what is one written word: a domain, e-mail address or file name ("paulhastings.com", "franz371...@gmail.com",
 * "TEXT.htm"), or a run of dots ("I have a Saab.. which"). A sentence boundary needs a gap; the part after
 * joins the sentence before (UD EWT dev: 75 gold sentences were cut in two or more, mostly so). Returns true
 * when joined.
 */
function touchingSplit(
  out: TaggedText,
  start: number,
  end: number,
  disabledRules?: ReadonlySet<string>,
): boolean {
  const last = out.sentences.length - 1;
  const previous = out.sentences[last];
  if (previous === undefined || previous[1] !== start || end <= start) return false;
  if (out.starts[start] !== out.ends[start - 1] || disabledRules?.has('SPLIT.NO_GAP')) return false;
  out.sentences[last] = [previous[0], end];
  return true;
}

// Lower-cased forms of the model's strings, shared: the same words come back all through a document.
const LOWER = new Map<string, string>();
const LOWER_LIMIT = 100_000;

function lowerOf(value: string): string {
  // Most words are lower-case ASCII already, their own lower-case form: no look-up for them.
  if (isLowerAscii(value)) return value;
  let lower = LOWER.get(value);
  if (lower === undefined) {
    lower = value.toLowerCase();
    if (LOWER.size >= LOWER_LIMIT) LOWER.clear();
    LOWER.set(value, lower);
  }
  return lower;
}

/** Whether the string holds no ASCII capital and nothing past ASCII (`toLowerCase` leaves it as it is). */
export function isLowerAscii(value: string): boolean {
  for (let at = 0; at < value.length; at += 1) {
    const code = value.charCodeAt(at);
    if ((code >= 65 && code <= 90) || code > 127) return false;
  }
  return true;
}

function hasApostrophe(value: string): boolean {
  return value.indexOf("'") >= 0 || value.indexOf('’') >= 0;
}

const CLITIC = /^([\p{L}]+?)(n['’]t|['’]m|['’]re|['’]ve|['’]ll|['’]d|['’]s)$/iu;
const CLITIC_TAGS: Readonly<Record<string, { lemma: string; pos: Upos }>> = lexiconTable({
  "n't": { lemma: 'not', pos: 'PART' },
  "'m": { lemma: 'be', pos: 'AUX' },
  "'re": { lemma: 'be', pos: 'AUX' },
  "'ve": { lemma: 'have', pos: 'AUX' },
  "'ll": { lemma: 'will', pos: 'AUX' },
  "'d": { lemma: 'would', pos: 'AUX' },
  "'s": { lemma: 'be', pos: 'AUX' },
});

/** A syntactic word inside a written one: its length in characters, lemma and tag. */
interface WordPart {
  readonly length: number;
  readonly lemma: string;
  readonly pos: Upos;
}

const part = (length: number, lemma: string, pos: Upos): WordPart => ({ length, lemma, pos });

/**
 * Informal spellings of two or three words, split as UD English does ("gon na" for "gonna", "du n no" for
 * "dunno": EWT and GUM train and dev hold 121 "gonna", 23 "wanna", 17 "gotta", none kept whole); "alot" is
 * "a lot" (the words that depend on "lot" get their head).
 */
const INFORMAL_WORDS: Readonly<Record<string, readonly WordPart[]>> = lexiconTable({
  gonna: [part(3, 'go', 'VERB'), part(2, 'to', 'PART')],
  wanna: [part(3, 'want', 'VERB'), part(2, 'to', 'PART')],
  gotta: [part(3, 'get', 'VERB'), part(2, 'to', 'PART')],
  outta: [part(3, 'out', 'ADP'), part(2, 'of', 'ADP')],
  dunno: [part(2, 'do', 'AUX'), part(1, 'not', 'PART'), part(2, 'know', 'VERB')],
  alot: [part(1, 'a', 'DET'), part(3, 'lot', 'NOUN')],
});

/** Typed without their apostrophe ("thats", "im"): the pronoun and the verb, as UD English has them. */
const UNMARKED_CONTRACTIONS: Readonly<Record<string, readonly WordPart[]>> = lexiconTable({
  im: [part(1, 'I', 'PRON'), part(1, 'be', 'AUX')],
  thats: [part(4, 'that', 'PRON'), part(1, 'be', 'AUX')],
  theres: [part(5, 'there', 'PRON'), part(1, 'be', 'AUX')],
  whats: [part(4, 'what', 'PRON'), part(1, 'be', 'AUX')],
});

const IT_IS: readonly WordPart[] = [part(2, 'it', 'PRON'), part(1, 'be', 'AUX')];
const LET_US: readonly WordPart[] = [part(3, 'let', 'VERB'), part(1, 'we', 'PRON')];

/** Rule id: see `typedItsPredicative`. */
const TYPED_ITS_PREDICATIVE = 'TOKEN.TYPED_ITS_PREDICATIVE';

/** Adjectives a possessive "its" has before a comma or the sentence's end ("on its own.", "at its best."). */
const POSSESSIVE_ADJECTIVE = /^(?:own|\p{L}+est)$/u;
/** Words after which an adjective is no noun's modifier: it ends its phrase ("illegal to", "fab!"). */
const PHRASE_END = /^(?:[.,!?;:]+|to|that|because|if|when|but|so)$/;

/**
 * TOKEN.TYPED_ITS_PREDICATIVE: "its illegal to sell stolen property", "Its fab!", "if its a reel then its
 * scottish": "its" before an adjective that ends its phrase (the sentence's end, a mark, "to", "that",
 * "because") is "it's" typed without its apostrophe, the pronoun and the copula (EWT and GUM train: 12
 * typed "it s" so, against 3 possessives before an adjective and a mark, "its own,", "its biggest -").
 * A possessive's adjective goes on to a noun ("its new owner"), and "own" and superlatives are left out.
 */
function typedItsPredicative(
  value: string,
  values: readonly string[],
  index: number,
): readonly WordPart[] | undefined {
  if (value !== 'its' && value !== 'Its') return undefined;
  const next = nextWordIndex(values, index);
  if (next < 0) return undefined;
  const adjective = lowerOf(values[next]!);
  if (POSSESSIVE_ADJECTIVE.test(adjective) || !hasReading(adjective, 'ADJ') || hasReading(adjective, 'NOUN'))
    return undefined;
  const after = nextWordIndex(values, next);
  return after < 0 || PHRASE_END.test(lowerOf(values[after]!)) ? IT_IS : undefined;
}

const CLOCK_TIME = /^(\d{1,2}(?::\d\d)?)([ap]m)$/i;

/**
 * The words of a written word that UD English counts as several (see INFORMAL_WORDS), and a clock time
 * written with its "am"/"pm" ("5pm", "7:30PM": a number and a noun, as UD has them), or undefined.
 */
export function udWordParts(
  value: string,
  sentenceFirst: boolean,
  next: string,
): readonly WordPart[] | undefined {
  if (value.length < 2 || value.length > 7) return undefined;
  const lower = value.toLowerCase();
  const informal = INFORMAL_WORDS[lower];
  if (informal !== undefined) return informal;
  // "IM" (instant message) and "ITS" stay whole: only a word written in lower case or capitalised is split.
  const cased = value === lower || value.slice(1) === lower.slice(1);
  const unmarked = cased ? UNMARKED_CONTRACTIONS[lower] : undefined;
  if (unmarked !== undefined) return unmarked;
  if (cased && lower === 'its' && AFTER_TYPED_ITS.has(next.toLowerCase())) return IT_IS;
  // "Lets go": a sentence opening on "Lets" before a word that cannot be its object is "Let's" ("Lets you
  // choose" keeps the verb "lets" with its Subject left out).
  if (value === 'Lets' && sentenceFirst && /^\p{Ll}/u.test(next) && !LETS_OBJECT_START.has(next))
    return LET_US;
  const clock = CLOCK_TIME.exec(value);
  if (clock === null) return undefined;
  const number = clock[1]!;
  const suffix = clock[2]!;
  return [part(number.length, number, 'NUM'), part(suffix.length, suffix.toLowerCase(), 'NOUN')];
}

/**
 * Whether udWordParts may find parts in the word: two to seven characters ending in a, o, t, m or s
 * (either case), the last letters of every word it splits ("gonna", "dunno", "alot", "5pm", "thats",
 * "its", "Lets"). Most words fail this at once, and udWordParts (a lower-cased copy, table look-ups, a
 * regex) and the look-ahead for the next word are skipped for them.
 */
export function mayBeUdWords(value: string): boolean {
  if (value.length < 2 || value.length > 7) return false;
  const last = value.charCodeAt(value.length - 1) | 32;
  return last === 97 || last === 111 || last === 116 || last === 109 || last === 115;
}

/** The index of the next model token after `index` that is not white space (-1 at the end). */
function nextWordIndex(values: readonly string[], index: number): number {
  for (let next = index + 1; next < values.length; next += 1) {
    const value = values[next] ?? '';
    if (value.length > 0 && !isSpace(value.charCodeAt(0))) return next;
  }
  return -1;
}

/** The next model token after `index` that is not white space ("" at the end). */
function nextWord(values: readonly string[], index: number): string {
  for (let next = index + 1; next < values.length; next += 1) {
    const value = values[next] ?? '';
    if (value.length > 0 && !isSpace(value.charCodeAt(0))) return value;
  }
  return '';
}

function pushToken(
  out: TaggedText,
  value: string,
  lemma: string,
  tag: Upos,
  start: number,
  end: number,
): void {
  out.values.push(value);
  out.lower.push(value.toLowerCase());
  out.lemmas.push(lemma);
  out.pos.push(tag);
  out.starts.push(start);
  out.ends.push(end);
}

function isSpace(code: number): boolean {
  return code === 32 || code === 10 || code === 9 || code === 13 || code === 160 || code === 0x3000;
}

/** A recital's opening word ("WHEREAS", "Whereas"). */
const RECITAL_WORD = /^(?:WHEREAS|Whereas)$/;

/**
 * SPLIT.RECITAL: a contract's recitals run on as one sentence joined by semicolons ("…; and WHEREAS,
 * Licensee wishes …; NOW, THEREFORE, the Parties agree …"); each recital is a clause complex of its own,
 * so a sentence ends before the "WHEREAS" or "NOW, THEREFORE" that follows a semicolon (before the "and"
 * between them). Parsed as one, the recitals' Subjects and verbs were tied across them ("…; WHEREAS, NCM" |
 * "and Network Affiliate want …").
 */
function recitalStartsAt(out: TaggedText, index: number, first: number, end: number): boolean {
  let at = index;
  const value = out.values[at] ?? '';
  if (value === 'and' || value === 'AND') at += 1;
  else if (out.values[index - 1] !== ';') return false;
  if (at !== index && out.values[index - 1] !== ';') return false;
  if (index - 1 <= first || at >= end) return false;
  const word = out.values[at] ?? '';
  if (RECITAL_WORD.test(word)) return true;
  if (word !== 'NOW' && word !== 'Now') return false;
  const next = out.values[at + 1] === ',' ? at + 2 : at + 1;
  return /^(?:THEREFORE|Therefore)$/.test(out.values[next] ?? '');
}

/** A capital letter with its period, as wink-nlp keeps an initial ("A."). */
const LETTER_WITH_PERIOD = /^\p{Lu}\.$/u;
const SENTENCE_OPENING = /^(?:\p{Lu}|["“‘(])/u;

/**
 * Whether the letter-with-period token at `index` closes a reference to a document part ("Exhibit A."), or
 * (SPLIT.CODE_LETTER_END) a code whose digits it is written against ("Apt 3B.", "Room 12A.", "Form 10-K."):
 * wink-nlp cuts "3B." into "3" and an initial "B.", and so ran "Apt 3B. Upon arrival I heard music." on as
 * one sentence.
 */
function labelLetterAt(out: TaggedText, index: number): boolean {
  if (!LETTER_WITH_PERIOD.test(out.values[index] ?? '')) return false;
  if (LETTER_LABEL_WORDS.has(out.lower[index - 1] ?? '')) return true;
  return !out.disabledRules?.has(CODE_LETTER_END) && codeLetterAt(out, index);
}

const CODE_LETTER_END = 'SPLIT.CODE_LETTER_END';
const ENDS_IN_DIGIT = /\d$/;

/** The letter at `index` is written against a number before it, or against a hyphen written against one ("10-K."). */
function codeLetterAt(out: TaggedText, index: number): boolean {
  let before = index - 1;
  if (before < 0 || out.ends[before] !== out.starts[index]) return false;
  if (out.values[before] === '-' && before > 0 && out.ends[before - 1] === out.starts[before]) before -= 1;
  return ENDS_IN_DIGIT.test(out.values[before] ?? '');
}

/**
 * SPLIT.LABEL_LETTER_END: "... as described in Part A of Exhibit A. | "Base Amount" has the meaning ...":
 * wink-nlp keeps a capital letter and its period as one token, an initial ("A."), and so does not end the
 * sentence after a document part's letter; a letter with its period after "Exhibit", "Schedule", "Part",
 * "Section" and the like, followed by a capitalised word or an opening quotation mark or bracket, ends
 * the sentence (TOKEN.FINAL_PERIOD then parts the period from the letter).
 */
function labelLetterEndsBefore(out: TaggedText, index: number): boolean {
  return labelLetterAt(out, index - 1) && SENTENCE_OPENING.test(out.values[index] ?? '');
}

/** Characters and words of a heading line, at most (SPLIT.HEADING_LINE). */
const HEADING_LINE_CHARS = 40;
const HEADING_LINE_WORDS = 6;
/** Tags of a word a line of running text may break after but a heading does not end with. */
const CONTINUING_TAGS: ReadonlySet<string> = new Set(['ADP', 'DET', 'CCONJ', 'SCONJ', 'AUX', 'PART', 'PRON']);
const HEADING_LINE_END = /[\p{L}\p{N})]$/u;

/**
 * SPLIT.HEADING_LINE: "1. Heating repairs | The chair reported that ...", "Dear Sir or Madam | I am writing
 * ...": a short line that opens its paragraph (after a blank line or at the start of the text), ends in a
 * word with no mark after it and not in a word a wrapped line breaks after (a preposition, determiner,
 * conjunction, auxiliary, particle or pronoun), followed by a line break and a capitalised word, is a
 * heading or a salutation, a sentence of its own. A line break after a lower-case word otherwise ends no
 * sentence (a paragraph wrapped by hand), so the heading ran into the first sentence under it.
 */
function headingLineBefore(text: string, out: TaggedText, index: number): boolean {
  const lastEnd = out.ends[index - 1] ?? 0;
  if (CONTINUING_TAGS.has(out.pos[index - 1] ?? '')) return false;
  const lineStart = text.lastIndexOf('\n', lastEnd - 1) + 1;
  const line = text.slice(lineStart, lastEnd).trim();
  if (line.length === 0 || line.length > HEADING_LINE_CHARS || !HEADING_LINE_END.test(line)) return false;
  if (line.split(/\s+/).length > HEADING_LINE_WORDS) return false;
  // The line opens its paragraph: only white space with a blank line in it, or nothing, before it.
  let newlines = 0;
  for (let at = lineStart - 1; at >= 0; at -= 1) {
    const code = text.charCodeAt(at);
    if (code === 10) {
      newlines += 1;
      if (newlines >= 2) return true;
    } else if (code !== 32 && code !== 9 && code !== 13) return false;
  }
  return true;
}

function splitAtLines(
  text: string,
  first: number,
  end: number,
  out: TaggedText,
  cursor?: BreakCursor,
  recitals = true,
  labels = true,
  headings = true,
  labelLines = false,
  chatLines = false,
): void {
  // A sentence of white space only has no tokens left.
  if (end <= first) return;
  let start = first;
  for (let index = first + 1; index < end; index += 1) {
    const gapStart = out.ends[index - 1] ?? 0;
    const gapEnd = out.starts[index] ?? 0;
    if (gapEnd - gapStart === 0) continue;
    if (
      (recitals && recitalStartsAt(out, index, start, end)) ||
      (labels && labelLetterEndsBefore(out, index))
    ) {
      out.sentences.push([start, index]);
      start = index;
      continue;
    }
    if (cursor !== undefined) {
      // A forced break (a heading's edge) in this gap ends the sentence.
      const { breaks } = cursor;
      while (cursor.next < breaks.length && (breaks[cursor.next] as number) < gapStart) cursor.next += 1;
      if (cursor.next < breaks.length && (breaks[cursor.next] as number) <= gapEnd) {
        out.sentences.push([start, index]);
        start = index;
        continue;
      }
    }
    // Scan the gap in place (no substring per token): a line break, and a second one for a blank line.
    let newline = gapStart;
    while (newline < gapEnd && text.charCodeAt(newline) !== 10) newline += 1;
    if (newline >= gapEnd) continue;
    let second = newline + 1;
    while (second < gapEnd && text.charCodeAt(second) !== 10) second += 1;
    const blank = second < gapEnd;
    const next = out.values[index] ?? '';
    const previous = out.values[index - 1] ?? '';
    if (
      blank ||
      LIST_MARKER.test(next) ||
      (UPPER_START.test(next) &&
        (!LOWER_WORD.test(previous) || (headings && headingLineBefore(text, out, index)))) ||
      // SPLIT.LABEL_LINE: "Dana: hey is it still available" | "Ruiz: yes it is!": a line that opens with a
      // speaker's label starts a sentence, whatever the line before ends with (chat lines often end in none).
      (labelLines && labelColon(out.values, index, end) >= 0) ||
      // SPLIT.CHAT_LINES: in a thread of messages written one per line, each line is a message.
      chatLines
    ) {
      out.sentences.push([start, index]);
      start = index;
    }
  }
  out.sentences.push([start, end]);
}
