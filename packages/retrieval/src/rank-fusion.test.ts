import { describe, expect, it } from 'vitest';
import { reciprocalRankFusion } from './rank-fusion';

describe('reciprocalRankFusion', () => {
  it('sums 1 / (k + rank) over the lists with k = 60 by default', () => {
    const fused = reciprocalRankFusion([
      ['a', 'b', 'c'],
      ['b', 'd'],
    ]);
    expect(fused.map((item) => item.id)).toEqual(['b', 'a', 'd', 'c']);
    expect(fused[0]).toEqual({ id: 'b', score: 1 / 62 + 1 / 61, ranks: [2, 1] });
    expect(fused.find((item) => item.id === 'c')).toEqual({ id: 'c', score: 1 / 63, ranks: [3, null] });
    expect(fused.find((item) => item.id === 'd')?.ranks).toEqual([null, 2]);
  });

  it('honours k and per-list weights', () => {
    const [first] = reciprocalRankFusion([['a'], ['a']], { k: 0, weights: [1, 0.5] });
    expect(first?.score).toBeCloseTo(1.5);
  });

  it('breaks score ties by best rank, then by the list that rank is in', () => {
    // p and q tie (ranks 2 and 3); x and y tie (rank 1 in one list each); the first list wins.
    const fused = reciprocalRankFusion([
      ['x', 'q', 'p'],
      ['y', 'p', 'q'],
    ]);
    expect(fused.map((item) => item.id)).toEqual(['q', 'p', 'x', 'y']);
    const reversed = reciprocalRankFusion([
      ['x', 'p', 'q'],
      ['y', 'q', 'p'],
    ]);
    expect(reversed.map((item) => item.id)).toEqual(['p', 'q', 'x', 'y']);
    expect(reciprocalRankFusion([['b'], ['a']], { weights: [1, 1] }).map((item) => item.id)).toEqual([
      'b',
      'a',
    ]);
  });

  it('keeps the first rank of an id repeated within a list', () => {
    expect(reciprocalRankFusion([['a', 'a']])).toEqual([{ id: 'a', score: 1 / 61, ranks: [1] }]);
  });

  it('returns nothing for empty lists and rejects a negative k', () => {
    expect(reciprocalRankFusion([[], []])).toEqual([]);
    expect(() => reciprocalRankFusion([['a']], { k: -1 })).toThrow(RangeError);
  });
});
