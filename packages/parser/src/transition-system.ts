/** Arc-hybrid transitions (Kuhlmann, Gómez-Rodríguez & Satta 2011). */
export const SHIFT = 0;
export const LEFT = 1;
export const RIGHT = 2;
export const TRANSITION_COUNT = 3;

/**
 * A parser configuration over words 1..n with the root (0) at the bottom of the stack. LEFT attaches
 * s0 to b0, RIGHT attaches s0 to s1; the root takes its one dependent by the last RIGHT, once the
 * buffer is empty, so every tree has exactly one root word.
 */
export class ParseState {
  readonly stack: Int32Array;
  stackSize = 1;
  /** Front of the buffer; the buffer is empty when it exceeds `length`. */
  next = 1;
  readonly heads: Int32Array;
  readonly labels: Int32Array;
  /** Leftmost, second leftmost, rightmost and second rightmost dependents (0 for none). */
  readonly left1: Int32Array;
  readonly left2: Int32Array;
  readonly right1: Int32Array;
  readonly right2: Int32Array;
  readonly leftCount: Int32Array;
  readonly rightCount: Int32Array;
  /** Labels of each word's left and right dependents as 64-bit sets (two words per token, label mod 64). */
  readonly leftLabelSets: Uint32Array;
  readonly rightLabelSets: Uint32Array;

  /** Words of the sentence being parsed. */
  length: number;

  /** `capacity` (at least `length`) sizes the arrays, so that `reset` can reuse them for longer sentences. */
  constructor(length: number, capacity = length) {
    this.length = length;
    const size = Math.max(length, capacity) + 1;
    this.stack = new Int32Array(size);
    this.heads = new Int32Array(size).fill(-1);
    this.labels = new Int32Array(size).fill(-1);
    this.left1 = new Int32Array(size);
    this.left2 = new Int32Array(size);
    this.right1 = new Int32Array(size);
    this.right2 = new Int32Array(size);
    this.leftCount = new Int32Array(size);
    this.rightCount = new Int32Array(size);
    this.leftLabelSets = new Uint32Array(size * 2);
    this.rightLabelSets = new Uint32Array(size * 2);
  }

  /** The longest sentence the arrays hold. */
  get capacity(): number {
    return this.heads.length - 1;
  }

  /** The initial configuration for a sentence of `length` ≤ `capacity` words, in the same arrays. */
  reset(length: number): void {
    const size = length + 1;
    this.length = length;
    this.stackSize = 1;
    this.next = 1;
    this.stack.fill(0, 0, size);
    this.heads.fill(-1, 0, size);
    this.labels.fill(-1, 0, size);
    this.left1.fill(0, 0, size);
    this.left2.fill(0, 0, size);
    this.right1.fill(0, 0, size);
    this.right2.fill(0, 0, size);
    this.leftCount.fill(0, 0, size);
    this.rightCount.fill(0, 0, size);
    this.leftLabelSets.fill(0, 0, size * 2);
    this.rightLabelSets.fill(0, 0, size * 2);
  }

  /** The i-th item from the top of the stack, or -1. */
  stackItem(i: number): number {
    return i < this.stackSize ? this.stack[this.stackSize - 1 - i]! : -1;
  }

  /** The i-th word of the buffer, or -1. */
  bufferItem(i: number): number {
    const word = this.next + i;
    return word <= this.length ? word : -1;
  }

  isTerminal(): boolean {
    return this.next > this.length && this.stackSize === 1;
  }

  isLegal(transition: number): boolean {
    const bufferEmpty = this.next > this.length;
    switch (transition) {
      case SHIFT:
        return !bufferEmpty;
      case LEFT:
        return !bufferEmpty && this.stackSize >= 2;
      default:
        return this.stackSize >= 3 || (this.stackSize === 2 && bufferEmpty);
    }
  }

  /** The head the next LEFT or RIGHT would give s0. */
  headFor(transition: number): number {
    return transition === LEFT ? this.next : this.stackItem(1);
  }

  apply(transition: number, label = -1): void {
    if (transition === SHIFT) {
      this.stack[this.stackSize++] = this.next++;
      return;
    }
    const dependent = this.stack[--this.stackSize]!;
    if (transition === LEFT) this.attachLeft(this.next, dependent, label);
    else this.attachRight(this.stack[this.stackSize - 1]!, dependent, label);
  }

  private attachLeft(head: number, dependent: number, label: number): void {
    this.heads[dependent] = head;
    this.labels[dependent] = label;
    this.left2[head] = this.left1[head]!;
    this.left1[head] = dependent;
    this.leftCount[head]!++;
    addLabel(this.leftLabelSets, head, label);
  }

  private attachRight(head: number, dependent: number, label: number): void {
    this.heads[dependent] = head;
    this.labels[dependent] = label;
    this.right2[head] = this.right1[head]!;
    this.right1[head] = dependent;
    this.rightCount[head]!++;
    addLabel(this.rightLabelSets, head, label);
  }
}

function addLabel(sets: Uint32Array, word: number, label: number): void {
  if (label < 0) return;
  sets[word * 2 + ((label >> 5) & 1)]! |= 1 << (label & 31);
}
