import { createHash, timingSafeEqual } from 'node:crypto';
import { UnauthorizedError } from '@cae/core';
import type { Context, MiddlewareHandler } from 'hono';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** A configured token and the caller name it stands for. */
export interface NamedToken {
  name: string;
  token: string;
}

const NAMED_ENTRY = /^([A-Za-z0-9][A-Za-z0-9._@-]{0,63}):(\S+)$/;

/**
 * One entry of `CAE_API_TOKENS` / `CAE_ADMIN_TOKENS`: `name:token` names its caller (`ana:tok-1`);
 * a bare token is named `token-` and the first 8 hex digits of its SHA-256 (stable, not the token).
 * @example parseToken('ana:s3cret') // { name: 'ana', token: 's3cret' }
 */
export function parseToken(entry: string): NamedToken {
  const named = NAMED_ENTRY.exec(entry);
  if (named) return { name: named[1]!, token: named[2]! };
  return { name: `token-${digest(entry).toString('hex').slice(0, 8)}`, token: entry };
}

/** The token part of configured entries (what a caller sends), names dropped. */
export const tokenSecrets = (entries: readonly string[]): string[] =>
  entries.map((entry) => parseToken(entry).token);

interface DigestedToken {
  name: string;
  digest: Buffer;
}

const digested = (entries: readonly string[]): DigestedToken[] =>
  entries.map((entry) => {
    const { name, token } = parseToken(entry);
    return { name, digest: digest(token) };
  });

/**
 * Token check in constant time: digests have equal length whatever the input, and every entry is
 * compared (no early exit). Returns the matching entry's caller name, or null.
 */
function matches(token: string, allowed: readonly DigestedToken[]): string | null {
  const candidate = digest(token);
  let found: string | null = null;
  for (const entry of allowed) if (timingSafeEqual(candidate, entry.digest)) found ??= entry.name;
  return found;
}

const CALLER = 'cae.caller';

/**
 * The name of the authenticated caller (the `name` of its `name:token` entry), or undefined when
 * no tokens are configured. Routes record it instead of a name the body claims.
 */
export function callerName(c: Context): string | undefined {
  return c.get(CALLER as never) as string | undefined;
}

/** Bearer token of an Authorization header, or null. */
export function bearerToken(header: string | undefined): string | null {
  return /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1] ?? null;
}

/** Options of callerAuth. */
export interface CallerAuthOptions {
  /**
   * Tokens accepted on every route but the public ones; none means no caller authentication. An
   * entry `name:token` names its caller (see parseToken).
   */
  apiTokens: readonly string[];
  /** Tokens for admin routes (they are accepted on every other route too); `name:token` as above. */
  adminTokens?: readonly string[];
  /** Paths open to anyone (health, docs): a list, or a test. */
  publicPaths?: readonly string[] | ((path: string) => boolean);
  /** Routes (method and path) that need an admin token; none by default. */
  isAdminRoute?: (method: string, path: string) => boolean;
}

/**
 * Caller authentication (ARCHITECTURE.md): with API tokens set, every route but the public ones needs
 * `Authorization: Bearer <token>` (401 otherwise); admin routes need an admin token whenever any
 * tokens are set (401 without one, 403 for a valid API token). Tokens are compared in constant time.
 * @example app.use('/api/*', callerAuth({ apiTokens: ['t1'], adminTokens: ['a1'], publicPaths: ['/api/health'] }));
 */
export function callerAuth(options: CallerAuthOptions): MiddlewareHandler {
  const api = digested(options.apiTokens);
  const admin = digested(options.adminTokens ?? []);
  const anyTokens = api.length > 0 || admin.length > 0;
  const open = options.publicPaths;
  const isPublic =
    typeof open === 'function' ? open : open ? (path: string) => open.includes(path) : () => false;
  const isAdminRoute = options.isAdminRoute ?? (() => false);
  return async (c, next) => {
    if (!anyTokens || isPublic(c.req.path)) return next();
    const token = bearerToken(c.req.header('authorization'));
    const adminName = token === null ? null : matches(token, admin);
    const apiName = token === null ? null : matches(token, api);
    if (isAdminRoute(c.req.method, c.req.path)) {
      if (adminName !== null) {
        c.set(CALLER as never, adminName as never);
        return next();
      }
      if (apiName !== null) {
        throw new UnauthorizedError(
          admin.length > 0
            ? 'this route needs an admin token (CAE_ADMIN_TOKENS)'
            : 'key management is disabled: CAE_ADMIN_TOKENS is not set',
          { statusCode: 403 },
        );
      }
      throw new UnauthorizedError('missing or invalid admin token: send Authorization: Bearer <token>');
    }
    const name = adminName ?? apiName;
    if (name !== null) {
      c.set(CALLER as never, name as never);
      return next();
    }
    if (api.length === 0) return next();
    throw new UnauthorizedError(
      token === null ? 'missing caller token: send Authorization: Bearer <token>' : 'invalid caller token',
    );
  };
}

/** True for addresses only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    bare === 'localhost' ||
    bare === '::1' ||
    /^127(?:\.\d{1,3}){3}$/.test(bare) ||
    bare === '::ffff:127.0.0.1'
  );
}

/** Why a server must not listen on `host` with these tokens, or null when it may. */
export function refusalToListen(
  host: string,
  tokens: readonly string[],
  allowUnauthenticated: boolean,
): string | null {
  if (isLoopbackHost(host) || tokens.length > 0 || allowUnauthenticated) return null;
  return (
    `refusing to listen on ${host}: it is reachable from other machines and CAE_API_TOKENS is not set, ` +
    'so anyone could use this server (and spend its provider keys). Set CAE_API_TOKENS (and CAE_ADMIN_TOKENS ' +
    'for key management), listen on 127.0.0.1, or set CAE_ALLOW_UNAUTHENTICATED=1 if something in front of ' +
    'this server authenticates callers.'
  );
}

/** Throws (with the reason) when a server must not listen on `host`: non-loopback, no tokens, not allowed. */
export function assertSafeListen(
  host: string,
  tokens: readonly string[],
  allowUnauthenticated: boolean,
): void {
  const refusal = refusalToListen(host, tokens, allowUnauthenticated);
  if (refusal) throw new Error(refusal);
}
