import { consoleDistDir } from '@cae/console';
import { InvalidRequestError, PayloadTooLargeError, wire } from '@cae/core';
import { type Engine, UnreadableDocument } from '@cae/engine';
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
  /** Largest body of POST /pipeline/ingest in bytes (default 32 MiB). */
  ingestBodyLimitBytes?: number;
  /** Most documents in one POST /pipeline/ingest (default 1,000); more is a 413. */
  ingestMaxDocuments?: number;
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

/** The path of the many-documents ingest route (an extension of engine-api.md). */
export const INGEST_PATH = '/pipeline/ingest';

/** Content types read as NDJSON (one document per line) by POST /pipeline/ingest. */
const NDJSON_TYPES = new Set([
  'application/x-ndjson',
  'application/ndjson',
  'application/jsonl',
  'application/x-jsonlines',
  'application/jsonlines',
]);

/**
 * The documents of an ingest body, each parsed on its own: a document that is not valid (or, in
 * NDJSON, a line that is not JSON) becomes its error, reported as that document's failure.
 */
function ingestDocuments(body: string, ndjson: boolean): unknown[] {
  if (ndjson) {
    const documents: unknown[] = [];
    for (const [number, line] of body.split('\n').entries()) {
      if (line.trim() === '') continue;
      try {
        documents.push(JSON.parse(line) as unknown);
      } catch {
        documents.push(
          new InvalidRequestError(`line ${number + 1} is not JSON (NDJSON: one JSON object per line)`),
        );
      }
    }
    return documents;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    parsed = undefined;
  }
  if (!Array.isArray(parsed)) {
    throw new InvalidRequestError(
      'the body must be a JSON array of documents (or NDJSON, one document per line, with content type application/x-ndjson)',
    );
  }
  return parsed;
}

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
  const ingestMaxBytes = options.ingestBodyLimitBytes ?? 32 * 1024 * 1024;
  const ingestMaxDocuments = options.ingestMaxDocuments ?? 1000;
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
  const bodyLimited = bodyLimit(maxBytes);
  const ingestLimited = bodyLimit(ingestMaxBytes, () => {
    throw new PayloadTooLargeError(
      `request body over ${ingestMaxBytes} bytes (the limit of ${INGEST_PATH}): send the documents in several requests`,
    );
  });
  app.use((c, next) => (c.req.path === INGEST_PATH ? ingestLimited(c, next) : bodyLimited(c, next)));

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

  app.post(INGEST_PATH, async (c) => {
    const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    const documents = ingestDocuments(await c.req.text(), NDJSON_TYPES.has(type));
    if (documents.length === 0) throw new InvalidRequestError('the body holds no documents');
    if (documents.length > ingestMaxDocuments) {
      throw new PayloadTooLargeError(
        `${documents.length} documents in one request, over the limit of ${ingestMaxDocuments}: send them in several requests`,
        { details: { documents: documents.length, limit: ingestMaxDocuments } },
      );
    }
    // Each document parsed alone: a bad one is its own failure, named by its wire field.
    const inputs = documents.map((document, _index) => {
      if (document instanceof Error) return document;
      try {
        return wire.ingestDocument.fromWire(document);
      } catch (error) {
        const id = (document as { document_id?: unknown } | null)?.document_id;
        return new UnreadableDocument(error, typeof id === 'string' && id !== '' ? id : null);
      }
    });
    const results = await engine.ingestMany(inputs);
    const failed = results.filter((result) => result.status === 'failed').length;
    return c.json(
      wire.ingestResponse.toWire({
        results,
        stored: results.filter((result) => result.status === 'stored').length,
        failed,
        clauseCount: results.reduce((sum, result) => sum + result.clauseCount, 0),
      }),
    );
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
