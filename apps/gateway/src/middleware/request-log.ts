import type { GatewayLogger } from '@cae/gateway';
import type { MiddlewareHandler } from 'hono';

/** One structured log record per request: method, path, status, duration, caller kind. Never headers or bodies. */
export function requestLog(
  logger: GatewayLogger,
  clock: () => number = performance.now.bind(performance),
): MiddlewareHandler {
  return async (c, next) => {
    const started = clock();
    const requestId = c.req.header('x-request-id') ?? crypto.randomUUID();
    c.header('x-request-id', requestId);
    await next();
    const status = c.res.status;
    logger.log(status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info', 'request', {
      requestId,
      method: c.req.method,
      path: c.req.path,
      status,
      durationMs: Math.round((clock() - started) * 100) / 100,
      caller: c.req.header('authorization') ? 'token' : 'anonymous',
    });
  };
}
