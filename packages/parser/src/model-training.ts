import type { ConlluSentence } from './conllu';
import { trainLemmatizer } from './lemmatizer';
import { projectivizeWithLabels } from './lifting';
import { averageParsers } from './model-averaging';
import type { ModelBundle } from './model-format';
import { trainMorphology } from './morphology';
import { isProjective, projectivize } from './oracle';
import { type ParserExample, trainParser } from './parser-training';
import { tagClassName } from './tag-classes';
import { Tagger } from './tagger';
import { trainTagger } from './tagger-training';
import type { WordClusters } from './word-clusters';

export interface ModelTrainingOptions {
  taggerIterations: number;
  parserIterations: number;
  /** Folds for jackknifed training tags of the parser; below 2 the parser trains on gold tags. */
  folds: number;
  seed: number;
  /** Probability that the parser's trainer follows its own prediction (dynamic oracle; default 0.9, see trainParser). */
  explorationProbability?: number;
  /**
   * Trains one parser per probability (the same sentences, tags and seed) and ships their sum
   * (`averageParsers`); overrides `explorationProbability`.
   */
  explorationProbabilities?: readonly number[];
  /**
   * Non-projective training trees: `lift` trains on them made projective by lifting their crossing arcs
   * (`projectivize`), `lift-head` does so and records each lift in the lifted word's label
   * (`projectivizeWithLabels`, undone after parsing), `skip` leaves them out (the default).
   */
  nonProjective?: 'skip' | 'lift' | 'lift-head';
  about?: Record<string, string | number>;
  /** Word clusters for the parser's cluster templates (`clusterWords`), stored in the model. */
  clusters?: WordClusters;
  log?: (line: string) => void;
}

/** Trains the tagger, the parser (on jackknifed tags; see `nonProjective`), morphology and lemmatizer. */
export function trainModel(train: readonly ConlluSentence[], options: ModelTrainingOptions): ModelBundle {
  const { log, seed } = options;
  const tagger = trainTagger(train, { iterations: options.taggerIterations, seed, ...(log ? { log } : {}) });
  const classIds = new Map(tagger.classes.map((name, i) => [name, i]));
  const goldClass = (sentence: ConlluSentence, i: number) =>
    classIds.get(tagClassName(sentence.upos[i]!, sentence.xpos[i]!, sentence.feats[i]!))!;

  const tags = jackknifeTags(train, options, classIds, goldClass);
  const examples: ParserExample[] = [];
  let lifted = 0;
  train.forEach((sentence, s) => {
    let heads = sentence.heads;
    let deprels = sentence.deprels;
    if (!isProjective(heads)) {
      if (options.nonProjective === 'lift-head')
        ({ heads, deprels } = projectivizeWithLabels(heads, deprels));
      else if (options.nonProjective === 'lift') heads = projectivize(heads);
      else return;
      lifted++;
    }
    examples.push({ words: sentence.words, tags: tags[s]!, heads, deprels });
  });
  log?.(`parser: ${examples.length} sentences of ${train.length} (${lifted} non-projective ones lifted)`);
  const explorations: readonly (number | undefined)[] = options.explorationProbabilities ?? [
    options.explorationProbability,
  ];
  const parsers = explorations.map((explorationProbability) => {
    if (explorations.length > 1) log?.(`parser with exploration ${explorationProbability}`);
    return trainParser(examples, {
      tagClasses: tagger.classes,
      iterations: options.parserIterations,
      seed,
      ...(explorationProbability === undefined ? {} : { explorationProbability }),
      ...(options.clusters ? { clusters: options.clusters } : {}),
      ...(log ? { log } : {}),
    });
  });
  const parser = averageParsers(parsers);
  return {
    tagger,
    parser,
    morphology: trainMorphology(train, (s, i) => goldClass(train[s]!, i), tagger.classes),
    lemmatizer: trainLemmatizer(train),
    about: options.about ?? {},
  };
}

/** Tags each fold with a tagger trained on the other folds, so that the parser learns from realistic tags. */
function jackknifeTags(
  sentences: readonly ConlluSentence[],
  options: ModelTrainingOptions,
  classIds: ReadonlyMap<string, number>,
  goldClass: (sentence: ConlluSentence, i: number) => number,
): Int32Array[] {
  const { folds, log } = options;
  if (folds < 2) {
    return sentences.map((sentence) => Int32Array.from(sentence.words, (_, i) => goldClass(sentence, i)));
  }
  const tags: Int32Array[] = new Array(sentences.length);
  for (let fold = 0; fold < folds; fold++) {
    const rest = sentences.filter((_, s) => s % folds !== fold);
    const tagger = new Tagger(
      trainTagger(rest, { iterations: options.taggerIterations, seed: options.seed + fold }),
    );
    let correct = 0;
    let total = 0;
    sentences.forEach((sentence, s) => {
      if (s % folds !== fold) return;
      tags[s] = tagger.tagClasses(sentence.words).map((cls, i) => {
        const id = classIds.get(tagger.classes[cls]!) ?? goldClass(sentence, i);
        if (id === goldClass(sentence, i)) correct++;
        total++;
        return id;
      });
    });
    log?.(`jackknife fold ${fold + 1}/${folds}: tag accuracy ${((100 * correct) / total).toFixed(2)}%`);
  }
  return tags;
}
