import { createHash } from 'node:crypto';
import {
  CompileAgentRequestSchema,
  ComputeRequestSchema,
  InvalidRequestError,
  NotFoundError,
  PayloadTooLargeError,
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
import { getConnInfo } from '@hono/node-server/conninfo';
import { type Context, Hono } from 'hono';
import { cors } from 'hono/cors';
import { streamSSE } from 'hono/streaming';
import { rateLimiter } from 'hono-rate-limiter';
import { type GatewayAppConfig, readGatewayConfig } from './gateway-config';
import { cheapBodyLimit } from './middleware/body-limit';
import { bearerToken, callerAuth } from './middleware/caller-auth';
import { requestLog } from './middleware/request-log';

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

async function jsonBody(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new InvalidRequestError('request body must be JSON');
  }
}

/** Who is calling, for the rate limiter: their token (hashed) or their address. */
function callerKey(c: Context, trustProxy: boolean): string {
  const token = bearerToken(c.req.header('authorization'));
  if (token) return `token:${createHash('sha256').update(token).digest('hex').slice(0, 32)}`;
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

  app.onError((error, c) => {
    const caeError = toCaeError(error);
    if (caeError.statusCode >= 500 && caeError.code === 'internal') {
      logger.log('error', 'unhandled error', {
        path: c.req.path,
        error: String((error as Error)?.stack ?? error),
      });
    }
    return c.json(caeError.toBody(), caeError.statusCode as 400);
  });
  app.notFound((c) => {
    const error = new NotFoundError(`no route ${c.req.method} ${c.req.path}`);
    return c.json(error.toBody(), 404);
  });

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
  app.use(
    '/api/*',
    cheapBodyLimit(config.bodyLimitBytes, () => {
      throw new PayloadTooLargeError(`request body over ${config.bodyLimitBytes} bytes`);
    }),
  );
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
    const { providerId, apiKey } = TestKeyRequestSchema.parse(await jsonBody(c));
    return c.json(await gateway.testKey(providerId, apiKey));
  });

  app.get('/api/models/:providerId', async (c) => {
    const providerId = ProviderIdSchema.parse(c.req.param('providerId'));
    return c.json(await gateway.listModels(providerId, c.req.raw.signal));
  });

  app.post('/api/keys', async (c) => {
    const { providerId, key } = SetKeyRequestSchema.parse(await jsonBody(c));
    await gateway.setKey(providerId, key);
    logger.log('info', key ? 'server key stored' : 'server key cleared', { providerId });
    return c.json({ success: true });
  });

  app.post('/api/compute/v1', async (c) => {
    const request = ComputeRequestSchema.parse(await jsonBody(c));
    return c.json(await gateway.generate({ ...request, signal: c.req.raw.signal }));
  });

  app.post('/api/stream', async (c) => {
    const request = ComputeRequestSchema.parse(await jsonBody(c));
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
    const request = CompileAgentRequestSchema.parse(await jsonBody(c));
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
