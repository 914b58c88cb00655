import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import type {
  ChatCompletion,
  ChatCompletionChunk,
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionCreateParamsStreaming,
} from 'openai/resources/chat/completions';

/**
 * Chat completions of one provider address and key: `complete` answers a plain request, `stream`
 * opens a streaming one and yields its chunks.
 */
export interface ChatApi {
  complete(params: ChatCompletionCreateParamsNonStreaming, signal?: AbortSignal): Promise<ChatCompletion>;
  stream(
    params: ChatCompletionCreateParamsStreaming,
    signal: AbortSignal,
  ): Promise<AsyncIterable<ChatCompletionChunk>>;
}

/** Settings of the direct transport (the same as the openai client's). */
export interface DirectChatSettings {
  baseURL: string;
  apiKey: string;
  headers?: Record<string, string> | undefined;
  timeoutMs: number;
  maxRetries: number;
}

// Keep-alive pools shared by every provider: enough sockets for a few hundred concurrent calls,
// reused most-recent first so idle sockets age out instead of all staying half-warm.
const agentOptions = {
  keepAlive: true,
  keepAliveMsecs: 30_000,
  maxFreeSockets: 256,
  scheduling: 'lifo' as const,
};
const httpAgent = new HttpAgent(agentOptions);
const httpsAgent = new HttpsAgent(agentOptions);

class TimeoutError extends Error {
  override name = 'TimeoutError';
}

/** Node's response headers as the Headers object openai's errors carry. */
function toHeaders(response: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(response.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  return headers;
}

function readText(response: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    response.on('data', (part: Buffer) => parts.push(part));
    response.on('end', () =>
      resolve(parts.length === 1 ? parts[0]!.toString() : Buffer.concat(parts).toString()),
    );
    response.on('error', reject);
    response.on('aborted', () => reject(new Error('aborted')));
  });
}

const safeJSON = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** openai's retry rule: the server's x-should-retry, else 408, 409, 429 and 5xx. */
function shouldRetry(response: IncomingMessage): boolean {
  const header = response.headers['x-should-retry'];
  if (header === 'true') return true;
  if (header === 'false') return false;
  const status = response.statusCode ?? 0;
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/** openai's retry delay: retry-after-ms, retry-after (seconds or date) under a minute, else jittered backoff. */
function retryDelayMs(response: IncomingMessage | undefined, retriesRemaining: number, maxRetries: number) {
  let delay: number | undefined;
  const afterMs = response?.headers['retry-after-ms'];
  if (typeof afterMs === 'string' && !Number.isNaN(Number.parseFloat(afterMs)))
    delay = Number.parseFloat(afterMs);
  const after = response?.headers['retry-after'];
  if (typeof after === 'string' && after && delay === undefined) {
    const seconds = Number.parseFloat(after);
    delay = Number.isNaN(seconds) ? Date.parse(after) - Date.now() : seconds * 1000;
  }
  if (delay === undefined || !Number.isFinite(delay) || delay < 0 || delay > 60_000) {
    const seconds = Math.min(0.5 * 2 ** (maxRetries - retriesRemaining), 8);
    delay = seconds * (1 - Math.random() * 0.25) * 1000;
  }
  return delay;
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new APIUserAbortError());
    const onAbort = () => {
      clearTimeout(timer);
      reject(new APIUserAbortError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Chat completions over Node's keep-alive HTTP agents, with the openai client's semantics (the same
 * retries and backoff, per-try timeout, and its error classes) but a fraction of its per-call work:
 * no WHATWG Request/Response/streams, one abort listener, headers built once per client.
 */
export function createDirectChat(settings: DirectChatSettings): ChatApi {
  const url = new URL(`${settings.baseURL}/chat/completions`);
  const secure = url.protocol === 'https:';
  const send = secure ? httpsRequest : httpRequest;
  const agent = secure ? httpsAgent : httpAgent;
  const baseHeaders: Record<string, string> = {
    accept: 'application/json',
    'content-type': 'application/json',
    authorization: `Bearer ${settings.apiKey}`,
    ...settings.headers,
  };
  const requestOptions = {
    protocol: url.protocol,
    hostname: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port,
    path: `${url.pathname}${url.search}`,
    method: 'POST',
    agent,
  };

  /** One try: resolves with the response once its headers arrive. */
  function once(payload: string, signal: AbortSignal | undefined): Promise<IncomingMessage> {
    return new Promise((resolve, reject) => {
      const req = send({
        ...requestOptions,
        headers: { ...baseHeaders, 'content-length': Buffer.byteLength(payload) },
      });
      let settled = false;
      const onAbort = () => req.destroy(new APIUserAbortError());
      const timer = setTimeout(() => req.destroy(new TimeoutError('Request timed out.')), settings.timeoutMs);
      const done = () => {
        settled = true;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      };
      req.on('response', (response) => {
        done();
        // Failures while the body is read reach its readers; never leave an 'error' unheard.
        response.on('error', () => {});
        // A caller that aborts while the body is read tears the response down too.
        if (signal) {
          // (Aborting after the whole answer arrived is a no-op, so the socket stays reusable.)
          const abortBody = () => {
            if (!response.complete) response.destroy(new APIUserAbortError());
          };
          signal.addEventListener('abort', abortBody, { once: true });
          response.once('close', () => signal.removeEventListener('abort', abortBody));
        }
        resolve(response);
      });
      req.on('error', (error) => {
        if (settled) return;
        done();
        reject(error);
      });
      signal?.addEventListener('abort', onAbort, { once: true });
      req.end(payload);
    });
  }

  /** Sends with retries; resolves with a 2xx response, throws what the openai client would. */
  async function post(params: object, signal: AbortSignal | undefined): Promise<IncomingMessage> {
    const payload = JSON.stringify(params);
    const maxRetries = settings.maxRetries;
    for (let retriesRemaining = maxRetries; ; retriesRemaining -= 1) {
      if (signal?.aborted) throw new APIUserAbortError();
      let response: IncomingMessage;
      try {
        response = await once(payload, signal);
      } catch (error) {
        if (signal?.aborted || error instanceof APIUserAbortError) throw new APIUserAbortError();
        if (retriesRemaining > 0) {
          await sleep(retryDelayMs(undefined, retriesRemaining, maxRetries), signal);
          continue;
        }
        if (error instanceof TimeoutError)
          throw Object.assign(new APIConnectionTimeoutError(), { cause: error });
        throw new APIConnectionError({ cause: error as Error });
      }
      const status = response.statusCode ?? 0;
      if (status >= 200 && status < 300) return response;
      if (retriesRemaining > 0 && shouldRetry(response)) {
        response.resume();
        await sleep(retryDelayMs(response, retriesRemaining, maxRetries), signal);
        continue;
      }
      const text = await readText(response).catch((error: Error) => error.message);
      const json = safeJSON(text) as Record<string, unknown> | undefined;
      const normalized = json && typeof json === 'object' && json.error == null ? { error: json } : json;
      throw APIError.generate(status, normalized, json ? undefined : text, toHeaders(response));
    }
  }

  return {
    async complete(params, signal) {
      const response = await post(params, signal);
      const mediaType = response.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
      let text: string;
      try {
        text = await readText(response);
      } catch (error) {
        if (signal?.aborted) throw new APIUserAbortError();
        throw error;
      }
      if (mediaType?.includes('application/json') || mediaType?.endsWith('+json')) {
        return (text ? JSON.parse(text) : undefined) as ChatCompletion;
      }
      return text as unknown as ChatCompletion;
    },

    async stream(params, signal) {
      const response = await post(params, signal);
      return readServerSentChunks(response);
    },
  };
}

/** One server-sent event. */
interface ServerSentEvent {
  event: string | null;
  data: string;
}

/** Server-sent events of a response body (LF, CRLF or CR line ends), the last one flushed at the end. */
async function* readServerSentEvents(response: IncomingMessage): AsyncGenerator<ServerSentEvent> {
  response.setEncoding('utf8');
  let pending = '';
  let event: string | null = null;
  let data: string[] = [];
  const line = (text: string): ServerSentEvent | undefined => {
    if (text === '') {
      if (event === null && data.length === 0) return undefined;
      const sse = { event, data: data.join('\n') };
      event = null;
      data = [];
      return sse;
    }
    if (text.startsWith(':')) return undefined;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    return undefined;
  };
  // Returning early must not destroy the response: after [DONE] the socket goes back to the pool.
  for await (const piece of response.iterator({ destroyOnReturn: false }) as AsyncIterable<string>) {
    pending += piece;
    let start = 0;
    for (;;) {
      const lf = pending.indexOf('\n', start);
      const cr = pending.indexOf('\r', start);
      let end = lf < 0 ? cr : cr < 0 ? lf : Math.min(lf, cr);
      if (end < 0) break;
      // A CR at the very end may be the first half of a CRLF: wait for more.
      if (end === cr && cr === pending.length - 1) break;
      const text = pending.slice(start, end);
      if (end === cr && pending[cr + 1] === '\n') end += 1;
      start = end + 1;
      const sse = line(text);
      if (sse) yield sse;
    }
    pending = pending.slice(start);
  }
  if (pending) line(pending);
  const last = line('');
  if (last) yield last;
}

/** openai's Stream semantics: JSON chunks until `[DONE]`, error events and `error` payloads thrown as APIError. */
async function* readServerSentChunks(response: IncomingMessage): AsyncGenerator<ChatCompletionChunk> {
  let finished = false;
  try {
    for await (const sse of readServerSentEvents(response)) {
      if (sse.data === '[DONE]') {
        finished = true;
        break;
      }
      let data: { error?: unknown } | null;
      try {
        data = JSON.parse(sse.data);
      } catch {
        throw new SyntaxError('Error reading response: malformed server-sent event JSON.');
      }
      if (sse.event === 'error')
        throw new APIError(
          undefined,
          (data?.error ?? data ?? undefined) as object | undefined,
          undefined,
          toHeaders(response),
        );
      if (data?.error) throw new APIError(undefined, data.error as object, undefined, toHeaders(response));
      yield data as ChatCompletionChunk;
    }
    finished = true;
  } finally {
    // After [DONE] drain what is left so the socket can be reused; stopping early (or failing) drops
    // the connection rather than reading the rest of the answer.
    if (finished) response.resume();
    else response.destroy();
  }
}
