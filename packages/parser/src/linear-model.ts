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

const SLOT = 2;

/** Slots of the open-addressing table for a model of `rows` rows: a power of two, at most 3/4 full. */
export function tableCapacity(rows: number): number {
  let capacity = 1024;
  while (capacity * 3 < rows * 4) capacity *= 2;
  return capacity;
}

/**
 * The same model with its rows in the order of their home slots, so that building the table at load
 * time writes memory front to back instead of at random.
 */
export function inTableOrder(data: LinearModelData): LinearModelData {
  const mask = tableCapacity(data.keys.length) - 1;
  const order = Array.from(data.keys, (_, row) => row);
  order.sort((a, b) => (data.keys[a]! & mask) - (data.keys[b]! & mask) || a - b);
  const rowStarts = new Uint32Array(order.length + 1);
  const classes = new Uint8Array(data.classes.length);
  const weights = new Int16Array(data.weights.length);
  order.forEach((row, i) => {
    const start = data.rowStarts[row]!;
    const end = data.rowStarts[row + 1]!;
    classes.set(data.classes.subarray(start, end), rowStarts[i]!);
    weights.set(data.weights.subarray(start, end), rowStarts[i]!);
    rowStarts[i + 1] = rowStarts[i]! + end - start;
  });
  return {
    classCount: data.classCount,
    keys: Uint32Array.from(order, (row) => data.keys[row]!),
    rowStarts,
    classes,
    weights,
  };
}
const DENSE_CLASSES = 3;
const DENSE_BITS = 10;
const DENSE_LIMIT = (1 << (DENSE_BITS - 1)) - 1;

/**
 * Scores classes as sums of integer weights (the quantisation scale does not change the argmax).
 * One open-addressing table of 8-byte slots holds each key and either the weights themselves, three
 * 10-bit values for models of up to three classes, or the start and length of the row's packed
 * (class << 16 | weight) entries: a feature costs one or two memory reads, and the tables of the
 * shipped model fit in a server's L3 cache.
 */
export class LinearModel {
  readonly classCount: number;
  private readonly slots: Int32Array;
  private readonly mask: number;
  private readonly entries: Int32Array;
  private readonly dense: boolean;
  private readonly denseShift: number;

  constructor(readonly data: LinearModelData) {
    this.classCount = data.classCount;
    this.dense = data.classCount <= DENSE_CLASSES;
    if (data.classes.length >= 1 << 24) throw new Error('linear model too large for 24-bit row offsets');
    let largest = 1;
    if (this.dense)
      for (let i = 0; i < data.weights.length; i++) largest = Math.max(largest, Math.abs(data.weights[i]!));
    let shift = 0;
    while (largest >> shift > DENSE_LIMIT) shift++;
    this.denseShift = shift;
    const capacity = tableCapacity(data.keys.length);
    this.slots = new Int32Array(capacity * SLOT);
    this.mask = capacity - 1;
    this.entries = new Int32Array(this.dense ? 0 : data.classes.length);
    for (let i = 0; i < this.entries.length; i++) {
      this.entries[i] = (data.classes[i]! << 16) | (data.weights[i]! & 0xffff);
    }
    for (let row = 0; row < data.keys.length; row++) this.insert(row);
  }

  /** Writes into `scores` (length ≥ classCount) the score of every class for the first `count` keys. */
  score(keys: Uint32Array, count: number, scores: Int32Array): void {
    scores.fill(0, 0, this.classCount);
    const { slots, entries } = this;
    const wrap = this.mask * SLOT + SLOT - 1;
    for (let i = 0; i < count; i++) {
      const key = keys[i]! | 0;
      let at = (key & this.mask) * SLOT;
      let found = slots[at]!;
      while (found !== key && found !== 0) {
        at = (at + SLOT) & wrap;
        found = slots[at]!;
      }
      if (found === 0) continue;
      const value = slots[at + 1]!;
      if (this.dense) {
        scores[0]! += (value << 22) >> 22;
        scores[1]! += (value << 12) >> 22;
        scores[2]! += (value << 2) >> 22;
        continue;
      }
      const start = value >>> 8;
      const end = start + (value & 0xff);
      for (let j = start; j < end; j++) {
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
      slots[at + 1] = (start << 8) | (end - start);
      return;
    }
    let packed = 0;
    for (let j = start; j < end; j++) {
      const scaled = Math.round(data.weights[j]! / (1 << this.denseShift));
      const weight = Math.max(-DENSE_LIMIT, Math.min(DENSE_LIMIT, scaled));
      packed |= (weight & ((1 << DENSE_BITS) - 1)) << (DENSE_BITS * data.classes[j]!);
    }
    slots[at + 1] = packed;
  }
}
