import type { Group, GroupType, Upos } from '@cae/core';

/** Clause-local token data the chunker needs. */
export interface ChunkInput {
  readonly lower: readonly string[];
  readonly pos: readonly Upos[];
  /** Text of the clause tokens joined as in the document. */
  readonly textOf: (start: number, end: number) => string;
}

const NOMINAL = new Set<Upos>(['DET', 'ADJ', 'NUM', 'NOUN', 'PROPN', 'PRON']);
const NOMINAL_HEAD = new Set<Upos>(['NOUN', 'PROPN', 'PRON', 'NUM']);
const VERBAL = new Set<Upos>(['AUX', 'VERB']);
const NEGATORS = new Set(['not', "n't", 'never', 'n’t']);

function nominalEnd(input: ChunkInput, from: number): number {
  const { pos, lower } = input;
  let index = from;
  while (index < pos.length) {
    const tag = pos[index] ?? 'X';
    if (NOMINAL.has(tag)) {
      // A pronoun after a noun starts a new group ("gave the man it"), except possessive determiners.
      if ((tag === 'PRON' || tag === 'DET') && index > from && NOMINAL_HEAD.has(pos[index - 1] ?? 'X')) break;
      index += 1;
    } else if (tag === 'PART' && (lower[index] === "'s" || lower[index] === '’s') && index > from) index += 1;
    else if (
      tag === 'ADV' &&
      index + 1 < pos.length &&
      (pos[index + 1] === 'ADJ' || pos[index + 1] === 'NUM') &&
      index === from
    )
      index += 1;
    else break;
  }
  return index;
}

function nominalHead(pos: readonly Upos[], start: number, end: number): number {
  for (let index = end - 1; index >= start; index -= 1) if (NOMINAL_HEAD.has(pos[index] ?? 'X')) return index;
  return end - 1;
}

/**
 * Pass 1, groups: chunks a clause's tokens into nominal, verbal, prepositional, adverbial, adjectival and
 * conjunction groups, each with its token span and head. Punctuation, symbols and interjections stay outside.
 */
export function chunkGroups(input: ChunkInput): Group[] {
  const { pos, lower } = input;
  const groups: Group[] = [];
  const push = (type: GroupType, start: number, end: number, head: number): void => {
    groups.push({ type, start, end, head, text: input.textOf(start, end) });
  };
  let index = 0;
  while (index < pos.length) {
    const tag = pos[index] ?? 'X';
    if (tag === 'CCONJ' || tag === 'SCONJ') {
      push('conjunction', index, index + 1, index);
      index += 1;
    } else if (tag === 'ADP') {
      const end = nominalEnd(input, index + 1);
      push('prepositional', index, Math.max(end, index + 1), index);
      index = Math.max(end, index + 1);
    } else if (
      VERBAL.has(tag) ||
      (tag === 'PART' && (lower[index] === 'to' || NEGATORS.has(lower[index] ?? '')))
    ) {
      let end = index + 1;
      let head = VERBAL.has(tag) ? index : -1;
      while (end < pos.length) {
        const next = pos[end] ?? 'X';
        if (VERBAL.has(next)) head = end;
        else if (!(next === 'PART' || (next === 'ADV' && VERBAL.has(pos[end + 1] ?? 'X')))) break;
        end += 1;
      }
      if (head < 0) {
        push('adverbial', index, end, index);
      } else push('verbal', index, end, head);
      index = end;
    } else if (tag === 'ADJ' && !NOMINAL_HEAD.has(pos[index + 1] ?? 'X') && pos[index + 1] !== 'ADJ') {
      push('adjectival', index, index + 1, index);
      index += 1;
    } else if (
      NOMINAL.has(tag) ||
      (tag === 'ADV' && (pos[index + 1] === 'ADJ' || pos[index + 1] === 'NUM'))
    ) {
      const end = Math.max(nominalEnd(input, index), index + 1);
      const head = nominalHead(pos, index, end);
      const allAdjectives = pos.slice(index, end).every((t) => t === 'ADJ' || t === 'ADV');
      push(allAdjectives ? 'adjectival' : 'nominal', index, end, head);
      index = end;
    } else if (tag === 'ADV') {
      let end = index + 1;
      while (end < pos.length && pos[end] === 'ADV') end += 1;
      push('adverbial', index, end, end - 1);
      index = end;
    } else index += 1;
  }
  return groups;
}
