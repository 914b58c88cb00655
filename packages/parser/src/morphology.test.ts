import { describe, expect, it } from 'vitest';
import { agreeWithSubjects, type Features, formatFeats, parseFeats } from './morphology';

const word = (xpos: string, feats: string, head: number, deprel: string) => ({
  xpos,
  feats: parseFeats(feats) as Features,
  head,
  deprel,
});

describe('FEATS strings', () => {
  it('round-trip in UD order', () => {
    const feats = 'Mood=Ind|Number=Sing|Person=3|Tense=Past|VerbForm=Fin';
    expect(formatFeats(parseFeats(feats))).toBe(feats);
    expect(formatFeats(parseFeats('_'))).toBe('_');
    expect(formatFeats({ VerbForm: 'Fin', Mood: 'Imp' })).toBe('Mood=Imp|VerbForm=Fin');
  });
});

describe('subject agreement', () => {
  it('gives a finite verb the person and number of its pronoun subject', () => {
    const words = [
      word('PRP', 'Case=Nom|Number=Sing|Person=1|PronType=Prs', 2, 'nsubj'),
      word('VBD', 'Mood=Ind|Number=Sing|Person=3|Tense=Past|VerbForm=Fin', 0, 'root'),
    ];
    agreeWithSubjects(words);
    expect(words[1]!.feats).toMatchObject({ Person: '1', Number: 'Sing' });
  });

  it('lets an auxiliary look at the subject of its head, and makes plural and coordinated nouns plural', () => {
    const words = [
      word('NNP', 'Number=Sing', 4, 'nsubj'),
      word('CC', '_', 3, 'cc'),
      word('NNP', 'Number=Sing', 1, 'conj'),
      word('VBP', 'Mood=Ind|Number=Sing|Person=1|Tense=Pres|VerbForm=Fin', 5, 'aux'),
      word('VBG', 'Tense=Pres|VerbForm=Part', 0, 'root'),
    ];
    agreeWithSubjects(words);
    expect(words[3]!.feats).toMatchObject({ Person: '3', Number: 'Plur' });
    expect(words[4]!.feats).toEqual({ Tense: 'Pres', VerbForm: 'Part' });
  });
});
