import { startEngineServer } from './server';

const server = await startEngineServer().catch((error: unknown) => {
  process.stderr.write(`engine failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
process.stdout.write(`engine listening on ${server.url} (API reference: ${server.url}/docs)\n`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    process.stdout.write(`engine: ${signal}, finishing in-flight requests\n`);
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
