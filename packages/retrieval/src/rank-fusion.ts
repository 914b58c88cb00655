/** Default `k` of reciprocal rank fusion (ARCHITECTURE.md). */
export const DEFAULT_RRF_K = 60;

export interface RankFusionOptions {
  /** Smoothing constant of `1 / (k + rank)`; larger flattens the advantage of top ranks. */
  k?: number;
  /** Per-list factor on its contribution (default 1 each). */
  weights?: readonly number[];
  /**
   * Group context (e.g. the document of a clause): each item also gets `weight` times its group's
   * own fused score, where a group's rank in a list is the position of its first item among the
   * list's groups and it scores `sum over lists of listWeight / (k + groupRank)`. Items of a group
   * that both lists rank high rise together, as a reader would judge the passage by its document.
   */
  context?: { groupOf: (id: string) => string; weight: number; k: number };
}

export interface FusedItem {
  id: string;
  /** `sum over lists of weight / (k + rank)`, plus the group context when one is given. */
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
  const context = options.context;
  if (context && (!(context.k >= 0 && context.weight >= 0) || !Number.isFinite(context.k + context.weight))) {
    throw new RangeError(
      `context k and weight must be finite numbers >= 0, got ${context.k} and ${context.weight}`,
    );
  }
  const fused = new Map<string, FusedItem>();
  const groupScores = new Map<string, number>();
  lists.forEach((list, listIndex) => {
    const weight = options.weights?.[listIndex] ?? 1;
    if (context && context.weight > 0) {
      const seen = new Set<string>();
      for (const id of list) {
        const group = context.groupOf(id);
        if (seen.has(group)) continue;
        seen.add(group);
        groupScores.set(group, (groupScores.get(group) ?? 0) + weight / (context.k + seen.size));
      }
    }
    list.forEach((id, position) => {
      addRanked(fused, lists.length, id, listIndex, position, weight / (k + position + 1));
    });
  });
  if (context && context.weight > 0) {
    for (const item of fused.values())
      item.score += context.weight * (groupScores.get(context.groupOf(item.id)) ?? 0);
  }
  return [...fused.values()].sort(compareFused);
}

/**
 * Adds one list's entry to the fused items: its 1-based rank in that list and its share of the score. A
 * duplicate id inside one list keeps its first (best) rank and adds nothing more.
 */
function addRanked(
  fused: Map<string, FusedItem>,
  listCount: number,
  id: string,
  listIndex: number,
  position: number,
  share: number,
): void {
  let item = fused.get(id);
  if (!item) {
    item = { id, score: 0, ranks: new Array<number | null>(listCount).fill(null) };
    fused.set(id, item);
  }
  if (item.ranks[listIndex] !== null) return;
  item.ranks[listIndex] = position + 1;
  item.score += share;
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

/** How the retriever fuses its two lists: weighted reciprocal rank fusion, or weighted min-max score fusion. */
export type FusionMethod = 'rrf' | 'minmax';

/** The fusion methods, for validation and error messages. */
export const FUSION_METHODS: readonly FusionMethod[] = Object.freeze(['rrf', 'minmax']);

/**
 * The method, checked: 'rrf' or 'minmax'; `field` names it in the error.
 * @example checkedFusionMethod('minmax', 'fusion') // 'minmax'
 */
export function checkedFusionMethod(method: unknown, field: string): FusionMethod {
  if (!FUSION_METHODS.includes(method as FusionMethod)) {
    throw new RangeError(`${field} must be one of ${FUSION_METHODS.join(', ')}, got ${String(method)}`);
  }
  return method as FusionMethod;
}

/** One entry of a scored list: an id and the list's own score (BM25, cosine similarity). */
export interface ScoredItem {
  id: string;
  score: number;
}

/**
 * Weighted min-max score fusion (CombSUM over min-max normalised scores, the "relative score" fusion
 * of several search engines): each list's scores are scaled to [0, 1] over the list as given, its
 * lowest score 0 and its highest 1 (every entry 1 when all are equal), and a clause scores
 * `sum over lists of weight × normalised score`, a list where it is absent adding nothing. Unlike
 * RRF it keeps how far apart a list's scores are within the list's range: a keyword first place far
 * ahead of the rest is not overturned by a clause the other list barely prefers, where ranks alone
 * would call the two even. Ties are broken as in `reciprocalRankFusion`.
 * @example minMaxScoreFusion([[{ id: 'a', score: 0.9 }, { id: 'b', score: 0.5 }], [{ id: 'b', score: 12 }, { id: 'a', score: 3 }]])
 */
export function minMaxScoreFusion(
  lists: readonly (readonly ScoredItem[])[],
  options: { weights?: readonly number[] } = {},
): FusedItem[] {
  const fused = new Map<string, FusedItem>();
  lists.forEach((list, listIndex) => {
    const weight = options.weights?.[listIndex] ?? 1;
    if (!(weight >= 0) || !Number.isFinite(weight))
      throw new RangeError(`fusion weights must be finite numbers >= 0, got ${weight}`);
    let low = Number.POSITIVE_INFINITY;
    let high = Number.NEGATIVE_INFINITY;
    for (const { score } of list) {
      if (!Number.isFinite(score)) throw new RangeError(`list scores must be finite numbers, got ${score}`);
      low = Math.min(low, score);
      high = Math.max(high, score);
    }
    const range = high - low;
    list.forEach(({ id, score }, position) => {
      addRanked(
        fused,
        lists.length,
        id,
        listIndex,
        position,
        weight * (range > 0 ? (score - low) / range : 1),
      );
    });
  });
  return [...fused.values()].sort(compareFused);
}
