/**
 * Benchmarks of @cae/retrieval. Prints figures; asserts nothing.
 *   1. local embedder: cold conversion (child process, peak RSS), cached load time and memory
 *   2. ingest into PGlite (and Postgres when DATABASE_URL is set): compile+store and
 *      compile+store+embed on SciFact documents, saved in batches inside a bulk load, clauses/s
 *      and peak RSS
 *   3. retrieval latency p50/p95 at ~100k clauses on PGlite, hybrid with and without a filter,
 *      with the cost of each part (query embedding, vector list, keyword list, fusion, rows), on the
 *      plain SQL path and with the search cache in the same run, and under 4 concurrent callers
 *   4. with DATABASE_URL: the keyword list at the same ~100k clauses on the PostgreSQL server
 *      (a scratch database), plain SQL and search cache
 * Run: pnpm --filter @cae/retrieval bench   (BENCH_DOCS=500 ingests the first 500 documents only, BENCH_QUERIES=200;
 *   BENCH_DOCS=0 BENCH_LATENCY_ONLY=1 measures latency alone, parts 3 and 4; BENCH_SERVER_ONLY=1 with it skips
 *   the PGlite measures of part 3; BENCH_SERVER_DATABASE names part 4's database, default cae_bench_latency_<clauses>)
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { AnnotatedClause, Mood, ProcessType, RetrievalFilters } from '@cae/core';
import { clauseId } from '@cae/core';
import { createPipeline } from '@cae/pipeline';
import { createStore, type SaveDocumentInput, type Store } from '@cae/store-drizzle';
import { databaseOf } from '@cae/store-drizzle/testing';
import { loadBeirSet } from '../eval/eval-data';
import { documentText, INGEST_BATCH_DOCUMENTS, type IngestFigures } from '../eval/eval-ingest';
import { embedClauses } from '../src/embedder-context';
import { createLocalEmbedder } from '../src/embedder-local';
import { createRetriever } from '../src/retriever';

/** SciFact documents ingested (default all 5,183, about 105k clauses with our pipeline). */
const BENCH_DOCS = Number(process.env.BENCH_DOCS ?? 100_000);
const BENCH_QUERIES = Number(process.env.BENCH_QUERIES ?? 200);
const LATENCY_CLAUSES = Number(process.env.BENCH_CLAUSES ?? 100_000);
const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
const ms = (value: number) => value.toFixed(1);
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

// 1. Embedder load, measured first in a fresh process so nothing else muddies the RSS.
// BENCH_LATENCY_ONLY=1 skips it (with BENCH_DOCS=0: parts 3 and 4 alone).
const LATENCY_ONLY = process.env.BENCH_LATENCY_ONLY === '1';
const SERVER_ONLY = process.env.BENCH_SERVER_ONLY === '1';
const cacheDir = process.env.CAE_EMBEDDINGS_DIR ?? join(tmpdir(), 'cae-retrieval-bench-embeddings');
if (!LATENCY_ONLY) {
  const coldDir = await mkdtemp(join(tmpdir(), 'cae-embeddings-cold-'));
  const script = resolve(import.meta.dirname, '../scripts/prepare-embeddings.ts');
  const output = execFileSync(process.execPath, ['--import', 'tsx', script, '--dir', coldDir], {
    encoding: 'utf8',
  });
  console.log(`embedder cold conversion (child process): ${output.trim().replace(/^wrote .* in /, '')}`);
  await rm(coldDir, { recursive: true, force: true });
}
if (!LATENCY_ONLY) {
  await createLocalEmbedder({ cacheDir }).load(); // builds the cache if missing
  const script = resolve(import.meta.dirname, 'embedder-load.ts');
  const runs = [0, 1, 2].map(() => {
    const output = execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', script, cacheDir], {
      encoding: 'utf8',
    });
    return JSON.parse(output.trim().split('\n').pop()!) as {
      loadMs: number;
      rssDeltaMb: number;
      heapDeltaMb: number;
    };
  });
  const best = runs.sort((left, right) => left.loadMs - right.loadMs)[1]!;
  console.log(
    `embedder cached load (fresh process, median of 3): ${best.loadMs} ms, +${best.rssDeltaMb} MB RSS, +${best.heapDeltaMb} MB heap (target < 300 ms, < 150 MB)`,
  );
  const embedder = createLocalEmbedder({ cacheDir });
  const texts = Array.from(
    { length: 20_000 },
    (_, index) => `Clause ${index}: expression of TNF-alpha in murine macrophages rises after infection.`,
  );
  await embedder.embed(texts.slice(0, 100));
  const embedStart = performance.now();
  await embedder.embed(texts);
  console.log(
    `embedder throughput: ${Math.round(texts.length / ((performance.now() - embedStart) / 1000))} clauses/s`,
  );
}

const embedder = createLocalEmbedder({ cacheDir });
await embedder.load();
const pipeline = createPipeline();
const scifact = await loadBeirSet('scifact', 'test');

// 2. Ingest throughput and peak memory: each ingest in a fresh process (so its peak RSS is its own),
// into a new persisted PGlite (the default deployment) and into Postgres when DATABASE_URL is set.
// The PGlite store is created (initdb and migrations, a one-time transient of about 300 MB in PGlite
// 0.5's separate initdb module) here, so the ingest process opens an existing store, as a server does.
const targets: { name: string; url: () => Promise<string> }[] = [
  {
    name: 'PGlite',
    url: async () => {
      const url = `file://${await mkdtemp(join(tmpdir(), 'cae-bench-ingest-'))}`;
      await (await createStore({ url, semanticEdges: false })).close();
      return url;
    },
  },
];
if (process.env.DATABASE_URL) targets.push({ name: 'Postgres', url: async () => process.env.DATABASE_URL! });
// BENCH_DOCS=0 skips this part (e.g. to re-measure latency only).
for (const target of BENCH_DOCS > 0 ? targets : []) {
  for (const withEmbeddings of [false, true]) {
    const scratch = target.name === 'Postgres' ? await scratchDatabase(await target.url()) : null;
    const url = scratch?.url ?? (await target.url());
    const script = resolve(import.meta.dirname, 'ingest-run.ts');
    const output = execFileSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '--conditions=@cae/source',
        script,
        url,
        String(BENCH_DOCS),
        withEmbeddings ? '1' : '0',
        cacheDir,
      ],
      { encoding: 'utf8', maxBuffer: 2 ** 26 },
    );
    if (url.startsWith('file://')) await rm(url.slice('file://'.length), { recursive: true, force: true });
    await scratch?.drop();
    const figures = JSON.parse(output.trim().split('\n').pop()!) as IngestFigures & {
      maxRssMb: number;
      skipped?: string;
    };
    const label = `ingest ${target.name} compile+store${withEmbeddings ? '+embed' : ''}`;
    if (figures.skipped) {
      console.log(`${label}: skipped (${figures.skipped})`);
      continue;
    }
    const rate = (part: number) => Math.round(figures.clauses / (part / 1000));
    console.log(
      `${label}: ${figures.clauses} clauses from ${figures.documents} documents, ` +
        `${rate(figures.totalMs)} clauses/s overall (compile ${rate(figures.compileMs)}/s, embed ${withEmbeddings ? `${rate(figures.embedMs)}/s` : '-'}, ` +
        `store ${rate(figures.storeMs)}/s, the rest is the bulk load's postings${withEmbeddings ? ', HNSW build' : ''} and VACUUM ANALYZE), ` +
        `peak RSS of the ingest process ${figures.maxRssMb} MB (target < 1024)${figures.failedDocuments.length ? `, ${figures.failedDocuments.length} documents failed to compile` : ''}`,
    );
  }
}

/**
 * A scratch database on DATABASE_URL's server for one ingest (so a run neither re-saves earlier
 * documents nor touches the data of the database the URL names), and how to drop it afterwards.
 */
async function scratchDatabase(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `cae_bench_${process.pid}_${Date.now()}`;
  const admin = await createStore({ url, semanticEdges: false });
  await databaseOf(admin).execute(`CREATE DATABASE "${name}"`);
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  return {
    url: scratch.toString(),
    drop: async () => {
      await databaseOf(admin).execute(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.close();
    },
  };
}

// 3. Retrieval latency at ~100k clauses. The pipeline is too slow to compile 100k clauses inside a
// benchmark, so SciFact sentences and their parts become clauses cloned from one compiled template
// clause; mood, process type and modality cycle so that filters select realistic shares.
const [template] = pipeline.compile('The protein binds the receptor.', {
  documentId: 'template',
}) as AnnotatedClause[];
if (!template) throw new Error('the pipeline compiled no template clause');
const moods: Mood[] = [
  'declarative',
  'declarative',
  'declarative',
  'interrogative',
  'imperative',
  'fragment',
];
const processes: ProcessType[] = ['material', 'relational', 'mental', 'verbal', 'existential', 'behavioral'];
const documents: { documentId: string; texts: string[] }[] = [];
let total = 0;
for (let round = 0; total < LATENCY_CLAUSES; round++) {
  for (const document of scifact.corpus) {
    const texts = documentText(document)
      .split(/(?<=[.!?;])\s+|,\s+(?=(?:and|but|which|while|whereas)\s)/)
      .filter((text) => text.trim().length > 0)
      .map((text) => (round === 0 ? text : `${text} (${round})`));
    documents.push({ documentId: round === 0 ? document.id : `${document.id}-${round}`, texts });
    total += texts.length;
    if (total >= LATENCY_CLAUSES) break;
  }
}
// Persisted PGlite (the default deployment) under the temp directory, reused by later runs: loading
// 100k clauses through the store takes minutes.
const storeDir = join(
  tmpdir(),
  `cae-retrieval-bench-store-${LATENCY_CLAUSES}-${embedder.id.replace(/[^a-z0-9]+/gi, '-')}`,
);
const ready = await stat(join(storeDir, 'cae-bench-complete')).then(
  () => true,
  () => false,
);
if (!ready) await rm(storeDir, { recursive: true, force: true });
const store: Store = await createStore({ url: `file://${storeDir}`, semanticEdges: false });
/**
 * Loads the latency clauses into a store in one bulk load; with an embedder (pgvector), with their
 * embeddings. Returns the number of clauses.
 */
async function loadLatencyClauses(target: Store, withEmbedder: typeof embedder | null): Promise<number> {
  let loaded = 0;
  await target.bulkLoad(async () => {
    let batch: SaveDocumentInput[] = [];
    for (const [documentIndex, { documentId, texts }] of documents.entries()) {
      const clauses = texts.map((text, index): AnnotatedClause => {
        const id = clauseId(documentId, index);
        const parent = index > 0 && index % 3 !== 0 ? clauseId(documentId, index - 1) : null;
        const variant = (loaded + index) % 6;
        return {
          ...template!,
          id,
          text,
          documentId,
          syntactic: {
            ...template!.syntactic,
            id,
            text,
            documentId,
            clauseIndex: index,
            sentenceIndex: index,
            parentClauseId: parent,
          },
          interpersonal: {
            ...template!.interpersonal,
            mood: moods[variant]!,
            modalityWeight: ((loaded + index) % 10) / 10,
          },
          ideational: { ...template!.ideational, processType: processes[(loaded + 2 * index) % 6]! },
        } as AnnotatedClause;
      });
      batch.push({
        documentId,
        clauses,
        ...(withEmbedder ? { embeddings: await embedClauses(withEmbedder, texts) } : {}),
      });
      loaded += clauses.length;
      if (batch.length === INGEST_BATCH_DOCUMENTS || documentIndex === documents.length - 1) {
        await target.saveDocuments(batch);
        batch = [];
      }
      if (documentIndex % 500 === 0) process.stdout.write(`\r  loading latency store: ${loaded} clauses`);
    }
  });
  process.stdout.write('\n');
  return loaded;
}
if (!ready) {
  await store.enableEmbeddings({ dimension: embedder.dimension, embedderId: embedder.id });
  const loadStart = performance.now();
  const loaded = await loadLatencyClauses(store, embedder);
  const loadMs = performance.now() - loadStart;
  await writeFile(join(storeDir, 'cae-bench-complete'), new Date().toISOString());
  console.log(
    `latency store: ${loaded} clauses loaded (store+embed without the pipeline, persisted PGlite: ${Math.round(loaded / (loadMs / 1000))} clauses/s incl. index build), peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`,
  );
} else {
  console.log(`latency store: reusing ${storeDir} (${total} clauses)`);
}
console.log(`  RSS with the store open: ${mb(process.memoryUsage().rss)} MB`);

// The search cache (a copy of the search data, checked against the change counter per search) loads
// once here; each measure below runs on the plain SQL path and on the cache, in this same process.
{
  const loadStart = performance.now();
  await store.searchCache.refresh();
  const stats = store.searchCache.stats();
  console.log(
    `search cache: loaded ${stats.clauses} clauses in ${ms(performance.now() - loadStart)} ms, RSS now ${mb(process.memoryUsage().rss)} MB`,
  );
}
const retriever = createRetriever({ source: store, embedder });
const queries = scifact.queries.slice(0, BENCH_QUERIES).map((query) => query.text);
// Warm-up queries are SciFact train queries: the measured queries are distinct and run once per path.
const warmup = (await loadBeirSet('scifact', 'train')).queries.slice(0, 10).map((query) => query.text);
const summary = (values: number[]) =>
  `p50 ${ms(percentile(values, 50))} / p95 ${ms(percentile(values, 95))} ms`;
const paths = [
  ['plain SQL', false],
  ['search cache', true],
] as const;
const p50s = new Map<string, number>();
for (const [label, filters] of (SERVER_ONLY
  ? []
  : [
      ['no filter', {}],
      ['filter processType=mental, minModality=0.5', { processType: 'mental', minModality: 0.5 }],
      ['filter mood=interrogative', { mood: 'interrogative' }],
    ]) as [string, RetrievalFilters][]) {
  for (const [path, cached] of paths) {
    store.searchCache.setEnabled(cached);
    const hitsBefore = store.searchCache.stats().hits;
    // Warm up caches and JIT, then time whole retrievals and, inside them, each part (as the retriever
    // runs them: rankings without rows, then rows for the feedback clauses and the results only).
    for (const query of warmup) await retriever.retrieve({ query, filters });
    const totals: number[] = [];
    const parts = {
      embed: [] as number[],
      vector: [] as number[],
      keyword: [] as number[],
      fusion: [] as number[],
      rows: [] as number[],
    };
    for (const query of queries) {
      const mark = performance.now();
      const { timings } = await retriever.retrieveWithTimings({ query, filters });
      totals.push(performance.now() - mark);
      parts.embed.push(timings.embedMs);
      parts.vector.push(timings.vectorMs);
      parts.keyword.push(timings.keywordMs);
      parts.fusion.push(timings.fusionMs);
      parts.rows.push(timings.rowsMs);
    }
    p50s.set(`${label}|${path}`, percentile(totals, 50));
    const hits = store.searchCache.stats().hits - hitsBefore;
    console.log(
      `retrieve hybrid, ${label}, ${path}, limit 10, 100 candidates per list, ${queries.length} queries: ${summary(totals)} (target p50 < ${label === 'no filter' ? 15 : 25})${cached ? `, ${hits} cache hits` : ''}`,
    );
    console.log(
      `  parts: embed ${summary(parts.embed)}; vector ${summary(parts.vector)}; keyword (BM25) ${summary(parts.keyword)}; fusion ${summary(parts.fusion)}; rows of the feedback clauses and results ${summary(parts.rows)}`,
    );
  }
  const plain = p50s.get(`${label}|plain SQL`)!;
  const cachedP50 = p50s.get(`${label}|search cache`)!;
  console.log(`  ${label}: search cache p50 / plain SQL p50 = ${(cachedP50 / plain).toFixed(2)}`);
}
// Four callers at once (a server's concurrent requests): PGlite runs one query at a time, so a
// retrieval's latency includes the others' queries.
for (const [path, cached] of SERVER_ONLY ? [] : paths) {
  store.searchCache.setEnabled(cached);
  for (const query of warmup) await retriever.retrieve({ query });
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < queries.length) {
        const query = queries[next++]!;
        const mark = performance.now();
        await retriever.retrieve({ query });
        latencies.push(performance.now() - mark);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `retrieve hybrid, no filter, 4 concurrent callers, ${path}: ${summary(latencies)} (target p50 < 40), ${Math.round(queries.length / seconds)} retrievals/s`,
  );
}
store.searchCache.setEnabled(true);
// ts_rank_cd in a pass of its own: its wide scans would evict the buffers hybrid retrievals keep warm.
if (!SERVER_ONLY) {
  const tsRank: number[] = [];
  for (const query of queries) {
    const mark = performance.now();
    await store.keywordCandidates(query, {}, 100, { ranking: 'ts_rank_cd' });
    tsRank.push(performance.now() - mark);
  }
  console.log(`keyword (ts_rank_cd, not used by default, always SQL), no filter: ${summary(tsRank)}`);
}
await store.close();

// 4. The keyword list on a PostgreSQL server (DATABASE_URL; CI's server has no pgvector, so no
// vectors): the same clauses in a scratch database, BM25 top 100 on the plain SQL path and the cache.
if (process.env.DATABASE_URL) {
  // A database of its own on the server, kept between runs like the PGlite directory (loading 100k
  // clauses into a busy server takes minutes); a load cut short is redone.
  const name = process.env.BENCH_SERVER_DATABASE ?? `cae_bench_latency_${LATENCY_CLAUSES}`;
  const admin = await createStore({
    url: process.env.DATABASE_URL,
    semanticEdges: false,
    searchCache: false,
  });
  const exists = await databaseOf(admin).execute(`SELECT 1 FROM pg_database WHERE datname = '${name}'`);
  if ((Array.isArray(exists) ? exists : (exists as { rows: unknown[] }).rows).length === 0)
    await databaseOf(admin).execute(`CREATE DATABASE "${name}"`);
  await admin.close();
  const serverUrl = new URL(process.env.DATABASE_URL);
  serverUrl.pathname = `/${name}`;
  {
    const server = await createStore({ url: serverUrl.toString(), semanticEdges: false });
    const marker = await databaseOf(server).execute(`SELECT 1 FROM store_meta WHERE key = 'bench_complete'`);
    if ((Array.isArray(marker) ? marker : (marker as { rows: unknown[] }).rows).length > 0) {
      console.log(`keyword list on the PostgreSQL server: reusing database ${name}`);
    } else {
      await databaseOf(server).execute('TRUNCATE documents, term_stats CASCADE');
      const loadStart = performance.now();
      const loaded = await loadLatencyClauses(server, null);
      await databaseOf(server).execute(
        `INSERT INTO store_meta (key, value) VALUES ('bench_complete', '${new Date().toISOString()}')`,
      );
      console.log(
        `keyword list on the PostgreSQL server: ${loaded} clauses loaded into ${name} in ${ms((performance.now() - loadStart) / 1000)} s`,
      );
    }
    await server.close();
  }
  {
    const server = await createStore({ url: serverUrl.toString(), semanticEdges: false });
    const cacheStart = performance.now();
    await server.searchCache.refresh();
    console.log(`  search cache loaded in ${ms(performance.now() - cacheStart)} ms`);
    for (const [label, filters] of [
      ['no filter', {}],
      ['filter mood=interrogative', { mood: 'interrogative' }],
    ] as [string, RetrievalFilters][]) {
      for (const [path, cached] of paths) {
        for (const query of warmup)
          await server.keywordRanking(query, filters, 100, { useSearchCache: cached });
        const times: number[] = [];
        for (const query of queries) {
          const mark = performance.now();
          await server.keywordRanking(query, filters, 100, { useSearchCache: cached });
          times.push(performance.now() - mark);
        }
        console.log(`  keyword list (BM25, top 100), ${label}, ${path}: ${summary(times)} (target p50 < 8)`);
      }
    }
    await server.close();
  }
}
