import { CaeError } from '@cae/core';
import { createPipeline } from '@cae/pipeline';
import { encodeClauses } from '@cae/store-drizzle/encode';
import { afterAll, describe, expect, it } from 'vitest';
import { createCompilePool } from './compile-pool';

const LEASE =
  'The tenant must pay the deposit before moving in. Did the landlord return the deposit? Please send the keys.';

describe('createCompilePool', () => {
  const pool = createCompilePool(2, 1_000);
  const pipeline = createPipeline({ maxLength: 1_000 });
  afterAll(() => pool.close());
  const notHere = () => {
    throw new Error('compiled in-process, not by a worker');
  };

  it('compiles in worker threads what the pipeline compiles in-process, documents in any number', async () => {
    const jobs = Array.from({ length: 6 }, (_, index) => ({
      text: `${LEASE} Clause ${index} of the lease.`,
      documentId: `lease-${index}`,
      sourceType: 'document',
      format: 'text' as const,
    }));
    const compiled = await Promise.all(jobs.map((job) => pool.compile(job, notHere)));
    for (const [index, job] of jobs.entries()) {
      const here = pipeline.compile(job.text, job);
      expect(compiled[index]!.length).toBe(here.length);
      // Everything but the clause ids (random) and the times of compiling.
      const comparable = (clauses: typeof here) =>
        JSON.parse(
          JSON.stringify(clauses, (key, value) =>
            key === 'id' || key === 'compiledAt' || key === 'generatedAt'
              ? undefined
              : key === 'parentClauseId'
                ? value !== null
                : value,
          ),
        );
      expect(comparable(compiled[index]!)).toEqual(comparable(here));
    }
  }, 120_000);

  it('gives a document the same clauses in a worker as in a process that compiled other documents first', async () => {
    // The bulk route compiled 300 SciFact abstracts to 5,205 clauses in-process and 5,206 on workers:
    // wink-nlp's memory of unknown words ("..") changed how a later document was cut into tokens.
    const job = {
      text: 'Long noncoding RNA promotes growth and stem cell-like property of liver cells by stabilizing NOP7.. UNLABELLED Many genes are expressed in fetal liver and silenced in adult liver.',
      documentId: 'nop7',
      sourceType: 'document',
      format: 'text' as const,
    };
    const inWorker = await pool.compile(job, notHere);
    // An earlier document of this process with the same unknown words ("NOP7", "..").
    pipeline.compile(job.text, { ...job, documentId: 'earlier' });
    const here = pipeline.compile(job.text, job);
    // The tokens too ("NOP7" "." "." against "NOP7" ".."), not only the clause texts.
    const tokens = (clauses: typeof here) =>
      clauses.map((clause) => clause.syntactic.tokens.map((token) => [token.text, token.pos]));
    expect(tokens(inWorker)).toEqual(tokens(here));
    expect(inWorker.map((clause) => clause.text)).toEqual(here.map((clause) => clause.text));
  }, 120_000);

  it("gives a document's pipeline error back as the same error (code, status, message)", async () => {
    const tooLong = {
      text: 'x'.repeat(1_001),
      documentId: 'long',
      sourceType: 'document',
      format: 'text' as const,
    };
    const error = await pool.compile(tooLong, notHere).catch((caught: unknown) => caught);
    let expected: unknown;
    try {
      pipeline.compile(tooLong.text, tooLong);
    } catch (caught) {
      expected = caught;
    }
    expect(CaeError.isInstance(error)).toBe(true);
    expect(CaeError.isInstance(expected)).toBe(true);
    const fields = (value: unknown) => {
      const { code, statusCode, message } = value as CaeError;
      return { code, statusCode, message };
    };
    expect(fields(error)).toEqual(fields(expected));
    expect(fields(error).code).toBe('payload_too_large');
  }, 60_000);

  it('encodes in the worker what the store would encode here, and lets the caller compile queued jobs itself', async () => {
    const single = createCompilePool(1, 1_000);
    try {
      const jobs = Array.from({ length: 5 }, (_, index) => ({
        text: `${LEASE} Clause ${index} of the lease.`,
        documentId: `encoded-${index}`,
        sourceType: 'document',
        format: 'text' as const,
      }));
      const stolen: string[] = [];
      const pending = jobs.map((job) =>
        single.compileEncoded(job, () => {
          stolen.push(job.documentId);
          return encodeClauses(pipeline.compile(job.text, job));
        }),
      );
      // One worker: the jobs it has not started wait, and this thread takes them.
      let taken = 0;
      while (single.runQueuedHere()) taken++;
      expect(taken).toBeGreaterThan(0);
      expect(stolen).toHaveLength(taken);
      expect(single.runQueuedHere()).toBe(false);
      const encoded = await Promise.all(pending);
      for (const [index, job] of jobs.entries()) {
        const here = encodeClauses(pipeline.compile(job.text, job));
        // Everything but the clause ids (random) and the times of compiling.
        const comparable = (rows: typeof here.rows) =>
          rows.map(({ id, parentClauseId, compiledAt, ...rest }) => ({
            ...rest,
            parent: parentClauseId !== null,
          }));
        expect(encoded[index]!.format).toBe(here.format);
        expect(comparable(encoded[index]!.rows)).toEqual(comparable(here.rows));
      }
    } finally {
      await single.close();
    }
  }, 120_000);

  it('runQueuedHere(accept) takes only the waiting jobs it accepts, leaving the others to the workers', async () => {
    const single = createCompilePool(1, 1_000);
    try {
      const jobs = Array.from({ length: 6 }, (_, index) => ({
        text: `${LEASE} Clause ${index} of the lease.`,
        documentId: index % 2 === 0 ? `mine-${index}` : `later-${index}`,
        sourceType: 'document',
        format: 'text' as const,
      }));
      const here: string[] = [];
      const pending = jobs.map((job) =>
        single.compile(job, () => {
          here.push(job.documentId);
          return pipeline.compile(job.text, job);
        }),
      );
      const mine = (job: { documentId: string }) => job.documentId.startsWith('mine-');
      while (single.runQueuedHere(mine));
      // Every job this thread took is one it accepted; the accepted ones still waiting are none.
      expect(here.every((documentId) => documentId.startsWith('mine-'))).toBe(true);
      expect(single.runQueuedHere(mine)).toBe(false);
      // The other jobs are left for the worker (one of them may be running on it already).
      const compiled = await Promise.all(pending);
      expect(compiled.every((clauses) => clauses.length > 0)).toBe(true);
      expect(here.some((documentId) => documentId.startsWith('later-'))).toBe(false);
    } finally {
      await single.close();
    }
  }, 120_000);

  it('sends a ready worker its next job with the one it compiles, so it does not wait for this thread between two', async () => {
    const single = createCompilePool(1, 1_000);
    try {
      const job = (index: number) => ({
        text: `${LEASE} Clause ${index} of the lease.`,
        documentId: `ahead-${index}`,
        sourceType: 'document',
        format: 'text' as const,
      });
      // Once the worker has answered a job it is ready, and jobs go to it as they are queued.
      await single.compile(job(0), notHere);
      const here: string[] = [];
      const pending = [1, 2, 3, 4, 5].map((index) =>
        single.compile(job(index), () => {
          here.push(job(index).documentId);
          return pipeline.compile(job(index).text, job(index));
        }),
      );
      while (single.runQueuedHere());
      // The worker holds two (the one it compiles and the next); this thread took the other three.
      expect(here).toEqual(['ahead-3', 'ahead-4', 'ahead-5']);
      const compiled = await Promise.all(pending);
      expect(compiled.map((clauses) => clauses[0]?.documentId)).toEqual(
        [1, 2, 3, 4, 5].map((i) => `ahead-${i}`),
      );
    } finally {
      await single.close();
    }
  }, 120_000);

  it('compiles in-process once closed, so no job is lost', async () => {
    const closed = createCompilePool(1, 1_000);
    await closed.close();
    const clauses = await closed.compile(
      { text: LEASE, documentId: 'after-close', sourceType: 'document', format: 'text' },
      () => pipeline.compile(LEASE, { documentId: 'after-close', sourceType: 'document' }),
    );
    expect(clauses.map((clause) => clause.text)).toEqual(
      pipeline
        .compile(LEASE, { documentId: 'after-close', sourceType: 'document' })
        .map((clause) => clause.text),
    );
  });
});
