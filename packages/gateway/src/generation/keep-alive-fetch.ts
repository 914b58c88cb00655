import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

/** Options of createKeepAliveFetch. */
export interface KeepAliveFetchOptions {
  /** Most sockets per upstream origin (default 256: far above the concurrency the gateway serves). */
  maxSockets?: number;
  /** Idle sockets kept per origin (default 256). */
  maxFreeSockets?: number;
}

/** Status codes whose responses have no body (the Response constructor refuses one). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

const abortError = (signal: AbortSignal) =>
  signal.reason instanceof Error
    ? signal.reason
    : new DOMException('This operation was aborted', 'AbortError');

/** Headers of a request as the plain object node:http wants. */
function plainHeaders(headers: RequestInit['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  if (!headers) return out;
  if (headers instanceof Headers) {
    headers.forEach((value, name) => {
      out[name] = value;
    });
  } else if (Array.isArray(headers)) {
    for (const [name, value] of headers) out[name!.toLowerCase()] = value!;
  } else {
    for (const [name, value] of Object.entries(headers)) out[name.toLowerCase()] = String(value);
  }
  return out;
}

function responseHeaders(response: IncomingMessage): Headers {
  const headers = new Headers();
  const raw = response.rawHeaders;
  for (let index = 0; index < raw.length; index += 2) headers.append(raw[index]!, raw[index + 1]!);
  return headers;
}

/** Read-only WHATWG Headers over a Node response's (already lower-cased) header object. */
class NodeHeaders {
  readonly #raw: IncomingMessage['headers'];
  constructor(raw: IncomingMessage['headers']) {
    this.#raw = raw;
  }
  get(name: string): string | null {
    const value = this.#raw[name.toLowerCase()];
    return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
  }
  has(name: string): boolean {
    return this.#raw[name.toLowerCase()] !== undefined;
  }
  getSetCookie(): string[] {
    return this.#raw['set-cookie'] ?? [];
  }
  *entries(): IterableIterator<[string, string]> {
    for (const name of Object.keys(this.#raw).sort()) {
      const value = this.get(name);
      if (value !== null) yield [name, value];
    }
  }
  *keys(): IterableIterator<string> {
    for (const [name] of this.entries()) yield name;
  }
  *values(): IterableIterator<string> {
    for (const [, value] of this.entries()) yield value;
  }
  forEach(callback: (value: string, name: string, headers: Headers) => void): void {
    for (const [name, value] of this.entries()) callback(value, name, this as unknown as Headers);
  }
  [Symbol.iterator]() {
    return this.entries();
  }
  append(): never {
    throw new TypeError('immutable headers');
  }
  set(): never {
    throw new TypeError('immutable headers');
  }
  delete(): never {
    throw new TypeError('immutable headers');
  }
}

/**
 * A successful, fully read answer: the Response surface the openai client uses (status, headers,
 * text/json), served straight from the buffer. A web Response, its Headers and its body stream are
 * only built when something asks for them (`body`, `clone`, `blob`, `formData`).
 */
class BufferedResponse {
  readonly status: number;
  readonly statusText: string;
  readonly headers: Headers;
  readonly url: string;
  readonly redirected = false;
  readonly type = 'basic';
  #buffer: Buffer;
  #used = false;
  #web: Response | undefined;
  constructor(url: string, response: IncomingMessage, buffer: Buffer) {
    this.url = url;
    this.status = response.statusCode ?? 200;
    this.statusText = response.statusMessage ?? '';
    this.headers = new NodeHeaders(response.headers) as unknown as Headers;
    this.#buffer = buffer;
  }
  get ok(): boolean {
    return this.status >= 200 && this.status < 300;
  }
  get bodyUsed(): boolean {
    return this.#used || (this.#web?.bodyUsed ?? false);
  }
  #toWeb(): Response {
    this.#web ??= new Response(this.#buffer.length === 0 ? null : this.#buffer, {
      status: this.status,
      statusText: this.statusText,
      headers: [...this.headers.entries()],
    });
    return this.#web;
  }
  get body(): ReadableStream<Uint8Array> | null {
    return this.#toWeb().body;
  }
  #take(): Buffer {
    if (this.bodyUsed) throw new TypeError('Body is unusable: Body has already been read');
    this.#used = true;
    return this.#buffer;
  }
  text(): Promise<string> {
    try {
      return Promise.resolve(this.#take().toString('utf8'));
    } catch (error) {
      return Promise.reject(error);
    }
  }
  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }
  async arrayBuffer(): Promise<ArrayBuffer> {
    const buffer = this.#take();
    return buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer;
  }
  async bytes(): Promise<Uint8Array> {
    return new Uint8Array(await this.arrayBuffer());
  }
  blob(): Promise<Blob> {
    return this.#toWeb().blob();
  }
  formData(): Promise<FormData> {
    return this.#toWeb().formData();
  }
  clone(): Response {
    return this.#toWeb().clone();
  }
}

/** A web stream over a Node response, pulling (so back-pressure holds) and destroying it on cancel. */
function webBody(response: IncomingMessage): ReadableStream<Uint8Array> {
  let done = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      response.on('data', (chunk: Buffer) => {
        // Data already buffered may still arrive after a cancel; the controller is closed by then.
        if (done) return;
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 1) <= 0) response.pause();
      });
      response.once('end', () => {
        if (done) return;
        done = true;
        controller.close();
      });
      response.once('error', (error) => {
        if (done) return;
        done = true;
        controller.error(error);
      });
      response.once('close', () => {
        // A socket torn down before the end of the body (upstream died, or an abort).
        if (!done && !response.complete) {
          done = true;
          controller.error(new Error('the upstream connection closed before the response ended'));
        }
      });
    },
    pull() {
      response.resume();
    },
    cancel() {
      done = true;
      response.destroy();
    },
  });
}

/** Reads a whole (non-streaming) body. */
function readAll(response: IncomingMessage, signal: AbortSignal | null | undefined): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    let size = 0;
    const onAbort = () => response.destroy(abortError(signal!));
    signal?.addEventListener('abort', onAbort, { once: true });
    response.on('data', (part: Buffer) => {
      parts.push(part);
      size += part.length;
    });
    response.once('end', () => {
      signal?.removeEventListener('abort', onAbort);
      resolve(parts.length === 1 ? parts[0]! : Buffer.concat(parts, size));
    });
    response.once('error', (error) => {
      signal?.removeEventListener('abort', onAbort);
      reject(error);
    });
    response.once('close', () => {
      if (!response.complete) {
        signal?.removeEventListener('abort', onAbort);
        reject(new Error('the upstream connection closed before the response ended'));
      }
    });
  });
}

/**
 * A WHATWG `fetch` over Node's keep-alive HTTP agents, for the openai client's `fetch` option. It
 * speaks only what the client needs (string or byte bodies, a signal, plain responses) and skips
 * most of the per-request machinery of Node's built-in fetch: a JSON answer is read whole and handed
 * over as one buffer; a `text/event-stream` answer is a pull stream straight off the socket, so every
 * chunk reaches the client as soon as it arrives. Aborting the signal tears the request (or the body
 * being read) down; stopping early on a stream drops that connection, a finished one goes back to the pool.
 */
export function createKeepAliveFetch(options: KeepAliveFetchOptions = {}): typeof globalThis.fetch {
  const agentOptions = {
    keepAlive: true,
    keepAliveMsecs: 30_000,
    maxSockets: options.maxSockets ?? 256,
    maxFreeSockets: options.maxFreeSockets ?? 256,
    scheduling: 'lifo' as const,
  };
  const httpAgent = new HttpAgent(agentOptions);
  const httpsAgent = new HttpsAgent(agentOptions);
  // Parsed targets: a gateway talks to a handful of URLs, parse each once.
  const targets = new Map<string, { secure: boolean; hostname: string; port: string; path: string }>();
  const target = (href: string) => {
    let hit = targets.get(href);
    if (!hit) {
      const url = new URL(href);
      hit = {
        secure: url.protocol === 'https:',
        hostname: url.hostname.replace(/^\[|\]$/g, ''),
        port: url.port,
        path: `${url.pathname}${url.search}`,
      };
      if (targets.size > 1024) targets.clear();
      targets.set(href, hit);
    }
    return hit;
  };

  const keepAliveFetch = (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    if (typeof input !== 'string' && !(input instanceof URL)) {
      // A Request object: not what the openai client sends; let the built-in fetch have it.
      return globalThis.fetch(input, init);
    }
    const body = init.body;
    if (body != null && typeof body !== 'string' && !(body instanceof Uint8Array)) {
      return globalThis.fetch(input, init);
    }
    const signal = init.signal;
    if (signal?.aborted) return Promise.reject(abortError(signal));
    const { secure, hostname, port, path } = target(typeof input === 'string' ? input : input.href);
    const method = init.method ?? 'GET';
    const headers = plainHeaders(init.headers);
    if (body != null) headers['content-length'] = String(Buffer.byteLength(body));
    return new Promise<Response>((resolve, reject) => {
      const req = (secure ? httpsRequest : httpRequest)({
        hostname,
        port,
        path,
        method,
        headers,
        agent: secure ? httpsAgent : httpAgent,
      });
      let answered = false;
      const onAbort = () => req.destroy(abortError(signal!));
      req.once('response', (response) => {
        answered = true;
        signal?.removeEventListener('abort', onAbort);
        // Failures while the body is read reach its reader; never leave an 'error' unheard.
        response.on('error', () => {});
        const status = response.statusCode ?? 0;
        const head = {
          status,
          statusText: response.statusMessage ?? '',
          get headers() {
            return responseHeaders(response);
          },
        };
        if (NULL_BODY.has(status) || method === 'HEAD') {
          response.resume();
          resolve(new Response(null, head));
          return;
        }
        const type = response.headers['content-type'] ?? '';
        if (type.startsWith('text/event-stream')) {
          if (signal) {
            const abortBody = () => {
              if (!response.complete) response.destroy(abortError(signal));
            };
            signal.addEventListener('abort', abortBody, { once: true });
            response.once('close', () => signal.removeEventListener('abort', abortBody));
          }
          resolve(new Response(webBody(response), head));
          return;
        }
        const href = typeof input === 'string' ? input : input.href;
        readAll(response, signal).then(
          (buffer) =>
            resolve(
              status >= 200 && status < 300
                ? (new BufferedResponse(href, response, buffer) as unknown as Response)
                : new Response(buffer.length === 0 ? null : buffer, head),
            ),
          (error) =>
            reject(signal?.aborted ? abortError(signal) : new TypeError('fetch failed', { cause: error })),
        );
      });
      req.once('error', (error) => {
        if (answered) return;
        signal?.removeEventListener('abort', onAbort);
        reject(signal?.aborted ? abortError(signal) : new TypeError('fetch failed', { cause: error }));
      });
      signal?.addEventListener('abort', onAbort, { once: true });
      req.end(body ?? undefined);
    });
  };
  return keepAliveFetch as typeof globalThis.fetch;
}
