import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** How the fake answers one request. */
export type FakeMode =
  | 'ok'
  | 'unauthorized'
  | 'rate_limited'
  | 'server_error'
  | 'hang'
  | 'malformed'
  | 'cut_stream'
  | 'invalid_json_output';

/** A request the fake received. */
export interface FakeCall {
  method: string;
  path: string;
  /** The bearer token sent, so tests can assert which key went where. */
  apiKey: string | null;
  model: string | null;
  stream: boolean;
  body: Record<string, unknown> | null;
  mode: FakeMode;
  /** The client went away before the answer was complete (e.g. a cancelled stream). */
  closedEarly: boolean;
}

/** Options of createFakeUpstream. */
export interface FakeUpstreamOptions {
  /** When set, any other bearer token gets a 401 in OpenAI's error shape. */
  validKeys?: readonly string[];
  /** Ids GET /v1/models lists. */
  models?: readonly string[];
  /** Reply text of a chat completion; by default `echo: <last user message>`, or JSON made from a requested schema. */
  reply?: (body: Record<string, unknown>) => string;
  /** Delay between streamed chunks in ms (default 0). */
  chunkDelayMs?: number;
  /** Value of the retry-after header on 429 (default '0'). */
  retryAfter?: string;
}

/** A local OpenAI-compatible server on 127.0.0.1 for tests and benchmarks. */
export interface FakeUpstream {
  /** Base URL ending in /v1, as a provider's `<NAME>_BASE_URL`. */
  url: string;
  port: number;
  calls: FakeCall[];
  /** Answers the next `count` requests (of any route) with a failure mode. */
  failNext(mode: FakeMode, count?: number): void;
  /** Mode used when no queued failure applies. */
  setMode(mode: FakeMode): void;
  /** Clears calls, queued failures and the default mode. */
  reset(): void;
  close(): Promise<void>;
}

const now = () => Math.floor(Date.now() / 1000);

/** An example value that satisfies a (simple) JSON schema; enough for the architect's part schemas. */
export function sampleFromSchema(schema: unknown, name = 'value'): unknown {
  const node = (schema ?? {}) as Record<string, unknown>;
  if (Array.isArray(node.enum)) return node.enum[0];
  if ('const' in node) return node.const;
  const anyOf = (node.anyOf ?? node.oneOf) as unknown[] | undefined;
  if (anyOf?.[0]) return sampleFromSchema(anyOf[0], name);
  const type = Array.isArray(node.type) ? node.type[0] : node.type;
  switch (type) {
    case 'object': {
      const properties = (node.properties ?? {}) as Record<string, unknown>;
      return Object.fromEntries(
        Object.entries(properties).map(([key, value]) => [key, sampleFromSchema(value, key)]),
      );
    }
    case 'array': {
      const count = Math.max(1, Number(node.minItems ?? 1));
      return Array.from({ length: count }, (_, index) =>
        sampleFromSchema(node.items, `${name}_${index + 1}`),
      );
    }
    case 'number':
      return Math.min(Number(node.maximum ?? 0.5), Math.max(Number(node.minimum ?? 0), 0.5));
    case 'integer':
      return Math.max(Number(node.minimum ?? 1), 1);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return `sample_${name.replace(/[^a-z0-9_]/gi, '_').toLowerCase()}`;
  }
}

function defaultReply(body: Record<string, unknown>): string {
  const format = body.response_format as { type?: string; json_schema?: { schema?: unknown } } | undefined;
  if (format?.type === 'json_schema') return JSON.stringify(sampleFromSchema(format.json_schema?.schema));
  const messages = (body.messages ?? []) as { role: string; content: string }[];
  const system = messages.find((message) => message.role === 'system')?.content ?? '';
  const schemaLine = /JSON Schema:\n(.+)$/m.exec(system)?.[1];
  if (schemaLine) return JSON.stringify(sampleFromSchema(JSON.parse(schemaLine)));
  const user = [...messages].reverse().find((message) => message.role === 'user')?.content ?? '';
  return `echo: ${user}`;
}

const openAiError = (message: string, type: string, code: string | null) =>
  JSON.stringify({ error: { message, type, param: null, code } });

/**
 * Starts the fake on a free loopback port.
 * @example
 * const upstream = await createFakeUpstream({ validKeys: ['sk-test-1'] });
 * const gateway = createGateway({ env: { OPENAI_BASE_URL: upstream.url } });
 */
export async function createFakeUpstream(options: FakeUpstreamOptions = {}): Promise<FakeUpstream> {
  const calls: FakeCall[] = [];
  const queue: FakeMode[] = [];
  let mode: FakeMode = 'ok';
  const sockets = new Set<Socket>();
  const reply = options.reply ?? defaultReply;
  const models = options.models ?? ['fake-small', 'fake-large'];
  let completionId = 0;

  async function readBody(request: IncomingMessage): Promise<Record<string, unknown> | null> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (chunks.length === 0) return null;
    try {
      return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
    } catch {
      return null;
    }
  }

  const sendJson = (
    response: ServerResponse,
    status: number,
    payload: string,
    headers: Record<string, string> = {},
  ) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(payload);
  };

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const path = (request.url ?? '/').split('?')[0]!;
    const body = request.method === 'POST' ? await readBody(request) : null;
    const apiKey = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? null;
    const stream = body?.stream === true;
    let current = queue.shift() ?? mode;
    if (current === 'ok' && options.validKeys && !options.validKeys.includes(apiKey ?? ''))
      current = 'unauthorized';
    const call: FakeCall = {
      method: request.method ?? 'GET',
      path,
      apiKey,
      model: typeof body?.model === 'string' ? body.model : null,
      stream,
      body,
      mode: current,
      closedEarly: false,
    };
    calls.push(call);
    response.on('close', () => {
      if (!response.writableFinished) call.closedEarly = true;
    });

    switch (current) {
      case 'unauthorized': {
        // Like OpenAI, echo a masked form of the key: the gateway must not pass even that on.
        const masked = apiKey ? `${apiKey.slice(0, 3)}****${apiKey.slice(-4)}` : 'none';
        return sendJson(
          response,
          401,
          openAiError(
            `Incorrect API key provided: ${masked}. Key ${apiKey ?? ''} is invalid.`,
            'invalid_request_error',
            'invalid_api_key',
          ),
        );
      }
      case 'rate_limited':
        return sendJson(
          response,
          429,
          openAiError('Rate limit reached for requests', 'requests', 'rate_limit_exceeded'),
          {
            'retry-after': options.retryAfter ?? '0',
          },
        );
      case 'server_error':
        return sendJson(
          response,
          500,
          openAiError('The server had an error while processing your request.', 'server_error', null),
        );
      case 'hang':
        return; // never answers; the socket is destroyed on close()
      default:
        break;
    }

    if (request.method === 'GET' && path === '/v1/models') {
      if (current === 'malformed') return sendJson(response, 200, '{"object":"list","data":[');
      return sendJson(
        response,
        200,
        JSON.stringify({
          object: 'list',
          data: models.map((id) => ({ id, object: 'model', created: now(), owned_by: 'fake' })),
        }),
      );
    }
    if (request.method !== 'POST' || path !== '/v1/chat/completions' || !body) {
      return sendJson(
        response,
        404,
        openAiError(`Unknown route ${request.method} ${path}`, 'invalid_request_error', null),
      );
    }

    const model = String(body.model ?? 'fake-small');
    const id = `chatcmpl-${++completionId}`;
    const text = current === 'invalid_json_output' ? 'this is { not json' : reply(body);
    if (!stream) {
      if (current === 'malformed') return sendJson(response, 200, '{"id":"x","choices":[{"message":');
      return sendJson(
        response,
        200,
        JSON.stringify({
          id,
          object: 'chat.completion',
          created: now(),
          model,
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: text, refusal: null },
              logprobs: null,
              finish_reason: 'stop',
            },
          ],
          usage: { prompt_tokens: 5, completion_tokens: 5, total_tokens: 10 },
        }),
      );
    }

    response.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    const chunk = (delta: Record<string, unknown>, finish: string | null) =>
      `data: ${JSON.stringify({
        id,
        object: 'chat.completion.chunk',
        created: now(),
        model,
        choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
      })}\n\n`;
    if (current === 'malformed') {
      response.end('data: {"id": broken\n\n');
      return;
    }
    response.write(chunk({ role: 'assistant', content: '' }, null));
    const pieces = text.match(/\S+\s*/g) ?? [text];
    for (const [index, piece] of pieces.entries()) {
      if (current === 'cut_stream' && index === 2) {
        // Let what was written reach the client first, then drop the connection mid-body.
        await new Promise((resolve) => setTimeout(resolve, 20));
        response.socket?.destroy();
        return;
      }
      if (options.chunkDelayMs) await new Promise((resolve) => setTimeout(resolve, options.chunkDelayMs));
      if (response.destroyed) return;
      response.write(chunk({ content: piece }, null));
    }
    response.write(chunk({}, 'stop'));
    response.end('data: [DONE]\n\n');
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent)
        sendJson(response, 500, openAiError('fake upstream crashed', 'server_error', null));
      else response.destroy();
    });
  });
  server.keepAliveTimeout = 60_000;
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    port,
    calls,
    failNext(failure, count = 1) {
      for (let index = 0; index < count; index += 1) queue.push(failure);
    },
    setMode(next) {
      mode = next;
    },
    reset() {
      calls.length = 0;
      queue.length = 0;
      mode = 'ok';
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
