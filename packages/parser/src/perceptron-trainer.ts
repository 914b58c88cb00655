import { FeatureTable } from './feature-table';
import { inTableOrder, type SparseModelData } from './linear-model';

/**
 * Averaged multi-class perceptron under training. Rows are created on a feature's first update, so
 * features that never took part in an update cost nothing. Averaging is lazy: `totals` holds
 * sum(step × delta) and the average is weights − totals / steps.
 */
export class PerceptronTrainer {
  private readonly table = new FeatureTable(1 << 16);
  private weights: Float32Array;
  private totals: Float64Array;
  private step = 1;

  constructor(readonly classCount: number) {
    this.weights = new Float32Array(classCount * 4096);
    this.totals = new Float64Array(classCount * 4096);
  }

  get rowCount(): number {
    return this.table.size;
  }

  score(keys: Uint32Array, count: number, scores: Float64Array): void {
    const classCount = this.classCount;
    scores.fill(0, 0, classCount);
    for (let i = 0; i < count; i++) {
      const row = this.table.get(keys[i]!);
      if (row < 0) continue;
      const base = row * classCount;
      for (let c = 0; c < classCount; c++) scores[c]! += this.weights[base + c]!;
    }
  }

  /** Moves weights towards `truth` and away from `guess` for every key; a no-op when they agree. */
  update(keys: Uint32Array, count: number, truth: number, guess: number): void {
    if (truth === guess) return;
    const classCount = this.classCount;
    for (let i = 0; i < count; i++) {
      const row = this.table.getOrAdd(keys[i]!);
      this.ensureRows(row + 1);
      const base = row * classCount;
      this.weights[base + truth]! += 1;
      this.totals[base + truth]! += this.step;
      this.weights[base + guess]! -= 1;
      this.totals[base + guess]! -= this.step;
    }
  }

  /** Counts one training instance towards the average. */
  tick(): void {
    this.step++;
  }

  /**
   * The averaged weights, quantised to int16 with one scale for the model; entries that round to zero
   * and rows left empty are dropped, and so are rows none of whose quantised weights reaches
   * `minRowWeight` (of 32767): features that hardly move any score.
   */
  finish(minMagnitude = 0, minRowWeight = 0): SparseModelData {
    const classCount = this.classCount;
    const rows = this.table.size;
    const average = new Float32Array(rows * classCount);
    let largest = 0;
    for (let i = 0; i < average.length; i++) {
      const value = this.weights[i]! - this.totals[i]! / this.step;
      average[i] = value;
      if (Math.abs(value) > largest) largest = Math.abs(value);
    }
    const scale = largest > 0 ? 32767 / largest : 1;
    const keysByRow = this.table.keysByRow();
    const keys: number[] = [];
    const rowStarts: number[] = [0];
    const classes: number[] = [];
    const weights: number[] = [];
    for (let row = 0; row < rows; row++) {
      const before = classes.length;
      for (let c = 0; c < classCount; c++) {
        const value = average[row * classCount + c]!;
        if (Math.abs(value) < minMagnitude) continue;
        const quantised = Math.round(value * scale);
        if (quantised === 0) continue;
        classes.push(c);
        weights.push(quantised);
      }
      let strongest = 0;
      for (let i = before; i < weights.length; i++) strongest = Math.max(strongest, Math.abs(weights[i]!));
      if (classes.length === before || strongest < minRowWeight) {
        classes.length = before;
        weights.length = before;
        continue;
      }
      keys.push(keysByRow[row]!);
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

  private ensureRows(rows: number): void {
    const needed = rows * this.classCount;
    if (needed <= this.weights.length) return;
    let length = this.weights.length;
    while (length < needed) length *= 2;
    const weights = new Float32Array(length);
    weights.set(this.weights);
    const totals = new Float64Array(length);
    totals.set(this.totals);
    this.weights = weights;
    this.totals = totals;
  }
}
