import { describe, expect, it } from 'vitest';
import { createPipeline } from '../pipeline';
import { lexiconTable } from './lexicon-table';

const PROTOTYPE_WORDS = [
  'constructor',
  'toString',
  'hasOwnProperty',
  'valueOf',
  '__proto__',
  'prototype',
  'isPrototypeOf',
];

describe('lexiconTable', () => {
  it('finds its own entries and nothing from Object.prototype', () => {
    const table = lexiconTable({ perhaps: 0.3 });
    expect(table.perhaps).toBe(0.3);
    for (const word of PROTOTYPE_WORDS) expect(table[word]).toBeUndefined();
    expect(Object.isFrozen(table)).toBe(true);
  });

  it('lets the pipeline compile text made of prototype member names in every position', () => {
    const pipeline = createPipeline();
    const sentences = [
      ...PROTOTYPE_WORDS.map((word) => `The ${word} may possibly ${word} the ${word} ${word}.`),
      ...PROTOTYPE_WORDS.map((word) => `${word} ${word}? ${word}, ${word} will ${word}!`),
      'Constructor toString hasOwnProperty valueOf.',
    ];
    const clauses = pipeline.compile(sentences.join(' '), { documentId: 'prototype-words' });
    expect(clauses.length).toBeGreaterThanOrEqual(sentences.length);
    for (const clause of clauses) {
      expect(clause.interpersonal.modalityWeight).toBeGreaterThanOrEqual(0);
      expect(clause.interpersonal.modalityWeight).toBeLessThanOrEqual(1);
    }
  });
});
