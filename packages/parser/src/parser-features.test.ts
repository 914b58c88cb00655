import { describe, expect, it } from 'vitest';
import {
  bufferWord,
  coarseTags,
  LABEL_DEPENDENT,
  LABEL_HEAD,
  LABELER_FEATURE_COUNT,
  labelerFeatures,
  labelerNeighbourFeatures,
  labelerNeighbourKey,
  labelerOtherFeatures,
  labelerTagFeatures,
  labelerTagKey,
  labelerWordFeatures,
  PARSER_FEATURE_COUNT,
  parserB0Features,
  parserBufferTagFeatures,
  parserBufferTagKey,
  parserDynamicFeatures,
  parserFeatures,
  parserInput,
  parserS0Features,
  parserStackFeatures,
  parserStaticFeatures,
  parserWordFeatures,
  ROLE_B0,
  ROLE_S0,
  ROLE_S1,
  ROLE_S2,
  WORD_B0,
  WORD_B0_BARE,
  WORD_B1,
  WORD_B2,
  WORD_S0_LEAF,
} from './parser-features';
import { seededRandom } from './random';
import { LEFT, ParseState, RIGHT, SHIFT } from './transition-system';
import { ClusterTable } from './word-clusters';

// Word clusters for the cluster templates ('park' and '.' have none).
const clusters = new ClusterTable({
  words: ['the', 'dog', 'chased', 'a', 'cat', 'in'],
  paths: [0b1011110011, 0b0100000100, 0b0100110011, 0b1011110011, 0b0100000111, 0b1011110000],
});

describe('parser features split into fixed roles and the rest', () => {
  it('give exactly the keys of parserFeatures in every state of random parses', () => {
    const classes = ['NOUN NN', 'VERB VBD Fin/Ind', 'DET DT', 'PUNCT .', 'ADP IN'];
    const coarse = coarseTags(classes);
    const random = seededRandom(7);
    const vocabulary = ['the', 'dog', 'chased', 'a', 'cat', 'in', 'park', '.'];
    // One state reused across sentences of different lengths, as the parser does.
    const reused = new ParseState(0, 4);
    let checked = 0;
    let leaves = 0;
    let bare = 0;
    let stackChecks = 0;
    for (let sentence = 0; sentence < 40; sentence++) {
      const length = 1 + Math.floor(random() * 12);
      const words = Array.from({ length }, () => vocabulary[Math.floor(random() * vocabulary.length)]!);
      const tags = Int32Array.from(words, () => Math.floor(random() * classes.length));
      const input = parserInput(words, tags, coarse, undefined, clusters);
      const fresh = new ParseState(length);
      const state = reused.capacity >= length ? reused : new ParseState(length);
      state.reset(length);
      const all = new Uint32Array(PARSER_FEATURE_COUNT);
      const split = new Uint32Array(PARSER_FEATURE_COUNT);
      const stackParts = new Map<number, string>();
      const s0Parts = new Map<string, string>();
      const b0Parts = new Map<string, string>();
      while (!fresh.isTerminal()) {
        for (const current of [fresh, state]) {
          const count = parserFeatures(current, input, all);
          let n = parserDynamicFeatures(current, input, split);
          n += parserStaticFeatures(ROLE_S0, current.stackItem(0), input, length, split.subarray(n));
          n += parserStaticFeatures(ROLE_S1, current.stackItem(1), input, length, split.subarray(n));
          n += parserStaticFeatures(ROLE_S2, current.stackItem(2), input, length, split.subarray(n));
          n += parserStaticFeatures(ROLE_B0, current.bufferItem(0), input, length, split.subarray(n));
          expect(n).toBe(count);
          expect([...split].sort()).toEqual([...all].sort());
          checked++;
          // Without dependents, s0's and b0's own templates come from the word alone (kept per word).
          const s0 = current.stackItem(0);
          const b0 = current.bufferItem(0);
          const leafS0 = s0 >= 0 && current.left1[s0] === 0 && current.right1[s0] === 0;
          const bareB0 = b0 >= 0 && current.left1[b0] === 0;
          const dynamic = [...split.subarray(0, parserDynamicFeatures(current, input, split))];
          let kept = parserDynamicFeatures(current, input, split, leafS0, bareB0);
          if (leafS0) kept = parserWordFeatures(WORD_S0_LEAF, s0, input, split, kept);
          if (bareB0) kept = parserWordFeatures(WORD_B0_BARE, b0, input, split, kept);
          expect([...split.subarray(0, kept)].sort()).toEqual(dynamic.sort());
          if (leafS0) leaves++;
          if (bareB0) bare++;
          // The parser's split: s0's and b0's own templates always from a kept part, and the stack part per s0.
          let split3 = parserDynamicFeatures(current, input, split, s0 >= 0, b0 >= 0, true);
          if (leafS0) split3 = parserWordFeatures(WORD_S0_LEAF, s0, input, split, split3);
          else if (s0 >= 0) split3 = parserS0Features(current, input, split, split3);
          if (bareB0) split3 = parserWordFeatures(WORD_B0_BARE, b0, input, split, split3);
          else if (b0 >= 0) split3 = parserB0Features(current, input, split, split3);
          split3 = parserStackFeatures(current, input, split, split3);
          expect([...split.subarray(0, split3)].sort()).toEqual(dynamic.sort());
          // Those parts are kept per s0 (and its right dependents) and per b0 (and its left dependents) in a
          // sentence: the same keys each time.
          if (current === fresh) {
            const stackPart = [...split.subarray(0, parserStackFeatures(current, input, split))].join(',');
            expect(stackParts.get(s0) ?? stackPart).toBe(stackPart);
            stackParts.set(s0, stackPart);
            const s0Key = `${s0}/${current.rightCount[s0]}`;
            const s0Part = [...split.subarray(0, parserS0Features(current, input, split))].join(',');
            expect(s0Parts.get(s0Key) ?? s0Part).toBe(s0Part);
            s0Parts.set(s0Key, s0Part);
            const b0Key = `${b0}/${current.leftCount[b0]}`;
            const b0Part = [...split.subarray(0, parserB0Features(current, input, split))].join(',');
            expect(b0Parts.get(b0Key) ?? b0Part).toBe(b0Part);
            b0Parts.set(b0Key, b0Part);
            stackChecks++;
          }
        }
        const legal = [SHIFT, LEFT, RIGHT].filter((t) => fresh.isLegal(t));
        const transition = legal[Math.floor(random() * legal.length)]!;
        const label = transition === SHIFT ? -1 : Math.floor(random() * 40);
        fresh.apply(transition, label);
        state.apply(transition, label);
      }
      expect([...state.heads.subarray(0, length + 1)]).toEqual([...fresh.heads]);
    }
    expect(checked).toBeGreaterThan(100);
    expect(leaves).toBeGreaterThan(50);
    expect(bare).toBeGreaterThan(50);
    expect(stackChecks).toBeGreaterThan(100);
  });
});

describe('labeler features split into the tag part, the neighbour part and the rest', () => {
  it('give exactly the keys of labelerFeatures for every arc of random parses, and equal keys give equal parts', () => {
    const classes = ['NOUN NN', 'VERB VBD Fin/Ind', 'DET DT', 'PUNCT .', 'ADP IN'];
    const coarse = coarseTags(classes);
    const random = seededRandom(11);
    const vocabulary = ['the', 'dog', 'chased', 'a', 'cat', 'in', 'park', '.'];
    const partsByKey = new Map<number, string>();
    const neighbourParts = new Map<number, string>();
    const wordParts = new Map<string, string>();
    let checked = 0;
    for (let sentence = 0; sentence < 40; sentence++) {
      const length = 1 + Math.floor(random() * 14);
      const words = Array.from({ length }, () => vocabulary[Math.floor(random() * vocabulary.length)]!);
      const tags = Int32Array.from(words, () => Math.floor(random() * classes.length));
      const input = parserInput(words, tags, coarse, undefined, clusters);
      const state = new ParseState(length);
      const all = new Uint32Array(LABELER_FEATURE_COUNT);
      const split = new Uint32Array(LABELER_FEATURE_COUNT);
      while (!state.isTerminal()) {
        const legal = [SHIFT, LEFT, RIGHT].filter((t) => state.isLegal(t));
        const transition = legal[Math.floor(random() * legal.length)]!;
        let label = -1;
        if (transition !== SHIFT) {
          const head = state.headFor(transition);
          const dependent = state.stackItem(0);
          const count = labelerFeatures(state, input, head, dependent, all);
          const tagCount = labelerTagFeatures(state, input, head, dependent, split);
          const nearEnd = labelerNeighbourFeatures(state, input, dependent, split, tagCount);
          const n = nearEnd + labelerOtherFeatures(state, input, head, dependent, split.subarray(nearEnd));
          expect(n).toBe(count);
          expect([...split].sort()).toEqual([...all].sort());
          const nearPart = [...split.subarray(tagCount, nearEnd)].join(',');
          const nearKey = labelerNeighbourKey(state, input, dependent);
          expect(neighbourParts.get(nearKey) ?? nearPart).toBe(nearPart);
          neighbourParts.set(nearKey, nearPart);
          // The word parts of dependent and head, kept per word hash and tag, with the rest.
          const words = new Uint32Array(LABELER_FEATURE_COUNT);
          const rest = new Uint32Array(LABELER_FEATURE_COUNT);
          let kept = labelerOtherFeatures(state, input, head, dependent, words, true);
          kept = labelerWordFeatures(LABEL_DEPENDENT, dependent, state, input, words, kept);
          kept = labelerWordFeatures(LABEL_HEAD, head, state, input, words, kept);
          const other = [...rest.subarray(0, labelerOtherFeatures(state, input, head, dependent, rest))];
          expect([...words.subarray(0, kept)].sort()).toEqual(other.sort());
          for (const [kind, word] of [
            [LABEL_DEPENDENT, dependent],
            [LABEL_HEAD, head],
          ] as const) {
            const wordKey = `${kind}/${input.words[word]}/${input.tags[word]}`;
            const wordPart = [
              ...words.subarray(0, labelerWordFeatures(kind, word, state, input, words)),
            ].join(',');
            expect(wordParts.get(wordKey) ?? wordPart).toBe(wordPart);
            wordParts.set(wordKey, wordPart);
          }
          const tagPart = [...split.subarray(0, tagCount)].join(',');
          const key = labelerTagKey(state, input, head, dependent);
          expect(partsByKey.get(key) ?? tagPart).toBe(tagPart);
          partsByKey.set(key, tagPart);
          checked++;
          label = Math.floor(random() * 40);
        }
        state.apply(transition, label);
      }
    }
    expect(checked).toBeGreaterThan(100);
    // Different tag pairs, directions and distances occur, so the key check above compares many parts.
    expect(partsByKey.size).toBeGreaterThan(20);
    expect(neighbourParts.size).toBeGreaterThan(20);
    expect(wordParts.size).toBeGreaterThan(20);
  });
});

describe('fixed parser roles split into word parts and the buffer tag part', () => {
  it('give exactly the keys of parserStaticFeatures, and equal keys give equal parts', () => {
    const classes = ['NOUN NN', 'VERB VBD Fin/Ind', 'DET DT', 'PUNCT .', 'ADP IN', 'NOUN NNS'];
    const coarse = coarseTags(classes);
    const random = seededRandom(3);
    const vocabulary = ['the', 'dog', 'chased', 'a', 'cat', 'in', 'park', '.'];
    const tagParts = new Map<number, string>();
    const wordParts = new Map<string, string>();
    for (let sentence = 0; sentence < 30; sentence++) {
      const length = 1 + Math.floor(random() * 9);
      const words = Array.from({ length }, () => vocabulary[Math.floor(random() * vocabulary.length)]!);
      const tags = Int32Array.from(words, () => Math.floor(random() * classes.length));
      const input = parserInput(words, tags, coarse, undefined, clusters);
      const whole = new Uint32Array(PARSER_FEATURE_COUNT);
      const split = new Uint32Array(PARSER_FEATURE_COUNT);
      for (let word = -1; word <= length; word++) {
        for (const role of [ROLE_S0, ROLE_S1, ROLE_S2]) {
          const count = parserStaticFeatures(role, word, input, length, whole);
          expect(parserWordFeatures(role, word, input, split)).toBe(count);
          expect([...split.subarray(0, count)]).toEqual([...whole.subarray(0, count)]);
        }
        if (word === 0) continue;
        const count = parserStaticFeatures(ROLE_B0, word, input, length, whole);
        let n = parserWordFeatures(WORD_B0, word, input, split);
        n = parserWordFeatures(WORD_B1, bufferWord(word, 1, length), input, split, n);
        n = parserWordFeatures(WORD_B2, bufferWord(word, 2, length), input, split, n);
        const tagStart = n;
        n = parserBufferTagFeatures(word, input, length, split, n);
        expect(n).toBe(count);
        expect([...split.subarray(0, n)].sort()).toEqual([...whole.subarray(0, count)].sort());
        const tagKeys = [...split.subarray(tagStart, n)].join(',');
        const key = parserBufferTagKey(word, input, length);
        expect(tagParts.get(key) ?? tagKeys).toBe(tagKeys);
        tagParts.set(key, tagKeys);
        if (word > 0) {
          const wordKey = `${input.words[word]} ${input.suffixes[word]} ${input.tags[word]}`;
          const kinds = [WORD_B0, WORD_B1, WORD_B2]
            .map((kind) => [...split.subarray(0, parserWordFeatures(kind, word, input, split))].join(','))
            .join(';');
          expect(wordParts.get(wordKey) ?? kinds).toBe(kinds);
          wordParts.set(wordKey, kinds);
        }
      }
    }
    expect(tagParts.size).toBeGreaterThan(20);
    expect(wordParts.size).toBeGreaterThan(20);
  });
});

describe('cluster templates', () => {
  it('are left out without a cluster table, and otherwise come after the other templates', () => {
    const classes = ['NOUN NN', 'VERB VBD Fin/Ind', 'DET DT', 'PUNCT .'];
    const coarse = coarseTags(classes);
    const words = ['the', 'dog', 'chased', 'a', 'cat', '.'];
    const tags = Int32Array.from([2, 0, 1, 2, 0, 3]);
    const plain = parserInput(words, tags, coarse);
    const clustered = parserInput(words, tags, coarse, undefined, clusters);
    expect(plain.clustered).toBe(false);
    const state = new ParseState(words.length);
    state.apply(SHIFT, -1);
    state.apply(SHIFT, -1);
    const without = new Uint32Array(PARSER_FEATURE_COUNT);
    const withClusters = new Uint32Array(PARSER_FEATURE_COUNT);
    expect(parserFeatures(state, plain, without)).toBe(92);
    expect(parserFeatures(state, clustered, withClusters)).toBe(PARSER_FEATURE_COUNT);
    expect([...withClusters.subarray(0, 92)]).toEqual([...without.subarray(0, 92)]);
    const labelsWithout = new Uint32Array(LABELER_FEATURE_COUNT);
    const labelsWith = new Uint32Array(LABELER_FEATURE_COUNT);
    expect(labelerFeatures(state, plain, 2, 1, labelsWithout)).toBe(40);
    expect(labelerFeatures(state, clustered, 2, 1, labelsWith)).toBe(LABELER_FEATURE_COUNT);
    expect([...labelsWith.subarray(0, 40)]).toEqual([...labelsWithout.subarray(0, 40)]);
    // 'dog' and 'cat' share their 6-bit cluster prefix, 'the' and 'a' their whole path.
    expect(clustered.clusters[1]).toBe(clustered.clusters[4]);
    expect(clustered.clusters[6]).toBe(0);
  });
});
