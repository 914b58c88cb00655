import { InvalidRequestError } from '@cae/core';
import { describe, expect, it } from 'vitest';
import { createFakeCandidateSource, fakeClause } from './__fixtures__/fake-candidate-source';
import type { Embedder } from './embedder';
import { createRetriever, LOCAL_EMBEDDER_FUSION } from './retriever';

const axis = (index: number) => Float32Array.from({ length: 3 }, (_, d) => (d === index ? 1 : 0));

// Vectors: c1 is nearest to the query direction (axis 0), c3 next; keywords: c2 best, c1 next.
const clauses = [
  fakeClause({ clauseId: 'c1', text: 'Aspirin lowers fever.', embedding: Float32Array.from([0.9, 0.1, 0]) }),
  fakeClause({
    clauseId: 'c2',
    text: 'Aspirin lowers fever in children quickly.',
    embedding: axis(2),
    mood: 'interrogative',
  }),
  fakeClause({ clauseId: 'c3', text: 'Rain falls in spring.', embedding: Float32Array.from([0.7, 0.7, 0]) }),
  fakeClause({ clauseId: 'c4', text: 'Unrelated text.' }),
];

const embedder: Embedder = {
  id: 'test:axis',
  dimension: 3,
  async embed(texts) {
    return texts.map(() => axis(0));
  },
};

describe('createRetriever', () => {
  it('fuses vector and keyword ranks with null where a clause is missing from a list', async () => {
    const { source } = createFakeCandidateSource(clauses);
    // The defaults fuse by plain RRF (ARCHITECTURE.md's sum of 1 / (k + rank)); feedback off here.
    const retriever = createRetriever({ source, embedder, feedback: false });
    const results = await retriever.retrieve({ query: 'aspirin fever children' });
    expect(results.map((result) => [result.clauseId, result.semanticRank, result.keywordRank])).toEqual([
      ['c1', 1, 2],
      ['c2', 3, 1],
      ['c3', 2, null],
    ]);
    expect(results[0]?.rrfScore).toBeCloseTo(1 / 61 + 1 / 62);
    expect(results[1]).toMatchObject({ text: clauses[1]!.text, mood: 'interrogative', documentId: 'doc-1' });
  });

  it('weights the lists and lifts clauses whose document both lists rank high', async () => {
    // Vector list: v1 (doc-a), v2 (doc-b); keyword list: k1 (doc-b), k2 (doc-a), k3 (doc-c).
    // The k clauses have no vectors, so each clause is in one list only.
    const docs = [
      fakeClause({ clauseId: 'v1', text: 'alpha', documentId: 'doc-a', embedding: axis(0) }),
      fakeClause({
        clauseId: 'v2',
        text: 'beta',
        documentId: 'doc-b',
        embedding: Float32Array.from([0.8, 0.6, 0]),
      }),
      fakeClause({ clauseId: 'k1', text: 'query words query', documentId: 'doc-b' }),
      fakeClause({ clauseId: 'k2', text: 'query words', documentId: 'doc-a' }),
      fakeClause({ clauseId: 'k3', text: 'query', documentId: 'doc-c' }),
    ];
    const { source } = createFakeCandidateSource(docs);
    const base = { source, embedder, feedback: false as const, candidateLimit: 2 };
    const ids = async (options: Parameters<typeof createRetriever>[0]) =>
      (await createRetriever(options).retrieve({ query: 'query words', limit: 4 })).map((r) => [
        r.clauseId,
        r.rrfScore,
      ]);
    // Weighted RRF without context: the keyword list's first clause beats the vector list's.
    const weighted = await ids({ ...base, weights: { vector: 0.5, keyword: 1 } });
    expect(weighted.map(([id]) => id)).toEqual(['k1', 'k2', 'k3', 'v1']);
    expect(weighted[0]?.[1]).toBeCloseTo(1 / 61, 6);
    expect(weighted[3]?.[1]).toBeCloseTo(0.5 / 61, 6);
    // Document context (weight 1, k 3): doc-b is 2nd in the vector list and 1st in the keyword list.
    const contextual = await ids({
      ...base,
      weights: { vector: 0.5, keyword: 1 },
      documentContext: { weight: 1, k: 3 },
    });
    const docB = 0.5 / 5 + 1 / 4;
    const docA = 0.5 / 4 + 1 / 5;
    expect(contextual.map(([id]) => id)).toEqual(['k1', 'v2', 'k2', 'v1']);
    expect(contextual[0]?.[1]).toBeCloseTo(1 / 61 + docB, 6);
    expect(contextual[1]?.[1]).toBeCloseTo(0.5 / 62 + docB, 6);
    expect(contextual[3]?.[1]).toBeCloseTo(0.5 / 61 + docA, 6);
    // The local-embedder preset is this weighting and context (with its own feedback).
    expect(await ids({ ...base, ...LOCAL_EMBEDDER_FUSION, feedback: false })).toEqual(contextual);
    // Without options: plain RRF, every list at weight 1, no context.
    const plain = await ids(base);
    // Ties (rank 1 in one list each) go to the vector list, the first one fused.
    expect(plain.map(([id]) => id)).toEqual(['v1', 'k1', 'v2', 'k2']);
    expect(plain[0]?.[1]).toBeCloseTo(1 / 61, 6);
    expect(plain[1]?.[1]).toBeCloseTo(1 / 61, 6);
    // Keyword mode keeps the keyword list's own order.
    const keywordOnly = await createRetriever(base).retrieve({
      query: 'query words',
      mode: 'keyword',
      limit: 2,
    });
    expect(keywordOnly.map((r) => r.clauseId)).toEqual(['k1', 'k2']);
    expect(() => createRetriever({ ...base, weights: { vector: -1 } })).toThrow(RangeError);
    expect(() => createRetriever({ ...base, documentContext: { weight: 1, k: Number.NaN } })).toThrow(
      RangeError,
    );
  });

  it("uses the embedder's declared weights unless the options or the request give others", async () => {
    const { source } = createFakeCandidateSource(clauses);
    const leaning: Embedder = { ...embedder, fusionWeights: { vector: 0.25, keyword: 1 } };
    const retriever = createRetriever({ source, embedder: leaning, feedback: false });
    expect(retriever.weights).toEqual({ vector: 0.25, keyword: 1 });
    const results = await retriever.retrieve({ query: 'aspirin fever children' });
    // c2 (keyword 1, vector 3) now beats c1 (vector 1, keyword 2): the keyword list leads.
    expect(results.map((result) => result.clauseId)).toEqual(['c2', 'c1', 'c3']);
    expect(results[0]?.rrfScore).toBeCloseTo(0.25 / 63 + 1 / 61);
    const balanced = await retriever.retrieve({ query: 'aspirin fever children', weights: { vector: 1 } });
    expect(balanced.map((result) => result.clauseId)).toEqual(['c1', 'c2', 'c3']);
    expect(balanced[0]?.rrfScore).toBeCloseTo(1 / 61 + 1 / 62);
    // A weight of 0 leaves its list out.
    const vectorsOff = await retriever.retrieve({ query: 'aspirin fever children', weights: { vector: 0 } });
    expect(vectorsOff.map((result) => [result.clauseId, result.semanticRank])).toEqual([
      ['c2', null],
      ['c1', null],
    ]);
    await expect(
      retriever.retrieve({ query: 'aspirin', weights: { vector: 0, keyword: 0 } }),
    ).rejects.toThrow(/weights.vector and weights.keyword must not both be 0/);
    await expect(retriever.retrieve({ query: 'aspirin', weights: { keyword: -2 } })).rejects.toBeInstanceOf(
      InvalidRequestError,
    );
    const configured = createRetriever({ source, embedder: leaning, weights: { keyword: 2 } });
    expect(configured.weights).toEqual({ vector: 0.25, keyword: 2 });
    expect(createRetriever({ source, embedder }).weights).toEqual({ vector: 1, keyword: 1 });
  });

  it('runs a single list in keyword or vector mode', async () => {
    const { source } = createFakeCandidateSource(clauses);
    const retriever = createRetriever({ source, embedder });
    const keyword = await retriever.retrieve({ query: 'aspirin fever children', mode: 'keyword' });
    expect(keyword.map((result) => [result.clauseId, result.semanticRank, result.keywordRank])).toEqual([
      ['c2', null, 1],
      ['c1', null, 2],
    ]);
    const vector = await retriever.retrieve({ query: 'aspirin', mode: 'vector', limit: 2 });
    expect(vector.map((result) => [result.clauseId, result.keywordRank])).toEqual([
      ['c1', null],
      ['c3', null],
    ]);
  });

  it('falls back to keywords without an embedder and refuses vector mode', async () => {
    const { source, calls } = createFakeCandidateSource(clauses);
    const retriever = createRetriever({ source });
    expect(retriever.hasVectors).toBe(false);
    expect((await retriever.retrieve({ query: 'aspirin' })).map((result) => result.clauseId)).toEqual([
      'c1',
      'c2',
    ]);
    expect(calls.vector).toHaveLength(0);
    await expect(retriever.retrieve({ query: 'aspirin', mode: 'vector' })).rejects.toBeInstanceOf(
      InvalidRequestError,
    );
  });

  it('passes filters and the candidate limit to both lists', async () => {
    const { source, calls } = createFakeCandidateSource(clauses);
    const retriever = createRetriever({ source, embedder, candidateLimit: (limit) => limit * 3 });
    const results = await retriever.retrieve({
      query: 'aspirin',
      limit: 5,
      filters: { mood: 'interrogative' },
    });
    expect(results.map((result) => result.clauseId)).toEqual(['c2']);
    expect(calls.keyword[0]).toEqual(['aspirin', { mood: 'interrogative' }, 15]);
    expect(calls.vector[0]?.slice(1)).toEqual([{ mood: 'interrogative' }, 15]);
  });

  it('can ask the vector list for fewer rows than the keyword list', async () => {
    const { source, calls } = createFakeCandidateSource(clauses);
    const retriever = createRetriever({ source, embedder, candidateLimit: 50, vectorCandidateLimit: 2 });
    await retriever.retrieve({ query: 'aspirin' });
    expect(calls.keyword[0]?.[2]).toBe(50);
    expect(calls.vector[0]?.[2]).toBe(2);
  });

  it('moves the vector query toward the best keyword clauses when feedback is on', async () => {
    const { source, calls } = createFakeCandidateSource(clauses);
    const seen: string[][] = [];
    // The query embeds to axis 0 and every clause text to axis 2 (c2's direction).
    const recording: Embedder = {
      id: 'test:recording',
      dimension: 3,
      async embed(texts) {
        seen.push([...texts]);
        return texts.map((_, index) => axis(index === 0 ? 0 : 2));
      },
    };
    const retriever = createRetriever({ source, embedder: recording, feedback: { clauses: 1, weight: 1 } });
    const results = await retriever.retrieve({ query: 'aspirin fever children' });
    expect(seen[0]).toEqual(['aspirin fever children', clauses[1]!.text]);
    const queryVector = calls.vector[0]?.[0] as Float32Array;
    expect(queryVector[0]).toBeCloseTo(Math.SQRT1_2);
    expect(queryVector[2]).toBeCloseTo(Math.SQRT1_2);
    // c2 is now first in both lists.
    expect(results[0]).toMatchObject({ clauseId: 'c2', semanticRank: 1, keywordRank: 1 });
  });

  it('validates query and limit', async () => {
    const { source } = createFakeCandidateSource(clauses);
    const retriever = createRetriever({ source, embedder });
    await expect(retriever.retrieve({ query: '  ' })).rejects.toBeInstanceOf(InvalidRequestError);
    await expect(retriever.retrieve({ query: 'a', limit: 201 })).rejects.toBeInstanceOf(InvalidRequestError);
    await expect(retriever.retrieve({ query: 'a', limit: 0 })).rejects.toBeInstanceOf(InvalidRequestError);
    await expect(retriever.retrieve({ query: 'aspirin', limit: 200 })).resolves.toHaveLength(3);
  });

  it('with rankings from the source, reads rows only for the feedback clauses and the results', async () => {
    const many = Array.from({ length: 30 }, (_, index) =>
      fakeClause({
        clauseId: `m${String(index).padStart(2, '0')}`,
        text: index % 2 === 0 ? `aspirin fever note ${index}` : `aspirin note ${index}`,
        documentId: `doc-${index % 4}`,
        mood: index % 3 === 0 ? 'interrogative' : 'declarative',
        embedding: Float32Array.from([Math.cos(index / 10), Math.sin(index / 10), 0]),
      }),
    );
    const requests = [
      { query: 'aspirin fever', limit: 5 },
      { query: 'aspirin fever', limit: 5, filters: { mood: 'interrogative' as const } },
      { query: 'aspirin', limit: 3, mode: 'keyword' as const },
      { query: 'aspirin', limit: 4, mode: 'vector' as const },
    ];
    for (const request of requests) {
      const plain = createFakeCandidateSource(many);
      const ranked = createFakeCandidateSource(many, { rankings: true });
      const options = { embedder, feedback: { clauses: 2, weight: 1 } };
      const expected = await createRetriever({ source: plain.source, ...options }).retrieve(request);
      const actual = await createRetriever({ source: ranked.source, ...options }).retrieve(request);
      // Same results, fields and scores, whichever way the source hands over its lists.
      expect(actual).toEqual(expected);
      expect(actual.length).toBe(request.limit);
      const read = ranked.calls.byIds.flat();
      expect(read.length).toBeLessThanOrEqual(2 + request.limit);
      expect(new Set(read).size).toBe(read.length);
      expect(ranked.calls.keywordRanking).toBe(request.mode === 'vector' ? 0 : 1);
      expect(ranked.calls.vectorRanking).toBe(request.mode === 'keyword' ? 0 : 1);
    }
  });

  it('skips a ranked clause whose row is gone and fills the limit from the next ones', async () => {
    const { source, deleted } = createFakeCandidateSource(clauses, { rankings: true });
    const retriever = createRetriever({ source, embedder, feedback: false });
    const before = (await retriever.retrieve({ query: 'aspirin fever children', limit: 2 })).map(
      (result) => result.clauseId,
    );
    expect(before).toEqual(['c1', 'c2']);
    deleted.add('c1');
    const after = await retriever.retrieve({ query: 'aspirin fever children', limit: 2 });
    // c1 still ranks (the lists were computed before it went) but has no row: c2 and c3 fill the limit.
    expect(after.map((result) => [result.clauseId, result.semanticRank, result.keywordRank])).toEqual([
      ['c2', 3, 1],
      ['c3', 2, null],
    ]);
  });

  it("reads the lists as rows when the fusion needs each candidate's document", async () => {
    const { source, calls } = createFakeCandidateSource(clauses, { rankings: true });
    const retriever = createRetriever({ source, embedder, ...LOCAL_EMBEDDER_FUSION });
    expect((await retriever.retrieve({ query: 'aspirin fever' })).length).toBeGreaterThan(0);
    expect(calls.keywordRanking + calls.vectorRanking).toBe(0);
    expect(calls.keyword).toHaveLength(1);
    expect(calls.vector).toHaveLength(1);
    expect(calls.byIds).toHaveLength(0);
  });

  it('reports the time of each part', async () => {
    const { source } = createFakeCandidateSource(clauses);
    const { results, timings } = await createRetriever({ source, embedder }).retrieveWithTimings({
      query: 'aspirin',
    });
    expect(results.length).toBeGreaterThan(0);
    for (const value of Object.values(timings)) expect(value).toBeGreaterThanOrEqual(0);
  });
  it("fuses by min-max scores when the embedder declares it, and takes 'rrf' per request", async () => {
    const { source } = createFakeCandidateSource(clauses);
    const scored: Embedder = {
      ...embedder,
      fusionMethod: 'minmax',
      fusionWeights: { vector: 0.5, keyword: 1 },
    };
    const retriever = createRetriever({ source, embedder: scored, feedback: false });
    expect(retriever.fusion).toBe('minmax');
    const results = await retriever.retrieve({ query: 'aspirin fever children' });
    // Keyword scores c2 3, c1 2 -> 1, 0; vector scores c1 0.9, c3 0.7, c2 0 -> 1, 0.7 / 0.9, 0.
    expect(results.map((result) => [result.clauseId, result.semanticRank, result.keywordRank])).toEqual([
      ['c2', 3, 1],
      ['c1', 1, 2],
      ['c3', 2, null],
    ]);
    expect(results.map((result) => result.rrfScore)).toEqual([1, 0.5, expect.closeTo((0.5 * 0.7) / 0.9, 6)]);
    const byRank = await retriever.retrieve({ query: 'aspirin fever children', fusion: 'rrf' });
    expect(byRank[0]?.rrfScore).toBeCloseTo(0.5 / 63 + 1 / 61, 12);
    // The options override the embedder's method; a request overrides the options.
    const configured = createRetriever({ source, embedder: scored, feedback: false, fusion: 'rrf' });
    expect(configured.fusion).toBe('rrf');
    const again = await configured.retrieve({ query: 'aspirin fever children', fusion: 'minmax' });
    expect(again[0]?.rrfScore).toBe(1);
    // Without a declaration the default stays plain RRF.
    expect(createRetriever({ source, embedder }).fusion).toBe('rrf');
  });

  it('refuses an unknown fusion method, naming the field', async () => {
    const { source } = createFakeCandidateSource(clauses);
    const retriever = createRetriever({ source, embedder, feedback: false });
    const bad = retriever.retrieve({ query: 'aspirin', fusion: 'combsum' as never });
    await expect(bad).rejects.toBeInstanceOf(InvalidRequestError);
    await expect(retriever.retrieve({ query: 'aspirin', fusion: 'combsum' as never })).rejects.toThrow(
      /fusion must be one of rrf, minmax, got combsum/,
    );
    expect(() => createRetriever({ source, embedder, fusion: 'sum' as never })).toThrow(RangeError);
    expect(() =>
      createRetriever({ source, embedder, fusion: 'minmax', documentContext: { weight: 1, k: 3 } }),
    ).toThrow(/documentContext needs fusion 'rrf'/);
    const contextual = createRetriever({ source, embedder, ...LOCAL_EMBEDDER_FUSION });
    await expect(contextual.retrieve({ query: 'aspirin', fusion: 'minmax' })).rejects.toBeInstanceOf(
      InvalidRequestError,
    );
  });
});
