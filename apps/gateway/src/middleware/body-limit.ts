import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

/**
 * Hono's bodyLimit, without its cost on ordinary requests: a body with a Content-Length (and no
 * Transfer-Encoding) is judged by that header alone, as bodyLimit does, but without touching
 * `c.req.raw.body`, which makes @hono/node-server build a full web Request and body stream per
 * request. GET and HEAD carry no body. Anything else (chunked bodies) goes through bodyLimit.
 */
export function cheapBodyLimit(maxSize: number, onError: () => never): MiddlewareHandler {
  const counted = bodyLimit({ maxSize, onError });
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
