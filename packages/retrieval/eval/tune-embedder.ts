/**
 * Tunes the local embedder's weighting on SciFact *train* queries with a brute-force in-memory vector
 * search over sentences (no store, no pipeline), and measures what a smaller vocabulary costs.
 * Run: pnpm --filter @cae/retrieval exec tsx --conditions=@cae/source eval/tune-embedder.ts [train|test]
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { normalizeInPlace } from '../src/embedder';
import { createLocalEmbedder, type LocalEmbedderOptions } from '../src/embedder-local';
import { loadBeirSet, type Split } from './eval-data';
import { documentsByBestClause, mean, ndcgAt, recallAt } from './eval-metrics';

const split = (process.argv[2] ?? 'train') as Split;
const grid = process.argv[3] ?? 'weights';
const set = await loadBeirSet('scifact', split);
const units: { documentId: string; text: string }[] = [];
for (const document of set.corpus) {
  if (document.title) units.push({ documentId: document.id, text: document.title });
  for (const sentence of document.text.split(/(?<=[.!?])\s+(?=[A-Z0-9])/))
    units.push({ documentId: document.id, text: sentence });
}
console.log(`${split}: ${set.queries.length} queries, ${units.length} sentence units`);

async function score(options: LocalEmbedderOptions & { documentWeight?: number }) {
  const embedder = createLocalEmbedder({ cacheDir: join(tmpdir(), 'cae-retrieval-tune'), ...options });
  const vectors = await embedder.embed(units.map((unit) => unit.text));
  if (options.documentWeight) {
    const documentVectors = new Map<string, Float32Array>();
    const embedded = await embedder.embed(
      set.corpus.map((document) => `${document.title}. ${document.text}`),
    );
    set.corpus.forEach((document, index) => {
      documentVectors.set(document.id, embedded[index]!);
    });
    vectors.forEach((vector, index) => {
      const documentVector = documentVectors.get(units[index]!.documentId)!;
      for (let d = 0; d < 100; d++) vector[d]! += options.documentWeight! * documentVector[d]!;
      normalizeInPlace(vector);
    });
  }
  const matrix = new Float32Array(units.length * 100);
  vectors.forEach((vector, index) => {
    matrix.set(vector, index * 100);
  });
  const queryVectors = await embedder.embed(set.queries.map((query) => query.text));
  const ndcg: number[] = [];
  const recall: number[] = [];
  const scores = new Float32Array(units.length);
  set.queries.forEach((query, queryIndex) => {
    const q = queryVectors[queryIndex]!;
    for (let row = 0; row < units.length; row++) {
      let sum = 0;
      const offset = row * 100;
      for (let d = 0; d < 100; d++) sum += matrix[offset + d]! * q[d]!;
      scores[row] = sum;
    }
    const order = [...scores.keys()].sort((left, right) => scores[right]! - scores[left]!).slice(0, 2000);
    const documents = documentsByBestClause(order.map((row) => units[row]!.documentId));
    const relevant = set.qrels.get(query.id)!;
    ndcg.push(ndcgAt(documents, relevant, 10));
    recall.push(recallAt(documents, relevant, 100));
  });
  return { ndcg: mean(ndcg), recall: mean(recall) };
}

const configs: (LocalEmbedderOptions & { documentWeight?: number })[] =
  grid === 'vocab'
    ? [30_000, 60_000, 120_000, 200_000, 341_479].map((vocabularySize) => ({ vocabularySize }))
    : grid === 'vocab-report'
      ? [120_000, 341_479].flatMap((vocabularySize) => [
          { vocabularySize },
          { vocabularySize, unknownWordWeight: 0 },
        ])
      : grid === 'common'
        ? [{}, { removeCommonComponent: true }, { removeCommonComponent: true, sifA: 3e-4 }]
        : grid === 'document'
          ? [{ documentWeight: 0.5 }, { documentWeight: 1 }, { documentWeight: 2 }]
          : grid === 'weights2'
            ? [
                { sifA: 3e-5, unknownWordWeight: 2 },
                { sifA: 1e-4, unknownWordWeight: 2 },
                { sifA: 1e-4, unknownWordWeight: 3 },
                { sifA: 1e-5, unknownWordWeight: 2 },
              ]
            : [
                { sifA: 1e-4 },
                { sifA: 3e-4 },
                { sifA: 1e-3 },
                { sifA: 3e-3 },
                { sifA: 3e-4, stopWordFactor: 1 },
                { sifA: 3e-4, stopWordFactor: 0 },
                { sifA: 3e-4, unknownWordWeight: 0 },
                { sifA: 3e-4, unknownWordWeight: 0.5 },
                { sifA: 3e-4, unknownWordWeight: 2 },
              ];
for (const config of configs) {
  const result = await score(config);
  console.log(
    JSON.stringify(config),
    `nDCG@10 ${result.ndcg.toFixed(4)} recall@100 ${result.recall.toFixed(4)}`,
  );
}
