import { ConflictError, InvalidRequestError, NotFoundError, PayloadTooLargeError } from '@cae/core';
import { createStore } from '@cae/store-drizzle';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEngine } from './engine';
import type { Engine } from './engine-types';
import { createHashEmbedder } from './testing/hash-embedder';

const LEASE = [
  'The tenant must pay the deposit before moving in.',
  'The landlord will return the deposit within thirty days after the lease ends.',
  'Did the tenant sign the lease?',
  'Please send the keys to the agent.',
  'The agent said that the flat was clean.',
].join(' ');

describe('createEngine', () => {
  let engine: Engine;

  beforeEach(async () => {
    engine = await createEngine({ store: { url: 'memory://' }, embedder: createHashEmbedder() });
  });
  afterEach(async () => {
    await engine.close();
  });

  it('compiles without storing by default, with a generated api- document id', async () => {
    const clauses = await engine.compile({ text: LEASE });
    expect(clauses.length).toBeGreaterThanOrEqual(5);
    expect(clauses[0]!.documentId).toMatch(/^api-[0-9a-f-]{36}$/);
    expect((await engine.listClauses()).total).toBe(0);
  });

  it('stores and embeds, then retrieves with filters and lists with exact totals', async () => {
    const clauses = await engine.compile({ text: LEASE, documentId: 'lease', store: true, embed: true });
    const page = await engine.listClauses({ documentId: 'lease', limit: 2 });
    expect(page).toMatchObject({ total: clauses.length, limit: 2, offset: 0 });
    expect(page.clauses).toHaveLength(2);

    const hits = await engine.retrieve({ query: 'when is the deposit returned?' });
    expect(hits.count).toBe(hits.results.length);
    expect(hits.results[0]!.text).toMatch(/deposit/);
    expect(hits.results.some((result) => result.semanticRank !== null)).toBe(true);

    const questions = await engine.retrieve({ query: 'tenant lease', filters: { mood: 'interrogative' } });
    expect(questions.results.length).toBeGreaterThan(0);
    expect(questions.results.every((result) => result.mood === 'interrogative')).toBe(true);

    const obligations = await engine.retrieve({ query: 'deposit', filters: { minModality: 0.8 } });
    expect(obligations.results.every((result) => result.modalityWeight >= 0.8)).toBe(true);
    expect(obligations.results.map((result) => result.text).join(' ')).toMatch(/must pay/);
  });

  it('bulk-loads stored documents: searchable by keyword and vector once the load ends', async () => {
    const stored = await engine.bulkLoad(async () => {
      const clauses = await engine.compile({ text: LEASE, documentId: 'lease', store: true, embed: true });
      return clauses.length;
    });
    expect((await engine.listClauses({ documentId: 'lease' })).total).toBe(stored);
    const hits = await engine.retrieve({ query: 'when is the deposit returned?' });
    expect(hits.results[0]!.text).toMatch(/deposit/);
    expect(hits.results.some((result) => result.keywordRank !== null)).toBe(true);
    expect(hits.results.some((result) => result.semanticRank !== null)).toBe(true);
  });

  it('a bulk load on a fresh store builds the same semantic edges as the same batch saved without it', async () => {
    // Embeddings are first enabled inside the load (a fresh store, as `cae ingest` opens it): the
    // edges of its documents are still built at its end. Without the bulk mode the batch is one
    // transaction whose edges are computed once all its vectors are in, so both see the same clauses.
    const texts = [
      LEASE,
      `${LEASE} The tenant must pay the rent on time.`,
      'The landlord must return the deposit.',
    ];
    const requests = texts.map((text, index) => ({
      text,
      documentId: `d${index}`,
      store: true,
      embed: true,
    }));
    await engine.bulkLoad(() => engine.compileMany(requests));
    const single = await createEngine({
      store: { url: 'memory://' },
      embedder: createHashEmbedder(),
      bulkIngest: false,
    });
    try {
      await single.compileMany(requests);
      /** Semantic edges by the documents and texts of their clauses (clause ids differ between stores). */
      const semantic = async (of: Engine) => {
        const nodes = new Map((await of.graphNodes()).map((node) => [node.id, node]));
        const name = (id: string) =>
          `${nodes.get(id)!.documentId}#${nodes.get(id)!.sentenceIndex}:${nodes.get(id)!.label}`;
        return (await of.graphEdges())
          .filter((edge) => edge.type === 'semantic')
          .map(
            (edge) =>
              `${[name(edge.source), name(edge.target)].sort().join(' ~ ')} ${edge.weight.toFixed(5)}`,
          )
          .sort();
      };
      const bulkEdges = await semantic(engine);
      expect(bulkEdges.length).toBeGreaterThan(0);
      expect(bulkEdges).toEqual(await semantic(single));
    } finally {
      await single.close();
    }
  });

  it('compiles many texts and stores them in one batch, all or nothing', async () => {
    const texts = ['The tenant pays rent monthly.', 'Did the landlord repair the boiler?', LEASE];
    const stored = await engine.bulkLoad(() =>
      engine.compileMany([
        { text: texts[0]!, documentId: 'm1', store: true, embed: true },
        { text: texts[1]!, documentId: 'm2' },
        { text: texts[2]!, documentId: 'm3', store: true, embed: true },
      ]),
    );
    expect(stored.map((clauses) => clauses[0]!.documentId)).toEqual(['m1', 'm2', 'm3']);
    expect((await engine.listClauses({ documentId: 'm3' })).total).toBe(stored[2]!.length);
    expect((await engine.listClauses({ documentId: 'm2' })).total).toBe(0);
    const hits = await engine.retrieve({ query: 'when is the deposit returned?' });
    expect(hits.results[0]!.documentId).toBe('m3');
    expect(hits.results.some((result) => result.semanticRank !== null)).toBe(true);

    // A bad request or a repeated document id stores nothing of the batch.
    await expect(
      engine.compileMany([{ text: 'Fine text.', documentId: 'm4', store: true }, { text: '  ' }]),
    ).rejects.toSatisfy((error) => InvalidRequestError.isInstance(error) && /request 1/.test(error.message));
    await expect(
      engine.compileMany([
        { text: 'First text.', documentId: 'm5', store: true },
        { text: 'Second text.', documentId: 'm5', store: true },
      ]),
    ).rejects.toBeInstanceOf(InvalidRequestError);
    expect((await engine.listClauses()).total).toBe(stored[0]!.length + stored[2]!.length);
    expect(await engine.compileMany([])).toEqual([]);
  });

  it('re-saving a document keeps clause ids, so review history stays attached', async () => {
    const first = await engine.compile({ text: LEASE, documentId: 'lease', store: true });
    await engine.reviewClause(first[0]!.id, { decision: 'accepted', reviewer: 'ana' });
    const second = await engine.compile({ text: LEASE, documentId: 'lease', store: true });
    expect(second.map((clause) => clause.id)).toEqual(first.map((clause) => clause.id));
    expect((await engine.clauseReviewLog()).total).toBe(1);
  });

  it('synthesizes an extractive answer citing stored clauses', async () => {
    await engine.compile({ text: LEASE, documentId: 'lease', store: true, embed: true });
    const answer = await engine.synthesize({ query: 'Who must pay the deposit?' });
    expect(answer.citedClauseIds.length).toBeGreaterThan(0);
    const contextIds = new Set(answer.clauses.map((clause) => clause.clauseId));
    for (const id of answer.citedClauseIds) expect(contextIds.has(id)).toBe(true);
    expect(answer.confidence).toBeGreaterThan(0);
    expect(answer.confidence).toBeLessThanOrEqual(1);
    expect(answer.usedFallback).toBe(false);
    expect(answer.reviewItemId).toBeNull();
  });

  it('reviews clauses: accepted clears the annotation flag, rejected hides from retrieval, re_annotated records before and after', async () => {
    const clauses = await engine.compile({ text: LEASE, documentId: 'lease', store: true });
    const target = clauses.find((clause) => /return the deposit/.test(clause.text))!;

    const accepted = await engine.reviewClause(target.id, {
      decision: 'accepted',
      reviewer: 'ana',
      notes: 'fine',
    });
    expect(accepted).toMatchObject({
      clauseId: target.id,
      decision: 'accepted',
      reviewer: 'ana',
      notes: 'fine',
    });
    expect(accepted.annotationAfter.interpersonal.untrusted).toBe(false);

    const reannotated = await engine.reviewClause(target.id, { decision: 're_annotated' });
    expect(reannotated.annotationAfter.interpersonal.annotationSource).toBe('rules');
    expect(reannotated.annotationBefore.interpersonal.mood).toBe(target.interpersonal.mood);

    await engine.reviewClause(target.id, { decision: 'rejected' });
    const hits = await engine.retrieve({ query: 'return the deposit thirty days' });
    expect(hits.results.map((result) => result.clauseId)).not.toContain(target.id);
    const withRejected = await engine.retrieve({
      query: 'return the deposit thirty days',
      filters: { includeRejected: true },
    });
    expect(withRejected.results.map((result) => result.clauseId)).toContain(target.id);

    const log = await engine.clauseReviewLog({ limit: 2 });
    expect(log.total).toBe(3);
    expect(log.clauses.map((record) => record.decision)).toEqual(['rejected', 're_annotated']);
    await expect(
      engine.reviewClause('00000000-0000-4000-8000-000000000000', { decision: 'accepted' }),
    ).rejects.toThrow(NotFoundError);
  });

  it('runs the content review queue: approve and edit store generated clauses, a second decision conflicts', async () => {
    const approved = await engine.enqueueContent({ content: 'The pool closes at nine.', source: 'test' });
    expect(approved.status).toBe('pending');
    const edited = await engine.enqueueContent({ content: 'Wrong text.', metadata: { draft: 1 } });
    const rejected = await engine.enqueueContent({ content: 'Spam.' });
    const image = await engine.enqueueContent({
      content: 'https://example.invalid/cat.png',
      modality: 'image',
    });

    const pending = await engine.listContentReviews({ limit: 10 });
    expect(pending.total).toBe(4);
    expect((await engine.listContentReviews({ modality: 'image' })).items.map((item) => item.id)).toEqual([
      image.id,
    ]);

    const one = await engine.decideContentReview(approved.id, { decision: 'approve', reviewer: 'ana' });
    expect(one.review).toMatchObject({ status: 'approved', decision: 'approve', reviewer: 'ana' });
    expect(one.clauses.length).toBeGreaterThan(0);
    expect(one.clauses.every((clause) => clause.untrusted && clause.sourceType === 'generated')).toBe(true);

    const two = await engine.decideContentReview(edited.id, {
      decision: 'edit',
      editedText: 'The gym opens at six.',
    });
    expect(two.review).toMatchObject({ status: 'edited', editedText: 'The gym opens at six.' });
    expect(two.clauses[0]!.text).toMatch(/gym/);

    const three = await engine.decideContentReview(rejected.id, { decision: 'reject' });
    expect(three.clauses).toEqual([]);
    const four = await engine.decideContentReview(image.id, { decision: 'approve' });
    expect(four.clauses).toEqual([]);

    await expect(engine.decideContentReview(approved.id, { decision: 'reject' })).rejects.toThrow(
      ConflictError,
    );
    await expect(
      engine.decideContentReview('00000000-0000-4000-8000-000000000000', { decision: 'approve' }),
    ).rejects.toThrow(NotFoundError);
    expect((await engine.listContentReviews()).total).toBe(0);
    const generated = await engine.listClauses({ sourceType: 'generated' });
    expect(generated.total).toBe(one.clauses.length + two.clauses.length);
  });

  it('serves the graph: structural edges for dependent clauses and semantic edges after embedding', async () => {
    const clauses = await engine.compile({ text: LEASE, documentId: 'lease', store: true, embed: true });
    const nodes = await engine.graphNodes('lease');
    expect(nodes.map((node) => node.id).sort()).toEqual(clauses.map((clause) => clause.id).sort());
    const edges = await engine.graphEdges('lease');
    const dependent = clauses.filter((clause) => clause.syntactic.parentClauseId !== null);
    const structural = edges.filter((edge) => edge.type === 'structural');
    expect(structural).toHaveLength(dependent.length);
    expect(edges.some((edge) => edge.type === 'semantic')).toBe(true);
    expect(await engine.graphNodes('nothing-here')).toEqual([]);
  });

  it('rejects bad input with clear errors and writes nothing', async () => {
    await expect(engine.compile({ text: '  ' })).rejects.toThrow(InvalidRequestError);
    await expect(engine.retrieve({ query: '' })).rejects.toThrow(/query/);
    await expect(engine.retrieve({ query: 'x', limit: 201 })).rejects.toThrow(InvalidRequestError);
    await expect(engine.synthesize({ query: 'x', filters: { minModality: 2 } })).rejects.toThrow(
      InvalidRequestError,
    );
    await expect(engine.reviewClause('x', { decision: 'maybe' as never })).rejects.toThrow(
      InvalidRequestError,
    );
    await expect(engine.decideContentReview('x', { decision: 'edit' })).rejects.toThrow(/edited_text/);
    const small = await createEngine({
      store: { url: 'memory://' },
      embedder: createHashEmbedder(),
      maxTextLength: 20,
    });
    await expect(
      small.compile({ text: 'This text is longer than twenty characters.', store: true }),
    ).rejects.toThrow(PayloadTooLargeError);
    expect((await small.listClauses()).total).toBe(0);
    await small.close();
  });
});

describe('engine.ingestMany over several groups, compiled in a worker thread', () => {
  it('writes group after group while the next compile, a result per document, failures alone', async () => {
    const many = await createEngine({
      store: { url: 'memory://' },
      embedder: createHashEmbedder(),
      maxTextLength: 400,
      compileWorkers: 1,
    });
    try {
      // 150 documents: three groups of at most 64; a bad one in the second, a too long one in the third.
      const documents = Array.from({ length: 150 }, (_, index) => ({
        documentId: `doc-${index}`,
        text: `Tenant ${index} must pay the rent. The landlord may inspect flat ${index} after notice.`,
        embed: index % 2 === 0,
      }));
      documents[70] = { documentId: 'doc-70', text: '   ', embed: true };
      documents[140] = { documentId: 'doc-140', text: 'A clause that goes on. '.repeat(30), embed: true };
      const seen: number[] = [];
      const results = await many.ingestMany(documents, { onResult: (result) => seen.push(result.index) });
      expect(results.map((result) => result.index)).toEqual(documents.map((_, index) => index));
      expect([...seen].sort((left, right) => left - right)).toEqual(documents.map((_, index) => index));
      const failed = results.filter((result) => result.status === 'failed');
      expect(failed.map((result) => [result.index, result.error?.code])).toEqual([
        [70, 'invalid_request'],
        [140, 'payload_too_large'],
      ]);
      expect(failed[1]!.documentId).toBe('doc-140');
      const stored = results.filter((result) => result.status === 'stored');
      expect(stored).toHaveLength(148);
      expect(stored.every((result) => result.embedded === (result.index % 2 === 0))).toBe(true);
      const total = stored.reduce((sum, result) => sum + result.clauseCount, 0);
      expect((await many.listClauses({ limit: 1 })).total).toBe(total);
      // Each stored document holds the clauses its result counts, compiled from its own text.
      const last = await many.listClauses({ documentId: 'doc-149' });
      expect(last.total).toBe(results[149]!.clauseCount);
      expect(last.clauses.map((clause) => clause.text).join(' ')).toMatch(/Tenant 149 .*flat 149/);
      expect((await many.listClauses({ documentId: 'doc-70' })).total).toBe(0);
      expect((await many.listClauses({ documentId: 'doc-140' })).total).toBe(0);
    } finally {
      await many.close();
    }
  }, 180_000);
});

describe('engine.ingestMany with compile workers: the end of a request', () => {
  /** Ingests 120 short documents and returns the sizes of the groups the store was asked to write. */
  async function writtenGroups(compileWorkers: number, prefix: string) {
    const store = await createStore({ url: 'memory://' });
    const written: number[] = [];
    const saveDocuments = store.saveDocuments.bind(store);
    store.saveDocuments = (inputs) => {
      written.push(inputs.length);
      return saveDocuments(inputs);
    };
    const engine = await createEngine({ store, embedder: createHashEmbedder(), compileWorkers });
    try {
      const documents = Array.from({ length: 120 }, (_, index) => ({
        documentId: `${prefix}-${index}`,
        text: `Tenant ${index} must pay the rent on time.`,
        store: true,
      }));
      const results = await engine.ingestMany(documents);
      const stored = (await engine.listClauses({ limit: 1 })).total;
      return { written, results, stored };
    } finally {
      await engine.close();
      await store.close();
    }
  }

  it('writes the last documents of a request in small groups (32, 8, 2), so the workers wait less for the last write', async () => {
    const { written, results, stored } = await writtenGroups(1, 'tail');
    expect(results.every((result) => result.status === 'stored')).toBe(true);
    // A first group of 8, one of 64, then the last 48 as 6, 32, 8 and 2 (instead of one of 48).
    expect(written).toEqual([8, 64, 6, 32, 8, 2]);
    expect(stored).toBe(results.reduce((sum, result) => sum + result.clauseCount, 0));
  }, 180_000);

  it('without compile workers keeps the groups as they were (8, then 64)', async () => {
    const { written } = await writtenGroups(0, 'plain');
    expect(written).toEqual([8, 64, 48]);
  }, 60_000);
});

describe('createEngine({ fusion })', () => {
  it('fuses by the configured method, which a request overrides; a bad method is a RangeError or a 400', async () => {
    const scored = await createEngine({
      store: { url: 'memory://' },
      embedder: createHashEmbedder(),
      fusion: 'minmax',
      fusionWeights: { vector: 0.5, keyword: 1 },
    });
    try {
      await scored.compile({ text: LEASE, documentId: 'lease', store: true, embed: true });
      const query = 'when is the deposit returned?';
      const byScore = (await scored.retrieve({ query })).results;
      // Min-max: the keyword list's best clause gets the keyword weight in full, 1, plus its vector part.
      const keywordFirst = byScore.find((result) => result.keywordRank === 1)!;
      expect(keywordFirst.rrfScore).toBeGreaterThanOrEqual(1);
      for (const result of byScore) expect(result.rrfScore).toBeLessThanOrEqual(1.5 + 1e-9);
      const byRank = (await scored.retrieve({ query, fusion: 'rrf' })).results;
      for (const result of byRank)
        expect(result.rrfScore).toBeCloseTo(
          (result.semanticRank === null ? 0 : 0.5 / (60 + result.semanticRank)) +
            (result.keywordRank === null ? 0 : 1 / (60 + result.keywordRank)),
          12,
        );
      await expect(scored.retrieve({ query, fusion: 'sum' as never })).rejects.toThrow(/fusion/);
      const answer = await scored.synthesize({ query, fusion: 'rrf' });
      expect(Math.max(...answer.clauses.map((clause) => clause.rrfScore))).toBeLessThan(0.1);
    } finally {
      await scored.close();
    }
    await expect(
      createEngine({ store: { url: 'memory://' }, embedder: createHashEmbedder(), fusion: 'sum' as never }),
    ).rejects.toThrow(RangeError);
  });
});

describe('createEngine({ sentenceContext })', () => {
  const CONTRACT = [
    'Insurance.',
    'During the term the supplier shall obtain, at its own expense, liability insurance with a reputable carrier, and maintain it, and deliver certificates to the buyer every year.',
    'Payment is due within thirty days of the invoice.',
  ].join('\n\n');

  it('finds the clauses of the sentence that answers, not only the ones holding the query words', async () => {
    const plain = await createEngine({ store: { url: 'memory://' }, embedder: createHashEmbedder() });
    const contextual = await createEngine({
      store: { url: 'memory://' },
      embedder: createHashEmbedder(),
      sentenceContext: true,
    });
    try {
      const clauses = await contextual.compile({ text: CONTRACT, documentId: 'supply', embed: true });
      await plain.compile({ text: CONTRACT, documentId: 'supply', embed: true });
      const sentence = clauses.find((clause) => /liability insurance/.test(clause.text))!.syntactic
        .sentenceIndex;
      const inSentence = clauses.filter((clause) => clause.syntactic.sentenceIndex === sentence);
      expect(inSentence.length).toBeGreaterThan(1);
      const query = { query: 'insurance obligations of the supplier', limit: 10, weights: { vector: 0 } };
      const found = async (engine: typeof plain) =>
        new Set((await engine.retrieve(query)).results.map((result) => result.clauseId));
      const withContext = await found(contextual);
      const without = await found(plain);
      // In context, every clause of the sentence is found; alone, some match no query word.
      for (const clause of inSentence) expect(withContext.has(clause.id)).toBe(true);
      expect(inSentence.some((clause) => !without.has(clause.id))).toBe(true);
      // The payment clause, in a sentence about something else, stays out.
      const payment = clauses.find((clause) => /Payment/.test(clause.text))!;
      expect(withContext.has(payment.id)).toBe(false);
    } finally {
      await plain.close();
      await contextual.close();
    }
  }, 120_000);
  it('gives clauses ingested many at a time the sentence-context vectors of a single ingest', async () => {
    const single = await createEngine({
      store: { url: 'memory://' },
      embedder: createHashEmbedder(),
      sentenceContext: true,
    });
    const batched = await createEngine({
      store: { url: 'memory://' },
      embedder: createHashEmbedder(),
      sentenceContext: true,
    });
    const unaware = await createEngine({ store: { url: 'memory://' }, embedder: createHashEmbedder() });
    try {
      await single.compile({ text: CONTRACT, documentId: 'supply', store: true, embed: true });
      const [result] = await batched.ingestMany([{ text: CONTRACT, documentId: 'supply', embed: true }]);
      expect(result).toMatchObject({ status: 'stored', embedded: true });
      await unaware.ingestMany([{ text: CONTRACT, documentId: 'supply', embed: true }]);
      const query = { query: 'insurance obligations of the supplier', limit: 20, mode: 'vector' as const };
      const ranked = async (engine: typeof single) =>
        (await engine.retrieve(query)).results.map((hit) => hit.clauseId);
      const expected = await ranked(single);
      expect(expected.length).toBeGreaterThan(2);
      expect(await ranked(batched)).toEqual(expected);
      // Without sentence context the vectors differ (another order), so the comparison above can fail.
      expect(await ranked(unaware)).not.toEqual(expected);
    } finally {
      await single.close();
      await batched.close();
      await unaware.close();
    }
  }, 120_000);
});

describe('engine ingest sessions (bulkIngest.idleMs)', () => {
  it('keeps the store bulk mode open across ingestMany calls until a read, settleIngest or close', async () => {
    const { createStore } = await import('@cae/store-drizzle');
    const store = await createStore({ url: 'memory://' });
    const engine = await createEngine({
      store,
      embedder: createHashEmbedder(),
      compileWorkers: 0,
      bulkIngest: { minClauses: 1, factor: 1000, idleMs: 600_000 },
    });
    try {
      const ingest = (documentId: string) =>
        engine.ingestMany([{ text: LEASE, documentId, store: true, embed: true }]);
      await ingest('first');
      expect(store.ingestSessionOpen()).toBe(true);
      // A second request joins the open session (counting the store for the bulk decision would settle it).
      await ingest('second');
      expect(store.ingestSessionOpen()).toBe(true);
      const hits = await engine.retrieve({ query: 'deposit', limit: 20, weights: { vector: 0, keyword: 1 } });
      expect(store.ingestSessionOpen()).toBe(false);
      expect(new Set(hits.results.map((result) => result.documentId))).toEqual(new Set(['first', 'second']));

      await ingest('third');
      expect(store.ingestSessionOpen()).toBe(true);
      await engine.settleIngest();
      expect(store.ingestSessionOpen()).toBe(false);

      await ingest('fourth');
      await engine.close();
      // Closing the engine finished the session (the given store stays open).
      expect(store.ingestSessionOpen()).toBe(false);
      expect((await store.keywordCandidates('deposit', { documentId: 'fourth' }, 10)).length).toBeGreaterThan(
        0,
      );
    } finally {
      await engine.close();
      await store.close();
    }
  });

  it('a request joins the open session before it compiles and embeds: a slow first group does not close it', async () => {
    const { createStore } = await import('@cae/store-drizzle');
    const store = await createStore({ url: 'memory://' });
    const hash = createHashEmbedder();
    /** Whether the session was open as each embedder call ended (it waits longer than idleMs). */
    const openAfterEmbedding: boolean[] = [];
    let slow = false;
    const engine = await createEngine({
      store,
      embedder: {
        id: hash.id,
        dimension: hash.dimension,
        async embed(texts) {
          if (slow) {
            await new Promise((resolve) => setTimeout(resolve, 300));
            openAfterEmbedding.push(store.ingestSessionOpen());
          }
          return hash.embed(texts);
        },
      },
      compileWorkers: 0,
      bulkIngest: { minClauses: 1, factor: 1000, idleMs: 50 },
    });
    try {
      const ingest = (documentId: string) =>
        engine.ingestMany([{ text: LEASE, documentId, store: true, embed: true }]);
      await ingest('first');
      expect(store.ingestSessionOpen()).toBe(true);
      slow = true;
      // The second request's embedding outlasts idleMs: it holds the session, so the session's
      // derived work runs once for both requests instead of once each.
      await ingest('second');
      expect(openAfterEmbedding).toEqual([true]);
      expect(store.ingestSessionOpen()).toBe(true);
      const hits = await engine.retrieve({ query: 'deposit', limit: 20, weights: { vector: 0, keyword: 1 } });
      expect(new Set(hits.results.map((result) => result.documentId))).toEqual(new Set(['first', 'second']));
    } finally {
      await engine.close();
      await store.close();
    }
  });

  it('with idleMs 0 finishes each bulk request before answering, and refuses a negative idleMs', async () => {
    const { createStore } = await import('@cae/store-drizzle');
    const store = await createStore({ url: 'memory://' });
    const engine = await createEngine({
      store,
      embedder: createHashEmbedder(),
      compileWorkers: 0,
      bulkIngest: { minClauses: 1, factor: 1000, idleMs: 0 },
    });
    try {
      await engine.ingestMany([{ text: LEASE, documentId: 'only', store: true, embed: true }]);
      expect(store.ingestSessionOpen()).toBe(false);
      await expect(
        createEngine({ store, embedder: createHashEmbedder(), bulkIngest: { idleMs: -1 } }),
      ).rejects.toThrow(/bulkIngest\.idleMs/);
    } finally {
      await engine.close();
      await store.close();
    }
  });
});
