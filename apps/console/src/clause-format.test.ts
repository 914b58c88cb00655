import { describe, expect, it } from 'vitest';
import { answerParts, clauseSegments, modalityBand, pageLabel, tokenRanges } from './clause-format';

const clause = {
  text: 'The tenant must pay the rent on Monday.',
  syntactic: {
    sentence_index: 0,
    parent_clause_id: null,
    tokens: ['The', 'tenant', 'must', 'pay', 'the', 'rent', 'on', 'Monday', '.'].map((text, index) => ({
      index,
      text,
      start: 100 + index,
      end: 100 + index + text.length,
    })),
  },
  ideational: {
    process_type: 'material' as const,
    participants: [
      { role: 'actor', text: 'The tenant', start: 0, end: 2 },
      { role: 'goal', text: 'the rent', start: 4, end: 6 },
    ],
    circumstances: [{ type: 'location', subtype: 'time', text: 'on Monday', start: 6, end: 8 }],
  },
  textual: {
    theme: { text: 'The tenant', start: 0, end: 2, elements: [] },
    rheme: { text: 'must pay the rent on Monday.', start: 2, end: 9 },
    marked_theme: false,
    conjunctive_adjuncts: [],
  },
};

describe('clause highlighting', () => {
  it('finds each token in the clause text even when document offsets differ', () => {
    expect(tokenRanges(clause).slice(0, 3)).toEqual([
      [0, 3],
      [4, 10],
      [11, 15],
    ]);
  });

  it('marks participants, circumstances and the theme, and keeps the text whole', () => {
    const segments = clauseSegments(clause);
    expect(segments.map((segment) => segment.text).join('')).toBe(clause.text);
    expect(segments[0]).toEqual({
      text: 'The tenant',
      participant: 'actor',
      circumstance: null,
      theme: true,
    });
    expect(segments.find((segment) => segment.participant === 'goal')?.text).toBe('the rent');
    expect(segments.find((segment) => segment.circumstance === 'location')?.text).toBe('on Monday');
    expect(segments.some((segment) => segment.text.includes('must') && segment.participant === null)).toBe(
      true,
    );
  });
});

describe('labels', () => {
  it('bands modality weights as ANNOTATION.md levels them', () => {
    expect([0, 0.3, 0.6, 0.9].map(modalityBand)).toEqual(['none', 'low', 'median', 'high']);
  });

  it('says which rows a page holds', () => {
    expect(pageLabel(50, 50, 132)).toBe('51–100 of 132');
    expect(pageLabel(0, 0, 0)).toBe('0 of 0');
  });

  it('splits an answer into text and citation markers', () => {
    expect(answerParts('Rent is due [1][2]. Keys [3].')).toEqual([
      { text: 'Rent is due ' },
      { cite: 1 },
      { cite: 2 },
      { text: '. Keys ' },
      { cite: 3 },
      { text: '.' },
    ]);
  });
});
