import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedCall {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

type Handler = (call: RecordedCall, response: ServerResponse) => void | Promise<void>;

/** A local OpenAI-compatible server on 127.0.0.1 that records calls; tests swap its handler. */
export async function createFakeOpenAIServer(handler: Handler) {
  const calls: RecordedCall[] = [];
  let current = handler;
  let inFlight = 0;
  let maxInFlight = 0;
  const server = createServer(async (request, response) => {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    try {
      let text = '';
      for await (const chunk of request) text += chunk;
      const call = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
      };
      calls.push(call);
      await current(call, response);
    } finally {
      inFlight--;
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    calls,
    get maxInFlight() {
      return maxInFlight;
    },
    setHandler(next: Handler) {
      current = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}
