/**
 * Check (train by default; --split test to report at the end) of the default keyword list against the default hybrid at a few vector weights,
 * as run.ts measures them (keyword 1000 deep; hybrid 100 candidates per list, limit 200, feedback).
 * --per-query FILE writes each row's per-query nDCG@10 (JSON: query ids and a list of values per row) for
 * paired comparisons (eval/compare-per-query.ts).
 * Run: TMPDIR=... pnpm --filter @cae/retrieval exec tsx --conditions=@cae/source eval/train-check.ts --set scifact [--weights 0.01,0.015] [--fusion rrf|minmax] [--split test] [--vector-only] [--map] [--per-query FILE]
 */
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CandidateSource, ClauseCandidate } from '@cae/core';
import { createPipeline } from '@cae/pipeline';
import { createLocalEmbedder } from '../src/embedder-local';
import { loadBeirSet } from './eval-data';
import { openCorpusStore } from './eval-ingest';
import { evalRetriever, mean, retrieverNdcgs } from './eval-metrics';

const args = process.argv.slice(2);
const option = (name: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
};
const name = (option('set') ?? 'scifact') as 'scifact' | 'negconstraint';
const weights = (option('weights') ?? '0.01,0.015,0.02').split(',').map(Number);
const candidates = (option('candidates') ?? '100').split(',').map(Number);
/** Fusion method of the hybrid rows (the weights are for it). */
const fusion = (option('fusion') ?? 'rrf') as 'rrf' | 'minmax';
/** The split measured: train to choose, test only to report the chosen defaults at the end. */
const split = (option('split') ?? 'train') as 'train' | 'test';
/** --map: the local embedder with its learned linear map (`linearMap: 'learned'`). */
const embedder = createLocalEmbedder({
  cacheDir: process.env.CAE_EMBEDDINGS_DIR ?? join(tmpdir(), 'cae-retrieval-eval-embeddings'),
  ...(args.includes('--map') ? { linearMap: 'learned' as const } : {}),
});
await embedder.load();
const set = await loadBeirSet(name, split);
const { store } = await openCorpusStore({ name, corpus: set.corpus, pipeline: createPipeline(), embedder });
const keywordCache = new Map<string, ClauseCandidate[]>();
const vectorCache = new Map<string, ClauseCandidate[]>();
const source: CandidateSource = {
  async keywordCandidates(query, filters, limit) {
    let rows = keywordCache.get(query);
    if (!rows) {
      rows = await store.keywordCandidates(query, filters, 1000);
      keywordCache.set(query, rows);
    }
    return rows.slice(0, limit);
  },
  async vectorCandidates(embedding, filters, limit) {
    const key = Buffer.from(embedding.buffer, embedding.byteOffset, embedding.byteLength).toString('base64');
    let rows = vectorCache.get(key);
    if (!rows) {
      rows = await store.vectorCandidates(embedding, filters, 1000);
      vectorCache.set(key, rows);
    }
    return rows.slice(0, limit);
  },
  candidatesByIds: (ids) => store.candidatesByIds(ids),
};
const score = async (mode: 'keyword' | 'vector' | 'hybrid', vector: number, depth: number) => {
  const retriever = evalRetriever(source, embedder, depth, vector, fusion);
  return retrieverNdcgs(retriever, set.queries, set.qrels, mode, depth);
};
const perQuery: Record<string, number[]> = {};
const report = (label: string, values: number[]) => {
  perQuery[label] = values;
  console.log(`${name} ${split} ${label}\t${mean(values).toFixed(4)}`);
};
report('keyword (1000 deep)', await score('keyword', 1, 1000));
if (args.includes('--vector-only')) report('vector only (1000 deep)', await score('vector', 1, 1000));
for (const depth of candidates)
  for (const w of weights)
    report(`hybrid ${fusion} ${depth} per list, vector ${w}`, await score('hybrid', w, depth));
const perQueryPath = option('per-query');
if (perQueryPath)
  await writeFile(
    perQueryPath,
    JSON.stringify({ set: name, split, queries: set.queries.map((q) => q.id), rows: perQuery }),
  );
await store.close();
