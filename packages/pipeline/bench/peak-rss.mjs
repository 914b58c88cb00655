/**
 * The memory half of `bench/run.ts`, in a plain Node process of its own (run with --expose-gc): it
 * imports the built package as a user's server does, reads the text to compile from the file named by
 * its argument (the parent writes the 5 MB there), compiles the first 2.5 MB and then all 5 MB, and
 * prints one JSON line with both times and the peak RSS. Nothing else lives in the process: no
 * treebank or SciFact parsing (the parent builds the text) and no TypeScript loader.
 */
import { readFileSync } from 'node:fs';
import { createPipeline } from '@cae/pipeline';

const big = readFileSync(process.argv[2], 'utf8');
const half = big.slice(0, Math.floor(big.length / 2));
const pipeline = createPipeline({ maxLength: 20_000_000 });
const gc = globalThis.gc ?? (() => {});

function time(run) {
  const start = performance.now();
  run();
  return (performance.now() - start) / 1000;
}

pipeline.compile(big.slice(0, 50_000), { documentId: 'warm' });
gc();
const halfTime = time(() => pipeline.compile(half, { documentId: 'half' }));
gc();
const halfRss = process.resourceUsage().maxRSS;
const fullTime = time(() => pipeline.compile(big, { documentId: 'full' }));
console.log(JSON.stringify({ halfTime, fullTime, halfRss, peakRss: process.resourceUsage().maxRSS }));
