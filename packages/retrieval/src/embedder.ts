/** Turns texts into fixed-size vectors; `id` names the model so a store can refuse a different one. */
export interface Embedder {
  /** Stable identifier of the model and its settings, recorded by the store. */
  readonly id: string;
  /** Length of every vector `embed` returns. */
  readonly dimension: number;
  /** One vector per text, in input order; batching and concurrency are the embedder's business. */
  embed(texts: readonly string[]): Promise<Float32Array[]>;
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
