import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createEngine, type Engine } from '@cae/engine';
import { createHashEmbedder } from '@cae/engine/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineApp } from './app';

/** A stand-in build of the console: an index page and one hashed asset large enough to compress. */
function fakeBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cae-console-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><title>console</title><script src="./assets/app-abc123.js"></script>',
  );
  writeFileSync(
    join(dir, 'assets', 'app-abc123.js'),
    `export const words = ${JSON.stringify('clause '.repeat(400))};\n`,
  );
  return dir;
}

describe('the review console served by the engine app', () => {
  let engine: Engine;
  let dist: string;
  beforeAll(async () => {
    engine = await createEngine({ store: { url: 'memory://' }, embedder: createHashEmbedder() });
    dist = fakeBuild();
  });
  afterAll(async () => {
    await engine.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('redirects / and /console to /console/ and answers the page with its security headers', async () => {
    const app = createEngineApp({ engine, consoleDir: dist });
    const root = await app.request('/');
    expect(root.status).toBe(302);
    expect(new URL(root.headers.get('location')!, 'http://engine.test/').pathname).toBe('/console/');
    const bare = await app.request('/console');
    expect(bare.status).toBe(301);
    expect(new URL(bare.headers.get('location')!, 'http://engine.test/console').pathname).toBe('/console/');
    const page = await app.request('/console/');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await page.text()).toContain('<title>console</title>');
  });

  it('serves hashed assets compressed (brotli or gzip as accepted) and cacheable for good', async () => {
    const app = createEngineApp({ engine, consoleDir: dist });
    const plain = await app.request('/console/assets/app-abc123.js');
    const source = await plain.text();
    expect(plain.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const br = await app.request('/console/assets/app-abc123.js', {
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers.get('content-encoding')).toBe('br');
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(brBytes.length).toBeLessThan(source.length / 5);
    expect(brotliDecompressSync(brBytes).toString()).toBe(source);
    const gzip = await app.request('/console/assets/app-abc123.js', {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(source);
  });

  it('answers 404 with the error body for a file the build does not have, traversal included', async () => {
    const app = createEngineApp({ engine, consoleDir: dist });
    for (const path of [
      '/console/nope.js',
      '/console/../package.json',
      '/console/%2e%2e/%2e%2e/package.json',
    ]) {
      const response = await app.request(path);
      expect([404], path).toContain(response.status);
      expect(((await response.json()) as any).error.code).toBe('not_found');
    }
  });

  it('opens the console without a token while the API still needs one', async () => {
    const app = createEngineApp({ engine, consoleDir: dist, apiTokens: ['console-token'] });
    expect((await app.request('/')).status).toBe(302);
    expect((await app.request('/console/')).status).toBe(200);
    expect((await app.request('/console/assets/app-abc123.js')).status).toBe(200);
    expect((await app.request('/clauses')).status).toBe(401);
    expect((await app.request('/consoles')).status).toBe(401);
  });

  it('says how to build the console when it is missing, with a 503', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'cae-console-none-'));
    try {
      const app = createEngineApp({ engine, consoleDir: empty });
      const response = await app.request('/console/');
      expect(response.status).toBe(503);
      expect(((await response.json()) as any).error.message).toMatch(/pnpm build/);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('serves the real build of @cae/console by default', async () => {
    const app = createEngineApp({ engine });
    const page = await app.request('/console/');
    expect(page.status).toBe(200);
    const html = await page.text();
    const script = /src="\.\/(assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    expect((await app.request(`/console/${script}`)).status).toBe(200);
  });
});
