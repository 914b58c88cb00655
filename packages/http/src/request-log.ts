import type { Logger, LogLevel } from '@cae/core';
import { redactSecrets } from '@cae/core';
import type { MiddlewareHandler } from 'hono';
import { callerName } from './caller-auth';

/** The other logger shape the engine app accepts: `info` and `error` methods. */
export interface RequestLogger {
  info(message: string, fields?: Record<string, unknown>): void;
  error(message: string, error?: unknown): void;
}

/** What the HTTP kit logs to: a Logger (`log(level, message, fields)`) or a RequestLogger. */
export type HttpLogger = Logger | RequestLogger;

/** A Logger over either logger shape. */
export function toLogger(logger: HttpLogger): Logger {
  if ('log' in logger) return logger;
  return {
    log(level: LogLevel, message: string, fields?: Record<string, unknown>) {
      if (level === 'error') logger.error(message, fields?.error ?? fields);
      else logger.info(message, level === 'info' ? fields : { level, ...fields });
    },
  };
}

/** `key = value`, `"token": "..."` and the like: the value of anything named like a credential. */
const NAMED_SECRET =
  /((?:api[_-]?key|token|secret|password|authorization)["']?\s*[:=]\s*["']?)(?!\[redacted\])[^\s"',}]+/gi;

/**
 * Masks credentials in free text: known `secrets`, anything shaped like a provider key or a bearer
 * token (the gateway's redactSecrets), and the value after a credential-like name (`api_key=...`).
 */
export function redact(text: string, secrets: readonly (string | undefined)[] = []): string {
  return redactSecrets(text, secrets).replace(NAMED_SECRET, '$1[redacted]');
}

/** Options of requestLog. */
export interface RequestLogOptions {
  /** Milliseconds, monotonic; `performance.now` by default. */
  clock?: () => number;
}

/**
 * One structured record per request: request id (the caller's `x-request-id` or a new one, echoed in
 * the response), method, path (no query string: it may carry data), status, duration and whether a
 * token was sent (the caller's name once authenticated). Never headers or bodies. 5xx are logged as errors, 4xx as warnings.
 */
export function requestLog(logger: HttpLogger, options: RequestLogOptions = {}): MiddlewareHandler {
  const target = toLogger(logger);
  const clock = options.clock ?? performance.now.bind(performance);
  return async (c, next) => {
    const started = clock();
    const requestId = c.req.header('x-request-id') ?? crypto.randomUUID();
    c.header('x-request-id', requestId);
    await next();
    const status = c.res.status;
    target.log(status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info', 'request', {
      requestId,
      method: c.req.method,
      path: c.req.path,
      status,
      durationMs: Math.round((clock() - started) * 100) / 100,
      caller: callerName(c) ?? (c.req.header('authorization') ? 'token' : 'anonymous'),
    });
  };
}
