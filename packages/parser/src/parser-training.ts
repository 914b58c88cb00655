import { bestLabel, bestLegal, type ParserModelData } from './dependency-parser';
import { transitionCost } from './oracle';
import {
  coarseTags,
  LABELER_FEATURE_COUNT,
  labelerFeatures,
  PARSER_FEATURE_COUNT,
  parserFeatures,
  parserInput,
} from './parser-features';
import { PerceptronTrainer } from './perceptron-trainer';
import { seededRandom, shuffleInPlace } from './random';
import { ParseState, RIGHT, SHIFT, TRANSITION_COUNT } from './transition-system';
import { ClusterTable, type WordClusters } from './word-clusters';

/** A training sentence: words, the tag classes the parser will see, and the gold tree. */
export interface ParserExample {
  words: string[];
  tags: ArrayLike<number>;
  heads: number[];
  deprels: string[];
}

export interface ParserTrainingOptions {
  /** Names of the tag classes the examples' tag ids refer to. */
  tagClasses: string[];
  iterations: number;
  seed: number;
  /** From this iteration (0-based) on, the trainer follows its own prediction with this probability… */
  explorationStart?: number;
  /** …so that it learns to recover from its mistakes (the point of the dynamic oracle). */
  explorationProbability?: number;
  /** Transition rows whose largest quantised weight stays under this are dropped (default 400). */
  minRowWeight?: number;
  /** Word clusters for the cluster templates, stored in the model. */
  clusters?: WordClusters;
  log?: (line: string) => void;
  /** Called after each iteration with a function that gives the averaged model so far (for tuning on dev). */
  onIteration?: (iteration: number, model: () => ParserModelData) => void;
}

/**
 * Transition features whose largest averaged weight stays under this (of 32767) are dropped: a third
 * of the rows, for a smaller and faster table (−0.05 UAS on EWT dev, −0.03 on GUM dev).
 */
const TRANSITION_MIN_ROW_WEIGHT = 400;

export function trainParser(
  examples: readonly ParserExample[],
  options: ParserTrainingOptions,
): ParserModelData {
  const labels = [...new Set(examples.flatMap((example) => example.deprels))].sort();
  if (!labels.includes('root')) labels.push('root');
  if (labels.length > 255) throw new Error(`too many labels: ${labels.length}`);
  const labelIds = new Map(labels.map((label, i) => [label, i]));
  const rootLabel = labelIds.get('root')!;
  const transitions = new PerceptronTrainer(TRANSITION_COUNT);
  const labeler = new PerceptronTrainer(labels.length);
  const features = new Uint32Array(Math.max(PARSER_FEATURE_COUNT, LABELER_FEATURE_COUNT));
  const transitionScores = new Float64Array(TRANSITION_COUNT);
  const labelScores = new Float64Array(labels.length);
  const random = seededRandom(options.seed);
  const explorationStart = options.explorationStart ?? 1;
  const explorationProbability = options.explorationProbability ?? 0.9;
  const order = [...examples];
  const coarseOfTag = coarseTags(options.tagClasses);
  const minRowWeight = options.minRowWeight ?? TRANSITION_MIN_ROW_WEIGHT;
  const { clusters } = options;
  const clusterTable = clusters === undefined ? undefined : new ClusterTable(clusters);
  const model = (): ParserModelData => ({
    labels,
    tagClasses: options.tagClasses,
    transitions: transitions.finish(0, minRowWeight),
    labeler: labeler.finish(),
    ...(clusters === undefined ? {} : { clusters }),
  });

  for (let iteration = 0; iteration < options.iterations; iteration++) {
    shuffleInPlace(order, random);
    let correctHeads = 0;
    let correctLabels = 0;
    let words = 0;
    const explore = iteration >= explorationStart;
    for (const example of order) {
      const goldHeads = [0, ...example.heads];
      const goldLabels = [-1, ...example.deprels.map((label) => labelIds.get(label)!)];
      const input = parserInput(example.words, example.tags, coarseOfTag, undefined, clusterTable);
      const state = new ParseState(example.words.length);
      while (!state.isTerminal()) {
        const count = parserFeatures(state, input, features);
        transitions.score(features, count, transitionScores);
        const guess = bestLegal(state, transitionScores);
        let best = -1;
        let bestCost = Number.POSITIVE_INFINITY;
        let guessCost = 0;
        for (let t = SHIFT; t <= RIGHT; t++) {
          if (!state.isLegal(t)) continue;
          const cost = transitionCost(state, t, goldHeads);
          if (t === guess) guessCost = cost;
          if (cost < bestCost || (cost === bestCost && transitionScores[t]! > transitionScores[best]!)) {
            best = t;
            bestCost = cost;
          }
        }
        if (guessCost > bestCost) transitions.update(features, count, best, guess);
        transitions.tick();
        const chosen = explore && random() < explorationProbability ? guess : best;
        let label = -1;
        if (chosen !== SHIFT) {
          const head = state.headFor(chosen);
          const dependent = state.stackItem(0);
          if (head === 0) {
            label = rootLabel;
          } else {
            const labelCount = labelerFeatures(state, input, head, dependent, features);
            labeler.score(features, labelCount, labelScores);
            label = bestLabel(labelScores, labels.length, rootLabel, head);
            if (goldHeads[dependent] === head) {
              labeler.update(features, labelCount, goldLabels[dependent]!, label);
              labeler.tick();
            }
          }
        }
        state.apply(chosen, label);
      }
      for (let i = 1; i <= example.words.length; i++) {
        words++;
        if (state.heads[i] === goldHeads[i]) {
          correctHeads++;
          if (state.labels[i] === goldLabels[i]) correctLabels++;
        }
      }
    }
    options.onIteration?.(iteration + 1, model);
    options.log?.(
      `parser iteration ${iteration + 1}: train UAS ${((100 * correctHeads) / words).toFixed(2)}%, LAS ${((100 * correctLabels) / words).toFixed(2)}% (transition rows ${transitions.rowCount}, label rows ${labeler.rowCount})`,
    );
  }
  return model();
}
