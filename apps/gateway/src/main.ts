import { startGatewayServer } from './server';

// The gateway's entry point; the composition root is startGatewayServer (server.ts).
try {
  const server = await startGatewayServer({ handleSignals: true });
  process.stdout.write(`CAE gateway listening on ${server.url}\n`);
} catch (error) {
  process.stderr.write(
    `gateway failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
}
