import { describe, expect, it } from 'vitest';
import { clusterWords } from './cluster-training';
import { hashString } from './feature-hash';
import { seededRandom } from './random';
import { normalizeWord } from './tagger-features';
import { CLUSTER_BITS, ClusterTable, clusterPrefix, NO_CLUSTER } from './word-clusters';

/** Words around a few directions in 8 dimensions, so that the clusters are known. */
function toyVectors(): { words: string[]; vectors: Float32Array } {
  const random = seededRandom(11);
  const words: string[] = [];
  const values: number[] = [];
  for (let group = 0; group < 4; group++) {
    for (let i = 0; i < 30; i++) {
      words.push(`w${group}x${i}`);
      for (let d = 0; d < 8; d++) values.push((d === group * 2 ? 5 : 0) + random() - 0.5);
    }
  }
  return { words, vectors: Float32Array.from(values) };
}

describe('word clusters', () => {
  it('give every word a path of CLUSTER_BITS bits, no top cluster mixing words of two directions', () => {
    const { words, vectors } = toyVectors();
    const clusters = clusterWords(words, vectors, 8, { seed: 3 });
    expect(clusters.words).toEqual(words);
    for (const path of clusters.paths) expect(path >= 0 && path < 1 << CLUSTER_BITS).toBe(true);
    const groupOfTop = new Map<number, number>();
    clusters.paths.forEach((path, i) => {
      const group = Math.floor(i / 30);
      expect(groupOfTop.get(path >> 6) ?? group).toBe(group);
      groupOfTop.set(path >> 6, group);
    });
    expect(new Set(groupOfTop.values()).size).toBe(4);
    // Below the top level every split is into four: a top cluster's words share their 4-bit prefix only.
    expect(new Set(clusters.paths).size).toBeGreaterThan(groupOfTop.size);
  });

  it('are deterministic for a seed', () => {
    const { words, vectors } = toyVectors();
    expect(clusterWords(words, vectors, 8, { seed: 3 })).toEqual(
      clusterWords(words, vectors, 8, { seed: 3 }),
    );
  });

  it('keep the first word of each normalised form', () => {
    const clusters = clusterWords(['The', 'the', '1999', '2004'], new Float32Array(8).fill(1), 2, {
      seed: 1,
    });
    expect(clusters.words).toEqual(['the', '!YEAR']);
  });

  it('are looked up by the hash of the normalised word, unknown words getting NO_CLUSTER', () => {
    const table = new ClusterTable({ words: ['dog', 'cat', '!YEAR'], paths: [5, 1023, 0] });
    expect(table.valueOf(hashString(normalizeWord('Dog')))).toBe(6);
    expect(table.valueOf(hashString('cat'))).toBe(1024);
    expect(table.valueOf(hashString(normalizeWord('1999')))).toBe(1);
    expect(table.valueOf(hashString('zorblat'))).toBe(NO_CLUSTER);
    expect(clusterPrefix(1024, 4)).toBe(16);
    expect(clusterPrefix(6, 6)).toBe(1);
    expect(clusterPrefix(NO_CLUSTER, 4)).toBe(NO_CLUSTER);
  });
});
