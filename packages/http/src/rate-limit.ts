import { createHash } from 'node:crypto';
import { RateLimitedError } from '@cae/core';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import { rateLimiter } from 'hono-rate-limiter';
import { bearerToken } from './caller-auth';

/** Options of rateLimit. */
export interface RateLimitOptions {
  /** Requests per window and caller. */
  limit: number;
  windowMs: number;
  /** Take the caller's address from X-Forwarded-For (only behind a trusted proxy). */
  trustProxy?: boolean;
  /** Requests never counted (health checks). */
  skip?: (c: Context) => boolean;
}

/** Rate-limit keys of recently seen tokens (hashing one per request is measurable under load). */
const tokenKeys = new Map<string, string>();

/** Who is calling: their token (hashed) or their address. */
function callerKey(c: Context, trustProxy: boolean): string {
  const token = bearerToken(c.req.header('authorization'));
  if (token) {
    let key = tokenKeys.get(token);
    if (key === undefined) {
      key = `token:${createHash('sha256').update(token).digest('hex').slice(0, 32)}`;
      if (tokenKeys.size >= 1024) tokenKeys.clear();
      tokenKeys.set(token, key);
    }
    return key;
  }
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return `ip:${forwarded}`;
  }
  try {
    return `ip:${getConnInfo(c).remote.address ?? 'unknown'}`;
  } catch {
    // app.request() in tests has no socket.
    return 'ip:unknown';
  }
}

/**
 * Per-caller rate limit (by token, else by address): over the limit is a 429 with `retry-after`.
 * @example app.use('/api/*', rateLimit({ limit: 600, windowMs: 60_000 }));
 */
export function rateLimit(options: RateLimitOptions): MiddlewareHandler {
  const trustProxy = options.trustProxy ?? false;
  return rateLimiter({
    windowMs: options.windowMs,
    limit: options.limit,
    standardHeaders: 'draft-6',
    keyGenerator: (c) => callerKey(c, trustProxy),
    ...(options.skip ? { skip: options.skip } : {}),
    handler: (c) => {
      const info = c.get('rateLimit' as never) as { resetTime?: Date } | undefined;
      const seconds = info?.resetTime
        ? Math.max(1, Math.ceil((info.resetTime.getTime() - Date.now()) / 1000))
        : 1;
      c.header('Retry-After', String(seconds));
      throw new RateLimitedError(`too many requests: at most ${options.limit} per ${options.windowMs} ms`);
    },
  });
}
