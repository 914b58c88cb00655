import { consoleDistDir } from '@cae/console';
import { wire } from '@cae/core';
import type { Engine } from '@cae/engine';
import {
  bodyLimit,
  callerAuth,
  callerName,
  errorHandler,
  type HttpLogger,
  methodNotAllowed,
  notFoundHandler,
  queryLimit,
  rateLimit,
  readJsonObject as readJsonBody,
  renderDocsPage,
  requestLog,
} from '@cae/http';
import { type Context, Hono } from 'hono';
import { cors } from 'hono/cors';
import { isConsolePath, mountConsole } from './console-routes';
import { buildOpenApiDocument } from './openapi';

export interface EngineAppOptions {
  engine: Engine;
  /**
   * Caller tokens; when non-empty every route but /health, /openapi.json, /docs and the console's files
   * needs one. An entry `name:token` names its caller, and reviews and decisions record that name as
   * the reviewer.
   */
  apiTokens?: readonly string[];
  /** Largest request body in bytes (default 2 MiB of text plus 64 KiB of JSON around it). */
  bodyLimitBytes?: number;
  /** Longest query string in characters (default 4,096); longer is a 414. */
  maxQueryLength?: number;
  /** Requests per window and caller (token, else address); 0 or unset turns the limiter off. */
  rateLimit?: number;
  /** The rate limit's window in ms (default 60,000). */
  rateLimitWindowMs?: number;
  /** Take the caller's address from X-Forwarded-For (only behind a trusted proxy). */
  trustProxy?: boolean;
  /** Allowed CORS origins; none by default. */
  corsOrigins?: readonly string[];
  /** Request and error logs: a GatewayLogger or `{ info, error }`. */
  logger?: HttpLogger;
  /** Folder of the built review console served at /console/ (default: @cae/console's build). */
  consoleDir?: string;
}

const OPEN_PATHS = new Set(['/health', '/openapi.json', '/docs']);

/** The reviewer to record: the authenticated caller's name when tokens are configured, else the body's. */
function withReviewer<T extends { reviewer?: string | undefined }>(c: Context, request: T): T {
  const name = callerName(c);
  return name === undefined ? request : { ...request, reviewer: name };
}

/**
 * The Hono app serving engine-api.md: routing, validation through the @cae/core codecs and status mapping.
 * @example const app = createEngineApp({ engine }); const response = await app.request('/health');
 */
export function createEngineApp(options: EngineAppOptions): Hono {
  const { engine, logger } = options;
  const maxBytes = options.bodyLimitBytes ?? 2 * 1024 * 1024 + 64 * 1024;
  const app = new Hono();
  const openApi = buildOpenApiDocument();
  const docsHtml = renderDocsPage(openApi);

  app.onError(errorHandler(logger));
  app.notFound(notFoundHandler);
  if (logger) app.use(requestLog(logger));
  if (options.corsOrigins?.length) app.use(cors({ origin: [...options.corsOrigins] }));
  app.use(queryLimit(options.maxQueryLength ?? 4096));
  app.use(
    callerAuth({
      apiTokens: options.apiTokens ?? [],
      publicPaths: (path) => OPEN_PATHS.has(path) || isConsolePath(path),
    }),
  );
  if (options.rateLimit) {
    app.use(
      rateLimit({
        limit: options.rateLimit,
        windowMs: options.rateLimitWindowMs ?? 60_000,
        trustProxy: options.trustProxy ?? false,
        skip: (c) => OPEN_PATHS.has(c.req.path) || isConsolePath(c.req.path),
      }),
    );
  }
  app.use(bodyLimit(maxBytes));

  // The store is read on every check: a server whose store cannot answer says so with a 503.
  app.get('/health', async (c) => {
    await engine.health();
    return c.json({ status: 'ok' });
  });
  app.get('/openapi.json', (c) => c.json(openApi));
  app.get('/docs', (c) => c.html(docsHtml));

  app.post('/pipeline/compile', async (c) => {
    const request = wire.compileRequest.fromWire(await readJsonBody(c));
    return c.json(wire.annotatedClauses.toWire(await engine.compile(request)));
  });

  app.post('/retrieve', async (c) => {
    const request = wire.retrieveRequest.fromWire(await readJsonBody(c));
    return c.json(wire.retrieveResponse.toWire(await engine.retrieve(request)));
  });

  app.post('/synthesize', async (c) => {
    const request = wire.synthesizeRequest.fromWire(await readJsonBody(c));
    return c.json(wire.synthesizeResponse.toWire(await engine.synthesize(request)));
  });

  app.get('/clauses', async (c) => {
    const query = wire.listClausesQuery.fromWire(c.req.query());
    return c.json(wire.clausePage.toWire(await engine.listClauses(query)));
  });

  app.get('/clauses/review-queue', async (c) => {
    const query = wire.pageQuery.fromWire(c.req.query());
    return c.json(wire.clauseReviewPage.toWire(await engine.clauseReviewLog(query)));
  });

  app.post('/clauses/:id/review', async (c) => {
    const request = withReviewer(c, wire.clauseReviewRequest.fromWire(await readJsonBody(c)));
    return c.json(wire.clauseReviewRecord.toWire(await engine.reviewClause(c.req.param('id'), request)));
  });

  app.get('/review-queue', async (c) => {
    const query = wire.reviewQueueQuery.fromWire(c.req.query());
    return c.json(wire.contentReviewPage.toWire(await engine.listContentReviews(query)));
  });

  app.post('/review-queue', async (c) => {
    const request = wire.enqueueContentRequest.fromWire(await readJsonBody(c));
    return c.json(wire.contentReviewItem.toWire(await engine.enqueueContent(request)), 201);
  });

  app.post('/review-queue/:id/decide', async (c) => {
    const request = withReviewer(c, wire.decideContentRequest.fromWire(await readJsonBody(c)));
    return c.json(
      wire.decideContentResponse.toWire(await engine.decideContentReview(c.req.param('id'), request)),
    );
  });

  app.get('/graph/nodes', async (c) => {
    const { documentId } = wire.graphQuery.fromWire(c.req.query());
    return c.json(wire.graphNodes.toWire(await engine.graphNodes(documentId)));
  });

  app.get('/graph/edges', async (c) => {
    const { documentId } = wire.graphQuery.fromWire(c.req.query());
    return c.json(wire.graphEdges.toWire(await engine.graphEdges(documentId)));
  });

  mountConsole(app, options.consoleDir ?? consoleDistDir);

  methodNotAllowed(app);
  return app;
}
