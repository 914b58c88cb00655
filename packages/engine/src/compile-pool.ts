import { Worker } from 'node:worker_threads';
import { type AnnotatedClause, CaeError, type ErrorCode, type TextFormat } from '@cae/core';
import type { EncodedClauses } from '@cae/store-drizzle/encode';

/** A document to compile in a worker. */
export interface CompileJob {
  text: string;
  documentId: string;
  sourceType: string;
  format: TextFormat;
}

/**
 * Worker threads that run the default pipeline, so `ingestMany` compiles the next documents while
 * the main thread embeds and writes the previous ones (PGlite runs on the main thread).
 */
export interface CompilePool {
  /**
   * The clauses of `job`, compiled by a worker; `inProcess` compiles it here instead when the
   * workers cannot run (they failed to start or died), so a job is never lost.
   */
  compile(job: CompileJob, inProcess: () => AnnotatedClause[]): Promise<AnnotatedClause[]>;
  /**
   * The clauses of `job` compiled and encoded for the store by a worker (`encodeClauses`), so the
   * thread that writes neither compiles nor encodes them; `inProcess` does both here when the workers
   * cannot run.
   */
  compileEncoded(job: CompileJob, inProcess: () => EncodedClauses): Promise<EncodedClauses>;
  /**
   * Compiles here (its `inProcess`) the oldest job no worker has started yet; false when none waits.
   * A caller that would otherwise wait for the workers compiles beside them instead: with 2 cores,
   * the main thread and one worker compile together while there is nothing to write. `accept`
   * limits it to the oldest waiting job it accepts (the documents the caller waits for), so the
   * jobs after them stay for the workers, which compile them while the caller writes.
   */
  runQueuedHere(accept?: (job: CompileJob) => boolean): boolean;
  close(): Promise<void>;
}

interface Pending {
  job: CompileJob & { id: number; encode: boolean };
  inProcess: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

interface Answer {
  id?: number;
  ready?: boolean;
  clauses?: AnnotatedClause[];
  encoded?: EncodedClauses;
  error?: { code?: string; message: string; statusCode?: number; details?: unknown };
}

/**
 * Jobs sent to a worker at a time: the one it compiles and the next, so it never waits for this
 * thread between two documents. Only jobs not yet sent can be taken back by `runQueuedHere`.
 */
const WORKER_JOBS = 2;

/** The worker script: a plain module beside src/ and dist/, so both find it at the same place. */
const WORKER_URL = new URL('../worker/compile-worker.mjs', import.meta.url);

/** Run from TypeScript sources (tests, benches): the worker loads the pipeline's sources with tsx. */
const FROM_SOURCE = import.meta.url.endsWith('.ts');

/** Starts `size` compile workers running `createPipeline({ maxLength })`. */
export function createCompilePool(size: number, maxLength: number): CompilePool {
  const queue: Pending[] = [];
  /** The workers that said they are ready. */
  const ready: Worker[] = [];
  /** The jobs sent to each worker, oldest (the one it runs) first; it answers them in order. */
  const running = new Map<Worker, Pending[]>();
  const workers: Worker[] = [];
  let nextId = 0;
  let broken = false;
  let closed = false;

  /** Workers unavailable: every waiting job (and each later one) is compiled in-process. */
  const fallBack = (pending: Pending) => {
    try {
      pending.resolve(pending.inProcess());
    } catch (error) {
      pending.reject(error);
    }
  };

  const breakPool = () => {
    broken = true;
    for (const sent of running.values()) for (const pending of sent) fallBack(pending);
    running.clear();
    ready.length = 0;
    for (const pending of queue.splice(0)) fallBack(pending);
    for (const worker of workers) void worker.terminate();
  };

  /**
   * Sends waiting jobs to the ready workers, up to WORKER_JOBS each, the least busy first. A worker
   * holds its next job while it compiles one, so it starts it at once instead of waiting for this
   * thread to read its answer (this thread compiles and writes in long synchronous stretches).
   */
  const dispatch = () => {
    while (queue.length > 0) {
      let worker: Worker | null = null;
      for (const candidate of ready) {
        const load = running.get(candidate)!.length;
        if (load < WORKER_JOBS && (worker === null || load < running.get(worker)!.length)) worker = candidate;
      }
      if (!worker) return;
      const pending = queue.shift()!;
      running.get(worker)!.push(pending);
      worker.postMessage(pending.job);
    }
  };

  for (let index = 0; index < size; index++) {
    const worker = new Worker(WORKER_URL, { workerData: { maxLength, source: FROM_SOURCE } });
    workers.push(worker);
    // An idle worker does not keep the process alive.
    worker.unref();
    worker.on('message', (answer: Answer) => {
      if (answer.ready) {
        running.set(worker, []);
        ready.push(worker);
        dispatch();
        return;
      }
      // Answers come in the order the jobs were sent; one after a close or break finds none.
      const sent = running.get(worker);
      const pending = sent && sent[0]?.job.id === answer.id ? sent.shift() : undefined;
      if (pending) {
        if (answer.error) {
          const { code, message, statusCode, details } = answer.error;
          pending.reject(
            code
              ? new CaeError(code as ErrorCode, message, {
                  ...(statusCode === undefined ? {} : { statusCode }),
                  ...(details === undefined ? {} : { details }),
                })
              : new Error(message),
          );
        } else pending.resolve(pending.job.encode ? answer.encoded : (answer.clauses ?? []));
      }
      dispatch();
    });
    worker.on('error', () => {
      if (!closed && !broken) breakPool();
    });
    worker.on('exit', () => {
      if (!closed && !broken) breakPool();
    });
  }

  const run = <T>(job: CompileJob, encode: boolean, inProcess: () => T): Promise<T> => {
    if (broken || closed) return Promise.resolve().then(inProcess);
    return new Promise<T>((resolve, reject) => {
      queue.push({
        job: { ...job, id: nextId++, encode },
        inProcess,
        resolve: resolve as (value: unknown) => void,
        reject,
      });
      dispatch();
    });
  };

  return {
    compile: (job, inProcess) => run(job, false, inProcess),
    compileEncoded: (job, inProcess) => run(job, true, inProcess),
    runQueuedHere(accept) {
      const index = accept ? queue.findIndex((pending) => accept(pending.job)) : 0;
      if (index < 0 || index >= queue.length) return false;
      const [pending] = queue.splice(index, 1);
      fallBack(pending!);
      return true;
    },
    async close() {
      closed = true;
      for (const sent of running.values()) for (const pending of sent) fallBack(pending);
      running.clear();
      ready.length = 0;
      for (const pending of queue.splice(0)) fallBack(pending);
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}
