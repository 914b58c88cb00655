import { startEngineServer } from './server';

// The engine server's entry point; the composition root is startEngineServer (server.ts).
const server = await startEngineServer({ handleSignals: true }).catch((error: unknown) => {
  process.stderr.write(`engine failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
process.stdout.write(
  `engine listening on ${server.url} (review console: ${server.url}/console/, API reference: ${server.url}/docs)\n`,
);
