import type { Architect } from '@cae/architect';
import {
  CompileAgentRequestSchema,
  ComputeRequestSchema,
  type Logger,
  ProviderIdSchema,
  parseRequest,
  SetKeyRequestSchema,
  silentLogger,
  TestKeyRequestSchema,
} from '@cae/core';
import type { Gateway } from '@cae/gateway';
import {
  bodyLimit,
  callerAuth,
  errorHandler,
  methodNotAllowed,
  notFoundHandler,
  queryLimit,
  rateLimit,
  readJsonBody,
  renderDocsPage,
  requestLog,
  serverSentEvents,
} from '@cae/http';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import type { GatewayAppConfig } from './gateway-env';
import { buildGatewayOpenApiDocument } from './openapi';

/** Options of createGatewayApp: the ready parts the composition root built. */
export interface GatewayAppOptions {
  gateway: Gateway;
  architect: Architect;
  config: GatewayAppConfig;
  /** Request and upstream logs; silent by default (main.ts passes a JSON logger). */
  logger?: Logger;
  /** Reads the key store's database (with DATABASE_URL): /api/health answers 503 with the reason when it fails. */
  storeHealth?: () => Promise<void>;
}

const HEALTH = '/api/health';
const OPENAPI = '/api/openapi.json';
const DOCS = '/api/docs';

/**
 * The Hono app serving gateway-api.md under /api: routing, validation and status mapping only.
 * @example const app = createGatewayApp({ gateway, architect, config: gatewayConfigFromEnv(process.env).app });
 */
export function createGatewayApp(options: GatewayAppOptions) {
  const { gateway, architect, config } = options;
  const logger = options.logger ?? silentLogger;

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
  app.use('*', queryLimit(config.maxQueryLength ?? 4096));
  app.use('/api/*', bodyLimit(config.bodyLimitBytes));
  app.use(
    '/api/*',
    callerAuth({
      apiTokens: config.apiTokens,
      adminTokens: config.adminTokens,
      publicPaths: [HEALTH, OPENAPI, DOCS],
      isAdminRoute: (method, path) => method === 'POST' && path === '/api/keys',
    }),
  );
  if (config.rateLimit > 0) {
    app.use(
      '/api/*',
      rateLimit({
        limit: config.rateLimit,
        windowMs: config.rateLimitWindowMs,
        trustProxy: config.trustProxy,
        skip: (c) => c.req.path === HEALTH,
      }),
    );
  }

  app.get(HEALTH, async (c) => {
    await options.storeHealth?.();
    return c.json(await gateway.health());
  });
  const openApi = buildGatewayOpenApiDocument();
  const docsHtml = renderDocsPage(openApi, OPENAPI);
  app.get(OPENAPI, (c) => c.json(openApi));
  app.get(DOCS, (c) => c.html(docsHtml));

  app.get('/api/providers', async (c) => c.json(await gateway.providerStatus()));

  app.post('/api/test-key', async (c) => {
    const { providerId, apiKey } = parseRequest(TestKeyRequestSchema, await readJsonBody(c));
    return c.json(await gateway.testKey(providerId, apiKey));
  });

  app.get('/api/models/:providerId', async (c) => {
    const providerId = parseRequest(ProviderIdSchema, c.req.param('providerId'));
    return c.json(await gateway.listModels(providerId, c.req.raw.signal));
  });

  app.post('/api/keys', async (c) => {
    const { providerId, key } = parseRequest(SetKeyRequestSchema, await readJsonBody(c));
    await gateway.setKey(providerId, key);
    logger.log('info', key ? 'server key stored' : 'server key cleared', { providerId });
    return c.json({ success: true });
  });

  app.post('/api/compute/v1', async (c) => {
    const request = parseRequest(ComputeRequestSchema, await readJsonBody(c));
    return c.json(await gateway.generate({ ...request, signal: c.req.raw.signal }));
  });

  app.post('/api/stream', async (c) => {
    const request = parseRequest(ComputeRequestSchema, await readJsonBody(c));
    const controller = new AbortController();
    const signal = AbortSignal.any([c.req.raw.signal, controller.signal]);
    return serverSentEvents(c, gateway.stream({ ...request, signal }), controller, (chunk) => ({
      data: JSON.stringify({ chunk }),
    }));
  });

  app.post('/api/agent/compile-stream', async (c) => {
    const request = parseRequest(CompileAgentRequestSchema, await readJsonBody(c));
    const controller = new AbortController();
    const signal = AbortSignal.any([c.req.raw.signal, controller.signal]);
    // compileAgent validates the target framework at once, so a bad one is a 400, not a broken stream.
    const events = architect.compileAgent({ ...request, signal });
    return serverSentEvents(c, events, controller, (event) => ({
      event: event.event,
      data: JSON.stringify(event.data),
    }));
  });

  methodNotAllowed(app);
  return app;
}
