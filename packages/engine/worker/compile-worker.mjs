// A compile worker of @cae/engine (see src/compile-pool.ts): runs the default pipeline on the texts
// it is sent and answers with the clauses (or, for a job marked `encode`, with them encoded as the
// store writes them, so the thread that writes does not encode), or with the error as plain fields.
import { parentPort, workerData } from 'node:worker_threads';

// Run from the TypeScript sources (tests, benches in the repository): the pipeline's sources need
// tsx's loader, which a worker does not inherit from its parent on Node 20.
if (workerData.source) {
  const { register } = await import('tsx/esm/api');
  register();
}
const { createPipeline } = await import('@cae/pipeline');
const { encodeClauses } = await import('@cae/store-drizzle/encode');

const pipeline = createPipeline({ maxLength: workerData.maxLength });
// Loads the parser's model now, not on the first document.
pipeline.compile('Warm up.', { documentId: 'warm-up', sourceType: 'document' });

parentPort.on('message', (job) => {
  try {
    const clauses = pipeline.compile(job.text, {
      documentId: job.documentId,
      sourceType: job.sourceType,
      format: job.format,
    });
    if (job.encode) parentPort.postMessage({ id: job.id, encoded: encodeClauses(clauses) });
    else parentPort.postMessage({ id: job.id, clauses });
  } catch (error) {
    const fields = error && typeof error === 'object' ? error : { message: String(error) };
    parentPort.postMessage({
      id: job.id,
      error: {
        code: fields.code,
        message: fields.message ?? String(error),
        statusCode: fields.statusCode,
        details: fields.details === undefined ? undefined : JSON.parse(JSON.stringify(fields.details)),
      },
    });
  }
});
parentPort.postMessage({ ready: true });
