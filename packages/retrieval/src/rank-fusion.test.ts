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

  it('adds the group context: a group ranks by its first item in each list', () => {
    const groupOf = (id: string) => id[0]!;
    // Groups: a (a1, a2), b (b1). List 1 ranks groups a, b; list 2 ranks b, a.
    const fused = reciprocalRankFusion(
      [
        ['a1', 'b1'],
        ['b1', 'a2'],
      ],
      { k: 60, context: { groupOf, weight: 2, k: 1 } },
    );
    const groupA = 1 / 2 + 1 / 3;
    const groupB = 1 / 3 + 1 / 2;
    expect(fused.find((item) => item.id === 'b1')?.score).toBeCloseTo(1 / 62 + 1 / 61 + 2 * groupB);
    expect(fused.find((item) => item.id === 'a2')?.score).toBeCloseTo(1 / 62 + 2 * groupA);
    expect(fused.map((item) => item.id)).toEqual(['b1', 'a1', 'a2']);
    expect(() => reciprocalRankFusion([['a']], { context: { groupOf, weight: -1, k: 1 } })).toThrow(
      RangeError,
    );
  });

  it('keeps the first rank of an id repeated within a list', () => {
    expect(reciprocalRankFusion([['a', 'a']])).toEqual([{ id: 'a', score: 1 / 61, ranks: [1] }]);
  });

  it('returns nothing for empty lists and rejects a negative k', () => {
    expect(reciprocalRankFusion([[], []])).toEqual([]);
    expect(() => reciprocalRankFusion([['a']], { k: -1 })).toThrow(RangeError);
  });
});
