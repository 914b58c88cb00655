/**
 * Records the keyword list and the feedback-moved vector list of every query (train and test) of an
 * eval store, as the default retriever builds them, so fusion settings can be compared in process.
 * Run: pnpm --filter @cae/retrieval exec tsx --conditions=@cae/source eval/record-lists.ts --set scifact --out FILE [--keyword JSON]
 */
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CandidateSource, ClauseCandidate } from '@cae/core';
import { createPipeline } from '@cae/pipeline';
import { createLocalEmbedder } from '../src/embedder-local';
import { createRetriever } from '../src/retriever';
import { loadBeirSet } from './eval-data';
import { openCorpusStore } from './eval-ingest';

const args = process.argv.slice(2);
const option = (name: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
};
const name = (option('set') ?? 'scifact') as 'scifact' | 'negconstraint';
const keywordOptions = JSON.parse(option('keyword') ?? '{}');
const depth = Number(option('depth') ?? 100);
const embedder = createLocalEmbedder({
  cacheDir: process.env.CAE_EMBEDDINGS_DIR ?? join(tmpdir(), 'cae-retrieval-eval-embeddings'),
});
await embedder.load();
const [train, test] = await Promise.all([loadBeirSet(name, 'train'), loadBeirSet(name, 'test')]);
const { store, reused } = await openCorpusStore({
  name,
  corpus: train.corpus,
  pipeline: createPipeline(),
  embedder,
});
console.log('reused', reused);
let keyword: ClauseCandidate[] = [];
let vector: ClauseCandidate[] = [];
const source: CandidateSource = {
  async keywordCandidates(query, filters, limit) {
    keyword = await store.keywordCandidates(query, filters, limit, keywordOptions);
    return keyword;
  },
  async vectorCandidates(embedding, filters, limit) {
    vector = await store.vectorCandidates(embedding, filters, limit);
    return vector;
  },
  candidatesByIds: (ids) => store.candidatesByIds(ids),
};
const retriever = createRetriever({
  source,
  embedder,
  weights: { vector: 1, keyword: 1 },
  candidateLimit: depth,
  maxLimit: 1000,
});
const out: Record<string, unknown[]> = {};
for (const [split, set] of [
  ['train', train],
  ['test', test],
] as const) {
  out[split] = [];
  for (const query of set.queries) {
    keyword = [];
    vector = [];
    await retriever.retrieve({ query: query.text, limit: depth, mode: 'hybrid' });
    const list = (rows: ClauseCandidate[]) => rows.map((row) => [row.clauseId, row.documentId, row.score]);
    out[split].push({
      id: query.id,
      qrels: [...set.qrels.get(query.id)!],
      keyword: list(keyword),
      vector: list(vector),
    });
  }
  console.log(split, 'done');
}
await writeFile(option('out')!, JSON.stringify(out));
await store.close();
