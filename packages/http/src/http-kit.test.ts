import { createJsonLogger } from '@cae/core';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import {
  assertSafeListen,
  bearerToken,
  bodyLimit,
  callerAuth,
  callerName,
  errorHandler,
  isLoopbackHost,
  listSchema,
  notFoundHandler,
  parseToken,
  queryLimit,
  readJsonBody,
  readJsonObject,
  redact,
  refusalToListen,
  requestLog,
  tokenSecrets,
} from './index';

type ErrorBody = { error: { code: string; message: string } };

function appWith(setup: (app: Hono) => void, logs?: string[]) {
  const app = new Hono();
  const logger = logs ? createJsonLogger({ write: (line) => logs.push(line) }) : undefined;
  app.onError(errorHandler(logger));
  app.notFound(notFoundHandler);
  setup(app);
  return app;
}

describe('caller auth', () => {
  const app = appWith((app) => {
    app.use(
      callerAuth({
        apiTokens: ['api-token-1'],
        adminTokens: ['admin-token-1'],
        publicPaths: ['/health'],
        isAdminRoute: (method, path) => method === 'POST' && path === '/keys',
      }),
    );
    app.get('/health', (c) => c.json({ ok: true }));
    app.get('/data', (c) => c.json({ ok: true }));
    app.post('/keys', (c) => c.json({ ok: true }));
  });
  const auth = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

  it('lets anyone reach public paths', async () => {
    expect((await app.request('/health')).status).toBe(200);
  });

  it('needs an API (or admin) token elsewhere, with 401 and the error body', async () => {
    const missing = await app.request('/data');
    expect(missing.status).toBe(401);
    expect(((await missing.json()) as ErrorBody).error.code).toBe('unauthorized');
    const wrong = await app.request('/data', auth('nope'));
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).not.toContain('api-token-1');
    expect((await app.request('/data', auth('api-token-1'))).status).toBe(200);
    expect((await app.request('/data', auth('admin-token-1'))).status).toBe(200);
  });

  it('needs an admin token on admin routes: 403 for an API token, 401 for none', async () => {
    expect((await app.request('/keys', { method: 'POST', ...auth('api-token-1') })).status).toBe(403);
    expect((await app.request('/keys', { method: 'POST' })).status).toBe(401);
    expect((await app.request('/keys', { method: 'POST', ...auth('admin-token-1') })).status).toBe(200);
  });

  it('lets everyone in when no tokens are set, and takes public paths as a test', async () => {
    const open = appWith((app) => {
      app.use(callerAuth({ apiTokens: [] }));
      app.get('/data', (c) => c.json({ ok: true }));
    });
    expect((await open.request('/data')).status).toBe(200);
    const docs = appWith((app) => {
      app.use(callerAuth({ apiTokens: ['t'], publicPaths: (path) => path.startsWith('/docs') }));
      app.get('/docs/x', (c) => c.json({ ok: true }));
      app.get('/data', (c) => c.json({ ok: true }));
    });
    expect((await docs.request('/docs/x')).status).toBe(200);
    expect((await docs.request('/data')).status).toBe(401);
  });

  it('parses bearer tokens and token lists', () => {
    expect(bearerToken('Bearer abc ')).toBe('abc');
    expect(bearerToken('bearer abc')).toBe('abc');
    expect(bearerToken('Basic abc')).toBeNull();
    expect(bearerToken(undefined)).toBeNull();
    expect(listSchema.parse(' a, ,b ,')).toEqual(['a', 'b']);
    expect(listSchema.parse(undefined)).toEqual([]);
  });
});

describe('loopback guard', () => {
  it('knows loopback hosts', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]'])
      expect(isLoopbackHost(host)).toBe(true);
    for (const host of ['0.0.0.0', '::', '192.168.1.2', '127.example.com'])
      expect(isLoopbackHost(host)).toBe(false);
  });

  it('refuses a public host without tokens unless allowed', () => {
    expect(() => assertSafeListen('0.0.0.0', [], false)).toThrow(/CAE_API_TOKENS/);
    expect(refusalToListen('0.0.0.0', [], false)).toMatch(/CAE_ALLOW_UNAUTHENTICATED=1/);
    expect(() => assertSafeListen('0.0.0.0', ['t'], false)).not.toThrow();
    expect(() => assertSafeListen('0.0.0.0', [], true)).not.toThrow();
    expect(() => assertSafeListen('127.0.0.1', [], false)).not.toThrow();
  });
});

describe('request log and redaction', () => {
  it('logs one record per request without secrets, and echoes the request id', async () => {
    const logs: string[] = [];
    const app = appWith((app) => {
      app.use(requestLog(createJsonLogger({ write: (line) => logs.push(line) })));
      app.get('/data', (c) => c.json({ ok: true }));
    });
    const response = await app.request('/data?q=private', {
      headers: { authorization: 'Bearer sk-secret-token-123', 'x-request-id': 'req-1' },
    });
    expect(response.headers.get('x-request-id')).toBe('req-1');
    expect(logs).toHaveLength(1);
    const record = JSON.parse(logs[0]!);
    expect(record).toMatchObject({
      msg: 'request',
      method: 'GET',
      path: '/data',
      status: 200,
      caller: 'token',
    });
    expect(logs[0]).not.toContain('sk-secret');
    expect(logs[0]).not.toContain('private');
  });

  it('accepts an { info, error } logger', async () => {
    const lines: string[] = [];
    const app = appWith((app) => {
      app.use(
        requestLog({
          info: (message, fields) => lines.push(JSON.stringify({ message, ...fields })),
          error() {},
        }),
      );
      app.get('/data', (c) => c.json({ ok: true }));
    });
    await app.request('/data');
    expect(lines.some((line) => line.includes('"path":"/data"'))).toBe(true);
  });

  it('redacts key shapes, bearer tokens, known secrets and credential-named values', () => {
    const text = redact(
      'key sk-proj-abcdef123456 and AIzaSyA1234567890abc, Authorization: Bearer tok.en-1 api_key=plain123 token: "xyz789" mine',
      ['mine'],
    );
    for (const secret of [
      'sk-proj-abcdef123456',
      'AIzaSyA1234567890abc',
      'tok.en-1',
      'plain123',
      'xyz789',
      'mine',
    ])
      expect(text).not.toContain(secret);
    expect(redact('nothing to hide here')).toBe('nothing to hide here');
  });

  it('redacts secret-named fields of log records', () => {
    const lines: string[] = [];
    createJsonLogger({ write: (line) => lines.push(line) }).log('info', 'x', {
      apiKey: 'plain',
      nested: { token: 't' },
    });
    expect(lines[0]).not.toContain('plain');
    expect(JSON.parse(lines[0]!).nested.token).toBe('[redacted]');
  });
});

describe('body limit, errors and JSON bodies', () => {
  const app = appWith((app) => {
    app.use(bodyLimit(32));
    app.post('/any', async (c) => c.json({ body: await readJsonBody(c) }));
    app.post('/object', async (c) => c.json({ body: await readJsonObject(c) }));
    app.get('/boom', () => {
      throw new Error('kaput');
    });
  });
  const post = (path: string, body: string | ReadableStream<Uint8Array>) =>
    app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      ...(typeof body === 'string' ? {} : { duplex: 'half' }),
    } as RequestInit);

  it('refuses bodies over the limit with 413, by header or by counting a chunked body', async () => {
    const big = await post('/any', JSON.stringify({ text: 'x'.repeat(64) }));
    expect(big.status).toBe(413);
    expect(((await big.json()) as ErrorBody).error.code).toBe('payload_too_large');
    const chunked = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(JSON.stringify({ text: 'y'.repeat(64) })));
        controller.close();
      },
    });
    expect((await post('/any', chunked)).status).toBe(413);
    expect((await post('/any', '[1,2]')).status).toBe(200);
  });

  it('turns malformed JSON into a 400, and a non-object into a 400 where an object is needed', async () => {
    const bad = await post('/any', '{nope');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ErrorBody).error.code).toBe('invalid_request');
    expect(await (await post('/any', '[1]')).json()).toEqual({ body: [1] });
    expect((await post('/object', '[1]')).status).toBe(400);
    expect((await post('/object', '{"a":1}')).status).toBe(200);
  });

  it('maps unknown errors to 500 internal (logged) and unknown routes to 404', async () => {
    const logs: string[] = [];
    const logged = appWith((app) => {
      app.get('/boom', () => {
        throw new Error('kaput');
      });
    }, logs);
    const boom = await logged.request('/boom');
    expect(boom.status).toBe(500);
    expect(((await boom.json()) as ErrorBody).error.code).toBe('internal');
    expect(logs.some((line) => line.includes('unhandled error') && line.includes('kaput'))).toBe(true);
    const missing = await app.request('/nowhere');
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as ErrorBody).error.code).toBe('not_found');
  });
});

describe('named tokens and the query limit', () => {
  it('reads name:token entries and names bare tokens by a digest, never by the token', () => {
    expect(parseToken('ana:s3cret-1')).toEqual({ name: 'ana', token: 's3cret-1' });
    const bare = parseToken('plain-token-xyz');
    expect(bare.token).toBe('plain-token-xyz');
    expect(bare.name).toMatch(/^token-[0-9a-f]{8}$/);
    expect(bare.name).not.toContain('plain');
    expect(tokenSecrets(['ana:a1', 'b2'])).toEqual(['a1', 'b2']);
  });

  it('hands routes the caller name of the token that matched (admin or API)', async () => {
    const app = appWith((app) => {
      app.use(callerAuth({ apiTokens: ['ana:t-ana', 'bob:t-bob'], adminTokens: ['root:t-root'] }));
      app.get('/who', (c) => c.json({ name: callerName(c) ?? null }));
    });
    const who = async (token: string) =>
      (
        (await (await app.request('/who', { headers: { authorization: `Bearer ${token}` } })).json()) as {
          name: string;
        }
      ).name;
    expect(await who('t-ana')).toBe('ana');
    expect(await who('t-bob')).toBe('bob');
    expect(await who('t-root')).toBe('root');
    expect((await app.request('/who', { headers: { authorization: 'Bearer ana:t-ana' } })).status).toBe(401);
  });

  it('refuses a query string over the limit with 414 and the error body', async () => {
    const app = appWith((app) => {
      app.use(queryLimit(10));
      app.get('/q', (c) => c.json({ ok: true }));
    });
    expect((await app.request('/q?a=123456')).status).toBe(200);
    const long = await app.request('/q?a=123456789012');
    expect(long.status).toBe(414);
    expect(((await long.json()) as ErrorBody).error.code).toBe('invalid_request');
  });
});
