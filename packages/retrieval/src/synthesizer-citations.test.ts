import { describe, expect, it } from 'vitest';
import { parseCitations } from './synthesizer-citations';

describe('parseCitations', () => {
  it('collects numbers in order of first citation, without duplicates', () => {
    expect(parseCitations('A [2]. B [1][2]. C [3, 1].', 3)).toEqual({
      answer: 'A [2]. B [1][2]. C [3][1].',
      numbers: [2, 1, 3],
    });
  });

  it('drops markers outside the context and tidies the spacing they leave', () => {
    expect(parseCitations('Fever falls [9]. Aspirin helps [1; 7].', 2)).toEqual({
      answer: 'Fever falls. Aspirin helps [1].',
      numbers: [1],
    });
    expect(parseCitations('No citations here [0].', 2).numbers).toEqual([]);
  });
});
