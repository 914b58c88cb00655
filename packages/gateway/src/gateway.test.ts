import { createJsonLogger, UpstreamError } from '@cae/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGateway, type GatewayOptions } from './gateway';
import { masterKeyFromSecret } from './keys/key-crypto';
import { createMemoryKeyStore } from './keys/key-store-file';
import { createFakeProviders } from './testing/fake-providers';
import { createFakeUpstream } from './testing/fake-upstream';

const providers = createFakeProviders();
beforeAll(providers.start);
afterAll(providers.close);
beforeEach(providers.reset);

function setup(env: Record<string, string> = {}, extra: Partial<GatewayOptions> = {}) {
  const lines: string[] = [];
  const gateway = createGateway({
    env: { ...providers.env(), ...env },
    secretKey: 'test-secret',
    keyStore: createMemoryKeyStore(),
    logger: createJsonLogger({ write: (line) => lines.push(line), minLevel: 'debug' }),
    timeoutMs: 2_000,
    maxRetries: 1,
    ...extra,
  });
  return { gateway, lines };
}

const user = (text: string) => ({ user: text });

describe('generate', () => {
  it('returns text with the client key and the default model', async () => {
    const { gateway } = setup();
    const result = await gateway.generate({
      providerId: 'openai',
      prompt: user('hello'),
      apiKey: 'client-key-1',
    });
    expect(result).toEqual({ text: 'echo: hello' });
    expect(providers.openai.calls).toHaveLength(1);
    expect(providers.openai.calls[0]).toMatchObject({ apiKey: 'client-key-1', model: 'gpt-4.1-mini' });
  });

  it('sends system, history and user turns, temperature and maxTokens', async () => {
    const { gateway } = setup({ OPENAI_API_KEY: 'server-key' });
    await gateway.generate({
      providerId: 'openai',
      modelId: 'custom-model',
      prompt: {
        system: 'be brief',
        messages: [
          { role: 'user', content: 'first' },
          { role: 'assistant', content: 'answer' },
        ],
        user: 'second',
      },
      options: { temperature: 0.2, maxTokens: 50 },
    });
    expect(providers.openai.calls[0]?.body).toMatchObject({
      model: 'custom-model',
      temperature: 0.2,
      max_tokens: 50,
      messages: [
        { role: 'system', content: 'be brief' },
        { role: 'user', content: 'first' },
        { role: 'assistant', content: 'answer' },
        { role: 'user', content: 'second' },
      ],
    });
    expect(providers.openai.calls[0]?.apiKey).toBe('server-key');
  });

  it('returns a schema-valid object using json_schema output', async () => {
    const { gateway } = setup({ OPENAI_API_KEY: 'server-key' });
    const schema = {
      type: 'object',
      properties: { title: { type: 'string' }, score: { type: 'number', minimum: 0, maximum: 1 } },
      required: ['title', 'score'],
    };
    const result = await gateway.generate({ providerId: 'openai', prompt: { user: 'rate it', schema } });
    expect(result).toEqual({ object: { title: 'sample_title', score: 0.5 } });
    expect(providers.openai.calls[0]?.body?.response_format).toMatchObject({ type: 'json_schema' });
  });

  it('repairs an invalid structured reply once', async () => {
    const { gateway } = setup({ OPENAI_API_KEY: 'server-key' });
    providers.openai.failNext('invalid_json_output');
    const schema = { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] };
    const result = await gateway.generate({ providerId: 'openai', prompt: { user: 'x', schema } });
    expect(result).toEqual({ object: { ok: true } });
    expect(providers.openai.calls).toHaveLength(2);
    const messages = providers.openai.calls[1]?.body?.messages as { role: string; content: string }[];
    expect(messages.at(-1)?.content).toMatch(/unusable/);
  });

  it('instructs and parses for providers without json_schema support', async () => {
    const { gateway } = setup({ ANTHROPIC_BASE_URL: '', ANTHROPIC_API_KEY: 'a-key' }, {});
    const anthropic = await createFakeUpstream();
    try {
      const { gateway: withAnthropic } = setup({
        ANTHROPIC_BASE_URL: anthropic.url,
        ANTHROPIC_API_KEY: 'a-key',
      });
      const schema = { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] };
      expect(
        await withAnthropic.generate({ providerId: 'anthropic', prompt: { user: 'x', schema } }),
      ).toEqual({
        object: { n: 1 },
      });
      expect(anthropic.calls[0]?.body?.response_format).toBeUndefined();
      expect(JSON.stringify(anthropic.calls[0]?.body?.messages)).toContain('JSON Schema');
    } finally {
      await anthropic.close();
    }
    expect(gateway).toBeDefined();
  });

  it('rejects an unusable schema and an unknown provider before calling anyone', async () => {
    const { gateway } = setup({ OPENAI_API_KEY: 'k' });
    await expect(gateway.generate({ providerId: 'nope', prompt: user('x') })).rejects.toMatchObject({
      code: 'invalid_request',
    });
    await expect(
      gateway.generate({ providerId: 'openai', prompt: { user: 'x', schema: { type: 'no-such-type' } } }),
    ).rejects.toMatchObject({ code: 'invalid_request' });
    expect(providers.openai.calls).toHaveLength(0);
  });
});

describe('fallback chain', () => {
  it('step 2: a rejected client key falls back to the server key', async () => {
    const { gateway } = setup({ OPENAI_API_KEY: 'server-key' });
    providers.openai.failNext('unauthorized');
    const { result, attempts } = await gateway.generateWithAttempts({
      providerId: 'openai',
      prompt: user('hi'),
      apiKey: 'bad-client-key',
    });
    expect(result).toEqual({ text: 'echo: hi' });
    expect(providers.openai.calls.map((call) => call.apiKey)).toEqual(['bad-client-key', 'server-key']);
    expect(
      attempts.map((attempt) => [attempt.step, attempt.keySource, attempt.status, attempt.httpStatus]),
    ).toEqual([
      ['primary', 'client', 'failed', 401],
      ['server_key', 'env', 'ok', undefined],
    ]);
  });

  it('step 3: falls back to google with its server key and default model', async () => {
    const { gateway } = setup({ OPENAI_API_KEY: 'server-key', GEMINI_API_KEY: 'gemini-key' });
    providers.openai.setMode('server_error');
    const { result, attempts } = await gateway.generateWithAttempts({
      providerId: 'openai',
      prompt: user('hi'),
    });
    expect(result).toEqual({ text: 'echo: hi' });
    expect(providers.google.calls[0]).toMatchObject({ apiKey: 'gemini-key', model: 'gemini-2.5-flash' });
    // 500 is retried once by the client (maxRetries 1) before the chain moves on.
    expect(providers.openai.calls).toHaveLength(2);
    expect(attempts.map((attempt) => [attempt.step, attempt.providerId, attempt.status])).toEqual([
      ['primary', 'openai', 'failed'],
      ['fallback_provider', 'google', 'ok'],
    ]);
  });

  it('all steps failing gives an UpstreamError listing every attempt and no key', async () => {
    const { gateway, lines } = setup({
      OPENAI_API_KEY: 'sk-server-secret-1',
      GEMINI_API_KEY: 'AIzaSyGeminiSecret123',
    });
    providers.openai.setMode('unauthorized');
    providers.google.setMode('unauthorized');
    const error = await gateway
      .generate({ providerId: 'openai', prompt: user('hi'), apiKey: 'sk-client-secret-9' })
      .catch((caught: unknown) => caught);
    expect(UpstreamError.isInstance(error)).toBe(true);
    const body = JSON.stringify((error as UpstreamError).toBody());
    const attempts = (error as UpstreamError).details as {
      attempts: { providerId: string; keySource: string }[];
    };
    expect(attempts.attempts.map((attempt) => `${attempt.providerId}:${attempt.keySource}`)).toEqual([
      'openai:client',
      'openai:env',
      'google:env',
    ]);
    for (const secret of ['sk-server-secret-1', 'AIzaSyGeminiSecret123', 'sk-client-secret-9', 'ecret']) {
      expect(body).not.toContain(secret);
      expect(lines.join('\n')).not.toContain(secret);
    }
    expect(body).toContain('rejected the key');
  });

  it('no key anywhere gives a clear 503 without calling the provider', async () => {
    const { gateway } = setup();
    const error = (await gateway
      .generate({ providerId: 'openai', prompt: user('hi') })
      .catch((e: unknown) => e)) as UpstreamError;
    expect(error.statusCode).toBe(503);
    expect(error.message).toMatch(/no key configured for provider "openai"/);
    expect(providers.openai.calls).toHaveLength(0);
  });

  it('names the real cause for a provider that needs no key: Ollama out of reach is not "no key configured"', async () => {
    const { gateway } = setup({ OLLAMA_BASE_URL: 'http://127.0.0.1:9/v1' }, { maxRetries: 0 });
    const error = (await gateway
      .generate({ providerId: 'ollama', prompt: user('hi') })
      .catch((e: unknown) => e)) as UpstreamError;
    expect(error.message).toMatch(
      /^ollama\/llama3\.2: could not reach the provider at http:\/\/127\.0\.0\.1:9\/v1/,
    );
    expect(error.message).not.toMatch(/no key configured/);
  });

  it('honours 429 retry-after and retries once', async () => {
    const { gateway } = setup({ OPENAI_API_KEY: 'server-key' });
    providers.openai.failNext('rate_limited');
    expect(await gateway.generate({ providerId: 'openai', prompt: user('a') })).toEqual({ text: 'echo: a' });
    expect(providers.openai.calls.map((call) => call.mode)).toEqual(['rate_limited', 'ok']);
  });

  it('times out a hanging upstream and falls back', async () => {
    const { gateway } = setup(
      { OPENAI_API_KEY: 'server-key', GEMINI_API_KEY: 'g' },
      { timeoutMs: 150, maxRetries: 0 },
    );
    providers.openai.failNext('hang');
    const { attempts } = await gateway.generateWithAttempts({ providerId: 'openai', prompt: user('a') });
    expect(attempts[0]).toMatchObject({ status: 'failed', error: 'timed out waiting for the provider' });
    expect(attempts[1]).toMatchObject({ providerId: 'google', status: 'ok' });
  });

  it('treats a malformed upstream body as a failure', async () => {
    const { gateway } = setup({ OPENAI_API_KEY: 'server-key', GEMINI_API_KEY: 'g' }, { maxRetries: 0 });
    providers.openai.failNext('malformed');
    const { attempts } = await gateway.generateWithAttempts({ providerId: 'openai', prompt: user('a') });
    expect(attempts.map((attempt) => attempt.status)).toEqual(['failed', 'ok']);
  });

  it('propagates the caller abort without falling back', async () => {
    const { gateway } = setup({ OPENAI_API_KEY: 'server-key', GEMINI_API_KEY: 'g' });
    providers.openai.failNext('hang');
    const controller = new AbortController();
    const pending = gateway.generate({ providerId: 'openai', prompt: user('a'), signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toThrow();
    expect(providers.google.calls).toHaveLength(0);
  });

  it('serves many concurrent requests, each with its own key', async () => {
    const { gateway } = setup();
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        gateway.generate({ providerId: 'openai', prompt: user(`n${index}`), apiKey: `key-${index % 4}` }),
      ),
    );
    expect(results.map((result) => (result as { text: string }).text)).toEqual(
      Array.from({ length: 40 }, (_, index) => `echo: n${index}`),
    );
    for (const call of providers.openai.calls) {
      const index = Number(/n(\d+)/.exec(JSON.stringify(call.body))?.[1]);
      expect(call.apiKey).toBe(`key-${index % 4}`);
    }
  });
});

describe('stream', () => {
  const collect = async (iterable: AsyncIterable<string>) => {
    const chunks: string[] = [];
    for await (const chunk of iterable) chunks.push(chunk);
    return chunks;
  };

  it('yields the text in chunks', async () => {
    const { gateway } = setup({ OPENAI_API_KEY: 'k' });
    const chunks = await collect(gateway.stream({ providerId: 'openai', prompt: user('one two three') }));
    expect(chunks.join('')).toBe('echo: one two three');
    expect(chunks.length).toBeGreaterThan(1);
    expect(providers.openai.calls[0]?.stream).toBe(true);
  });

  it('falls back when the stream fails before its first chunk', async () => {
    const { gateway } = setup({ OPENAI_API_KEY: 'k', GEMINI_API_KEY: 'g' }, { maxRetries: 0 });
    providers.openai.failNext('server_error');
    const chunks = await collect(gateway.stream({ providerId: 'openai', prompt: user('x y') }));
    expect(chunks.join('')).toBe('echo: x y');
    expect(providers.google.calls).toHaveLength(1);
  });

  it('ends with an UpstreamError when cut after the first chunk', async () => {
    const { gateway } = setup({ OPENAI_API_KEY: 'k', GEMINI_API_KEY: 'g' });
    providers.openai.failNext('cut_stream');
    const chunks: string[] = [];
    const error = await (async () => {
      for await (const chunk of gateway.stream({ providerId: 'openai', prompt: user('a b c d e f') }))
        chunks.push(chunk);
    })().catch((caught: unknown) => caught);
    expect(chunks.length).toBeGreaterThan(0);
    expect(UpstreamError.isInstance(error)).toBe(true);
    expect(providers.google.calls).toHaveLength(0);
  });

  it('aborts the upstream request when the consumer stops', async () => {
    const slow = await createFakeUpstream({ chunkDelayMs: 30 });
    try {
      const { gateway } = setup({ OPENAI_BASE_URL: slow.url, OPENAI_API_KEY: 'k' });
      const iterable = gateway.stream({ providerId: 'openai', prompt: user('a b c d e f g h i j k l') });
      for await (const chunk of iterable) {
        expect(chunk).toBeTruthy();
        break;
      }
      // The fake keeps writing only while its socket is open; after the break it is destroyed.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(slow.calls).toHaveLength(1);
      expect(slow.calls[0]?.closedEarly).toBe(true);
    } finally {
      await slow.close();
    }
  });
});

describe('keys, models, status', () => {
  it('testKey answers ok for a valid key and a useful error without the key otherwise', async () => {
    const checker = await createFakeUpstream({ validKeys: ['sk-good-key-123'] });
    try {
      const { gateway } = setup({ OPENAI_BASE_URL: checker.url });
      expect(await gateway.testKey('openai', 'sk-good-key-123')).toEqual({ ok: true });
      const bad = await gateway.testKey('openai', 'sk-bad-key-456789');
      expect(bad.ok).toBe(false);
      const message = (bad as { error: string }).error;
      expect(message).toMatch(/OpenAI: 401 the provider rejected the key/);
      expect(message).not.toContain('sk-bad');
      expect(message).not.toContain('6789');
      expect(checker.calls.map((call) => call.path)).toEqual(['/v1/models', '/v1/models']);
    } finally {
      await checker.close();
    }
  });

  it('testKey reports an unreachable provider', async () => {
    const { gateway } = setup({ OPENAI_BASE_URL: 'http://127.0.0.1:1/v1' });
    const result = await gateway.testKey('openai', 'whatever-key');
    expect(result).toMatchObject({ ok: false });
    expect((result as { error: string }).error).toMatch(/could not reach/);
  });

  it('lists models with the server key', async () => {
    const { gateway } = setup({ OPENAI_API_KEY: 'server-key' });
    expect(await gateway.listModels('openai')).toEqual({
      data: [
        { id: 'fake-large', name: 'fake-large' },
        { id: 'fake-small', name: 'fake-small' },
      ],
    });
    expect(providers.openai.calls[0]?.apiKey).toBe('server-key');
    await expect(gateway.listModels('anthropic')).rejects.toMatchObject({ code: 'invalid_request' });
    await expect(gateway.listModels('unknown')).rejects.toMatchObject({ code: 'not_found' });
  });

  it('health and status reflect stored and environment keys', async () => {
    const { gateway } = setup({ GEMINI_API_KEY: 'g' }, { clock: () => new Date(Date.UTC(2025, 0, 2)) });
    await gateway.setKey('mistral', 'stored');
    const health = await gateway.health();
    expect(health).toEqual({
      ok: true,
      timestamp: '2025-01-02T00:00:00.000Z',
      keysPresent: ['google', 'mistral'],
      envKeys: ['google'],
    });
    expect((await gateway.providerStatus()).mistral).toEqual({ hasKey: true, isEnv: false });
    expect(masterKeyFromSecret('test-secret')).toHaveLength(32);
  });
});
