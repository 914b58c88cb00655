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
export const GatewayEnvSchema = z
  .looseObject({
    HOST: z.string().trim().min(1).default('127.0.0.1'),
    PORT: portSchema(3002),
    CAE_API_TOKENS: listSchema,
    CAE_ADMIN_TOKENS: listSchema,
    CAE_ALLOW_UNAUTHENTICATED: flagSchema,
    CAE_CORS_ORIGINS: listSchema,
    CAE_BODY_LIMIT_BYTES: positiveSchema(1024 * 1024),
    CAE_MAX_QUERY_LENGTH: positiveSchema(4096),
    CAE_UPSTREAM_TIMEOUT_MS: positiveSchema(60_000),
    CAE_RATE_LIMIT: countSchema(600),
    CAE_RATE_LIMIT_WINDOW_MS: positiveSchema(60_000),
    CAE_TRUST_PROXY: flagSchema,
    CAE_DATA_DIR: dataDirSchema,
    CAE_SECRET_KEY: z.string().optional(),
    DATABASE_URL: z
      .string()
      .trim()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  })
  .superRefine((env, context) => {
    // Replicas on one database must decrypt each other's keys: one master key, given to all of them.
    if (env.DATABASE_URL && !env.CAE_SECRET_KEY?.trim()) {
      context.addIssue({
        code: 'custom',
        path: ['CAE_SECRET_KEY'],
        message:
          'is required with DATABASE_URL: server keys are kept in the database, and every replica needs the same master key to read them',
      });
    }
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
  /** Longest query string in characters (default 4,096); longer is a 414. */
  maxQueryLength?: number;
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
  /** With it, server keys live in this database (shared by replicas) instead of the data directory. */
  databaseUrl?: string | undefined;
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
      maxQueryLength: parsed.CAE_MAX_QUERY_LENGTH,
      rateLimit: parsed.CAE_RATE_LIMIT,
      rateLimitWindowMs: parsed.CAE_RATE_LIMIT_WINDOW_MS,
      trustProxy: parsed.CAE_TRUST_PROXY,
    },
    gateway: {
      env,
      dataDir: parsed.CAE_DATA_DIR,
      secretKey: parsed.CAE_SECRET_KEY,
      timeoutMs: parsed.CAE_UPSTREAM_TIMEOUT_MS,
    },
    databaseUrl: parsed.DATABASE_URL,
  };
}

/** The gateway of a composition root: the configured options, a logger, and any test overrides. */
export function gatewayFromConfig(config: GatewayConfig, logger: Logger, overrides: GatewayOptions = {}) {
  return createGateway({ ...config.gateway, logger, ...overrides });
}
