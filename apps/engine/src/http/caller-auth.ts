import { timingSafeEqual } from 'node:crypto';
import { UnauthorizedError } from '@cae/core';
import type { MiddlewareHandler } from 'hono';

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Splits a comma-separated token list (`CAE_API_TOKENS`), ignoring blanks. */
export function parseTokens(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((token) => token.trim())
    .filter((token) => token.length > 0);
}

/** Requires `Authorization: Bearer <token>` with one of `tokens`; with no tokens configured, lets everyone in. */
export function callerAuth(
  tokens: readonly string[],
  options: { open?: (path: string) => boolean } = {},
): MiddlewareHandler {
  return async (c, next) => {
    if (tokens.length === 0 || options.open?.(c.req.path)) return next();
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+(.+)$/i.exec(header);
    if (!match) throw new UnauthorizedError('missing bearer token (Authorization: Bearer <token>)');
    const given = match[1]!.trim();
    if (!tokens.some((token) => sameToken(given, token))) throw new UnauthorizedError('invalid bearer token');
    return next();
  };
}

/** A server on a non-loopback host with no tokens refuses to start, unless explicitly allowed. */
export function assertSafeListen(
  host: string,
  tokens: readonly string[],
  allowUnauthenticated: boolean,
): void {
  const loopback = host === 'localhost' || host === '::1' || host.startsWith('127.');
  if (!loopback && tokens.length === 0 && !allowUnauthenticated) {
    throw new Error(
      `refusing to listen on ${host} without caller tokens: set CAE_API_TOKENS, or CAE_ALLOW_UNAUTHENTICATED=1 to accept the risk`,
    );
  }
}
