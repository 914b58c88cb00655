import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createJsonLogger } from '@cae/core';
import { createEngine, type Engine } from '@cae/engine';
import { type HttpLogger, startServer } from '@cae/http';
import { createEngineApp } from './app';
import { engineConfigFromEnv } from './engine-env';

export interface EngineServer {
  url: string;
  engine: Engine;
  /** Graceful shutdown: stops accepting, finishes in-flight requests (bounded), then closes the store. */
  close(): Promise<void>;
}

export interface StartEngineServerOptions {
  /** The environment of the composition root; `process.env` by default. */
  env?: Record<string, string | undefined>;
  /** An engine to serve; default one built from the environment. */
  engine?: Engine;
  /** Request and error logs; JSON lines on stderr by default. */
  logger?: HttpLogger;
  /** Close on SIGINT/SIGTERM and exit (what `main.ts` and `cae serve` want). */
  handleSignals?: boolean;
}

/**
 * The engine app's composition root for a server: reads the environment once (`HOST`/`PORT`, default
 * 127.0.0.1:3001, the tokens and limits, and the engine's variables), builds the engine and serves it.
 */
export async function startEngineServer(options: StartEngineServerOptions = {}): Promise<EngineServer> {
  const config = engineConfigFromEnv(options.env ?? process.env);
  const logger = options.logger ?? createJsonLogger({ write: (line) => process.stderr.write(`${line}\n`) });
  const engine = options.engine ?? (await createEngine(config.engine));
  const app = createEngineApp({
    engine,
    apiTokens: config.server.apiTokens,
    logger,
    bodyLimitBytes: config.server.bodyLimitBytes,
    ingestBodyLimitBytes: config.server.ingestBodyLimitBytes,
    ingestMaxDocuments: config.server.ingestMaxDocuments,
    maxQueryLength: config.server.maxQueryLength,
    rateLimit: config.server.rateLimit,
    rateLimitWindowMs: config.server.rateLimitWindowMs,
    trustProxy: config.server.trustProxy,
    corsOrigins: config.server.corsOrigins,
  });
  let record: string | null = null;
  try {
    const server = await startServer({
      fetch: app.fetch,
      host: config.server.host,
      port: config.server.port,
      apiTokens: config.server.apiTokens,
      allowUnauthenticated: config.server.allowUnauthenticated,
      onClose: async () => {
        if (record) await rm(record, { force: true });
        await engine.close();
      },
      handleSignals: options.handleSignals ?? false,
      logger: 'log' in logger ? logger : undefined,
      name: 'engine',
    });
    // Beside the store's lock: `cae` finding the directory in use reads where to send the work instead.
    if (config.embeddedDataDir && !options.engine) {
      record = join(config.embeddedDataDir, 'server.json');
      await writeFile(record, `${JSON.stringify({ url: server.url, pid: process.pid })}\n`);
    }
    return { url: server.url, engine, close: server.close };
  } catch (error) {
    if (!options.engine) await engine.close();
    throw error;
  }
}
