import { createArchitect } from '@cae/architect';
import { createJsonLogger, type Logger } from '@cae/core';
import type { Gateway, GatewayOptions } from '@cae/gateway';
import { startServer } from '@cae/http';
import { createStore, type Store } from '@cae/store-drizzle';
import { createGatewayApp } from './gateway-app';
import { gatewayConfigFromEnv, gatewayFromConfig } from './gateway-env';

/** A listening gateway. */
export interface GatewayServer {
  url: string;
  gateway: Gateway;
  /** Graceful shutdown: finishes in-flight requests (bounded), then closes the key store's database. */
  close(): Promise<void>;
}

/** Options of startGatewayServer. */
export interface StartGatewayServerOptions {
  /** The environment of the composition root; `process.env` by default. */
  env?: Record<string, string | undefined>;
  /** Request and upstream logs; JSON lines on stdout by default. */
  logger?: Logger;
  /** Close on SIGINT/SIGTERM and exit (what `main.ts` wants). */
  handleSignals?: boolean;
  /** Gateway options that replace the environment's (tests: fetch, retries). */
  gatewayOverrides?: GatewayOptions;
}

/**
 * The gateway app's composition root: reads the environment once, keeps server keys in the database
 * of `DATABASE_URL` when set (so every replica shares them; `CAE_SECRET_KEY` then required) or in
 * the data directory, checks that the master key decrypts the stored keys, and listens.
 * @example const server = await startGatewayServer({ env: { PORT: '0', DATABASE_URL, CAE_SECRET_KEY } });
 */
export async function startGatewayServer(options: StartGatewayServerOptions = {}): Promise<GatewayServer> {
  const logger = options.logger ?? createJsonLogger();
  const config = gatewayConfigFromEnv(options.env ?? process.env);
  let store: Store | undefined;
  if (config.databaseUrl) store = await createStore({ url: config.databaseUrl, owner: 'gateway server' });
  try {
    const gateway = gatewayFromConfig(config, logger, {
      ...(store ? { keyStore: store.providerKeys } : {}),
      ...options.gatewayOverrides,
    });
    // A wrong CAE_SECRET_KEY stops the start with what to do, not a 500 on the first call.
    await gateway.verifyKeys();
    const app = createGatewayApp({
      gateway,
      architect: createArchitect({ gateway }),
      config: config.app,
      logger,
      ...(store ? { storeHealth: store.health } : {}),
    });
    const server = await startServer({
      fetch: app.fetch,
      host: config.app.host,
      port: config.app.port,
      apiTokens: config.app.apiTokens,
      allowUnauthenticated: config.app.allowUnauthenticated,
      handleSignals: options.handleSignals ?? false,
      onClose: async () => {
        await store?.close();
      },
      logger,
      name: 'gateway',
    });
    return { url: server.url, gateway, close: server.close };
  } catch (error) {
    await store?.close();
    throw error;
  }
}
