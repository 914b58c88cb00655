import type { ParserModelData } from './dependency-parser';
import { inTableOrder, type LinearModelData, type SparseModelData, sparseRows } from './linear-model';

/**
 * Transition rows of a summed parser whose largest weight (of 32767) stays under this are dropped: the sum of two
 * or three parsers trained on EWT + GUM then fits the table size of one parser pruned at 400 (2^21 slots), so it
 * needs no more memory (README, seventh look; not in the shipped model).
 */
export const AVERAGED_TRANSITION_MIN_ROW_WEIGHT = 200;
/**
 * Label rows of a summed parser under this are dropped: the sum of two parsers keeps fewer rows than one parser
 * (same table size), and EWT dev and GUM dev scores stay within 0.01 of keeping every label row.
 */
export const AVERAGED_LABEL_MIN_ROW_WEIGHT = 300;

/**
 * The sum of several quantised linear models over the same classes (a row missing from a model counts as
 * zeros there), quantised again to int16 with one scale. Each model counts as it is: each is already scaled to a
 * largest weight of 32767. Rows none of whose new weights reaches `minRowWeight` are dropped. The sum does not
 * depend on the order of the models.
 */
export function averageLinearModels(models: readonly LinearModelData[], minRowWeight = 0): SparseModelData {
  if (models.length === 0) throw new Error('averageLinearModels: no model');
  const classCount = models[0]!.classCount;
  if (models.some((model) => model.classCount !== classCount)) {
    throw new Error('averageLinearModels: the models have different class counts');
  }
  const sums = new Map<number, Float64Array>();
  for (const model of models.map(sparseRows)) {
    for (let row = 0; row < model.keys.length; row++) {
      const key = model.keys[row]!;
      let sum = sums.get(key);
      if (!sum) {
        sum = new Float64Array(classCount);
        sums.set(key, sum);
      }
      for (let i = model.rowStarts[row]!; i < model.rowStarts[row + 1]!; i++) {
        sum[model.classes[i]!]! += model.weights[i]!;
      }
    }
  }
  let largest = 0;
  for (const sum of sums.values()) for (const value of sum) largest = Math.max(largest, Math.abs(value));
  const scale = largest > 0 ? 32767 / largest : 1;
  const orderedKeys = [...sums.keys()].sort((a, b) => a - b);
  const keys: number[] = [];
  const rowStarts: number[] = [0];
  const classes: number[] = [];
  const weights: number[] = [];
  for (const key of orderedKeys) {
    const sum = sums.get(key)!;
    const before = classes.length;
    let strongest = 0;
    for (let c = 0; c < classCount; c++) {
      const quantised = Math.round(sum[c]! * scale);
      if (quantised === 0) continue;
      classes.push(c);
      weights.push(quantised);
      strongest = Math.max(strongest, Math.abs(quantised));
    }
    if (classes.length === before || strongest < minRowWeight) {
      classes.length = before;
      weights.length = before;
      continue;
    }
    keys.push(key);
    rowStarts.push(classes.length);
  }
  return inTableOrder({
    classCount,
    keys: Uint32Array.from(keys),
    rowStarts: Uint32Array.from(rowStarts),
    classes: Uint8Array.from(classes),
    weights: Int16Array.from(weights),
  });
}

/**
 * One parser from several trained on the same sentences and tags (here: with different exploration
 * probabilities): the sums of their transition and label weights, pruned by the given thresholds. A single
 * parser is returned as it is.
 */
export function averageParsers(
  parsers: readonly ParserModelData[],
  transitionMinRowWeight = AVERAGED_TRANSITION_MIN_ROW_WEIGHT,
  labelMinRowWeight = AVERAGED_LABEL_MIN_ROW_WEIGHT,
): ParserModelData {
  if (parsers.length === 0) throw new Error('averageParsers: no parser');
  const first = parsers[0]!;
  if (parsers.length === 1) return first;
  for (const parser of parsers) {
    if (JSON.stringify(parser.labels) !== JSON.stringify(first.labels))
      throw new Error('averageParsers: the parsers have different labels');
    if (JSON.stringify(parser.tagClasses) !== JSON.stringify(first.tagClasses))
      throw new Error('averageParsers: the parsers have different tag classes');
    if (JSON.stringify(parser.clusters) !== JSON.stringify(first.clusters))
      throw new Error('averageParsers: the parsers have different word clusters');
  }
  return {
    ...first,
    transitions: averageLinearModels(
      parsers.map((parser) => parser.transitions),
      transitionMinRowWeight,
    ),
    labeler: averageLinearModels(
      parsers.map((parser) => parser.labeler),
      labelMinRowWeight,
    ),
  };
}
