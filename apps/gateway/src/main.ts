import { createJsonLogger } from '@cae/gateway';
import { serve } from '@hono/node-server';
import { createGatewayApp } from './gateway-app';
import { readGatewayConfig, refusalToListen } from './gateway-config';

const config = readGatewayConfig(process.env);
const refusal = refusalToListen(config);
if (refusal) {
  process.stderr.write(`${refusal}\n`);
  process.exit(1);
}

const logger = createJsonLogger();
const app = createGatewayApp({ env: process.env, config, logger });
const server = serve({ fetch: app.fetch, hostname: config.host, port: config.port }, (info) => {
  const host = info.family === 'IPv6' ? `[${info.address}]` : info.address;
  process.stdout.write(`CAE gateway listening on http://${host}:${info.port}\n`);
});

let stopping = false;
function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.log('info', 'shutting down', { signal });
  // Stop accepting connections, let in-flight requests finish, and give up after 10 s.
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  server.close((error) => process.exit(error ? 1 : 0));
  (server as { closeIdleConnections?: () => void }).closeIdleConnections?.();
}
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));
