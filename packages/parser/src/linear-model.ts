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

const SLOT = 4;
const DENSE_CLASSES = SLOT - 1;

/**
 * Scores classes as sums of integer weights (the quantisation scale does not change the argmax).
 * One open-addressing table holds, per slot, the key and either the weights themselves (models of up to
 * three classes) or the start and length of the row's packed (class << 16 | weight) entries, so that a
 * feature costs one or two cache misses.
 */
export class LinearModel {
  readonly classCount: number;
  private readonly slots: Int32Array;
  private readonly mask: number;
  private readonly entries: Int32Array;
  private readonly dense: boolean;

  constructor(readonly data: LinearModelData) {
    this.classCount = data.classCount;
    this.dense = data.classCount <= DENSE_CLASSES;
    let capacity = 1024;
    while (capacity * 3 < data.keys.length * 4) capacity *= 2;
    this.slots = new Int32Array(capacity * SLOT);
    this.mask = capacity - 1;
    this.entries = new Int32Array(this.dense ? 0 : data.classes.length);
    for (let i = 0; i < data.classes.length; i++) {
      this.entries[i] = (data.classes[i]! << 16) | (data.weights[i]! & 0xffff);
    }
    for (let row = 0; row < data.keys.length; row++) this.insert(row);
  }

  /** Writes into `scores` (length ≥ classCount) the score of every class for the first `count` keys. */
  score(keys: Uint32Array, count: number, scores: Int32Array): void {
    scores.fill(0, 0, this.classCount);
    const { slots, mask, entries } = this;
    for (let i = 0; i < count; i++) {
      const key = keys[i]! | 0;
      let at = (key & mask) * SLOT;
      let found = slots[at]!;
      while (found !== key && found !== 0) {
        at = (at + SLOT) & (mask * SLOT + SLOT - 1);
        found = slots[at]!;
      }
      if (found === 0) continue;
      if (this.dense) {
        scores[0]! += slots[at + 1]!;
        scores[1]! += slots[at + 2]!;
        scores[2]! += slots[at + 3]!;
        continue;
      }
      const end = slots[at + 1]! + slots[at + 2]!;
      for (let j = slots[at + 1]!; j < end; j++) {
        const entry = entries[j]!;
        scores[entry >>> 16]! += (entry << 16) >> 16;
      }
    }
  }

  private insert(row: number): void {
    const { data, slots, mask } = this;
    const key = data.keys[row]! | 0;
    let at = (key & mask) * SLOT;
    while (slots[at] !== 0) at = (at + SLOT) & (mask * SLOT + SLOT - 1);
    slots[at] = key;
    const start = data.rowStarts[row]!;
    const end = data.rowStarts[row + 1]!;
    if (!this.dense) {
      slots[at + 1] = start;
      slots[at + 2] = end - start;
      return;
    }
    for (let j = start; j < end; j++) slots[at + 1 + data.classes[j]!] = data.weights[j]!;
  }
}
