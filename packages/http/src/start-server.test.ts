import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { request as httpRequest } from 'node:http';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startServer } from './start-server';

/** A route that answers after `ms`, so a request can be in flight while the server closes. */
const slowApp = (ms: number) => async (request: Request) => {
  const path = new URL(request.url).pathname;
  if (path === '/slow') await new Promise((resolve) => setTimeout(resolve, ms));
  return new Response(JSON.stringify({ path }), { headers: { 'content-type': 'application/json' } });
};

/** One HTTP request over a fresh socket: the status and body, or the socket error's code. */
function get(url: string): Promise<{ status: number; body: string } | { error: string }> {
  return new Promise((resolve) => {
    const call = httpRequest(url, { agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    call.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    call.end();
  });
}

describe('startServer', () => {
  it('refuses to listen beyond loopback without tokens, and listens with them', async () => {
    await expect(startServer({ fetch: slowApp(0), host: '0.0.0.0', port: 0, apiTokens: [] })).rejects.toThrow(
      /0\.0\.0\.0/,
    );
    const server = await startServer({ fetch: slowApp(0), host: '0.0.0.0', port: 0, apiTokens: ['t'] });
    try {
      expect(await get(`http://127.0.0.1:${server.port}/fast`)).toEqual({
        status: 200,
        body: '{"path":"/fast"}',
      });
    } finally {
      await server.close();
    }
  });

  it('names a port in use', async () => {
    const first = await startServer({ fetch: slowApp(0), host: '127.0.0.1', port: 0, apiTokens: [] });
    try {
      await expect(
        startServer({
          fetch: slowApp(0),
          host: '127.0.0.1',
          port: first.port,
          apiTokens: [],
          name: 'engine',
        }),
      ).rejects.toThrow(`engine: port ${first.port} on 127.0.0.1 is in use`);
    } finally {
      await first.close();
    }
  });

  it('finishes in-flight requests on close, refuses new connections, then runs onClose once', async () => {
    const events: string[] = [];
    const app = slowApp(400);
    const server = await startServer({
      fetch: async (request) => {
        const response = await app(request);
        events.push(`handled ${new URL(request.url).pathname}`);
        return response;
      },
      host: '127.0.0.1',
      port: 0,
      apiTokens: [],
      onClose: async () => {
        events.push('onClose');
      },
    });
    const inFlight = get(`${server.url}/slow`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closed = Promise.all([server.close(), server.close()]);
    expect(await get(`${server.url}/fast`)).toEqual({ error: 'ECONNREFUSED' });
    expect(await inFlight).toEqual({ status: 200, body: '{"path":"/slow"}' });
    await closed;
    expect(events).toEqual(['handled /slow', 'onClose']);
  });

  it('gives up waiting after shutdownTimeoutMs', async () => {
    const server = await startServer({
      fetch: slowApp(5_000),
      host: '127.0.0.1',
      port: 0,
      apiTokens: [],
      shutdownTimeoutMs: 200,
    });
    const inFlight = get(`${server.url}/slow`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    await server.close();
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await inFlight).toHaveProperty('error');
  });

  it('on SIGTERM answers the request in flight, then exits 0', async () => {
    const script = fileURLToPath(new URL('../test/signal-server.ts', import.meta.url));
    const child = spawn(process.execPath, ['--conditions=@cae/source', '--import', 'tsx', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const [line] = (await once(child.stdout!, 'data')) as [Buffer];
      const url = line.toString().trim();
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const inFlight = get(`${url}/slow`);
      await new Promise((resolve) => setTimeout(resolve, 150));
      child.kill('SIGTERM');
      const [code] = (await once(child, 'exit')) as [number | null];
      expect(await inFlight).toEqual({ status: 200, body: '{"path":"/slow"}' });
      expect(code).toBe(0);
      expect(await get(`${url}/fast`)).toEqual({ error: 'ECONNREFUSED' });
    } finally {
      child.kill('SIGKILL');
    }
  }, 30_000);
});
