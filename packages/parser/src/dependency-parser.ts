import { LinearModel, type LinearModelData } from './linear-model';
import {
  bufferWord,
  coarseTags,
  LABEL_DEPENDENT,
  LABEL_HEAD,
  LABELER_FEATURE_COUNT,
  labelerNeighbourFeatures,
  labelerNeighbourKey,
  labelerOtherFeatures,
  labelerTagFeatures,
  labelerTagKey,
  labelerWordFeatures,
  PARSER_FEATURE_COUNT,
  type ParserInput,
  parserB0Features,
  parserBufferTagFeatures,
  parserBufferTagKey,
  parserDynamicFeatures,
  parserInput,
  parserS0Features,
  parserStackFeatures,
  parserWordFeatures,
  ROLE_B0,
  ROLE_COUNT,
  ROLE_S0,
  ROLE_S1,
  ROLE_S2,
  WORD_B0,
  WORD_B0_BARE,
  WORD_B1,
  WORD_B2,
  WORD_KINDS,
  WORD_S0_LEAF,
} from './parser-features';
import type { WordHashes } from './tagger-features';
import { ParseState, RIGHT, SHIFT, TRANSITION_COUNT } from './transition-system';
import { ClusterTable, type WordClusters } from './word-clusters';

/** Entries of the parser's store of word parts (direct-mapped by word hash, suffix hash and tag). */
const WORD_STORE_BITS = 14;
/** Entries of the labeler's store of word parts (direct-mapped by word hash, tag and kind). */
const LABEL_WORD_STORE_BITS = 14;
/** Tag parts of the label scores kept (`DependencyParser.tagParts`); the store is emptied when full. */
const TAG_PART_LIMIT = 16384;

export interface ParserModelData {
  /** Dependency relations, subtypes included ("nsubj:pass"); "root" among them. */
  labels: string[];
  /** The tagger classes the tag ids given to the parser refer to. */
  tagClasses: string[];
  transitions: LinearModelData;
  labeler: LinearModelData;
  /** Word clusters of the cluster templates (without them every word's cluster is unknown). */
  clusters?: WordClusters;
}

export interface DependencyTree {
  /** Head of each word: 0 for the root, otherwise the 1-based position of the head. */
  heads: Int32Array;
  /** Index into the model's labels, per word. */
  labels: Int32Array;
}

/** Best legal transition by score. */
export function bestLegal(state: ParseState, scores: ArrayLike<number>): number {
  let best = -1;
  for (let t = SHIFT; t <= RIGHT; t++) {
    if (state.isLegal(t) && (best < 0 || scores[t]! > scores[best]!)) best = t;
  }
  return best;
}

/** The transition when only one is legal (SHIFT onto the bare root, RIGHT once the buffer is empty). */
export function onlyLegal(state: ParseState): number | undefined {
  if (state.stackSize === 1) return SHIFT;
  if (state.next > state.length) return RIGHT;
  return undefined;
}

/** Best label for an arc: "root" exactly for the dependent of the root. */
export function bestLabel(
  scores: ArrayLike<number>,
  labelCount: number,
  rootLabel: number,
  head: number,
): number {
  if (head === 0) return rootLabel;
  let best = -1;
  for (let l = 0; l < labelCount; l++) {
    if (l !== rootLabel && (best < 0 || scores[l]! > scores[best]!)) best = l;
  }
  return best;
}

/** Greedy arc-hybrid parser: one linear model picks transitions, a second labels each arc as it is made. */
export class DependencyParser {
  readonly labels: readonly string[];
  private readonly transitions: LinearModel;
  private readonly labeler: LinearModel;
  private readonly rootLabel: number;
  /** Per tag class: whether it is punctuation, whose arcs are always labelled "punct" in UD. */
  private readonly punctuation: Uint8Array;
  private readonly punctLabel: number;
  private readonly coarseOfTag: Int32Array;
  private readonly clusterTable: ClusterTable | undefined;
  private readonly features = new Uint32Array(Math.max(PARSER_FEATURE_COUNT, LABELER_FEATURE_COUNT));
  private readonly transitionScores = new Int32Array(TRANSITION_COUNT);
  private readonly partScores = new Int32Array(TRANSITION_COUNT);
  private readonly transitionPart = new Int32Array(TRANSITION_COUNT);
  private readonly labelScores: Int32Array;
  /** Arrays reused from sentence to sentence. */
  private state: ParseState | undefined;
  private input: ParserInput | undefined;
  /**
   * Per role (s0, s1, s2, buffer front) and word (the last slot for none), the part of the transition
   * scores its fixed templates give, and the sentence number it was computed for.
   */
  private roleScores = new Int32Array(0);
  private roleStamps = new Int32Array(0);
  /** Per s0, the part of `parserStackFeatures` (the same while that word is on top of the stack), and its sentence. */
  private stackScores = new Int32Array(0);
  private stackStamps = new Int32Array(0);
  /**
   * Per s0 with dependents, the part of `parserS0Features` with its sentence and s0's number of right dependents
   * (its left ones do not change on the stack), and likewise per b0 with left dependents for `parserB0Features`
   * with b0's number of left dependents: the parts stay the same while those counts do.
   */
  private s0Scores = new Int32Array(0);
  private s0Stamps = new Int32Array(0);
  private s0Counts = new Int32Array(0);
  private b0Scores = new Int32Array(0);
  private b0Stamps = new Int32Array(0);
  private b0Counts = new Int32Array(0);
  private sentence = 0;
  /**
   * The part of the label scores of `labelerTagFeatures` (sums of integer weights, so adding it gives the
   * same scores), per `labelerTagKey`: `tagPartOf` maps the key to its place in `tagParts`. The same few
   * tag pairs label most arcs, and these templates hold many of the entries an arc's scoring adds.
   */
  private readonly tagPartOf = new Map<number, number>();
  private tagParts: Int32Array | undefined;
  /** The same for `labelerNeighbourFeatures` per `labelerNeighbourKey`. */
  private readonly neighbourPartOf = new Map<number, number>();
  private neighbourParts: Int32Array | undefined;
  /** Whether tag ids stay below 1,022, as `labelerNeighbourKey` and `parserBufferTagKey` need (else no kept part). */
  private readonly smallTagIds: boolean;
  /**
   * Across sentences, the transition score parts of `parserWordFeatures` per word hash, suffix hash and tag
   * (`wordKeys`, three per entry; `wordReady` per entry and kind; `wordParts` three scores per entry and
   * kind), and of `parserBufferTagFeatures` per `parserBufferTagKey`: a role's part is computed once per
   * sentence, and most words and tag triples come back in the next sentences.
   */
  private readonly wordKeys = new Int32Array(3 << WORD_STORE_BITS);
  private readonly wordReady = new Uint8Array(WORD_KINDS << WORD_STORE_BITS);
  private readonly wordParts = new Int32Array((WORD_KINDS * TRANSITION_COUNT) << WORD_STORE_BITS);
  /**
   * Across sentences, the label score parts of `labelerWordFeatures` per word hash, tag and kind: `labelWordKeys`
   * holds the hash and (tag << 1 | kind) of each entry (a tag of -3 for none yet), `labelWordParts` its part.
   */
  private readonly labelWordKeys = new Int32Array(2 << LABEL_WORD_STORE_BITS).fill(-3);
  private labelWordParts: Int32Array | undefined;
  private readonly bufferTagPartOf = new Map<number, number>();
  private readonly bufferTagParts = new Int32Array(TAG_PART_LIMIT * TRANSITION_COUNT);

  constructor(readonly data: ParserModelData) {
    this.labels = data.labels;
    this.transitions = new LinearModel(data.transitions);
    this.labeler = new LinearModel(data.labeler);
    this.rootLabel = data.labels.indexOf('root');
    this.punctLabel = data.labels.indexOf('punct');
    this.punctuation = Uint8Array.from(data.tagClasses, (name) => (name.startsWith('PUNCT ') ? 1 : 0));
    this.coarseOfTag = coarseTags(data.tagClasses);
    this.clusterTable = data.clusters === undefined ? undefined : new ClusterTable(data.clusters);
    this.labelScores = new Int32Array(data.labels.length);
    this.smallTagIds = data.tagClasses.length < 1022;
  }

  /**
   * Parses words given their tag classes (ids of the tagger's classes) and, when the tagger has them, their
   * hashes (`contextWordHashes`; otherwise they are looked up).
   */
  parse(words: readonly string[], tags: ArrayLike<number>, hashes?: WordHashes): DependencyTree {
    const length = words.length;
    const input = parserInput(words, tags, this.coarseOfTag, this.input, this.clusterTable, hashes);
    this.input = input;
    let state = this.state;
    if (state === undefined || state.capacity < length) {
      state = new ParseState(length, Math.max(length, 64));
      this.state = state;
    } else state.reset(length);
    const slots = (state.capacity + 2) * ROLE_COUNT;
    if (this.roleStamps.length < slots) {
      this.roleStamps = new Int32Array(slots);
      this.roleScores = new Int32Array(slots * TRANSITION_COUNT);
      this.stackStamps = new Int32Array(state.capacity + 2);
      this.stackScores = new Int32Array((state.capacity + 2) * TRANSITION_COUNT);
      this.s0Stamps = new Int32Array(state.capacity + 2);
      this.s0Counts = new Int32Array(state.capacity + 2);
      this.s0Scores = new Int32Array((state.capacity + 2) * TRANSITION_COUNT);
      this.b0Stamps = new Int32Array(state.capacity + 2);
      this.b0Counts = new Int32Array(state.capacity + 2);
      this.b0Scores = new Int32Array((state.capacity + 2) * TRANSITION_COUNT);
      this.sentence = 0;
    }
    this.sentence = (this.sentence + 1) | 0 || 1;
    while (!state.isTerminal()) {
      const transition = onlyLegal(state) ?? this.predict(state, input);
      state.apply(transition, transition === SHIFT ? -1 : this.label(state, input, transition));
    }
    return { heads: state.heads.slice(1, length + 1), labels: state.labels.slice(1, length + 1) };
  }

  private predict(state: ParseState, input: ParserInput): number {
    const scores = this.transitionScores;
    const s0 = state.stackItem(0);
    const b0 = state.bufferItem(0);
    // Without dependents yet, s0's and b0's own templates depend on the word alone: their part is kept per word.
    const leafS0 = s0 >= 0 && state.left1[s0] === 0 && state.right1[s0] === 0;
    const bareB0 = b0 >= 0 && state.left1[b0] === 0;
    // s0's and b0's own templates come from a kept part: per word without dependents, else per word and count.
    const count = parserDynamicFeatures(state, input, this.features, s0 >= 0, b0 >= 0, true);
    this.transitions.score(this.features, count, scores);
    this.addStackPart(s0, state, input);
    this.addRole(ROLE_S0, s0, state, input);
    this.addRole(ROLE_S1, state.stackItem(1), state, input);
    this.addRole(ROLE_S2, state.stackItem(2), state, input);
    this.addRole(ROLE_B0, b0, state, input);
    const part = this.partScores;
    part[0] = 0;
    part[1] = 0;
    part[2] = 0;
    if (leafS0) this.addWordPart(WORD_S0_LEAF, s0, input);
    else if (s0 >= 0) this.addDependentsPart(false, s0, state.rightCount[s0]!, state, input);
    if (bareB0) this.addWordPart(WORD_B0_BARE, b0, input);
    else if (b0 >= 0) this.addDependentsPart(true, b0, state.leftCount[b0]!, state, input);
    scores[0] = scores[0]! + part[0]!;
    scores[1] = scores[1]! + part[1]!;
    scores[2] = scores[2]! + part[2]!;
    return bestLegal(state, scores);
  }

  /**
   * Adds to `partScores` the part of `parserS0Features` (`front` false; `word` is s0, `count` its right dependents)
   * or of `parserB0Features` (`front` true; b0 and its left dependents), computed once per word and count.
   */
  private addDependentsPart(
    front: boolean,
    word: number,
    count: number,
    state: ParseState,
    input: ParserInput,
  ): void {
    const stamps = front ? this.b0Stamps : this.s0Stamps;
    const counts = front ? this.b0Counts : this.s0Counts;
    const cached = front ? this.b0Scores : this.s0Scores;
    const at = word * TRANSITION_COUNT;
    if (stamps[word] !== this.sentence || counts[word] !== count) {
      const scores = this.transitionPart;
      const keys = front
        ? parserB0Features(state, input, this.features)
        : parserS0Features(state, input, this.features);
      this.transitions.score(this.features, keys, scores);
      cached[at] = scores[0]!;
      cached[at + 1] = scores[1]!;
      cached[at + 2] = scores[2]!;
      stamps[word] = this.sentence;
      counts[word] = count;
    }
    const part = this.partScores;
    part[0] = part[0]! + cached[at]!;
    part[1] = part[1]! + cached[at + 1]!;
    part[2] = part[2]! + cached[at + 2]!;
  }

  /** Adds to the transition scores the part of `parserStackFeatures`, computed once per s0 and sentence. */
  private addStackPart(s0: number, state: ParseState, input: ParserInput): void {
    const slot = s0 < 0 ? state.capacity + 1 : s0;
    const at = slot * TRANSITION_COUNT;
    const cached = this.stackScores;
    if (this.stackStamps[slot] !== this.sentence) {
      const part = this.transitionPart;
      this.transitions.score(this.features, parserStackFeatures(state, input, this.features), part);
      cached[at] = part[0]!;
      cached[at + 1] = part[1]!;
      cached[at + 2] = part[2]!;
      this.stackStamps[slot] = this.sentence;
    }
    const scores = this.transitionScores;
    scores[0] = scores[0]! + cached[at]!;
    scores[1] = scores[1]! + cached[at + 1]!;
    scores[2] = scores[2]! + cached[at + 2]!;
  }

  /** Adds to the transition scores the part of `role`'s fixed templates for `word`, computed once per sentence. */
  private addRole(role: number, word: number, state: ParseState, input: ParserInput): void {
    const stride = state.capacity + 2;
    const slot = role * stride + (word < 0 ? stride - 1 : word);
    const at = slot * TRANSITION_COUNT;
    const cached = this.roleScores;
    const scores = this.transitionScores;
    if (this.roleStamps[slot] !== this.sentence) {
      const part = this.partScores;
      if (role === ROLE_B0) {
        const length = state.length;
        part[0] = 0;
        part[1] = 0;
        part[2] = 0;
        this.addWordPart(WORD_B0, word, input);
        this.addWordPart(WORD_B1, bufferWord(word, 1, length), input);
        this.addWordPart(WORD_B2, bufferWord(word, 2, length), input);
        this.addBufferTagPart(word, input, length);
      } else {
        part[0] = 0;
        part[1] = 0;
        part[2] = 0;
        this.addWordPart(role, word, input);
      }
      cached[at] = part[0]!;
      cached[at + 1] = part[1]!;
      cached[at + 2] = part[2]!;
      this.roleStamps[slot] = this.sentence;
    }
    scores[0] = scores[0]! + cached[at]!;
    scores[1] = scores[1]! + cached[at + 1]!;
    scores[2] = scores[2]! + cached[at + 2]!;
  }

  /** Adds to `partScores` the part of `kind`'s templates for `word` (-1 for none), from the store when it has it. */
  private addWordPart(kind: number, word: number, input: ParserInput): void {
    const part = this.partScores;
    const scores = this.transitionPart;
    if (word < 0) {
      this.transitions.score(this.features, parserWordFeatures(kind, word, input, this.features), scores);
    } else {
      const wordHash = input.words[word]! | 0;
      const suffix = input.suffixes[word]! | 0;
      const tag = input.tags[word]!;
      const entry =
        Math.imul(wordHash ^ Math.imul(suffix, 0x9e3779b1) ^ Math.imul(tag + 3, 0x85ebca6b), 0xc2b2ae35) >>>
        (32 - WORD_STORE_BITS);
      const keys = this.wordKeys;
      const ready = this.wordReady;
      if (keys[entry * 3] !== wordHash || keys[entry * 3 + 1] !== suffix || keys[entry * 3 + 2] !== tag) {
        keys[entry * 3] = wordHash;
        keys[entry * 3 + 1] = suffix;
        keys[entry * 3 + 2] = tag;
        ready.fill(0, entry * WORD_KINDS, (entry + 1) * WORD_KINDS);
      }
      const at = (entry * WORD_KINDS + kind) * TRANSITION_COUNT;
      const parts = this.wordParts;
      if (ready[entry * WORD_KINDS + kind] !== 1) {
        this.transitions.score(this.features, parserWordFeatures(kind, word, input, this.features), scores);
        parts[at] = scores[0]!;
        parts[at + 1] = scores[1]!;
        parts[at + 2] = scores[2]!;
        ready[entry * WORD_KINDS + kind] = 1;
      }
      scores[0] = parts[at]!;
      scores[1] = parts[at + 1]!;
      scores[2] = parts[at + 2]!;
    }
    part[0] = part[0]! + scores[0]!;
    part[1] = part[1]! + scores[1]!;
    part[2] = part[2]! + scores[2]!;
  }

  /** Adds to `partScores` the part of `parserBufferTagFeatures` for the buffer front `b0`, kept per tag triple. */
  private addBufferTagPart(b0: number, input: ParserInput, length: number): void {
    const part = this.partScores;
    const scores = this.transitionPart;
    if (!this.smallTagIds) {
      this.transitions.score(
        this.features,
        parserBufferTagFeatures(b0, input, length, this.features),
        scores,
      );
    } else {
      const key = parserBufferTagKey(b0, input, length);
      let at = this.bufferTagPartOf.get(key);
      const parts = this.bufferTagParts;
      if (at === undefined) {
        if (this.bufferTagPartOf.size === TAG_PART_LIMIT) this.bufferTagPartOf.clear();
        at = this.bufferTagPartOf.size * TRANSITION_COUNT;
        this.bufferTagPartOf.set(key, at);
        this.transitions.score(
          this.features,
          parserBufferTagFeatures(b0, input, length, this.features),
          scores,
        );
        parts[at] = scores[0]!;
        parts[at + 1] = scores[1]!;
        parts[at + 2] = scores[2]!;
      }
      scores[0] = parts[at]!;
      scores[1] = parts[at + 1]!;
      scores[2] = parts[at + 2]!;
    }
    part[0] = part[0]! + scores[0]!;
    part[1] = part[1]! + scores[1]!;
    part[2] = part[2]! + scores[2]!;
  }

  private label(state: ParseState, input: ParserInput, transition: number): number {
    const head = state.headFor(transition);
    if (head === 0) return this.rootLabel;
    const dependent = state.stackItem(0);
    if (this.punctLabel >= 0 && this.punctuation[input.tags[dependent]!] === 1) return this.punctLabel;
    const labelCount = this.labels.length;
    const scores = this.labelScores;
    const tagKey = labelerTagKey(state, input, head, dependent);
    let place = this.tagPartOf.get(tagKey);
    const parts = this.tagParts ?? new Int32Array(TAG_PART_LIMIT * labelCount);
    this.tagParts = parts;
    if (place === undefined) {
      if (this.tagPartOf.size === TAG_PART_LIMIT) this.tagPartOf.clear();
      place = this.tagPartOf.size * labelCount;
      this.tagPartOf.set(tagKey, place);
      const count = labelerTagFeatures(state, input, head, dependent, this.features);
      this.labeler.score(this.features, count, scores);
      parts.set(scores.subarray(0, labelCount), place);
    }
    const wordParts = this.labelWordParts ?? new Int32Array(labelCount << LABEL_WORD_STORE_BITS);
    this.labelWordParts = wordParts;
    const dependentPart = this.labelWordPart(LABEL_DEPENDENT, dependent, state, input, wordParts);
    const headPart = this.labelWordPart(LABEL_HEAD, head, state, input, wordParts);
    let near = TAG_PART_LIMIT * labelCount;
    const neighbourParts = this.neighbourParts ?? new Int32Array((TAG_PART_LIMIT + 1) * labelCount);
    this.neighbourParts = neighbourParts;
    if (this.smallTagIds) {
      const key = labelerNeighbourKey(state, input, dependent);
      const kept = this.neighbourPartOf.get(key);
      if (kept !== undefined) near = kept;
      else {
        if (this.neighbourPartOf.size === TAG_PART_LIMIT) this.neighbourPartOf.clear();
        near = this.neighbourPartOf.size * labelCount;
        this.neighbourPartOf.set(key, near);
        const count = labelerNeighbourFeatures(state, input, dependent, this.features);
        this.labeler.score(this.features, count, scores);
        neighbourParts.set(scores.subarray(0, labelCount), near);
      }
    }
    let count = labelerOtherFeatures(state, input, head, dependent, this.features, true);
    // Without a kept part (its row past the last stays zero), the neighbour templates are scored here.
    if (!this.smallTagIds) count = labelerNeighbourFeatures(state, input, dependent, this.features, count);
    this.labeler.score(this.features, count, scores);
    for (let l = 0; l < labelCount; l++) {
      scores[l] =
        scores[l]! +
        parts[place + l]! +
        neighbourParts[near + l]! +
        wordParts[dependentPart + l]! +
        wordParts[headPart + l]!;
    }
    return bestLabel(scores, labelCount, this.rootLabel, head);
  }

  /**
   * The place in `wordParts` of the part of `labelerWordFeatures` of `kind` for `word`, computed the first time
   * its word hash and tag come (or come back after another word took the entry).
   */
  private labelWordPart(
    kind: number,
    word: number,
    state: ParseState,
    input: ParserInput,
    wordParts: Int32Array,
  ): number {
    const wordHash = input.words[word]! | 0;
    const tagKind = (input.tags[word]! << 1) | kind;
    const entry =
      Math.imul(wordHash ^ Math.imul(tagKind + 3, 0x85ebca6b), 0xc2b2ae35) >>> (32 - LABEL_WORD_STORE_BITS);
    const labelCount = this.labels.length;
    const place = entry * labelCount;
    const keys = this.labelWordKeys;
    if (keys[entry * 2] !== wordHash || keys[entry * 2 + 1] !== tagKind) {
      const scores = this.labelScores;
      this.labeler.score(this.features, labelerWordFeatures(kind, word, state, input, this.features), scores);
      wordParts.set(scores.subarray(0, labelCount), place);
      keys[entry * 2] = wordHash;
      keys[entry * 2 + 1] = tagKind;
    }
    return place;
  }
}
