import { describe, expect, it } from 'vitest';
import { featureKey1 } from './feature-hash';
import { LinearModel } from './linear-model';
import { PerceptronTrainer } from './perceptron-trainer';

const keys = (...values: number[]) => Uint32Array.from(values, (value) => featureKey1(7, value));

describe('averaged perceptron', () => {
  it('keeps a weight that was undone in the average', () => {
    const trainer = new PerceptronTrainer(2);
    trainer.update(keys(1), 1, 0, 1);
    trainer.tick();
    trainer.tick();
    trainer.tick();
    trainer.update(keys(1), 1, 1, 0);
    trainer.tick();
    // class 0 gained 1 at step 1 and gave it back at step 4, so its average is positive; class 1 mirrors it.
    const data = trainer.finish();
    expect(data.keys).toHaveLength(1);
    const byClass = Object.fromEntries(Array.from(data.classes, (cls, i) => [cls, data.weights[i]]));
    expect(byClass[0]).toBe(32767);
    expect(byClass[1]).toBe(-32767);
  });

  it('learns a separable problem and keeps only features that took part in an update', () => {
    const trainer = new PerceptronTrainer(3);
    const scores = new Float64Array(3);
    const examples: [Uint32Array, number][] = [
      [keys(1, 10), 0],
      [keys(2, 10), 1],
      [keys(3, 10), 2],
      [keys(1, 11), 0],
    ];
    for (let epoch = 0; epoch < 5; epoch++) {
      for (const [features, gold] of examples) {
        trainer.score(features, features.length, scores);
        const guess = scores.indexOf(Math.max(...scores));
        trainer.update(features, features.length, gold, guess);
        trainer.tick();
      }
    }
    const model = new LinearModel(trainer.finish());
    const out = new Int32Array(3);
    for (const [features, gold] of examples) {
      model.score(features, features.length, out);
      expect(out.indexOf(Math.max(...out))).toBe(gold);
    }
    model.score(keys(99), 1, out);
    expect([...out]).toEqual([0, 0, 0]);
  });

  it('drops rows whose strongest weight stays under the row threshold', () => {
    const trainer = new PerceptronTrainer(2);
    // Feature 1 takes part in every update, feature 2 in one of ten: its averaged weights are small.
    for (let step = 0; step < 10; step++) {
      trainer.update(step === 0 ? keys(1, 2) : keys(1), step === 0 ? 2 : 1, 0, 1);
      trainer.tick();
    }
    expect(trainer.finish().keys).toHaveLength(2);
    const pruned = trainer.finish(0, 8000);
    expect(Array.from(pruned.keys)).toEqual([featureKey1(7, 1)]);
    expect(pruned.rowStarts[1]).toBe(pruned.classes.length);
  });
});
