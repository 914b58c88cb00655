import type { ConlluSentence } from './conllu';
import { hashString } from './feature-hash';
import { PerceptronTrainer } from './perceptron-trainer';
import { seededRandom, shuffleInPlace } from './random';
import { tagClassName } from './tag-classes';
import type { TaggerModelData } from './tagger';
import { argmax } from './tagger';
import {
  normalizeWord,
  setAmbiguity,
  TAGGER_FEATURE_COUNT,
  taggerContext,
  taggerFeatures,
} from './tagger-features';

export interface TaggerTrainingOptions {
  iterations: number;
  seed: number;
  /** A word enters the tag dictionary when seen this often… */
  dictionaryMinCount?: number;
  /** …with this share of its occurrences in one class. */
  dictionaryMinShare?: number;
  /** A word enters the ambiguity lexicon when seen this often. */
  lexiconMinCount?: number;
  /** Train on leave-one-out ambiguity classes (default true). */
  leaveOneOut?: boolean;
  log?: (line: string) => void;
}

interface Example {
  words: string[];
  sentence: number;
  gold: number[];
}

export function trainTagger(
  sentences: readonly ConlluSentence[],
  options: TaggerTrainingOptions,
): TaggerModelData {
  const classIds = new Map<string, number>();
  const examples: Example[] = sentences.map((sentence, s) => ({
    words: sentence.words,
    sentence: s,
    gold: sentence.words.map((_, i) => {
      const name = tagClassName(sentence.upos[i]!, sentence.xpos[i]!, sentence.feats[i]!);
      let id = classIds.get(name);
      if (id === undefined) {
        id = classIds.size;
        classIds.set(name, id);
      }
      return id;
    }),
  }));
  if (classIds.size > 255) throw new Error(`too many tag classes: ${classIds.size}`);
  const dictionary = buildTagDictionary(
    examples,
    options.dictionaryMinCount ?? 20,
    options.dictionaryMinShare ?? 0.97,
  );
  const lexiconMinCount = options.lexiconMinCount ?? 2;
  const tagCounts = countTags(sentences);
  const lexicon = buildAmbiguityLexicon(tagCounts, lexiconMinCount);
  const leaveOneOut = sentences.map((sentence) =>
    Uint32Array.from(sentence.words, (word, i) =>
      ambiguityClass(tagCounts.get(normalizeWord(word)), lexiconMinCount, sentence.upos[i]),
    ),
  );
  const trainer = new PerceptronTrainer(classIds.size);
  const features = new Uint32Array(TAGGER_FEATURE_COUNT);
  const scores = new Float64Array(classIds.size);
  const random = seededRandom(options.seed);
  const order = [...examples];
  for (let iteration = 0; iteration < options.iterations; iteration++) {
    shuffleInPlace(order, random);
    let correct = 0;
    let total = 0;
    for (const { words, gold, sentence } of order) {
      const context = taggerContext(words, lexicon);
      if (options.leaveOneOut ?? true) {
        const classes = leaveOneOut[sentence]!;
        for (let i = 0; i < classes.length; i++) setAmbiguity(context, i, classes[i]!);
      }
      let previous = -1;
      let previous2 = -2;
      for (let i = 0; i < words.length; i++) {
        let guess = dictionary.get(words[i]!);
        if (guess === undefined) {
          const count = taggerFeatures(context, i, previous, previous2, features);
          trainer.score(features, count, scores);
          guess = argmax(scores, classIds.size);
          trainer.update(features, count, gold[i]!, guess);
          trainer.tick();
        }
        if (guess === gold[i]) correct++;
        total++;
        previous2 = previous;
        previous = guess;
      }
    }
    options.log?.(
      `tagger iteration ${iteration + 1}: train accuracy ${((100 * correct) / total).toFixed(2)}%`,
    );
  }
  return {
    classes: [...classIds.keys()],
    tagDictionary: [...dictionary],
    ambiguityLexicon: [...lexicon],
    weights: trainer.finish(),
  };
}

function buildTagDictionary(
  examples: readonly Example[],
  minCount: number,
  minShare: number,
): Map<string, number> {
  const counts = new Map<string, Map<number, number>>();
  for (const { words, gold } of examples) {
    words.forEach((word, i) => {
      let byClass = counts.get(word);
      if (!byClass) {
        byClass = new Map();
        counts.set(word, byClass);
      }
      byClass.set(gold[i]!, (byClass.get(gold[i]!) ?? 0) + 1);
    });
  }
  const dictionary = new Map<string, number>();
  for (const [word, byClass] of counts) {
    let total = 0;
    let best = -1;
    let bestCount = 0;
    for (const [cls, count] of byClass) {
      total += count;
      if (count > bestCount) [best, bestCount] = [cls, count];
    }
    if (total >= minCount && bestCount / total >= minShare) dictionary.set(word, best);
  }
  return dictionary;
}

type TagCounts = Map<string, Map<string, number>>;

function countTags(sentences: readonly ConlluSentence[]): TagCounts {
  const counts: TagCounts = new Map();
  for (const sentence of sentences) {
    sentence.words.forEach((word, i) => {
      const key = normalizeWord(word);
      let byTag = counts.get(key);
      if (!byTag) {
        byTag = new Map();
        counts.set(key, byTag);
      }
      byTag.set(sentence.upos[i]!, (byTag.get(sentence.upos[i]!) ?? 0) + 1);
    });
  }
  return counts;
}

/**
 * Hash of the UPOS tags that make up at least a tenth of a word's occurrences, 0 when the word was seen
 * fewer than `minCount` times. `leaveOut` discounts one occurrence with that tag: a training word then
 * gets the class it would have had if its own occurrence were not in the training data.
 */
function ambiguityClass(byTag: Map<string, number> | undefined, minCount: number, leaveOut?: string): number {
  if (!byTag) return 0;
  let total = 0;
  for (const [tag, count] of byTag) total += tag === leaveOut ? count - 1 : count;
  if (total < minCount) return 0;
  const tags: string[] = [];
  for (const [tag, count] of byTag) {
    if ((tag === leaveOut ? count - 1 : count) * 10 >= total) tags.push(tag);
  }
  return hashString(tags.sort().join('+'));
}

function buildAmbiguityLexicon(counts: TagCounts, minCount: number): Map<string, number> {
  const lexicon = new Map<string, number>();
  for (const [word, byTag] of counts) {
    const ambiguity = ambiguityClass(byTag, minCount);
    if (ambiguity !== 0) lexicon.set(word, ambiguity);
  }
  return lexicon;
}
