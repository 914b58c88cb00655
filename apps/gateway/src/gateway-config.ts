/** Settings of the gateway app, read from the environment. */
export interface GatewayAppConfig {
  host: string;
  port: number;
  /** Tokens accepted on every route but /api/health; empty means no caller authentication. */
  apiTokens: string[];
  /** Tokens allowed to manage server keys (POST /api/keys). */
  adminTokens: string[];
  allowUnauthenticated: boolean;
  /** Origins allowed by CORS; empty means no CORS headers, `*` any origin. */
  corsOrigins: string[];
  bodyLimitBytes: number;
  /** Requests per window and caller; 0 turns the limiter off. */
  rateLimit: number;
  rateLimitWindowMs: number;
  /** Take the caller's address from X-Forwarded-For (only behind a trusted proxy). */
  trustProxy: boolean;
}

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

const integer = (value: string | undefined, fallback: number, name: string) => {
  if (value === undefined || value.trim() === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0)
    throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return parsed;
};

/** Reads HOST, PORT, CAE_API_TOKENS, CAE_ADMIN_TOKENS, CAE_CORS_ORIGINS, CAE_BODY_LIMIT_BYTES, CAE_RATE_LIMIT... */
export function readGatewayConfig(env: Record<string, string | undefined>): GatewayAppConfig {
  return {
    host: env.HOST?.trim() || '127.0.0.1',
    port: integer(env.PORT, 3002, 'PORT'),
    apiTokens: list(env.CAE_API_TOKENS),
    adminTokens: list(env.CAE_ADMIN_TOKENS),
    allowUnauthenticated: env.CAE_ALLOW_UNAUTHENTICATED === '1' || env.CAE_ALLOW_UNAUTHENTICATED === 'true',
    corsOrigins: list(env.CAE_CORS_ORIGINS),
    bodyLimitBytes: integer(env.CAE_BODY_LIMIT_BYTES, 1024 * 1024, 'CAE_BODY_LIMIT_BYTES'),
    rateLimit: integer(env.CAE_RATE_LIMIT, 600, 'CAE_RATE_LIMIT'),
    rateLimitWindowMs: integer(env.CAE_RATE_LIMIT_WINDOW_MS, 60_000, 'CAE_RATE_LIMIT_WINDOW_MS'),
    trustProxy: env.CAE_TRUST_PROXY === '1' || env.CAE_TRUST_PROXY === 'true',
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

/** Why the server must not start with this configuration, or null when it may. */
export function refusalToListen(config: GatewayAppConfig): string | null {
  if (isLoopbackHost(config.host) || config.apiTokens.length > 0 || config.allowUnauthenticated) return null;
  return (
    `refusing to listen on ${config.host}: it is reachable from other machines and CAE_API_TOKENS is not set, ` +
    'so anyone could spend your provider keys. Set CAE_API_TOKENS (and CAE_ADMIN_TOKENS for key management), ' +
    'listen on 127.0.0.1, or set CAE_ALLOW_UNAUTHENTICATED=1 if something in front of this server authenticates callers.'
  );
}
