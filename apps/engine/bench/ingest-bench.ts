// Ingest over HTTP with store and embed on the embedded PGlite store: SciFact abstracts sent one
// document per request (POST /pipeline/compile, the baseline) against many documents per request
// (POST /pipeline/ingest), each into a fresh server and store, measured in the same run.
// Run: pnpm --filter @cae/engine-app bench:ingest (also in pnpm bench)   (BENCH_INGEST_DOCS, default 1,000;
// BENCH_INGEST_BATCH, default 100 documents per request; BENCH_INGEST_RUNS, default all: a comma list of
// single, bulk, pipelined, noSessions, inProcess, rowByRow; CAE_EVAL_DATA_DIR for the data). The clock
// stops when a POST /retrieve after the last document has answered: work the store defers (an ingest
// session's postings, vector index, edges) is counted.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createEngine } from '@cae/engine';
import { createLocalEmbedder } from '@cae/retrieval';
import { evalDataDir } from '../../../scripts/eval-data-dir';
import { startEngineServer } from '../src/server';

const here = dirname(fileURLToPath(import.meta.url));
const documents = Number(process.env.BENCH_INGEST_DOCS ?? 1000);
const batch = Number(process.env.BENCH_INGEST_BATCH ?? 100);
const RUNS = ['single', 'bulk', 'pipelined', 'noSessions', 'inProcess', 'rowByRow'] as const;
const runs = new Set((process.env.BENCH_INGEST_RUNS ?? RUNS.join(',')).split(',').map((name) => name.trim()));
for (const name of runs)
  if (!(RUNS as readonly string[]).includes(name))
    throw new Error(`BENCH_INGEST_RUNS: unknown run ${name} (known: ${RUNS.join(', ')})`);
/** Runs a measure when BENCH_INGEST_RUNS names it. */
const maybe = (name: (typeof RUNS)[number], run: () => Promise<Run>) =>
  runs.has(name) ? run() : Promise.resolve(null);

const corpus = readFileSync(join(evalDataDir(), 'retrieval/scifact/corpus.jsonl'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .slice(0, documents)
  .map((line) => JSON.parse(line) as { _id: string; title: string; text: string })
  .map((doc) => ({ document_id: doc._id, text: `${doc.title}. ${doc.text}`, store: true, embed: true }));

interface Run {
  route: string;
  requests: number;
  clauses: number;
  seconds: number;
  cpuSeconds: number;
  /** Semantic edges in the store at the end (the graph is part of the ingest measured). */
  edges: number;
}

/** A fresh server on a fresh PGlite directory; `send` runs the ingest and returns the clauses stored. */
async function measure(
  route: string,
  send: (url: string) => Promise<{ requests: number; clauses: number }>,
  { bulkIngest, compileWorkers }: { bulkIngest?: false | { idleMs: number }; compileWorkers?: number } = {},
) {
  const tmp = await mkdtemp(join(tmpdir(), 'cae-ingest-bench-'));
  const engine = await createEngine({
    store: { url: join(tmp, 'db') },
    embedder: createLocalEmbedder({ cacheDir: join(here, '../../../node_modules/.cache/cae-embeddings') }),
    ...(bulkIngest === undefined ? {} : { bulkIngest }),
    ...(compileWorkers === undefined ? {} : { compileWorkers }),
  });
  const server = await startEngineServer({
    env: { HOST: '127.0.0.1', PORT: '0', CAE_RATE_LIMIT: '0' },
    engine,
    logger: { info() {}, error() {} },
  });
  try {
    // Embeddings enabled and the word vectors loaded before the clock starts, as on a running server.
    await post(server.url, '/pipeline/compile', { text: 'Warm up.', document_id: 'warm-up', embed: true });
    // The compile workers started and warm too (they start on the first request of many documents).
    await post(server.url, '/pipeline/ingest', [
      { text: 'Warm up.', document_id: 'warm-up-1', store: false },
      { text: 'Warm up.', document_id: 'warm-up-2', store: false },
    ]);
    const start = performance.now();
    const cpuBefore = process.cpuUsage();
    const { requests, clauses } = await send(server.url);
    // A read: the store has every document searchable (an open ingest session settles first).
    const found = (await post(server.url, '/retrieve', { query: 'cells', limit: 5 })) as { count: number };
    if (found.count === 0) throw new Error(`${route}: POST /retrieve found nothing`);
    const seconds = (performance.now() - start) / 1000;
    // CPU time of this process, compile workers included (on a shared machine, what the work costs).
    const cpu = process.cpuUsage(cpuBefore);
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    const graph = (await (await fetch(`${server.url}/graph/edges`)).json()) as { type: string }[];
    const run: Run = {
      route,
      requests,
      clauses,
      seconds,
      cpuSeconds,
      edges: graph.filter((edge) => edge.type === 'semantic').length,
    };
    const listed = (await (await fetch(`${server.url}/clauses?limit=1`)).json()) as { total: number };
    if (listed.total < clauses)
      throw new Error(`${route}: ${listed.total} clauses stored, ${clauses} reported`);
    return run;
  } finally {
    await server.close();
    await rm(tmp, { recursive: true, force: true });
  }
}

async function post(url: string, path: string, body: unknown, contentType = 'application/json') {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const json = (await response.json()) as unknown;
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(json)}`);
  return json;
}

const single = await maybe('single', () =>
  measure('POST /pipeline/compile, one document per request (baseline)', async (url) => {
    let clauses = 0;
    for (const document of corpus)
      clauses += ((await post(url, '/pipeline/compile', document)) as unknown[]).length;
    return { requests: corpus.length, clauses };
  }),
);

/** The documents in requests of `batch`, as NDJSON, `inFlight` requests at a time. */
const ingestInBatches =
  (inFlight = 1) =>
  async (url: string) => {
    let clauses = 0;
    let requests = 0;
    const bodies: string[] = [];
    for (let start = 0; start < corpus.length; start += batch)
      bodies.push(
        `${corpus
          .slice(start, start + batch)
          .map((document) => JSON.stringify(document))
          .join('\n')}\n`,
      );
    let next = 0;
    const sender = async () => {
      while (next < bodies.length) {
        const body = bodies[next++]!;
        const answer = (await post(url, '/pipeline/ingest', body, 'application/x-ndjson')) as {
          failed: number;
          clause_count: number;
        };
        if (answer.failed > 0) throw new Error(`${answer.failed} documents failed`);
        clauses += answer.clause_count;
        requests++;
      }
    };
    await Promise.all(Array.from({ length: inFlight }, sender));
    return { requests, clauses };
  };

// The engine's default: requests large next to the store go through its bulk mode (one index rebuild),
// kept open as an ingest session across consecutive requests (the derived work once, at the read),
// documents compiled in worker threads while the main thread embeds and writes.
const bulk = await maybe('bulk', () =>
  measure(`POST /pipeline/ingest, ${batch} documents per request (NDJSON)`, ingestInBatches()),
);
// Two requests in flight: the next request's documents compile while the one before is written.
const pipelined = await maybe('pipelined', () =>
  measure(`POST /pipeline/ingest, ${batch} per request, 2 requests in flight`, ingestInBatches(2)),
);
// Ingest sessions off: each bulk request pays for its own postings, index rebuild, edges, VACUUM.
const noSessions = await maybe('noSessions', () =>
  measure(
    `POST /pipeline/ingest, ${batch} per request, ingest sessions off (bulkIngest.idleMs 0)`,
    ingestInBatches(),
    { bulkIngest: { idleMs: 0 } },
  ),
);
// The route as it was before the compile workers: every document compiled on the main thread.
const inProcess = await maybe('inProcess', () =>
  measure(
    `POST /pipeline/ingest, ${batch} per request, compiled in-process (no workers)`,
    ingestInBatches(),
    { compileWorkers: 0 },
  ),
);
// Bulk mode off: the vector index maintained row by row, as for a request small next to a large store.
const rowByRow = await maybe('rowByRow', () =>
  measure(
    `POST /pipeline/ingest, ${batch} per request, bulk mode off (index row by row)`,
    ingestInBatches(),
    { bulkIngest: false },
  ),
);

const rate = (run: Run) => run.clauses / run.seconds;
console.log(
  `\ningest over HTTP with store and embed on PGlite: ${corpus.length} SciFact abstracts, ` +
    `${cpus().length} cores (${availableParallelism()} usable), load average ${loadavg()[0]!.toFixed(1)} at the end, ` +
    `${cpus()[0]?.model ?? 'unknown CPU'}`,
);
console.table(
  [single, bulk, pipelined, noSessions, inProcess, rowByRow]
    .filter((run): run is Run => run !== null)
    .map((run) => ({
      route: run.route,
      requests: run.requests,
      clauses: run.clauses,
      seconds: Number(run.seconds.toFixed(1)),
      'clauses/s': Math.round(rate(run)),
      'ms/document': Number(((run.seconds * 1000) / corpus.length).toFixed(1)),
      'CPU s': Number(run.cpuSeconds.toFixed(1)),
      'clauses/CPU s': Math.round(run.clauses / run.cpuSeconds),
      'semantic edges': run.edges,
    })),
);
if (single) {
  const ratio = (run: Run | null) => (run ? `${(rate(run) / rate(single)).toFixed(2)}x` : 'not run');
  console.log(
    `bulk route / baseline: ${ratio(bulk)} clauses/s; 2 in flight: ${ratio(pipelined)}; ingest sessions off: ` +
      `${ratio(noSessions)}; compiled in-process: ${ratio(inProcess)}; with bulk mode off: ${ratio(rowByRow)} ` +
      '(all measured in this run: on a shared machine compare ratios, not absolute figures)',
  );
}
