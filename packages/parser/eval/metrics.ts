import type { ConlluSentence } from '../src/conllu';
import { formatFeats, parseFeats } from '../src/morphology';

/** One predicted word, comparable with a gold CoNLL-U word. */
export interface PredictedWord {
  upos: string;
  xpos: string;
  feats: string;
  lemma: string;
  head: number;
  deprel: string;
}

export const VERB_FEATURES = ['VerbForm', 'Mood', 'Tense', 'Person'] as const;

export interface Scores {
  words: number;
  upos: number;
  xpos: number;
  ufeats: number;
  lemma: number;
  uas: number;
  las: number;
  /** LAS with relation subtypes compared too. */
  lasFull: number;
  verbs: number;
  /** Per verb feature: share of VERB/AUX words (gold) whose value (or its absence) is right. */
  verbFeatures: Record<(typeof VERB_FEATURES)[number], number>;
}

const universal = (deprel: string) => deprel.split(':')[0];

/** CoNLL 2018 conventions: syntactic words, punctuation included, LAS over universal relations. */
export function score(gold: readonly ConlluSentence[], predicted: readonly PredictedWord[][]): Scores {
  const counts = { words: 0, upos: 0, xpos: 0, ufeats: 0, lemma: 0, uas: 0, las: 0, lasFull: 0, verbs: 0 };
  const verbFeatures = { VerbForm: 0, Mood: 0, Tense: 0, Person: 0 };
  gold.forEach((sentence, s) => {
    sentence.words.forEach((_, i) => {
      const word = predicted[s]![i]!;
      counts.words++;
      if (word.upos === sentence.upos[i]) counts.upos++;
      if (word.xpos === sentence.xpos[i]) counts.xpos++;
      if (word.feats === formatFeats(parseFeats(sentence.feats[i]!))) counts.ufeats++;
      if (word.lemma === sentence.lemmas[i]) counts.lemma++;
      if (word.head === sentence.heads[i]) {
        counts.uas++;
        if (universal(word.deprel) === universal(sentence.deprels[i]!)) counts.las++;
        if (word.deprel === sentence.deprels[i]) counts.lasFull++;
      }
      if (sentence.upos[i] === 'VERB' || sentence.upos[i] === 'AUX') {
        counts.verbs++;
        const goldFeats = parseFeats(sentence.feats[i]!);
        const predictedFeats = parseFeats(word.feats);
        for (const name of VERB_FEATURES) if (goldFeats[name] === predictedFeats[name]) verbFeatures[name]++;
      }
    });
  });
  const share = (count: number, total: number) => (100 * count) / Math.max(1, total);
  return {
    words: counts.words,
    upos: share(counts.upos, counts.words),
    xpos: share(counts.xpos, counts.words),
    ufeats: share(counts.ufeats, counts.words),
    lemma: share(counts.lemma, counts.words),
    uas: share(counts.uas, counts.words),
    las: share(counts.las, counts.words),
    lasFull: share(counts.lasFull, counts.words),
    verbs: counts.verbs,
    verbFeatures: {
      VerbForm: share(verbFeatures.VerbForm, counts.verbs),
      Mood: share(verbFeatures.Mood, counts.verbs),
      Tense: share(verbFeatures.Tense, counts.verbs),
      Person: share(verbFeatures.Person, counts.verbs),
    },
  };
}
