// createEngine start-up: where the time goes, in fresh processes on the built package (dist), as a
// user's app sees it. Each run imports @cae/engine, creates an engine on memory://, compiles and stores
// one sentence, retrieves, closes, and exits; the wall time includes the process's exit.
// Modes: `no template` is PGlite's initdb and the migrations on every new store (cacheDir: false),
// `template` loads the empty migrated database from the cache directory (the default).
// Run: pnpm --filter @cae/engine bench   (BENCH_RUNS to change the number of runs per mode, default 5)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const runs = Number(process.env.BENCH_RUNS ?? 5);
const cache = mkdtempSync(join(tmpdir(), 'cae-startup-bench-'));

const child = `
const mark = [performance.now()];
const { createEngine } = await import('@cae/engine');
mark.push(performance.now());
const engine = await createEngine({ store: { url: 'memory://' }, cacheDir: process.env.MODE === 'template' ? process.env.CACHE : false,
  ...(process.env.MODE === 'template' ? {} : { embedder: (await import('@cae/retrieval')).createLocalEmbedder({ cacheDir: process.env.CACHE + '/embeddings' }) }) });
mark.push(performance.now());
await engine.compile({ text: 'The tenant must pay the deposit.', documentId: 'lease', store: true, embed: true });
mark.push(performance.now());
await engine.retrieve({ query: 'deposit' });
mark.push(performance.now());
await engine.close();
mark.push(performance.now());
process.stdout.write(JSON.stringify(mark.slice(1).map((t, i) => t - mark[i])));
`;

function once(mode) {
  const started = performance.now();
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', child], {
    cwd: join(here, '..'),
    env: { ...process.env, MODE: mode, CACHE: cache },
    encoding: 'utf8',
  });
  const [importMs, createMs, compileMs, retrieveMs, closeMs] = JSON.parse(out);
  return { importMs, createMs, compileMs, retrieveMs, closeMs, wallMs: performance.now() - started };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

// Warm-up: builds the word-vector cache and the template once, outside the figures.
once('template');
const rows = [];
for (const mode of ['no template', 'template']) {
  const samples = Array.from({ length: runs }, () => once(mode === 'template' ? 'template' : 'none'));
  const row = { mode };
  for (const key of ['importMs', 'createMs', 'compileMs', 'retrieveMs', 'closeMs', 'wallMs'])
    row[key] = median(samples.map((sample) => sample[key]));
  rows.push(row);
}
rmSync(cache, { recursive: true, force: true });

console.log(
  `createEngine start-up, median of ${runs} fresh processes (node ${process.version}, ${availableParallelism()} cores, ${cpus()[0]?.model ?? 'cpu'}, load ${loadavg()[0].toFixed(1)})`,
);
console.log('mode         import  createEngine  compile+store+embed  retrieve  close  process wall (ms)');
for (const row of rows)
  console.log(
    `${row.mode.padEnd(11)} ${row.importMs.toFixed(0).padStart(7)} ${row.createMs.toFixed(0).padStart(13)} ${row.compileMs.toFixed(0).padStart(20)} ${row.retrieveMs.toFixed(0).padStart(9)} ${row.closeMs.toFixed(0).padStart(6)} ${row.wallMs.toFixed(0).padStart(19)}`,
  );
