import type { FusionMethod } from './rank-fusion';

/**
 * Weights of the two candidate lists in reciprocal rank fusion: a clause scores
 * `vector / (k + vector rank) + keyword / (k + keyword rank)`. Finite numbers >= 0.
 */
export interface FusionWeights {
  vector: number;
  keyword: number;
}

/** Equal weights: plain reciprocal rank fusion. */
export const EQUAL_FUSION_WEIGHTS: Readonly<FusionWeights> = Object.freeze({ vector: 1, keyword: 1 });

/** Turns texts into fixed-size vectors; `id` names the model so a store can refuse a different one. */
export interface Embedder {
  /** Stable identifier of the model and its settings, recorded by the store. */
  readonly id: string;
  /** Length of every vector `embed` returns. */
  readonly dimension: number;
  /** One vector per text, in input order; batching and concurrency are the embedder's business. */
  embed(texts: readonly string[]): Promise<Float32Array[]>;
  /**
   * The fusion weights tuned for this embedder (the retriever's default when it is given none):
   * a weak embedder leans on the keyword list, a strong one is balanced. Absent: equal weights.
   */
  readonly fusionWeights?: Readonly<FusionWeights>;
  /** The fusion method `fusionWeights` were tuned for (the retriever's default). Absent: `rrf`. */
  readonly fusionMethod?: FusionMethod;
}

/** Scales a vector to unit length in place; a zero vector stays zero. */
export function normalizeInPlace(vector: Float32Array): Float32Array {
  let sum = 0;
  for (let index = 0; index < vector.length; index++) sum += vector[index]! * vector[index]!;
  if (sum > 0) {
    const inverse = 1 / Math.sqrt(sum);
    for (let index = 0; index < vector.length; index++) vector[index]! *= inverse;
  }
  return vector;
}

/**
 * The weights, checked: finite numbers >= 0, not both 0. `field` names them in the error.
 * @example checkedFusionWeights({ vector: 0.2, keyword: 1 }, 'weights')
 */
export function checkedFusionWeights(weights: FusionWeights, field: string): Readonly<FusionWeights> {
  for (const list of ['vector', 'keyword'] as const) {
    const weight = weights[list];
    if (typeof weight !== 'number' || !Number.isFinite(weight) || weight < 0) {
      throw new RangeError(`${field}.${list} must be a finite number >= 0, got ${weight}`);
    }
  }
  if (weights.vector === 0 && weights.keyword === 0) {
    throw new RangeError(`${field}.vector and ${field}.keyword must not both be 0`);
  }
  return Object.freeze({ vector: weights.vector, keyword: weights.keyword });
}
