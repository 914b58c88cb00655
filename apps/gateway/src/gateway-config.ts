import { envFlag, parseTokens, refusalToListen as refusalFor } from '@cae/gateway/http';

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

const list = parseTokens;

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
    allowUnauthenticated: envFlag(env.CAE_ALLOW_UNAUTHENTICATED),
    corsOrigins: list(env.CAE_CORS_ORIGINS),
    bodyLimitBytes: integer(env.CAE_BODY_LIMIT_BYTES, 1024 * 1024, 'CAE_BODY_LIMIT_BYTES'),
    rateLimit: integer(env.CAE_RATE_LIMIT, 600, 'CAE_RATE_LIMIT'),
    rateLimitWindowMs: integer(env.CAE_RATE_LIMIT_WINDOW_MS, 60_000, 'CAE_RATE_LIMIT_WINDOW_MS'),
    trustProxy: envFlag(env.CAE_TRUST_PROXY),
  };
}

/** Why the server must not start with this configuration (non-loopback host, no tokens, not allowed), or null. */
export function refusalToListen(config: GatewayAppConfig): string | null {
  return refusalFor(config.host, config.apiTokens, config.allowUnauthenticated);
}
