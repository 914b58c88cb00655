import { InvalidRequestError, UpstreamError } from '@cae/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeOpenAIServer, sendJson } from './__fixtures__/fake-openai-server';
import { createOpenAIEmbedder } from './embedder-openai';

// Deterministic 4-d vector per text: its length and char codes, so order mix-ups show.
const vectorOf = (text: string) => [text.length, text.charCodeAt(0) || 0, 1, 0];

let server: Awaited<ReturnType<typeof createFakeOpenAIServer>>;
const embeddingsHandler = async (
  call: { body: Record<string, unknown> },
  response: import('node:http').ServerResponse,
) => {
  const input = call.body.input as string[];
  await new Promise((resolve) => setTimeout(resolve, 20));
  // Real servers may answer out of order; `index` says which input each vector belongs to.
  const data = input
    .map((text, index) => ({ object: 'embedding', index, embedding: vectorOf(text) }))
    .reverse();
  sendJson(response, 200, {
    object: 'list',
    data,
    model: call.body.model,
    usage: { prompt_tokens: 1, total_tokens: 1 },
  });
};

beforeAll(async () => {
  server = await createFakeOpenAIServer(embeddingsHandler);
});
afterAll(async () => {
  await server.close();
});

describe('createOpenAIEmbedder', () => {
  it('posts batches to /v1/embeddings with the key and returns unit vectors in input order', async () => {
    server.calls.length = 0;
    const embedder = createOpenAIEmbedder({
      baseURL: server.baseURL,
      apiKey: 'sk-test',
      model: 'fake-embed',
      dimension: 4,
      batchSize: 2,
      concurrency: 2,
    });
    expect(embedder).toMatchObject({ id: 'openai-compatible:fake-embed:4', dimension: 4 });
    const texts = ['a', 'bb', 'ccc', 'dddd', 'eeeee'];
    const vectors = await embedder.embed(texts);
    expect(server.calls).toHaveLength(3);
    expect(server.maxInFlight).toBeLessThanOrEqual(2);
    const [first] = server.calls;
    expect(first).toMatchObject({ method: 'POST', url: '/v1/embeddings' });
    expect(first?.headers.authorization).toBe('Bearer sk-test');
    expect(first?.body).toEqual({ model: 'fake-embed', input: ['a', 'bb'], encoding_format: 'float' });
    vectors.forEach((vector, index) => {
      const raw = vectorOf(texts[index]!);
      const norm = Math.hypot(...raw);
      expect([...vector].map((value) => Math.round(value * 1e4))).toEqual(
        raw.map((value) => Math.round((value / norm) * 1e4)),
      );
    });
    expect(await embedder.embed([])).toEqual([]);
  });

  it('asks text-embedding-3 models for the configured size and knows default sizes', async () => {
    server.calls.length = 0;
    server.setHandler((call, response) => {
      const input = call.body.input as string[];
      const size = (call.body.dimensions as number | undefined) ?? 1536;
      sendJson(response, 200, {
        object: 'list',
        data: input.map((_, index) => ({
          object: 'embedding',
          index,
          embedding: Array.from({ length: size }, () => 0.5),
        })),
        model: call.body.model,
      });
    });
    const small = createOpenAIEmbedder({
      baseURL: server.baseURL,
      apiKey: 'k',
      model: 'text-embedding-3-small',
      dimension: 8,
    });
    expect((await small.embed(['x']))[0]).toHaveLength(8);
    expect(server.calls[0]?.body.dimensions).toBe(8);
    expect(createOpenAIEmbedder({ baseURL: server.baseURL, model: 'text-embedding-3-small' }).dimension).toBe(
      1536,
    );
    expect(() => createOpenAIEmbedder({ model: 'mystery-model' })).toThrow(InvalidRequestError);
    // A neural model's list counts as much as the keyword list, unless configured otherwise.
    expect(small.fusionWeights).toEqual({ vector: 1, keyword: 1 });
    expect(
      createOpenAIEmbedder({ model: 'all-minilm', fusionWeights: { vector: 0.7, keyword: 1 } }).fusionWeights,
    ).toEqual({ vector: 0.7, keyword: 1 });
    expect(() =>
      createOpenAIEmbedder({ model: 'all-minilm', fusionWeights: { vector: -1, keyword: 1 } }),
    ).toThrow(/fusionWeights.vector/);
    server.setHandler(embeddingsHandler);
  });

  it('turns an error body into an UpstreamError with the status, never the key', async () => {
    server.setHandler((_call, response) =>
      sendJson(response, 401, {
        error: {
          message: 'Incorrect API key provided.',
          type: 'invalid_request_error',
          param: null,
          code: 'invalid_api_key',
        },
      }),
    );
    const embedder = createOpenAIEmbedder({
      baseURL: server.baseURL,
      apiKey: 'sk-secret-123',
      model: 'fake-embed',
      dimension: 4,
      maxRetries: 0,
    });
    const error = await embedder.embed(['x']).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).toMatchObject({
      statusCode: 502,
      isRetryable: false,
      details: { status: 401, code: 'invalid_api_key' },
    });
    expect(String((error as Error).message)).toContain('401');
    expect(JSON.stringify((error as UpstreamError).toBody())).not.toContain('sk-secret-123');
    server.setHandler(embeddingsHandler);
  });

  it('rejects vectors of the wrong size and a short answer', async () => {
    const embedder = createOpenAIEmbedder({
      baseURL: server.baseURL,
      apiKey: 'k',
      model: 'fake-embed',
      dimension: 3,
      maxRetries: 0,
    });
    await expect(embedder.embed(['x'])).rejects.toThrow(/length 4, expected 3/);
    server.setHandler((_call, response) =>
      sendJson(response, 200, { object: 'list', data: [], model: 'fake-embed' }),
    );
    const four = createOpenAIEmbedder({
      baseURL: server.baseURL,
      apiKey: 'k',
      model: 'fake-embed',
      dimension: 4,
      maxRetries: 0,
    });
    await expect(four.embed(['x'])).rejects.toBeInstanceOf(UpstreamError);
    server.setHandler(embeddingsHandler);
  });
});
