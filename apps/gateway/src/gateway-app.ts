import { createHash } from 'node:crypto';
import {
  CompileAgentRequestSchema,
  ComputeRequestSchema,
  ProviderIdSchema,
  RateLimitedError,
  SetKeyRequestSchema,
  TestKeyRequestSchema,
  toCaeError,
} from '@cae/core';
import {
  createGateway,
  type Gateway,
  type GatewayLogger,
  type GatewayOptions,
  silentLogger,
} from '@cae/gateway';
import {
  bearerToken,
  bodyLimit,
  callerAuth,
  errorHandler,
  notFoundHandler,
  readJsonBody,
  requestLog,
} from '@cae/gateway/http';
import { getConnInfo } from '@hono/node-server/conninfo';
import { type Context, Hono } from 'hono';
import { cors } from 'hono/cors';
import { streamSSE } from 'hono/streaming';
import { rateLimiter } from 'hono-rate-limiter';
import { type GatewayAppConfig, readGatewayConfig } from './gateway-config';

/** Options of createGatewayApp. */
export interface GatewayAppOptions {
  /** A ready gateway; built from `gatewayOptions` (and `env`) when absent. */
  gateway?: Gateway;
  gatewayOptions?: GatewayOptions;
  /** Environment read for the app settings (and the gateway's); `process.env` by default. */
  env?: Record<string, string | undefined>;
  /** Overrides of settings read from `env`. */
  config?: Partial<GatewayAppConfig>;
  /** Request and upstream logs; silent by default (main.ts passes a JSON logger). */
  logger?: GatewayLogger;
}

const HEALTH = '/api/health';

/** Response headers of an SSE stream (as Hono's streamSSE sets them). */
const SSE_HEADERS = {
  'Transfer-Encoding': 'chunked',
  'Content-Type': 'text/event-stream',
  'Cache-Control': 'no-cache',
  Connection: 'keep-alive',
};
const encoder = new TextEncoder();

/** One server-sent event; `data` is JSON text (one line). */
const sseEvent = (data: string, event?: string) =>
  encoder.encode(event ? `event: ${event}\ndata: ${data}\n\n` : `data: ${data}\n\n`);

/** Rate-limit keys of recently seen tokens (hashing one per request is measurable under load). */
const tokenKeys = new Map<string, string>();

/** Who is calling, for the rate limiter: their token (hashed) or their address. */
function callerKey(c: Context, trustProxy: boolean): string {
  const token = bearerToken(c.req.header('authorization'));
  if (token) {
    let key = tokenKeys.get(token);
    if (key === undefined) {
      key = `token:${createHash('sha256').update(token).digest('hex').slice(0, 32)}`;
      if (tokenKeys.size >= 1024) tokenKeys.clear();
      tokenKeys.set(token, key);
    }
    return key;
  }
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return `ip:${forwarded}`;
  }
  try {
    return `ip:${getConnInfo(c).remote.address ?? 'unknown'}`;
  } catch {
    // app.request() in tests has no socket.
    return 'ip:unknown';
  }
}

/**
 * The Hono app serving gateway-api.md under /api.
 * @example
 * const app = createGatewayApp({ env: process.env, logger: createJsonLogger() });
 * serve({ fetch: app.fetch, port: 3002 });
 */
export function createGatewayApp(options: GatewayAppOptions = {}) {
  const env = options.env ?? process.env;
  const config: GatewayAppConfig = { ...readGatewayConfig(env), ...options.config };
  const logger = options.logger ?? silentLogger;
  const gateway = options.gateway ?? createGateway({ env, logger, ...options.gatewayOptions });

  const app = new Hono();

  app.onError(errorHandler(logger));
  app.notFound(notFoundHandler);

  app.use('*', requestLog(logger));
  if (config.corsOrigins.length > 0) {
    app.use(
      '/api/*',
      cors({
        origin: config.corsOrigins.includes('*') ? '*' : config.corsOrigins,
        allowMethods: ['GET', 'POST', 'OPTIONS'],
        allowHeaders: ['Authorization', 'Content-Type'],
        maxAge: 600,
      }),
    );
  }
  app.use('/api/*', bodyLimit(config.bodyLimitBytes));
  app.use(
    '/api/*',
    callerAuth({
      apiTokens: config.apiTokens,
      adminTokens: config.adminTokens,
      publicPaths: [HEALTH],
      isAdminRoute: (method, path) => method === 'POST' && path === '/api/keys',
    }),
  );
  if (config.rateLimit > 0) {
    app.use(
      '/api/*',
      rateLimiter({
        windowMs: config.rateLimitWindowMs,
        limit: config.rateLimit,
        standardHeaders: 'draft-6',
        keyGenerator: (c) => callerKey(c, config.trustProxy),
        skip: (c) => c.req.path === HEALTH,
        handler: (c) => {
          const info = c.get('rateLimit' as never) as { resetTime?: Date } | undefined;
          const seconds = info?.resetTime
            ? Math.max(1, Math.ceil((info.resetTime.getTime() - Date.now()) / 1000))
            : 1;
          c.header('Retry-After', String(seconds));
          throw new RateLimitedError(
            `too many requests: at most ${config.rateLimit} per ${config.rateLimitWindowMs} ms`,
          );
        },
      }),
    );
  }

  app.get(HEALTH, async (c) => c.json(await gateway.health()));

  app.get('/api/providers', async (c) => c.json(await gateway.providerStatus()));

  app.post('/api/test-key', async (c) => {
    const { providerId, apiKey } = TestKeyRequestSchema.parse(await readJsonBody(c));
    return c.json(await gateway.testKey(providerId, apiKey));
  });

  app.get('/api/models/:providerId', async (c) => {
    const providerId = ProviderIdSchema.parse(c.req.param('providerId'));
    return c.json(await gateway.listModels(providerId, c.req.raw.signal));
  });

  app.post('/api/keys', async (c) => {
    const { providerId, key } = SetKeyRequestSchema.parse(await readJsonBody(c));
    await gateway.setKey(providerId, key);
    logger.log('info', key ? 'server key stored' : 'server key cleared', { providerId });
    return c.json({ success: true });
  });

  app.post('/api/compute/v1', async (c) => {
    const request = ComputeRequestSchema.parse(await readJsonBody(c));
    return c.json(await gateway.generate({ ...request, signal: c.req.raw.signal }));
  });

  app.post('/api/stream', async (c) => {
    const request = ComputeRequestSchema.parse(await readJsonBody(c));
    const controller = new AbortController();
    const signal = AbortSignal.any([c.req.raw.signal, controller.signal]);
    const iterator = gateway.stream({ ...request, signal })[Symbol.asyncIterator]();
    // Wait for the first chunk before answering: if every provider fails, the caller gets a
    // plain JSON error with its status instead of a stream that breaks at once.
    const first = await iterator.next();
    // The SSE body is a plain pull stream that already holds the first chunk, so it goes out with
    // the headers at once; streamSSE's TransformStream, writer and callback add a hop per chunk.
    let pending: IteratorResult<string> | undefined = first;
    let finished: Promise<unknown> | undefined;
    const finish = () => {
      finished ??= Promise.resolve(iterator.return?.()).catch(() => {});
      return finished;
    };
    const body = new ReadableStream<Uint8Array>({
      async pull(stream) {
        try {
          const next = pending ?? (await iterator.next());
          pending = undefined;
          if (!next.done) {
            stream.enqueue(sseEvent(JSON.stringify({ chunk: next.value })));
            return;
          }
          stream.enqueue(sseEvent('[DONE]'));
        } catch (error) {
          if (!signal.aborted) stream.enqueue(sseEvent(JSON.stringify(toCaeError(error).toBody()), 'error'));
        }
        await finish();
        stream.close();
      },
      async cancel() {
        controller.abort();
        await finish();
      },
    });
    return c.body(body, 200, SSE_HEADERS);
  });

  app.post('/api/agent/compile-stream', async (c) => {
    const request = CompileAgentRequestSchema.parse(await readJsonBody(c));
    const controller = new AbortController();
    const signal = AbortSignal.any([c.req.raw.signal, controller.signal]);
    // compileAgent validates the target framework at once, so a bad one is a 400, not a broken stream.
    const events = gateway.compileAgent({ ...request, signal });
    return streamSSE(c, async (sse) => {
      sse.onAbort(() => controller.abort());
      try {
        for await (const event of events) {
          await sse.writeSSE({ event: event.event, data: JSON.stringify(event.data) });
        }
        await sse.writeSSE({ data: '[DONE]' });
      } catch (error) {
        if (signal.aborted) return;
        await sse.writeSSE({ event: 'error', data: JSON.stringify(toCaeError(error).toBody()) });
      }
    });
  });

  return app;
}
