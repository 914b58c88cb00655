import type { AddressInfo } from 'node:net';
import { createEngine, type Engine, engineOptionsFromEnv } from '@cae/engine';
import { assertSafeListen, createJsonLogger, envFlag, type HttpLogger, parseTokens } from '@cae/gateway/http';
import { serve } from '@hono/node-server';
import { createEngineApp } from './app';

export interface EngineServer {
  url: string;
  engine: Engine;
  /** Stops accepting connections, lets in-flight requests finish, then closes the store. */
  close(): Promise<void>;
}

export interface StartEngineServerOptions {
  env?: NodeJS.ProcessEnv;
  /** An engine to serve; default one built from the environment. */
  engine?: Engine;
  /** Request and error logs; JSON lines on stderr by default. */
  logger?: HttpLogger;
}

/**
 * Starts the engine's HTTP server from the environment: `HOST`/`PORT` (default 127.0.0.1:3001),
 * `CAE_API_TOKENS`, `CAE_ALLOW_UNAUTHENTICATED`, `CAE_MAX_BODY_BYTES`, `CAE_CORS_ORIGINS`, and the engine's variables.
 */
export async function startEngineServer(options: StartEngineServerOptions = {}): Promise<EngineServer> {
  const env = options.env ?? process.env;
  const host = env.HOST ?? '127.0.0.1';
  const port = env.PORT === undefined ? 3001 : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, not ${env.PORT}`);
  const apiTokens = parseTokens(env.CAE_API_TOKENS);
  assertSafeListen(host, apiTokens, envFlag(env.CAE_ALLOW_UNAUTHENTICATED));
  const logger = options.logger ?? createJsonLogger({ write: (line) => process.stderr.write(`${line}\n`) });
  const engine = options.engine ?? (await createEngine(engineOptionsFromEnv(env)));
  const maxBody = Number(env.CAE_MAX_BODY_BYTES);
  const app = createEngineApp({
    engine,
    apiTokens,
    logger,
    bodyLimitBytes: Number.isInteger(maxBody) && maxBody > 0 ? maxBody : undefined,
    corsOrigins: parseTokens(env.CAE_CORS_ORIGINS),
  });
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const started = serve({ fetch: app.fetch, hostname: host, port }, () => resolve(started));
    started.once('error', reject);
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  let closing: Promise<void> | null = null;
  return {
    url: `http://${shownHost}:${address.port}`,
    engine,
    close() {
      closing ??= new Promise<void>((resolve) => server.close(() => resolve())).then(() => engine.close());
      return closing;
    },
  };
}
