import type { AnnotatedClause } from '@cae/core';
import type { Pipeline } from '@cae/pipeline';
import type { SaveDocumentInput, Store } from '@cae/store-drizzle';
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
    let batch: SaveDocumentInput[] = [];
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
