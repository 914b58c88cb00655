import { featureKey1, featureKey2, featureKey3, hashString } from './feature-hash';
import { normalizeWord } from './tagger-features';
import type { ParseState } from './transition-system';

/** Word hashes and tag classes of a sentence, with the root at index 0. */
export interface ParserInput {
  words: Uint32Array;
  tags: Int32Array;
}

const ROOT_WORD = hashString('-ROOT-');
const NO_WORD = hashString('-NONE-');
const ROOT_TAG = -2;
const NO_TAG = -1;

export const PARSER_FEATURE_COUNT = 80;
export const LABELER_FEATURE_COUNT = 40;

export function parserInput(words: readonly string[], tags: ArrayLike<number>): ParserInput {
  const input: ParserInput = {
    words: new Uint32Array(words.length + 1),
    tags: new Int32Array(words.length + 1),
  };
  input.words[0] = ROOT_WORD;
  input.tags[0] = ROOT_TAG;
  for (let i = 0; i < words.length; i++) {
    input.words[i + 1] = hashString(normalizeWord(words[i]!));
    input.tags[i + 1] = tags[i]!;
  }
  return input;
}

function distanceBucket(distance: number): number {
  if (distance < 5) return distance;
  return distance < 10 ? 5 : 6;
}

/** Zhang & Nivre (2011) style templates over s0..s2, b0..b2 and the outer dependents of s0, s1 and b0. */
export function parserFeatures(state: ParseState, input: ParserInput, out: Uint32Array): number {
  const { words, tags } = input;
  const { left1, left2, right1, right2, labels } = state;
  const word = (i: number) => (i < 0 ? NO_WORD : words[i]!);
  const tag = (i: number) => (i < 0 ? NO_TAG : tags[i]!);
  const label = (i: number) => (i <= 0 ? -1 : labels[i]!);
  const child = (children: Int32Array, i: number) => (i < 0 || children[i] === 0 ? -1 : children[i]!);

  const s0 = state.stackItem(0);
  const s1 = state.stackItem(1);
  const s2 = state.stackItem(2);
  const b0 = state.bufferItem(0);
  const b1 = state.bufferItem(1);
  const b2 = state.bufferItem(2);
  const s0L = child(left1, s0);
  const s0L2 = child(left2, s0);
  const s0R = child(right1, s0);
  const s0R2 = child(right2, s0);
  const s1L = child(left1, s1);
  const s1R = child(right1, s1);
  const b0L = child(left1, b0);
  const b0L2 = child(left2, b0);

  const s0w = word(s0);
  const s0t = tag(s0);
  const s1w = word(s1);
  const s1t = tag(s1);
  const s2t = tag(s2);
  const b0w = word(b0);
  const b0t = tag(b0);
  const b1w = word(b1);
  const b1t = tag(b1);
  const b2w = word(b2);
  const b2t = tag(b2);
  const s0Lt = tag(s0L);
  const s0Rt = tag(s0R);
  const b0Lt = tag(b0L);
  const distance = s0 >= 0 && b0 >= 0 ? distanceBucket(b0 - s0) : -1;
  const s0Left = s0 >= 0 ? state.leftCount[s0]! : -1;
  const s0Right = s0 >= 0 ? state.rightCount[s0]! : -1;
  const b0Left = b0 >= 0 ? state.leftCount[b0]! : -1;

  let n = 0;
  out[n++] = featureKey1(0, 0);
  out[n++] = featureKey1(1, s0w);
  out[n++] = featureKey1(2, s0t);
  out[n++] = featureKey2(3, s0w, s0t);
  out[n++] = featureKey1(4, s1w);
  out[n++] = featureKey1(5, s1t);
  out[n++] = featureKey2(6, s1w, s1t);
  out[n++] = featureKey1(7, word(s2));
  out[n++] = featureKey1(8, s2t);
  out[n++] = featureKey1(9, b0w);
  out[n++] = featureKey1(10, b0t);
  out[n++] = featureKey2(11, b0w, b0t);
  out[n++] = featureKey1(12, b1w);
  out[n++] = featureKey1(13, b1t);
  out[n++] = featureKey2(14, b1w, b1t);
  out[n++] = featureKey1(15, b2w);
  out[n++] = featureKey1(16, b2t);
  out[n++] = featureKey2(17, b2w, b2t);

  out[n++] = featureKey1(18, word(s0L));
  out[n++] = featureKey1(19, s0Lt);
  out[n++] = featureKey1(20, label(s0L));
  out[n++] = featureKey1(21, word(s0R));
  out[n++] = featureKey1(22, s0Rt);
  out[n++] = featureKey1(23, label(s0R));
  out[n++] = featureKey1(24, word(b0L));
  out[n++] = featureKey1(25, b0Lt);
  out[n++] = featureKey1(26, label(b0L));
  out[n++] = featureKey1(27, tag(s0L2));
  out[n++] = featureKey1(28, label(s0L2));
  out[n++] = featureKey1(29, tag(s0R2));
  out[n++] = featureKey1(30, label(s0R2));
  out[n++] = featureKey1(31, tag(b0L2));
  out[n++] = featureKey1(32, label(b0L2));
  out[n++] = featureKey2(33, tag(s1L), label(s1L));
  out[n++] = featureKey2(34, tag(s1R), label(s1R));

  out[n++] = featureKey3(35, s0w, s0t, featureKey2(0, b0w, b0t));
  out[n++] = featureKey3(36, s0w, s0t, b0w);
  out[n++] = featureKey3(37, s0w, b0w, b0t);
  out[n++] = featureKey3(38, s0w, s0t, b0t);
  out[n++] = featureKey3(39, s0t, b0w, b0t);
  out[n++] = featureKey2(40, s0w, b0w);
  out[n++] = featureKey2(41, s0t, b0t);
  out[n++] = featureKey2(42, b0t, b1t);
  out[n++] = featureKey2(43, s0t, s1t);
  out[n++] = featureKey2(44, s0w, s1w);
  out[n++] = featureKey3(45, s0w, s1t, s0t);
  out[n++] = featureKey3(46, s1w, s1t, s0t);

  out[n++] = featureKey3(47, b0t, b1t, b2t);
  out[n++] = featureKey3(48, s0t, b0t, b1t);
  out[n++] = featureKey3(49, s1t, s0t, b0t);
  out[n++] = featureKey3(50, s0t, s0Lt, b0t);
  out[n++] = featureKey3(51, s0t, s0Rt, b0t);
  out[n++] = featureKey3(52, s0t, b0t, b0Lt);
  out[n++] = featureKey3(53, s0t, s0Lt, tag(s0L2));
  out[n++] = featureKey3(54, s0t, s0Rt, tag(s0R2));
  out[n++] = featureKey3(55, b0t, b0Lt, tag(b0L2));
  out[n++] = featureKey3(56, s2t, s1t, s0t);
  out[n++] = featureKey3(57, s1t, s0t, s0Rt);
  out[n++] = featureKey3(58, s1t, tag(s1R), s0t);
  out[n++] = featureKey3(59, s0t, s1t, b1t);

  out[n++] = featureKey2(60, s0w, distance);
  out[n++] = featureKey2(61, s0t, distance);
  out[n++] = featureKey2(62, b0w, distance);
  out[n++] = featureKey2(63, b0t, distance);
  out[n++] = featureKey3(64, s0w, b0w, distance);
  out[n++] = featureKey3(65, s0t, b0t, distance);

  out[n++] = featureKey2(66, s0w, s0Right);
  out[n++] = featureKey2(67, s0t, s0Right);
  out[n++] = featureKey2(68, s0w, s0Left);
  out[n++] = featureKey2(69, s0t, s0Left);
  out[n++] = featureKey2(70, b0w, b0Left);
  out[n++] = featureKey2(71, b0t, b0Left);

  out[n++] = featureKey3(72, s0t, label(s0L), label(s0L2));
  out[n++] = featureKey3(73, s0t, label(s0R), label(s0R2));
  out[n++] = featureKey3(74, b0t, label(b0L), label(b0L2));
  out[n++] = featureKey3(75, s0w, label(s0L), label(s0R));
  out[n++] = featureKey3(76, b0w, label(b0L), b0t);
  out[n++] = featureKey3(77, s0t, b0t, state.stackSize > 3 ? 3 : state.stackSize);
  out[n++] = featureKey3(78, s1t, b0t, b1t);
  out[n++] = featureKey3(79, s0t, b1t, b2t);
  return n;
}

/** Features for the label of the arc head → dependent, built when the arc is made. */
export function labelerFeatures(
  state: ParseState,
  input: ParserInput,
  head: number,
  dependent: number,
  out: Uint32Array,
): number {
  const { words, tags } = input;
  const { left1, right1, left2, right2, labels, length } = state;
  const word = (i: number) => (i < 0 ? NO_WORD : words[i]!);
  const tag = (i: number) => (i < 0 || i > length ? NO_TAG : tags[i]!);
  const label = (i: number) => (i <= 0 ? -1 : labels[i]!);
  const child = (children: Int32Array, i: number) => (i < 0 || children[i] === 0 ? -1 : children[i]!);

  const dw = word(dependent);
  const dt = tag(dependent);
  const hw = word(head);
  const ht = tag(head);
  const direction = head === 0 ? 2 : head > dependent ? 1 : 0;
  const distance = head === 0 ? -1 : distanceBucket(Math.abs(head - dependent));
  const dL = child(left1, dependent);
  const dR = child(right1, dependent);
  const hL = child(left1, head);
  const hR = child(right1, head);
  const dLeft = state.leftCount[dependent]!;
  const dRight = state.rightCount[dependent]!;

  let n = 0;
  out[n++] = featureKey1(0, 0);
  out[n++] = featureKey1(1, dw);
  out[n++] = featureKey1(2, dt);
  out[n++] = featureKey2(3, dw, dt);
  out[n++] = featureKey1(4, hw);
  out[n++] = featureKey1(5, ht);
  out[n++] = featureKey2(6, hw, ht);
  out[n++] = featureKey2(7, dt, ht);
  out[n++] = featureKey2(8, dw, ht);
  out[n++] = featureKey2(9, dt, hw);
  out[n++] = featureKey2(10, dw, hw);
  out[n++] = featureKey3(11, dt, ht, direction);
  out[n++] = featureKey3(12, dt, direction, distance);
  out[n++] = featureKey3(13, ht, direction, distance);
  out[n++] = featureKey3(14, dw, ht, direction);
  out[n++] = featureKey3(15, dt, hw, direction);

  out[n++] = featureKey3(16, dt, word(dL), label(dL));
  out[n++] = featureKey3(17, dt, tag(dL), label(dL));
  out[n++] = featureKey3(18, dt, tag(dR), label(dR));
  out[n++] = featureKey2(19, word(dL), label(dL));
  out[n++] = featureKey3(20, dt, label(child(left2, dependent)), label(dL));
  out[n++] = featureKey3(21, dt, label(dR), label(child(right2, dependent)));
  out[n++] = featureKey3(22, dt, dLeft > 2 ? 2 : dLeft, dRight > 2 ? 2 : dRight);
  out[n++] = featureKey3(23, ht, word(hL), label(hL));
  out[n++] = featureKey3(24, ht, label(hL), direction);
  out[n++] = featureKey3(25, ht, label(hR), direction);
  out[n++] = featureKey3(26, dt, label(hL), direction);
  out[n++] = featureKey3(27, dt, label(hR), direction);
  out[n++] = featureKey3(28, dt, ht, label(hL));

  out[n++] = featureKey2(29, dt, tag(dependent - 1));
  out[n++] = featureKey2(30, dt, tag(dependent + 1));
  out[n++] = featureKey3(31, dt, tag(dependent - 1), tag(dependent + 1));
  out[n++] = featureKey2(32, dt, word(dependent + 1 > length ? -1 : dependent + 1));
  out[n++] = featureKey2(33, dt, word(dependent - 1));
  out[n++] = featureKey3(34, dt, ht, word(dL));
  out[n++] = featureKey3(35, dw, word(dL), direction);
  out[n++] = featureKey3(36, hw, label(hL), direction);
  out[n++] = featureKey3(37, dt, tag(child(left2, head)), label(child(left2, head)));
  out[n++] = featureKey2(38, dependent === 1 ? 1 : 0, dt);
  out[n++] = featureKey3(39, ht, tag(head - 1), direction);
  return n;
}
