import {
  AnnotatedClauseSchema,
  CaeError,
  ConflictError,
  clauseId,
  InvalidRequestError,
  NotFoundError,
  type RetrievalFilters,
} from '@cae/core';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { encodeClauses } from '../src/encode';
import { databaseOf, type Store } from '../src/store';
import { estimateFilter } from '../src/store-filters';
import { makeClause, makeDocument, randomEmbeddings } from './clause-fixtures';
import { sessionDocument, sessionFindings } from './session-crash';

export interface StoreSuiteContext {
  /** A fresh, empty store (own database or in-memory). */
  open(): Promise<Store>;
  /** Whether the database provides pgvector. */
  vector: boolean;
}

const SPECIAL_QUERIES = [
  "tenant's deposit",
  'back\\slash \\ deposit',
  '100% deposit %_',
  'tenant & | ! ( ) : * deposit',
  "'; DROP TABLE clauses; --",
  "':* & !'",
  '',
  '   ',
  'the of and is',
];

/** The store's behaviour on any Postgres: run against PGlite always and a server when DATABASE_URL is set. */
export function storeTests(context: StoreSuiteContext): void {
  let store: Store;
  beforeEach(async () => {
    store = await context.open();
  });
  afterEach(async () => {
    await store.close();
  });
  /** Records a decision that leaves the annotation as it is. */
  const decide = (id: string, decision: 'accepted' | 'rejected') =>
    store.recordClauseReview({
      clauseId: id,
      decision,
      outcome: (before) => ({ annotation: before, reviewStatus: decision }),
    });
  const queryRowsOf = async <T>(query: ReturnType<typeof sql>): Promise<T[]> => {
    const result: unknown = await databaseOf(store).execute(query);
    return Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows;
  };

  describe('documents and clauses', () => {
    it('round-trips clauses through saveDocument, listClauses and getClause', async () => {
      const clauses = makeDocument('doc-a', 6);
      const result = await store.saveDocument({ documentId: 'doc-a', clauses });
      expect(result).toMatchObject({ documentId: 'doc-a', clauseCount: 6 });
      const page = await store.listClauses({ documentId: 'doc-a' });
      expect(page.total).toBe(6);
      expect(page.clauses).toEqual(clauses.map((clause) => AnnotatedClauseSchema.parse(clause)));
      expect(await store.getClause(clauses[2]!.id)).toEqual(clauses[2]);
      expect(await store.getClause(clauseId('doc-a', 99))).toBeNull();
      expect(await store.getClause('not-a-uuid')).toBeNull();
    });

    it('replaces a re-saved document atomically and keeps clause ids stable', async () => {
      await store.saveDocument({ documentId: 'doc-r', clauses: makeDocument('doc-r', 5) });
      const second = makeDocument('doc-r', 3, () => ({ text: 'Rewritten clause about a harbour' }));
      await store.saveDocument({ documentId: 'doc-r', clauses: second });
      const page = await store.listClauses({ documentId: 'doc-r' });
      expect(page.total).toBe(3);
      expect(page.clauses.map((clause) => clause.id)).toEqual(
        [0, 1, 2].map((index) => clauseId('doc-r', index)),
      );
      expect(page.clauses.every((clause) => clause.text === 'Rewritten clause about a harbour')).toBe(true);
      // The postings were replaced too: old words are gone, new ones found.
      expect(await store.keywordCandidates('landlord keys', { documentId: 'doc-r' }, 10)).toEqual([]);
      expect(await store.keywordCandidates('harbour', {}, 10)).toHaveLength(3);
    });

    it('leaves the old version intact when a save fails midway', async () => {
      const original = makeDocument('doc-f', 4);
      await store.saveDocument({ documentId: 'doc-f', clauses: original });
      // A NUL character passes validation but the database refuses it, in the second insert chunk.
      const broken = makeDocument('doc-f', 900, (index) =>
        index === 700 ? { text: 'bad \u0000 text' } : {},
      );
      await expect(store.saveDocument({ documentId: 'doc-f', clauses: broken })).rejects.toThrow();
      const fresh = makeDocument('doc-g', 900, (index) => (index === 700 ? { text: 'bad \u0000 text' } : {}));
      await expect(store.saveDocument({ documentId: 'doc-g', clauses: fresh })).rejects.toThrow();
      // A clause of another document in the middle is refused before anything is written.
      const invalid = makeDocument('doc-f', 6).map((clause, index) =>
        index === 3 ? makeClause('doc-x', 3) : clause,
      );
      await expect(store.saveDocument({ documentId: 'doc-f', clauses: invalid })).rejects.toBeInstanceOf(
        InvalidRequestError,
      );
      const page = await store.listClauses({ limit: 500 });
      expect(page.total).toBe(4);
      expect(page.clauses).toEqual(original);
      expect(await store.keywordCandidates('clause', { documentId: 'doc-f' }, 10)).toHaveLength(4);
    });

    it('pages with exact totals, ordered by document then clause index', async () => {
      await store.saveDocument({ documentId: 'doc-2', clauses: makeDocument('doc-2', 70) });
      await store.saveDocument({ documentId: 'doc-1', clauses: makeDocument('doc-1', 50) });
      const first = await store.listClauses({ limit: 50, offset: 0 });
      expect(first.total).toBe(120);
      expect(first.clauses.map((clause) => clause.syntactic.clauseIndex)).toEqual([...Array(50).keys()]);
      expect(first.clauses.every((clause) => clause.documentId === 'doc-1')).toBe(true);
      const last = await store.listClauses({ limit: 50, offset: 100 });
      expect(last.total).toBe(120);
      expect(last.clauses).toHaveLength(20);
      expect(last.clauses[0]).toMatchObject({ documentId: 'doc-2', syntactic: { clauseIndex: 50 } });
      expect((await store.listClauses({ limit: 10, offset: 500 })).clauses).toEqual([]);
    });

    it('applies every filter of GET /clauses', async () => {
      const a = makeDocument('doc-x', 40, (index) => ({
        annotationSource: index % 4 === 0 ? 'llm' : 'rules',
        sourceType: index % 5 === 0 ? 'generated' : 'document',
      }));
      const b = makeDocument('doc-y', 30);
      await store.saveDocument({ documentId: 'doc-x', clauses: a });
      await store.saveDocument({ documentId: 'doc-y', clauses: b });
      const all = [...a, ...b];
      const cases: [Parameters<Store['listClauses']>[0], (clause: (typeof all)[number]) => boolean][] = [
        [{ documentId: 'doc-y' }, (c) => c.documentId === 'doc-y'],
        [{ annotationSource: 'llm' }, (c) => c.interpersonal.annotationSource === 'llm'],
        [{ sourceType: 'generated' }, (c) => c.sourceType === 'generated'],
        [{ mood: 'interrogative' }, (c) => c.interpersonal.mood === 'interrogative'],
        [{ processType: 'mental' }, (c) => c.ideational.processType === 'mental'],
        [{ minModality: 0.5 }, (c) => c.interpersonal.modalityWeight >= 0.5],
        [{ maxModality: 0.3 }, (c) => c.interpersonal.modalityWeight <= 0.3],
        [{ modalityType: 'obligation' }, (c) => c.interpersonal.modalityType === 'obligation'],
        [
          { modalityType: 'probability', minModality: 0.5 },
          (c) => c.interpersonal.modalityType === 'probability' && c.interpersonal.modalityWeight >= 0.5,
        ],
        [
          { minTenor: 0.4, maxTenor: 0.6 },
          (c) => c.interpersonal.tenor >= 0.4 && c.interpersonal.tenor <= 0.6,
        ],
        [
          { documentId: 'doc-x', mood: 'declarative', minModality: 0.2 },
          (c) =>
            c.documentId === 'doc-x' &&
            c.interpersonal.mood === 'declarative' &&
            c.interpersonal.modalityWeight >= 0.2,
        ],
      ];
      for (const [query, predicate] of cases) {
        const expected = all.filter(predicate);
        expect(expected.length).toBeGreaterThan(0);
        const page = await store.listClauses({ ...query, limit: 500 });
        expect(page.total, JSON.stringify(query)).toBe(expected.length);
        expect(new Set(page.clauses.map((clause) => clause.id))).toEqual(
          new Set(expected.map((clause) => clause.id)),
        );
      }
    });

    it("stores a document with its clauses' own source type", async () => {
      await store.saveDocument({
        documentId: 'doc-s',
        clauses: makeDocument('doc-s', 2, () => ({ sourceType: 'generated' })),
      });
      expect((await store.listClauses({ sourceType: 'generated' })).total).toBe(2);
      const [row] = await queryRowsOf<{ source_type: string }>(
        sql`SELECT source_type FROM documents WHERE id = 'doc-s'`,
      );
      expect(row?.source_type).toBe('generated');
    });

    it('refuses clauses the database could not keep consistent, before writing anything', async () => {
      const original = makeDocument('doc-i', 3);
      await store.saveDocument({ documentId: 'doc-i', clauses: original });
      const foreign = makeDocument('doc-i', 3).map((clause, index) =>
        index === 1 ? makeClause('doc-j', 1) : clause,
      );
      const repeated = makeDocument('doc-i', 3).map((clause, index) =>
        index === 2 ? { ...clause, syntactic: { ...clause.syntactic, clauseIndex: 0 } } : clause,
      );
      const badParent = makeDocument('doc-i', 2).map((clause, index) =>
        index === 1 ? { ...clause, syntactic: { ...clause.syntactic, parentClauseId: 'clause-0' } } : clause,
      );
      for (const [clauses, message] of [
        [foreign, /clause 1 of document doc-i belongs to document doc-j/],
        [repeated, /clauseIndex 0 appears twice/],
        [badParent, /parentClauseId that is not a clause id/],
      ] as const) {
        await expect(store.saveDocument({ documentId: 'doc-i', clauses })).rejects.toSatisfy(
          (error) => error instanceof InvalidRequestError && message.test(error.message),
        );
      }
      expect((await store.listClauses({ documentId: 'doc-i' })).clauses).toEqual(original);
    });
  });

  describe('batch saves', () => {
    const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? (result as T[]);
    const termStatsDrift = async () => {
      const drift = await databaseOf(store).execute(sql`SELECT count(*)::int AS n FROM term_stats s
        FULL JOIN (SELECT term, count(*)::int AS df FROM clause_terms GROUP BY term) p ON p.term = s.term
        FULL JOIN (SELECT term, count(*)::int AS df FROM document_terms GROUP BY term) d ON d.term = coalesce(s.term, p.term)
        WHERE coalesce(s.df, 0) <> coalesce(p.df, 0) OR coalesce(s.document_df, 0) <> coalesce(d.df, 0)`);
      return Number(rowsOf<{ n: number }>(drift)[0]?.n);
    };

    it('stores several documents in one call, results in input order, searchable at once', async () => {
      const a = makeDocument('batch-a', 4, () => ({ sourceType: 'generated' }));
      const b = makeDocument('batch-b', 3, () => ({ text: 'A harbour crane lifts containers' }));
      const results = await store.saveDocuments([
        { documentId: 'batch-b', clauses: b },
        { documentId: 'batch-a', clauses: a },
        { documentId: 'batch-empty', clauses: [] },
      ]);
      expect(results).toEqual([
        { documentId: 'batch-b', clauseCount: 3, semanticEdgeCount: 0 },
        { documentId: 'batch-a', clauseCount: 4, semanticEdgeCount: 0 },
        { documentId: 'batch-empty', clauseCount: 0, semanticEdgeCount: 0 },
      ]);
      expect((await store.listClauses({ documentId: 'batch-b' })).clauses).toEqual(b);
      const stored = await store.listClauses({ documentId: 'batch-a' });
      expect(stored.clauses).toEqual(a);
      expect((await store.listClauses({ sourceType: 'generated' })).total).toBe(4);
      expect((await store.keywordCandidates('harbour crane', {}, 10)).map((c) => c.documentId)).toEqual([
        'batch-b',
        'batch-b',
        'batch-b',
      ]);
      expect(await termStatsDrift()).toBe(0);
      expect(await store.saveDocuments([])).toEqual([]);
    });

    it('stores clauses encoded where they were compiled (encodeClauses) as it stores the clauses', async () => {
      const plain = makeDocument('enc-plain', 3, () => ({ text: 'A harbour crane lifts containers' }));
      const encoded = makeDocument('enc-rows', 3, () => ({ text: 'A harbour crane lifts containers' }));
      // Through a structured clone, as from a compile worker.
      const sent = structuredClone(encodeClauses(encoded));
      const results = await store.saveDocuments([
        { documentId: 'enc-plain', clauses: plain },
        { documentId: 'enc-rows', encoded: sent },
      ]);
      expect(results.map((result) => result.clauseCount)).toEqual([3, 3]);
      expect((await store.listClauses({ documentId: 'enc-rows' })).clauses).toEqual(encoded);
      expect(await store.saveDocument({ documentId: 'enc-one', encoded: encodeClauses([]) })).toEqual({
        documentId: 'enc-one',
        clauseCount: 0,
        semanticEdgeCount: 0,
      });
      const hits = await store.keywordCandidates('harbour crane', {}, 10);
      expect(hits.filter((hit) => hit.documentId === 'enc-rows')).toHaveLength(3);
      expect(hits.filter((hit) => hit.documentId === 'enc-plain')).toHaveLength(3);
      expect(await termStatsDrift()).toBe(0);
      // Rows are checked as clauses are: another document's rows, a repeated position, a foreign shape.
      await expect(
        store.saveDocument({ documentId: 'enc-other', encoded: encodeClauses(makeDocument('enc-x', 2)) }),
      ).rejects.toSatisfy(
        (error) =>
          error instanceof InvalidRequestError && /clause 0 of document enc-other/.test(error.message),
      );
      const twice = encodeClauses(makeDocument('enc-twice', 2));
      await expect(
        store.saveDocument({
          documentId: 'enc-twice',
          encoded: { ...twice, rows: [twice.rows[0]!, { ...twice.rows[1]!, clauseIndex: 0 }] },
        }),
      ).rejects.toSatisfy(
        (error) => error instanceof InvalidRequestError && /appears twice/.test(error.message),
      );
      await expect(
        store.saveDocument({
          documentId: 'enc-shape',
          encoded: { rows: [] } as unknown as ReturnType<typeof encodeClauses>,
        }),
      ).rejects.toSatisfy(
        (error) => error instanceof InvalidRequestError && /encodeClauses/.test(error.message),
      );
      expect((await store.listClauses({ documentId: 'enc-twice' })).total).toBe(0);
    });

    it('encodes the annotation columns as their JSON text, which the store writes as it is', async () => {
      const clauses = makeDocument('enc-text', 2, () => ({ text: 'A tug pulls the barge upstream' }));
      const sent = structuredClone(encodeClauses(clauses));
      // Strings, not nested objects: cheap to pass from a compile worker, nothing left to serialise.
      for (const row of sent.rows) {
        expect(typeof row.syntactic).toBe('string');
        expect(typeof row.ideational).toBe('string');
        expect(typeof row.interpersonal).toBe('string');
      }
      await store.saveDocuments([{ documentId: 'enc-text', encoded: sent }]);
      expect((await store.listClauses({ documentId: 'enc-text' })).clauses).toEqual(clauses);
      const stored = await queryRowsOf<{ syntactic: string; ideational: string; interpersonal: string }>(
        sql`SELECT syntactic::text AS syntactic, ideational::text AS ideational, interpersonal::text AS interpersonal
          FROM clauses WHERE document_id = 'enc-text' ORDER BY clause_index`,
      );
      // The column holds the encoded text, not a JSON string of it.
      expect(stored).toEqual(
        sent.rows.map((row) => ({
          syntactic: row.syntactic,
          ideational: row.ideational,
          interpersonal: row.interpersonal,
        })),
      );
    });

    it('re-saves a document in a batch: clauses and postings replaced, review history kept', async () => {
      await store.saveDocument({ documentId: 'batch-r', clauses: makeDocument('batch-r', 5) });
      const reviewed = clauseId('batch-r', 1);
      await decide(reviewed, 'accepted');
      const rewritten = makeDocument('batch-r', 2, () => ({ text: 'Rewritten clause about a harbour' }));
      await store.saveDocuments([
        { documentId: 'batch-r', clauses: rewritten },
        { documentId: 'batch-n', clauses: makeDocument('batch-n', 2) },
      ]);
      const page = await store.listClauses({ documentId: 'batch-r' });
      expect(page.clauses).toEqual(rewritten);
      expect(await store.keywordCandidates('landlord keys', { documentId: 'batch-r' }, 10)).toEqual([]);
      expect(await store.keywordCandidates('harbour', {}, 10)).toHaveLength(2);
      const log = await store.listClauseReviews();
      expect(log.records.map((record) => record.clauseId)).toEqual([reviewed]);
      expect(await termStatsDrift()).toBe(0);
    });

    it('rejects a batch with an invalid document or a repeated id before writing anything', async () => {
      const original = makeDocument('batch-v', 3);
      await store.saveDocument({ documentId: 'batch-v', clauses: original });
      const invalid = makeDocument('batch-w', 4).map((clause, index) =>
        index === 2 ? makeClause('batch-z', 2) : clause,
      );
      const valid = { documentId: 'batch-v', clauses: makeDocument('batch-v', 1) };
      await expect(
        store.saveDocuments([valid, { documentId: 'batch-w', clauses: invalid }]),
      ).rejects.toSatisfy(
        (error) => error instanceof InvalidRequestError && /clause 2 of document batch-w/.test(error.message),
      );
      await expect(
        store.saveDocuments([valid, { documentId: 'batch-x', clauses: [] }, valid]),
      ).rejects.toSatisfy(
        (error) => error instanceof InvalidRequestError && /batch-v appears twice/.test(error.message),
      );
      // The same clause id in two documents (ids are the caller's) is refused too.
      const stolen = { ...makeClause('batch-y', 0), id: clauseId('batch-x', 0) };
      await expect(
        store.saveDocuments([
          { documentId: 'batch-x', clauses: [makeClause('batch-x', 0)] },
          {
            documentId: 'batch-y',
            clauses: [{ ...stolen, syntactic: { ...stolen.syntactic, id: stolen.id } }],
          },
        ]),
      ).rejects.toBeInstanceOf(InvalidRequestError);
      await expect(store.saveDocuments([{ documentId: '', clauses: [] }])).rejects.toBeInstanceOf(
        InvalidRequestError,
      );
      const page = await store.listClauses({ limit: 500 });
      expect(page.clauses).toEqual(original);
    });

    it('leaves nothing of a batch behind when one of its documents fails to write', async () => {
      const original = makeDocument('batch-f', 4);
      await store.saveDocument({ documentId: 'batch-f', clauses: original });
      // A NUL character passes validation but the database refuses it, in the batch's last document.
      const broken = makeDocument('batch-h', 30, (index) =>
        index === 20 ? { text: 'bad \u0000 text' } : {},
      );
      await expect(
        store.saveDocuments([
          {
            documentId: 'batch-f',
            clauses: makeDocument('batch-f', 2, () => ({ text: 'Replaced harbour' })),
          },
          { documentId: 'batch-g', clauses: makeDocument('batch-g', 5) },
          { documentId: 'batch-h', clauses: broken },
        ]),
      ).rejects.toThrow();
      const page = await store.listClauses({ limit: 500 });
      expect(page.total).toBe(4);
      expect(page.clauses).toEqual(original);
      expect(await store.keywordCandidates('harbour', {}, 10)).toEqual([]);
      expect(await store.keywordCandidates('clause', { documentId: 'batch-f' }, 10)).toHaveLength(4);
      expect(await termStatsDrift()).toBe(0);
      const counted = await databaseOf(store).execute(sql`SELECT count(*)::int AS n FROM documents`);
      expect(Number(rowsOf<{ n: number }>(counted)[0]?.n)).toBe(1);
    });

    it('bulk-loads batches: postings exact, keyword search right, indexes and constraints restored', async () => {
      const catalog = async () =>
        rowsOf<{ definition: string }>(
          await databaseOf(store).execute(sql`SELECT definition FROM (
            SELECT pg_get_indexdef(indexrelid) AS definition FROM pg_index
            WHERE indrelid IN ('clauses'::regclass, 'clause_terms'::regclass, 'document_terms'::regclass, 'term_stats'::regclass)
            UNION ALL
            SELECT conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) FROM pg_constraint
            WHERE conrelid IN ('clauses'::regclass, 'clause_terms'::regclass, 'document_terms'::regclass, 'term_stats'::regclass)
          ) objects ORDER BY definition`),
        ).map((row) => row.definition);
      await store.saveDocument({ documentId: 'bulk-0', clauses: makeDocument('bulk-0', 3) });
      const before = await catalog();
      const documents = Array.from({ length: 12 }, (_, index) => ({
        documentId: `bulk-${index + 1}`,
        clauses: makeDocument(`bulk-${index + 1}`, 10, (clause) =>
          clause === 0 && index === 4 ? { text: 'Oxidative stress damages neurons.' } : {},
        ),
      }));
      await store.bulkLoad(async () => {
        await store.saveDocuments(documents.slice(0, 5));
        await store.saveDocuments(documents.slice(5));
        // Re-saved in the load: its old postings go, its new ones come with the others.
        await store.saveDocuments([{ documentId: 'bulk-0', clauses: makeDocument('bulk-0', 2) }]);
      });
      expect(await catalog()).toEqual(before);
      expect((await store.listClauses()).total).toBe(122);
      expect(await termStatsDrift()).toBe(0);
      const found = await store.keywordCandidates('oxidative neurons', {}, 10);
      expect(found.map((result) => result.clauseId)).toEqual([clauseId('bulk-5', 0)]);
      const counts = rowsOf<{ n: number }>(
        await databaseOf(store).execute(sql`SELECT clause_count::int AS n FROM documents ORDER BY id`),
      );
      expect(counts.map((row) => Number(row.n)).sort((x, y) => x - y)).toEqual([2, ...Array(12).fill(10)]);
      // Foreign keys still cascade: deleting a document removes its postings.
      await databaseOf(store).execute(sql`DELETE FROM documents WHERE id = 'bulk-5'`);
      const orphans = rowsOf<{ n: number }>(
        await databaseOf(store).execute(
          sql`SELECT count(*)::int AS n FROM clause_terms WHERE document_id = 'bulk-5'`,
        ),
      );
      expect(Number(orphans[0]?.n)).toBe(0);
    });
  });

  describe('keyword candidates', () => {
    beforeEach(async () => {
      await store.saveDocument({
        documentId: 'kw',
        clauses: [
          makeClause('kw', 0, { text: 'The tenant must return the keys to the landlord.' }),
          makeClause('kw', 1, {
            text: 'The landlord repairs the roof of the property.',
            mood: 'interrogative',
          }),
          makeClause('kw', 2, { text: 'Mitochondrial dysfunction causes oxidative stress in neurons.' }),
          makeClause('kw', 3, { text: "The tenant's deposit is returned within 30 days." }),
          makeClause('kw', 4, { text: 'Ünïcödé façade naïve café 東京 データ' }),
        ],
      });
    });

    it('ranks by BM25 with OR semantics over stemmed lexemes, stop words ignored', async () => {
      const results = await store.keywordCandidates('What causes oxidative stress in neurons?', {}, 10);
      expect(results[0]?.text).toContain('Mitochondrial');
      // "deposit" matches one clause, "neuron" another: OR, not AND.
      const either = await store.keywordCandidates('deposits of neurons', {}, 10);
      expect(either.map((result) => result.clauseIndex).sort()).toEqual([2, 3]);
      // Stemming: "returning" finds "return" and "returned".
      const stems = await store.keywordCandidates('returning', {}, 10);
      expect(stems.map((result) => result.clauseIndex).sort()).toEqual([0, 3]);
      expect(stems[0]!.score).toBeGreaterThan(0);
      expect(await store.keywordCandidates('the of and is what', {}, 10)).toEqual([]);
    });

    it('scores with the corpus statistics of the latest save (cached between writes)', async () => {
      const score = async () => (await store.keywordCandidates('deposit', {}, 10))[0]!.score;
      const before = await score();
      expect(await score()).toBe(before);
      // More clauses without "deposit": same document frequency, larger corpus, so a higher idf.
      await store.saveDocuments([
        { documentId: 'filler-1', clauses: makeDocument('filler-1', 6) },
        { documentId: 'filler-2', clauses: makeDocument('filler-2', 6) },
      ]);
      expect(await score()).toBeGreaterThan(before);
    });

    it('ranks a clause in the context of its document, unless documentWeight is 0', async () => {
      await store.saveDocument({
        documentId: 'lease',
        clauses: [
          makeClause('lease', 0, { text: 'Security deposit terms.' }),
          makeClause('lease', 1, { text: 'The deposit is held in a protected account.' }),
          makeClause('lease', 2, {
            text: 'A refund of the remaining balance is paid within fourteen days after the tenancy ends.',
          }),
        ],
      });
      await store.saveDocument({
        documentId: 'gym',
        clauses: [
          makeClause('gym', 0, { text: 'Refund now.' }),
          makeClause('gym', 1, { text: 'Members swim every morning.' }),
        ],
      });
      const leaseRefund = clauseId('lease', 2);
      const gymRefund = clauseId('gym', 0);
      const rank = (results: { clauseId: string }[], id: string) =>
        results.findIndex((result) => result.clauseId === id);
      // On its own words the short gym clause wins; in context the clause of the deposit document does.
      const alone = await store.keywordCandidates('deposit refund', {}, 10, { documentWeight: 0 });
      expect(rank(alone, gymRefund)).toBeLessThan(rank(alone, leaseRefund));
      const inContext = await store.keywordCandidates('deposit refund', {}, 10);
      expect(rank(inContext, leaseRefund)).toBeGreaterThanOrEqual(0);
      expect(rank(inContext, leaseRefund)).toBeLessThan(rank(inContext, gymRefund));
      // Only clauses that match a query lexeme themselves are candidates: context adds, never invents.
      expect(inContext.map((result) => result.clauseId)).not.toContain(clauseId('gym', 1));
      await expect(store.keywordCandidates('deposit', {}, 5, { documentWeight: -1 })).rejects.toThrow(
        /documentWeight/,
      );
    });

    it('ranks a clause in the context of its sentence and its neighbours when sentenceWeight is set', async () => {
      // One contract: a heading, then a sentence cut into short clauses, the key word in the first only.
      await store.saveDocument({
        documentId: 'supply',
        clauses: [
          makeClause('supply', 0, { text: 'Insurance.', sentenceIndex: 0 }),
          makeClause('supply', 1, { text: 'Liability insurance', sentenceIndex: 1 }),
          makeClause('supply', 2, { text: 'is maintained as an insurance policy', sentenceIndex: 1 }),
          makeClause('supply', 3, { text: 'during the term.', sentenceIndex: 1 }),
          makeClause('supply', 4, { text: 'The parking area has insurance.', sentenceIndex: 2 }),
          makeClause('supply', 5, { text: 'Payment is due monthly.', sentenceIndex: 3 }),
        ],
      });
      const ids = (results: { clauseId: string }[]) => results.map((result) => result.clauseId);
      const query = 'maintain insurance';
      const alone = await store.keywordCandidates(query, {}, 10, { documentWeight: 0 });
      // Alone, "during the term." matches nothing.
      expect(ids(alone)).not.toContain(clauseId('supply', 3));
      const inSentence = await store.keywordCandidates(query, {}, 10, {
        documentWeight: 0,
        sentenceWeight: 2,
      });
      const rank = (id: string) => ids(inSentence).indexOf(id);
      // The whole sentence comes first, its unmatched clause included; the parking clause after it.
      expect(new Set(ids(inSentence).slice(0, 3))).toEqual(
        new Set([clauseId('supply', 1), clauseId('supply', 2), clauseId('supply', 3)]),
      );
      expect(rank(clauseId('supply', 4))).toBeGreaterThan(rank(clauseId('supply', 3)));
      expect(ids(inSentence)).not.toContain(clauseId('supply', 5));
      // Each query word counts once per sentence ("insurance" is in two of its clauses): the sentence
      // scores more than its best clause, less than the sum of its clauses.
      const scoreOf = (results: { clauseId: string; score: number }[], id: string) =>
        results.find((result) => result.clauseId === id)!.score;
      const sentenceShare = scoreOf(inSentence, clauseId('supply', 3)) / 2;
      const clauseScores = [1, 2].map((index) => scoreOf(alone, clauseId('supply', index)));
      expect(sentenceShare).toBeLessThan(clauseScores[0]! + clauseScores[1]!);
      expect(sentenceShare).toBeGreaterThan(Math.max(...clauseScores));
      // Neighbours: the heading lends "insurance" to the sentence after it and takes its words.
      const withNeighbours = await store.keywordCandidates(query, {}, 10, {
        documentWeight: 0,
        sentenceWeight: 2,
        neighbourWeight: 0.5,
      });
      expect(scoreOf(withNeighbours, clauseId('supply', 3))).toBeGreaterThan(
        scoreOf(inSentence, clauseId('supply', 3)),
      );
      expect(scoreOf(withNeighbours, clauseId('supply', 0))).toBeGreaterThan(
        scoreOf(inSentence, clauseId('supply', 0)),
      );
      await expect(store.keywordCandidates(query, {}, 5, { sentenceWeight: -1 })).rejects.toThrow(
        /sentenceWeight/,
      );
      await expect(
        store.keywordCandidates(query, {}, 5, { sentenceWeight: 1, neighbourWeight: Number.NaN }),
      ).rejects.toThrow(/neighbourWeight/);
      // The ranking output (ids and scores only) agrees with the rows.
      const ranking = await store.keywordRanking(query, {}, 10, { documentWeight: 0, sentenceWeight: 2 });
      expect(ranking.map((entry) => entry.clauseId)).toEqual(ids(inSentence));
    });

    it('expands the query with the lexemes of its best documents (pseudo-relevance feedback)', async () => {
      // Two documents about aspirin and platelets; the second never says "aspirin" or "heart".
      await store.saveDocuments([
        {
          documentId: 'aspirin',
          clauses: [
            makeClause('aspirin', 0, { text: 'Aspirin lowers the risk of heart attacks.', sentenceIndex: 0 }),
            makeClause('aspirin', 1, { text: 'Aspirin blocks platelet aggregation.', sentenceIndex: 1 }),
            makeClause('aspirin', 2, { text: 'Platelet aggregation forms clots.', sentenceIndex: 2 }),
          ],
        },
        {
          documentId: 'clots',
          clauses: [
            makeClause('clots', 0, {
              text: 'Platelet aggregation inhibitors prevent clots.',
              sentenceIndex: 0,
            }),
            makeClause('clots', 1, { text: 'The trial enrolled volunteers.', sentenceIndex: 1 }),
          ],
        },
        {
          documentId: 'garden',
          clauses: [makeClause('garden', 0, { text: 'The gardener waters the roses at night.' })],
        },
      ]);
      const ids = (results: { clauseId: string }[]) => results.map((result) => result.clauseId);
      const query = 'aspirin heart';
      const plain = await store.keywordCandidates(query, {}, 20, { expansion: false });
      expect(ids(plain)).not.toContain(clauseId('clots', 0));
      const expanded = await store.keywordCandidates(query, {}, 20, {
        expansion: { documents: 1, terms: 4, weight: 1 },
      });
      // "platelet", "aggreg" and "clot" of the aspirin document find the clots document's first clause;
      // the query's own best clause stays first and the unrelated documents stay out.
      expect(ids(expanded)).toContain(clauseId('clots', 0));
      expect(ids(expanded)[0]).toBe(ids(plain)[0]);
      expect(ids(expanded)).not.toContain(clauseId('clots', 1));
      expect(ids(expanded)).not.toContain(clauseId('garden', 0));
      expect(expanded.find((result) => result.clauseId === clauseId('clots', 0))!.score).toBeGreaterThan(0);
      // The expansion lexemes weigh `weight` together: a lighter expansion scores the new clause lower.
      const lighter = await store.keywordCandidates(query, {}, 20, {
        expansion: { documents: 1, terms: 4, weight: 0.25 },
      });
      const scoreOf = (results: { clauseId: string; score: number }[]) =>
        results.find((result) => result.clauseId === clauseId('clots', 0))!.score;
      expect(scoreOf(lighter)).toBeLessThan(scoreOf(expanded));
      // No expansion lexemes, or weight 0, is the plain query.
      for (const expansion of [
        { documents: 1, terms: 0, weight: 1 },
        { documents: 1, terms: 4, weight: 0 },
      ]) {
        expect(await store.keywordCandidates(query, {}, 20, { expansion })).toEqual(plain);
      }
      // The ranking output (ids and scores only) agrees with the rows.
      const ranking = await store.keywordRanking(query, {}, 20, {
        expansion: { documents: 1, terms: 4, weight: 1 },
      });
      expect(ranking.map((entry) => entry.clauseId)).toEqual(ids(expanded));
      for (const [expansion, field] of [
        [{ documents: 0, terms: 4, weight: 1 }, /expansion documents/],
        [{ documents: 1, terms: 1.5, weight: 1 }, /expansion terms/],
        [{ documents: 1, terms: 4, weight: -1 }, /expansion weight/],
        [{ documents: 1, terms: 4, weight: 1, idfPower: Number.NaN }, /expansion idfPower/],
      ] as const) {
        await expect(store.keywordCandidates(query, {}, 5, { expansion })).rejects.toThrow(field);
      }
    });

    it('adds the BM25 of a document title (its first sentence) to its clauses with titleWeight', async () => {
      // Both documents speak of vitamin D and bones; only the first has them in its title.
      await store.saveDocuments([
        {
          documentId: 'titled',
          clauses: [
            makeClause('titled', 0, { text: 'Vitamin D and bone density.', sentenceIndex: 0 }),
            makeClause('titled', 1, { text: 'We followed 200 adults for a decade.', sentenceIndex: 1 }),
            makeClause('titled', 2, { text: 'Vitamin intake was recorded yearly.', sentenceIndex: 2 }),
          ],
        },
        {
          documentId: 'untitled',
          clauses: [
            makeClause('untitled', 0, { text: 'Habits of older adults.', sentenceIndex: 0 }),
            makeClause('untitled', 1, {
              text: 'Vitamin supplements, vitamin D above all, protect bone.',
              sentenceIndex: 1,
            }),
          ],
        },
      ]);
      const query = 'vitamin bone';
      const scoreOf = (results: { clauseId: string; score: number }[], id: string) =>
        results.find((result) => result.clauseId === id)?.score;
      const plain = await store.keywordCandidates(query, {}, 10, { titleWeight: 0 });
      const titled = await store.keywordCandidates(query, {}, 10, { titleWeight: 2 });
      // Without the title field the clause of the untitled document that says it all comes first.
      expect(plain[0]!.clauseId).toBe(clauseId('untitled', 1));
      // With it, the titled document's clauses rise by the same amount; the other document's stay.
      expect(titled[0]!.documentId).toBe('titled');
      const rise = (id: string) => scoreOf(titled, id)! - scoreOf(plain, id)!;
      expect(rise(clauseId('titled', 2))).toBeGreaterThan(0);
      expect(rise(clauseId('titled', 2))).toBeCloseTo(rise(clauseId('titled', 0)), 9);
      expect(scoreOf(titled, clauseId('untitled', 1))).toBeCloseTo(
        scoreOf(plain, clauseId('untitled', 1))!,
        9,
      );
      // The title is document context: without it (documentWeight 0) titleWeight changes nothing.
      expect(await store.keywordCandidates(query, {}, 10, { documentWeight: 0, titleWeight: 2 })).toEqual(
        await store.keywordCandidates(query, {}, 10, { documentWeight: 0, titleWeight: 0 }),
      );
      // The ranking output (ids and scores only) agrees with the rows.
      const ranking = await store.keywordRanking(query, {}, 10, { titleWeight: 2 });
      expect(ranking.map((entry) => entry.clauseId)).toEqual(titled.map((result) => result.clauseId));
      // Left out, the weights are documentWeight 4 and titleWeight 0.75 (tuned on the train queries of
      // SciFact and NegConstraint; they were 3 and 0.5).
      const scored = (results: { clauseId: string; score: number }[]) =>
        results.map((result) => `${result.clauseId} ${result.score.toFixed(9)}`);
      const defaults = scored(await store.keywordCandidates(query, {}, 10));
      expect(defaults).toEqual(
        scored(await store.keywordCandidates(query, {}, 10, { documentWeight: 4, titleWeight: 0.75 })),
      );
      expect(defaults).not.toEqual(
        scored(await store.keywordCandidates(query, {}, 10, { documentWeight: 3, titleWeight: 0.5 })),
      );
      await expect(store.keywordCandidates(query, {}, 5, { titleWeight: -0.5 })).rejects.toThrow(
        /titleWeight/,
      );
    });

    it('gives the document field its own BM25 k1 (documentK1) and refuses a bad one', async () => {
      await store.saveDocuments([
        {
          documentId: 'repeats',
          clauses: [
            makeClause('repeats', 0, {
              text: 'Calcium and calcium again: calcium builds bone.',
              sentenceIndex: 0,
            }),
            makeClause('repeats', 1, { text: 'The study ran for two years.', sentenceIndex: 1 }),
          ],
        },
        {
          documentId: 'once',
          clauses: [makeClause('once', 0, { text: 'Calcium was measured in every adult of the cohort.' })],
        },
      ]);
      const query = 'calcium';
      const scores = (results: { clauseId: string; score: number }[]) =>
        results.map((result) => `${result.clauseId} ${result.score.toFixed(9)}`);
      const flat = await store.keywordCandidates(query, {}, 10, { documentK1: 0.3 });
      const steep = await store.keywordCandidates(query, {}, 10, { documentK1: 3 });
      // The document part saturates differently: the clauses' scores move with documentK1.
      expect(scores(flat)).not.toEqual(scores(steep));
      // Without the document field (documentWeight 0) documentK1 changes nothing.
      expect(await store.keywordCandidates(query, {}, 10, { documentWeight: 0, documentK1: 0.3 })).toEqual(
        await store.keywordCandidates(query, {}, 10, { documentWeight: 0, documentK1: 3 }),
      );
      for (const documentK1 of [-1, Number.NaN, Number.POSITIVE_INFINITY]) {
        await expect(store.keywordCandidates(query, {}, 5, { documentK1 })).rejects.toThrow(/documentK1/);
      }
    });

    it('weighs alphanumeric query lexemes (p53, il-6) alphanumericWeight times, 2 by default', async () => {
      await store.saveDocuments([
        {
          documentId: 'gene',
          clauses: [makeClause('gene', 0, { text: 'p53 levels were measured.' })],
        },
        {
          documentId: 'tumour',
          clauses: [makeClause('tumour', 0, { text: 'Tumour growth slowed in older mice.' })],
        },
      ]);
      const query = 'p53 tumour mice';
      const scoreOf = (results: { clauseId: string; score: number }[], id: string) =>
        results.find((result) => result.clauseId === id)?.score;
      const plain = await store.keywordCandidates(query, {}, 10, { alphanumericWeight: 1 });
      const weighted = await store.keywordCandidates(query, {}, 10);
      // At weight 1 the clause with two of the query's words leads; "p53" weighing 2 puts its clause first.
      expect(plain[0]!.clauseId).toBe(clauseId('tumour', 0));
      expect(weighted[0]!.clauseId).toBe(clauseId('gene', 0));
      // The only lexeme of that clause is p53: its score (clause and document field) doubles exactly.
      expect(scoreOf(weighted, clauseId('gene', 0))).toBeCloseTo(2 * scoreOf(plain, clauseId('gene', 0))!, 9);
      // Words without digits and plain numbers keep weight 1.
      expect(scoreOf(weighted, clauseId('tumour', 0))).toBeCloseTo(scoreOf(plain, clauseId('tumour', 0))!, 9);
      // "30" (a number, stored in the fixture's "30 days") keeps weight 1 too.
      const numbers = async (alphanumericWeight: number) =>
        (await store.keywordCandidates('30 tumour', {}, 10, { alphanumericWeight })).map((r) => r.score);
      expect((await numbers(1)).length).toBe(2);
      expect(await numbers(5)).toEqual(await numbers(1));
      await expect(store.keywordCandidates(query, {}, 5, { alphanumericWeight: -1 })).rejects.toThrow(
        /alphanumericWeight/,
      );
    });

    it("adds the stored lexemes sharing a query lexeme's first 7 letters (prefixExpansion)", async () => {
      await store.saveDocuments([
        {
          documentId: 'inflamed',
          clauses: [makeClause('inflamed', 0, { text: 'Inflammation of the joints was severe.' })],
        },
        {
          documentId: 'inflammatory',
          clauses: [makeClause('inflammatory', 0, { text: 'An inflammatory response followed the injury.' })],
        },
      ]);
      // "inflammatory" stems to inflammatori, "inflammation" to inflamm: the stemmer keeps them apart.
      const off = await store.keywordCandidates('inflammatory', {}, 10, { prefixExpansion: false });
      expect(off.map((result) => result.documentId)).toEqual(['inflammatory']);
      const on = await store.keywordCandidates('inflammatory', {}, 10);
      expect(on.map((result) => result.documentId)).toEqual(['inflammatory', 'inflamed']);
      // The sibling weighs 0.4 of the query lexeme: its clause scores 0.4 of what the query word would.
      const direct = await store.keywordCandidates('inflammation', {}, 10, { prefixExpansion: false });
      expect(on[1]!.score).toBeCloseTo(0.4 * direct[0]!.score, 9);
      // A stored lexeme already in the query is not added again; shorter lexemes are not expanded.
      const both = await store.keywordCandidates('inflammatory inflammation', {}, 10);
      expect(both.map((result) => result.score)).toEqual(
        (await store.keywordCandidates('inflammatory inflammation', {}, 10, { prefixExpansion: false })).map(
          (result) => result.score,
        ),
      );
      expect(await store.keywordCandidates('inflam', {}, 10)).toEqual([]);
      const ranking = await store.keywordRanking('inflammatory', {}, 10);
      expect(ranking.map((entry) => entry.clauseId)).toEqual(on.map((result) => result.clauseId));
      for (const prefixExpansion of [
        { characters: 0, terms: 2, weight: 0.4 },
        { characters: 7, terms: 1.5, weight: 0.4 },
        { characters: 7, terms: 2, weight: Number.NaN },
      ]) {
        await expect(store.keywordCandidates('inflammatory', {}, 5, { prefixExpansion })).rejects.toThrow(
          /prefixExpansion/,
        );
      }
    });

    it('offers ts_rank_cd for comparison', async () => {
      const results = await store.keywordCandidates('oxidative neurons tenant', {}, 10, {
        ranking: 'ts_rank_cd',
      });
      expect(results.map((result) => result.clauseIndex).sort()).toEqual([0, 2, 3]);
    });

    it('indexes documents bulk-loaded or re-saved in a bulk load once it ends, document frequencies exact', async () => {
      const statisticsRows = async () => {
        const result = await databaseOf(store).execute(
          sql`SELECT count(*)::int AS n FROM pg_stats WHERE tablename IN ('clause_terms', 'document_terms')`,
        );
        const rows =
          (result as unknown as { rows?: { n: number }[] }).rows ?? (result as unknown as { n: number }[]);
        return Number(rows[0]?.n);
      };
      const before = await statisticsRows();
      await store.bulkLoad(async () => {
        await store.saveDocument({
          documentId: 'kw2',
          clauses: [makeClause('kw2', 0, { text: 'Oxidative stress damages the tenant.' })],
        });
        await store.saveDocument({
          documentId: 'kw2',
          clauses: [makeClause('kw2', 0, { text: 'Oxidative stress damages neurons quickly.' })],
        });
        await store.saveDocument({
          documentId: 'kw',
          clauses: [makeClause('kw', 0, { text: 'The tenant must return the keys to the landlord.' })],
        });
      });
      const found = await store.keywordCandidates('oxidative neurons', {}, 10);
      expect(found.map((result) => result.documentId)).toEqual(['kw2']);
      expect((await store.keywordCandidates('tenant', {}, 10)).map((result) => result.documentId)).toEqual([
        'kw',
      ]);
      // Clause and document frequencies equal the posting lists they count, after bulk saves and re-saves.
      const drift = await databaseOf(store).execute(sql`SELECT count(*)::int AS n FROM term_stats s
        FULL JOIN (SELECT term, count(*)::int AS df FROM clause_terms GROUP BY term) p ON p.term = s.term
        FULL JOIN (SELECT term, count(*)::int AS df FROM document_terms GROUP BY term) d ON d.term = coalesce(s.term, p.term)
        WHERE coalesce(s.df, 0) <> coalesce(p.df, 0) OR coalesce(s.document_df, 0) <> coalesce(d.df, 0)`);
      const rows =
        (drift as unknown as { rows?: { n: number }[] }).rows ?? (drift as unknown as { n: number }[]);
      expect(Number(rows[0]?.n)).toBe(0);
      const counts = await databaseOf(store).execute(
        sql`SELECT clause_count::int AS n FROM documents WHERE id IN ('kw', 'kw2') ORDER BY id`,
      );
      const countRows =
        (counts as unknown as { rows?: { n: number }[] }).rows ?? (counts as unknown as { n: number }[]);
      expect(countRows.map((row) => Number(row.n))).toEqual([1, 1]);
      // The load ends with optimize(): the planner has statistics of the postings it wrote.
      expect(await statisticsRows()).toBeGreaterThan(before);
    });

    it('is safe with SQL-special characters and long unicode text', async () => {
      for (const ranking of ['bm25', 'ts_rank_cd'] as const) {
        for (const query of SPECIAL_QUERIES) {
          const results = await store.keywordCandidates(query, {}, 10, { ranking });
          if (query.includes('deposit'))
            expect(
              results.map((result) => result.clauseIndex),
              query,
            ).toContain(3);
        }
        const longText = `${'naïve café データ 東京 — ‘quoted’ “text” '.repeat(2000)} deposit`;
        const results = await store.keywordCandidates(longText, {}, 10, { ranking });
        expect(results.map((result) => result.clauseIndex)).toContain(4);
        expect(results.map((result) => result.clauseIndex)).toContain(3);
      }
      expect((await store.listClauses()).total).toBe(5);
    });

    it('applies retrieval filters in SQL and leaves rejected clauses out by default', async () => {
      const filters: RetrievalFilters = { mood: 'interrogative' };
      const landlord = await store.keywordCandidates('landlord', filters, 10);
      expect(landlord.map((result) => result.clauseIndex)).toEqual([1]);
      expect(await store.keywordCandidates('landlord', { documentId: 'other' }, 10)).toEqual([]);
      await decide(clauseId('kw', 0), 'rejected');
      expect((await store.keywordCandidates('keys', {}, 10)).length).toBe(0);
      expect((await store.keywordCandidates('keys', { includeRejected: true }, 10)).length).toBe(1);
      // The ranking alone (no clause rows) leaves out and lets in the same clauses, in the same order.
      for (const [query, rankingFilters] of [
        ['keys', {}],
        ['keys', { includeRejected: true }],
        ['landlord keys tenant', {}],
        ['landlord keys tenant', filters],
        ['landlord keys tenant', { includeRejected: true, mood: 'declarative' }],
      ] as [string, RetrievalFilters][]) {
        const candidates = await store.keywordCandidates(query, rankingFilters, 10);
        expect(await store.keywordRanking(query, rankingFilters, 10)).toEqual(
          candidates.map(({ clauseId, score }) => ({ clauseId, score })),
        );
      }
      expect(await store.keywordRanking('keys', {}, 10)).toEqual([]);
    });

    it('plans filtered searches from fresh statistics and still ranks exactly', async () => {
      const moods = ['declarative', 'declarative', 'declarative', 'interrogative'] as const;
      for (let document = 0; document < 8; document++) {
        const documentId = `harbour-${document}`;
        await store.saveDocument({
          documentId,
          clauses: Array.from({ length: 50 }, (_, index) =>
            makeClause(documentId, index, {
              text: `Harbour ${index % 7 === 0 ? 'harbour pilots' : 'cranes'} unload ship ${document} berth ${index}.`,
              mood: moods[index % 4]!,
            }),
          ),
        });
      }
      await store.optimize();
      const estimate = await estimateFilter(databaseOf(store), { mood: 'interrogative' });
      // 100 of the 406 clauses are interrogative.
      expect(estimate?.share).toBeGreaterThan(0.1);
      expect(estimate?.share).toBeLessThan(0.5);
      const filtered = await store.keywordCandidates('harbour pilots', { mood: 'interrogative' }, 20);
      const everything = await store.keywordCandidates('harbour pilots', {}, 400, { postingsPerTerm: 0 });
      const expected = everything.filter((candidate) => candidate.mood === 'interrogative').slice(0, 20);
      expect(filtered.map((candidate) => candidate.clauseId)).toEqual(
        expected.map((candidate) => candidate.clauseId),
      );
      // The estimate is reused by the next search with the same filter (a hybrid's second list).
      const execute = vi.spyOn(databaseOf(store), 'execute');
      const explains = () =>
        execute.mock.calls.filter(([query]) =>
          ((query as { queryChunks?: { value?: unknown }[] }).queryChunks ?? []).some(
            (chunk) => Array.isArray(chunk.value) && chunk.value.join('').includes('EXPLAIN'),
          ),
        ).length;
      await store.keywordCandidates('cranes', { mood: 'interrogative' }, 5);
      expect(explains()).toBe(0);
      await store.keywordCandidates('cranes', { mood: 'declarative' }, 5);
      expect(explains()).toBe(1);
      execute.mockRestore();
    });

    it('returns clause rows by id', async () => {
      const rows = await store.candidatesByIds([
        clauseId('kw', 1),
        clauseId('kw', 3),
        'nope',
        clauseId('kw', 42),
      ]);
      expect(rows.map((row) => row.clauseIndex).sort()).toEqual([1, 3]);
      expect(rows.find((row) => row.clauseIndex === 1)).toMatchObject({
        documentId: 'kw',
        mood: 'interrogative',
      });
    });

    it('returns every clause of the sentences holding given clauses, with their start offsets', async () => {
      // Sentences of two clauses each (0-1, 2-3, 4); each clause starts 100 characters after the last.
      const clauses = makeDocument('sn', 5).map((clause, index) => ({
        ...clause,
        syntactic: {
          ...clause.syntactic,
          tokens: clause.syntactic.tokens.map((token) => ({
            ...token,
            start: token.start + 100 * index,
            end: token.end + 100 * index,
          })),
        },
      }));
      await store.saveDocument({ documentId: 'sn', clauses });
      const rows = await store.sentenceClauses([clauseId('sn', 3), clauseId('sn', 4), 'nope']);
      expect(rows.map((row) => [row.clauseIndex, row.sentenceIndex, row.start])).toEqual([
        [2, 1, 200],
        [3, 1, 300],
        [4, 2, 400],
      ]);
      expect(rows[0]).toMatchObject({
        clauseId: clauseId('sn', 2),
        documentId: 'sn',
        text: clauses[2]!.text,
      });
      expect(await store.sentenceClauses(['nope'])).toEqual([]);
    });
  });

  describe('clause reviews', () => {
    it('records a decision with its outcome atomically, in an append-only log that survives re-saves', async () => {
      const clauses = makeDocument('rv', 3, () => ({ annotationSource: 'llm', annotationUntrusted: true }));
      await store.saveDocument({ documentId: 'rv', clauses });
      const first = clauses[0]!;
      const seen: unknown[] = [];
      const accepted = await store.recordClauseReview({
        clauseId: first.id,
        decision: 'accepted',
        reviewer: 'ana',
        notes: 'looks right',
        at: new Date('2025-02-01T10:00:00Z'),
        outcome: (before) => {
          seen.push(before);
          return {
            annotation: { ...before, interpersonal: { ...before.interpersonal, untrusted: false } },
            reviewStatus: 'accepted',
          };
        },
      });
      expect(seen).toEqual([
        { ideational: first.ideational, interpersonal: first.interpersonal, textual: first.textual },
      ]);
      expect(accepted).toMatchObject({
        decision: 'accepted',
        reviewer: 'ana',
        notes: 'looks right',
        clauseText: first.text,
        createdAt: '2025-02-01T10:00:00.000Z',
      });
      expect(accepted.annotationBefore.interpersonal.untrusted).toBe(true);
      expect(accepted.annotationAfter.interpersonal.untrusted).toBe(false);
      expect(await store.getClause(first.id)).toMatchObject({
        reviewStatus: 'accepted',
        interpersonal: { untrusted: false },
      });

      await decide(clauses[1]!.id, 'rejected');
      expect((await store.getClause(clauses[1]!.id))?.reviewStatus).toBe('rejected');

      // A new annotation written for another clause follows the reviewed one, filters included.
      const other = clauses[2]!;
      const reannotated = await store.recordClauseReview({
        clauseId: first.id,
        decision: 're_annotated',
        outcome: () => ({
          annotation: {
            ideational: { ...other.ideational, processType: 'verbal' },
            interpersonal: {
              ...other.interpersonal,
              mood: 'imperative',
              annotationSource: 'human',
              untrusted: false,
            },
            textual: null,
          },
          reviewStatus: 'accepted',
        }),
      });
      expect(reannotated.annotationBefore.interpersonal.untrusted).toBe(false);
      expect(reannotated.annotationAfter.interpersonal).toMatchObject({
        mood: 'imperative',
        clauseId: first.id,
      });
      expect(reannotated.annotationAfter.ideational.clauseId).toBe(first.id);
      expect(
        (
          await store.listClauses({ mood: 'imperative', processType: 'verbal', annotationSource: 'human' })
        ).clauses.map((clause) => clause.id),
      ).toEqual([first.id]);

      await expect(decide(clauseId('rv', 99), 'accepted')).rejects.toBeInstanceOf(NotFoundError);
      await expect(decide('not-a-uuid', 'accepted')).rejects.toBeInstanceOf(NotFoundError);

      const log = await store.listClauseReviews({ limit: 2, offset: 0 });
      expect(log.total).toBe(3);
      expect(log.records.map((record) => record.decision)).toEqual(['re_annotated', 'rejected']);
      await store.saveDocument({ documentId: 'rv', clauses });
      const kept = await store.listClauseReviews({ limit: 50, offset: 2 });
      expect(kept.total).toBe(3);
      expect(kept.records.map((record) => record.decision)).toEqual(['accepted']);
    });

    it('serialises concurrent reviews of a clause: each sees the annotation the other left', async () => {
      const clauses = makeDocument('rc', 1);
      await store.saveDocument({ documentId: 'rc', clauses });
      const id = clauses[0]!.id;
      const bump = (reviewer: string) =>
        store.recordClauseReview({
          clauseId: id,
          decision: 're_annotated',
          reviewer,
          outcome: (before) => ({
            annotation: {
              ...before,
              interpersonal: {
                ...before.interpersonal,
                modalityWeight: (before.interpersonal.modalityWeight ?? 0) + 0.25,
              },
            },
            reviewStatus: 'accepted',
          }),
        });
      const records = await Promise.all([bump('a'), bump('b'), bump('c')]);
      const weights = records.map((record) => [
        record.annotationBefore.interpersonal.modalityWeight,
        record.annotationAfter.interpersonal.modalityWeight,
      ]);
      const start = clauses[0]!.interpersonal.modalityWeight ?? 0;
      expect(weights.map(([before]) => before).sort()).toEqual([start, start + 0.25, start + 0.5]);
      expect((await store.getClause(id))?.interpersonal.modalityWeight).toBe(start + 0.75);
    });

    it('leaves the clause and the log as they were when the outcome throws', async () => {
      const clauses = makeDocument('rt', 1);
      await store.saveDocument({ documentId: 'rt', clauses });
      await expect(
        store.recordClauseReview({
          clauseId: clauses[0]!.id,
          decision: 'accepted',
          outcome: () => {
            throw new InvalidRequestError('policy refused');
          },
        }),
      ).rejects.toThrow(/policy refused/);
      expect(await store.getClause(clauses[0]!.id)).toEqual(clauses[0]);
      expect((await store.listClauseReviews()).total).toBe(0);
    });
  });

  describe('content review queue', () => {
    it('enqueues, lists by modality and status, and decides once', async () => {
      const text = await store.enqueueContent({
        content: 'The fallback answer.',
        source: 'synthesize',
        metadata: { q: 1 },
      });
      expect(text).toMatchObject({
        status: 'pending',
        modality: 'text',
        source: 'synthesize',
        metadata: { q: 1 },
      });
      const image = await store.enqueueContent({ content: 'image://x', modality: 'image' });
      expect((await store.listContentReviews()).total).toBe(2);
      const images = await store.listContentReviews({ modality: 'image' });
      expect(images.items.map((item) => item.id)).toEqual([image.id]);

      const clauses = makeDocument('queue-doc', 2, () => ({ sourceType: 'generated', untrusted: true }));
      const decided = await store.recordContentDecision({
        id: text.id,
        decision: 'edit',
        status: 'edited',
        editedText: 'The edited answer.',
        reviewer: 'bo',
        document: { documentId: 'queue-doc', clauses },
        at: new Date('2025-03-01T09:00:00Z'),
      });
      expect(decided).toMatchObject({
        status: 'edited',
        decision: 'edit',
        editedText: 'The edited answer.',
        reviewer: 'bo',
        documentId: 'queue-doc',
        decidedAt: '2025-03-01T09:00:00.000Z',
      });
      expect((await store.listClauses({ documentId: 'queue-doc', sourceType: 'generated' })).total).toBe(2);
      expect((await store.listContentReviews()).total).toBe(1);
      expect((await store.listContentReviews({ status: 'edited' })).items[0]?.id).toBe(text.id);
      expect((await store.listContentReviews({ status: 'all' })).total).toBe(2);

      await expect(
        store.recordContentDecision({ id: text.id, decision: 'reject', status: 'rejected' }),
      ).rejects.toSatisfy(
        (error) =>
          ConflictError.isInstance(error) &&
          JSON.stringify(error.details) ===
            JSON.stringify({ status: 'edited', decision: 'edit', reviewer: 'bo' }),
      );
      await expect(
        store.recordContentDecision({ id: crypto.randomUUID(), decision: 'reject', status: 'rejected' }),
      ).rejects.toBeInstanceOf(NotFoundError);
      await expect(
        store.recordContentDecision({ id: 'not-a-uuid', decision: 'reject', status: 'rejected' }),
      ).rejects.toBeInstanceOf(NotFoundError);
      expect((await store.getContentReview(image.id))?.status).toBe('pending');
    });

    it('lets exactly one of two concurrent decisions win', async () => {
      for (let round = 0; round < 3; round++) {
        const item = await store.enqueueContent({ content: `Answer ${round}` });
        const outcomes = await Promise.allSettled([
          store.recordContentDecision({
            id: item.id,
            decision: 'approve',
            status: 'approved',
            reviewer: 'a',
          }),
          store.recordContentDecision({ id: item.id, decision: 'reject', status: 'rejected', reviewer: 'b' }),
        ]);
        const won = outcomes.filter((outcome) => outcome.status === 'fulfilled');
        const lost = outcomes.filter((outcome) => outcome.status === 'rejected');
        expect(won).toHaveLength(1);
        expect(lost).toHaveLength(1);
        const reason = (lost[0] as PromiseRejectedResult).reason;
        expect(ConflictError.isInstance(reason)).toBe(true);
        expect((reason as ConflictError).statusCode).toBe(409);
        const winner = (won[0] as PromiseFulfilledResult<{ reviewer: string | null }>).value.reviewer;
        expect((reason as ConflictError).details).toMatchObject({ reviewer: winner });
      }
    });

    it('rolls the decision back when its document fails to save', async () => {
      const item = await store.enqueueContent({ content: 'Approve me' });
      const broken = makeDocument('queue-bad', 3, (index) => (index === 2 ? { text: 'nul \u0000' } : {}));
      await expect(
        store.recordContentDecision({
          id: item.id,
          decision: 'approve',
          status: 'approved',
          document: { documentId: 'queue-bad', clauses: broken },
        }),
      ).rejects.toThrow();
      expect((await store.getContentReview(item.id))?.status).toBe('pending');
      expect((await store.listClauses({ documentId: 'queue-bad' })).total).toBe(0);
    });
  });

  describe('graph', () => {
    it('serves nodes and structural edges, by document', async () => {
      await store.saveDocument({ documentId: 'g1', clauses: makeDocument('g1', 4) });
      await store.saveDocument({
        documentId: 'g2',
        clauses: makeDocument('g2', 2, () => ({ text: 'A very long clause text '.repeat(10) })),
      });
      const nodes = await store.graphNodes('g1');
      expect(nodes).toHaveLength(4);
      expect(nodes[1]).toMatchObject({
        id: clauseId('g1', 1),
        parentClauseId: clauseId('g1', 0),
        documentId: 'g1',
      });
      expect((await store.graphNodes()).length).toBe(6);
      expect(Array.from((await store.graphNodes('g2'))[0]!.label).length).toBe(80);
      const edges = await store.graphEdges('g1');
      expect(edges).toEqual([
        { source: clauseId('g1', 0), target: clauseId('g1', 1), type: 'structural', weight: 1 },
        { source: clauseId('g1', 2), target: clauseId('g1', 3), type: 'structural', weight: 1 },
      ]);
      expect((await store.graphEdges()).length).toBe(3);
    });
  });

  describe('integrity', () => {
    it('finds a sound store sound after saves, re-saves, reviews and a bulk load, and a broken count broken', async () => {
      await store.saveDocument({ documentId: 'i-1', clauses: makeDocument('i-1', 5) });
      await store.saveDocuments([
        { documentId: 'i-2', clauses: makeDocument('i-2', 3) },
        { documentId: 'i-1', clauses: makeDocument('i-1', 2, () => ({ text: 'Rewritten harbour clause' })) },
      ]);
      await store.bulkLoad(() => store.saveDocument({ documentId: 'i-3', clauses: makeDocument('i-3', 4) }));
      const sound = await store.checkIntegrity();
      expect(sound).toMatchObject({ ok: true, pendingDocuments: 0 });
      expect(Object.values(sound.checks).every((count) => count === 0)).toBe(true);
      await databaseOf(store).execute(sql`UPDATE documents SET clause_count = 9 WHERE id = 'i-2'`);
      await databaseOf(store).execute(
        sql`UPDATE term_stats SET df = df + 1 WHERE term = (SELECT min(term) FROM term_stats)`,
      );
      const broken = await store.checkIntegrity();
      expect(broken.ok).toBe(false);
      expect(broken.checks).toMatchObject({ clause_count_mismatch: 1, term_stats_drift: 1 });
    });
  });

  describe('health', () => {
    it('answers while the store can be read, and says why when it cannot', async () => {
      await expect(store.health()).resolves.toBeUndefined();
      await store.close();
      const failure = await store.health().then(
        () => null,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(CaeError);
      expect((failure as CaeError).statusCode).toBe(503);
      expect((failure as CaeError).message).toMatch(/cannot be read/);
    });
  });

  describe('provider keys', () => {
    it('stores ciphertext per provider', async () => {
      const keys = store.providerKeys;
      expect(await keys.get('openai')).toBeNull();
      await keys.set('openai', 'cipher-1');
      await keys.set('groq', 'cipher-2');
      await keys.set('openai', 'cipher-3');
      expect(await keys.get('openai')).toBe('cipher-3');
      expect(await keys.list()).toEqual(['groq', 'openai']);
      await keys.delete('openai');
      await keys.delete('missing');
      expect(await keys.list()).toEqual(['groq']);
    });
  });

  describe('ingest sessions', () => {
    it('defers the postings of new documents across loads until a read settles the session', async () => {
      const load = (index: number) =>
        store.bulkLoad(
          () => store.saveDocuments([{ documentId: `s${index}`, clauses: makeDocument(`s${index}`, 4) }]),
          { idleMs: 600_000 },
        );
      await load(1);
      await load(2);
      expect(store.ingestSessionOpen()).toBe(true);
      const [pending] = await queryRowsOf<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM documents WHERE clause_count = 0`,
      );
      expect(Number(pending!.n)).toBe(2);
      // The keyword search settles the session first: both documents are found.
      const found = await store.keywordCandidates('clause', {}, 100);
      expect(store.ingestSessionOpen()).toBe(false);
      expect(new Set(found.map((candidate) => candidate.documentId))).toEqual(new Set(['s1', 's2']));
      expect(found).toHaveLength(8);
      expect(await queryRowsOf(sql`SELECT key FROM store_meta WHERE key = 'ingest_session_open'`)).toEqual(
        [],
      );
    });

    it('keeps an ingest session open when its derived work fails, and retries it at the next read', async () => {
      // The last step of the derived work deletes the session mark: a trigger makes it fail (that
      // key only: the full-text index step before it deletes its own record in store_meta).
      await queryRowsOf(
        sql.raw(`CREATE FUNCTION refuse_mark_delete() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF OLD.key = 'ingest_session_open' THEN RAISE EXCEPTION 'mark delete refused'; END IF;
        RETURN OLD; END $$`),
      );
      await queryRowsOf(
        sql.raw(`CREATE TRIGGER refuse_mark BEFORE DELETE ON store_meta
          FOR EACH ROW EXECUTE FUNCTION refuse_mark_delete()`),
      );
      try {
        await store.bulkLoad(
          () => store.saveDocuments([{ documentId: 'f1', clauses: makeDocument('f1', 3) }]),
          { idleMs: 20 },
        );
        // The idle timer runs the work and fails: the session is still open, not silently dropped.
        await new Promise((resolve) => setTimeout(resolve, 400));
        expect(store.ingestSessionOpen()).toBe(true);
        // A read retries the work and reports the failure rather than answering without the document:
        // which step, which document, the database's reason, and no SQL text or parameter values.
        const failure = await store.keywordCandidates('clause', {}, 100).then(
          () => null,
          (error: unknown) => error as Error,
        );
        expect(failure?.message).toMatch(
          /^the ingest session's derived work failed while closing the session \(removing its mark in store_meta\) for document f1: .*mark delete refused/,
        );
        expect(failure?.message).not.toMatch(/Failed query|params:|delete from|ingest_session_open/i);
        expect(store.ingestSessionOpen()).toBe(true);
      } finally {
        await queryRowsOf(sql.raw('DROP TRIGGER refuse_mark ON store_meta'));
        await queryRowsOf(sql.raw('DROP FUNCTION refuse_mark_delete()'));
      }
      const found = await store.keywordCandidates('clause', { documentId: 'f1' }, 100);
      expect(found).toHaveLength(3);
      expect(store.ingestSessionOpen()).toBe(false);
      expect(await queryRowsOf(sql`SELECT key FROM store_meta WHERE key = 'ingest_session_open'`)).toEqual(
        [],
      );
    });
  });

  describe.runIf(!context.vector)('without the vector extension', () => {
    it('fails embeddings with an error naming the missing extension, and serves everything else', async () => {
      const enable = store.enableEmbeddings({ dimension: 8, embedderId: 'test' });
      await expect(enable).rejects.toSatisfy(
        (error) => CaeError.isInstance(error) && /"vector"/.test(error.message),
      );
      const clauses = makeDocument('nv', 2);
      await expect(
        store.saveDocument({ documentId: 'nv', clauses, embeddings: randomEmbeddings(2, 8) }),
      ).rejects.toSatisfy((error) => CaeError.isInstance(error) && /"vector"/.test(error.message));
      await expect(store.vectorCandidates(new Float32Array(8), {}, 5)).rejects.toSatisfy(
        (error) => CaeError.isInstance(error) && /pgvector/.test(error.message),
      );
      expect(await store.embeddingInfo()).toBeNull();
      await store.saveDocument({ documentId: 'nv', clauses });
      expect((await store.keywordCandidates('clause', {}, 5)).length).toBe(2);
    });
  });

  describe.runIf(context.vector)('embeddings', () => {
    it('records the embedder and refuses another one, naming both', async () => {
      expect(await store.embeddingInfo()).toBeNull();
      await store.enableEmbeddings({ dimension: 8, embedderId: 'test-8' });
      await store.enableEmbeddings({ dimension: 8, embedderId: 'test-8' });
      expect(await store.embeddingInfo()).toEqual({ dimension: 8, embedderId: 'test-8' });
      const mismatch = store.enableEmbeddings({ dimension: 16, embedderId: 'other-16' });
      await expect(mismatch).rejects.toBeInstanceOf(ConflictError);
      await expect(store.enableEmbeddings({ dimension: 16, embedderId: 'other-16' })).rejects.toThrow(
        /test-8 \(dimension 8\).*other-16 \(dimension 16\)/,
      );
      await expect(store.enableEmbeddings({ dimension: 8, embedderId: 'other-8' })).rejects.toThrow(
        /other-8/,
      );
      const clauses = makeDocument('dim', 2);
      await expect(
        store.saveDocument({ documentId: 'dim', clauses, embeddings: randomEmbeddings(2, 16) }),
      ).rejects.toThrow(/dimension 8.*dimension 16/);
      await expect(store.vectorCandidates(new Float32Array(16), {}, 3)).rejects.toBeInstanceOf(ConflictError);
      expect((await store.listClauses()).total).toBe(0);
    });

    it('finds nearest clauses by cosine similarity and builds semantic edges', async () => {
      await store.enableEmbeddings({ dimension: 8, embedderId: 'test-8' });
      const clauses = makeDocument('vec', 30);
      const embeddings = randomEmbeddings(30, 8, 5);
      const saved = await store.saveDocument({ documentId: 'vec', clauses, embeddings });
      const nearest = await store.vectorCandidates(embeddings[7]!, {}, 5);
      expect(nearest).toHaveLength(5);
      expect(nearest[0]).toMatchObject({ clauseId: clauses[7]!.id });
      expect(nearest[0]!.score).toBeCloseTo(1, 5);
      for (let i = 1; i < nearest.length; i++)
        expect(nearest[i]!.score).toBeLessThanOrEqual(nearest[i - 1]!.score);
      const filtered = await store.vectorCandidates(embeddings[7]!, { mood: 'imperative' }, 5);
      expect(filtered.every((candidate) => candidate.mood === 'imperative')).toBe(true);
      expect(filtered).toHaveLength(5);
      // The ranking alone (no clause rows) is the same list; rejected clauses stay out of both.
      await decide(clauses[7]!.id, 'rejected');
      for (const filters of [{}, { mood: 'imperative' }, { includeRejected: true }] as RetrievalFilters[]) {
        const candidates = await store.vectorCandidates(embeddings[7]!, filters, 5);
        expect(candidates).toHaveLength(5);
        expect(candidates.some((candidate) => candidate.clauseId === clauses[7]!.id)).toBe(
          filters.includeRejected === true,
        );
        expect(await store.vectorRanking(embeddings[7]!, filters, 5)).toEqual(
          candidates.map(({ clauseId, score }) => ({ clauseId, score })),
        );
      }

      expect(saved.semanticEdgeCount).toBeGreaterThan(0);
      const semantic = (await store.graphEdges('vec')).filter((edge) => edge.type === 'semantic');
      expect(semantic).toHaveLength(saved.semanticEdgeCount);
      for (const edge of semantic) {
        expect(edge.weight).toBeGreaterThanOrEqual(0.6);
        expect(edge.weight).toBeLessThanOrEqual(1);
        expect(edge.source < edge.target).toBe(true);
      }
      expect(await store.computeSemanticEdges('vec', { k: 3, minSimilarity: 0.99 })).toBe(0);
      expect((await store.graphEdges('vec')).filter((edge) => edge.type === 'semantic')).toEqual([]);

      // Re-saving without embeddings drops the old vectors with the old clauses.
      await store.saveDocument({ documentId: 'vec', clauses });
      expect(await store.vectorCandidates(embeddings[7]!, {}, 5)).toEqual([]);
    });

    it('stores a batch with embeddings: semantic edges per document, vector search exact after a bulk load', async () => {
      await store.enableEmbeddings({ dimension: 8, embedderId: 'test-8' });
      const base = randomEmbeddings(1, 8, 21)[0]!;
      const near = (index: number) => base.map((value, dim) => value + (dim === index % 8 ? 0.01 : 0));
      const results = await store.saveDocuments([
        { documentId: 'e1', clauses: makeDocument('e1', 3), embeddings: [0, 1, 2].map(near) },
        { documentId: 'e2', clauses: makeDocument('e2', 2) },
        { documentId: 'e3', clauses: makeDocument('e3', 2), embeddings: [3, 4].map(near) },
      ]);
      expect(results.map((result) => result.clauseCount)).toEqual([3, 2, 2]);
      expect(results[0]!.semanticEdgeCount).toBeGreaterThan(0);
      expect(results[1]!.semanticEdgeCount).toBe(0);
      expect(results[2]!.semanticEdgeCount).toBeGreaterThan(0);
      const nearest = await store.vectorCandidates(near(1), {}, 10);
      expect(nearest).toHaveLength(5);
      expect(nearest[0]).toMatchObject({ clauseId: clauseId('e1', 1) });
      expect(nearest[0]!.score).toBeCloseTo(1, 5);
      // A wrong dimension anywhere in the batch rejects all of it.
      await expect(
        store.saveDocuments([
          { documentId: 'e4', clauses: makeDocument('e4', 1), embeddings: [near(0)] },
          { documentId: 'e5', clauses: makeDocument('e5', 1), embeddings: randomEmbeddings(1, 16) },
        ]),
      ).rejects.toThrow(/dimension/);
      await expect(
        store.saveDocuments([
          { documentId: 'e4', clauses: makeDocument('e4', 1), embeddings: [near(0).map(() => Number.NaN)] },
        ]),
      ).rejects.toBeInstanceOf(InvalidRequestError);
      expect((await store.listClauses({ documentId: 'e4' })).total).toBe(0);

      const embeddings = randomEmbeddings(40, 8, 33);
      await store.bulkLoad(async () => {
        await store.saveDocuments(
          [0, 1, 2, 3].map((document) => ({
            documentId: `eb${document}`,
            clauses: makeDocument(`eb${document}`, 10),
            embeddings: embeddings.slice(document * 10, document * 10 + 10),
          })),
        );
      });
      for (const index of [0, 17, 39]) {
        const [top] = await store.vectorCandidates(embeddings[index]!, {}, 1);
        expect(top).toMatchObject({ clauseId: clauseId(`eb${Math.floor(index / 10)}`, index % 10) });
        expect(top!.score).toBeCloseTo(1, 5);
      }
      const filtered = await store.vectorCandidates(embeddings[17]!, { documentId: 'eb1' }, 20);
      expect(filtered).toHaveLength(10);
      expect(filtered.every((candidate) => candidate.documentId === 'eb1')).toBe(true);
    });

    it('keeps an ingest session open across loads and settles it before a read', async () => {
      await store.enableEmbeddings({ dimension: 8, embedderId: 'test-8' });
      const [first, second] = [sessionDocument(1), sessionDocument(2)];
      const edgesDuring = await store.bulkLoad(() => store.saveDocuments([first]), { idleMs: 600_000 });
      expect(edgesDuring.map((result) => result.semanticEdgeCount)).toEqual([0]);
      expect(store.ingestSessionOpen()).toBe(true);
      const marks = () => queryRowsOf(sql`SELECT key FROM store_meta WHERE key = 'ingest_session_open'`);
      expect(await marks()).toHaveLength(1);
      // A second load joins the open session: its derived work is still not done.
      await store.bulkLoad(() => store.saveDocuments([second]), { idleMs: 600_000 });
      expect(store.ingestSessionOpen()).toBe(true);
      expect((await store.checkIntegrity()).pendingDocuments).toBe(0);
      // The read above settled the session: postings, index, edges all written, the mark gone.
      expect(store.ingestSessionOpen()).toBe(false);
      expect(await marks()).toHaveLength(0);
      expect(await sessionFindings(store, ['session-1', 'session-2'])).toEqual({
        notByKeyword: [],
        notByVector: [],
        withoutEdges: [],
        partial: [],
      });
    });

    it('settles an ingest session for every kind of read, and not for a read inside a load', async () => {
      await store.enableEmbeddings({ dimension: 8, embedderId: 'test-8' });
      const document = sessionDocument(3);
      const reads: [string, () => Promise<unknown>][] = [
        ['keywordCandidates', () => store.keywordCandidates('clause', {}, 10)],
        ['keywordRanking', () => store.keywordRanking('clause', {}, 10)],
        ['vectorCandidates', () => store.vectorCandidates(document.embeddings[0]!, {}, 10)],
        ['vectorRanking', () => store.vectorRanking(document.embeddings[0]!, {}, 10)],
        ['listClauses', () => store.listClauses({ limit: 1 })],
        ['getClause', () => store.getClause(clauseId('session-3', 0))],
        ['candidatesByIds', () => store.candidatesByIds([clauseId('session-3', 0)])],
        ['graphEdges', () => store.graphEdges()],
        ['graphNodes', () => store.graphNodes()],
      ];
      for (const [name, read] of reads) {
        await store.bulkLoad(
          async () => {
            await store.saveDocuments([document]);
            // Inside the load a read sees the load's writes as they are, and the session stays open.
            await read();
            expect(store.ingestSessionOpen(), name).toBe(true);
          },
          { idleMs: 600_000 },
        );
        expect(store.ingestSessionOpen(), name).toBe(true);
        await read();
        expect(store.ingestSessionOpen(), name).toBe(false);
      }
      expect((await store.keywordCandidates('clause', { documentId: 'session-3' }, 100)).length).toBe(
        document.clauses.length,
      );
    });

    it('finishes an ingest session after its idle time, and joins concurrent loads into one session', async () => {
      await store.enableEmbeddings({ dimension: 8, embedderId: 'test-8' });
      await Promise.all(
        [4, 5, 6].map((index) =>
          store.bulkLoad(() => store.saveDocuments([sessionDocument(index)]), { idleMs: 50 }),
        ),
      );
      expect(store.ingestSessionOpen()).toBe(true);
      for (let waited = 0; store.ingestSessionOpen() && waited < 10_000; waited += 20)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(store.ingestSessionOpen()).toBe(false);
      expect(await sessionFindings(store, ['session-4', 'session-5', 'session-6'])).toEqual({
        notByKeyword: [],
        notByVector: [],
        withoutEdges: [],
        partial: [],
      });
    });

    it('settles an ingest session before a save outside a load, which then gets its edges at once', async () => {
      await store.enableEmbeddings({ dimension: 8, embedderId: 'test-8' });
      await store.bulkLoad(() => store.saveDocuments([sessionDocument(7)]), { idleMs: 600_000 });
      const [saved] = await store.saveDocuments([sessionDocument(8)]);
      expect(store.ingestSessionOpen()).toBe(false);
      expect(saved!.semanticEdgeCount).toBeGreaterThan(0);
    });

    it('bulk-loads with the index dropped, then rebuilds it and computes the semantic edges', async () => {
      await store.enableEmbeddings({ dimension: 8, embedderId: 'test-8' });
      const base = randomEmbeddings(1, 8, 11)[0]!;
      // Near-duplicates of one vector: every pair is far above the similarity threshold.
      const embeddings = Array.from({ length: 6 }, (_, index) =>
        base.map((value, dim) => value + (dim === index ? 0.01 : 0)),
      );
      const during = await store.bulkLoad(async () => {
        const first = await store.saveDocument({
          documentId: 'b1',
          clauses: makeDocument('b1', 3),
          embeddings: embeddings.slice(0, 3),
        });
        const second = await store.saveDocument({
          documentId: 'b2',
          clauses: makeDocument('b2', 3),
          embeddings: embeddings.slice(3),
        });
        expect(await store.vectorCandidates(base, {}, 6)).toHaveLength(6);
        return first.semanticEdgeCount + second.semanticEdgeCount;
      });
      expect(during).toBe(0);
      const semantic = (await store.graphEdges()).filter((edge) => edge.type === 'semantic');
      expect(semantic.length).toBeGreaterThanOrEqual(6);
      expect((await store.vectorCandidates(base, { documentId: 'b2' }, 10)).map((c) => c.documentId)).toEqual(
        ['b2', 'b2', 'b2'],
      );
    });
  });
}
