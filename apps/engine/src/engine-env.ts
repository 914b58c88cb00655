import type { EngineOptions } from '@cae/engine';
import { createGateway } from '@cae/gateway';
import {
  countSchema,
  dataDirSchema,
  EnvironmentError,
  flagSchema,
  listSchema,
  parseEnvironment,
  portSchema,
  positiveSchema,
} from '@cae/http';
import { createLocalEmbedder, defaultEmbeddingCacheDir } from '@cae/retrieval';
import { z } from 'zod';

/** An optional whole number, 0 or more (unset or blank: undefined); `what` names it in the error. */
const optionalWholeSchema = (what: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.coerce
      .number({ error: `must be ${what}` })
      .int(`must be ${what}`)
      .min(0, 'must be 0 or more')
      .optional(),
  );

/**
 * The engine app's environment (server and CLI), parsed once at start. The provider variables of
 * ARCHITECTURE.md pass through to the gateway as they are, since their names depend on the providers.
 */
export const EngineEnvSchema = z.looseObject({
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  PORT: portSchema(3001),
  CAE_API_TOKENS: listSchema,
  CAE_ALLOW_UNAUTHENTICATED: flagSchema,
  CAE_CORS_ORIGINS: listSchema,
  CAE_MAX_BODY_BYTES: positiveSchema(2 * 1024 * 1024 + 64 * 1024),
  CAE_MAX_QUERY_LENGTH: positiveSchema(4096),
  CAE_MAX_INGEST_BYTES: positiveSchema(32 * 1024 * 1024),
  CAE_MAX_INGEST_DOCUMENTS: positiveSchema(1000),
  CAE_RATE_LIMIT: countSchema(1200),
  CAE_RATE_LIMIT_WINDOW_MS: positiveSchema(60_000),
  CAE_TRUST_PROXY: flagSchema,
  CAE_NO_SEARCH_CACHE: flagSchema,
  CAE_DATA_DIR: dataDirSchema,
  DATABASE_URL: z
    .string()
    .trim()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  CAE_CACHE_DIR: z.string().trim().min(1).optional(),
  CAE_EMBEDDING_CACHE_DIR: z.string().trim().min(1).optional(),
  CAE_LLM_PROVIDER: z.string().trim().min(1).optional(),
  CAE_LLM_MODEL: z.string().trim().min(1).optional(),
  CAE_ANNOTATOR: z.enum(['rules', 'llm'], { error: 'must be rules or llm' }).default('rules'),
  CAE_MAX_TEXT_LENGTH: positiveSchema(2_000_000),
  /** Compile worker threads of POST /pipeline/ingest and `cae ingest`; unset: the engine's default. */
  CAE_COMPILE_WORKERS: optionalWholeSchema('a whole number'),
  /** How long POST /pipeline/ingest keeps an ingest session open after its last bulk request; 0: off. */
  CAE_INGEST_IDLE_MS: optionalWholeSchema('a whole number of milliseconds'),
  CAE_UPSTREAM_TIMEOUT_MS: positiveSchema(30_000),
  CAE_SECRET_KEY: z.string().optional(),
});

/** HTTP settings of the engine server. */
export interface EngineServerConfig {
  host: string;
  port: number;
  apiTokens: string[];
  allowUnauthenticated: boolean;
  corsOrigins: string[];
  bodyLimitBytes: number;
  /** Largest body of POST /pipeline/ingest. */
  ingestBodyLimitBytes: number;
  /** Most documents in one POST /pipeline/ingest. */
  ingestMaxDocuments: number;
  maxQueryLength: number;
  /** Requests per window and caller; 0 turns the limiter off. */
  rateLimit: number;
  rateLimitWindowMs: number;
  trustProxy: boolean;
}

/** Everything the engine app's composition root needs, from one parse of the environment. */
export interface EngineConfig {
  server: EngineServerConfig;
  /** Options of createEngine (store, embedder, LLM, limits). */
  engine: EngineOptions;
  /** Where the embedded store lives (or the server URL), for messages. */
  storeLocation: string;
  /** The embedded store's data directory, or null with a PostgreSQL server or `memory://`. */
  embeddedDataDir: string | null;
}

/**
 * Reads the engine app's configuration from an environment (throws EnvironmentError naming a bad
 * variable). `owner` is what this process is called to another that finds the data directory locked.
 * @example const config = engineConfigFromEnv(process.env); const engine = await createEngine(config.engine);
 */
export function engineConfigFromEnv(
  env: Record<string, string | undefined>,
  owner = 'engine server',
): EngineConfig {
  const parsed = parseEnvironment(EngineEnvSchema, env);
  const dataDir = parsed.CAE_DATA_DIR;
  const storeLocation = parsed.DATABASE_URL ?? dataDir;
  const engine: EngineOptions = {
    store: { url: storeLocation, owner, ...(parsed.CAE_NO_SEARCH_CACHE ? { searchCache: false } : {}) },
    embedder: createLocalEmbedder({
      cacheDir: parsed.CAE_EMBEDDING_CACHE_DIR ?? defaultEmbeddingCacheDir(env),
    }),
    annotator: parsed.CAE_ANNOTATOR,
    maxTextLength: parsed.CAE_MAX_TEXT_LENGTH,
    ...(parsed.CAE_COMPILE_WORKERS === undefined ? {} : { compileWorkers: parsed.CAE_COMPILE_WORKERS }),
    ...(parsed.CAE_INGEST_IDLE_MS === undefined ? {} : { bulkIngest: { idleMs: parsed.CAE_INGEST_IDLE_MS } }),
  };
  if (parsed.CAE_LLM_PROVIDER) {
    const gateway = createGateway({
      env,
      dataDir,
      secretKey: parsed.CAE_SECRET_KEY,
      timeoutMs: parsed.CAE_UPSTREAM_TIMEOUT_MS,
    });
    const provider = parsed.CAE_LLM_PROVIDER;
    if (!gateway.providers().some((entry) => entry.id === provider)) {
      const known = gateway.providers().map((entry) => entry.id);
      throw new EnvironmentError(
        `bad environment: CAE_LLM_PROVIDER ("${provider}") must be one of ${known.join(', ')}`,
      );
    }
    engine.llm = {
      model: gateway.languageModel(provider, parsed.CAE_LLM_MODEL),
      timeoutMs: parsed.CAE_UPSTREAM_TIMEOUT_MS,
    };
  }
  return {
    server: {
      host: parsed.HOST,
      port: parsed.PORT,
      apiTokens: parsed.CAE_API_TOKENS,
      allowUnauthenticated: parsed.CAE_ALLOW_UNAUTHENTICATED,
      corsOrigins: parsed.CAE_CORS_ORIGINS,
      bodyLimitBytes: parsed.CAE_MAX_BODY_BYTES,
      ingestBodyLimitBytes: parsed.CAE_MAX_INGEST_BYTES,
      ingestMaxDocuments: parsed.CAE_MAX_INGEST_DOCUMENTS,
      maxQueryLength: parsed.CAE_MAX_QUERY_LENGTH,
      rateLimit: parsed.CAE_RATE_LIMIT,
      rateLimitWindowMs: parsed.CAE_RATE_LIMIT_WINDOW_MS,
      trustProxy: parsed.CAE_TRUST_PROXY,
    },
    engine,
    storeLocation,
    embeddedDataDir: parsed.DATABASE_URL || dataDir.startsWith('memory://') ? null : dataDir,
  };
}
