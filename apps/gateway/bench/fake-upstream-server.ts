// Runs the fake OpenAI-compatible upstream in its own process for the benchmark; prints its port.
import { createFakeUpstream } from '@cae/gateway/testing';

const upstream = await createFakeUpstream();
process.stdout.write(`${JSON.stringify({ port: upstream.port })}\n`);
process.on('SIGTERM', () => {
  upstream.close().finally(() => process.exit(0));
});
