import { describe, expect, it } from 'vitest';
import {
  ApiError,
  createEngineClient,
  engineBaseFromLocation,
  loadSettings,
  queryString,
  saveSettings,
} from './api';

const settings = { engineUrl: '', token: '', reviewer: '' };

/** A fetch that records its calls and answers with the given status and body. */
function fakeFetch(status: number, body: unknown) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof globalThis.fetch;
  return { calls, fetch };
}

describe('the engine client', () => {
  it('finds the engine that served the page, under a proxy prefix too', () => {
    expect(engineBaseFromLocation({ origin: 'http://127.0.0.1:3001', pathname: '/console/' })).toBe(
      'http://127.0.0.1:3001',
    );
    expect(engineBaseFromLocation({ origin: 'https://example.test', pathname: '/cae/console/' })).toBe(
      'https://example.test/cae',
    );
  });

  it('sends JSON with the bearer token, to the engine URL of the settings when one is set', async () => {
    const { calls, fetch } = fakeFetch(200, { ok: true });
    const client = createEngineClient(
      { engineUrl: 'http://remote.test:3001/', token: ' t-1 ', reviewer: '' },
      'http://local.test',
      fetch,
    );
    expect(await client.post('/retrieve', { query: 'rent' })).toEqual({ ok: true });
    expect(calls[0]!.url).toBe('http://remote.test:3001/retrieve');
    expect(calls[0]!.init.headers).toMatchObject({
      authorization: 'Bearer t-1',
      'content-type': 'application/json',
    });
    expect(calls[0]!.init.body).toBe('{"query":"rent"}');
  });

  it('turns the error body into an ApiError with status, code, message and details', async () => {
    const observed: number[] = [];
    const { fetch } = fakeFetch(409, {
      error: {
        code: 'conflict',
        message: 'already decided',
        details: { status: 'rejected', reviewer: 'bob' },
      },
    });
    const client = createEngineClient(settings, 'http://local.test', fetch, (status) =>
      observed.push(status),
    );
    const error = await client.get('/x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      code: 'conflict',
      message: 'already decided',
      details: { status: 'rejected', reviewer: 'bob' },
    });
    expect(observed).toEqual([409]);
  });

  it('reports an engine that does not answer as status 0, naming its URL', async () => {
    const observed: number[] = [];
    const refused = (async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof globalThis.fetch;
    const client = createEngineClient(settings, 'http://down.test', refused, (status) =>
      observed.push(status),
    );
    const error = await client.get('/health').catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      status: 0,
      code: 'unreachable',
      message: 'the engine at http://down.test does not answer',
    });
    expect(observed).toEqual([0]);
  });

  it('leaves unset filters out of the query string', () => {
    expect(queryString({ mood: 'imperative', min_modality: 0, document_id: '', limit: undefined })).toBe(
      '?mood=imperative&min_modality=0',
    );
    expect(queryString({})).toBe('');
  });

  it('keeps the settings in the storage it is given and survives a damaged entry', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
    };
    saveSettings({ engineUrl: '', token: 'secret', reviewer: 'alice' }, storage);
    expect(loadSettings(storage)).toEqual({ engineUrl: '', token: 'secret', reviewer: 'alice' });
    store.set('cae-console-settings', '{not json');
    expect(loadSettings(storage)).toEqual({ engineUrl: '', token: '', reviewer: '' });
  });
});
