import { clauseId, type Group, type Syntactic, type Token, type Upos } from '@cae/core';
import { type ClauseSegment, segmentClauses } from './clause-segmenter';
import { chunkGroups } from './group-chunker';
import { MODAL_EXPRESSIONS, MODAL_OPERATORS } from './lexicons/modal-lexicon';
import { NEGATION_WORDS } from './lexicons/word-classes';
import { scoreReadability } from './readability-scorer';
import { type PosSource, tagText } from './syntax-tagger';
import { type NormalizedText, normalizeText, originalEnd, originalStart } from './text-normalizer';
import { splitMainAfterOpening } from './tree-segments';

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
): void {
  const normalized = normalizeText(text);
  const tagged = tagText(normalized.text, {
    ...(disabledRules ? { disabledRules } : {}),
    ...(posSource ? { posSource } : {}),
  });
  let clauseCount = 0;
  for (let sentenceIndex = 0; sentenceIndex < tagged.sentences.length; sentenceIndex += 1) {
    const [from, to] = tagged.sentences[sentenceIndex] as readonly [number, number];
    if (to <= from) continue;
    const segments = disabledRules?.has('SEGMENT.TREE_MAIN_AFTER_OPENING')
      ? segmentClauses(tagged, from, to)
      : splitMainAfterOpening(tagged, segmentClauses(tagged, from, to), from, to);
    const readability = scoreReadability(tagged.values, from, to);
    const final = finalPunctuation(tagged, from, to - 1);
    // A quotation at the end holds its own "?" or "!": the reporting clause before it ("She asks, “Is
    // it late?”") does not ask; each quoted clause takes the punctuation that closes it.
    let quoteAtEnd = false;
    for (const segment of segments)
      if (segment.relation === 'quote' && segment.tokens[segment.tokens.length - 1] === to - 1)
        quoteAtEnd = true;
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
        segment.relation === 'quote'
          ? finalPunctuation(
              tagged,
              segment.tokens[0] ?? from,
              segment.tokens[segment.tokens.length - 1] ?? from,
            )
          : quoteAtEnd
            ? ''
            : final;
      const built = buildSyntactic(text, normalized, tagged, segment, place, clauseFinal);
      emit(projects(tagged, segments, local, from, to) ? { ...built, projects: true } : built);
    }
  }
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
  const own = new Set((segments[local] as ClauseSegment).tokens);
  for (let index = from; index < to; index += 1) {
    if (own.has(index) || tagged.deprels[index] !== 'ccomp') continue;
    const head = tagged.heads[index] ?? -1;
    if (own.has(head) && tagged.pos[head] === 'VERB') return true;
  }
  return false;
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
  const groups = chunkGroups(lower, pos, tokens, original);
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
