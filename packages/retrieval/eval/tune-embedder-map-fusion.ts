/**
 * Cross-validated choice of the fusion weight for the local embedder with a learned map: for each
 * fold of the train queries (both sets' folds as eval/tune-embedder-map.ts draws them), a map is
 * trained on the other folds of SciFact and NegConstraint train together, the store's clauses are
 * embedded with it in memory (clause + 0.5 x document, as eval-ingest.ts stores them) and the
 * held-out queries run through the retriever as eval/train-check.ts runs them (store keyword list
 * 1000 deep; hybrid 100 per list, limit 200, default feedback), the vector list a brute-force search.
 * A map never sees the queries it is measured on, unlike the shipped map on the train queries.
 * --fusion rrf|minmax: the hybrid rows' fusion method (default rrf; the weights are for it); a weight may
 * name its own, `minmax:0.05`. --mapped-only skips the unmapped vector and hybrid rows.
 * --store-map: open the store ingested with the shipped map (eval/train-check.ts --map's) instead of the
 * unmapped one; only its keyword list and clause texts are used, which do not depend on the embedder.
 * --per-query PREFIX writes PREFIX-<set>.json, each row's per-query nDCG@10 in query order, for
 * eval/compare-per-query.ts.
 * Run: pnpm --filter @cae/retrieval exec tsx --conditions=@cae/source eval/tune-embedder-map-fusion.ts [--weights 0.015,0.1,0.5,1] [--folds 5] [--fusion minmax] [--store-map] [--per-query PREFIX]
 */
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CandidateSource, ClauseCandidate } from '@cae/core';
import { createPipeline } from '@cae/pipeline';
import type { Store } from '@cae/store-drizzle';
import type { Embedder } from '../src/embedder';
import { embedDocuments } from '../src/embedder-context';
import { createLocalEmbedder } from '../src/embedder-local';
import { checkedFusionMethod } from '../src/rank-fusion';
import type { RetrievalMode } from '../src/retriever';
import { D, examplesOf, foldsOf, mapSettings, prepare, train } from './embedder-map-training';
import { openCorpusStore } from './eval-ingest';
import { evalRetriever, mean, mulberry32, retrieverNdcgs } from './eval-metrics';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1]! : fallback;
};
const folds = Number(option('folds', '5'));
const fusion = checkedFusionMethod(option('fusion', 'rrf'), '--fusion');
/** The hybrid settings: a vector weight (keyword 1) and its fusion method. */
const settings = option('weights', '0.015,0.05,0.1,0.2,0.3,0.5,0.7,1')
  .split(',')
  .map((item) => {
    const [method, weight] = item.includes(':') ? item.split(':') : [fusion, item];
    return { fusion: checkedFusionMethod(method, '--weights'), vector: Number(weight) };
  });
const perQueryPrefix = option('per-query', '');
const names = ['scifact', 'negconstraint'] as const;
const cacheDir = process.env.CAE_EMBEDDINGS_DIR ?? join(tmpdir(), 'cae-retrieval-eval-embeddings');

const prepared = await Promise.all(names.map((name) => prepare(name)));
const foldOf = foldsOf(prepared, folds, mapSettings.seed);
const pipeline = createPipeline();
const storeEmbedder = createLocalEmbedder({
  cacheDir,
  ...(args.includes('--store-map') ? { linearMap: 'learned' as const } : {}),
});
await storeEmbedder.load();

interface SetState {
  store: Store;
  documents: { ids: string[]; texts: string[] }[];
  keywordCache: Map<string, ClauseCandidate[]>;
}
const states: SetState[] = [];
for (const [s, name] of names.entries()) {
  const { store } = await openCorpusStore({
    name,
    corpus: prepared[s]!.set.corpus,
    pipeline,
    embedder: storeEmbedder,
  });
  const byDocument = new Map<string, { ids: string[]; texts: string[] }>();
  for (let offset = 0; ; offset += 500) {
    const page = await store.listClauses({ limit: 500, offset });
    for (const clause of page.clauses) {
      let entry = byDocument.get(clause.documentId);
      if (!entry) {
        entry = { ids: [], texts: [] };
        byDocument.set(clause.documentId, entry);
      }
      entry.ids.push(clause.id);
      entry.texts.push(clause.text);
    }
    if (offset + 500 >= page.total) break;
  }
  states.push({ store, documents: [...byDocument.values()], keywordCache: new Map() });
  console.log(`${name}: ${[...byDocument.values()].reduce((n, d) => n + d.ids.length, 0)} clauses`);
}

/** A source with the store's keyword list and an in-memory vector search over `embedder`'s clause vectors. */
async function sourceWith(state: SetState, embedder: Embedder): Promise<CandidateSource> {
  const vectors = (
    await embedDocuments(
      embedder,
      state.documents.map((document) => document.texts),
      { contextWeight: 0.5 },
    )
  ).flat();
  const ids = state.documents.flatMap((document) => document.ids);
  const matrix = new Float32Array(ids.length * D);
  vectors.forEach((vector, row) => {
    matrix.set(vector, row * D);
  });
  const vectorCache = new Map<string, ClauseCandidate[]>();
  const scores = new Float32Array(ids.length);
  return {
    async keywordCandidates(query, filters, limit) {
      let rows = state.keywordCache.get(query);
      if (!rows) {
        rows = await state.store.keywordCandidates(query, filters, 1000);
        state.keywordCache.set(query, rows);
      }
      return rows.slice(0, limit);
    },
    async vectorCandidates(embedding, _filters, limit) {
      const key = Buffer.from(embedding.buffer, embedding.byteOffset, embedding.byteLength).toString(
        'base64',
      );
      let rows = vectorCache.get(key);
      if (!rows) {
        for (let row = 0; row < ids.length; row++) {
          let sum = 0;
          const offset = row * D;
          for (let d = 0; d < D; d++) sum += matrix[offset + d]! * embedding[d]!;
          scores[row] = sum;
        }
        const top = [...scores.keys()].sort((a, b) => scores[b]! - scores[a]!).slice(0, 1000);
        const found = new Map(
          (await state.store.candidatesByIds(top.map((row) => ids[row]!))).map((c) => [c.clauseId, c]),
        );
        rows = top.flatMap((row) => {
          const candidate = found.get(ids[row]!);
          return candidate ? [{ ...candidate, score: scores[row]! }] : [];
        });
        vectorCache.set(key, rows);
      }
      return rows.slice(0, limit);
    },
    candidatesByIds: (clauseIds) => state.store.candidatesByIds(clauseIds),
  };
}

/** nDCG@10 of each query of `queryIndexes`, as eval/train-check.ts measures it. */
async function scores(
  s: number,
  source: CandidateSource,
  embedder: Embedder,
  mode: RetrievalMode,
  vector: number,
  queryIndexes: number[],
  method = fusion,
): Promise<number[]> {
  const depth = mode === 'hybrid' ? 100 : 1000;
  const retriever = evalRetriever(source, embedder, depth, vector, method);
  const set = prepared[s]!.set;
  const queries = queryIndexes.map((qi) => set.queries[qi]!);
  return retrieverNdcgs(retriever, queries, set.qrels, mode, depth);
}

/** Per row, per set: nDCG@10 by query index. */
const rows = new Map<string, Map<number, number>[]>();
const add = (label: string, s: number, queryIndexes: number[], values: number[]) => {
  let row = rows.get(label);
  if (!row) {
    row = names.map(() => new Map());
    rows.set(label, row);
  }
  for (const [i, qi] of queryIndexes.entries()) row[s]!.set(qi, values[i]!);
};
const all = (s: number) => prepared[s]!.set.queries.map((_, i) => i);

// Without a map (fold-independent): keyword only, vector only and hybrid, all train queries.
const unmapped = createLocalEmbedder({ cacheDir, linearMap: false });
for (const [s] of names.entries()) {
  const source = await sourceWith(states[s]!, unmapped);
  add('keyword only', s, all(s), await scores(s, source, unmapped, 'keyword', 1, all(s)));
  if (args.includes('--mapped-only')) continue;
  add('vector only, no map', s, all(s), await scores(s, source, unmapped, 'vector', 1, all(s)));
  for (const setting of settings)
    add(
      `hybrid ${setting.fusion}, no map, vector ${setting.vector}`,
      s,
      all(s),
      await scores(s, source, unmapped, 'hybrid', setting.vector, all(s), setting.fusion),
    );
}
for (let fold = 0; fold < folds; fold++) {
  const held = (s: number) => all(s).filter((i) => foldOf[s]![i] === fold);
  const W = train(
    prepared.flatMap((p, s) =>
      examplesOf(
        p,
        all(s).filter((i) => foldOf[s]![i] !== fold),
      ),
    ),
    mulberry32(mapSettings.seed + fold + 1),
  );
  const embedder = createLocalEmbedder({ cacheDir, linearMap: W });
  for (const [s] of names.entries()) {
    const source = await sourceWith(states[s]!, embedder);
    add(
      'vector only, map (out of fold)',
      s,
      held(s),
      await scores(s, source, embedder, 'vector', 1, held(s)),
    );
    for (const setting of settings)
      add(
        `hybrid ${setting.fusion}, map (out of fold), vector ${setting.vector}`,
        s,
        held(s),
        await scores(s, source, embedder, 'hybrid', setting.vector, held(s), setting.fusion),
      );
  }
  console.log(`fold ${fold} done`);
}
console.log(`| train nDCG@10 (${folds}-fold CV for the map) | SciFact | NegConstraint |`);
console.log('| --- | --- | --- |');
const inQueryOrder = (byQuery: Map<number, number>) =>
  [...byQuery.entries()].sort((a, b) => a[0] - b[0]).map(([, v]) => v);
for (const [label, values] of rows)
  console.log(`| ${label} | ${values.map((v) => mean(inQueryOrder(v)).toFixed(4)).join(' | ')} |`);
if (perQueryPrefix)
  for (const [s, name] of names.entries())
    await writeFile(
      `${perQueryPrefix}-${name}.json`,
      JSON.stringify({
        set: name,
        split: 'train',
        queries: prepared[s]!.set.queries.map((q) => q.id),
        rows: Object.fromEntries([...rows].map(([label, values]) => [label, inQueryOrder(values[s]!)])),
      }),
    );
for (const state of states) await state.store.close();
