import OpenAI, { APIConnectionTimeoutError, APIError, APIUserAbortError, RateLimitError } from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFakeUpstream, type FakeUpstream } from '../testing/fake-upstream';
import { createKeepAliveFetch } from './keep-alive-fetch';

let upstream: FakeUpstream;
const fetch = createKeepAliveFetch();
const client = (options: { maxRetries?: number; timeout?: number } = {}) =>
  new OpenAI({ apiKey: 'test-key', baseURL: upstream.url, fetch, maxRetries: 0, ...options });
const user = (content: string) => ({ model: 'm', messages: [{ role: 'user' as const, content }] });

beforeAll(async () => {
  upstream = await createFakeUpstream({ retryAfter: '0.01', chunkDelayMs: 5 });
});
afterAll(() => upstream.close());
beforeEach(() => upstream.reset());

describe('keep-alive fetch under the openai client', () => {
  it('answers chat completions and model lists', async () => {
    const completion = await client().chat.completions.create(user('hello'));
    expect(completion.choices[0]?.message.content).toBe('echo: hello');
    expect(upstream.calls[0]?.apiKey).toBe('test-key');
    const models = await client().models.list();
    expect(Array.isArray(models.data)).toBe(true);
  });

  it('leaves retries to the client: 429 and 5xx are retried, honouring retry-after', async () => {
    upstream.failNext('rate_limited', 1);
    upstream.failNext('server_error', 1);
    const completion = await client({ maxRetries: 2 }).chat.completions.create(user('again'));
    expect(completion.choices[0]?.message.content).toBe('echo: again');
    expect(upstream.calls.map((call) => call.mode)).toEqual(['rate_limited', 'server_error', 'ok']);
  });

  it("surfaces the client's own error classes", async () => {
    upstream.failNext('rate_limited', 1);
    await expect(client().chat.completions.create(user('x'))).rejects.toBeInstanceOf(RateLimitError);
    upstream.failNext('unauthorized', 1);
    const error = await client()
      .chat.completions.create(user('x'))
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(APIError);
    expect((error as APIError).status).toBe(401);
    upstream.failNext('hang', 1);
    await expect(client({ timeout: 100 }).chat.completions.create(user('x'))).rejects.toBeInstanceOf(
      APIConnectionTimeoutError,
    );
  });

  it('streams chunks through the client iterator and reuses the connection after [DONE]', async () => {
    const stream = await client().chat.completions.create({ ...user('one two three'), stream: true });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? '';
    expect(text).toContain('one two three');
    expect(upstream.calls[0]?.closedEarly).toBe(false);
  });

  it('aborting mid-stream cancels the upstream request', async () => {
    const controller = new AbortController();
    const stream = await client().chat.completions.create(
      { ...user('a b c d e f g h i j k l m n o p'), stream: true },
      { signal: controller.signal },
    );
    const seen: string[] = [];
    // The client's stream ends quietly on an abort (no more chunks); the request is torn down.
    for await (const chunk of stream) {
      seen.push(chunk.choices[0]?.delta?.content ?? '');
      if (seen.length === 2) controller.abort();
    }
    expect(seen.length).toBeLessThan(5);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(upstream.calls.at(-1)?.closedEarly).toBe(true);
  });

  it('survives a body cancelled while more chunks are still arriving', async () => {
    const fast = await createFakeUpstream({ reply: () => 'word '.repeat(400) });
    try {
      for (let round = 0; round < 20; round += 1) {
        const response = await fetch(`${fast.url}/chat/completions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: 'Bearer k' },
          body: JSON.stringify({ ...user('x'), stream: true }),
        });
        const reader = response.body!.getReader();
        expect((await reader.read()).done).toBe(false);
        void reader.cancel();
      }
      // Chunks already buffered when the body was cancelled must not reach the closed stream.
      await new Promise((resolve) => setTimeout(resolve, 50));
      const completion = await client().chat.completions.create(user('still up'));
      expect(completion.choices[0]?.message.content).toBe('echo: still up');
    } finally {
      await fast.close();
    }
  });

  it('aborting before the answer rejects with an abort error', async () => {
    upstream.failNext('hang', 1);
    const controller = new AbortController();
    const pending = client().chat.completions.create(user('x'), { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.toBeInstanceOf(APIUserAbortError);
  });
});
