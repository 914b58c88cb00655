import { LinearModel, type LinearModelData } from './linear-model';
import {
  normalizeWord,
  reusableTaggerContext,
  TAGGER_FEATURE_COUNT,
  type TaggerContext,
  taggerFeatures,
} from './tagger-features';

/**
 * The UPOS tags an outside lexicon allows for each word (`undefined` or an empty set: no constraint).
 * They constrain only words the tagger never saw twice in training, where its guess rests on shape and
 * affixes alone: a tag dictionary from a larger lexicon (the pipeline passes wink-nlp's).
 */
export type AllowedTags = ReadonlyArray<ReadonlySet<string> | undefined>;

/** Everything the tagger needs at prediction time. */
export interface TaggerModelData {
  classes: string[];
  /** Frequent words that (almost) always take one class, tagged without the classifier. */
  tagDictionary: [string, number][];
  /** Normalised word → hash of the set of UPOS tags it took in training. */
  ambiguityLexicon: [string, number][];
  weights: LinearModelData;
}

/** Greedy left-to-right averaged-perceptron tagger over joint UPOS/XPOS/verb-form classes. */
export class Tagger {
  readonly classes: readonly string[];
  private readonly model: LinearModel;
  private readonly dictionary: Map<string, number>;
  private readonly lexicon: Map<string, number>;
  private readonly features = new Uint32Array(TAGGER_FEATURE_COUNT);
  private scores: Int32Array;
  private readonly classUpos: string[];
  private context: TaggerContext | undefined;

  constructor(readonly data: TaggerModelData) {
    this.classes = data.classes;
    this.model = new LinearModel(data.weights);
    this.dictionary = new Map(data.tagDictionary);
    this.lexicon = new Map(data.ambiguityLexicon);
    this.scores = new Int32Array(data.classes.length);
    this.classUpos = data.classes.map((name) => name.split(' ')[0] ?? name);
  }

  /** Whether the tagger learnt the word's possible tags from training (seen at least twice). */
  knows(word: string): boolean {
    return this.dictionary.has(word) || this.lexicon.has(normalizeWord(word));
  }

  /** The class id of every word. */
  tagClasses(words: readonly string[], allowed?: AllowedTags): Int32Array {
    const context = reusableTaggerContext(this.context, words, this.lexicon);
    this.context = context;
    const tags = new Int32Array(words.length);
    let previous = -1;
    let previous2 = -2;
    for (let i = 0; i < words.length; i++) {
      let tag = this.dictionary.get(words[i]!);
      if (tag === undefined) {
        const count = taggerFeatures(context, i, previous, previous2, this.features);
        this.model.score(this.features, count, this.scores);
        const only = allowed?.[i];
        tag =
          only !== undefined && only.size > 0 && !this.knows(words[i]!)
            ? this.constrainedArgmax(only)
            : argmax(this.scores, this.classes.length);
      }
      tags[i] = tag;
      previous2 = previous;
      previous = tag;
    }
    return tags;
  }

  /** The best class whose UPOS is allowed, or the best class when none is. */
  private constrainedArgmax(only: ReadonlySet<string>): number {
    let best = -1;
    for (let c = 0; c < this.classes.length; c++) {
      if (!only.has(this.classUpos[c]!)) continue;
      if (best < 0 || this.scores[c]! > this.scores[best]!) best = c;
    }
    return best < 0 ? argmax(this.scores, this.classes.length) : best;
  }
}

export function argmax(scores: ArrayLike<number>, count: number): number {
  let best = 0;
  for (let c = 1; c < count; c++) if (scores[c]! > scores[best]!) best = c;
  return best;
}
