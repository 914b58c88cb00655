import { describe, expect, it } from 'vitest';
import { featureKey1 } from './feature-hash';
import { denseRows, inTableOrder, LinearModel, type SparseModelData, sparseRows } from './linear-model';
import { seededRandom } from './random';

/** A random model: `rows` features with 1..maxLength (class, weight) entries each. */
function randomModel(classCount: number, rows: number, maxLength: number, seed: number): SparseModelData {
  const random = seededRandom(seed);
  const keys: number[] = [];
  const rowStarts = [0];
  const classes: number[] = [];
  const weights: number[] = [];
  for (let row = 0; row < rows; row++) {
    keys.push(featureKey1(3, row));
    const length = 1 + Math.floor(random() * Math.min(maxLength, classCount));
    const picked = new Set<number>();
    while (picked.size < length) picked.add(Math.floor(random() * classCount));
    for (const cls of [...picked].sort((a, b) => a - b)) {
      classes.push(cls);
      weights.push(Math.round((random() * 2 - 1) * 32767) || 1);
    }
    rowStarts.push(classes.length);
  }
  return inTableOrder({
    classCount,
    keys: Uint32Array.from(keys),
    rowStarts: Uint32Array.from(rowStarts),
    classes: Uint8Array.from(classes),
    weights: Int16Array.from(weights),
  });
}

/** The sum of each class's weights over the features that exist, read straight from the data. */
function naiveScores(data: SparseModelData, features: Uint32Array): number[] {
  const scores = new Array(data.classCount).fill(0);
  for (const key of features) {
    const row = data.keys.indexOf(key);
    if (row < 0) continue;
    for (let j = data.rowStarts[row]!; j < data.rowStarts[row + 1]!; j++) {
      scores[data.classes[j]!] += data.weights[j]!;
    }
  }
  return scores;
}

describe('linear model tables', () => {
  it('score sparse rows, inline (up to three entries) and long, exactly as the data says', () => {
    const data = randomModel(40, 3000, 12, 11);
    const model = new LinearModel(data);
    const random = seededRandom(5);
    const scores = new Int32Array(40);
    for (let trial = 0; trial < 200; trial++) {
      // Half the keys exist, half were never trained.
      const features = Uint32Array.from({ length: 30 }, (_, i) =>
        featureKey1(3, i % 2 === 0 ? Math.floor(random() * 3000) : 10_000 + Math.floor(random() * 1e6)),
      );
      model.score(features, features.length, scores);
      expect(Array.from(scores)).toEqual(naiveScores(data, features));
    }
  });

  it('rank the classes of three-class models as the 16-bit weights do', () => {
    const data = randomModel(3, 5000, 3, 13);
    const model = new LinearModel(data);
    const random = seededRandom(9);
    const scores = new Int32Array(3);
    let agree = 0;
    for (let trial = 0; trial < 500; trial++) {
      const features = Uint32Array.from({ length: 40 }, () => featureKey1(3, Math.floor(random() * 6000)));
      model.score(features, features.length, scores);
      const exact = naiveScores(data, features);
      const best = (values: ArrayLike<number>) =>
        [0, 1, 2].reduce((a, b) => (values[b]! > values[a]! ? b : a));
      if (best(scores) === best(exact)) agree++;
      // 10-bit weights: each score is the exact one scaled down, within the rounding of 40 features.
      const scale = 2 ** 6;
      for (let c = 0; c < 3; c++)
        expect(Math.abs(scores[c]! * scale - exact[c]!)).toBeLessThanOrEqual(40 * scale);
    }
    expect(agree).toBeGreaterThanOrEqual(490);
  });

  it('score the dense form of a model as its sparse form, for one to three classes', () => {
    for (const classCount of [1, 2, 3]) {
      const data = randomModel(classCount, 4000, classCount, 17 + classCount);
      const dense = denseRows(data);
      expect(dense.dense.length).toBe(4000 * classCount);
      expect(sparseRows(dense)).toEqual(data);
      // Without the stored largest weight the table scans for it, and comes out the same.
      const { largest: _, ...unscanned } = dense;
      const random = seededRandom(classCount);
      const models = [new LinearModel(data), new LinearModel(dense), new LinearModel(unscanned)];
      const scores = models.map(() => new Int32Array(3));
      for (let trial = 0; trial < 100; trial++) {
        const features = Uint32Array.from({ length: 30 }, () => featureKey1(3, Math.floor(random() * 8000)));
        models.forEach((model, i) => {
          model.score(features, features.length, scores[i]!);
        });
        expect(Array.from(scores[1]!)).toEqual(Array.from(scores[0]!));
        expect(Array.from(scores[2]!)).toEqual(Array.from(scores[0]!));
      }
    }
    expect(() => new LinearModel(denseRows(randomModel(5, 10, 5, 1)))).toThrow(
      'dense model data of more than three',
    );
  });

  it('adds nothing for features it does not hold', () => {
    const model = new LinearModel(randomModel(7, 100, 7, 3));
    const scores = new Int32Array(7).fill(99);
    model.score(Uint32Array.from([featureKey1(4, 1), featureKey1(4, 2)]), 2, scores);
    expect(Array.from(scores)).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });
});
