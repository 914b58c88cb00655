/** Sparse, quantised weights of a multi-class linear model: for each feature row, (class, weight) pairs. */
export interface SparseModelData {
  classCount: number;
  /** Feature key of each row. */
  keys: Uint32Array;
  /** Start of each row's entries in `classes`/`weights`, plus one final end offset. */
  rowStarts: Uint32Array;
  classes: Uint8Array;
  weights: Int16Array;
}

/**
 * The same weights with every class of every row spelled out (0 where the sparse form has no entry): the form a
 * model file keeps models of up to three classes in, read without a copy.
 */
export interface DenseModelData {
  classCount: number;
  keys: Uint32Array;
  /** `classCount` weights per row, row after row. */
  dense: Int16Array;
  /** The largest weight magnitude in `dense`, when known (spares a pass over the weights at load time). */
  largest?: number;
}

/** Trainers make the sparse form; a model file gives either. */
export type LinearModelData = SparseModelData | DenseModelData;

export function isDenseData(data: LinearModelData): data is DenseModelData {
  return 'dense' in data;
}

/** The sparse form of either form (the same object when it is sparse already; zero weights are no entries). */
export function sparseRows(data: LinearModelData): SparseModelData {
  if (!isDenseData(data)) return data;
  const { classCount, keys, dense } = data;
  let entries = 0;
  for (let i = 0; i < dense.length; i++) if (dense[i] !== 0) entries++;
  const rowStarts = new Uint32Array(keys.length + 1);
  const classes = new Uint8Array(entries);
  const weights = new Int16Array(entries);
  let next = 0;
  for (let row = 0; row < keys.length; row++) {
    for (let c = 0; c < classCount; c++) {
      const weight = dense[row * classCount + c]!;
      if (weight === 0) continue;
      classes[next] = c;
      weights[next++] = weight;
    }
    rowStarts[row + 1] = next;
  }
  return { classCount, keys, rowStarts, classes, weights };
}

/** The dense form of a sparse model (rows × classCount weights). */
export function denseRows(data: SparseModelData): DenseModelData {
  const { classCount, keys, rowStarts, classes, weights } = data;
  const dense = new Int16Array(keys.length * classCount);
  for (let row = 0; row < keys.length; row++) {
    for (let j = rowStarts[row]!; j < rowStarts[row + 1]!; j++)
      dense[row * classCount + classes[j]!] = weights[j]!;
  }
  return { classCount, keys, dense, largest: largestMagnitude(weights) };
}

/** The largest |weight| of a weight table (0 when it is empty). */
export function largestMagnitude(weights: Int16Array): number {
  let largest = 0;
  for (let i = 0; i < weights.length; i++) {
    const weight = weights[i]!;
    if (weight > largest) largest = weight;
    else if (-weight > largest) largest = -weight;
  }
  return largest;
}

const DENSE_CLASSES = 3;
const DENSE_BITS = 10;
const DENSE_LIMIT = (1 << (DENSE_BITS - 1)) - 1;

/**
 * Slots of the open-addressing table for a model of `rows` rows: a power of two, at most 3/4 full, or
 * 7/8 for models of up to three classes, whose 8-byte slots make probing cheap.
 */
export function tableCapacity(rows: number, classCount = Number.POSITIVE_INFINITY): number {
  const fill = classCount <= DENSE_CLASSES ? 7 / 8 : 3 / 4;
  let capacity = 1024;
  while (capacity * fill < rows) capacity *= 2;
  return capacity;
}

/**
 * The same model with its rows in the order of their home slots, so that building the table at load
 * time writes memory front to back instead of at random.
 */
export function inTableOrder(data: SparseModelData): SparseModelData {
  const mask = tableCapacity(data.keys.length, data.classCount) - 1;
  const order = Array.from(data.keys, (_, row) => row);
  order.sort((a, b) => (data.keys[a]! & mask) - (data.keys[b]! & mask) || data.keys[a]! - data.keys[b]!);
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
/** Entries a sparse row may keep in its own slot; longer rows point into `entries`. */
const INLINE = 3;
const SPARSE_SLOT = 1 + INLINE;

/**
 * Scores classes as sums of integer weights (the quantisation scale does not change the argmax).
 * The table is open addressing with the rows in their slots: for models of up to three classes an 8-byte slot holds the
 * key and three 10-bit weights; otherwise a 16-byte slot holds the key and up to three packed
 * (class << 16 | weight) entries, or the start and length of a longer row's entries. A feature that
 * fires thus costs one memory read in the table.
 */
export class LinearModel {
  readonly classCount: number;
  private readonly slots: Int32Array;
  private readonly mask: number;
  private readonly entries: Int32Array;
  private readonly dense: boolean;
  private readonly denseShift: number;
  /** Where the prefetching reads go, so that the compiler keeps them. */
  private readonly sink = new Int32Array(1);
  /** Slots of the keys found by the last `scoreSparse`, grown as needed. */
  private found = new Int32Array(128);

  constructor(readonly data: LinearModelData) {
    this.classCount = data.classCount;
    this.dense = data.classCount <= DENSE_CLASSES;
    if (isDenseData(data) && !this.dense) throw new Error('dense model data of more than three classes');
    // A model of up to three classes is built from its dense form (trainers give the sparse one).
    const dense = this.dense ? (isDenseData(data) ? data : denseRows(data)) : undefined;
    const weights = dense === undefined ? (data as SparseModelData).weights : dense.dense;
    if (weights.length >= 2 ** 31) throw new Error('linear model too large');
    const largest = dense === undefined ? 1 : Math.max(1, dense.largest ?? largestMagnitude(dense.dense));
    let shift = 0;
    while (largest >> shift > DENSE_LIMIT) shift++;
    this.denseShift = shift;
    const capacity = tableCapacity(data.keys.length, data.classCount);
    this.slots = new Int32Array(capacity * (this.dense ? 2 : SPARSE_SLOT));
    this.mask = capacity - 1;
    if (dense !== undefined) {
      this.entries = new Int32Array(0);
      this.buildDense(dense);
      return;
    }
    const sparse = data as SparseModelData;
    let long = 0;
    for (let row = 0; row < sparse.keys.length; row++) {
      const length = sparse.rowStarts[row + 1]! - sparse.rowStarts[row]!;
      if (length > INLINE) long += length;
    }
    this.entries = new Int32Array(long);
    this.buildSparse(sparse);
  }

  /** Writes into `scores` (length ≥ classCount) the score of every class for the first `count` keys. */
  score(keys: Uint32Array, count: number, scores: Int32Array): void {
    if (count > this.found.length) this.found = new Int32Array(count * 2);
    if (this.dense) this.scoreDense(keys, count, scores);
    else this.scoreSparse(keys, count, scores);
  }

  private scoreDense(keys: Uint32Array, count: number, scores: Int32Array): void {
    const { slots, mask } = this;
    const wrap = mask * 2 + 1;
    // First touch every home slot with no branch on what is read, so the cache misses overlap
    // instead of each waiting for the branch on the previous one.
    let touched = 0;
    for (let i = 0; i < count; i++) touched ^= slots[(keys[i]! & mask) * 2]!;
    this.sink[0] = touched;
    let score0 = 0;
    let score1 = 0;
    let score2 = 0;
    for (let i = 0; i < count; i++) {
      const key = keys[i]! | 0;
      let at = (key & mask) * 2;
      let found = slots[at]!;
      while (found !== key && found !== 0) {
        at = (at + 2) & wrap;
        found = slots[at]!;
      }
      if (found === 0) continue;
      const value = slots[at + 1]!;
      score0 += (value << 22) >> 22;
      score1 += (value << 12) >> 22;
      score2 += (value << 2) >> 22;
    }
    scores[0] = score0;
    scores[1] = score1;
    scores[2] = score2;
  }

  private scoreSparse(keys: Uint32Array, count: number, scores: Int32Array): void {
    scores.fill(0, 0, this.classCount);
    const { slots, mask, entries } = this;
    const found = this.found;
    let touched = 0;
    for (let i = 0; i < count; i++) touched ^= slots[(keys[i]! & mask) * SPARSE_SLOT]!;
    // Then find each key's slot (now in cache) and touch the entries of the long rows, again all
    // before using any of them.
    let rows = 0;
    for (let i = 0; i < count; i++) {
      const key = keys[i]! | 0;
      let home = key & mask;
      let at = home * SPARSE_SLOT;
      let slotKey = slots[at]!;
      while (slotKey !== key && slotKey !== 0) {
        home = (home + 1) & mask;
        at = home * SPARSE_SLOT;
        slotKey = slots[at]!;
      }
      if (slotKey === 0) continue;
      found[rows++] = at;
      const first = slots[at + 1]!;
      if (first < 0) touched ^= entries[~first]!;
    }
    this.sink[0] = touched;
    for (let r = 0; r < rows; r++) {
      const at = found[r]!;
      const first = slots[at + 1]!;
      if (first >= 0) {
        // Unused inline entries are 0: class 0 gains 0.
        scores[first >>> 16]! += (first << 16) >> 16;
        const second = slots[at + 2]!;
        scores[second >>> 16]! += (second << 16) >> 16;
        const third = slots[at + 3]!;
        scores[third >>> 16]! += (third << 16) >> 16;
        continue;
      }
      const start = ~first;
      const end = start + slots[at + 2]!;
      for (let j = start; j < end; j++) {
        const entry = entries[j]!;
        scores[entry >>> 16]! += (entry << 16) >> 16;
      }
    }
  }

  /**
   * The 8-byte slots of a model of up to three classes: the key, and the three weights re-quantised to 10 bits
   * (Math.round(weight / 2^shift) in integers, halves rounded up, clamped).
   */
  private buildDense(data: DenseModelData): void {
    const { keys, dense, classCount } = data;
    const { slots, mask, denseShift } = this;
    const half = denseShift > 0 ? 1 << (denseShift - 1) : 0;
    const bits = (1 << DENSE_BITS) - 1;
    const quantised = (weight: number) => {
      const scaled = (weight + half) >> denseShift;
      return (scaled > DENSE_LIMIT ? DENSE_LIMIT : Math.max(scaled, -DENSE_LIMIT)) & bits;
    };
    for (let row = 0; row < keys.length; row++) {
      const key = keys[row]! | 0;
      let home = key & mask;
      while (slots[home * 2] !== 0) home = (home + 1) & mask;
      slots[home * 2] = key;
      const at = row * classCount;
      let packed = quantised(dense[at]!);
      if (classCount > 1) packed |= quantised(dense[at + 1]!) << DENSE_BITS;
      if (classCount > 2) packed |= quantised(dense[at + 2]!) << (2 * DENSE_BITS);
      slots[home * 2 + 1] = packed;
    }
  }

  private buildSparse(data: SparseModelData): void {
    const { keys, rowStarts, classes, weights } = data;
    const { slots, mask, entries } = this;
    let next = 0;
    for (let row = 0; row < keys.length; row++) {
      const key = keys[row]! | 0;
      let home = key & mask;
      while (slots[home * SPARSE_SLOT] !== 0) home = (home + 1) & mask;
      const at = home * SPARSE_SLOT;
      slots[at] = key;
      const start = rowStarts[row]!;
      const end = rowStarts[row + 1]!;
      if (end - start <= INLINE) {
        for (let j = start; j < end; j++)
          slots[at + 1 + j - start] = (classes[j]! << 16) | (weights[j]! & 0xffff);
        continue;
      }
      slots[at + 1] = ~next;
      slots[at + 2] = end - start;
      for (let j = start; j < end; j++) entries[next++] = (classes[j]! << 16) | (weights[j]! & 0xffff);
    }
  }
}
