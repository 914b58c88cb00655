// Engine HTTP benchmark: requests/s and p50/p99 latency of POST /retrieve and POST /pipeline/compile
// (a 200-word text) under 16 concurrent clients against the running server (embedded PGlite store).
// Run: pnpm --filter @cae/engine-app bench   (BENCH_DURATION_S, BENCH_DOCS to change the load)
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createEngine } from '@cae/engine';
import { createLocalEmbedder } from '@cae/retrieval';
import autocannon from 'autocannon';
import { startEngineServer } from '../src/server';

const here = dirname(fileURLToPath(import.meta.url));
const dataDir = join(here, '../../../../shared/data/retrieval/scifact');
const duration = Number(process.env.BENCH_DURATION_S ?? 10);
const documents = Number(process.env.BENCH_DOCS ?? 1000);
const connections = 16;

const corpus = readFileSync(join(dataDir, 'corpus.jsonl'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .slice(0, documents)
  .map((line) => JSON.parse(line) as { _id: string; title: string; text: string });
const queries = readFileSync(join(dataDir, 'queries.jsonl'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => (JSON.parse(line) as { text: string }).text);

const words = corpus
  .map((doc) => doc.text)
  .join(' ')
  .split(/\s+/);
const compileText = words.slice(0, 200).join(' ');

const tmp = await mkdtemp(join(tmpdir(), 'cae-engine-bench-'));
const engine = await createEngine({
  store: { url: join(tmp, 'db') },
  embedder: createLocalEmbedder({ cacheDir: join(here, '../../../node_modules/.cache/cae-embeddings') }),
});
const server = await startEngineServer({
  env: { HOST: '127.0.0.1', PORT: '0', CAE_RATE_LIMIT: '0' },
  engine,
  logger: { info() {}, error() {} },
});

const ingestStart = performance.now();
let clauses = 0;
for (const doc of corpus) {
  clauses += (
    await engine.compile({ text: `${doc.title}. ${doc.text}`, documentId: doc._id, store: true, embed: true })
  ).length;
}
const ingestSeconds = (performance.now() - ingestStart) / 1000;

async function load(title: string, path: string, bodies: string[]) {
  let next = 0;
  const result = await autocannon({
    url: `${server.url}${path}`,
    method: 'POST',
    connections,
    duration,
    headers: { 'content-type': 'application/json' },
    requests: [{ setupRequest: (request) => ({ ...request, body: bodies[next++ % bodies.length] }) }],
  });
  return {
    route: title,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

const rows = [
  await load(
    'POST /retrieve',
    '/retrieve',
    queries.map((query) => JSON.stringify({ query, limit: 10 })),
  ),
  await load(
    'POST /retrieve (filter mood=declarative, min_modality 0.3)',
    '/retrieve',
    queries.map((query) =>
      JSON.stringify({ query, limit: 10, filters: { mood: 'declarative', min_modality: 0.3 } }),
    ),
  ),
  await load('POST /pipeline/compile (200 words)', '/pipeline/compile', [
    JSON.stringify({ text: compileText }),
  ]),
];

console.log(
  `\nengine HTTP benchmark: ${connections} concurrent clients, ${duration} s per route, ` +
    `${cpus().length} cores (${availableParallelism()} usable), ${cpus()[0]?.model ?? 'unknown CPU'}`,
);
console.log(
  `store: embedded PGlite with ${clauses} clauses of ${corpus.length} SciFact documents (ingested in ${ingestSeconds.toFixed(1)} s)`,
);
console.table(rows);

await server.close();
await rm(tmp, { recursive: true, force: true });
