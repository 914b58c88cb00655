/**
 * Pass 1 against a treebank on the project's own tokens: each sentence's text goes through wink-nlp's
 * tokenisation and sentence splitting as in a compile, and only tokens whose character span equals a
 * gold word's are scored (the rest are counted as not aligned). UAS needs the head's span to match the
 * gold head's span (or both to be roots); LAS also the universal part of the relation, as CoNLL 2018.
 */
import { loadParser } from '@cae/parser';
import { type PosSource, tagText } from '../src/syntax-tagger';
import type { UdSentence } from './ud-conllu';

export interface ParseScores {
  words: number;
  aligned: number;
  /** Tags as pass 1 gives them for `posSource`. */
  upos: number;
  /** The trained tagger's own tags, before pass 1's corrections. */
  taggerUpos: number;
  uas: number;
  las: number;
}

export interface ParseOptions {
  /**
   * Score the sentences written in capitals (`text.toUpperCase()`; a sentence whose length that changes is
   * left out), as contracts write their disclaimers: the gold tags and heads do not depend on case.
   */
  readonly capitals?: boolean;
  readonly disabledRules?: ReadonlySet<string>;
}

export function scoreParse(
  sentences: readonly UdSentence[],
  posSource: PosSource,
  options: ParseOptions = {},
): ParseScores {
  const scores: ParseScores = { words: 0, aligned: 0, upos: 0, taggerUpos: 0, uas: 0, las: 0 };
  const parser = loadParser();
  for (const sentence of sentences) {
    const text = options.capitals === true ? sentence.text.toUpperCase() : sentence.text;
    if (text.length !== sentence.text.length) continue;
    const tagged = tagText(text, {
      posSource,
      ...(options.disabledRules !== undefined ? { disabledRules: options.disabledRules } : {}),
    });
    const taggerTags = new Array<string>(tagged.values.length).fill('');
    for (const [start, end] of tagged.sentences) {
      const words = parser.tag(tagged.values.slice(start, end));
      for (let local = 0; local < words.length; local += 1) taggerTags[start + local] = words[local]!.upos;
    }
    const bySpan = new Map<string, number>();
    for (let index = 0; index < tagged.values.length; index += 1)
      bySpan.set(`${tagged.starts[index]}:${tagged.ends[index]}`, index);
    const goldSpan = (id: number) => {
      const head = sentence.tokens.find((token) => token.id === id);
      return head === undefined ? 'none' : `${head.start}:${head.end}`;
    };
    for (const token of sentence.tokens) {
      scores.words += 1;
      const ours = bySpan.get(`${token.start}:${token.end}`);
      if (ours === undefined) continue;
      scores.aligned += 1;
      if (tagged.pos[ours] === token.upos) scores.upos += 1;
      if (taggerTags[ours] === token.upos) scores.taggerUpos += 1;
      const head = tagged.heads[ours] ?? -1;
      const headSpan = head < 0 ? 'root' : `${tagged.starts[head]}:${tagged.ends[head]}`;
      if (headSpan !== (token.head === 0 ? 'root' : goldSpan(token.head))) continue;
      scores.uas += 1;
      if ((tagged.deprels[ours] ?? '').split(':')[0] === token.deprel.split(':')[0]) scores.las += 1;
    }
  }
  return scores;
}
