import { createHash } from 'node:crypto';
import type { Embedder } from '@cae/retrieval';

/**
 * A tiny deterministic embedder for tests: each word maps to a pseudo-random unit vector (from its
 * hash) and a text is the normalised sum, so texts sharing words are similar. No model files needed.
 */
export function createHashEmbedder(dimension = 32): Embedder {
  const wordVector = (word: string) => {
    const digest = createHash('sha256').update(word).digest();
    return Float32Array.from({ length: dimension }, (_, index) => digest[index % digest.length]! / 127.5 - 1);
  };
  return {
    id: `test-hash-${dimension}`,
    dimension,
    async embed(texts) {
      return texts.map((text) => {
        const sum = new Float32Array(dimension);
        for (const word of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
          const vector = wordVector(word);
          for (let index = 0; index < dimension; index += 1) sum[index]! += vector[index]!;
        }
        const norm = Math.hypot(...sum) || 1;
        return sum.map((value) => value / norm);
      });
    },
  };
}
