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
  return { syntactic, lower, lemma, pos, finite, head, verbalGroup, sentenceFinal: final };
}
