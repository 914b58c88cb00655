import { hashString, key1, key2, key3 } from './feature-hash';
import { LOWER_HASH, lexicalEntry, SUFFIX3_HASH, type WordHashes } from './tagger-features';
import type { ParseState } from './transition-system';
import {
  type ClusterTable,
  COARSE_BITS,
  clusterPrefix,
  MIDDLE_BITS,
  NO_CLUSTER,
  ROOT_CLUSTER,
} from './word-clusters';

/** Word hashes and tag classes of a sentence, with the root at index 0. */
export interface ParserInput {
  words: Uint32Array;
  tags: Int32Array;
  /** The UPOS part of each tag class, for coarser templates. */
  coarse: Int32Array;
  /** Hash of each word's last three letters, for words the model has not seen. */
  suffixes: Uint32Array;
  /** Each word's cluster value (`ClusterTable.valueOf`: path + 1, or NO_CLUSTER). */
  clusters: Int32Array;
  /**
   * Whether the model has word clusters: without them the cluster templates are left out, so that a model
   * trained without clusters gets exactly the keys it was trained with.
   */
  clustered: boolean;
}

const ROOT_WORD = hashString('-ROOT-');
const NO_WORD = hashString('-NONE-');
const ROOT_TAG = -2;
const NO_TAG = -1;

/** Templates with word clusters (without them, 92 and 40). */
export const PARSER_FEATURE_COUNT = 109;
export const LABELER_FEATURE_COUNT = 44;

/**
 * `coarseOfTag` maps a tag class to the id of its UPOS. `reuse`: arrays to fill when long enough (entries past
 * the sentence are left as they are and never read). `hashes`: the words' hashes when the tagger has them
 * (`contextWordHashes`), the same as `lexicalEntry` gives.
 */
export function parserInput(
  words: readonly string[],
  tags: ArrayLike<number>,
  coarseOfTag: Int32Array,
  reuse?: ParserInput,
  clusterTable?: ClusterTable,
  hashes?: WordHashes,
): ParserInput {
  const size = words.length + 1;
  const input: ParserInput =
    reuse !== undefined && reuse.words.length >= size
      ? reuse
      : {
          words: new Uint32Array(size),
          tags: new Int32Array(size),
          coarse: new Int32Array(size),
          suffixes: new Uint32Array(size),
          clusters: new Int32Array(size),
          clustered: false,
        };
  input.clustered = clusterTable !== undefined;
  input.words[0] = ROOT_WORD;
  input.tags[0] = ROOT_TAG;
  input.coarse[0] = ROOT_TAG;
  input.suffixes[0] = ROOT_WORD;
  input.clusters[0] = ROOT_CLUSTER;
  for (let i = 0; i < words.length; i++) {
    let lower: number;
    let suffix: number;
    if (hashes !== undefined) {
      lower = hashes.lower[i]!;
      suffix = hashes.suffix3[i]!;
    } else {
      const entry = lexicalEntry(words[i]!).hashes;
      lower = entry[LOWER_HASH]!;
      suffix = entry[SUFFIX3_HASH]!;
    }
    input.words[i + 1] = lower;
    input.clusters[i + 1] = clusterTable === undefined ? NO_CLUSTER : clusterTable.valueOf(lower);
    input.tags[i + 1] = tags[i]!;
    input.coarse[i + 1] = coarseOfTag[tags[i]!] ?? NO_TAG;
    input.suffixes[i + 1] = suffix;
  }
  return input;
}

/** For each tag class name ("VERB VBD Fin/Ind"), the index of its UPOS among the distinct UPOS. */
export function coarseTags(tagClasses: readonly string[]): Int32Array {
  const upos = tagClasses.map((name) => name.split(' ')[0]!);
  const ids = [...new Set(upos)];
  return Int32Array.from(upos, (tag) => ids.indexOf(tag));
}

function distanceBucket(distance: number): number {
  if (distance < 5) return distance;
  return distance < 10 ? 5 : 6;
}

const S0 = 0;
const S1 = 1;
const S2 = 2;
const B0 = 3;
const B1 = 4;
const B2 = 5;
const S0L = 6;
const S0L2 = 7;
const S0R = 8;
const S0R2 = 9;
const S1L = 10;
const S1R = 11;
const B0L = 12;
const B0L2 = 13;
const POSITIONS = 14;

const at = new Int32Array(POSITIONS);
const w = new Uint32Array(POSITIONS);
const t = new Int32Array(POSITIONS);
const l = new Int32Array(POSITIONS);
const c = new Int32Array(POSITIONS);

function labelSet(sets: Uint32Array, word: number, half: 0 | 1): number {
  return word < 0 ? -1 : sets[word * 2 + half]!;
}

function child(children: Int32Array, head: number): number {
  return head < 0 || children[head] === 0 ? -1 : children[head]!;
}

/** The cluster value of word `i` (-1 for none). */
function clusterOf(clusters: Int32Array, i: number): number {
  return i < 0 ? -1 : clusters[i]!;
}

/** Cluster templates of one word, kept with its other word templates (`parserWordFeatures`). */
function s0ClusterFeatures(out: Uint32Array, offset: number, cluster: number, tag: number): number {
  let n = offset;
  out[n++] = key1(92, clusterPrefix(cluster, COARSE_BITS));
  out[n++] = key1(93, cluster);
  out[n++] = key2(94, clusterPrefix(cluster, MIDDLE_BITS), tag);
  return n;
}

function s1ClusterFeatures(out: Uint32Array, offset: number, cluster: number, tag: number): number {
  let n = offset;
  out[n++] = key1(95, cluster);
  out[n++] = key2(96, clusterPrefix(cluster, MIDDLE_BITS), tag);
  return n;
}

function b0ClusterFeatures(out: Uint32Array, offset: number, cluster: number, tag: number): number {
  let n = offset;
  out[n++] = key1(97, clusterPrefix(cluster, COARSE_BITS));
  out[n++] = key1(98, cluster);
  out[n++] = key2(99, clusterPrefix(cluster, MIDDLE_BITS), tag);
  return n;
}

function b1ClusterFeatures(out: Uint32Array, offset: number, cluster: number, tag: number): number {
  let n = offset;
  out[n++] = key1(100, cluster);
  out[n++] = key2(101, clusterPrefix(cluster, MIDDLE_BITS), tag);
  return n;
}

/** Cluster pairs of s0 with b0 and of s1 with s0 (Koo et al.'s head–modifier cluster templates). */
function pairClusterFeatures(
  out: Uint32Array,
  offset: number,
  s0c: number,
  s1c: number,
  b0c: number,
  s0t: number,
  s1t: number,
  b0t: number,
  distance: number,
): number {
  let n = offset;
  out[n++] = key2(102, clusterPrefix(s0c, MIDDLE_BITS), clusterPrefix(b0c, MIDDLE_BITS));
  out[n++] = key2(103, s0c, b0t);
  out[n++] = key2(104, s0t, b0c);
  out[n++] = key3(105, clusterPrefix(s0c, COARSE_BITS), clusterPrefix(b0c, COARSE_BITS), distance);
  out[n++] = key2(106, clusterPrefix(s1c, MIDDLE_BITS), clusterPrefix(s0c, MIDDLE_BITS));
  out[n++] = key2(107, s1c, s0t);
  out[n++] = key2(108, s1t, s0c);
  return n;
}

/** Fills `at`, `w`, `t` and `l` with the word, its hash, tag and label for every feature position. */
function readPositions(state: ParseState, input: ParserInput): void {
  at[S0] = state.stackItem(0);
  at[S1] = state.stackItem(1);
  at[S2] = state.stackItem(2);
  at[B0] = state.bufferItem(0);
  at[B1] = state.bufferItem(1);
  at[B2] = state.bufferItem(2);
  at[S0L] = child(state.left1, at[S0]!);
  at[S0L2] = child(state.left2, at[S0]!);
  at[S0R] = child(state.right1, at[S0]!);
  at[S0R2] = child(state.right2, at[S0]!);
  at[S1L] = child(state.left1, at[S1]!);
  at[S1R] = child(state.right1, at[S1]!);
  at[B0L] = child(state.left1, at[B0]!);
  at[B0L2] = child(state.left2, at[B0]!);
  for (let p = 0; p < POSITIONS; p++) {
    const word = at[p]!;
    w[p] = word < 0 ? NO_WORD : input.words[word]!;
    t[p] = word < 0 ? NO_TAG : input.tags[word]!;
    c[p] = word < 0 ? NO_TAG : input.coarse[word]!;
    l[p] = word <= 0 ? -1 : state.labels[word]!;
  }
}

/** Zhang & Nivre (2011) style templates over s0..s2, b0..b2 and the outer dependents of s0, s1 and b0. */
export function parserFeatures(state: ParseState, input: ParserInput, out: Uint32Array): number {
  readPositions(state, input);
  const s0 = at[S0]!;
  const b0 = at[B0]!;
  const s0w = w[S0]!;
  const s0t = t[S0]!;
  const s1w = w[S1]!;
  const s1t = t[S1]!;
  const s2t = t[S2]!;
  const b0w = w[B0]!;
  const b0t = t[B0]!;
  const b1w = w[B1]!;
  const b1t = t[B1]!;
  const b2w = w[B2]!;
  const b2t = t[B2]!;
  const s0Lt = t[S0L]!;
  const s0Rt = t[S0R]!;
  const b0Lt = t[B0L]!;
  const distance = s0 >= 0 && b0 >= 0 ? distanceBucket(b0 - s0) : -1;
  const s0Left = s0 >= 0 ? state.leftCount[s0]! : -1;
  const s0Right = s0 >= 0 ? state.rightCount[s0]! : -1;
  const b0Left = b0 >= 0 ? state.leftCount[b0]! : -1;

  let n = 0;
  out[n++] = key1(0, 0);
  out[n++] = key1(1, s0w);
  out[n++] = key1(2, s0t);
  out[n++] = key2(3, s0w, s0t);
  out[n++] = key1(4, s1w);
  out[n++] = key1(5, s1t);
  out[n++] = key2(6, s1w, s1t);
  out[n++] = key1(7, w[S2]!);
  out[n++] = key1(8, s2t);
  out[n++] = key1(9, b0w);
  out[n++] = key1(10, b0t);
  out[n++] = key2(11, b0w, b0t);
  out[n++] = key1(12, b1w);
  out[n++] = key1(13, b1t);
  out[n++] = key2(14, b1w, b1t);
  out[n++] = key1(15, b2w);
  out[n++] = key1(16, b2t);
  out[n++] = key2(17, b2w, b2t);

  out[n++] = key1(18, w[S0L]!);
  out[n++] = key1(19, s0Lt);
  out[n++] = key1(20, l[S0L]!);
  out[n++] = key1(21, w[S0R]!);
  out[n++] = key1(22, s0Rt);
  out[n++] = key1(23, l[S0R]!);
  out[n++] = key1(24, w[B0L]!);
  out[n++] = key1(25, b0Lt);
  out[n++] = key1(26, l[B0L]!);
  out[n++] = key1(27, t[S0L2]!);
  out[n++] = key1(28, l[S0L2]!);
  out[n++] = key1(29, t[S0R2]!);
  out[n++] = key1(30, l[S0R2]!);
  out[n++] = key1(31, t[B0L2]!);
  out[n++] = key1(32, l[B0L2]!);
  out[n++] = key2(33, t[S1L]!, l[S1L]!);
  out[n++] = key2(34, t[S1R]!, l[S1R]!);

  out[n++] = key3(35, s0w, s0t, key2(0, b0w, b0t));
  out[n++] = key3(36, s0w, s0t, b0w);
  out[n++] = key3(37, s0w, b0w, b0t);
  out[n++] = key3(38, s0w, s0t, b0t);
  out[n++] = key3(39, s0t, b0w, b0t);
  out[n++] = key2(40, s0w, b0w);
  out[n++] = key2(41, s0t, b0t);
  out[n++] = key2(42, b0t, b1t);
  out[n++] = key2(43, s0t, s1t);
  out[n++] = key2(44, s0w, s1w);
  out[n++] = key3(45, s0w, s1t, s0t);
  out[n++] = key3(46, s1w, s1t, s0t);

  out[n++] = key3(47, b0t, b1t, b2t);
  out[n++] = key3(48, s0t, b0t, b1t);
  out[n++] = key3(49, s1t, s0t, b0t);
  out[n++] = key3(50, s0t, s0Lt, b0t);
  out[n++] = key3(51, s0t, s0Rt, b0t);
  out[n++] = key3(52, s0t, b0t, b0Lt);
  out[n++] = key3(53, s0t, s0Lt, t[S0L2]!);
  out[n++] = key3(54, s0t, s0Rt, t[S0R2]!);
  out[n++] = key3(55, b0t, b0Lt, t[B0L2]!);
  out[n++] = key3(56, s2t, s1t, s0t);
  out[n++] = key3(57, s1t, s0t, s0Rt);
  out[n++] = key3(58, s1t, t[S1R]!, s0t);
  out[n++] = key3(59, s0t, s1t, b1t);

  out[n++] = key2(60, s0w, distance);
  out[n++] = key2(61, s0t, distance);
  out[n++] = key2(62, b0w, distance);
  out[n++] = key2(63, b0t, distance);
  out[n++] = key3(64, s0w, b0w, distance);
  out[n++] = key3(65, s0t, b0t, distance);

  out[n++] = key2(66, s0w, s0Right);
  out[n++] = key2(67, s0t, s0Right);
  out[n++] = key2(68, s0w, s0Left);
  out[n++] = key2(69, s0t, s0Left);
  out[n++] = key2(70, b0w, b0Left);
  out[n++] = key2(71, b0t, b0Left);

  out[n++] = key3(72, s0t, l[S0L]!, l[S0L2]!);
  out[n++] = key3(73, s0t, l[S0R]!, l[S0R2]!);
  out[n++] = key3(74, b0t, l[B0L]!, l[B0L2]!);
  out[n++] = key3(75, s0w, l[S0L]!, l[S0R]!);
  out[n++] = key3(76, b0w, l[B0L]!, b0t);
  out[n++] = key3(77, s0t, b0t, Math.min(state.stackSize, 3));
  out[n++] = key3(78, s1t, b0t, b1t);
  out[n++] = key3(79, s0t, b1t, b2t);
  const { leftLabelSets, rightLabelSets } = state;
  out[n++] = key3(80, s0t, labelSet(leftLabelSets, s0, 0), labelSet(leftLabelSets, s0, 1));
  out[n++] = key3(81, s0t, labelSet(rightLabelSets, s0, 0), labelSet(rightLabelSets, s0, 1));
  out[n++] = key3(82, b0t, labelSet(leftLabelSets, b0, 0), labelSet(leftLabelSets, b0, 1));
  out[n++] = key2(83, s0 < 0 ? NO_WORD : input.suffixes[s0]!, s0t);
  out[n++] = key2(84, b0 < 0 ? NO_WORD : input.suffixes[b0]!, b0t);
  out[n++] = key3(85, c[S0]!, c[B0]!, c[B1]!);
  out[n++] = key3(86, c[S1]!, c[S0]!, c[B0]!);
  out[n++] = key3(87, c[S0]!, c[B0]!, distance);
  out[n++] = key3(88, c[B0]!, c[B1]!, c[B2]!);
  const s1 = at[S1]!;
  const stackDistance = s1 > 0 ? distanceBucket(s0 - s1) : -1;
  out[n++] = key3(89, s1t, s0t, stackDistance);
  out[n++] = key3(90, s1w, s0t, stackDistance);
  out[n++] = key3(91, s1t, s0w, b0t);
  if (!input.clustered) return n;
  const { clusters } = input;
  const s0c = clusterOf(clusters, s0);
  const s1c = clusterOf(clusters, s1);
  const b0c = clusterOf(clusters, b0);
  n = s0ClusterFeatures(out, n, s0c, s0t);
  n = s1ClusterFeatures(out, n, s1c, s1t);
  n = b0ClusterFeatures(out, n, b0c, b0t);
  n = b1ClusterFeatures(out, n, clusterOf(clusters, at[B1]!), b1t);
  n = pairClusterFeatures(out, n, s0c, s1c, b0c, s0t, s1t, b0t, distance);
  return n;
}

function wordOf(words: Uint32Array, i: number): number {
  return i < 0 ? NO_WORD : words[i]!;
}

function tagOf(tags: Int32Array, length: number, i: number): number {
  return i < 0 || i > length ? NO_TAG : tags[i]!;
}

function labelOf(labels: Int32Array, i: number): number {
  return i <= 0 ? -1 : labels[i]!;
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

  const dw = wordOf(words, dependent);
  const dt = tagOf(tags, length, dependent);
  const hw = wordOf(words, head);
  const ht = tagOf(tags, length, head);
  const direction = head === 0 ? 2 : head > dependent ? 1 : 0;
  const distance = head === 0 ? -1 : distanceBucket(Math.abs(head - dependent));
  const dL = child(left1, dependent);
  const dR = child(right1, dependent);
  const hL = child(left1, head);
  const hR = child(right1, head);
  const dLeft = state.leftCount[dependent]!;
  const dRight = state.rightCount[dependent]!;

  let n = 0;
  out[n++] = key1(0, 0);
  out[n++] = key1(1, dw);
  out[n++] = key1(2, dt);
  out[n++] = key2(3, dw, dt);
  out[n++] = key1(4, hw);
  out[n++] = key1(5, ht);
  out[n++] = key2(6, hw, ht);
  out[n++] = key2(7, dt, ht);
  out[n++] = key2(8, dw, ht);
  out[n++] = key2(9, dt, hw);
  out[n++] = key2(10, dw, hw);
  out[n++] = key3(11, dt, ht, direction);
  out[n++] = key3(12, dt, direction, distance);
  out[n++] = key3(13, ht, direction, distance);
  out[n++] = key3(14, dw, ht, direction);
  out[n++] = key3(15, dt, hw, direction);

  out[n++] = key3(16, dt, wordOf(words, dL), labelOf(labels, dL));
  out[n++] = key3(17, dt, tagOf(tags, length, dL), labelOf(labels, dL));
  out[n++] = key3(18, dt, tagOf(tags, length, dR), labelOf(labels, dR));
  out[n++] = key2(19, wordOf(words, dL), labelOf(labels, dL));
  out[n++] = key3(20, dt, labelOf(labels, child(left2, dependent)), labelOf(labels, dL));
  out[n++] = key3(21, dt, labelOf(labels, dR), labelOf(labels, child(right2, dependent)));
  out[n++] = key3(22, dt, Math.min(dLeft, 2), Math.min(dRight, 2));
  out[n++] = key3(23, ht, wordOf(words, hL), labelOf(labels, hL));
  out[n++] = key3(24, ht, labelOf(labels, hL), direction);
  out[n++] = key3(25, ht, labelOf(labels, hR), direction);
  out[n++] = key3(26, dt, labelOf(labels, hL), direction);
  out[n++] = key3(27, dt, labelOf(labels, hR), direction);
  out[n++] = key3(28, dt, ht, labelOf(labels, hL));

  out[n++] = key2(29, dt, tagOf(tags, length, dependent - 1));
  out[n++] = key2(30, dt, tagOf(tags, length, dependent + 1));
  out[n++] = key3(31, dt, tagOf(tags, length, dependent - 1), tagOf(tags, length, dependent + 1));
  out[n++] = key2(32, dt, wordOf(words, dependent + 1 > length ? -1 : dependent + 1));
  out[n++] = key2(33, dt, wordOf(words, dependent - 1));
  out[n++] = key3(34, dt, ht, wordOf(words, dL));
  out[n++] = key3(35, dw, wordOf(words, dL), direction);
  out[n++] = key3(36, hw, labelOf(labels, hL), direction);
  out[n++] = key3(37, dt, tagOf(tags, length, child(left2, head)), labelOf(labels, child(left2, head)));
  out[n++] = key2(38, dependent === 1 ? 1 : 0, dt);
  out[n++] = key3(39, ht, tagOf(tags, length, head - 1), direction);
  return labelerClusterFeatures(input, head, dependent, dt, ht, direction, out, n);
}

/** Cluster templates of the labeler: the dependent's and the head's clusters with each other and the tags. */
function labelerClusterFeatures(
  input: ParserInput,
  head: number,
  dependent: number,
  dt: number,
  ht: number,
  direction: number,
  out: Uint32Array,
  offset: number,
): number {
  if (!input.clustered) return offset;
  const dc = clusterOf(input.clusters, dependent);
  const hc = clusterOf(input.clusters, head);
  let n = offset;
  out[n++] = key2(40, dc, ht);
  out[n++] = key2(41, dt, hc);
  out[n++] = key2(42, clusterPrefix(dc, MIDDLE_BITS), clusterPrefix(hc, MIDDLE_BITS));
  out[n++] = key3(43, clusterPrefix(dc, COARSE_BITS), clusterPrefix(hc, COARSE_BITS), direction);
  return n;
}

/**
 * Roles whose templates read nothing but one word's (or the buffer front's) fixed properties: their part of
 * a transition's score is the same every time that word holds the role, so the parser can add it from a
 * cache instead of looking its features up again. `parserStaticFeatures` + `parserDynamicFeatures` give
 * exactly the keys of `parserFeatures`.
 */
export const ROLE_S0 = 0;
export const ROLE_S1 = 1;
export const ROLE_S2 = 2;
/** The buffer front with the two words after it, and the bias. */
export const ROLE_B0 = 3;
export const ROLE_COUNT = 4;

/** The keys of the templates of `role` for `word` (-1 for none; for ROLE_B0 the buffer front). */
export function parserStaticFeatures(
  role: number,
  word: number,
  input: ParserInput,
  length: number,
  out: Uint32Array,
): number {
  const { words, tags, coarse } = input;
  let n = 0;
  switch (role) {
    case ROLE_S0: {
      const s0w = wordOf(words, word);
      const s0t = staticTag(tags, word);
      out[n++] = key1(1, s0w);
      out[n++] = key1(2, s0t);
      out[n++] = key2(3, s0w, s0t);
      out[n++] = key2(83, word < 0 ? NO_WORD : input.suffixes[word]!, s0t);
      return input.clustered ? s0ClusterFeatures(out, n, clusterOf(input.clusters, word), s0t) : n;
    }
    case ROLE_S1: {
      const s1w = wordOf(words, word);
      const s1t = staticTag(tags, word);
      out[n++] = key1(4, s1w);
      out[n++] = key1(5, s1t);
      out[n++] = key2(6, s1w, s1t);
      return input.clustered ? s1ClusterFeatures(out, n, clusterOf(input.clusters, word), s1t) : n;
    }
    case ROLE_S2:
      out[n++] = key1(7, wordOf(words, word));
      out[n++] = key1(8, staticTag(tags, word));
      return n;
    default: {
      const b0 = word;
      const b1 = b0 >= 0 && b0 + 1 <= length ? b0 + 1 : -1;
      const b2 = b0 >= 0 && b0 + 2 <= length ? b0 + 2 : -1;
      const b0w = wordOf(words, b0);
      const b0t = staticTag(tags, b0);
      const b1w = wordOf(words, b1);
      const b1t = staticTag(tags, b1);
      const b2w = wordOf(words, b2);
      const b2t = staticTag(tags, b2);
      out[n++] = key1(0, 0);
      out[n++] = key1(9, b0w);
      out[n++] = key1(10, b0t);
      out[n++] = key2(11, b0w, b0t);
      out[n++] = key1(12, b1w);
      out[n++] = key1(13, b1t);
      out[n++] = key2(14, b1w, b1t);
      out[n++] = key1(15, b2w);
      out[n++] = key1(16, b2t);
      out[n++] = key2(17, b2w, b2t);
      out[n++] = key2(42, b0t, b1t);
      out[n++] = key3(47, b0t, b1t, b2t);
      out[n++] = key2(84, b0 < 0 ? NO_WORD : input.suffixes[b0]!, b0t);
      out[n++] = key3(88, staticTag(coarse, b0), staticTag(coarse, b1), staticTag(coarse, b2));
      if (!input.clustered) return n;
      n = b0ClusterFeatures(out, n, clusterOf(input.clusters, b0), b0t);
      return b1ClusterFeatures(out, n, clusterOf(input.clusters, b1), b1t);
    }
  }
}

/**
 * The keys of the templates `parserStaticFeatures` leaves out. With `leafS0` (s0 has no dependents yet) the
 * templates that read nothing but s0 and its dependents are left out too, and with `bareB0` (the buffer front
 * has no left dependents yet) those that read nothing but b0 and its dependents: their keys then depend on the
 * word's hash and tag alone (`parserWordFeatures` of WORD_S0_LEAF and WORD_B0_BARE), so the parser keeps their
 * part of the scores per word. With `stackKept` the templates of `parserStackFeatures` are left out too.
 */
export function parserDynamicFeatures(
  state: ParseState,
  input: ParserInput,
  out: Uint32Array,
  leafS0 = false,
  bareB0 = false,
  stackKept = false,
): number {
  readPositions(state, input);
  const s0 = at[S0]!;
  const b0 = at[B0]!;
  const s0w = w[S0]!;
  const s0t = t[S0]!;
  const s1w = w[S1]!;
  const s1t = t[S1]!;
  const s2t = t[S2]!;
  const b0w = w[B0]!;
  const b0t = t[B0]!;
  const b1t = t[B1]!;
  const b2t = t[B2]!;
  const s0Lt = t[S0L]!;
  const s0Rt = t[S0R]!;
  const b0Lt = t[B0L]!;
  const distance = s0 >= 0 && b0 >= 0 ? distanceBucket(b0 - s0) : -1;

  let n = 0;
  const { leftLabelSets, rightLabelSets } = state;
  if (!leafS0) {
    n = s0Features(
      out,
      n,
      s0w,
      s0t,
      s0 >= 0 ? state.leftCount[s0]! : -1,
      s0 >= 0 ? state.rightCount[s0]! : -1,
      labelSet(leftLabelSets, s0, 0),
      labelSet(leftLabelSets, s0, 1),
      labelSet(rightLabelSets, s0, 0),
      labelSet(rightLabelSets, s0, 1),
    );
  }
  if (!bareB0) {
    n = b0Features(
      out,
      n,
      b0w,
      b0t,
      b0 >= 0 ? state.leftCount[b0]! : -1,
      labelSet(leftLabelSets, b0, 0),
      labelSet(leftLabelSets, b0, 1),
    );
  }
  const s1 = at[S1]!;
  if (!stackKept) {
    out[n++] = key2(33, t[S1L]!, l[S1L]!);
    out[n++] = key2(34, t[S1R]!, l[S1R]!);
    out[n++] = key2(43, s0t, s1t);
    out[n++] = key2(44, s0w, s1w);
    out[n++] = key3(45, s0w, s1t, s0t);
    out[n++] = key3(46, s1w, s1t, s0t);
    out[n++] = key3(56, s2t, s1t, s0t);
    out[n++] = key3(58, s1t, t[S1R]!, s0t);
    const stackDistance = s1 > 0 ? distanceBucket(s0 - s1) : -1;
    out[n++] = key3(89, s1t, s0t, stackDistance);
    out[n++] = key3(90, s1w, s0t, stackDistance);
  }

  out[n++] = key3(35, s0w, s0t, key2(0, b0w, b0t));
  out[n++] = key3(36, s0w, s0t, b0w);
  out[n++] = key3(37, s0w, b0w, b0t);
  out[n++] = key3(38, s0w, s0t, b0t);
  out[n++] = key3(39, s0t, b0w, b0t);
  out[n++] = key2(40, s0w, b0w);
  out[n++] = key2(41, s0t, b0t);

  out[n++] = key3(48, s0t, b0t, b1t);
  out[n++] = key3(49, s1t, s0t, b0t);
  out[n++] = key3(50, s0t, s0Lt, b0t);
  out[n++] = key3(51, s0t, s0Rt, b0t);
  out[n++] = key3(52, s0t, b0t, b0Lt);
  out[n++] = key3(57, s1t, s0t, s0Rt);
  out[n++] = key3(59, s0t, s1t, b1t);

  out[n++] = key2(60, s0w, distance);
  out[n++] = key2(61, s0t, distance);
  out[n++] = key2(62, b0w, distance);
  out[n++] = key2(63, b0t, distance);
  out[n++] = key3(64, s0w, b0w, distance);
  out[n++] = key3(65, s0t, b0t, distance);

  out[n++] = key3(77, s0t, b0t, Math.min(state.stackSize, 3));
  out[n++] = key3(78, s1t, b0t, b1t);
  out[n++] = key3(79, s0t, b1t, b2t);
  out[n++] = key3(85, c[S0]!, c[B0]!, c[B1]!);
  out[n++] = key3(86, c[S1]!, c[S0]!, c[B0]!);
  out[n++] = key3(87, c[S0]!, c[B0]!, distance);
  out[n++] = key3(91, s1t, s0w, b0t);
  if (!input.clustered) return n;
  const { clusters } = input;
  return pairClusterFeatures(
    out,
    n,
    clusterOf(clusters, s0),
    clusterOf(clusters, s1),
    clusterOf(clusters, b0),
    s0t,
    s1t,
    b0t,
    distance,
  );
}

/**
 * The templates of `parserDynamicFeatures` that read nothing but s0's word and tag, s1, s2, the dependents of s1
 * and the distance from s1 to s0. In arc-hybrid the stack below s0 and the dependents of s1 do not change while
 * s0 is on top of the stack (s1 takes a dependent only when s0 is reduced onto it, and a word is pushed once), so
 * these keys stay the same for every configuration with the same s0 in a sentence: the parser keeps their part per
 * s0 (`stackKept` of `parserDynamicFeatures`).
 */
export function parserStackFeatures(
  state: ParseState,
  input: ParserInput,
  out: Uint32Array,
  offset = 0,
): number {
  const { words, tags } = input;
  const { labels } = state;
  const s0 = state.stackItem(0);
  const s1 = state.stackItem(1);
  const s0w = wordOf(words, s0);
  const s0t = staticTag(tags, s0);
  const s1w = wordOf(words, s1);
  const s1t = staticTag(tags, s1);
  const s2t = staticTag(tags, state.stackItem(2));
  const s1L = child(state.left1, s1);
  const s1R = child(state.right1, s1);
  const s1Rt = staticTag(tags, s1R);
  const stackDistance = s1 > 0 ? distanceBucket(s0 - s1) : -1;
  let n = offset;
  out[n++] = key2(33, staticTag(tags, s1L), labelOf(labels, s1L));
  out[n++] = key2(34, s1Rt, labelOf(labels, s1R));
  out[n++] = key2(43, s0t, s1t);
  out[n++] = key2(44, s0w, s1w);
  out[n++] = key3(45, s0w, s1t, s0t);
  out[n++] = key3(46, s1w, s1t, s0t);
  out[n++] = key3(56, s2t, s1t, s0t);
  out[n++] = key3(58, s1t, s1Rt, s0t);
  out[n++] = key3(89, s1t, s0t, stackDistance);
  out[n++] = key3(90, s1w, s0t, stackDistance);
  return n;
}

/** The templates that read nothing but s0 and its dependents (those at the `S0L`… positions `readPositions` fills). */
function s0Features(
  out: Uint32Array,
  offset: number,
  s0w: number,
  s0t: number,
  s0Left: number,
  s0Right: number,
  leftSet0: number,
  leftSet1: number,
  rightSet0: number,
  rightSet1: number,
): number {
  let n = offset;
  out[n++] = key1(18, w[S0L]!);
  out[n++] = key1(19, t[S0L]!);
  out[n++] = key1(20, l[S0L]!);
  out[n++] = key1(21, w[S0R]!);
  out[n++] = key1(22, t[S0R]!);
  out[n++] = key1(23, l[S0R]!);
  out[n++] = key1(27, t[S0L2]!);
  out[n++] = key1(28, l[S0L2]!);
  out[n++] = key1(29, t[S0R2]!);
  out[n++] = key1(30, l[S0R2]!);
  out[n++] = key3(53, s0t, t[S0L]!, t[S0L2]!);
  out[n++] = key3(54, s0t, t[S0R]!, t[S0R2]!);
  out[n++] = key2(66, s0w, s0Right);
  out[n++] = key2(67, s0t, s0Right);
  out[n++] = key2(68, s0w, s0Left);
  out[n++] = key2(69, s0t, s0Left);
  out[n++] = key3(72, s0t, l[S0L]!, l[S0L2]!);
  out[n++] = key3(73, s0t, l[S0R]!, l[S0R2]!);
  out[n++] = key3(75, s0w, l[S0L]!, l[S0R]!);
  out[n++] = key3(80, s0t, leftSet0, leftSet1);
  out[n++] = key3(81, s0t, rightSet0, rightSet1);
  return n;
}

/** The templates that read nothing but b0 and its (left) dependents. */
function b0Features(
  out: Uint32Array,
  offset: number,
  b0w: number,
  b0t: number,
  b0Left: number,
  leftSet0: number,
  leftSet1: number,
): number {
  let n = offset;
  out[n++] = key1(24, w[B0L]!);
  out[n++] = key1(25, t[B0L]!);
  out[n++] = key1(26, l[B0L]!);
  out[n++] = key1(31, t[B0L2]!);
  out[n++] = key1(32, l[B0L2]!);
  out[n++] = key3(55, b0t, t[B0L]!, t[B0L2]!);
  out[n++] = key2(70, b0w, b0Left);
  out[n++] = key2(71, b0t, b0Left);
  out[n++] = key3(74, b0t, l[B0L]!, l[B0L2]!);
  out[n++] = key3(76, b0w, l[B0L]!, b0t);
  out[n++] = key3(82, b0t, leftSet0, leftSet1);
  return n;
}

/**
 * The templates of `parserDynamicFeatures` that read nothing but s0 and its dependents (left out there with
 * `leafS0`). s0's left dependents are all attached before it is pushed, and it takes a right dependent only when
 * the word above it is reduced onto it, so these keys stay the same while s0 and its number of right dependents
 * do: the parser keeps their part per s0 and count within a sentence.
 */
export function parserS0Features(
  state: ParseState,
  input: ParserInput,
  out: Uint32Array,
  offset = 0,
): number {
  readPositions(state, input);
  const s0 = at[S0]!;
  const { leftLabelSets, rightLabelSets } = state;
  return s0Features(
    out,
    offset,
    w[S0]!,
    t[S0]!,
    s0 >= 0 ? state.leftCount[s0]! : -1,
    s0 >= 0 ? state.rightCount[s0]! : -1,
    labelSet(leftLabelSets, s0, 0),
    labelSet(leftLabelSets, s0, 1),
    labelSet(rightLabelSets, s0, 0),
    labelSet(rightLabelSets, s0, 1),
  );
}

/**
 * The templates of `parserDynamicFeatures` that read nothing but b0 and its (left) dependents (left out there
 * with `bareB0`): they stay the same while b0 and its number of left dependents do.
 */
export function parserB0Features(
  state: ParseState,
  input: ParserInput,
  out: Uint32Array,
  offset = 0,
): number {
  readPositions(state, input);
  const b0 = at[B0]!;
  const { leftLabelSets } = state;
  return b0Features(
    out,
    offset,
    w[B0]!,
    t[B0]!,
    b0 >= 0 ? state.leftCount[b0]! : -1,
    labelSet(leftLabelSets, b0, 0),
    labelSet(leftLabelSets, b0, 1),
  );
}

/** Marks every dependent position of `readPositions` empty, as for a word without dependents. */
function clearDependentPositions(): void {
  for (let p = S0L; p < POSITIONS; p++) {
    at[p] = -1;
    w[p] = NO_WORD;
    t[p] = NO_TAG;
    c[p] = NO_TAG;
    l[p] = -1;
  }
}

function staticTag(tags: Int32Array, i: number): number {
  return i < 0 ? NO_TAG : tags[i]!;
}

/**
 * The templates of `labelerFeatures` that read nothing but the tags of head and dependent, the direction and
 * the distance (and the bias), and when the dependent has no dependents of its own, those of its dependents:
 * their part of the label scores depends on `labelerTagKey` alone, so the parser keeps it per key.
 * `labelerTagFeatures` + `labelerNeighbourFeatures` + `labelerOtherFeatures` give exactly the keys of
 * `labelerFeatures`.
 */
export function labelerTagFeatures(
  state: ParseState,
  input: ParserInput,
  head: number,
  dependent: number,
  out: Uint32Array,
): number {
  const { tags } = input;
  const { length } = state;
  const dt = tagOf(tags, length, dependent);
  const ht = tagOf(tags, length, head);
  const direction = head === 0 ? 2 : head > dependent ? 1 : 0;
  const distance = head === 0 ? -1 : distanceBucket(Math.abs(head - dependent));
  let n = 0;
  out[n++] = key1(0, 0);
  out[n++] = key1(2, dt);
  out[n++] = key1(5, ht);
  out[n++] = key2(7, dt, ht);
  out[n++] = key3(11, dt, ht, direction);
  out[n++] = key3(12, dt, direction, distance);
  out[n++] = key3(13, ht, direction, distance);
  if (!isLeaf(state, dependent)) return n;
  // A dependent without dependents: its child templates read nothing but its tag.
  out[n++] = key3(16, dt, NO_WORD, -1);
  out[n++] = key3(17, dt, NO_TAG, -1);
  out[n++] = key3(18, dt, NO_TAG, -1);
  out[n++] = key2(19, NO_WORD, -1);
  out[n++] = key3(20, dt, -1, -1);
  out[n++] = key3(21, dt, -1, -1);
  out[n++] = key3(22, dt, 0, 0);
  return n;
}

function isLeaf(state: ParseState, word: number): boolean {
  return state.left1[word] === 0 && state.right1[word] === 0;
}

/** A number that is the same for two arcs exactly when `labelerTagFeatures` gives them the same keys. */
export function labelerTagKey(
  state: ParseState,
  input: ParserInput,
  head: number,
  dependent: number,
): number {
  const { tags } = input;
  const { length } = state;
  const direction = head === 0 ? 2 : head > dependent ? 1 : 0;
  const distance = head === 0 ? -1 : distanceBucket(Math.abs(head - dependent));
  const leaf = isLeaf(state, dependent) ? 1 : 0;
  // Tags are ≥ -2; direction < 3, distance + 1 < 8.
  return (
    ((tagOf(tags, length, dependent) + 2) * 65536 + (tagOf(tags, length, head) + 2)) * 64 +
    leaf * 32 +
    direction * 8 +
    distance +
    1
  );
}

/**
 * The templates of `labelerFeatures` that read nothing but the tags of the dependent and of the words beside
 * it, and whether it is the first word: their part depends on `labelerNeighbourKey` alone.
 */
export function labelerNeighbourFeatures(
  state: ParseState,
  input: ParserInput,
  dependent: number,
  out: Uint32Array,
  offset = 0,
): number {
  const { tags } = input;
  const { length } = state;
  const dt = tagOf(tags, length, dependent);
  let n = offset;
  out[n++] = key2(29, dt, tagOf(tags, length, dependent - 1));
  out[n++] = key2(30, dt, tagOf(tags, length, dependent + 1));
  out[n++] = key3(31, dt, tagOf(tags, length, dependent - 1), tagOf(tags, length, dependent + 1));
  out[n++] = key2(38, dependent === 1 ? 1 : 0, dt);
  return n;
}

/** A number that is the same for two dependents exactly when `labelerNeighbourFeatures` gives them the same keys. */
export function labelerNeighbourKey(state: ParseState, input: ParserInput, dependent: number): number {
  const { tags } = input;
  const { length } = state;
  // Tags are ≥ -2 and (in any model this parser loads) below 1,022.
  return (
    (((tagOf(tags, length, dependent) + 2) * 1024 + tagOf(tags, length, dependent - 1) + 2) * 1024 +
      tagOf(tags, length, dependent + 1) +
      2) *
      2 +
    (dependent === 1 ? 1 : 0)
  );
}

/**
 * The templates of `labelerFeatures` that `labelerTagFeatures` and `labelerNeighbourFeatures` leave out; with
 * `wordsKept`, also those of `labelerWordFeatures` for the dependent and the head.
 */
export function labelerOtherFeatures(
  state: ParseState,
  input: ParserInput,
  head: number,
  dependent: number,
  out: Uint32Array,
  wordsKept = false,
): number {
  const { words, tags } = input;
  const { left1, right1, left2, right2, labels, length } = state;

  const dw = wordOf(words, dependent);
  const dt = tagOf(tags, length, dependent);
  const hw = wordOf(words, head);
  const ht = tagOf(tags, length, head);
  const direction = head === 0 ? 2 : head > dependent ? 1 : 0;
  const dL = child(left1, dependent);
  const dR = child(right1, dependent);
  const hL = child(left1, head);
  const hR = child(right1, head);
  const dLeft = state.leftCount[dependent]!;
  const dRight = state.rightCount[dependent]!;

  let n = 0;
  if (!wordsKept) {
    out[n++] = key1(1, dw);
    out[n++] = key2(3, dw, dt);
    out[n++] = key1(4, hw);
    out[n++] = key2(6, hw, ht);
  }
  out[n++] = key2(8, dw, ht);
  out[n++] = key2(9, dt, hw);
  out[n++] = key2(10, dw, hw);
  out[n++] = key3(14, dw, ht, direction);
  out[n++] = key3(15, dt, hw, direction);

  if (!isLeaf(state, dependent)) {
    out[n++] = key3(16, dt, wordOf(words, dL), labelOf(labels, dL));
    out[n++] = key3(17, dt, tagOf(tags, length, dL), labelOf(labels, dL));
    out[n++] = key3(18, dt, tagOf(tags, length, dR), labelOf(labels, dR));
    out[n++] = key2(19, wordOf(words, dL), labelOf(labels, dL));
    out[n++] = key3(20, dt, labelOf(labels, child(left2, dependent)), labelOf(labels, dL));
    out[n++] = key3(21, dt, labelOf(labels, dR), labelOf(labels, child(right2, dependent)));
    out[n++] = key3(22, dt, Math.min(dLeft, 2), Math.min(dRight, 2));
  }
  out[n++] = key3(23, ht, wordOf(words, hL), labelOf(labels, hL));
  out[n++] = key3(24, ht, labelOf(labels, hL), direction);
  out[n++] = key3(25, ht, labelOf(labels, hR), direction);
  out[n++] = key3(26, dt, labelOf(labels, hL), direction);
  out[n++] = key3(27, dt, labelOf(labels, hR), direction);
  out[n++] = key3(28, dt, ht, labelOf(labels, hL));

  out[n++] = key2(32, dt, wordOf(words, dependent + 1 > length ? -1 : dependent + 1));
  out[n++] = key2(33, dt, wordOf(words, dependent - 1));
  out[n++] = key3(34, dt, ht, wordOf(words, dL));
  out[n++] = key3(35, dw, wordOf(words, dL), direction);
  out[n++] = key3(36, hw, labelOf(labels, hL), direction);
  out[n++] = key3(37, dt, tagOf(tags, length, child(left2, head)), labelOf(labels, child(left2, head)));
  out[n++] = key3(39, ht, tagOf(tags, length, head - 1), direction);
  return labelerClusterFeatures(input, head, dependent, dt, ht, direction, out, n);
}

/** Kinds of `labelerWordFeatures`: the arc's dependent or its head. */
export const LABEL_DEPENDENT = 0;
export const LABEL_HEAD = 1;

/**
 * The templates of `labelerFeatures` that read nothing but the dependent's (`LABEL_DEPENDENT`) or the head's
 * (`LABEL_HEAD`) word hash and tag: their part of the label scores is the same for every word with the same two,
 * so the parser keeps it across sentences.
 */
export function labelerWordFeatures(
  kind: number,
  word: number,
  state: ParseState,
  input: ParserInput,
  out: Uint32Array,
  offset = 0,
): number {
  const w = wordOf(input.words, word);
  const t = tagOf(input.tags, state.length, word);
  let n = offset;
  if (kind === LABEL_DEPENDENT) {
    out[n++] = key1(1, w);
    out[n++] = key2(3, w, t);
  } else {
    out[n++] = key1(4, w);
    out[n++] = key2(6, w, t);
  }
  return n;
}

/**
 * Kinds of `parserWordFeatures`: the templates of one role of `parserStaticFeatures` that read nothing but one
 * word's hash, suffix hash and tag, so that their part of the scores is the same for every word with the same
 * three (the parser keeps it across sentences). ROLE_S0, ROLE_S1 and ROLE_S2 are one kind each; ROLE_B0 is
 * WORD_B0 + WORD_B1 + WORD_B2 of the buffer's first three words + `parserBufferTagFeatures`.
 */
export const WORD_S0 = 0;
export const WORD_S1 = 1;
export const WORD_S2 = 2;
export const WORD_B0 = 3;
export const WORD_B1 = 4;
export const WORD_B2 = 5;
/**
 * The templates of `parserDynamicFeatures` that read nothing but s0 and its dependents, for an s0 without
 * dependents, and those that read nothing but b0 and its dependents, for a b0 without (left) dependents.
 */
export const WORD_S0_LEAF = 6;
export const WORD_B0_BARE = 7;
export const WORD_KINDS = 8;

/** The `offset`-th word of the buffer whose front is `b0` (-1 for none), as `parserStaticFeatures` reads it. */
export function bufferWord(b0: number, offset: number, length: number): number {
  return b0 >= 0 && b0 + offset <= length ? b0 + offset : -1;
}

/** The keys of `kind`'s templates for `word` (-1 for none), from `out[offset]`; returns the new end. */
export function parserWordFeatures(
  kind: number,
  word: number,
  input: ParserInput,
  out: Uint32Array,
  offset = 0,
): number {
  const w = wordOf(input.words, word);
  const t = staticTag(input.tags, word);
  let n = offset;
  switch (kind) {
    case WORD_S0:
      out[n++] = key1(1, w);
      out[n++] = key1(2, t);
      out[n++] = key2(3, w, t);
      out[n++] = key2(83, word < 0 ? NO_WORD : input.suffixes[word]!, t);
      return input.clustered ? s0ClusterFeatures(out, n, clusterOf(input.clusters, word), t) : n;
    case WORD_S1:
      out[n++] = key1(4, w);
      out[n++] = key1(5, t);
      out[n++] = key2(6, w, t);
      return input.clustered ? s1ClusterFeatures(out, n, clusterOf(input.clusters, word), t) : n;
    case WORD_S2:
      out[n++] = key1(7, w);
      out[n++] = key1(8, t);
      return n;
    case WORD_B0:
      out[n++] = key1(9, w);
      out[n++] = key1(10, t);
      out[n++] = key2(11, w, t);
      out[n++] = key2(84, word < 0 ? NO_WORD : input.suffixes[word]!, t);
      return input.clustered ? b0ClusterFeatures(out, n, clusterOf(input.clusters, word), t) : n;
    case WORD_B1:
      out[n++] = key1(12, w);
      out[n++] = key1(13, t);
      out[n++] = key2(14, w, t);
      return input.clustered ? b1ClusterFeatures(out, n, clusterOf(input.clusters, word), t) : n;
    case WORD_B2:
      out[n++] = key1(15, w);
      out[n++] = key1(16, t);
      out[n++] = key2(17, w, t);
      return n;
    case WORD_S0_LEAF: {
      // No dependents: no counts and empty label sets (-1 for no word, as `parserDynamicFeatures` reads them).
      const none = word < 0 ? -1 : 0;
      clearDependentPositions();
      return s0Features(out, n, w, t, none, none, none, none, none, none);
    }
    default: {
      const none = word < 0 ? -1 : 0;
      clearDependentPositions();
      return b0Features(out, n, w, t, none, none, none);
    }
  }
}

/** The templates of ROLE_B0 that read nothing but the tags of the buffer's first three words, and the bias. */
export function parserBufferTagFeatures(
  b0: number,
  input: ParserInput,
  length: number,
  out: Uint32Array,
  offset = 0,
): number {
  const { tags, coarse } = input;
  const b1 = bufferWord(b0, 1, length);
  const b2 = bufferWord(b0, 2, length);
  const b0t = staticTag(tags, b0);
  const b1t = staticTag(tags, b1);
  const b2t = staticTag(tags, b2);
  let n = offset;
  out[n++] = key1(0, 0);
  out[n++] = key2(42, b0t, b1t);
  out[n++] = key3(47, b0t, b1t, b2t);
  out[n++] = key3(88, staticTag(coarse, b0), staticTag(coarse, b1), staticTag(coarse, b2));
  return n;
}

/**
 * A number that is the same for two buffer fronts exactly when `parserBufferTagFeatures` gives them the same
 * keys (the coarse tags follow from the tags), for tag ids below 1,022.
 */
export function parserBufferTagKey(b0: number, input: ParserInput, length: number): number {
  const { tags } = input;
  const b0t = staticTag(tags, b0);
  const b1t = staticTag(tags, bufferWord(b0, 1, length));
  const b2t = staticTag(tags, bufferWord(b0, 2, length));
  return ((b0t + 2) * 1024 + b1t + 2) * 1024 + b2t + 2;
}
