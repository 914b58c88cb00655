import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseConllu } from './conllu';
import { EnglishParser } from './english-parser';
import { inTableOrder, type SparseModelData } from './linear-model';
import { averageLinearModels, averageParsers } from './model-averaging';
import { trainModel } from './model-training';

/** A model from rows of (key, [class, weight]…). */
function model(classCount: number, rows: [number, [number, number][]][]): SparseModelData {
  const rowStarts = [0];
  const classes: number[] = [];
  const weights: number[] = [];
  for (const [, entries] of rows) {
    for (const [cls, weight] of entries) {
      classes.push(cls);
      weights.push(weight);
    }
    rowStarts.push(classes.length);
  }
  return inTableOrder({
    classCount,
    keys: Uint32Array.from(rows.map(([key]) => key)),
    rowStarts: Uint32Array.from(rowStarts),
    classes: Uint8Array.from(classes),
    weights: Int16Array.from(weights),
  });
}

/** Each row's weights by key, as a plain object for comparison. */
function rowsOf(data: SparseModelData): Record<number, number[]> {
  const rows: Record<number, number[]> = {};
  data.keys.forEach((key, row) => {
    const weights = new Array(data.classCount).fill(0);
    for (let i = data.rowStarts[row]!; i < data.rowStarts[row + 1]!; i++)
      weights[data.classes[i]!] = data.weights[i]!;
    rows[key] = weights;
  });
  return rows;
}

describe('averageLinearModels', () => {
  const a = model(3, [
    [11, [[0, 32767]]],
    [
      22,
      [
        [1, -16000],
        [2, 8000],
      ],
    ],
  ]);
  const b = model(3, [
    [
      22,
      [
        [1, -16767],
        [2, 100],
      ],
    ],
    [33, [[2, 20000]]],
  ]);

  it('sums the rows of every model (a missing row counts as zeros) and scales the largest sum to 32767', () => {
    // Sums: 11 → [32767, 0, 0]; 22 → [0, −32767, 8100]; 33 → [0, 0, 20000]; the largest is 32767 already.
    expect(rowsOf(averageLinearModels([a, b]))).toEqual({
      11: [32767, 0, 0],
      22: [0, -32767, 8100],
      33: [0, 0, 20000],
    });
  });

  it('scales the sums down when they exceed the int16 range, and does not depend on the models’ order', () => {
    const twice = averageLinearModels([a, a]);
    expect(rowsOf(twice)).toEqual({ 11: [32767, 0, 0], 22: [0, -16000, 8000] });
    expect(averageLinearModels([b, a])).toEqual(averageLinearModels([a, b]));
  });

  it('drops the rows none of whose new weights reaches minRowWeight', () => {
    expect(Object.keys(rowsOf(averageLinearModels([a, b], 25_000)))).toEqual(['11', '22']);
  });

  it('refuses models over different classes', () => {
    expect(() => averageLinearModels([a, model(4, [[11, [[3, 5]]]])])).toThrow(/class counts/);
    expect(() => averageLinearModels([])).toThrow(/no model/);
  });
});

describe('averaged parsers', () => {
  const toy = parseConllu(
    readFileSync(new URL('./__fixtures__/toy-treebank.conllu', import.meta.url), 'utf8'),
  );
  const options = { taggerIterations: 5, parserIterations: 5, folds: 0, seed: 7 };
  const explorations = [0.9, 0, 1];
  const averaged = trainModel(toy, { ...options, explorationProbabilities: explorations });
  const singles = explorations.map((explorationProbability) =>
    trainModel(toy, { ...options, explorationProbability }),
  );

  it('trains one parser per exploration probability and ships their sum', () => {
    expect(averaged.parser).toEqual(averageParsers(singles.map((single) => single.parser)));
    expect(averaged.parser.transitions).not.toEqual(singles[0]!.parser.transitions);
    expect(averaged.tagger).toEqual(singles[0]!.tagger);
    // One probability is the single parser itself.
    expect(trainModel(toy, { ...options, explorationProbabilities: [0.9] }).parser).toEqual(
      singles[0]!.parser,
    );
  });

  it('gives every word of a sentence with unknown words one head, one root and no cycle', () => {
    const parsed = new EnglishParser(averaged).parse([
      'Zorblat',
      'the',
      'quinkish',
      'mat',
      'frabjously',
      '.',
    ]);
    expect(parsed.filter((word) => word.head === 0)).toHaveLength(1);
    parsed.forEach((_, i) => {
      const seen = new Set<number>();
      let at = i + 1;
      while (at !== 0) {
        expect(seen.has(at)).toBe(false);
        seen.add(at);
        at = parsed[at - 1]!.head;
      }
    });
  });

  it('refuses parsers with different labels', () => {
    const other = { ...singles[1]!.parser, labels: [...singles[1]!.parser.labels, 'extra'] };
    expect(() => averageParsers([singles[0]!.parser, other])).toThrow(/different labels/);
  });
});
