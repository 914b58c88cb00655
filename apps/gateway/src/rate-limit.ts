import { RateLimitedError } from '@cae/core';
import type { Context, MiddlewareHandler } from 'hono';

/** Options of rateLimit. */
export interface RateLimitOptions {
  /** Requests allowed per caller and window. */
  limit: number;
  windowMs: number;
  /** Who is calling (token hash, address). */
  key: (c: Context) => string;
  /** Requests that are never counted (the health route). */
  skip?: (c: Context) => boolean;
  /** Milliseconds since the epoch; `Date.now` by default. */
  clock?: () => number;
}

interface Window {
  count: number;
  resetAt: number;
}

/**
 * A fixed-window limiter per caller, in memory: one map entry per caller, expired ones swept once a
 * window. Answers carry the draft-6 `RateLimit-*` headers; a caller over the limit gets 429
 * (`rate_limited`) with `Retry-After` in seconds.
 */
export function rateLimit(options: RateLimitOptions): MiddlewareHandler {
  const { limit, windowMs, key } = options;
  const clock = options.clock ?? Date.now;
  const windows = new Map<string, Window>();
  const policy = `${limit};w=${Math.ceil(windowMs / 1000)}`;
  const limitText = String(limit);
  let sweepAt = clock() + windowMs;
  return async (c, next) => {
    if (options.skip?.(c)) return next();
    const now = clock();
    if (now >= sweepAt) {
      for (const [caller, window] of windows) if (window.resetAt <= now) windows.delete(caller);
      sweepAt = now + windowMs;
    }
    const caller = key(c);
    let window = windows.get(caller);
    if (window === undefined || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowMs };
      windows.set(caller, window);
    }
    window.count += 1;
    const resetSeconds = Math.max(0, Math.ceil((window.resetAt - now) / 1000));
    c.header('RateLimit-Policy', policy);
    c.header('RateLimit-Limit', limitText);
    c.header('RateLimit-Remaining', String(Math.max(0, limit - window.count)));
    c.header('RateLimit-Reset', String(resetSeconds));
    if (window.count > limit) {
      c.header('Retry-After', String(Math.max(1, resetSeconds)));
      throw new RateLimitedError(`too many requests: at most ${limit} per ${windowMs} ms`);
    }
    return next();
  };
}
