// What the vector-index schemes an ingest could use cost on PGlite with pgvector, on real vectors:
// build time per row, insert time per row into a live index, and recall@10 against exact search with
// the time per query, for the HNSW index the store uses (m 16, ef_construction 64), cheaper HNSW
// parameters, IVFFlat (cheap inserts) and an exact scan (an unindexed staging table). Vectors are
// the local embedder's of SciFact sentences (the data the ingest bench sends); queries are other
// sentences. Prints figures; asserts nothing.
// Run: pnpm --filter @cae/retrieval bench:vector-index   (BENCH_VECTORS, default 20,000;
// BENCH_VECTOR_QUERIES, default 100; CAE_EVAL_DATA_DIR for the data)
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createStore } from '@cae/store-drizzle';
import { databaseOf } from '@cae/store-drizzle/testing';
import { evalDataDir } from '../../../scripts/eval-data-dir';
import { createLocalEmbedder } from '../src/embedder-local';

const count = Number(process.env.BENCH_VECTORS ?? 20_000);
const queryCount = Number(process.env.BENCH_VECTOR_QUERIES ?? 100);
const inserts = 200;

const sentences: string[] = [];
for (const line of readFileSync(join(evalDataDir(), 'retrieval/scifact/corpus.jsonl'), 'utf8').split('\n')) {
  if (!line) continue;
  const document = JSON.parse(line) as { title: string; text: string };
  for (const sentence of `${document.title}. ${document.text}`.split(/(?<=[.;:])\s+/)) {
    if (sentence.trim().split(/\s+/).length >= 4) sentences.push(sentence);
  }
  if (sentences.length >= count + queryCount + inserts) break;
}
if (sentences.length < count + queryCount + inserts) throw new Error(`only ${sentences.length} sentences`);
const embedder = createLocalEmbedder({
  cacheDir: process.env.CAE_EMBEDDINGS_DIR ?? join(tmpdir(), 'cae-retrieval-bench-embeddings'),
});
const vectors = (await embedder.embed(sentences.slice(0, count + queryCount + inserts))).map(
  (vector) => `[${Array.from(vector, (value) => value.toPrecision(8)).join(',')}]`,
);
const stored = vectors.slice(0, count);
const queries = vectors.slice(count, count + queryCount);
const extra = vectors.slice(count + queryCount);

const store = await createStore({ url: 'memory://' });
const db = databaseOf(store);
const rows = async <T>(text: string, params: unknown[] = []): Promise<T[]> => {
  // The PGlite client under the store, for parameterised statements.
  const client = (db as unknown as { $client: { query(q: string, p: unknown[]): Promise<{ rows: T[] }> } })
    .$client;
  return (await client.query(text, params)).rows;
};
await rows('CREATE EXTENSION IF NOT EXISTS vector');
await rows(
  `CREATE TABLE bench_vectors (id int PRIMARY KEY, embedding vector(${embedder.dimension}) NOT NULL)`,
);
for (let start = 0; start < stored.length; start += 1000) {
  const chunk = stored.slice(start, start + 1000);
  await rows(
    `INSERT INTO bench_vectors SELECT start + ordinality - 1, v::vector FROM unnest($1::text[]) WITH ORDINALITY v, (SELECT $2::int AS start) s`,
    [chunk, start],
  );
}
await rows(`SET maintenance_work_mem = '512MB'`);

const nearest = (query: string) =>
  rows<{ id: number }>('SELECT id FROM bench_vectors ORDER BY embedding <=> $1::vector LIMIT 10', [query]);
await rows('SET enable_indexscan = off');
const exact: Set<number>[] = [];
const started = performance.now();
for (const query of queries) exact.push(new Set((await nearest(query)).map((row) => row.id)));
const exactMs = (performance.now() - started) / queries.length;
await rows('RESET enable_indexscan');

interface Scheme {
  scheme: string;
  'build µs/row': number | string;
  'insert ms/row': number | string;
  search: string;
  'recall@10': number;
  'ms/query': number;
}
const results: Scheme[] = [
  {
    scheme: 'exact scan (no index)',
    'build µs/row': 0,
    'insert ms/row': '-',
    search: '-',
    'recall@10': 1,
    'ms/query': Number(exactMs.toFixed(2)),
  },
];

async function measure(scheme: string, create: string, searches: [string, string][]) {
  await rows('DROP INDEX IF EXISTS bench_index');
  let start = performance.now();
  await rows(create);
  const buildMicros = ((performance.now() - start) * 1000) / stored.length;
  await rows('BEGIN');
  start = performance.now();
  for (const [i, vector] of extra.entries())
    await rows('INSERT INTO bench_vectors VALUES ($1, $2::vector)', [count + queryCount + i, vector]);
  const insertMs = (performance.now() - start) / extra.length;
  await rows('ROLLBACK');
  for (const [label, setting] of searches) {
    await rows(setting);
    let found = 0;
    start = performance.now();
    for (const [i, query] of queries.entries()) {
      for (const row of await nearest(query)) if (exact[i]!.has(row.id)) found++;
    }
    results.push({
      scheme,
      'build µs/row': Math.round(buildMicros),
      'insert ms/row': Number(insertMs.toFixed(2)),
      search: label,
      'recall@10': Number((found / (10 * queries.length)).toFixed(3)),
      'ms/query': Number(((performance.now() - start) / queries.length).toFixed(2)),
    });
  }
}

const hnsw = (m: number, ef: number) =>
  `CREATE INDEX bench_index ON bench_vectors USING hnsw (embedding vector_cosine_ops) WITH (m = ${m}, ef_construction = ${ef})`;
const efSearch: [string, string][] = [
  ['ef_search 40', 'SET hnsw.ef_search = 40'],
  ['ef_search 100', 'SET hnsw.ef_search = 100'],
];
await measure('HNSW m 16, ef_construction 64 (the store)', hnsw(16, 64), efSearch);
await measure('HNSW m 16, ef_construction 32', hnsw(16, 32), efSearch);
await measure('HNSW m 8, ef_construction 32', hnsw(8, 32), efSearch);
const lists = Math.max(10, Math.round(Math.sqrt(stored.length)));
await measure(
  `IVFFlat lists ${lists}`,
  `CREATE INDEX bench_index ON bench_vectors USING ivfflat (embedding vector_cosine_ops) WITH (lists = ${lists})`,
  [5, 10, 20].map((probes) => [`probes ${probes}`, `SET ivfflat.probes = ${probes}`]),
);
await store.close();

console.log(
  `\nvector index schemes on PGlite (pgvector): ${stored.length} vectors of ${embedder.dimension} dimensions ` +
    `(local embedder, SciFact sentences), ${queries.length} queries, recall@10 against the exact scan`,
);
console.table(results);
