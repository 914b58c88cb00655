import { clauseId, type Group, type Syntactic, type Token, type Upos } from '@cae/core';
import type { Parser } from '@cae/parser';
import {
  type ClauseSegment,
  hyphenatedWordForward,
  openingPunctuationForward,
  openingQuoteForward,
  segmentClauses,
} from './clause-segmenter';
import { chunkGroups } from './group-chunker';
import { MODAL_EXPRESSIONS, MODAL_OPERATORS } from './lexicons/modal-lexicon';
import { NEGATION_WORDS, OPENING_QUOTES_BUT_APOSTROPHE } from './lexicons/word-classes';
import { quotationThenReportingSegments, reportingThenQuotationSegments } from './quotation-segments';
import { scoreReadability } from './readability-scorer';
import { everyRule, type TableRule } from './rule-table';
import { segmentExamples } from './segment-rules';
import { type PosSource, tagText } from './syntax-tagger';
import { type NormalizedText, normalizeText, originalEnd, originalStart } from './text-normalizer';
import {
  conjunctsOfDependents,
  coordinatedSubjectCut,
  joinSubjectPieceToFinite,
  mergePhraseSegments,
  nominalConjunctCut,
  splitMainAfterOpening,
  subjectAfterDependent,
  subjectBeforeSubordinator,
  thanksThenClause,
  treeClauseHeads,
  treeClauseSegments,
} from './tree-segments';

/** Lower-cased token texts, lemmas and tags of a clause, as pass 2 reads them (built once in pass 1). */
export interface ClauseArrays {
  readonly lower: string[];
  readonly lemma: string[];
  readonly pos: Upos[];
}

/** A clause after pass 1, with the punctuation that ends its sentence (context for pass 2). */
export interface SyntaxClause {
  readonly syntactic: Syntactic;
  readonly sentenceFinal: string;
  readonly arrays: ClauseArrays;
  /**
   * Whether the clause projects another (a frame for its process type): a reported or quoted clause of
   * the sentence depends on it, or a word outside it is the ccomp of one of its verbs in the tree.
   */
  readonly projects?: boolean;
  /**
   * The clause is dependent in form but its sentence has no independent clause and it hangs on none
   * ("Because I said so.", "If you have a cat, of course."): it is the sentence's move.
   */
  readonly standalone?: boolean;
}

// Lower-cased words of the clause being built, for the chunker only (reused: it keeps none of it).
const scratchLower: string[] = [];

const FINAL_PUNCTUATION = /^[.!?…]+$|^[?!]+$/;

/**
 * Pass 1 over a whole document: sentences, tokens, clauses (ids from core's `clauseId`),
 * groups and readability, with offsets into `text` as given.
 */
export function runSyntaxPass(text: string, documentId: string): SyntaxClause[] {
  const clauses: SyntaxClause[] = [];
  forEachSyntaxClause(text, documentId, (clause) => {
    clauses.push(clause);
  });
  return clauses;
}

/**
 * Pass 1, handing each clause to `emit` as soon as its sentence is done (in document order), so a caller
 * that runs pass 2 right away keeps no per-clause pass 1 data alive for the whole document.
 */
export function forEachSyntaxClause(
  text: string,
  documentId: string,
  emit: (clause: SyntaxClause) => void,
  disabledRules?: ReadonlySet<string>,
  posSource?: PosSource,
  breaks?: readonly number[],
  parser?: Parser,
): void {
  const normalized = normalizeText(text);
  const edges = breaks !== undefined && breaks.length > 0 ? normalizedOffsets(normalized, breaks) : undefined;
  const tagged = tagText(normalized.text, {
    ...(disabledRules ? { disabledRules } : {}),
    ...(posSource ? { posSource } : {}),
    ...(edges !== undefined ? { breaks: edges } : {}),
    ...(parser !== undefined ? { parser } : {}),
  });
  if (edges !== undefined) joinInsideBlocks(tagged, edges);
  everyRule(SENTENCE_SPAN_RULES, tagged, undefined, disabledRules);
  let clauseCount = 0;
  // Sentences that become clauses are numbered without gaps.
  let sentenceIndex = -1;
  for (let tagIndex = 0; tagIndex < tagged.sentences.length; tagIndex += 1) {
    const [from, to] = tagged.sentences[tagIndex] as readonly [number, number];
    if (to <= from) continue;
    sentenceIndex += 1;
    // The word-order segments, then the rows of the tree stage in order (TREE_SEGMENT_RULES).
    const sentence: SentenceSegments = { segments: segmentClauses(tagged, from, to) };
    everyRule(TREE_SEGMENT_RULES, sentence, { tagged, from, to, edges }, disabledRules);
    const { segments } = sentence;
    const readability = scoreReadability(tagged.values, from, to);
    const final = finalPunctuation(tagged, from, to - 1);
    // A quotation at the end holds its own "?" or "!": the reporting clause before it ("She asks, “Is
    // it late?”") does not ask; each quoted clause takes the punctuation that closes it.
    // (A clause that opens with a quotation mark and ends the sentence is such a quotation too: 'Nonna said |
    // "Why do you ask?"', the mark moved to it by SEGMENT.OPENING_QUOTE_FORWARD.)
    let quoteAtEnd = false;
    for (let local = 0; local < segments.length; local += 1) {
      const segment = segments[local] as ClauseSegment;
      if (segment.tokens[segment.tokens.length - 1] !== to - 1) continue;
      if (segment.relation === 'quote' || (local > 0 && quotationOpening(tagged, segment))) quoteAtEnd = true;
    }
    const closedByQuestion =
      final === '?' && !disabledRules?.has('SEGMENT.QUESTION_MARK_CLOSES')
        ? questionChain(segments, tagged.values)
        : null;
    let standalone = -1;
    if (!segments.some((segment) => segment.dependency === 'independent'))
      standalone = segments.findIndex((segment) => segment.parent < 0);
    const firstIndex = clauseCount;
    // One id per clause of the sentence, shared by its children (a parent may come after its child).
    const ids: string[] = new Array(segments.length);
    for (let local = 0; local < segments.length; local += 1)
      ids[local] = flatten(clauseId(documentId, firstIndex + local));
    for (let local = 0; local < segments.length; local += 1) {
      const segment = segments[local] as ClauseSegment;
      const clauseIndex = firstIndex + local;
      const place: ClausePlace = {
        id: ids[local] as string,
        documentId,
        clauseIndex,
        sentenceIndex,
        parentId:
          segment.parent >= 0
            ? (ids[segment.parent] ?? flatten(clauseId(documentId, firstIndex + segment.parent)))
            : null,
        readability,
      };
      clauseCount += 1;
      const clauseFinal =
        segment.relation === 'quote' || (quoteAtEnd && local > 0 && quotationOpening(tagged, segment))
          ? finalPunctuation(
              tagged,
              segment.tokens[0] ?? from,
              segment.tokens[segment.tokens.length - 1] ?? from,
            )
          : quoteAtEnd || (closedByQuestion !== null && !closedByQuestion.has(local))
            ? ''
            : final;
      const built = buildSyntactic(text, normalized, tagged, segment, place, clauseFinal);
      const projecting = projects(tagged, segments, local, from, to);
      emit(
        projecting || local === standalone
          ? {
              ...built,
              ...(projecting ? { projects: true } : {}),
              ...(local === standalone ? { standalone: true } : {}),
            }
          : built,
      );
    }
  }
}

/** Longest sentence (in tokens) whose clauses SEGMENT.TREE_CLAUSES takes from the parse. */
const TREE_CLAUSES_MAX_TOKENS = 60;

/**
 * The sentence spans of the tagged text, revised in order by these rows (the examples are the rows' own
 * in `SEGMENT_RULES`, run as their tests there).
 */
const SENTENCE_SPAN_RULES: readonly TableRule<ReturnType<typeof tagText>, undefined, void>[] = [
  {
    id: 'SEGMENT.TABLE_THEN_PROSE',
    when: () => true,
    decide: (tagged) => splitTableRuns(tagged),
    examples: segmentExamples('SEGMENT.TABLE_THEN_PROSE'),
  },
  {
    id: 'SEGMENT.PUNCTUATION_ONLY',
    when: () => true,
    decide: (tagged) => joinPunctuationOnly(tagged),
    examples: segmentExamples('SEGMENT.PUNCTUATION_ONLY'),
  },
];

/** A sentence's clause segments, which the rows of the tree stage revise in turn. */
interface SentenceSegments {
  segments: ClauseSegment[];
}

/** The sentence the tree stage reads: its tokens [from, to) and the heading blocks' edges, if any. */
interface SentenceSpan {
  readonly tagged: ReturnType<typeof tagText>;
  readonly from: number;
  readonly to: number;
  readonly edges: readonly number[] | undefined;
}

/**
 * The tree stage of segmentation (tree-segments.ts) as an ordered table run by `everyRule`: each row
 * (not switched off) whose `when` holds revises the word-order segments in turn. The examples are the
 * rows' examples in `SEGMENT_RULES`, run as their tests there (SEGMENT.TREE_SUBJECT_ACROSS_RELATIVE is part of SEGMENT.TREE_PHRASE_INTO_CLAUSE; SEGMENT.TREE_OPENING_ADVCL and
 * SEGMENT.OPENING_NON_FINITE_ROOT are parts of SEGMENT.TREE_CLAUSES).
 */
const TREE_SEGMENT_RULES: readonly TableRule<SentenceSegments, SentenceSpan, void>[] = [
  {
    id: 'SEGMENT.TREE_MAIN_AFTER_OPENING',
    when: () => true,
    decide: (sentence, { tagged, from, to }) => {
      sentence.segments = splitMainAfterOpening(tagged, sentence.segments, from, to);
    },
    examples: segmentExamples('SEGMENT.TREE_MAIN_AFTER_OPENING'),
  },
  {
    id: 'SEGMENT.TREE_PHRASE_INTO_CLAUSE',
    when: () => true,
    decide: (sentence, { tagged, from, to }) => {
      sentence.segments = mergePhraseSegments(tagged, sentence.segments, from, to);
    },
    examples: segmentExamples('SEGMENT.TREE_PHRASE_INTO_CLAUSE'),
  },
  {
    id: 'SEGMENT.TREE_CLAUSES',
    // A heading keeps its word-order segments; so does a sentence too long for the parse to hold its
    // clauses apart (a contract's run-on list or a flattened table).
    when: (_sentence, { tagged, from, to, edges }) =>
      to - from <= TREE_CLAUSES_MAX_TOKENS &&
      !(edges !== undefined && insideBlock(edges, tagged.starts[from] ?? 0)),
    decide: (sentence, { tagged, from, to }) => {
      sentence.segments = treeClauseSegments(tagged, sentence.segments, from, to);
    },
    examples: segmentExamples('SEGMENT.TREE_CLAUSES'),
  },
  {
    id: 'SEGMENT.TREE_QUOTATION_THEN_REPORTING',
    when: () => true,
    decide: (sentence, { tagged, from, to }) => {
      sentence.segments = quotationThenReportingSegments(tagged, sentence.segments, from, to);
    },
    examples: segmentExamples('SEGMENT.TREE_QUOTATION_THEN_REPORTING'),
  },
  {
    id: 'SEGMENT.TREE_REPORTING_THEN_QUOTATION',
    when: () => true,
    decide: (sentence, { tagged, from, to }) => {
      sentence.segments = reportingThenQuotationSegments(tagged, sentence.segments, from, to);
    },
    examples: segmentExamples('SEGMENT.TREE_REPORTING_THEN_QUOTATION'),
  },
  {
    id: 'SEGMENT.TREE_CLAUSE_HEAD',
    when: () => true,
    decide: (sentence, { tagged, from, to }) => treeClauseHeads(tagged, sentence.segments, from, to),
    examples: segmentExamples('SEGMENT.TREE_CLAUSE_HEAD'),
  },
  {
    id: 'SEGMENT.SUBJECT_BEFORE_SUBORDINATOR',
    when: () => true,
    decide: (sentence, { tagged }) => {
      sentence.segments = subjectBeforeSubordinator(tagged, sentence.segments);
    },
    examples: segmentExamples('SEGMENT.SUBJECT_BEFORE_SUBORDINATOR'),
  },
  {
    id: 'SEGMENT.SUBJECT_AFTER_DEPENDENT',
    when: () => true,
    decide: (sentence, { tagged, from, to }) => {
      sentence.segments = subjectAfterDependent(tagged, sentence.segments, from, to);
    },
    examples: segmentExamples('SEGMENT.SUBJECT_AFTER_DEPENDENT'),
  },
  {
    id: 'SEGMENT.COORDINATED_SUBJECT_CUT',
    when: () => true,
    decide: (sentence, { tagged, from, to }) => {
      sentence.segments = coordinatedSubjectCut(tagged, sentence.segments, from, to);
    },
    examples: segmentExamples('SEGMENT.COORDINATED_SUBJECT_CUT'),
  },
  {
    id: 'SEGMENT.NOMINAL_CONJUNCT_CUT',
    when: () => true,
    decide: (sentence, { tagged, from, to }) => {
      sentence.segments = nominalConjunctCut(tagged, sentence.segments, from, to);
    },
    examples: segmentExamples('SEGMENT.NOMINAL_CONJUNCT_CUT'),
  },
  {
    id: 'SEGMENT.SUBJECT_PIECE_THEN_FINITE',
    when: () => true,
    decide: (sentence, { tagged, to }) => {
      sentence.segments = joinSubjectPieceToFinite(tagged, sentence.segments, to);
    },
    examples: segmentExamples('SEGMENT.SUBJECT_PIECE_THEN_FINITE'),
  },
  {
    id: 'SEGMENT.SUBJECT_PIECE_THEN_PAST_VERB',
    when: () => true,
    decide: (sentence, { tagged, to }) => {
      sentence.segments = joinSubjectPieceToFinite(tagged, sentence.segments, to, 'past');
    },
    examples: segmentExamples('SEGMENT.SUBJECT_PIECE_THEN_PAST_VERB'),
  },
  {
    id: 'SEGMENT.TREE_CONJUNCT_OF_DEPENDENT',
    // Not in a sentence too long for the parse to hold its clauses apart (as SEGMENT.TREE_CLAUSES).
    when: (_sentence, { from, to }) => to - from <= TREE_CLAUSES_MAX_TOKENS,
    decide: (sentence, { tagged, from, to }) => conjunctsOfDependents(tagged, sentence.segments, from, to),
    examples: segmentExamples('SEGMENT.TREE_CONJUNCT_OF_DEPENDENT'),
  },
  {
    id: 'SEGMENT.THANKS_THEN_CLAUSE',
    when: () => true,
    decide: (sentence, { tagged, from, to }) => {
      sentence.segments = thanksThenClause(tagged, sentence.segments, from, to);
    },
    examples: segmentExamples('SEGMENT.THANKS_THEN_CLAUSE'),
  },
  {
    id: 'SEGMENT.OPENING_BRACKET_FORWARD',
    when: () => true,
    decide: (sentence, { tagged, to }) => openingPunctuationForward(tagged, sentence.segments, to),
    examples: segmentExamples('SEGMENT.OPENING_BRACKET_FORWARD'),
  },
  {
    id: 'SEGMENT.OPENING_QUOTE_FORWARD',
    when: () => true,
    decide: (sentence, { tagged, to }) => openingQuoteForward(tagged, sentence.segments, to),
    examples: segmentExamples('SEGMENT.OPENING_QUOTE_FORWARD'),
  },
  {
    id: 'SEGMENT.HYPHENATED_WORD_WHOLE',
    when: () => true,
    decide: (sentence, { tagged, to }) => hyphenatedWordForward(tagged, sentence.segments, to),
    examples: segmentExamples('SEGMENT.HYPHENATED_WORD_WHOLE'),
  },
];

/** Whether `offset` falls inside one of the [start, end) pairs of `edges` (ascending). */
function insideBlock(edges: readonly number[], offset: number): boolean {
  // Binary search for the last pair that starts at or before the offset (the pairs do not overlap).
  let low = 0;
  let high = (edges.length >> 1) - 1;
  let last = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((edges[2 * middle] as number) <= offset) {
      last = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return last >= 0 && offset < (edges[2 * last + 1] as number);
}

/** Offsets of the text as given, ascending, as offsets of the normalised text. */
function normalizedOffsets(normalized: NormalizedText, offsets: readonly number[]): readonly number[] {
  const { starts } = normalized;
  if (starts === null) return offsets;
  const length = normalized.text.length;
  return offsets.map((offset) => {
    // The first unit of the normalised text that starts at or after the offset.
    let low = 0;
    let high = length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((starts[middle] as number) < offset) low = middle + 1;
      else high = middle;
    }
    return low;
  });
}

/**
 * A heading is one sentence: "12. | LIMITATION OF LIABILITY", which the splitter cuts after the number,
 * is joined again. `edges` holds the start and end of each heading, ascending.
 */
function joinInsideBlocks(tagged: ReturnType<typeof tagText>, edges: readonly number[]): void {
  const { sentences, starts } = tagged;
  let kept = 0;
  let pair = 0;
  for (let index = 0; index < sentences.length; index += 1) {
    const span = sentences[index] as readonly [number, number];
    const start = starts[span[0]] ?? 0;
    while (pair + 1 < edges.length && (edges[pair + 1] as number) <= start) pair += 2;
    const previous = kept > 0 ? (sentences[kept - 1] as readonly [number, number]) : undefined;
    if (
      previous !== undefined &&
      span[1] > span[0] &&
      pair + 1 < edges.length &&
      start > (edges[pair] as number) &&
      (starts[previous[0]] ?? 0) >= (edges[pair] as number)
    ) {
      sentences[kept - 1] = [previous[0], span[1]];
      continue;
    }
    sentences[kept] = span;
    kept += 1;
  }
  sentences.length = kept;
}

/** Blank characters between two tokens that make a column gap of a flattened table. */
const WIDE_GAP = 3;
/** Wide gaps a sentence must run through without a verb before it reads as a table. */
const TABLE_GAPS = 3;

/**
 * SEGMENT.TABLE_THEN_PROSE: a table flattened into one line ("[***]   DESCRIPTION   [***]   VALVE ...",
 * "Create Report   ***   View   ***") runs on into the prose after it when nothing ends a sentence
 * between them. Once a sentence has run through three wide gaps (three blanks or more) without a
 * verb, the stretch after a wide gap that holds a verb starts a sentence of its own: the table stays
 * a verbless fragment and the prose its own clauses. Prose wrapped with wide gaps ("the Joint
 * Venture      shall have") has its verb before three gaps are passed and is left as it is.
 */
function splitTableRuns(tagged: ReturnType<typeof tagText>): void {
  const { sentences, starts, ends } = tagged;
  let out: Array<readonly [number, number]> | null = null;
  for (let at = 0; at < sentences.length; at += 1) {
    const span = sentences[at] as readonly [number, number];
    const [from, to] = span;
    let start = from;
    let gaps = 0;
    let verb = proseVerb(tagged, from);
    for (let index = from + 1; index < to && !verb; index += 1) {
      if ((starts[index] as number) - (ends[index - 1] as number) < WIDE_GAP) {
        verb = proseVerb(tagged, index);
        continue;
      }
      if (gaps >= TABLE_GAPS && cellHasVerb(tagged, index, to)) {
        out ??= sentences.slice(0, at);
        out.push([start, index]);
        start = index;
        break;
      }
      gaps += 1;
      verb = proseVerb(tagged, index);
    }
    if (out !== null) out.push(start === from ? span : [start, to]);
  }
  if (out === null) return;
  sentences.length = 0;
  for (const span of out) sentences.push(span);
}

/** A verb written in lower case ("shall", "pays"): a capitalised one may be a table cell misread ("PUMP", "View"). */
function proseVerb(tagged: ReturnType<typeof tagText>, index: number): boolean {
  const tag = tagged.pos[index];
  if (tag !== 'VERB' && tag !== 'AUX') return false;
  const code = (tagged.values[index] as string).charCodeAt(0);
  return code >= 97 && code <= 122;
}

/**
 * Whether the tokens from `index` up to the next wide gap (or `to`) read as prose: a verb and two
 * lower-case words (a cell in capitals or title case, "PUMP-B", "Create Report", is no prose).
 */
function cellHasVerb(tagged: ReturnType<typeof tagText>, index: number, to: number): boolean {
  const { starts, ends, values } = tagged;
  let verb = false;
  let lower = 0;
  for (let at = index; at < to; at += 1) {
    if (at > index && (starts[at] as number) - (ends[at - 1] as number) >= WIDE_GAP) break;
    if (proseVerb(tagged, at)) verb = true;
    const code = (values[at] as string).charCodeAt(0);
    if (code >= 97 && code <= 122) lower += 1;
    if (verb && lower >= 2) return true;
  }
  return false;
}

/**
 * SEGMENT.PUNCTUATION_ONLY: a redaction mark ("[***]"), a dashed rule or a row of dots between
 * sentences, a "sentence" without a letter, a digit, "?" or "!", is no clause of its own: it joins the
 * sentence before it (the first sentence of the text: the one after it). A lone "?" or "!" is a move.
 */
function joinPunctuationOnly(tagged: ReturnType<typeof tagText>): void {
  const { sentences, values } = tagged;
  let kept = 0;
  for (let index = 0; index < sentences.length; index += 1) {
    const span = sentences[index] as readonly [number, number];
    const [from, to] = span;
    if (to > from && !hasWord(values, from, to) && !hasQuestionOrExclamation(values, from, to)) {
      if (kept > 0) {
        const previous = sentences[kept - 1] as readonly [number, number];
        sentences[kept - 1] = [previous[0], to];
        continue;
      }
      const next = sentences[index + 1];
      if (next !== undefined && next[0] === to) {
        sentences[index + 1] = [from, next[1]];
        continue;
      }
    }
    sentences[kept] = span;
    kept += 1;
  }
  sentences.length = kept;
}

function hasQuestionOrExclamation(values: readonly string[], from: number, to: number): boolean {
  for (let index = from; index < to; index += 1) {
    const value = values[index] as string;
    if (value.includes('?') || value.includes('!')) return true;
  }
  return false;
}

/** Whether a token of [from, to) holds a letter or a digit. */
function hasWord(values: readonly string[], from: number, to: number): boolean {
  for (let index = from; index < to; index += 1) {
    const value = values[index] as string;
    for (let at = 0; at < value.length; at += 1) {
      const code = value.charCodeAt(at);
      // ASCII letters and digits, or anything past ASCII that is a letter or number.
      if ((code >= 48 && code <= 57) || ((code | 32) >= 97 && (code | 32) <= 122)) return true;
      if (code > 127 && WORD_CHARACTER.test(value[at] as string)) return true;
    }
  }
  return false;
}

const WORD_CHARACTER = /[\p{L}\p{N}]/u;
/** A quotation mark that opens a reported clause ("She said, “Is it late?”"). */
const OPENING_QUOTE = /^["“‘'«]$/;

/**
 * The segments a sentence-final "?" closes: the clause that ends the sentence and, while it is dependent,
 * the clauses it hangs on, up to the first independent or paratactic one ("Did you see the man | who
 * left?" asks in both), but not past a quotation, which keeps its "?" to itself. A clause before it in its own right ("I was at home, | and what were you
 * doing?", "You're coming, | aren't you?") does not take the question mark (SEGMENT.QUESTION_MARK_CLOSES).
 */
function questionChain(segments: readonly ClauseSegment[], values: readonly string[]): Set<number> {
  let last = 0;
  let lastToken = -1;
  segments.forEach((segment, local) => {
    const end = segment.tokens[segment.tokens.length - 1] ?? -1;
    if (end > lastToken) {
      lastToken = end;
      last = local;
    }
  });
  const chain = new Set<number>();
  let current = last;
  while (current >= 0 && !chain.has(current)) {
    chain.add(current);
    const segment = segments[current] as ClauseSegment;
    if (segment.dependency === 'independent' || segment.dependency === 'paratactic') break;
    // A quotation keeps its own question mark: "My mother says, | “Is it time to go?”" asks in the
    // quotation only; the reporting clause states.
    if (
      segment.relation === 'quote' ||
      (segment.relation === 'reported' && OPENING_QUOTE.test(values[segment.tokens[0] ?? -1] ?? ''))
    )
      break;
    current = segment.parent;
  }
  return chain;
}

/**
 * Whether segment `local` projects a clause: a reported or quoted segment has it as parent, or a token of
 * the sentence outside it is a ccomp whose head is one of its verbs ("She said | the shop was closed").
 */
function projects(
  tagged: ReturnType<typeof tagText>,
  segments: readonly ClauseSegment[],
  local: number,
  from: number,
  to: number,
): boolean {
  for (const other of segments)
    if (other.parent === local && (other.relation === 'reported' || other.relation === 'quote')) return true;
  // The clause's own tokens, gathered at the first ccomp of the sentence (most sentences have none).
  let own: Set<number> | undefined;
  for (let index = from; index < to; index += 1) {
    if (tagged.deprels[index] !== 'ccomp') continue;
    own ??= new Set((segments[local] as ClauseSegment).tokens);
    if (own.has(index)) continue;
    const head = tagged.heads[index] ?? -1;
    if (own.has(head) && tagged.pos[head] === 'VERB') return true;
  }
  return false;
}

/** Whether a clause opens with a quotation mark ('"Why do you ask?"', '“Is it late?”'). */
function quotationOpening(tagged: ReturnType<typeof tagText>, segment: ClauseSegment): boolean {
  return OPENING_QUOTES_BUT_APOSTROPHE.has(tagged.lower[segment.tokens[0] ?? -1] ?? '');
}

/**
 * The punctuation ('.', '?', '!' or '') that ends the tokens [from, last], read back from `last` over
 * closing quotation marks and brackets.
 */
function finalPunctuation(tagged: ReturnType<typeof tagText>, from: number, last: number): string {
  for (let index = last; index >= from; index -= 1) {
    const value = tagged.values[index] ?? '';
    if (tagged.pos[index] !== 'PUNCT' || !/[.!?]/.test(value)) {
      if (tagged.pos[index] === 'PUNCT' && /^["'”’)\]]+$/.test(value)) continue;
      break;
    }
    // "Direct Dial:? 203.961.7523": a "?" right after a colon is a mis-encoded space, not a question.
    if (value === '?' && tagged.values[index - 1] === ':') break;
    if (FINAL_PUNCTUATION.test(value)) return value.includes('?') ? '?' : value.includes('!') ? '!' : '.';
  }
  return '';
}

/**
 * The same string, flattened: an id built by concatenation is a tree of pieces until something reads it as a
 * whole, and the output keeps every id; flat, the garbage collector drops the tree.
 */
function flatten(text: string): string {
  text.charCodeAt(0);
  return text;
}

interface ClausePlace {
  readonly id: string;
  readonly documentId: string;
  readonly clauseIndex: number;
  readonly sentenceIndex: number;
  readonly parentId: string | null;
  readonly readability: Syntactic['readability'];
}

function buildSyntactic(
  original: string,
  normalized: NormalizedText,
  tagged: ReturnType<typeof tagText>,
  segment: ClauseSegment,
  place: ClausePlace,
  sentenceFinal: string,
): SyntaxClause {
  const indices = segment.tokens;
  const group = segment.group;
  const count = indices.length;
  const finiteAt = group === null ? -1 : group.finite;
  const headAt = group === null ? -1 : group.head;
  const tokens: Token[] = new Array(count);
  const lower = scratchLower;
  const viewLower: string[] = new Array(count);
  const lemmas: string[] = new Array(count);
  const pos: Upos[] = new Array(count);
  const clean = normalized.starts === null;
  const { values } = tagged;
  let rootIndex = -1;
  for (let local = 0; local < count; local += 1) {
    const index = indices[local] as number;
    const word = tagged.lower[index] ?? '';
    const lemma = tagged.lemmas[index] ?? word;
    const tag = tagged.pos[index] ?? 'X';
    const taggedStart = tagged.starts[index] ?? 0;
    const taggedEnd = tagged.ends[index] ?? 0;
    const start = clean ? taggedStart : originalStart(normalized, taggedStart);
    const mappedEnd = clean ? taggedEnd : originalEnd(normalized, taggedEnd);
    const end = Math.max(start, mappedEnd);
    const value = values[index] ?? '';
    // The tagger's value is the model's shared string: reuse it when the text as given is the same.
    const same = end - start === value.length && original.startsWith(value, start);
    const text = same ? value : original.slice(start, end);
    const modal =
      (tag === 'AUX' && MODAL_OPERATORS[lemma] !== undefined) ||
      (tagged.lower[index + 1] === 'to' && MODAL_EXPRESSIONS[word] !== undefined);
    const head = tagged.heads[index] ?? -1;
    const headTagged = head < 0 ? -1 : (tagged.starts[head] ?? 0);
    tokens[local] = {
      index: local,
      text,
      lemma,
      pos: tag,
      start,
      end,
      isFinite: index === finiteAt,
      isModal: modal,
      isNegation: NEGATION_WORDS.has(word),
      headStart: head < 0 ? null : clean ? headTagged : originalStart(normalized, headTagged),
      deprel: tagged.deprels[index] ?? 'dep',
    };
    lower[local] = word;
    // Pass 2 reads the lower-cased text as given, which is the tagged word unless normalisation changed it.
    viewLower[local] = same ? word : text.toLowerCase();
    lemmas[local] = lemma;
    pos[local] = tag;
    if (index === headAt) rootIndex = local;
  }
  const groups = chunkGroups(lower, pos, tokens, original, tagged.disabledRules);
  if (rootIndex < 0) {
    let main: Group | undefined;
    for (let index = 0; index < groups.length; index += 1) {
      if ((groups[index] as Group).type === 'nominal') {
        main = groups[index];
        break;
      }
    }
    main ??= groups[0];
    rootIndex = main === undefined ? 0 : main.head;
  }
  const first = tokens[0] as Token;
  const last = tokens[count - 1] as Token;
  const syntactic: Syntactic = {
    id: place.id,
    text: original.slice(first.start, last.end),
    tokens,
    groups,
    rootIndex,
    sentenceIndex: place.sentenceIndex,
    clauseIndex: place.clauseIndex,
    start: first.start,
    end: last.end,
    documentId: place.documentId,
    parentClauseId: place.parentId,
    dependency: segment.dependency,
    relation: segment.relation,
    readability: place.readability,
  };
  return { syntactic, sentenceFinal, arrays: { lower: viewLower, lemma: lemmas, pos } };
}
