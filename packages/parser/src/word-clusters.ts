import { hashString } from './feature-hash';

/**
 * Word clusters for the parser's cluster features (Koo, Carreras & Collins 2008), stored in the model: each
 * word (as `normalizeWord` gives it) has a path of CLUSTER_BITS bits in a cluster hierarchy, read like a Brown
 * cluster's bit string: its first COARSE_BITS bits name one of 16 top clusters, the first MIDDLE_BITS one of
 * 64, and the whole path one of 1,024 leaves.
 */
export interface WordClusters {
  /** Normalised words, most frequent first. */
  words: string[];
  /** Each word's path. */
  paths: number[];
}

export const CLUSTER_BITS = 10;
export const COARSE_BITS = 4;
export const MIDDLE_BITS = 6;

/** The cluster value of a word the table does not have. */
export const NO_CLUSTER = 0;
/** The cluster value of the root. */
export const ROOT_CLUSTER = -2;

/** The first `bits` bits of a cluster value (path + 1), unknown and root values left as they are. */
export function clusterPrefix(value: number, bits: number): number {
  return value > 0 ? ((value - 1) >> (CLUSTER_BITS - bits)) + 1 : value;
}

/** Looks a normalised word's hash up in an open-addressing table built once per model. */
export class ClusterTable {
  private readonly keys: Int32Array;
  private readonly values: Int16Array;
  private readonly mask: number;
  private readonly shift: number;

  constructor(clusters: WordClusters) {
    let size = 1024;
    while (size < clusters.words.length * 2) size *= 2;
    this.keys = new Int32Array(size);
    this.values = new Int16Array(size);
    this.mask = size - 1;
    this.shift = 32 - Math.log2(size);
    for (let i = 0; i < clusters.words.length; i++) {
      // The first (most frequent) of two words with the same hash keeps its place.
      const hash = hashString(clusters.words[i]!) | 0;
      let slot = this.home(hash);
      while (this.values[slot] !== 0 && this.keys[slot] !== hash) slot = (slot + 1) & this.mask;
      if (this.values[slot] !== 0) continue;
      this.keys[slot] = hash;
      this.values[slot] = clusters.paths[i]! + 1;
    }
  }

  private home(hash: number): number {
    return Math.imul(hash, 0x9e3779b1) >>> this.shift;
  }

  /** The cluster value (path + 1) of the word whose normalised form has hash `hash`, or NO_CLUSTER. */
  valueOf(hash: number): number {
    const key = hash | 0;
    const { keys, values, mask } = this;
    let slot = this.home(key);
    for (;;) {
      const value = values[slot]!;
      if (value === 0) return NO_CLUSTER;
      if (keys[slot] === key) return value;
      slot = (slot + 1) & mask;
    }
  }
}
