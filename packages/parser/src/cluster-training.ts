import { seededRandom } from './random';
import { normalizeWord } from './tagger-features';
import { CLUSTER_BITS, COARSE_BITS, type WordClusters } from './word-clusters';

export interface ClusterTrainingOptions {
  seed: number;
  /** k-means iterations per split (fixed, so that the result does not depend on a tolerance). */
  iterations?: number;
}

/**
 * Clusters word vectors into a hierarchy of CLUSTER_BITS-bit paths, like the bit strings of Brown clusters:
 * k-means on the unit-length vectors splits all words into 2^COARSE_BITS clusters, then each cluster is split
 * into four by k-means again, level after level, until every word has a path of CLUSTER_BITS bits. `words`
 * come most frequent first; a word is kept under its normalised form (`normalizeWord`), the first one of each
 * form winning. Deterministic for a seed (seeded starts, fixed iterations, sums in a fixed order).
 */
export function clusterWords(
  words: readonly string[],
  vectors: Float32Array,
  dimensions: number,
  options: ClusterTrainingOptions,
): WordClusters {
  const iterations = options.iterations ?? 12;
  const random = seededRandom(options.seed);
  const kept: string[] = [];
  const rows: number[] = [];
  const seen = new Set<string>();
  words.forEach((word, row) => {
    const normalized = normalizeWord(word);
    if (seen.has(normalized)) return;
    seen.add(normalized);
    kept.push(normalized);
    rows.push(row);
  });
  const count = kept.length;
  const unit = new Float32Array(count * dimensions);
  for (let i = 0; i < count; i++) {
    const from = rows[i]! * dimensions;
    let norm = 0;
    for (let d = 0; d < dimensions; d++) norm += vectors[from + d]! ** 2;
    const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    for (let d = 0; d < dimensions; d++) unit[i * dimensions + d] = vectors[from + d]! * scale;
  }
  const paths = new Int32Array(count);
  // Level by level: the members of each current cluster are split into `k` children.
  let groups: number[][] = [Array.from({ length: count }, (_, i) => i)];
  let bits = 0;
  while (bits < CLUSTER_BITS) {
    const split = bits === 0 ? COARSE_BITS : 2;
    const next: number[][] = [];
    for (const members of groups) {
      const children = kMeans(members, unit, dimensions, 1 << split, iterations, random);
      children.forEach((child, c) => {
        for (const i of child) paths[i] = (paths[i]! << split) | c;
        next.push(child);
      });
    }
    groups = next;
    bits += split;
  }
  return { words: kept, paths: Array.from(paths) };
}

/** Splits `members` into `k` groups by k-means (cosine on unit vectors), starting from seeded members. */
function kMeans(
  members: readonly number[],
  unit: Float32Array,
  dimensions: number,
  k: number,
  iterations: number,
  random: () => number,
): number[][] {
  const groups: number[][] = Array.from({ length: k }, () => []);
  if (members.length <= k) {
    members.forEach((i, c) => {
      groups[c]!.push(i);
    });
    return groups;
  }
  const centroids = new Float64Array(k * dimensions);
  const starts = new Set<number>();
  while (starts.size < k) starts.add(Math.floor(random() * members.length));
  [...starts].forEach((start, c) => {
    const from = members[start]! * dimensions;
    for (let d = 0; d < dimensions; d++) centroids[c * dimensions + d] = unit[from + d]!;
  });
  const assignment = new Int32Array(members.length);
  for (let iteration = 0; iteration <= iterations; iteration++) {
    for (let m = 0; m < members.length; m++) {
      const from = members[m]! * dimensions;
      let best = 0;
      let bestScore = Number.NEGATIVE_INFINITY;
      for (let c = 0; c < k; c++) {
        let score = 0;
        const at = c * dimensions;
        for (let d = 0; d < dimensions; d++) score += unit[from + d]! * centroids[at + d]!;
        if (score > bestScore) {
          bestScore = score;
          best = c;
        }
      }
      assignment[m] = best;
    }
    if (iteration === iterations) break;
    const sums = new Float64Array(k * dimensions);
    for (let m = 0; m < members.length; m++) {
      const from = members[m]! * dimensions;
      const at = assignment[m]! * dimensions;
      for (let d = 0; d < dimensions; d++) sums[at + d] = sums[at + d]! + unit[from + d]!;
    }
    for (let c = 0; c < k; c++) {
      let norm = 0;
      for (let d = 0; d < dimensions; d++) norm += sums[c * dimensions + d]! ** 2;
      // An empty cluster keeps its centroid.
      if (norm === 0) continue;
      const scale = 1 / Math.sqrt(norm);
      for (let d = 0; d < dimensions; d++) centroids[c * dimensions + d] = sums[c * dimensions + d]! * scale;
    }
  }
  for (let m = 0; m < members.length; m++) groups[assignment[m]!]!.push(members[m]!);
  return groups;
}
