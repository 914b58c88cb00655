/**
 * Tunes the weighted fusion on the train parts of SciFact and NegConstraint: the keyword and vector
 * lists are fetched once per query (1,000 deep) and every fusion setting reuses them.
 * Run: pnpm --filter @cae/retrieval exec tsx --conditions=@cae/source eval/tune-fusion.ts [--split train|test] [--sets scifact,negconstraint]
 * The stores are kept in CAE_TUNE_DIR (default the temp directory) and reused.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CandidateSource, ClauseCandidate, RetrievalFilters } from '@cae/core';
import { createPipeline } from '@cae/pipeline';
import { createStore, type KeywordSearchOptions, type Store } from '@cae/store-drizzle';
import { createLocalEmbedder } from '../src/embedder-local';
import { createRetriever, type RetrievalMode } from '../src/retriever';
import { loadBeirSet, type Split } from './eval-data';
import { ingestCorpus } from './eval-ingest';
import { documentsByBestClause, mean, ndcgAt } from './eval-metrics';

const args = process.argv.slice(2);
const option = (name: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
};
const split = (option('split') ?? 'train') as Split;
const sets = (option('sets') ?? 'scifact,negconstraint').split(',') as ('scifact' | 'negconstraint')[];
const grid = option('grid') ?? 'weights';
const root = process.env.CAE_TUNE_DIR ?? tmpdir();
const POOL = 1000;

const embedder = createLocalEmbedder({ cacheDir: join(tmpdir(), 'cae-retrieval-eval-embeddings') });
await embedder.load();
const pipeline = createPipeline();

function cachedSource(store: Store, keywordOptions: KeywordSearchOptions): CandidateSource {
  const keywordCache = new Map<string, ClauseCandidate[]>();
  const vectorCache = new Map<string, ClauseCandidate[]>();
  const key = (embedding: Float32Array) =>
    Buffer.from(embedding.buffer, embedding.byteOffset, embedding.byteLength).toString('base64');
  return {
    async keywordCandidates(query: string, filters: RetrievalFilters, limit: number) {
      let rows = keywordCache.get(query);
      if (!rows) {
        rows = await store.keywordCandidates(query, filters, POOL, keywordOptions);
        keywordCache.set(query, rows);
      }
      return rows.slice(0, limit);
    },
    async vectorCandidates(embedding: Float32Array, filters: RetrievalFilters, limit: number) {
      const id = key(embedding);
      let rows = vectorCache.get(id);
      if (!rows) {
        rows = await store.vectorCandidates(embedding, filters, POOL);
        vectorCache.set(id, rows);
      }
      return rows.slice(0, limit);
    },
    candidatesByIds: (ids) => store.candidatesByIds(ids),
  };
}

const fmt = (value: number) => value.toFixed(4);
for (const name of sets) {
  const set = await loadBeirSet(name, split);
  // A deterministic subset of the queries keeps tuning loops short on a shared machine.
  const subset = Number(option('queries') ?? 0);
  if (subset > 0) set.queries = set.queries.slice(0, subset);
  const storeDir = join(root, `cae-tune-fusion-${name}`);
  const marker = join(storeDir, 'ingested.json');
  const ingested = await readFile(marker, 'utf8').catch(() => undefined);
  if (!ingested) await rm(storeDir, { recursive: true, force: true });
  const store = await createStore({ url: `file://${storeDir}`, semanticEdges: false });
  if (!ingested) {
    await store.enableEmbeddings({ dimension: embedder.dimension, embedderId: embedder.id });
    const figures = await ingestCorpus({ store, pipeline, embedder, corpus: set.corpus });
    await writeFile(marker, JSON.stringify(figures));
    console.log(`${name}: ingested ${figures.clauses} clauses in ${(figures.totalMs / 1000).toFixed(0)} s`);
  }
  const sources = new Map<string, CandidateSource>();
  const sourceFor = (keywordOptions: KeywordSearchOptions) => {
    const id = JSON.stringify(keywordOptions);
    if (!sources.has(id)) sources.set(id, cachedSource(store, keywordOptions));
    return sources.get(id)!;
  };
  const run = async (
    mode: RetrievalMode,
    settings: {
      keyword?: KeywordSearchOptions;
      vectorWeight?: number;
      feedback?: { clauses: number; weight: number } | false;
      documentContext?: { weight: number; k: number };
      candidates?: number;
    } = {},
  ) => {
    const candidates = settings.candidates ?? 100;
    const retriever = createRetriever({
      source: sourceFor(settings.keyword ?? {}),
      embedder,
      candidateLimit: () => candidates,
      feedback: settings.feedback ?? false,
      weights: { vector: settings.vectorWeight ?? 1, keyword: 1 },
      ...(settings.documentContext ? { documentContext: settings.documentContext } : {}),
      maxLimit: POOL,
    });
    const scores: number[] = [];
    for (const query of set.queries) {
      const results = await retriever.retrieve({
        query: query.text,
        limit: mode === 'hybrid' ? Math.min(POOL, 2 * candidates) : POOL,
        mode,
      });
      const documents = documentsByBestClause(results.map((result) => result.documentId));
      scores.push(ndcgAt(documents, set.qrels.get(query.id)!, 10));
    }
    return mean(scores);
  };
  console.log(`${name} ${split} (${set.queries.length} queries)`);
  if (grid === 'weights' || grid === 'all') {
    if (!args.includes('--no-lists'))
      console.log(`  keyword ${fmt(await run('keyword'))}  vector ${fmt(await run('vector'))}`);
    const feedbacks: ({ clauses: number; weight: number } | false)[] = args.includes('--default-feedback')
      ? [{ clauses: 10, weight: 2 }]
      : [{ clauses: 10, weight: 2 }, false];
    for (const feedback of feedbacks) {
      const line: string[] = [];
      for (const vectorWeight of (option('weights') ?? '0.1,0.2,0.3,0.5,1').split(',').map(Number)) {
        line.push(`${vectorWeight}:${fmt(await run('hybrid', { vectorWeight, feedback }))}`);
        console.log(
          `  feedback ${feedback ? `${feedback.clauses}/${feedback.weight}` : 'none'}: ${line.at(-1)}`,
        );
      }
    }
  }
  if (grid === 'context') {
    // Keyword lists in sentence context (the clause's sentence and its neighbours), alone and fused.
    const vectorWeight = Number(option('weights') ?? 0.2);
    for (const [sentenceWeight, neighbourWeight] of [
      [3, 0.5],
      [1, 0.25],
    ]) {
      const keyword = { sentenceWeight, neighbourWeight };
      console.log(
        `  sentence ${sentenceWeight} neighbours ${neighbourWeight}: keyword ${fmt(await run('keyword', { keyword }))} hybrid (vector ${vectorWeight}, feedback 10/2) ${fmt(await run('hybrid', { keyword, vectorWeight, feedback: { clauses: 10, weight: 2 } }))}`,
      );
    }
  }
  if (grid === 'keyword' || grid === 'all') {
    for (const documentWeight of [0, 0.5, 1, 1.5, 2, 3]) {
      for (const b of [0.4, 0.75]) {
        console.log(
          `  keyword documentWeight ${documentWeight} b ${b}: ${fmt(await run('keyword', { keyword: { documentWeight, b } }))}`,
        );
      }
    }
  }
  await store.close();
}
