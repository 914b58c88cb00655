import { LinearModel, type LinearModelData } from './linear-model';
import {
  coarseTags,
  LABELER_FEATURE_COUNT,
  labelerNeighbourFeatures,
  labelerNeighbourKey,
  labelerOtherFeatures,
  labelerTagFeatures,
  labelerTagKey,
  PARSER_FEATURE_COUNT,
  type ParserInput,
  parserDynamicFeatures,
  parserInput,
  parserStaticFeatures,
  ROLE_B0,
  ROLE_COUNT,
  ROLE_S0,
  ROLE_S1,
  ROLE_S2,
} from './parser-features';
import { ParseState, RIGHT, SHIFT, TRANSITION_COUNT } from './transition-system';

/** Tag parts of the label scores kept (`DependencyParser.tagParts`); the store is emptied when full. */
const TAG_PART_LIMIT = 16384;

export interface ParserModelData {
  /** Dependency relations, subtypes included ("nsubj:pass"); "root" among them. */
  labels: string[];
  /** The tagger classes the tag ids given to the parser refer to. */
  tagClasses: string[];
  transitions: LinearModelData;
  labeler: LinearModelData;
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
  private readonly features = new Uint32Array(Math.max(PARSER_FEATURE_COUNT, LABELER_FEATURE_COUNT));
  private readonly transitionScores = new Int32Array(TRANSITION_COUNT);
  private readonly partScores = new Int32Array(TRANSITION_COUNT);
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
  private sentence = 0;
  /**
   * The part of the label scores of `labelerTagFeatures` (sums of integer weights, so adding it gives the
   * same scores), per `labelerTagKey`: `tagPartOf` maps the key to its place in `tagParts`. The same few
   * tag pairs label most arcs, and these templates hold many of the entries an arc's scoring adds.
   */
  private readonly tagPartOf = new Map<number, number>();
  private tagParts: Int32Array | undefined;
  /** The same for `labelerNeighbourFeatures` per `labelerNeighbourKey` (whose tag ids must stay below 1,022). */
  private readonly neighbourPartOf = new Map<number, number>();
  private neighbourParts: Int32Array | undefined;
  private readonly keepNeighbourParts: boolean;

  constructor(readonly data: ParserModelData) {
    this.labels = data.labels;
    this.transitions = new LinearModel(data.transitions);
    this.labeler = new LinearModel(data.labeler);
    this.rootLabel = data.labels.indexOf('root');
    this.punctLabel = data.labels.indexOf('punct');
    this.punctuation = Uint8Array.from(data.tagClasses, (name) => (name.startsWith('PUNCT ') ? 1 : 0));
    this.coarseOfTag = coarseTags(data.tagClasses);
    this.labelScores = new Int32Array(data.labels.length);
    this.keepNeighbourParts = data.tagClasses.length < 1022;
  }

  /** Parses words given their tag classes (ids of the tagger's classes). */
  parse(words: readonly string[], tags: ArrayLike<number>): DependencyTree {
    const length = words.length;
    const input = parserInput(words, tags, this.coarseOfTag, this.input);
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
    const count = parserDynamicFeatures(state, input, this.features);
    this.transitions.score(this.features, count, scores);
    this.addRole(ROLE_S0, state.stackItem(0), state, input);
    this.addRole(ROLE_S1, state.stackItem(1), state, input);
    this.addRole(ROLE_S2, state.stackItem(2), state, input);
    this.addRole(ROLE_B0, state.bufferItem(0), state, input);
    return bestLegal(state, scores);
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
      const count = parserStaticFeatures(role, word, input, state.length, this.features);
      this.transitions.score(this.features, count, part);
      cached[at] = part[0]!;
      cached[at + 1] = part[1]!;
      cached[at + 2] = part[2]!;
      this.roleStamps[slot] = this.sentence;
    }
    scores[0] = scores[0]! + cached[at]!;
    scores[1] = scores[1]! + cached[at + 1]!;
    scores[2] = scores[2]! + cached[at + 2]!;
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
    let near = TAG_PART_LIMIT * labelCount;
    const neighbourParts = this.neighbourParts ?? new Int32Array((TAG_PART_LIMIT + 1) * labelCount);
    this.neighbourParts = neighbourParts;
    if (this.keepNeighbourParts) {
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
    let count = labelerOtherFeatures(state, input, head, dependent, this.features);
    // Without a kept part (its row past the last stays zero), the neighbour templates are scored here.
    if (!this.keepNeighbourParts)
      count = labelerNeighbourFeatures(state, input, dependent, this.features, count);
    this.labeler.score(this.features, count, scores);
    for (let l = 0; l < labelCount; l++) {
      scores[l] = scores[l]! + parts[place + l]! + neighbourParts[near + l]!;
    }
    return bestLabel(scores, labelCount, this.rootLabel, head);
  }
}
