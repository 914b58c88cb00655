import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseConllu } from './conllu';
import { bestLabel, bestLegal, DependencyParser, onlyLegal } from './dependency-parser';
import { LinearModel } from './linear-model';
import { trainModel } from './model-training';
import { coarseTags, labelerFeatures, parserFeatures, parserInput } from './parser-features';
import { Tagger } from './tagger';
import { ParseState, SHIFT } from './transition-system';

const toy = parseConllu(readFileSync(new URL('./__fixtures__/toy-treebank.conllu', import.meta.url), 'utf8'));
const bundle = trainModel(toy, { taggerIterations: 5, parserIterations: 5, folds: 0, seed: 11 });

/** The parser without its shortcuts: every feature scored at every step, a fresh state per sentence. */
function referenceParse(words: string[], tags: Int32Array): { heads: number[]; labels: number[] } {
  const { parser } = bundle;
  const transitions = new LinearModel(parser.transitions);
  const labeler = new LinearModel(parser.labeler);
  const rootLabel = parser.labels.indexOf('root');
  const punctLabel = parser.labels.indexOf('punct');
  const input = parserInput(words, tags, coarseTags(parser.tagClasses));
  const state = new ParseState(words.length);
  const features = new Uint32Array(128);
  const scores = new Int32Array(3);
  const labelScores = new Int32Array(parser.labels.length);
  while (!state.isTerminal()) {
    let transition = onlyLegal(state);
    if (transition === undefined) {
      transitions.score(features, parserFeatures(state, input, features), scores);
      transition = bestLegal(state, scores);
    }
    let label = -1;
    if (transition !== SHIFT) {
      const head = state.headFor(transition);
      const dependent = state.stackItem(0);
      if (head === 0) label = rootLabel;
      else if (parser.tagClasses[input.tags[dependent]!]!.startsWith('PUNCT ')) label = punctLabel;
      else {
        labeler.score(features, labelerFeatures(state, input, head, dependent, features), labelScores);
        label = bestLabel(labelScores, parser.labels.length, rootLabel, head);
      }
    }
    state.apply(transition, label);
  }
  return { heads: Array.from(state.heads.slice(1)), labels: Array.from(state.labels.slice(1)) };
}

describe('dependency parser', () => {
  it('gives the trees of the plain algorithm, with buffer scores kept and one state reused', () => {
    const tagger = new Tagger(bundle.tagger);
    const parser = new DependencyParser(bundle.parser);
    // Long sentences first and last: the reused state grows, then serves shorter sentences.
    const sentences = [
      Array.from(
        { length: 90 },
        (_, i) => ['the', 'cat', 'saw', 'a', 'dog', 'and', 'it', 'ran', '.'][i % 9]!,
      ),
      ...toy.map((sentence) => sentence.words),
      ['Dogs', 'sleep', '.'],
      ['Zorblat', 'quinked', 'the', 'frabjous', 'wug', 'yesterday', '!'],
      Array.from({ length: 200 }, (_, i) => ['I', 'think', 'she', 'left', 'the', 'mat', ','][i % 7]!),
      ['Hello'],
    ];
    let compared = 0;
    for (const words of sentences) {
      const tags = tagger.tagClasses(words);
      const tree = parser.parse(words, tags);
      const reference = referenceParse(words, tags);
      expect(Array.from(tree.heads)).toEqual(reference.heads);
      expect(Array.from(tree.labels)).toEqual(reference.labels);
      compared += words.length;
    }
    expect(compared).toBeGreaterThan(300);
  });
});
