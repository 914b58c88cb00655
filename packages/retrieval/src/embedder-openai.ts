import { CaeError, InvalidRequestError, UpstreamError } from '@cae/core';
import type OpenAI from 'openai';
import pLimit from 'p-limit';
import {
  checkedFusionWeights,
  type Embedder,
  EQUAL_FUSION_WEIGHTS,
  type FusionWeights,
  normalizeInPlace,
} from './embedder';

/** Output sizes of well-known embedding models, used when `dimension` is not given. */
export const KNOWN_EMBEDDING_DIMENSIONS: Readonly<Record<string, number>> = {
  'text-embedding-3-small': 1536,
  'text-embedding-3-large': 3072,
  'text-embedding-ada-002': 1536,
  'nomic-embed-text': 768,
  'mxbai-embed-large': 1024,
  'all-minilm': 384,
};

export interface OpenAIEmbedderOptions {
  /** e.g. `https://api.openai.com/v1` or `http://127.0.0.1:11434/v1` (Ollama). */
  baseURL?: string;
  apiKey?: string;
  model: string;
  /** Vector length; known models have a default. text-embedding-3 models are asked for this size. */
  dimension?: number;
  /** Texts per request (default 64). */
  batchSize?: number;
  /** Requests in flight at once (default 4). */
  concurrency?: number;
  fetch?: typeof globalThis.fetch;
  /** Retries of the openai client on 429/5xx/connection errors (default 2). */
  maxRetries?: number;
  timeoutMs?: number;
  /** Prebuilt client; the other connection options are then ignored. */
  client?: OpenAI;
  /** Fusion weights the retriever uses with this embedder (default equal: `{ vector: 1, keyword: 1 }`). */
  fusionWeights?: FusionWeights;
}

/**
 * Embedder over any OpenAI-compatible `/embeddings` endpoint, through the `openai` package.
 * @example createOpenAIEmbedder({ baseURL: 'http://127.0.0.1:11434/v1', model: 'nomic-embed-text' })
 */
export function createOpenAIEmbedder(options: OpenAIEmbedderOptions): Embedder {
  const dimension =
    options.dimension ??
    (Object.hasOwn(KNOWN_EMBEDDING_DIMENSIONS, options.model)
      ? KNOWN_EMBEDDING_DIMENSIONS[options.model]
      : undefined);
  if (dimension === undefined || !Number.isInteger(dimension) || dimension < 1) {
    throw new InvalidRequestError(`embedding model ${options.model} needs an explicit dimension`);
  }
  const batchSize = Math.max(1, options.batchSize ?? 64);
  const limit = pLimit(Math.max(1, options.concurrency ?? 4));
  // The openai package loads on the first embed, not with this module (a quarter of a second at start).
  let client: Promise<OpenAI> | null = options.client ? Promise.resolve(options.client) : null;
  const clientOf = (): Promise<OpenAI> => {
    client ??= import('openai').then(
      ({ default: OpenAIClient }) =>
        new OpenAIClient({
          // Local servers such as Ollama need no key, but the client insists on one.
          apiKey: options.apiKey ?? 'unused',
          ...(options.baseURL ? { baseURL: options.baseURL } : {}),
          ...(options.fetch ? { fetch: options.fetch } : {}),
          maxRetries: options.maxRetries ?? 2,
          ...(options.timeoutMs ? { timeout: options.timeoutMs } : {}),
        }),
    );
    return client;
  };
  const askDimensions = options.dimension !== undefined && options.model.startsWith('text-embedding-3');
  const host = options.baseURL ? new URL(options.baseURL).host : 'api.openai.com';

  const embedBatch = async (batch: string[]): Promise<Float32Array[]> => {
    let response: OpenAI.Embeddings.CreateEmbeddingResponse;
    try {
      response = await (await clientOf()).embeddings.create({
        model: options.model,
        input: batch,
        // Plain floats: not every compatible server (Ollama, some proxies) speaks base64.
        encoding_format: 'float',
        ...(askDimensions ? { dimensions: dimension } : {}),
      });
    } catch (error) {
      throw await toUpstreamError(error, options.model, host);
    }
    const vectors: (Float32Array | undefined)[] = batch.map(() => undefined);
    for (const item of response.data ?? []) {
      const embedding = item.embedding as unknown;
      if (!Array.isArray(embedding) || embedding.length !== dimension) {
        throw new UpstreamError(
          `embedding model ${options.model} returned a vector of length ${Array.isArray(embedding) ? embedding.length : 'unknown'}, expected ${dimension}`,
          { isRetryable: false },
        );
      }
      if (item.index >= 0 && item.index < batch.length)
        vectors[item.index] = normalizeInPlace(Float32Array.from(embedding as number[]));
    }
    if (vectors.some((vector) => vector === undefined)) {
      throw new UpstreamError(
        `embedding model ${options.model} returned ${response.data?.length ?? 0} vectors for ${batch.length} texts`,
        {
          isRetryable: false,
        },
      );
    }
    return vectors as Float32Array[];
  };

  return {
    id: `openai-compatible:${options.model}:${dimension}`,
    dimension,
    // A neural embedding model ranks about as well as BM25: both lists count the same.
    fusionWeights: checkedFusionWeights(options.fusionWeights ?? EQUAL_FUSION_WEIGHTS, 'fusionWeights'),
    async embed(texts) {
      if (texts.length === 0) return [];
      const batches: string[][] = [];
      // Empty strings are rejected by some servers; a single space embeds to "nothing" everywhere.
      const inputs = texts.map((text) => (text.trim().length === 0 ? ' ' : text));
      for (let start = 0; start < inputs.length; start += batchSize)
        batches.push(inputs.slice(start, start + batchSize));
      const results = await Promise.all(batches.map((batch) => limit(() => embedBatch(batch))));
      return results.flat();
    },
  };
}

async function toUpstreamError(error: unknown, model: string, host: string): Promise<CaeError> {
  if (CaeError.isInstance(error)) return error;
  // Loaded already by the request that failed (or by the caller's own client).
  const { APIError } = await import('openai');
  if (error instanceof APIError) {
    const status = error.status;
    // The provider's own message helps; it never holds our key, but we still leave headers out.
    const message = `embedding request to ${host} for ${model} failed${status ? ` with status ${status}` : ''}: ${error.message}`;
    return new UpstreamError(message, {
      cause: error,
      details: { provider: host, model, status: status ?? null, code: error.code ?? null },
      isRetryable: status === undefined || status === 429 || status >= 500,
    });
  }
  return new UpstreamError(`embedding request to ${host} for ${model} failed`, { cause: error });
}
