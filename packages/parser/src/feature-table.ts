/** Open-addressing map from non-zero 32-bit feature keys to dense row numbers. */
export class FeatureTable {
  private keys: Uint32Array;
  private rows: Int32Array;
  private mask: number;
  size = 0;

  constructor(expected = 1024) {
    let capacity = 1024;
    while (capacity < expected * 2) capacity *= 2;
    this.keys = new Uint32Array(capacity);
    this.rows = new Int32Array(capacity);
    this.mask = capacity - 1;
  }

  static fromKeys(keys: Uint32Array): FeatureTable {
    const table = new FeatureTable(keys.length);
    for (let row = 0; row < keys.length; row++) table.insert(keys[row]!, row);
    table.size = keys.length;
    return table;
  }

  /** The row of `key`, or -1. */
  get(key: number): number {
    const keys = this.keys;
    let slot = key & this.mask;
    for (;;) {
      const found = keys[slot]!;
      if (found === key) return this.rows[slot]!;
      if (found === 0) return -1;
      slot = (slot + 1) & this.mask;
    }
  }

  /** The row of `key`, adding it as the next row when absent. */
  getOrAdd(key: number): number {
    const row = this.get(key);
    if (row >= 0) return row;
    if ((this.size + 1) * 2 > this.keys.length) this.grow();
    this.insert(key, this.size);
    return this.size++;
  }

  /** Keys in row order. */
  keysByRow(): Uint32Array {
    const out = new Uint32Array(this.size);
    for (let slot = 0; slot < this.keys.length; slot++) {
      const key = this.keys[slot]!;
      if (key !== 0) out[this.rows[slot]!] = key;
    }
    return out;
  }

  private insert(key: number, row: number): void {
    let slot = key & this.mask;
    while (this.keys[slot] !== 0) slot = (slot + 1) & this.mask;
    this.keys[slot] = key;
    this.rows[slot] = row;
  }

  private grow(): void {
    const oldKeys = this.keys;
    const oldRows = this.rows;
    this.keys = new Uint32Array(oldKeys.length * 2);
    this.rows = new Int32Array(oldKeys.length * 2);
    this.mask = this.keys.length - 1;
    for (let slot = 0; slot < oldKeys.length; slot++) {
      if (oldKeys[slot] !== 0) this.insert(oldKeys[slot]!, oldRows[slot]!);
    }
  }
}
