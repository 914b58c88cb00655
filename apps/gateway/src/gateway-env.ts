import type { Logger } from '@cae/core';
import { createGateway, type GatewayOptions } from '@cae/gateway';
import {
  countSchema,
  dataDirSchema,
  flagSchema,
  listSchema,
  parseEnvironment,
  portSchema,
  positiveSchema,
} from '@cae/http';
import { z } from 'zod';

/**
 * The gateway app's environment, parsed once at start. The provider variables of ARCHITECTURE.md
 * (`<NAME>_API_KEY`, `<NAME>_BASE_URL`, `<NAME>_DEFAULT_MODEL`, `CAE_CUSTOM_PROVIDERS`) pass through to
 * the gateway as they are, since their names depend on the providers.
 */
export const GatewayEnvSchema = z.looseObject({
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  PORT: portSchema(3002),
  CAE_API_TOKENS: listSchema,
  CAE_ADMIN_TOKENS: listSchema,
  CAE_ALLOW_UNAUTHENTICATED: flagSchema,
  CAE_CORS_ORIGINS: listSchema,
  CAE_BODY_LIMIT_BYTES: positiveSchema(1024 * 1024),
  CAE_RATE_LIMIT: countSchema(600),
  CAE_RATE_LIMIT_WINDOW_MS: positiveSchema(60_000),
  CAE_TRUST_PROXY: flagSchema,
  CAE_DATA_DIR: dataDirSchema,
  CAE_SECRET_KEY: z.string().optional(),
});

/** HTTP settings of the gateway app. */
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

/** Everything the gateway app's composition root needs, from one parse of the environment. */
export interface GatewayConfig {
  app: GatewayAppConfig;
  gateway: GatewayOptions;
}

/**
 * Reads the gateway app's configuration from an environment (throws EnvironmentError naming a bad variable).
 * @example const config = gatewayConfigFromEnv(process.env);
 */
export function gatewayConfigFromEnv(env: Record<string, string | undefined>): GatewayConfig {
  const parsed = parseEnvironment(GatewayEnvSchema, env);
  return {
    app: {
      host: parsed.HOST,
      port: parsed.PORT,
      apiTokens: parsed.CAE_API_TOKENS,
      adminTokens: parsed.CAE_ADMIN_TOKENS,
      allowUnauthenticated: parsed.CAE_ALLOW_UNAUTHENTICATED,
      corsOrigins: parsed.CAE_CORS_ORIGINS,
      bodyLimitBytes: parsed.CAE_BODY_LIMIT_BYTES,
      rateLimit: parsed.CAE_RATE_LIMIT,
      rateLimitWindowMs: parsed.CAE_RATE_LIMIT_WINDOW_MS,
      trustProxy: parsed.CAE_TRUST_PROXY,
    },
    gateway: { env, dataDir: parsed.CAE_DATA_DIR, secretKey: parsed.CAE_SECRET_KEY },
  };
}

/** The gateway of a composition root: the configured options, a logger, and any test overrides. */
export function gatewayFromConfig(config: GatewayConfig, logger: Logger, overrides: GatewayOptions = {}) {
  return createGateway({ ...config.gateway, logger, ...overrides });
}
