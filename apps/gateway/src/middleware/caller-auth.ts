import { createHash, timingSafeEqual } from 'node:crypto';
import { UnauthorizedError } from '@cae/core';
import type { MiddlewareHandler } from 'hono';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Token check in constant time (digests have equal length whatever the input). */
function matches(token: string, allowed: readonly Buffer[]): boolean {
  const candidate = digest(token);
  let found = false;
  for (const entry of allowed) if (timingSafeEqual(candidate, entry)) found = true;
  return found;
}

/** Bearer token of a request, or null. */
export function bearerToken(header: string | undefined): string | null {
  return /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1] ?? null;
}

/** Options of callerAuth. */
export interface CallerAuthOptions {
  apiTokens: readonly string[];
  adminTokens: readonly string[];
  /** Paths open to anyone (the health route). */
  publicPaths: readonly string[];
  /** Paths (with method) that need an admin token. */
  isAdminRoute: (method: string, path: string) => boolean;
}

/**
 * Caller authentication: with API tokens set, every route but the public ones needs
 * `Authorization: Bearer <token>`; admin routes need an admin token whenever any tokens are set.
 */
export function callerAuth(options: CallerAuthOptions): MiddlewareHandler {
  const api = options.apiTokens.map(digest);
  const admin = options.adminTokens.map(digest);
  const anyTokens = api.length > 0 || admin.length > 0;
  return async (c, next) => {
    if (!anyTokens || options.publicPaths.includes(c.req.path)) return next();
    const token = bearerToken(c.req.header('authorization'));
    const isAdmin = token !== null && matches(token, admin);
    if (options.isAdminRoute(c.req.method, c.req.path)) {
      if (isAdmin) return next();
      if (token !== null && matches(token, api)) {
        throw new UnauthorizedError(
          admin.length > 0
            ? 'this route needs an admin token (CAE_ADMIN_TOKENS)'
            : 'key management is disabled: CAE_ADMIN_TOKENS is not set',
          { statusCode: 403 },
        );
      }
      throw new UnauthorizedError('missing or invalid admin token: send Authorization: Bearer <token>');
    }
    if (api.length === 0 || isAdmin || (token !== null && matches(token, api))) return next();
    throw new UnauthorizedError(
      token === null ? 'missing caller token: send Authorization: Bearer <token>' : 'invalid caller token',
    );
  };
}
