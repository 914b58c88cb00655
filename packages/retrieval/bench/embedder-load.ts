/**
 * Measures one cached load of the local embedder in a fresh process (run by bench/run.ts):
 * prints JSON { loadMs, rssDeltaMb, heapDeltaMb }.
 */
import { createLocalEmbedder } from '../src/embedder-local';

const cacheDir = process.argv[2];
if (!cacheDir) throw new Error('usage: embedder-load.ts <cacheDir>');
globalThis.gc?.();
const rssBefore = process.memoryUsage().rss;
const heapBefore = process.memoryUsage().heapUsed;
const started = performance.now();
const embedder = createLocalEmbedder({ cacheDir });
await embedder.load();
await embedder.embed(['warm the tokenizer']);
const loadMs = performance.now() - started;
globalThis.gc?.();
const usage = process.memoryUsage();
console.log(
  JSON.stringify({
    loadMs: Math.round(loadMs),
    rssDeltaMb: Math.round((usage.rss - rssBefore) / 2 ** 20),
    heapDeltaMb: Math.round((usage.heapUsed - heapBefore) / 2 ** 20),
  }),
);
