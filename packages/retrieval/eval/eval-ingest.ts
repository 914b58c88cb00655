import type { AnnotatedClauseInput } from '@cae/core';
import type { Pipeline } from '@cae/pipeline';
import type { Store } from '@cae/store-drizzle';
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

/**
 * Compiles each document with the pipeline, embeds its clauses (when an embedder is given) and saves it
 * in one transaction, inside the store's bulk load (index rebuilt once at the end).
 */
export async function ingestCorpus(options: {
  store: Store;
  pipeline: Pipeline;
  embedder?: Embedder;
  corpus: readonly BeirDocument[];
  /** Document context mixed into clause vectors (see embedClauses). */
  contextWeight?: number;
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
  const started = performance.now();
  let peak = process.memoryUsage().rss;
  await options.store.bulkLoad(async () => {
    for (const document of options.corpus) {
      let mark = performance.now();
      let clauses: AnnotatedClauseInput[];
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
      mark = performance.now();
      await options.store.saveDocument({
        documentId: document.id,
        clauses,
        ...(embeddings ? { embeddings } : {}),
      });
      figures.storeMs += performance.now() - mark;
      figures.documents++;
      figures.clauses += clauses.length;
      if (figures.documents % 250 === 0) {
        peak = Math.max(peak, process.memoryUsage().rss);
        options.onProgress?.(figures.documents, figures.clauses);
      }
    }
  });
  figures.totalMs = performance.now() - started;
  figures.peakRssMb = Math.round(Math.max(peak, process.memoryUsage().rss) / 2 ** 20);
  return figures;
}
