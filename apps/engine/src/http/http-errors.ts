import { InvalidRequestError, toCaeError } from '@cae/core';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { RequestLogger } from './request-log';

/** The one place errors become responses: the status and body of ARCHITECTURE.md. */
export function errorResponse(error: unknown, c: Context, logger?: RequestLogger) {
  const caeError = toCaeError(error);
  if (caeError.code === 'internal') logger?.error('unhandled error', error);
  return c.json(caeError.toBody(), caeError.statusCode as ContentfulStatusCode);
}

/** Reads a JSON body; a malformed or non-object body is a 400, not a 500. */
export async function readJsonBody(c: Context): Promise<Record<string, unknown>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new InvalidRequestError('the body must be JSON (content type application/json)');
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new InvalidRequestError('the body must be a JSON object');
  }
  return body as Record<string, unknown>;
}
