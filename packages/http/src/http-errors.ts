import { CaeError, InvalidRequestError, NotFoundError, toCaeError } from '@cae/core';
import type { Context, ErrorHandler, Hono, NotFoundHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { type HttpLogger, toLogger } from './request-log';

/** The one place errors become responses: the status and `{ error: { code, message, details? } }` body. */
export function errorResponse(error: unknown, c: Context, logger?: HttpLogger): Response {
  const caeError = toCaeError(error);
  if (logger && caeError.code === 'internal') {
    toLogger(logger).log('error', 'unhandled error', {
      path: c.req.path,
      error: error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error),
    });
  }
  return c.json(caeError.toBody(), caeError.statusCode as ContentfulStatusCode);
}

/** `app.onError(errorHandler(logger))`: every thrown error through errorResponse. */
export const errorHandler =
  (logger?: HttpLogger): ErrorHandler =>
  (error, c) =>
    errorResponse(error, c, logger);

/** `app.notFound(notFoundHandler)`: a 404 with the error body naming the route. */
export const notFoundHandler: NotFoundHandler = (c) =>
  errorResponse(new NotFoundError(`no route ${c.req.method} ${c.req.path}`), c);

/** Reads a JSON body; a malformed one is a 400 (invalid_request), not a 500. */
export async function readJsonBody(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new InvalidRequestError('the body must be JSON (content type application/json)');
  }
}

/** Reads a JSON body that must be an object; anything else is a 400. */
export async function readJsonObject(c: Context): Promise<Record<string, unknown>> {
  const body = await readJsonBody(c);
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new InvalidRequestError('the body must be a JSON object');
  }
  return body as Record<string, unknown>;
}

/**
 * Call after the routes: a known path asked with a method it does not serve answers 405 with an
 * `allow` header and the error body, instead of the 404 of an unknown path.
 * @example registerRoutes(app); methodNotAllowed(app);
 */
// biome-ignore lint/suspicious/noExplicitAny: any app's environment and schema
export function methodNotAllowed(app: Hono<any, any, any>): void {
  const methods = new Map<string, Set<string>>();
  for (const route of app.routes) {
    if (route.method === 'ALL') continue;
    const known = methods.get(route.path) ?? new Set<string>();
    known.add(route.method);
    if (route.method === 'GET') known.add('HEAD');
    methods.set(route.path, known);
  }
  for (const [path, allowed] of methods) {
    const allow = [...allowed].sort().join(', ');
    app.all(path, (c) => {
      c.header('allow', allow);
      const message = `${c.req.method} is not allowed on ${c.req.path}; use ${allow}`;
      return errorResponse(new CaeError('invalid_request', message, { statusCode: 405 }), c);
    });
  }
}
