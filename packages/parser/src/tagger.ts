import { LinearModel, type LinearModelData } from './linear-model';
import { TAGGER_FEATURE_COUNT, taggerContext, taggerFeatures } from './tagger-features';

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

  constructor(readonly data: TaggerModelData) {
    this.classes = data.classes;
    this.model = new LinearModel(data.weights);
    this.dictionary = new Map(data.tagDictionary);
    this.lexicon = new Map(data.ambiguityLexicon);
    this.scores = new Int32Array(data.classes.length);
  }

  /** The class id of every word. */
  tagClasses(words: readonly string[]): Int32Array {
    const context = taggerContext(words, this.lexicon);
    const tags = new Int32Array(words.length);
    let previous = -1;
    let previous2 = -2;
    for (let i = 0; i < words.length; i++) {
      let tag = this.dictionary.get(words[i]!);
      if (tag === undefined) {
        const count = taggerFeatures(context, i, previous, previous2, this.features);
        this.model.score(this.features, count, this.scores);
        tag = argmax(this.scores, this.classes.length);
      }
      tags[i] = tag;
      previous2 = previous;
      previous = tag;
    }
    return tags;
  }
}

export function argmax(scores: ArrayLike<number>, count: number): number {
  let best = 0;
  for (let c = 1; c < count; c++) if (scores[c]! > scores[best]!) best = c;
  return best;
}
