import type { Group, Syntactic, Token, Upos } from '@cae/core';

/** Flat, lower-cased view of a clause's tokens that the pass 2 rules read. */
export interface ClauseView {
  readonly syntactic: Syntactic;
  readonly lower: readonly string[];
  readonly lemma: readonly string[];
  readonly pos: readonly Upos[];
  /** Local index of the Finite, or -1. */
  readonly finite: number;
  /** Local index of the main verb (Event), or -1 when verbless. */
  readonly head: number;
  /** The verbal group holding the head, if any. */
  readonly verbalGroup: Group | undefined;
  /** Punctuation that ends the clause's sentence ('.', '?', '!' or ''). */
  readonly sentenceFinal: string;
  /**
   * Local index of each token's head in the tree: the clause's token that starts at its `headStart` (the
   * last one, should two start there), -1 for a root or a head outside the clause.
   */
  readonly heads: readonly number[];
}

/** Token columns of a clause computed elsewhere (the compile path builds them in pass 1). */
export interface ViewArrays {
  readonly lower: readonly string[];
  readonly lemma: readonly string[];
  readonly pos: readonly Upos[];
}

/**
 * Builds the view of a clause; `sentenceFinal` falls back to the clause's own last punctuation.
 * `arrays`, when given, must hold exactly what this would compute from the tokens.
 */
export function viewClause(syntactic: Syntactic, sentenceFinal?: string, arrays?: ViewArrays): ClauseView {
  const { tokens } = syntactic;
  let finite = -1;
  let lower: readonly string[];
  let lemma: readonly string[];
  let pos: readonly Upos[];
  if (arrays === undefined) {
    const lowerOut: string[] = new Array(tokens.length);
    const lemmaOut: string[] = new Array(tokens.length);
    const posOut: Upos[] = new Array(tokens.length);
    for (let index = 0; index < tokens.length; index += 1) {
      const token = tokens[index];
      if (token === undefined) continue;
      lowerOut[index] = token.text.toLowerCase();
      lemmaOut[index] = token.lemma;
      posOut[index] = token.pos;
      if (finite < 0 && token.isFinite) finite = index;
    }
    lower = lowerOut;
    lemma = lemmaOut;
    pos = posOut;
  } else {
    ({ lower, lemma, pos } = arrays);
    for (let index = 0; index < tokens.length; index += 1) {
      if (tokens[index]?.isFinite === true) {
        finite = index;
        break;
      }
    }
  }
  const root = tokens[syntactic.rootIndex];
  const head = root !== undefined && (root.pos === 'VERB' || root.pos === 'AUX') ? syntactic.rootIndex : -1;
  const verbalGroup =
    head < 0
      ? undefined
      : syntactic.groups.find((group) => group.type === 'verbal' && group.start <= head && head < group.end);
  let final = sentenceFinal;
  if (final === undefined) {
    final = '';
    for (let index = tokens.length - 1; index >= 0; index -= 1) {
      const text = tokens[index]?.text ?? '';
      if (tokens[index]?.pos !== 'PUNCT') break;
      if (text.includes('?')) final = '?';
      else if (text.includes('!')) final = '!';
      else if (text.includes('.')) final = '.';
      if (final !== '') break;
    }
  }
  return {
    syntactic,
    lower,
    lemma,
    pos,
    finite,
    head,
    verbalGroup,
    sentenceFinal: final,
    heads: localHeads(tokens),
  };
}

/** The `heads` of a clause view (see ClauseView). */
function localHeads(tokens: readonly Token[]): number[] {
  const count = tokens.length;
  const starts: number[] = new Array(count);
  let ascending = true;
  for (let index = 0; index < count; index += 1) {
    starts[index] = (tokens[index] as Token).start;
    if (index > 0 && (starts[index] as number) < (starts[index - 1] as number)) ascending = false;
  }
  // Token starts ascend but for odd offsets the normaliser maps together: a map then finds the heads.
  let byStart: Map<number, number> | undefined;
  if (!ascending) {
    byStart = new Map();
    for (let index = 0; index < count; index += 1) byStart.set(starts[index] as number, index);
  }
  const heads: number[] = new Array(count);
  for (let index = 0; index < count; index += 1) {
    const headStart = (tokens[index] as Token).headStart;
    heads[index] =
      headStart === null
        ? -1
        : byStart === undefined
          ? lastIndexAt(starts, headStart)
          : (byStart.get(headStart) ?? -1);
  }
  return heads;
}

/** The last index of ascending `starts` that holds `start`, or -1. */
function lastIndexAt(starts: readonly number[], start: number): number {
  let low = 0;
  let high = starts.length;
  // The first index past `start`: the one before it is the last that may hold it.
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((starts[middle] as number) <= start) low = middle + 1;
    else high = middle;
  }
  return low > 0 && starts[low - 1] === start ? low - 1 : -1;
}
