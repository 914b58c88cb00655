import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseConllu } from './conllu';
import { EnglishParser } from './english-parser';
import { deserializeModel, serializeModel } from './model-format';
import { trainModel } from './model-training';

const toy = parseConllu(readFileSync(new URL('./__fixtures__/toy-treebank.conllu', import.meta.url), 'utf8'));
const clusters = {
  words: ['the', 'cat', 'dog', 'chased', 'a', 'mat', 'sleep', 'dogs'],
  paths: [
    0b1011110011, 0b0100000111, 0b0100000100, 0b0100110011, 0b1011110011, 0b0100001000, 5, 0b0100000101,
  ],
};
const bundle = trainModel(toy, { taggerIterations: 5, parserIterations: 5, folds: 0, seed: 7, clusters });
const plain = trainModel(toy, { taggerIterations: 5, parserIterations: 5, folds: 0, seed: 7 });

const SENTENCES = [
  ['The', 'cat', 'chased', 'a', 'dog', '.'],
  ['Dogs', 'sleep', '.'],
  ['I', 'think', 'she', 'left', 'the', 'mat', '.'],
  ['Zorblat', 'quinked', 'frabjously', '!'],
];

describe('model format', () => {
  const restored = deserializeModel(serializeModel(bundle));

  it('round-trips every table and weight, the word clusters among them', () => {
    expect(bundle.parser.clusters).toEqual(clusters);
    expect(restored).toEqual(bundle);
    expect(restored.parser.clusters).toEqual(clusters);
  });

  it('round-trips a model without word clusters', () => {
    const copy = deserializeModel(serializeModel(plain));
    expect(copy).toEqual(plain);
    expect(copy.parser.clusters).toBeUndefined();
    for (const words of SENTENCES)
      expect(new EnglishParser(copy).parse(words)).toEqual(new EnglishParser(plain).parse(words));
  });

  it('gives the cluster templates weights when trained with clusters', () => {
    // Same toy data and seed: the cluster templates make the models differ.
    expect(bundle.parser.transitions.keys.length).toBeGreaterThan(plain.parser.transitions.keys.length);
  });

  it('gives identical predictions after serialize → deserialize', () => {
    const original = new EnglishParser(bundle);
    const copy = new EnglishParser(restored);
    for (const words of SENTENCES) expect(copy.parse(words)).toEqual(original.parse(words));
  });

  it('learns the toy treebank it was trained on', () => {
    const parser = new EnglishParser(bundle);
    const parsed = parser.parse(toy[0]!.words);
    expect(parsed.map((word) => word.head)).toEqual(toy[0]!.heads);
    expect(parsed.map((word) => word.upos)).toEqual(toy[0]!.upos);
  });

  it('trains the same bytes from the same data and seed, and passes the exploration probability on', () => {
    const options = { taggerIterations: 5, parserIterations: 5, folds: 0, seed: 7 };
    expect(serializeModel(trainModel(toy, options))).toEqual(serializeModel(plain));
    // The trainer's default is 0.9: following the oracle always (0) or the own prediction always (1) differ.
    const never = trainModel(toy, { ...options, explorationProbability: 0 });
    const always = trainModel(toy, { ...options, explorationProbability: 1 });
    expect(always.parser.transitions).not.toEqual(never.parser.transitions);
    expect(trainModel(toy, { ...options, explorationProbability: 0.9 }).parser).toEqual(plain.parser);
  });

  it('rejects files that are not models', () => {
    expect(() => deserializeModel(Buffer.from('not a model'))).toThrow();
  });
});
