/** Default `k` of reciprocal rank fusion (ARCHITECTURE.md). */
export const DEFAULT_RRF_K = 60;

export interface RankFusionOptions {
  /** Smoothing constant of `1 / (k + rank)`; larger flattens the advantage of top ranks. */
  k?: number;
  /** Per-list factor on its contribution (default 1 each). */
  weights?: readonly number[];
}

export interface FusedItem {
  id: string;
  /** `sum over lists of weight / (k + rank)`. */
  score: number;
  /** 1-based rank of the id in each input list, `null` where it was absent. */
  ranks: (number | null)[];
}

/**
 * Reciprocal rank fusion of ranked id lists, best first. Ties are broken by the best single rank,
 * then by the earlier list, then by id, so the order never depends on insertion order.
 * @example reciprocalRankFusion([['a', 'b'], ['b', 'c']]) // b first: 1/62 + 1/61
 */
export function reciprocalRankFusion(
  lists: readonly (readonly string[])[],
  options: RankFusionOptions = {},
): FusedItem[] {
  const k = options.k ?? DEFAULT_RRF_K;
  if (!(k >= 0) || !Number.isFinite(k)) throw new RangeError(`RRF k must be a finite number >= 0, got ${k}`);
  const fused = new Map<string, FusedItem>();
  lists.forEach((list, listIndex) => {
    const weight = options.weights?.[listIndex] ?? 1;
    list.forEach((id, position) => {
      let item = fused.get(id);
      if (!item) {
        item = { id, score: 0, ranks: lists.map(() => null) };
        fused.set(id, item);
      }
      // A duplicate id inside one list keeps its first (best) rank.
      if (item.ranks[listIndex] !== null) return;
      item.ranks[listIndex] = position + 1;
      item.score += weight / (k + position + 1);
    });
  });
  return [...fused.values()].sort(compareFused);
}

function compareFused(left: FusedItem, right: FusedItem): number {
  if (left.score !== right.score) return right.score - left.score;
  const leftBest = bestRank(left);
  const rightBest = bestRank(right);
  if (leftBest.rank !== rightBest.rank) return leftBest.rank - rightBest.rank;
  if (leftBest.list !== rightBest.list) return leftBest.list - rightBest.list;
  return left.id < right.id ? -1 : left.id > right.id ? 1 : 0;
}

function bestRank(item: FusedItem): { rank: number; list: number } {
  let best = { rank: Number.POSITIVE_INFINITY, list: Number.POSITIVE_INFINITY };
  item.ranks.forEach((rank, list) => {
    if (rank !== null && rank < best.rank) best = { rank, list };
  });
  return best;
}
