import { MODALITY_TYPES, PROCESS_TYPES } from '@cae/core';
import { describe, expect, it } from 'vitest';
import * as abbreviationLexicon from './abbreviation-lexicon';
import * as circumstanceLexicon from './circumstance-lexicon';
import * as contractLexicon from './contract-lexicon';
import * as modalLexicon from './modal-lexicon';
import {
  ABILITY_OF_ADJECTIVES,
  DOUBT_PHRASES,
  MODAL_ADJECTIVES,
  MODAL_ADJUNCTS,
  MODAL_CONJUNCTIONS,
  MODAL_EXPRESSIONS,
  MODAL_NOUNS,
  MODAL_OPERATORS,
  MODAL_VERBS,
  PASSIVE_PROJECTION,
} from './modal-lexicon';
import * as moodLexicon from './mood-lexicon';
import * as processLexicon from './process-lexicon';
import { PROCESS_BY_LEMMA, PROCESS_VERBS } from './process-lexicon';
import * as tenorLexicon from './tenor-lexicon';
import { TENOR_FEATURES } from './tenor-lexicon';
import * as transitivityLexicon from './transitivity-lexicon';
import * as wordClasses from './word-classes';

describe('modal lexicon', () => {
  const tables = {
    MODAL_OPERATORS,
    MODAL_EXPRESSIONS,
    MODAL_ADJUNCTS,
    MODAL_ADJECTIVES,
    MODAL_VERBS,
    MODAL_NOUNS,
    MODAL_CONJUNCTIONS,
    PASSIVE_PROJECTION,
    ABILITY_OF_ADJECTIVES,
    DOUBT_PHRASES,
  };
  for (const [name, table] of Object.entries(tables)) {
    it(`${name}: every entry has a weight in a band and a known type`, () => {
      for (const [word, entry] of Object.entries(table)) {
        expect(word, name).toBe(word.toLowerCase());
        expect(entry.weight, word).toBeGreaterThan(0);
        expect(entry.weight, word).toBeLessThanOrEqual(1);
        expect(MODALITY_TYPES, word).toContain(entry.type);
      }
    });
  }
  it('follows the bands of ANNOTATION.md', () => {
    expect(MODAL_OPERATORS.must?.weight).toBeGreaterThanOrEqual(0.85);
    expect(MODAL_OPERATORS.should?.weight).toBeCloseTo(0.6);
    expect(MODAL_OPERATORS.may?.weight).toBeCloseTo(0.3);
    expect(MODAL_ADJUNCTS.perhaps?.weight).toBeLessThan(MODAL_ADJUNCTS.probably?.weight ?? 0);
  });
});

describe('round 6 entries follow the bands of the words they paraphrase', () => {
  it.each(['routinely', 'customarily', 'habitually'])('%s is usuality, like "usually"', (word) => {
    expect(MODAL_ADJUNCTS[word]).toEqual(MODAL_ADJUNCTS.usually);
  });
  it.each(['unable', 'potential'])('"%s to" is ability, like "able to"', (word) => {
    expect(MODAL_EXPRESSIONS[word]).toEqual(MODAL_EXPRESSIONS.able);
  });
  it.each(['capable', 'incapable'])('"%s of" is ability, valued like "able to"', (word) => {
    expect(ABILITY_OF_ADJECTIVES[word]?.weight).toBe(MODAL_EXPRESSIONS.able?.weight);
    expect(ABILITY_OF_ADJECTIVES[word]?.type).toBe('inclination');
  });
  it.each(['without', 'beyond', 'no'])('"%s doubt" is high probability, like "certainly"', (word) => {
    expect(DOUBT_PHRASES[word]?.weight).toBe(MODAL_ADJUNCTS.certainly?.weight);
    expect(DOUBT_PHRASES[word]?.type).toBe('probability');
  });
});

describe('attribution to an unnamed source', () => {
  // "is said to", "it is believed that", "reportedly" mean what epistemic "is supposed to" means.
  const supposed = MODAL_EXPRESSIONS.supposed?.weight;
  it.each(['said', 'thought', 'believed', 'reported', 'alleged', 'rumored', 'rumoured'])(
    '%s is median, like "supposed to"',
    (word) => {
      expect(MODAL_EXPRESSIONS[word]?.weight).toBe(supposed);
      expect(PASSIVE_PROJECTION[word]?.weight).toBe(supposed);
    },
  );
  it.each(['supposedly', 'allegedly', 'reportedly', 'purportedly', 'reputedly'])(
    '%s is median, like "supposed to"',
    (word) => {
      expect(MODAL_ADJUNCTS[word]?.weight).toBe(supposed);
    },
  );
  it('keeps consensus ("it is widely accepted that") in the low band', () => {
    expect(PASSIVE_PROJECTION.accepted).toEqual({ weight: 0.4, type: 'probability', kind: 'expression' });
  });
});

describe('process lexicon', () => {
  it('lists lower-case lemmas under known process types', () => {
    for (const [type, lemmas] of Object.entries(PROCESS_VERBS)) {
      expect(PROCESS_TYPES).toContain(type);
      for (const lemma of lemmas) expect(lemma).toMatch(/^[a-z]+$/);
    }
    for (const type of PROCESS_BY_LEMMA.values()) expect(PROCESS_TYPES).toContain(type);
    expect(PROCESS_BY_LEMMA.get('say')).toBe('verbal');
    expect(PROCESS_BY_LEMMA.get('think')).toBe('mental');
    expect(PROCESS_BY_LEMMA.get('be')).toBe('relational');
  });
});

describe('tenor features', () => {
  it('have small weights, positive caps and descriptions', () => {
    for (const [name, feature] of Object.entries(TENOR_FEATURES)) {
      expect(Math.abs(feature.weight), name).toBeLessThanOrEqual(0.2);
      expect(feature.maxCount, name).toBeGreaterThan(0);
      expect(feature.description.length, name).toBeGreaterThan(3);
    }
  });
});

describe('round 7 entries', () => {
  it('MODALITY.EXPECTED_TO: "expected to" is median probability, valued like "likely to"', () => {
    expect(MODAL_EXPRESSIONS.expected?.weight).toBe(MODAL_EXPRESSIONS.likely?.weight);
    expect(MODAL_EXPRESSIONS.expected?.type).toBe('probability');
    expect(MODAL_EXPRESSIONS.expected?.rule).toBe('MODALITY.EXPECTED_TO');
  });
});

describe('closed word classes', () => {
  // Every exported word class of lexicons/: a set of strings or an array of strings (wordnet-priors.ts holds
  // data, not classes).
  const modules = {
    abbreviationLexicon,
    circumstanceLexicon,
    contractLexicon,
    modalLexicon,
    moodLexicon,
    processLexicon,
    tenorLexicon,
    transitivityLexicon,
    wordClasses,
  };
  const classes: [string, readonly string[]][] = Object.entries(modules).flatMap(([file, module]) =>
    Object.entries(module).flatMap(([name, value]): [string, readonly string[]][] => {
      const members = value instanceof Set ? [...value] : Array.isArray(value) ? value : null;
      return members?.every((member) => typeof member === 'string') ? [[`${file}.${name}`, members]] : [];
    }),
  );

  it('are found', () => {
    expect(classes.length).toBeGreaterThan(200);
  });

  it('are each listed once: no two exported classes have exactly the same members', () => {
    const byMembers = new Map<string, string[]>();
    for (const [name, members] of classes) {
      const key = [...new Set(members)].sort().join(' ');
      byMembers.set(key, [...(byMembers.get(key) ?? []), name]);
    }
    expect([...byMembers.values()].filter((names) => names.length > 1)).toEqual([]);
  });

  it('hold lower-case forms, but the all-caps words matched against an all-caps line', () => {
    const upperCase = new Set(['moodLexicon.CAPITALISED_STATEMENT_WORDS']);
    for (const [name, members] of classes) {
      if (upperCase.has(name)) continue;
      for (const member of members) expect(member, name).toBe(member.toLowerCase());
    }
  });
});

describe('complexPrepositionAt', () => {
  it('finds the longest preposition of several words, counting only the words the clause has', () => {
    const { complexPrepositionAt } = circumstanceLexicon;
    expect(complexPrepositionAt(['on', 'behalf', 'of', 'the', 'buyer'], 0)).toEqual({
      words: 3,
      type: 'cause',
      subtype: 'behalf',
    });
    expect(complexPrepositionAt(['for', 'the', 'purposes', 'of', 'this'], 0)?.words).toBe(4);
    // At the clause's end: "those as to" is "as to" (two words), not a longer one cut short.
    expect(complexPrepositionAt(['those', 'as', 'to'], 1)).toEqual({
      words: 2,
      type: 'matter',
      subtype: null,
    });
    expect(complexPrepositionAt(['in', 'the', 'garden'], 0)).toBeUndefined();
  });

  it('knows every "X to" whose first word TREE.COMPLEX_PREPOSITION rebuilds', () => {
    for (const head of circumstanceLexicon.ADJECTIVAL_PREPOSITION_HEADS)
      expect(circumstanceLexicon.COMPLEX_PREPOSITION_CIRCUMSTANCES.has(`${head} to`), head).toBe(true);
  });
});
