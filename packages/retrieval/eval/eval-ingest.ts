import { createHash } from 'node:crypto';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { AnnotatedClause } from '@cae/core';
import type { Pipeline } from '@cae/pipeline';
import { createStore, type SaveDocumentInput, type Store } from '@cae/store-drizzle';
import type { Embedder } from '../src/embedder';
import { embedClauses } from '../src/embedder-context';
import type { BeirDocument } from './eval-data';

export interface IngestFigures {
  documents: number;
  clauses: number;
  compileMs: number;
  embedMs: number;
  storeMs: number;
  totalMs: number;
  peakRssMb: number;
  /** Documents the pipeline failed on, with the error message. */
  failedDocuments: string[];
}

/** Title and text as one compiled document, the title its own first sentence. */
export function documentText(document: BeirDocument): string {
  const title = document.title.trim();
  if (!title) return document.text;
  return `${/[.!?]$/.test(title) ? title : `${title}.`}\n\n${document.text}`;
}

/** Documents saved per `saveDocuments` call by default. */
export const INGEST_BATCH_DOCUMENTS = 50;

/**
 * Compiles each document with the pipeline and embeds its clauses (when an embedder is given), then
 * saves the documents in batches (`saveDocuments`: one transaction and one insert per table for a
 * batch), inside the store's bulk load (postings and index built once at the end).
 */
export async function ingestCorpus(options: {
  store: Store;
  pipeline: Pipeline;
  embedder?: Embedder;
  corpus: readonly BeirDocument[];
  /** Document context mixed into clause vectors (see embedClauses). */
  contextWeight?: number;
  /** Documents per saveDocuments call; default 50. */
  batchSize?: number;
  onProgress?: (done: number, clauses: number) => void;
}): Promise<IngestFigures> {
  const figures: IngestFigures = {
    documents: 0,
    clauses: 0,
    compileMs: 0,
    embedMs: 0,
    storeMs: 0,
    totalMs: 0,
    peakRssMb: 0,
    failedDocuments: [],
  };
  const batchSize = options.batchSize ?? INGEST_BATCH_DOCUMENTS;
  if (!Number.isInteger(batchSize) || batchSize < 1)
    throw new RangeError('batchSize must be a positive integer');
  const started = performance.now();
  let peak = process.memoryUsage().rss;
  await options.store.bulkLoad(async () => {
    let batch: Extract<SaveDocumentInput, { clauses: unknown }>[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      const mark = performance.now();
      await options.store.saveDocuments(batch);
      figures.storeMs += performance.now() - mark;
      const before = figures.documents;
      figures.documents += batch.length;
      figures.clauses += batch.reduce((sum, input) => sum + input.clauses.length, 0);
      batch = [];
      if (Math.floor(figures.documents / 250) > Math.floor(before / 250)) {
        peak = Math.max(peak, process.memoryUsage().rss);
        options.onProgress?.(figures.documents, figures.clauses);
      }
    };
    for (const document of options.corpus) {
      let mark = performance.now();
      let clauses: AnnotatedClause[];
      try {
        clauses = options.pipeline.compile(documentText(document), { documentId: document.id });
      } catch (error) {
        // A pipeline bug must not end a long run; the report names how many documents it lost.
        figures.failedDocuments.push(
          `${document.id}: ${error instanceof Error ? error.message : String(error)}`,
        );
        continue;
      } finally {
        figures.compileMs += performance.now() - mark;
      }
      let embeddings: Float32Array[] | undefined;
      if (options.embedder && clauses.length > 0) {
        mark = performance.now();
        embeddings = await embedClauses(
          options.embedder,
          clauses.map((clause) => clause.text),
          { contextWeight: options.contextWeight ?? 0.5 },
        );
        figures.embedMs += performance.now() - mark;
      }
      batch.push({ documentId: document.id, clauses, ...(embeddings ? { embeddings } : {}) });
      if (batch.length >= batchSize) await flush();
    }
    await flush();
  });
  figures.totalMs = performance.now() - started;
  figures.peakRssMb = Math.round(Math.max(peak, process.memoryUsage().rss) / 2 ** 20);
  return figures;
}

/** Short hash of @cae/pipeline's source files: the clauses change when they do. */
export async function pipelineFingerprint(): Promise<string> {
  const root = resolve(import.meta.dirname, '../../pipeline/src');
  const files = (await readdir(root, { recursive: true }))
    .filter((file) => (file.endsWith('.ts') && !file.endsWith('.test.ts')) || file.endsWith('.json'))
    .sort();
  const hash = createHash('sha1');
  for (const file of files) hash.update(file).update(await readFile(join(root, file)));
  return hash.digest('hex').slice(0, 10);
}

/**
 * The store of a corpus, with its clauses embedded, persisted under the temp directory and reused by
 * later runs of any evaluation (ingesting SciFact takes many minutes). The name carries a hash of the
 * pipeline sources and the embedder id, so a changed pipeline re-ingests; CAE_EVAL_FRESH=1 forces it.
 */
export async function openCorpusStore(options: {
  name: string;
  corpus: readonly BeirDocument[];
  pipeline: Pipeline;
  embedder: Embedder;
}): Promise<{ store: Store; storeDir: string; figures: IngestFigures; reused: boolean }> {
  const { embedder } = options;
  const storeDir = join(
    tmpdir(),
    `cae-retrieval-eval-store-${options.name}-${await pipelineFingerprint()}-${embedder.id.replace(/[^a-z0-9]+/gi, '-')}`,
  );
  const marker = join(storeDir, 'cae-eval-ingest.json');
  const kept = process.env.CAE_EVAL_FRESH
    ? undefined
    : await readFile(marker, 'utf8').then(
        (text) => JSON.parse(text) as IngestFigures,
        () => undefined,
      );
  if (kept) {
    const store = await createStore({ url: `file://${storeDir}`, semanticEdges: false });
    return { store, storeDir, figures: kept, reused: true };
  }
  await rm(storeDir, { recursive: true, force: true });
  const store = await createStore({ url: `file://${storeDir}`, semanticEdges: false });
  await store.enableEmbeddings({ dimension: embedder.dimension, embedderId: embedder.id });
  const figures = await ingestCorpus({
    store,
    pipeline: options.pipeline,
    embedder,
    corpus: options.corpus,
    onProgress: (done, clauses) => process.stdout.write(`\r  ingested ${done} documents, ${clauses} clauses`),
  });
  await writeFile(marker, JSON.stringify(figures));
  return { store, storeDir, figures, reused: false };
}
