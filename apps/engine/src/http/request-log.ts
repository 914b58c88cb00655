import type { MiddlewareHandler } from 'hono';

/** Structured log lines (JSON, one per line). */
export interface RequestLogger {
  info(message: string, fields?: Record<string, unknown>): void;
  error(message: string, error?: unknown): void;
}

const SECRET_PATTERN =
  /(bearer\s+)[^\s"',]+|((?:api[_-]?key|token|secret|authorization)["']?\s*[:=]\s*["']?)[^\s"',}]+/gi;

/** Masks anything that looks like a credential. */
export function redact(text: string): string {
  return text.replace(
    SECRET_PATTERN,
    (_match, bearer: string | undefined, named: string | undefined) => `${bearer ?? named ?? ''}[redacted]`,
  );
}

/** A JSON-lines logger to a writable (stderr by default); every line goes through `redact`. */
export function createJsonLogger(
  write: (line: string) => void = (line) => process.stderr.write(line),
): RequestLogger {
  const emit = (level: string, message: string, fields: Record<string, unknown>) =>
    write(`${redact(JSON.stringify({ time: new Date().toISOString(), level, message, ...fields }))}\n`);
  return {
    info: (message, fields = {}) => emit('info', message, fields),
    error: (message, error) =>
      emit('error', message, {
        error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      }),
  };
}

/** Logs method, path (no query string: it may carry data), status and duration of every request. */
export function requestLog(logger: RequestLogger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    logger.info('request', {
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
  };
}
