import type { Group, Syntactic, Upos } from '@cae/core';

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
}

/** Builds the view of a clause; `sentenceFinal` falls back to the clause's own last punctuation. */
export function viewClause(syntactic: Syntactic, sentenceFinal?: string): ClauseView {
  const { tokens } = syntactic;
  const lower: string[] = new Array(tokens.length);
  const lemma: string[] = new Array(tokens.length);
  const pos: Upos[] = new Array(tokens.length);
  let finite = -1;
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index];
    if (token === undefined) continue;
    lower[index] = token.text.toLowerCase();
    lemma[index] = token.lemma;
    pos[index] = token.pos;
    if (finite < 0 && token.isFinite) finite = index;
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
  return { syntactic, lower, lemma, pos, finite, head, verbalGroup, sentenceFinal: final };
}
