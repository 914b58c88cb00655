import { describe, expect, it } from 'vitest';
import { checkedFusionMethod, minMaxScoreFusion, reciprocalRankFusion } from './rank-fusion';

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

describe('minMaxScoreFusion', () => {
  it('sums weight x (score - min) / (max - min) over the lists, an absent list adding nothing', () => {
    const fused = minMaxScoreFusion(
      [
        [
          { id: 'a', score: 0.9 },
          { id: 'b', score: 0.7 },
          { id: 'c', score: 0.5 },
        ],
        [
          { id: 'b', score: 12 },
          { id: 'd', score: 4 },
        ],
      ],
      { weights: [0.5, 1] },
    );
    expect(fused.map((item) => item.id)).toEqual(['b', 'a', 'd', 'c']);
    expect(fused[0]).toEqual({ id: 'b', score: 0.5 * 0.5 + 1, ranks: [2, 1] });
    expect(fused[1]?.score).toBeCloseTo(0.5);
    expect(fused[2]).toEqual({ id: 'd', score: 0, ranks: [null, 2] });
    expect(fused[3]).toEqual({ id: 'c', score: 0, ranks: [3, null] });
  });

  it('gives every entry of a list whose scores are all equal the full weight', () => {
    const fused = minMaxScoreFusion(
      [
        [{ id: 'x', score: 3 }],
        [
          { id: 'y', score: 2 },
          { id: 'z', score: 2 },
        ],
      ],
      {
        weights: [2, 1],
      },
    );
    expect(fused.map((item) => [item.id, item.score])).toEqual([
      ['x', 2],
      ['y', 1],
      ['z', 1],
    ]);
  });

  it('keeps a clear first place of one list that the other list barely ranks second, where RRF ties them', () => {
    const vector = [
      { id: 'k2', score: 0.9 },
      { id: 'k1', score: 0.85 },
      { id: 'v', score: 0.1 },
    ];
    const keyword = [
      { id: 'k1', score: 10 },
      { id: 'k2', score: 1 },
      { id: 'k3', score: 0.9 },
    ];
    const byRank = reciprocalRankFusion([vector.map((item) => item.id), keyword.map((item) => item.id)]);
    expect(byRank[0]?.score).toBeCloseTo(byRank[1]!.score, 12);
    expect(byRank[0]?.id).toBe('k2');
    const byScore = minMaxScoreFusion([vector, keyword]);
    expect(byScore[0]?.id).toBe('k1');
    expect(byScore[0]?.score).toBeCloseTo(1 + 0.75 / 0.8);
  });

  it('refuses weights and scores that are not finite numbers', () => {
    expect(() => minMaxScoreFusion([[{ id: 'a', score: 1 }]], { weights: [-1] })).toThrow(RangeError);
    expect(() => minMaxScoreFusion([[{ id: 'a', score: Number.NaN }]])).toThrow(/finite/);
  });
});

describe('checkedFusionMethod', () => {
  it('accepts rrf and minmax and names the field otherwise', () => {
    expect(checkedFusionMethod('rrf', 'fusion')).toBe('rrf');
    expect(checkedFusionMethod('minmax', 'fusion')).toBe('minmax');
    expect(() => checkedFusionMethod('combsum', 'options.fusion')).toThrow(
      /options\.fusion must be one of rrf, minmax, got combsum/,
    );
    expect(() => checkedFusionMethod(undefined, 'fusion')).toThrow(RangeError);
  });
});
