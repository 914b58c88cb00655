import { startServer } from '../src/start-server';

// A server that handles its own signals, for the SIGTERM test: prints its URL, answers /slow after 600 ms.
const server = await startServer({
  fetch: async (request) => {
    const path = new URL(request.url).pathname;
    if (path === '/slow') await new Promise((resolve) => setTimeout(resolve, 600));
    return new Response(JSON.stringify({ path }), { headers: { 'content-type': 'application/json' } });
  },
  host: '127.0.0.1',
  port: 0,
  apiTokens: [],
  handleSignals: true,
});
process.stdout.write(`${server.url}\n`);
