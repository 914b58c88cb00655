/**
 * One ingest of the SciFact corpus in a fresh process (run by bench/run.ts), so its peak RSS is its
 * own: `ingest-run.ts <url> <documents> <embed: 0|1> <embeddingsCacheDir>`. A `file://` url is a fresh
 * persisted PGlite (the default deployment); prints JSON IngestFigures plus `maxRssMb`, or
 * `{ skipped }` when the store cannot hold embeddings.
 */
import { createPipeline } from '@cae/pipeline';
import { createStore } from '@cae/store-drizzle';
import { loadBeirSet } from '../eval/eval-data';
import { ingestCorpus } from '../eval/eval-ingest';
import { createLocalEmbedder } from '../src/embedder-local';

const [url, documents, embed, cacheDir] = process.argv.slice(2);
if (!url || !documents || !embed || !cacheDir) {
  throw new Error('usage: ingest-run.ts <url> <documents> <embed: 0|1> <embeddingsCacheDir>');
}
const corpus = (await loadBeirSet('scifact', 'test')).corpus.slice(0, Number(documents));
const pipeline = createPipeline();
const embedder = embed === '1' ? createLocalEmbedder({ cacheDir }) : undefined;
await embedder?.load();
const store = await createStore({ url, semanticEdges: false });
try {
  if (embedder) {
    const refused = await store
      .enableEmbeddings({ dimension: embedder.dimension, embedderId: embedder.id })
      .then(
        () => null,
        (error: Error) => error.message,
      );
    if (refused !== null) {
      console.log(JSON.stringify({ skipped: refused }));
      process.exit(0);
    }
  }
  const figures = await ingestCorpus({ store, pipeline, corpus, ...(embedder ? { embedder } : {}) });
  console.log(JSON.stringify({ ...figures, maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024) }));
} finally {
  await store.close();
}
