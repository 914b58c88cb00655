import { createArchitect } from '@cae/architect';
import { createJsonLogger } from '@cae/core';
import { startServer } from '@cae/http';
import { createGatewayApp } from './gateway-app';
import { gatewayConfigFromEnv, gatewayFromConfig } from './gateway-env';

// The gateway app's composition root: the environment is read here, once.
const logger = createJsonLogger();
try {
  const config = gatewayConfigFromEnv(process.env);
  const gateway = gatewayFromConfig(config, logger);
  const app = createGatewayApp({
    gateway,
    architect: createArchitect({ gateway }),
    config: config.app,
    logger,
  });
  const server = await startServer({
    fetch: app.fetch,
    host: config.app.host,
    port: config.app.port,
    apiTokens: config.app.apiTokens,
    allowUnauthenticated: config.app.allowUnauthenticated,
    handleSignals: true,
    logger,
    name: 'gateway',
  });
  process.stdout.write(`CAE gateway listening on ${server.url}\n`);
} catch (error) {
  process.stderr.write(
    `gateway failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
}
