import { LOCAL_EMBEDDER_MINMAX_WEIGHTS, LOCAL_EMBEDDER_WEIGHTS } from '@cae/retrieval';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from './start-test-server';

type Json = any;

/** The documented score: sum over the lists of w_list / (k + rank), k 60. */
const expectedScore = (result: Json, weights: { vector: number; keyword: number }) =>
  (result.semantic_rank === null ? 0 : weights.vector / (60 + result.semantic_rank)) +
  (result.keyword_rank === null ? 0 : weights.keyword / (60 + result.keyword_rank));

describe('weighted reciprocal rank fusion over real HTTP', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  const call = async (path: string, body: unknown): Promise<{ status: number; json: Json }> => {
    const response = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, json: await response.json() };
  };

  beforeAll(async () => {
    server = await startTestServer();
    const documents = {
      lease:
        'Tenants must pay a deposit of one month of rent. The landlord should return the deposit within thirty days. ' +
        'The landlord may keep the deposit if the flat is damaged. Rent is paid on the first day of each month.',
      insurance:
        'The supplier shall maintain liability insurance of two million dollars. The insurer must be rated A or better. ' +
        'Certificates of insurance are delivered every year. Coverage for damage to the premises is required.',
      notice:
        'Either party may terminate this agreement for convenience on ninety days written notice. ' +
        'Notice is given in writing to the address above. Payments already due survive termination.',
    };
    for (const [documentId, text] of Object.entries(documents)) {
      const compiled = await call('/pipeline/compile', { text, document_id: documentId, embed: true });
      expect(compiled.status).toBe(200);
    }
  }, 180_000);
  afterAll(async () => {
    await server?.close();
  });

  it('scores with the local embedder’s declared weights by default (LOCAL_EMBEDDER_WEIGHTS)', async () => {
    const retrieved = await call('/retrieve', {
      query: 'who keeps the deposit when the flat is damaged',
      limit: 20,
    });
    expect(retrieved.status).toBe(200);
    const results: Json[] = retrieved.json.results;
    expect(results.length).toBeGreaterThan(3);
    for (const result of results)
      expect(result.rrf_score).toBeCloseTo(expectedScore(result, LOCAL_EMBEDDER_WEIGHTS), 12);
    // Both lists took part: some result has a semantic rank and the best one has a keyword rank.
    expect(results.some((result) => result.semantic_rank !== null)).toBe(true);
    expect(results[0].keyword_rank).not.toBeNull();
    for (let index = 1; index < results.length; index++)
      expect(results[index].rrf_score).toBeLessThanOrEqual(results[index - 1].rrf_score);
  });

  it('takes weights per request: the fused order follows them, a weight of 0 leaves its list out', async () => {
    const query = 'liability insurance coverage for damage';
    const balanced = await call('/retrieve', { query, limit: 20, weights: { vector: 1, keyword: 1 } });
    expect(balanced.status).toBe(200);
    for (const result of balanced.json.results)
      expect(result.rrf_score).toBeCloseTo(expectedScore(result, { vector: 1, keyword: 1 }), 12);

    const semanticOnly = await call('/retrieve', { query, limit: 20, weights: { keyword: 0 } });
    expect(semanticOnly.status).toBe(200);
    const semantic: Json[] = semanticOnly.json.results;
    expect(semantic.length).toBeGreaterThan(3);
    // Only the vector list (at the default vector weight), in its own order.
    expect(semantic.every((result) => result.keyword_rank === null)).toBe(true);
    expect(semantic.map((result) => result.semantic_rank)).toEqual(semantic.map((_, index) => index + 1));
    for (const result of semantic)
      expect(result.rrf_score).toBeCloseTo(LOCAL_EMBEDDER_WEIGHTS.vector / (60 + result.semantic_rank), 12);

    const keywordOnly = await call('/retrieve', { query, limit: 20, weights: { vector: 0 } });
    const keyword: Json[] = keywordOnly.json.results;
    expect(keyword.length).toBeGreaterThan(0);
    expect(keyword.every((result) => result.semantic_rank === null)).toBe(true);
    expect(keyword.map((result) => result.keyword_rank)).toEqual(keyword.map((_, index) => index + 1));
    expect(keyword[0].rrf_score).toBeCloseTo(1 / 61, 12);
  });

  it('takes weights on POST /synthesize for the retrieval of its context', async () => {
    const answer = await call('/synthesize', {
      query: 'Can the landlord keep the deposit?',
      weights: { vector: 3, keyword: 0.5 },
    });
    expect(answer.status).toBe(200);
    expect(answer.json.clauses.length).toBeGreaterThan(0);
    for (const clause of answer.json.clauses)
      expect(clause.rrf_score).toBeCloseTo(expectedScore(clause, { vector: 3, keyword: 0.5 }), 12);
  });

  it.each([
    [{ vector: -1 }, 'weights'],
    [{ keyword: 101 }, 'weights'],
    [{ vector: 0, keyword: 0 }, 'must not both be 0'],
    [{ vector: '1' }, 'weights'],
    [{ semantic: 1 }, 'weights'],
    [[1, 1], 'weights'],
  ])('answers 400 naming the field for weights %j', async (weights, named) => {
    for (const path of ['/retrieve', '/synthesize']) {
      const response = await call(path, { query: 'deposit', weights });
      expect(response.status).toBe(400);
      expect(response.json.error.code).toBe('invalid_request');
      expect(JSON.stringify(response.json.error)).toContain(named);
    }
  });

  it('fuses by min-max scores on request: each list adds w x (score - min) / (max - min)', async () => {
    const query = 'who keeps the deposit when the flat is damaged';
    const weights = LOCAL_EMBEDDER_MINMAX_WEIGHTS;
    const scored = await call('/retrieve', { query, limit: 20, fusion: 'minmax', weights });
    expect(scored.status).toBe(200);
    const results: Json[] = scored.json.results;
    expect(results.length).toBeGreaterThan(3);
    for (const result of results) {
      expect(result.rrf_score).toBeGreaterThanOrEqual(0);
      expect(result.rrf_score).toBeLessThanOrEqual(weights.vector + weights.keyword + 1e-9);
      // A clause of the vector list only scores at most that list's weight.
      if (result.keyword_rank === null) expect(result.rrf_score).toBeLessThanOrEqual(weights.vector + 1e-9);
    }
    // The keyword list's first clause has its best score: it gets the keyword weight in full.
    expect(results.find((result) => result.keyword_rank === 1).rrf_score).toBeGreaterThanOrEqual(
      weights.keyword,
    );
    for (let index = 1; index < results.length; index++)
      expect(results[index].rrf_score).toBeLessThanOrEqual(results[index - 1].rrf_score);
    // The keyword list alone: its best clause scores its weight, its last 0.
    const keyword = await call('/retrieve', { query, limit: 20, fusion: 'minmax', weights: { vector: 0 } });
    const keywordResults: Json[] = keyword.json.results;
    expect(keywordResults[0].rrf_score).toBeCloseTo(1, 12);
    expect(keywordResults.at(-1).rrf_score).toBeCloseTo(0, 12);
    // And on POST /synthesize, with the default weights (a fused score is at most their sum).
    const answer = await call('/synthesize', {
      query: 'Can the landlord keep the deposit?',
      fusion: 'minmax',
    });
    expect(answer.status).toBe(200);
    expect(answer.json.clauses.length).toBeGreaterThan(0);
    const most = LOCAL_EMBEDDER_WEIGHTS.vector + LOCAL_EMBEDDER_WEIGHTS.keyword;
    for (const clause of answer.json.clauses) expect(clause.rrf_score).toBeLessThanOrEqual(most + 1e-9);
    // Scores, not ranks: a rank-based score of the best clause would be about 1 / 61.
    expect(Math.max(...answer.json.clauses.map((clause: Json) => clause.rrf_score))).toBeGreaterThan(0.5);
  });

  it.each(['combsum', 'RRF', 1, null])('answers 400 naming the field for fusion %j', async (fusion) => {
    for (const path of ['/retrieve', '/synthesize']) {
      const response = await call(path, { query: 'deposit', fusion });
      expect(response.status).toBe(400);
      expect(response.json.error.code).toBe('invalid_request');
      expect(JSON.stringify(response.json.error)).toContain('fusion');
    }
  });
});
