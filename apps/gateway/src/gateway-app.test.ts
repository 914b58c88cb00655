import { createArchitect } from '@cae/architect';
import {
  AgentSpecificationSchema,
  ArchitectEventSchema,
  createJsonLogger,
  ErrorBodySchema,
  GatewayHealthSchema,
  TARGET_FRAMEWORKS,
} from '@cae/core';
import { createMemoryKeyStore } from '@cae/gateway';
import { createFakeProviders, createFakeUpstream } from '@cae/gateway/testing';
import { refusalToListen } from '@cae/http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGatewayApp } from './gateway-app';
import { type GatewayAppConfig, gatewayConfigFromEnv, gatewayFromConfig } from './gateway-env';

const providers = createFakeProviders();
beforeAll(providers.start);
afterAll(providers.close);
beforeEach(providers.reset);

function setup(env: Record<string, string> = {}, overrides: Partial<GatewayAppConfig> = {}) {
  const lines: string[] = [];
  const logger = createJsonLogger({ write: (line) => lines.push(line), minLevel: 'debug' });
  const config = gatewayConfigFromEnv({ ...providers.env(), CAE_SECRET_KEY: 'app-test-secret', ...env });
  const gateway = gatewayFromConfig(config, logger, {
    keyStore: createMemoryKeyStore(),
    timeoutMs: 2_000,
    maxRetries: 0,
  });
  const app = createGatewayApp({
    gateway,
    architect: createArchitect({ gateway }),
    config: { ...config.app, ...overrides },
    logger,
  });
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  return { app, lines, post };
}

interface SseMessage {
  event?: string;
  data: string;
}
function parseSse(text: string): SseMessage[] {
  return text
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => {
      const message: SseMessage = { data: '' };
      for (const line of block.split('\n')) {
        if (line.startsWith('event: ')) message.event = line.slice(7);
        if (line.startsWith('data: ')) message.data += line.slice(6);
      }
      return message;
    });
}

const prompt = { user: 'hello there' };

describe('read routes', () => {
  it('GET /api/health answers the GatewayHealth shape', async () => {
    const { app } = setup({ GEMINI_API_KEY: 'g' });
    const response = await app.request('/api/health');
    expect(response.status).toBe(200);
    const body = GatewayHealthSchema.parse(await response.json());
    expect(body).toMatchObject({ ok: true, keysPresent: ['google'], envKeys: ['google'] });
  });

  it('GET /api/providers answers status per provider', async () => {
    const { app } = setup({ OPENAI_API_KEY: 'o' });
    const body = (await (await app.request('/api/providers')).json()) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual([
      'google',
      'openai',
      'anthropic',
      'mistral',
      'groq',
      'openrouter',
      'ollama',
    ]);
    expect(body.openai).toEqual({ hasKey: true, isEnv: true });
    expect(body.google).toEqual({ hasKey: false, isEnv: false });
  });

  it('GET /api/models/:providerId lists models; unknown 404; no models endpoint 400', async () => {
    const { app } = setup({ OPENAI_API_KEY: 'o' });
    const response = await app.request('/api/models/openai');
    expect(await response.json()).toEqual({
      data: [
        { id: 'fake-large', name: 'fake-large' },
        { id: 'fake-small', name: 'fake-small' },
      ],
    });
    const unknown = await app.request('/api/models/nobody');
    expect(unknown.status).toBe(404);
    expect(ErrorBodySchema.parse(await unknown.json()).error.code).toBe('not_found');
    expect((await app.request('/api/models/anthropic')).status).toBe(400);
  });

  it('unknown routes get the error body', async () => {
    const { app } = setup();
    const response = await app.request('/api/nothing');
    expect(response.status).toBe(404);
    expect(ErrorBodySchema.parse(await response.json()).error.code).toBe('not_found');
    const wrong = await app.request('/api/health', { method: 'POST' });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET, HEAD');
    expect(ErrorBodySchema.parse(await wrong.json()).error.message).toMatch(
      /POST is not allowed on \/api\/health/,
    );
  });
});

describe('POST /api/test-key and /api/keys', () => {
  it('tests a key', async () => {
    const checker = await createFakeUpstream({ validKeys: ['good-key-1'] });
    try {
      const { post } = setup({ OPENAI_BASE_URL: checker.url });
      expect(
        await (await post('/api/test-key', { providerId: 'openai', apiKey: 'good-key-1' })).json(),
      ).toEqual({ ok: true });
      const bad = await post('/api/test-key', { providerId: 'openai', apiKey: 'sk-bad-key-secret' });
      expect(bad.status).toBe(200);
      const text = await bad.text();
      expect(JSON.parse(text)).toMatchObject({ ok: false });
      expect(text).not.toContain('bad-key-secret');
      expect((await post('/api/test-key', { providerId: 'openai' })).status).toBe(400);
    } finally {
      await checker.close();
    }
  });

  it('stores and clears a server key, which generation then uses', async () => {
    const { app, post } = setup();
    expect(await (await post('/api/keys', { providerId: 'openai', key: 'stored-key-1' })).json()).toEqual({
      success: true,
    });
    expect(((await (await app.request('/api/providers')).json()) as Record<string, unknown>).openai).toEqual({
      hasKey: true,
      isEnv: false,
    });
    await post('/api/compute/v1', { prompt, providerId: 'openai' });
    expect(providers.openai.calls[0]?.apiKey).toBe('stored-key-1');
    expect(await (await post('/api/keys', { providerId: 'openai', key: null })).json()).toEqual({
      success: true,
    });
    expect(((await (await app.request('/api/providers')).json()) as Record<string, unknown>).openai).toEqual({
      hasKey: false,
      isEnv: false,
    });
    const unknown = await post('/api/keys', { providerId: 'nobody', key: 'x' });
    expect(unknown.status).toBe(400);
  });
});

describe('POST /api/compute/v1', () => {
  it('answers text and, with a schema, an object', async () => {
    const { post } = setup({ OPENAI_API_KEY: 'o' });
    expect(await (await post('/api/compute/v1', { prompt, providerId: 'openai' })).json()).toEqual({
      text: 'echo: hello there',
    });
    const schema = { type: 'object', properties: { answer: { type: 'string' } }, required: ['answer'] };
    const response = await post('/api/compute/v1', {
      prompt: { user: 'q', schema },
      providerId: 'openai',
      modelId: 'fake-small',
      options: { temperature: 0, maxTokens: 20 },
    });
    expect(await response.json()).toEqual({ object: { answer: 'sample_answer' } });
    expect(providers.openai.calls[1]).toMatchObject({ model: 'fake-small' });
  });

  it('rejects bad bodies with 400 and the error body', async () => {
    const { post } = setup({ OPENAI_API_KEY: 'o' });
    for (const body of [
      '{not json',
      { prompt: {}, providerId: 'openai' },
      { prompt, providerId: 'Bad Id' },
    ]) {
      const response = await post('/api/compute/v1', body);
      expect(response.status).toBe(400);
      expect(ErrorBodySchema.parse(await response.json()).error.code).toBe('invalid_request');
    }
  });

  it('walks the fallback chain and answers 502 with the attempts and no key when all fail', async () => {
    const { post, lines } = setup({
      OPENAI_API_KEY: 'sk-server-openai-1',
      GEMINI_API_KEY: 'AIzaGeminiServerKey1',
    });
    providers.openai.setMode('unauthorized');
    providers.google.setMode('server_error');
    const response = await post('/api/compute/v1', {
      prompt,
      providerId: 'openai',
      apiKey: 'sk-client-key-77',
    });
    expect(response.status).toBe(502);
    const text = await response.text();
    const body = ErrorBodySchema.parse(JSON.parse(text));
    expect(body.error.code).toBe('upstream_failed');
    expect((body.error.details as { attempts: unknown[] }).attempts).toHaveLength(3);
    expect(providers.openai.calls.map((call) => call.apiKey)).toEqual([
      'sk-client-key-77',
      'sk-server-openai-1',
    ]);
    expect(providers.google.calls.map((call) => call.apiKey)).toEqual(['AIzaGeminiServerKey1']);
    for (const secret of ['sk-client-key-77', 'sk-server-openai-1', 'AIzaGeminiServerKey1', 'y-77', 'ey-1']) {
      expect(text).not.toContain(secret);
      expect(lines.join('\n')).not.toContain(secret);
    }
    expect(lines.some((line) => JSON.parse(line).msg === 'request')).toBe(true);
  });

  it('serves concurrent requests', async () => {
    const { post } = setup({ OPENAI_API_KEY: 'o' });
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        post('/api/compute/v1', { prompt: { user: `q${index}` }, providerId: 'openai' }),
      ),
    );
    const bodies = await Promise.all(responses.map((response) => response.json()));
    expect(bodies).toEqual(Array.from({ length: 30 }, (_, index) => ({ text: `echo: q${index}` })));
  });
});

describe('POST /api/stream', () => {
  it('streams data chunks and ends with [DONE]', async () => {
    const { post } = setup({ OPENAI_API_KEY: 'o' });
    const response = await post('/api/stream', { prompt: { user: 'a b c' }, providerId: 'openai' });
    expect(response.headers.get('content-type')).toMatch(/text\/event-stream/);
    const messages = parseSse(await response.text());
    expect(messages.at(-1)).toEqual({ data: '[DONE]' });
    const chunks = messages.slice(0, -1).map((message) => {
      expect(message.event).toBeUndefined();
      return (JSON.parse(message.data) as { chunk: string }).chunk;
    });
    expect(chunks.join('')).toBe('echo: a b c');
  });

  it('falls back before the first chunk and ends with an error event when cut later', async () => {
    const { post } = setup({ OPENAI_API_KEY: 'o', GEMINI_API_KEY: 'g' });
    providers.openai.failNext('server_error');
    const recovered = parseSse(
      await (await post('/api/stream', { prompt: { user: 'x' }, providerId: 'openai' })).text(),
    );
    expect(recovered.at(-1)?.data).toBe('[DONE]');
    expect(providers.google.calls).toHaveLength(1);

    providers.openai.failNext('cut_stream');
    const cut = parseSse(
      await (
        await post('/api/stream', { prompt: { user: 'one two three four five' }, providerId: 'openai' })
      ).text(),
    );
    expect(cut.length).toBeGreaterThan(1);
    expect(cut.at(-1)?.event).toBe('error');
    expect(ErrorBodySchema.parse(JSON.parse(cut.at(-1)!.data)).error.code).toBe('upstream_failed');
  });

  it('answers a JSON error when every provider fails before streaming', async () => {
    const { post } = setup({ OPENAI_API_KEY: 'o' });
    providers.openai.setMode('server_error');
    const response = await post('/api/stream', { prompt, providerId: 'openai' });
    expect(response.status).toBe(502);
    expect(ErrorBodySchema.parse(await response.json()).error.code).toBe('upstream_failed');
  });
});

describe('POST /api/agent/compile-stream', () => {
  const readEvents = async (response: Response) => {
    const messages = parseSse(await response.text());
    expect(messages.at(-1)).toEqual({ data: '[DONE]' });
    return messages
      .slice(0, -1)
      .map((message) => ArchitectEventSchema.parse({ event: message.event, data: JSON.parse(message.data) }));
  };

  it('streams the staged events from the local engine when no provider has a key', async () => {
    const { post } = setup();
    const response = await post('/api/agent/compile-stream', {
      prompt: {
        user: 'You are a support agent for a bike shop. Always answer politely. You must never share customer data. Book repairs and track orders.',
      },
      targetFramework: 'crewai',
    });
    const events = await readEvents(response);
    expect(events.map((event) => event.event)).toEqual([
      'stage',
      'partial',
      'partial',
      'partial',
      'partial',
      'complete',
    ]);
    expect(events[0]?.data).toMatchObject({ stage: 'intent' });
    expect(events.slice(1, 5).map((event) => (event.data as { stage: string }).stage)).toEqual([
      'manifest',
      'identity',
      'operational_rules',
      'domain_skills',
    ]);
    const complete = events[5]!.data as { stage: string; progress: number; object: unknown };
    expect(complete).toMatchObject({ stage: 'done', progress: 100 });
    const spec = AgentSpecificationSchema.parse(complete.object);
    expect(spec.provenance.engine).toBe('local');
    expect(spec.framework.target).toBe('crewai');
    expect(providers.openai.calls).toHaveLength(0);
  });

  it('uses the LLM for every part when a provider answers', async () => {
    const { post } = setup({ OPENAI_API_KEY: 'o' });
    const events = await readEvents(
      await post('/api/agent/compile-stream', {
        prompt: { user: 'An agent that plans trips.' },
        providerId: 'openai',
        targetFramework: 'openai-agents',
      }),
    );
    const spec = AgentSpecificationSchema.parse((events.at(-1)!.data as { object: unknown }).object);
    expect(spec.provenance).toMatchObject({ engine: 'llm', providerId: 'openai', modelId: 'gpt-4.1-mini' });
    expect(providers.openai.calls).toHaveLength(4);
  });

  it('falls back to the local engine when every provider fails', async () => {
    const { post } = setup({ OPENAI_API_KEY: 'o' });
    providers.openai.setMode('server_error');
    const events = await readEvents(
      await post('/api/agent/compile-stream', {
        prompt: { user: 'Summarise reports.' },
        providerId: 'openai',
      }),
    );
    const spec = AgentSpecificationSchema.parse((events.at(-1)!.data as { object: unknown }).object);
    expect(spec.provenance.engine).toBe('local');
    // The chain is tried once; the remaining parts do not wait on failed providers again.
    expect(providers.openai.calls).toHaveLength(1);
  });

  it('answers 400 listing the supported frameworks for an unknown one', async () => {
    const { post } = setup();
    const response = await post('/api/agent/compile-stream', { prompt, targetFramework: 'autogen-9000' });
    expect(response.status).toBe(400);
    const body = ErrorBodySchema.parse(await response.json());
    for (const framework of TARGET_FRAMEWORKS) expect(body.error.message).toContain(framework);
  });

  it('refuses langchain instead of building for LangGraph, and says which framework an alias built for', async () => {
    const { post } = setup();
    const refused = await post('/api/agent/compile-stream', { prompt, targetFramework: 'langchain' });
    expect(refused.status).toBe(400);
    const body = ErrorBodySchema.parse(await refused.json());
    expect(body.error.message).toMatch(/^targetFramework "langchain" is not supported; supported: generic/);
    expect(body.error.message).toContain('langgraph (also lang-graph)');
    const built = await readEvents(
      await post('/api/agent/compile-stream', { prompt, targetFramework: 'Lang_Graph' }),
    );
    const spec = AgentSpecificationSchema.parse((built.at(-1)!.data as { object: unknown }).object);
    expect(spec.framework.target).toBe('langgraph');
  });
});

describe('auth, limits, CORS', () => {
  const tokens = { CAE_API_TOKENS: 'tok-a,tok-b', CAE_ADMIN_TOKENS: 'admin-1' };

  it('needs a bearer token on every route but health', async () => {
    const { app, post } = setup({ ...tokens, OPENAI_API_KEY: 'o' });
    expect((await app.request('/api/health')).status).toBe(200);
    const missing = await app.request('/api/providers');
    expect(missing.status).toBe(401);
    expect(ErrorBodySchema.parse(await missing.json()).error.code).toBe('unauthorized');
    expect((await app.request('/api/providers', { headers: { authorization: 'Bearer nope' } })).status).toBe(
      401,
    );
    expect((await app.request('/api/providers', { headers: { authorization: 'Bearer tok-b' } })).status).toBe(
      200,
    );
    expect((await post('/api/compute/v1', { prompt, providerId: 'openai' })).status).toBe(401);
    expect(
      (await post('/api/compute/v1', { prompt, providerId: 'openai' }, { authorization: 'Bearer tok-a' }))
        .status,
    ).toBe(200);
  });

  it('needs an admin token for POST /api/keys', async () => {
    const { post } = setup(tokens);
    const body = { providerId: 'openai', key: 'k-1' };
    expect((await post('/api/keys', body)).status).toBe(401);
    expect((await post('/api/keys', body, { authorization: 'Bearer tok-a' })).status).toBe(403);
    expect((await post('/api/keys', body, { authorization: 'Bearer admin-1' })).status).toBe(200);
  });

  it('disables key management when only API tokens are set', async () => {
    const { post } = setup({ CAE_API_TOKENS: 'tok-a' });
    const response = await post(
      '/api/keys',
      { providerId: 'openai', key: 'k' },
      { authorization: 'Bearer tok-a' },
    );
    expect(response.status).toBe(403);
    expect(ErrorBodySchema.parse(await response.json()).error.message).toMatch(/CAE_ADMIN_TOKENS/);
  });

  it('rate limits per caller with 429, the error body and retry-after', async () => {
    const { app } = setup(tokens, { rateLimit: 3, rateLimitWindowMs: 60_000 });
    const asA = { headers: { authorization: 'Bearer tok-a' } };
    for (let index = 0; index < 3; index += 1)
      expect((await app.request('/api/providers', asA)).status).toBe(200);
    const limited = await app.request('/api/providers', asA);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(ErrorBodySchema.parse(await limited.json()).error.code).toBe('rate_limited');
    // Another caller has its own budget, and health is never limited.
    expect((await app.request('/api/providers', { headers: { authorization: 'Bearer tok-b' } })).status).toBe(
      200,
    );
    expect((await app.request('/api/health')).status).toBe(200);
  });

  it('refuses bodies over the limit with 413', async () => {
    const { post } = setup({ OPENAI_API_KEY: 'o' }, { bodyLimitBytes: 1_000 });
    const response = await post('/api/compute/v1', {
      prompt: { user: 'x'.repeat(5_000) },
      providerId: 'openai',
    });
    expect(response.status).toBe(413);
    expect(ErrorBodySchema.parse(await response.json()).error.code).toBe('payload_too_large');
    expect(providers.openai.calls).toHaveLength(0);
  });

  it('answers CORS preflights for configured origins only', async () => {
    const { app } = setup({ CAE_CORS_ORIGINS: 'https://app.example' });
    const preflight = (origin: string) =>
      app.request('/api/compute/v1', {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST' },
      });
    expect((await preflight('https://app.example')).headers.get('access-control-allow-origin')).toBe(
      'https://app.example',
    );
    expect((await preflight('https://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
  });

  it('never logs keys or tokens', async () => {
    const { post, lines } = setup({ ...tokens, OPENAI_API_KEY: 'sk-env-secret-key' });
    await post(
      '/api/keys',
      { providerId: 'mistral', key: 'mistral-secret-value' },
      { authorization: 'Bearer admin-1' },
    );
    await post(
      '/api/compute/v1',
      { prompt, providerId: 'openai', apiKey: 'sk-body-secret-key' },
      { authorization: 'Bearer tok-a' },
    );
    const log = lines.join('\n');
    expect(lines.length).toBeGreaterThan(2);
    for (const secret of [
      'sk-env-secret-key',
      'mistral-secret-value',
      'sk-body-secret-key',
      'admin-1',
      'tok-a',
    ]) {
      expect(log).not.toContain(secret);
    }
  });

  it('refuses to listen on a public host without tokens unless allowed', () => {
    const refusal = (env: Record<string, string>) => {
      const { app } = gatewayConfigFromEnv(env);
      return refusalToListen(app.host, app.apiTokens, app.allowUnauthenticated);
    };
    expect(refusal({ HOST: '0.0.0.0' })).toMatch(/CAE_API_TOKENS/);
    expect(refusal({ HOST: '0.0.0.0', CAE_API_TOKENS: 't' })).toBeNull();
    expect(refusal({ HOST: '0.0.0.0', CAE_ALLOW_UNAUTHENTICATED: '1' })).toBeNull();
    expect(refusal({})).toBeNull();
    expect(gatewayConfigFromEnv({}).app).toMatchObject({ host: '127.0.0.1', port: 3002 });
  });

  it('names a bad variable of the environment', () => {
    expect(() => gatewayConfigFromEnv({ PORT: 'eighty' })).toThrow(/PORT \("eighty"\) must be a port number/);
    expect(() => gatewayConfigFromEnv({ CAE_RATE_LIMIT: '-3' })).toThrow(/CAE_RATE_LIMIT/);
  });
});

describe('validation errors name the field and the wanted type', () => {
  it('says "must be a string" for a wrong type and "is required" only for a missing field', async () => {
    const { post } = setup({ OPENAI_API_KEY: 'o' });
    const message = async (body: unknown) =>
      ((await (await post('/api/compute/v1', body)).json()) as { error: { message: string } }).error.message;
    expect(await message({ providerId: 5, prompt })).toBe('providerId: providerId must be a string');
    expect(await message({ prompt })).toBe('providerId: providerId is required');
    expect(await message({ providerId: 'openai', prompt: { user: 'x' }, apiKey: 42 })).toBe(
      'apiKey: apiKey must be a string',
    );
    expect(await message({ providerId: 'openai', prompt: 'hello' })).toBe('prompt: prompt must be an object');
    // A wrong-typed key is never echoed back.
    const secret = { providerId: 'openai', prompt: { user: 'x' }, apiKey: ['sk-proj-echo-me-not-123456'] };
    expect(await (await post('/api/compute/v1', secret)).text()).not.toContain('sk-proj-echo-me-not');
  });
});
