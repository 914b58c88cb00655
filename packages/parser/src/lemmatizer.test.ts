import { describe, expect, it } from 'vitest';
import { Lemmatizer, ruleLemma, trainLemmatizer } from './lemmatizer';

const vocabulary = new Set(['make', 'stop', 'study', 'box', 'add', 'use', 'big']);

describe('suffix rules', () => {
  it.each([
    ['studies', 'NOUN', 'NNS', 'study'],
    ['boxes', 'NOUN', 'NNS', 'box'],
    ['making', 'VERB', 'VBG', 'make'],
    ['stopped', 'VERB', 'VBD', 'stop'],
    ['added', 'VERB', 'VBD', 'add'],
    ['used', 'VERB', 'VBN', 'use'],
    ['biggest', 'ADJ', 'JJS', 'big'],
    ['Walked', 'VERB', 'VBD', 'walk'],
    ['Paris', 'PROPN', 'NNP', 'Paris'],
    ['The', 'DET', 'DT', 'the'],
  ])('%s (%s %s) → %s', (word, upos, xpos, lemma) => {
    expect(ruleLemma(word, upos, xpos, vocabulary)).toBe(lemma);
  });
});

describe('learned exceptions', () => {
  const data = trainLemmatizer([
    {
      words: ['went', 'went', 'walked'],
      lemmas: ['go', 'go', 'walk'],
      upos: ['VERB', 'VERB', 'VERB'],
      xpos: ['VBD', 'VBD', 'VBD'],
    },
    { words: ['mice'], lemmas: ['mouse'], upos: ['NOUN'], xpos: ['NNS'] },
  ]);

  it('keeps irregular forms seen at least twice and nothing the rules already get right', () => {
    expect(data.exceptions).toEqual([['went\tVERB', 'go']]);
    const lemmatizer = new Lemmatizer(data);
    expect(lemmatizer.lemma('Went', 'VERB', 'VBD')).toBe('go');
    expect(lemmatizer.lemma('walked', 'VERB', 'VBD')).toBe('walk');
  });
});
