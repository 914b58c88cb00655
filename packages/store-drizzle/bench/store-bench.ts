/**
 * Storing throughput of @cae/store-drizzle: synthetic clauses (and random 100-d embeddings) on
 * in-memory PGlite, one by one and in batches (saveDocuments), and on the Postgres server of
 * DATABASE_URL when set (without embeddings).
 * Run: pnpm --filter @cae/store-drizzle bench   (BENCH_CLAUSES, BENCH_DOCUMENT_SIZE to resize)
 */

import { createStore, type StoreOptions } from '../src/index';
import { makeDocument, randomEmbeddings } from '../test/clause-fixtures';
import { createTestDatabase } from '../test/postgres-databases';

const totalClauses = Number(process.env.BENCH_CLAUSES ?? 4000);
const documentSize = Number(process.env.BENCH_DOCUMENT_SIZE ?? 200);
const dimension = 100;

async function run(
  label: string,
  options: StoreOptions,
  withEmbeddings: boolean,
  bulk = false,
  /** Documents per saveDocuments call; 0 saves them one by one. */
  batch = 0,
): Promise<void> {
  const store = await createStore(options);
  try {
    if (withEmbeddings) await store.enableEmbeddings({ dimension, embedderId: 'bench-random-100' });
    const documents = Math.ceil(totalClauses / documentSize);
    const inputs = Array.from({ length: documents }, (_, index) => {
      const documentId = `bench-${index}`;
      const clauses = makeDocument(documentId, documentSize);
      return {
        documentId,
        clauses,
        ...(withEmbeddings ? { embeddings: randomEmbeddings(documentSize, dimension, index + 1) } : {}),
      };
    });
    const started = performance.now();
    let edges = 0;
    const saveAll = async () => {
      if (batch > 0) {
        for (let start = 0; start < inputs.length; start += batch) {
          for (const result of await store.saveDocuments(inputs.slice(start, start + batch)))
            edges += result.semanticEdgeCount;
        }
        return;
      }
      for (const input of inputs) edges += (await store.saveDocument(input)).semanticEdgeCount;
    };
    if (bulk) await store.bulkLoad(saveAll);
    else await saveAll();
    const seconds = (performance.now() - started) / 1000;
    const stored = documents * documentSize;
    const queryStarted = performance.now();
    for (let i = 0; i < 20; i++)
      await store.keywordCandidates('tenant deposit protein expression trial', {}, 10);
    const keywordMs = (performance.now() - queryStarted) / 20;
    let vectorMs: number | null = null;
    if (withEmbeddings) {
      const queries = randomEmbeddings(20, dimension, 4242);
      const vectorStarted = performance.now();
      for (const query of queries) await store.vectorCandidates(query, {}, 10);
      vectorMs = (performance.now() - vectorStarted) / 20;
    }
    console.log(
      JSON.stringify({
        label,
        clauses: stored,
        documentSize,
        seconds: Number(seconds.toFixed(2)),
        clausesPerSecond: Math.round(stored / seconds),
        semanticEdges: edges,
        keywordQueryMs: Number(keywordMs.toFixed(1)),
        vectorQueryMs: vectorMs === null ? null : Number(vectorMs.toFixed(1)),
      }),
    );
  } finally {
    await store.close();
  }
}

await run('pglite, no embeddings', { url: 'memory://' }, false);
await run('pglite, 100-d embeddings, no semantic edges', { url: 'memory://', semanticEdges: false }, true);
await run('pglite, 100-d embeddings + semantic edges', { url: 'memory://' }, true);
await run('pglite, 100-d embeddings + semantic edges, bulkLoad', { url: 'memory://' }, true, true);
await run(
  'pglite, 100-d embeddings + semantic edges, bulkLoad, saveDocuments of 10',
  { url: 'memory://' },
  true,
  true,
  10,
);
if (process.env.DATABASE_URL) {
  const database = await createTestDatabase(process.env.DATABASE_URL);
  try {
    await run('postgres, no embeddings', { url: database.url }, false);
  } finally {
    await database.drop();
  }
}
