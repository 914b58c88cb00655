import { CaeError } from '@cae/core';
import type { MiddlewareHandler } from 'hono';

/**
 * Refuses a request whose query string (after `?`) is longer than `maxLength` characters with 414
 * and the error body (code `invalid_request`), before any route parses it.
 * @example app.use(queryLimit(4096));
 */
export function queryLimit(maxLength: number): MiddlewareHandler {
  return async (c, next) => {
    const url = c.req.url;
    const mark = url.indexOf('?');
    if (mark >= 0 && url.length - mark - 1 > maxLength) {
      throw new CaeError('invalid_request', `query string over ${maxLength} characters`, {
        statusCode: 414,
      });
    }
    return next();
  };
}
