import { LinearModel, type LinearModelData } from './linear-model';
import {
  coarseTags,
  LABELER_FEATURE_COUNT,
  labelerFeatures,
  PARSER_FEATURE_COUNT,
  type ParserInput,
  parserFeatures,
  parserInput,
} from './parser-features';
import { ParseState, RIGHT, SHIFT, TRANSITION_COUNT } from './transition-system';

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
  private readonly labelScores: Int32Array;

  constructor(readonly data: ParserModelData) {
    this.labels = data.labels;
    this.transitions = new LinearModel(data.transitions);
    this.labeler = new LinearModel(data.labeler);
    this.rootLabel = data.labels.indexOf('root');
    this.punctLabel = data.labels.indexOf('punct');
    this.punctuation = Uint8Array.from(data.tagClasses, (name) => (name.startsWith('PUNCT ') ? 1 : 0));
    this.coarseOfTag = coarseTags(data.tagClasses);
    this.labelScores = new Int32Array(data.labels.length);
  }

  /** Parses words given their tag classes (ids of the tagger's classes). */
  parse(words: readonly string[], tags: ArrayLike<number>): DependencyTree {
    const input = parserInput(words, tags, this.coarseOfTag);
    const state = new ParseState(words.length);
    while (!state.isTerminal()) {
      const transition = onlyLegal(state) ?? this.predict(state, input);
      state.apply(transition, transition === SHIFT ? -1 : this.label(state, input, transition));
    }
    return { heads: state.heads.slice(1), labels: state.labels.slice(1) };
  }

  private predict(state: ParseState, input: ParserInput): number {
    const count = parserFeatures(state, input, this.features);
    this.transitions.score(this.features, count, this.transitionScores);
    return bestLegal(state, this.transitionScores);
  }

  private label(state: ParseState, input: ParserInput, transition: number): number {
    const head = state.headFor(transition);
    if (head === 0) return this.rootLabel;
    const dependent = state.stackItem(0);
    if (this.punctLabel >= 0 && this.punctuation[input.tags[dependent]!] === 1) return this.punctLabel;
    const count = labelerFeatures(state, input, head, dependent, this.features);
    this.labeler.score(this.features, count, this.labelScores);
    return bestLabel(this.labelScores, this.labels.length, this.rootLabel, head);
  }
}
