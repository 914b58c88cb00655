import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { parseConllu } from './conllu';
import { EnglishParser } from './english-parser';
import { isDenseData, sparseRows } from './linear-model';
import { deserializeModel, type ModelBundle, serializeModel } from './model-format';
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

/** A file in the first layout (`CAEPARS1`), as models trained before the second were written. */
function firstLayout(model: ModelBundle): Buffer {
  const linear = [model.tagger.weights, model.parser.transitions, model.parser.labeler].map(sparseRows);
  const header = {
    tagger: { ...model.tagger, weights: undefined },
    parser: { ...model.parser, transitions: undefined, labeler: undefined },
    morphology: model.morphology,
    lemmatizer: model.lemmatizer,
    about: model.about,
    linear: linear.map((data) => ({
      classCount: data.classCount,
      rows: data.keys.length,
      entries: data.classes.length,
    })),
  };
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32LE(json.length);
  const parts: Buffer[] = [Buffer.from('CAEPARS1', 'latin1'), length, json];
  for (const data of linear) {
    const rowLengths = data.keys.map((_, row) => data.rowStarts[row + 1]! - data.rowStarts[row]!);
    parts.push(
      Buffer.from(data.keys.buffer, data.keys.byteOffset, data.keys.byteLength),
      Buffer.from(Uint8Array.from(rowLengths)),
      Buffer.from(data.classes),
      Buffer.from(data.weights.buffer, data.weights.byteOffset, data.weights.byteLength),
    );
  }
  return gzipSync(Buffer.concat(parts));
}

describe('model format', () => {
  const restored = deserializeModel(serializeModel(bundle));

  it('round-trips every table and weight, the word clusters among them', () => {
    expect(bundle.parser.clusters).toEqual(clusters);
    // The three-class transition model comes back dense; its sparse form is the trained one.
    expect({
      ...restored,
      parser: { ...restored.parser, transitions: sparseRows(restored.parser.transitions) },
    }).toEqual(bundle);
    expect(isDenseData(restored.parser.transitions)).toBe(true);
    expect(isDenseData(restored.parser.labeler)).toBe(false);
    expect(restored.parser.clusters).toEqual(clusters);
    expect(serializeModel(restored)).toEqual(serializeModel(bundle));
  });

  it('round-trips a model without word clusters', () => {
    const copy = deserializeModel(serializeModel(plain));
    expect({ ...copy, parser: { ...copy.parser, transitions: sparseRows(copy.parser.transitions) } }).toEqual(
      plain,
    );
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

  it('reads the weight tables of a file without copying them, wherever the file lies in memory', () => {
    const file = serializeModel(bundle);
    const aligned = new Uint8Array(new ArrayBuffer(file.length));
    aligned.set(file);
    const views = deserializeModel(aligned);
    for (const model of [views.tagger.weights, views.parser.transitions, views.parser.labeler])
      expect(model.keys.buffer).toBe(aligned.buffer);
    // One byte off the alignment: the tables are copied once, and the model is the same.
    const shifted = new Uint8Array(file.length + 1).subarray(1);
    shifted.set(file);
    const copied = deserializeModel(shifted);
    expect(copied.parser.transitions.keys.buffer).not.toBe(shifted.buffer);
    expect(serializeModel(copied)).toEqual(file);
  });

  it('reads gzipped files and files of the first layout (gzipped, not aligned, every model sparse)', () => {
    expect(serializeModel(deserializeModel(gzipSync(serializeModel(bundle))))).toEqual(
      serializeModel(bundle),
    );
    const first = deserializeModel(firstLayout(bundle));
    expect(isDenseData(first.parser.transitions)).toBe(false);
    expect(serializeModel(first)).toEqual(serializeModel(bundle));
    for (const words of SENTENCES)
      expect(new EnglishParser(first).parse(words)).toEqual(new EnglishParser(bundle).parse(words));
  });

  it('rejects files that are not models, and truncated ones', () => {
    expect(() => deserializeModel(Buffer.from('not a model'))).toThrow('not a @cae/parser model file');
    const file = serializeModel(bundle);
    expect(() => deserializeModel(file.subarray(0, file.length - 3))).toThrow('model file truncated');
    // Cut inside the JSON header.
    expect(() => deserializeModel(file.subarray(0, 40))).toThrow('model file truncated');
  });
});
