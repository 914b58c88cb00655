import { PayloadTooLargeError } from '@cae/core';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit as honoBodyLimit } from 'hono/body-limit';

/**
 * Refuses request bodies over `maxSize` bytes with 413 (PayloadTooLargeError unless `onError` throws
 * something else). Hono's bodyLimit without its cost on ordinary requests: a body with a
 * Content-Length (and no Transfer-Encoding) is judged by that header alone, without touching
 * `c.req.raw.body` (which makes @hono/node-server build a full web Request and body stream per
 * request); GET and HEAD carry no body. Chunked bodies are counted by Hono's bodyLimit.
 */
export function bodyLimit(
  maxSize: number,
  onError: () => never = () => {
    throw new PayloadTooLargeError(`request body over ${maxSize} bytes`);
  },
): MiddlewareHandler {
  const counted = honoBodyLimit({ maxSize, onError });
  return async (c, next) => {
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD') return next();
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      if (Number.parseInt(length || '0', 10) > maxSize) onError();
      return next();
    }
    return counted(c, next);
  };
}
