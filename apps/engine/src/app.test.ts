import { createEngine, type Engine } from '@cae/engine';
import { createHashEmbedder } from '@cae/engine/testing';
import { validate } from '@readme/openapi-parser';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineApp } from './app';

/** Reads a JSON response body; tests index into it freely. */
const json = async (response: Response | Promise<Response>): Promise<any> => (await response).json();

const TEXT =
  'The tenant must pay the deposit before moving in. Did the landlord return the deposit? Please sign the lease. The agent thinks that the flat is clean.';

describe('engine app over app.request()', () => {
  let engine: Engine;
  let app: Hono;
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  beforeAll(async () => {
    engine = await createEngine({ store: { url: 'memory://' }, embedder: createHashEmbedder() });
    app = createEngineApp({ engine, bodyLimitBytes: 64 * 1024 });
  });
  afterAll(() => engine.close());

  const expectError = async (response: Response, status: number, code: string) => {
    expect(response.status).toBe(status);
    const body = (await json(response)) as { error: { code: string; message: string } };
    expect(body.error.code).toBe(code);
    expect(body.error.message.length).toBeGreaterThan(0);
    return body;
  };

  it('GET /health', async () => {
    const response = await app.request('/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('POST /pipeline/compile answers wire-shaped clauses with the documented defaults', async () => {
    const response = await post('/pipeline/compile', { text: TEXT });
    expect(response.status).toBe(200);
    const clauses = (await response.json()) as any[];
    expect(clauses.length).toBeGreaterThanOrEqual(4);
    const first = clauses[0];
    expect(first.document_id).toMatch(/^api-[0-9a-f]{8}-/);
    expect(Object.keys(first)).toEqual(
      expect.arrayContaining([
        'id',
        'text',
        'syntactic',
        'ideational',
        'interpersonal',
        'textual',
        'compiled_at',
        'untrusted',
      ]),
    );
    expect(first.syntactic).toHaveProperty('root_index');
    expect(first.interpersonal).toHaveProperty('modality_weight');
    expect(first.interpersonal.reasoning_trace.derivation_hash).toMatch(/^[0-9a-f]{64}$/);
    // store defaults to false
    const listed = await json(app.request('/clauses'));
    expect(listed.total).toBe(0);
  });

  it.each([
    [{}, 'missing text'],
    [{ text: '' }, 'empty text'],
    [{ text: '   ' }, 'blank text'],
    [{ text: 5 }, 'text of the wrong type'],
    [{ text: 'x', store: 'yes' }, 'store of the wrong type'],
  ])('POST /pipeline/compile answers 400 for %j (%s)', async (body, _why) => {
    await expectError(await post('/pipeline/compile', body), 400, 'invalid_request');
  });

  it('answers 400 for a body that is not JSON, and 413 for one over the limit', async () => {
    await expectError(await post('/pipeline/compile', '{"text": '), 400, 'invalid_request');
    await expectError(await post('/pipeline/compile', '[1,2]'), 400, 'invalid_request');
    await expectError(
      await post('/pipeline/compile', { text: 'a '.repeat(40_000) }),
      413,
      'payload_too_large',
    );
    expect((await json(app.request('/clauses'))).total).toBe(0);
  });

  it('stores, lists with filters and paging, retrieves and synthesizes', async () => {
    const compiled = await post('/pipeline/compile', {
      text: TEXT,
      document_id: 'lease',
      store: true,
      embed: true,
    });
    const clauses = (await compiled.json()) as any[];
    expect(clauses.every((clause) => clause.document_id === 'lease')).toBe(true);

    const page = await json(app.request('/clauses?document_id=lease&limit=2&offset=1'));
    expect(page).toMatchObject({ total: clauses.length, limit: 2, offset: 1 });
    expect(page.clauses).toHaveLength(2);
    expect(page.clauses[0].id).toBe(clauses[1].id);
    const defaults = await json(app.request('/clauses'));
    expect(defaults).toMatchObject({ limit: 50, offset: 0 });

    const questions = await json(app.request('/clauses?mood=interrogative'));
    expect(questions.total).toBeGreaterThan(0);
    expect(questions.clauses.every((clause: any) => clause.interpersonal.mood === 'interrogative')).toBe(
      true,
    );
    const modal = await json(app.request('/clauses?min_modality=0.8&max_modality=1'));
    expect(modal.clauses.every((clause: any) => clause.interpersonal.modality_weight >= 0.8)).toBe(true);
    await expectError(await app.request('/clauses?limit=-1'), 400, 'invalid_request');
    await expectError(await app.request('/clauses?limit=501'), 400, 'invalid_request');
    await expectError(await app.request('/clauses?mood=question'), 400, 'invalid_request');
    await expectError(await app.request('/clauses?min_tenor=abc'), 400, 'invalid_request');

    // modality_type (an extension of the spec): "every obligation", over GET /clauses and retrieval.
    const obligations = await json(app.request('/clauses?modality_type=obligation'));
    expect(obligations.total).toBeGreaterThan(0);
    expect(obligations.total).toBeLessThan(clauses.length);
    expect(
      obligations.clauses.every((clause: any) => clause.interpersonal.modality_type === 'obligation'),
    ).toBe(true);
    const obligationIds = new Set(obligations.clauses.map((clause: any) => clause.id));
    const found = await json(
      post('/retrieve', { query: 'deposit', filters: { modality_type: 'obligation', min_modality: 0.8 } }),
    );
    expect(found.results.length).toBeGreaterThan(0);
    expect(found.results.every((result: any) => obligationIds.has(result.clause_id))).toBe(true);
    const wrongType = await app.request('/clauses?modality_type=maybe');
    expect(wrongType.status).toBe(400);
    expect(JSON.stringify(await wrongType.json())).toContain('modality_type');
    const wrongFilter = await post('/retrieve', { query: 'x', filters: { modality_type: 'maybe' } });
    expect(wrongFilter.status).toBe(400);
    expect(JSON.stringify(await wrongFilter.json())).toContain('modality_type');

    const retrieved = await json(post('/retrieve', { query: 'who pays the deposit' }));
    expect(retrieved.query).toBe('who pays the deposit');
    expect(retrieved.count).toBe(retrieved.results.length);
    expect(retrieved.results.length).toBeLessThanOrEqual(10);
    expect(Object.keys(retrieved.results[0])).toEqual(
      expect.arrayContaining([
        'clause_id',
        'rrf_score',
        'semantic_rank',
        'keyword_rank',
        'process_type',
        'parent_clause_id',
      ]),
    );
    const filtered = await json(
      post('/retrieve', { query: 'deposit', limit: 1, filters: { mood: 'interrogative' } }),
    );
    expect(filtered.results).toHaveLength(1);
    expect(filtered.results[0].mood).toBe('interrogative');
    await expectError(await post('/retrieve', {}), 400, 'invalid_request');
    await expectError(await post('/retrieve', { query: '' }), 400, 'invalid_request');
    await expectError(await post('/retrieve', { query: 'x', limit: 0 }), 400, 'invalid_request');
    await expectError(await post('/retrieve', { query: 'x', limit: 201 }), 400, 'invalid_request');
    await expectError(
      await post('/retrieve', { query: 'x', filters: { min_modality: 1.5 } }),
      400,
      'invalid_request',
    );
    await expectError(
      await post('/retrieve', { query: 'x', filters: { mood: 'question' } }),
      400,
      'invalid_request',
    );

    const answer = await json(
      post('/synthesize', { query: 'Who must pay the deposit?', expand_ancestors: true }),
    );
    expect(Object.keys(answer).sort()).toEqual(
      expect.arrayContaining([
        'answer',
        'cited_clause_ids',
        'clauses',
        'confidence',
        'query',
        'retrieved_count',
      ]),
    );
    expect(answer.cited_clause_ids.length).toBeGreaterThan(0);
    expect(answer.clauses[0]).toHaveProperty('rrf_score');
    await expectError(await post('/synthesize', { query: ' ' }), 400, 'invalid_request');
  });

  it('POST /retrieve returns 10 results by default and honours limit', async () => {
    const text = Array.from(
      { length: 14 },
      (_, index) => `Deposit rule ${index + 1} applies to every flat.`,
    ).join(' ');
    await post('/pipeline/compile', { text, document_id: 'many-deposits', store: true });
    const byDefault = await json(post('/retrieve', { query: 'deposit rule', filters: {} }));
    expect(byDefault.count).toBe(10);
    expect(byDefault.results).toHaveLength(10);
    const twelve = await json(post('/retrieve', { query: 'deposit rule', limit: 12 }));
    expect(twelve.results).toHaveLength(12);
    const synthesized = await json(post('/synthesize', { query: 'Which deposit rule applies?' }));
    expect(synthesized.retrieved_count).toBe(10);
  });

  it('reviews a clause and pages the audit log', async () => {
    const [clause] = (await json(
      post('/pipeline/compile', { text: 'Return the keys.', document_id: 'keys', store: true }),
    )) as any[];
    const record = await post(`/clauses/${clause.id}/review`, {
      decision: 'accepted',
      reviewer: 'ana',
      notes: 'ok',
    });
    expect(record.status).toBe(200);
    const body = await json(record);
    expect(body).toMatchObject({ clause_id: clause.id, decision: 'accepted', reviewer: 'ana', notes: 'ok' });
    expect(body.annotation_before.interpersonal).toHaveProperty('modality_weight');
    expect(body.annotation_after.interpersonal.untrusted).toBe(false);

    await expectError(
      await post(`/clauses/${clause.id}/review`, { decision: 'approve' }),
      400,
      'invalid_request',
    );
    await expectError(await post(`/clauses/${clause.id}/review`, {}), 400, 'invalid_request');
    await expectError(
      await post('/clauses/00000000-0000-4000-8000-000000000000/review', { decision: 'accepted' }),
      404,
      'not_found',
    );
    const log = await json(app.request('/clauses/review-queue?limit=1'));
    expect(log).toMatchObject({ total: 1, limit: 1, offset: 0 });
    expect(log.clauses[0].decision).toBe('accepted');
    expect((await json(app.request('/clauses/review-queue'))).limit).toBe(50);
  });

  it('runs the content review queue over HTTP', async () => {
    const created = await post('/review-queue', {
      content: 'The lift is fixed.',
      source: 'test',
      metadata: { ticketId: 7 },
    });
    expect(created.status).toBe(201);
    const item = await json(created);
    expect(item).toMatchObject({
      status: 'pending',
      modality: 'text',
      source: 'test',
      metadata: { ticketId: 7 },
    });
    await expectError(await post('/review-queue', { content: '' }), 400, 'invalid_request');
    await expectError(
      await post('/review-queue', { content: 'x', modality: 'smell' }),
      400,
      'invalid_request',
    );

    const pending = await json(app.request('/review-queue'));
    expect(pending).toMatchObject({ limit: 50, offset: 0 });
    expect(pending.items.map((row: any) => row.id)).toContain(item.id);
    await expectError(await app.request('/review-queue?modality=smell'), 400, 'invalid_request');

    await expectError(
      await post(`/review-queue/${item.id}/decide`, { decision: 'maybe' }),
      400,
      'invalid_request',
    );
    await expectError(
      await post(`/review-queue/${item.id}/decide`, { decision: 'edit' }),
      400,
      'invalid_request',
    );
    await expectError(
      await post('/review-queue/00000000-0000-4000-8000-000000000000/decide', { decision: 'approve' }),
      404,
      'not_found',
    );
    const decided = await post(`/review-queue/${item.id}/decide`, {
      decision: 'edit',
      edited_text: 'The lift was fixed on Monday.',
      reviewer: 'ana',
    });
    expect(decided.status).toBe(200);
    const result = await json(decided);
    expect(result.review).toMatchObject({
      status: 'edited',
      edited_text: 'The lift was fixed on Monday.',
      reviewer: 'ana',
    });
    expect(result.clauses[0].text).toMatch(/lift/);
    await expectError(
      await post(`/review-queue/${item.id}/decide`, { decision: 'approve' }),
      409,
      'conflict',
    );
  });

  it('serves graph nodes and edges filtered by document', async () => {
    await post('/pipeline/compile', {
      text: 'The agent said that the tenant left because the rent rose.',
      document_id: 'graph',
      store: true,
      embed: true,
    });
    const nodes = await json(app.request('/graph/nodes?document_id=graph'));
    expect(nodes.length).toBeGreaterThanOrEqual(2);
    expect(nodes.every((node: any) => node.document_id === 'graph')).toBe(true);
    expect(Object.keys(nodes[0])).toEqual(
      expect.arrayContaining(['id', 'label', 'mood', 'process_type', 'sentence_index']),
    );
    const edges = await json(app.request('/graph/edges?document_id=graph'));
    expect(edges.some((edge: any) => edge.type === 'structural' && edge.weight === 1)).toBe(true);
    const all = await json(app.request('/graph/nodes'));
    expect(all.length).toBeGreaterThan(nodes.length);
  });

  it('publishes OpenAPI 3.1 and an API reference page', async () => {
    const document = await json(app.request('/openapi.json'));
    expect(document.openapi).toBe('3.1.0');
    for (const path of [
      '/health',
      '/pipeline/compile',
      '/retrieve',
      '/synthesize',
      '/clauses',
      '/clauses/review-queue',
      '/clauses/{id}/review',
      '/review-queue',
      '/review-queue/{id}/decide',
      '/graph/nodes',
      '/graph/edges',
    ]) {
      expect(document.paths[path], path).toBeDefined();
    }
    expect(document.components.schemas.AnnotatedClause.properties.document_id.description).toBeTruthy();
    expect(JSON.stringify(document)).not.toContain('#/$defs/');
    // Every reference resolves to a component (RetrieveRequest once pointed at a RetrievalFilters that
    // was stored as RetrievalFiltersInput).
    const refs = [...JSON.stringify(document).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map(
      (match) => match[1]!,
    );
    expect(refs.length).toBeGreaterThan(20);
    expect(refs.filter((name) => document.components.schemas[name] === undefined)).toEqual([]);
    expect(refs).toContain('RetrievalFiltersInput');
    // A real OpenAPI 3.1 validator agrees, and would not with a dangling reference.
    expect(await validate(structuredClone(document))).toMatchObject({ valid: true });
    const dangling = structuredClone(document);
    dangling.components.schemas.RetrieveRequest.properties.filters = {
      $ref: '#/components/schemas/RetrievalFilters',
    };
    expect(await validate(dangling)).toMatchObject({ valid: false });
    const page = await app.request('/docs');
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const html = await page.text();
    expect(html).toContain('/review-queue/{id}/decide');
    expect(html).toContain('modality_weight');
  });

  it('reports an unreadable store on /health with a 503 and the reason, not ok', async () => {
    const own = await createEngine({ store: { url: 'memory://' }, embedder: createHashEmbedder() });
    const ownApp = createEngineApp({ engine: own });
    expect(await json(ownApp.request('/health'))).toEqual({ status: 'ok' });
    await own.close();
    const response = await ownApp.request('/health');
    expect(response.status).toBe(503);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('internal');
    expect(body.error.message).toMatch(/the store \(memory:\/\/\) cannot be read/);
  });

  it('answers a known path asked with another method with 405 and the methods it takes', async () => {
    const wrong = await app.request('/pipeline/compile');
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('POST');
    expect(((await wrong.json()) as { error: unknown }).error).toMatchObject({
      code: 'invalid_request',
      message: expect.stringMatching(/GET is not allowed on \/pipeline\/compile/),
    });
    const remove = await app.request('/clauses', { method: 'DELETE' });
    expect(remove.status).toBe(405);
    expect(remove.headers.get('allow')).toBe('GET, HEAD');
    expect((await app.request('/clauses/00000000-0000-4000-8000-000000000000/review')).status).toBe(405);
  });

  it('answers unknown routes with the error body', async () => {
    await expectError(await app.request('/nope'), 404, 'not_found');
  });
});

describe('caller tokens', () => {
  it('requires a bearer token on every route but health and docs when tokens are set', async () => {
    const engine = await createEngine({ store: { url: 'memory://' }, embedder: createHashEmbedder() });
    const app = createEngineApp({ engine, apiTokens: ['secret-token-1'] });
    expect((await app.request('/health')).status).toBe(200);
    expect((await app.request('/openapi.json')).status).toBe(200);
    const denied = await app.request('/clauses');
    expect(denied.status).toBe(401);
    expect(((await denied.json()) as any).error.code).toBe('unauthorized');
    expect((await app.request('/clauses', { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    const allowed = await app.request('/clauses', { headers: { authorization: 'Bearer secret-token-1' } });
    expect(allowed.status).toBe(200);
    const text = await (await app.request('/clauses', { headers: { authorization: 'Bearer wrong' } })).text();
    expect(text).not.toContain('secret-token-1');
    await engine.close();
  });
});

describe('named tokens record the reviewer', () => {
  it('records the token name as reviewer of a review and a content decision, whatever the body says', async () => {
    const engine = await createEngine({ store: { url: 'memory://' }, embedder: createHashEmbedder() });
    const app = createEngineApp({ engine, apiTokens: ['ana:tok-ana-123456', 'bare-token-654321'] });
    const post = (path: string, body: unknown, token: string) =>
      app.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
    const [clause] = await json(
      post('/pipeline/compile', { text: 'Return the keys.', store: true }, 'tok-ana-123456'),
    );
    const review = await json(
      post(`/clauses/${clause.id}/review`, { decision: 'accepted', reviewer: 'mallory' }, 'tok-ana-123456'),
    );
    expect(review.reviewer).toBe('ana');
    // The name part is not a token: "ana:tok-ana-123456" as a bearer token is refused.
    expect((await post('/review-queue', { content: 'x' }, 'ana:tok-ana-123456')).status).toBe(401);
    const item = await json(post('/review-queue', { content: 'The lift is fixed.' }, 'bare-token-654321'));
    const decided = await json(
      post(
        `/review-queue/${item.id}/decide`,
        { decision: 'approve', reviewer: 'mallory' },
        'bare-token-654321',
      ),
    );
    // A bare token is named by a stable digest prefix, never by the token itself.
    expect(decided.review.reviewer).toMatch(/^token-[0-9a-f]{8}$/);
    expect(JSON.stringify(decided)).not.toContain('bare-token-654321');
    await engine.close();
  });

  it('keeps the body reviewer when no tokens are configured', async () => {
    const engine = await createEngine({ store: { url: 'memory://' }, embedder: createHashEmbedder() });
    const app = createEngineApp({ engine });
    const compiled = await app.request('/pipeline/compile', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'Return the keys.', store: true }),
    });
    const [clause] = await json(compiled);
    const review = await json(
      app.request(`/clauses/${clause.id}/review`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ decision: 'rejected', reviewer: 'ana' }),
      }),
    );
    expect(review.reviewer).toBe('ana');
    await engine.close();
  });
});

describe('limits and wire-field errors', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await createEngine({ store: { url: 'memory://' }, embedder: createHashEmbedder() });
  });
  afterAll(() => engine.close());
  const post = (app: Hono, path: string, body: unknown) =>
    app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('answers a long query string with 414 and the error body', async () => {
    const app = createEngineApp({ engine, maxQueryLength: 100 });
    const long = await app.request(`/clauses?document_id=${'a'.repeat(200)}`);
    expect(long.status).toBe(414);
    expect((await json(long)).error).toMatchObject({ code: 'invalid_request' });
    expect((await app.request(`/clauses?document_id=${'a'.repeat(50)}`)).status).toBe(200);
  });

  it('limits each caller: 429 with retry-after past the limit, health never counted', async () => {
    const app = createEngineApp({
      engine,
      rateLimit: 3,
      rateLimitWindowMs: 60_000,
      apiTokens: ['a:ta', 'b:tb'],
    });
    const as = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
    for (let index = 0; index < 3; index++)
      expect((await app.request('/clauses', as('ta'))).status).toBe(200);
    const limited = await app.request('/clauses', as('ta'));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await json(limited)).error.code).toBe('rate_limited');
    // Another caller has its own budget; health is not limited.
    expect((await app.request('/clauses', as('tb'))).status).toBe(200);
    for (let index = 0; index < 5; index++) expect((await app.request('/health')).status).toBe(200);
  });

  it('names the wire field and the wanted type in validation errors', async () => {
    const app = createEngineApp({ engine });
    const cases: [string, unknown, RegExp][] = [
      [
        '/retrieve',
        { query: 'x', filters: { min_modality: 'high' } },
        /^filters\.min_modality: min_modality must be a number/,
      ],
      ['/retrieve', { query: 42 }, /^query: query must be a string/],
      ['/retrieve', {}, /^query: query is required/],
      ['/pipeline/compile', { text: 'x', document_id: 7 }, /^document_id: document_id must be a string/],
      ['/pipeline/compile', { text: 'x', store: 'yes' }, /^store: store must be a boolean/],
      ['/retrieve', { query: 'x', limit: 1e300 }, /^limit: /],
    ];
    for (const [path, body, message] of cases) {
      const response = await post(app, path, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await json(response)).error.message).toMatch(message);
    }
    const item = await json(post(app, '/review-queue', { content: 'Lift fixed.' }));
    const edit = await json(
      post(app, `/review-queue/${item.id}/decide`, { decision: 'edit', edited_text: 5 }),
    );
    expect(edit.error.message).toMatch(/^edited_text: edited_text must be a string/);
    expect(edit.error.message).not.toMatch(/editedText/);
    const query = await json(app.request('/clauses?limit=abc&min_modality=x'));
    expect(query.error.message).toMatch(/must be a number/);
    expect(JSON.stringify(query.error.details)).toMatch(/min_modality/);
    expect(JSON.stringify(query.error.details)).not.toMatch(/minModality/);
  });
});
