// First load of the review console in headless Chromium over loopback: bytes transferred (compressed, as
// on the wire) and time to interactive (navigation start until the documents table, filled from the API,
// is on screen), cold (empty cache, new browser context each run) and warm (same context, reloaded).
// Also the bytes each lazily loaded screen adds (the graph's Cytoscape.js, the corpus's Chart.js).
// Run: pnpm --filter @cae/console bench   (BENCH_RUNS to change the number of runs, default 15)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { consoleDistDir } from '@cae/console';
import { createEngine } from '@cae/engine';
import { createHashEmbedder } from '@cae/engine/testing';
import type { BrowserContext, Page } from 'playwright-core';
import { startEngineServer } from '../src/server';
import { launchChromium } from '../test/console-harness';

// The functions given to page.evaluate run in the browser; the engine app's typecheck has no DOM types.
declare const document: any;
declare const location: any;
declare const window: any;
declare const sessionStorage: any;
declare const localStorage: any;
declare const getComputedStyle: any;

const runs = Number(process.env.BENCH_RUNS ?? 15);

const engine = await createEngine({ store: { url: 'memory://' }, embedder: createHashEmbedder() });
const server = await startEngineServer({
  engine,
  env: { HOST: '127.0.0.1', PORT: '0' },
  logger: { info: () => {}, error: () => {} },
});
for (const [id, text] of [
  [
    'lease',
    'The tenant must pay a deposit. The landlord should return it within thirty days. Can the landlord keep it?',
  ],
  ['notice', 'Rent is due on the first day of each month. Late payments may incur a fee.'],
]) {
  await fetch(`${server.url}/pipeline/compile`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ text, document_id: id, store: true }),
  });
}

/** Counts the encoded bytes of every response a page receives (CDP Network.loadingFinished). */
async function countBytes(context: BrowserContext, page: Page) {
  const session = await context.newCDPSession(page);
  await session.send('Network.enable');
  const counter = { bytes: 0, requests: 0 };
  session.on('Network.loadingFinished', (event) => {
    counter.bytes += event.encodedDataLength;
    counter.requests += 1;
  });
  return counter;
}

const browser = await launchChromium();
const cold: { bytes: number; requests: number; tti: number }[] = [];
const warm: { bytes: number; tti: number }[] = [];
const lazy: { graph: number; corpus: number }[] = [];

for (let run = 0; run < runs; run += 1) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  const counter = await countBytes(context, page);
  const started = performance.now();
  await page.goto(`${server.url}/console/`);
  await page.locator('[data-testid=documents-table] tbody tr').first().waitFor();
  const tti = performance.now() - started;
  await page.waitForLoadState('networkidle');
  cold.push({ bytes: counter.bytes, requests: counter.requests, tti });

  // The screens with a library of their own load it on first visit.
  const beforeGraph = counter.bytes;
  await page.evaluate(() => {
    location.hash = '#/graph?document=lease';
  });
  await page.locator('[data-testid=graph-canvas] canvas').first().waitFor();
  await page.waitForLoadState('networkidle');
  const graphBytes = counter.bytes - beforeGraph;
  const beforeCorpus = counter.bytes;
  await page.evaluate(() => {
    location.hash = '#/corpus';
  });
  await page.locator('.chart canvas').first().waitFor();
  await page.waitForLoadState('networkidle');
  lazy.push({ graph: graphBytes, corpus: counter.bytes - beforeCorpus });

  await page.evaluate(() => {
    location.hash = '#/documents';
  });
  const beforeWarm = counter.bytes;
  const warmStart = performance.now();
  await page.reload();
  await page.locator('[data-testid=documents-table] tbody tr').first().waitFor();
  warm.push({ bytes: counter.bytes - beforeWarm, tti: performance.now() - warmStart });
  await context.close();
}
await browser.close();
await server.close();

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const median = (values: number[]) => sorted(values)[Math.floor(values.length / 2)]!;
const p95 = (values: number[]) =>
  sorted(values)[Math.min(values.length - 1, Math.ceil(values.length * 0.95) - 1)]!;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const ms = (value: number) => `${value.toFixed(0)} ms`;

console.log(`\nReview console first load, headless Chromium over loopback, ${runs} runs\n`);
console.table({
  'cold first load (empty cache)': {
    'bytes (median)': kb(median(cold.map((entry) => entry.bytes))),
    requests: median(cold.map((entry) => entry.requests)),
    'time to interactive (median)': ms(median(cold.map((entry) => entry.tti))),
    'time to interactive (p95)': ms(p95(cold.map((entry) => entry.tti))),
  },
  'warm reload (cached assets)': {
    'bytes (median)': kb(median(warm.map((entry) => entry.bytes))),
    requests: '',
    'time to interactive (median)': ms(median(warm.map((entry) => entry.tti))),
    'time to interactive (p95)': ms(p95(warm.map((entry) => entry.tti))),
  },
  'graph screen adds (Cytoscape.js)': {
    'bytes (median)': kb(median(lazy.map((entry) => entry.graph))),
    requests: '',
    'time to interactive (median)': '',
    'time to interactive (p95)': '',
  },
  'corpus screen adds (Chart.js)': {
    'bytes (median)': kb(median(lazy.map((entry) => entry.corpus))),
    requests: '',
    'time to interactive (median)': '',
    'time to interactive (p95)': '',
  },
});

// The build itself: every file, raw and as the engine sends it (brotli quality 9, gzip 9).
const files: Record<string, Record<string, string>> = {};
const walk = (dir: string) => {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) walk(path);
    else {
      const body = readFileSync(path);
      files[path.slice(consoleDistDir.length + 1)] = {
        raw: kb(body.length),
        brotli: kb(brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } }).length),
        gzip: kb(gzipSync(body, { level: 9 }).length),
      };
    }
  }
};
walk(consoleDistDir);
console.log('\nBuilt files (apps/console/dist)\n');
console.table(files);
