import { FeatureTable } from './feature-table';

/** Sparse, quantised weights of a multi-class linear model: for each feature row, (class, weight) pairs. */
export interface LinearModelData {
  classCount: number;
  /** Feature key of each row. */
  keys: Uint32Array;
  /** Start of each row's entries in `classes`/`weights`, plus one final end offset. */
  rowStarts: Uint32Array;
  classes: Uint8Array;
  weights: Int16Array;
}

/** Scores classes as sums of integer weights; the scale of the quantisation does not change the argmax. */
export class LinearModel {
  readonly classCount: number;
  private readonly table: FeatureTable;
  private readonly rowStarts: Uint32Array;
  private readonly classes: Uint8Array;
  private readonly weights: Int16Array;

  constructor(readonly data: LinearModelData) {
    this.classCount = data.classCount;
    this.table = FeatureTable.fromKeys(data.keys);
    this.rowStarts = data.rowStarts;
    this.classes = data.classes;
    this.weights = data.weights;
  }

  /** Writes into `scores` (length ≥ classCount) the score of every class for the first `count` keys. */
  score(keys: Uint32Array, count: number, scores: Int32Array): void {
    scores.fill(0, 0, this.classCount);
    const { rowStarts, classes, weights, table } = this;
    for (let i = 0; i < count; i++) {
      const row = table.get(keys[i]!);
      if (row < 0) continue;
      const end = rowStarts[row + 1]!;
      for (let j = rowStarts[row]!; j < end; j++) scores[classes[j]!]! += weights[j]!;
    }
  }
}
