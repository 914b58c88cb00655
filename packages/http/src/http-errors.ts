import { InvalidRequestError, NotFoundError, toCaeError } from '@cae/core';
import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
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
