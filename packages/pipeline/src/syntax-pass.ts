import { clauseId, type Syntactic, type Token, type Upos } from '@cae/core';
import { type ClauseSegment, segmentClauses } from './clause-segmenter';
import { chunkGroups } from './group-chunker';
import { MODAL_EXPRESSIONS, MODAL_OPERATORS } from './lexicons/modal-lexicon';
import { scoreReadability } from './readability-scorer';
import { tagText } from './syntax-tagger';
import { type NormalizedText, normalizeText, originalEnd, originalStart } from './text-normalizer';

/** Words that mark negative polarity. */
export const NEGATION_WORDS: ReadonlySet<string> = new Set([
  'not',
  "n't",
  'n’t',
  'never',
  'no',
  'nothing',
  'nobody',
  'none',
  'neither',
  'nor',
  'nowhere',
  'cannot',
]);

/** A clause after pass 1, with the punctuation that ends its sentence (context for pass 2). */
export interface SyntaxClause {
  readonly syntactic: Syntactic;
  readonly sentenceFinal: string;
}

const FINAL_PUNCTUATION = /^[.!?…]+$|^[?!]+$/;

/**
 * Pass 1 over a whole document: sentences, tokens, clauses (ids from core's `clauseId`),
 * groups and readability, with offsets into `text` as given.
 */
export function runSyntaxPass(text: string, documentId: string): SyntaxClause[] {
  const normalized = normalizeText(text);
  const tagged = tagText(normalized.text);
  const clauses: SyntaxClause[] = [];
  for (let sentenceIndex = 0; sentenceIndex < tagged.sentences.length; sentenceIndex += 1) {
    const [from, to] = tagged.sentences[sentenceIndex] as readonly [number, number];
    if (to <= from) continue;
    const segments = segmentClauses(tagged, from, to);
    const readability = scoreReadability(tagged.values.slice(from, to));
    let final = '';
    for (let index = to - 1; index >= from; index -= 1) {
      const value = tagged.values[index] ?? '';
      if (tagged.pos[index] !== 'PUNCT' || !/[.!?]/.test(value)) {
        if (tagged.pos[index] === 'PUNCT' && /^["'”’)\]]+$/.test(value)) continue;
        break;
      }
      if (FINAL_PUNCTUATION.test(value)) {
        final = value.includes('?') ? '?' : value.includes('!') ? '!' : '.';
        break;
      }
    }
    const firstIndex = clauses.length;
    for (const segment of segments) {
      const clauseIndex = clauses.length;
      clauses.push({
        syntactic: buildSyntactic(text, normalized, tagged, segment, {
          documentId,
          clauseIndex,
          sentenceIndex,
          parentId: segment.parent >= 0 ? clauseId(documentId, firstIndex + segment.parent) : null,
          readability,
        }),
        sentenceFinal: final,
      });
    }
  }
  return clauses;
}

interface ClausePlace {
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
): Syntactic {
  const indices = segment.tokens;
  const group = segment.group;
  const tokens: Token[] = new Array(indices.length);
  const lower: string[] = new Array(indices.length);
  const pos: Upos[] = new Array(indices.length);
  let rootIndex = -1;
  for (let local = 0; local < indices.length; local += 1) {
    const index = indices[local] as number;
    const word = tagged.lower[index] ?? '';
    const lemma = tagged.lemmas[index] ?? word;
    const tag = tagged.pos[index] ?? 'X';
    const start = originalStart(normalized, tagged.starts[index] ?? 0);
    const end = Math.max(start, originalEnd(normalized, tagged.ends[index] ?? 0));
    const modal =
      (tag === 'AUX' && MODAL_OPERATORS[lemma] !== undefined) ||
      (MODAL_EXPRESSIONS[word] !== undefined && tagged.lower[index + 1] === 'to');
    tokens[local] = {
      index: local,
      text: original.slice(start, end),
      lemma,
      pos: tag,
      start,
      end,
      isFinite: group !== null && index === group.finite,
      isModal: modal,
      isNegation: NEGATION_WORDS.has(word),
    };
    lower[local] = word;
    pos[local] = tag;
    if (group !== null && index === group.head) rootIndex = local;
  }
  const textOf = (start: number, end: number): string => {
    const first = tokens[start];
    const last = tokens[end - 1];
    return first === undefined || last === undefined ? '' : original.slice(first.start, last.end);
  };
  const groups = chunkGroups({ lower, pos, textOf });
  if (rootIndex < 0) {
    const main = groups.find((candidate) => candidate.type === 'nominal') ?? groups[0];
    rootIndex = main === undefined ? 0 : main.head;
  }
  const first = tokens[0] as Token;
  const last = tokens[tokens.length - 1] as Token;
  return {
    id: clauseId(place.documentId, place.clauseIndex),
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
}
