import { CaeError } from '@cae/core';
import { createPipeline } from '@cae/pipeline';
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
