import { clauseId, type RetrievalFilters } from '@cae/core';
import postgres from 'postgres';
import { afterEach, describe, expect, it } from 'vitest';
import { makeClause, randomEmbeddings } from '../test/clause-fixtures';
import { createTestDatabase } from '../test/postgres-databases';
import { createStore, databaseOf, type Store } from './store';
import { vectorLiteral, vectorSearch } from './store-embeddings';
import { readCorpusStats } from './store-keyword-search';
import { readChangeCounter } from './store-search-cache';

const databaseUrl = process.env.DATABASE_URL;
const DIMENSION = 8;

const TEXTS = [
  'The tenant must return the keys to the landlord.',
  'The landlord repairs the roof of the property.',
  'Mitochondrial dysfunction causes oxidative stress in neurons.',
  "The tenant's deposit is returned within 30 days.",
  'Oxidative stress damages the roof of the cell.',
  'The landlord may keep the deposit for damage.',
  'Neurons return signals to the landlord of the brain.',
  'Inflammation of the kidney raised p53 and il-6 in mice.',
  'An inflammatory response lowered the p53 level.',
];
const QUERIES = [
  'deposit returned',
  'oxidative stress neurons',
  'landlord roof',
  'keys tenant',
  'zebra crossing',
  // Alphanumeric lexemes weigh more; "inflammatory" brings "inflammation" (prefix siblings).
  'p53 inflammatory kidney',
];
const FILTERS: RetrievalFilters[] = [
  {},
  { mood: 'interrogative' },
  { processType: 'mental', minModality: 0.5 },
  { documentId: 'doc-b' },
  { includeRejected: true },
];

interface Pair {
  /** The store whose cache is checked. */
  reader: Store;
  /** The store that writes: another instance on the same database when there is a server. */
  writer: Store;
  /** Runs a raw statement on the database as another process would. */
  raw(statement: string): Promise<void>;
  vector: boolean;
  close(): Promise<void>;
}

const documentClauses = (documentId: string, offset: number) =>
  TEXTS.map((text, index) =>
    makeClause(documentId, index, {
      text: `${text} ${documentId}`,
      mood: (index + offset) % 3 === 0 ? 'interrogative' : 'declarative',
      processType: (index + offset) % 2 === 0 ? 'mental' : 'material',
      modalityWeight: ((index + offset) % 5) / 4,
    }),
  );

async function fill(store: Store, vector: boolean): Promise<void> {
  if (vector) await store.enableEmbeddings({ dimension: DIMENSION, embedderId: 'test-embedder' });
  let seed = 1;
  for (const [offset, documentId] of ['doc-a', 'doc-b', 'doc-c'].entries()) {
    const clauses = documentClauses(documentId, offset);
    await store.saveDocument({
      documentId,
      clauses,
      ...(vector ? { embeddings: randomEmbeddings(clauses.length, DIMENSION, seed++) } : {}),
    });
  }
}

/**
 * The copy's ranking is SQL's up to exact ties: the same scores in order, and each clause with the
 * score SQL gives it (read deeper, `deeper`). Sums of the same parts in another order may differ in
 * the last bit, so which of several clauses tied at the limit comes last may differ (with
 * documentWeight 4 and titleWeight 0.75 three clauses of a fixture tie at the tenth place, and the
 * fixture's repeated texts tie with one another when the query has weighted lexemes).
 */
function expectSameUpToTies(
  cached: { clauseId: string; score: number }[],
  plain: { clauseId: string; score: number }[],
  deeper: { clauseId: string; score: number }[],
): void {
  expect(cached.length).toBe(plain.length);
  expect(new Set(cached.map((row) => row.clauseId)).size).toBe(cached.length);
  for (const [index, row] of cached.entries()) {
    expect(row.score).toBeCloseTo(plain[index]!.score, 9);
    const inSql = deeper.find((other) => other.clauseId === row.clauseId);
    expect(inSql?.score).toBeCloseTo(row.score, 9);
  }
}

/**
 * Every query and filter ranked by both paths: the copy must rank as SQL does. (SQL gets statistics
 * read now: a store reuses its own for a few seconds, and another instance may have written since.)
 */
async function expectSameAsSql(store: Store, vector: boolean): Promise<void> {
  const stats = await readCorpusStats(databaseOf(store));
  for (const query of QUERIES) {
    for (const filters of FILTERS) {
      const cached = await store.keywordRanking(query, filters, 10);
      const plain = await store.keywordRanking(query, filters, 10, { useSearchCache: false, stats });
      const deeper = await store.keywordRanking(query, filters, 30, { useSearchCache: false, stats });
      expectSameUpToTies(cached, plain, deeper);
      const rows = await store.keywordCandidates(query, filters, 10);
      expect(rows.map((row) => row.clauseId)).toEqual(cached.map((row) => row.clauseId));
    }
    // Other BM25 parameters per field (clause k1 and b, the document field's k1) rank alike too.
    const fields = {
      k1: 0.5,
      b: 0.75,
      documentK1: 2.5,
      titleWeight: 1,
      alphanumericWeight: 3,
      prefixExpansion: { characters: 6, terms: 1, weight: 0.7 },
    };
    const cached = await store.keywordRanking(query, {}, 10, fields);
    const plain = await store.keywordRanking(query, {}, 10, { ...fields, useSearchCache: false, stats });
    const deeper = await store.keywordRanking(query, {}, 30, { ...fields, useSearchCache: false, stats });
    expectSameUpToTies(cached, plain, deeper);
  }
  if (vector) {
    const [query] = randomEmbeddings(1, DIMENSION, 99);
    for (const filters of FILTERS.slice(1)) {
      const cached = await store.vectorRanking(query!, filters, 5);
      store.searchCache.setEnabled(false);
      const plain = await store.vectorRanking(query!, filters, 5);
      store.searchCache.setEnabled(true);
      expect(cached.map((row) => row.clauseId)).toEqual(plain.map((row) => row.clauseId));
      for (const [index, row] of cached.entries()) expect(row.score).toBeCloseTo(plain[index]!.score, 5);
    }
  }
}

function cacheTests(open: () => Promise<Pair>): void {
  let pair: Pair;
  afterEach(async () => {
    await pair?.close();
  });

  it('ranks from its copy exactly as SQL does, and reads rows from it', async () => {
    pair = await open();
    const { reader } = pair;
    await fill(pair.writer, pair.vector);
    await reader.searchCache.refresh();
    const loaded = reader.searchCache.stats();
    expect(loaded.clauses).toBe(3 * TEXTS.length);
    await expectSameAsSql(reader, pair.vector);
    expect(reader.searchCache.stats().hits).toBeGreaterThan(loaded.hits + QUERIES.length * FILTERS.length);
    const ids = [clauseId('doc-a', 2), clauseId('doc-c', 0), 'not-a-uuid'];
    const cachedRows = await reader.candidatesByIds(ids);
    reader.searchCache.setEnabled(false);
    const plainRows = await reader.candidatesByIds(ids);
    reader.searchCache.setEnabled(true);
    const byId = (rows: typeof plainRows) => [...rows].sort((a, b) => a.clauseId.localeCompare(b.clauseId));
    expect(byId(cachedRows)).toEqual(byId(plainRows));
    expect(plainRows).toHaveLength(2);
  });

  it('sees a new document written after the copy at the next search, and after its reload', async () => {
    pair = await open();
    const { reader, writer } = pair;
    await fill(writer, pair.vector);
    await reader.searchCache.refresh();
    expect(await reader.keywordRanking('zebra crossing', {}, 10)).toEqual([]);
    const misses = reader.searchCache.stats().misses;
    await writer.saveDocument({
      documentId: 'doc-z',
      clauses: [makeClause('doc-z', 0, { text: 'A zebra crossing near the school.' })],
      ...(pair.vector ? { embeddings: randomEmbeddings(1, DIMENSION, 7) } : {}),
    });
    const seen = await reader.keywordRanking('zebra crossing', {}, 10);
    expect(seen.map((row) => row.clauseId)).toEqual([clauseId('doc-z', 0)]);
    expect(reader.searchCache.stats().misses).toBeGreaterThan(misses);
    await reader.searchCache.refresh();
    const hits = reader.searchCache.stats().hits;
    const again = await reader.keywordRanking('zebra crossing', {}, 10);
    expect(again).toEqual(seen);
    expect(reader.searchCache.stats().hits).toBe(hits + 1);
    await expectSameAsSql(reader, pair.vector);
  });

  it('sees rejections, annotation changes that move filters, and removed clauses', async () => {
    pair = await open();
    const { reader, writer } = pair;
    await fill(writer, pair.vector);
    await reader.searchCache.refresh();
    const target = clauseId('doc-a', 3); // "The tenant's deposit is returned within 30 days."
    expect((await reader.keywordRanking('deposit returned', {}, 10)).map((row) => row.clauseId)).toContain(
      target,
    );
    // A rejection leaves the clause out of retrieval unless includeRejected.
    await writer.recordClauseReview({
      clauseId: target,
      decision: 'rejected',
      outcome: (before) => ({ annotation: before, reviewStatus: 'rejected' }),
    });
    for (const refreshed of [false, true]) {
      if (refreshed) await reader.searchCache.refresh();
      const ranked = (await reader.keywordRanking('deposit returned', {}, 10)).map((row) => row.clauseId);
      expect(ranked).not.toContain(target);
      const included = await reader.keywordRanking('deposit returned', { includeRejected: true }, 10);
      expect(included.map((row) => row.clauseId)).toContain(target);
    }
    // An edited annotation moves the clause into another mood's filter.
    const moved = clauseId('doc-b', 1);
    expect(
      (await reader.keywordRanking('landlord roof', { mood: 'imperative' }, 10)).map((row) => row.clauseId),
    ).toEqual([]);
    await writer.recordClauseReview({
      clauseId: moved,
      decision: 're_annotated',
      outcome: (before) => ({
        annotation: { ...before, interpersonal: { ...before.interpersonal, mood: 'imperative' } },
        reviewStatus: 'accepted',
      }),
    });
    for (const refreshed of [false, true]) {
      if (refreshed) await reader.searchCache.refresh();
      const imperative = await reader.keywordRanking('landlord roof', { mood: 'imperative' }, 10);
      expect(imperative.map((row) => row.clauseId)).toEqual([moved]);
      expect((await reader.candidatesByIds([moved]))[0]?.mood).toBe('imperative');
    }
    // A re-saved document with fewer clauses: the removed ones are gone from rankings and rows.
    const removed = clauseId('doc-c', 6);
    await writer.saveDocument({
      documentId: 'doc-c',
      clauses: documentClauses('doc-c', 2).slice(0, 3),
      ...(pair.vector ? { embeddings: randomEmbeddings(3, DIMENSION, 5) } : {}),
    });
    for (const refreshed of [false, true]) {
      if (refreshed) await reader.searchCache.refresh();
      const ranked = await reader.keywordRanking('neurons signals brain', { includeRejected: true }, 50);
      expect(ranked.map((row) => row.clauseId)).not.toContain(removed);
      expect(await reader.candidatesByIds([removed])).toEqual([]);
    }
    expect(reader.searchCache.stats().clauses).toBe(2 * TEXTS.length + 3);
    await expectSameAsSql(reader, pair.vector);
  });

  it('sees a change committed by another connection in raw SQL (another process or replica)', async () => {
    pair = await open();
    const { reader } = pair;
    await fill(pair.writer, pair.vector);
    await reader.searchCache.refresh();
    const before = await readChangeCounter(databaseOf(reader));
    const target = clauseId('doc-b', 2);
    expect(
      (await reader.keywordRanking('oxidative stress neurons', {}, 30)).map((r) => r.clauseId),
    ).toContain(target);
    await pair.raw(`UPDATE clauses SET review_status = 'rejected' WHERE id = '${target}'`);
    expect(Number(await readChangeCounter(databaseOf(reader)))).toBe(Number(before) + 1);
    const ranked = await reader.keywordRanking('oxidative stress neurons', {}, 30);
    expect(ranked.map((row) => row.clauseId)).not.toContain(target);
    await reader.searchCache.refresh();
    expect(reader.searchCache.stats().counter).toBe(String(Number(before) + 1));
    expect(
      (await reader.keywordRanking('oxidative stress neurons', {}, 30)).map((row) => row.clauseId),
    ).not.toContain(target);
  });

  it('bumps the change counter once per writing transaction, and not for a rolled-back one', async () => {
    pair = await open();
    await fill(pair.writer, pair.vector);
    const db = databaseOf(pair.writer);
    const start = Number(await readChangeCounter(db));
    await pair.writer.saveDocument({
      documentId: 'doc-a',
      clauses: documentClauses('doc-a', 0),
      ...(pair.vector ? { embeddings: randomEmbeddings(TEXTS.length, DIMENSION, 3) } : {}),
    });
    // One save writes several tables in several statements: one transaction, one bump.
    expect(Number(await readChangeCounter(db))).toBe(start + 1);
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(`UPDATE clauses SET mood = 'imperative'`);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(Number(await readChangeCounter(db))).toBe(start + 1);
  });

  it('lets reviews and re-saves of one document run at once without deadlocking on the counter', async () => {
    pair = await open();
    const { reader, writer } = pair;
    await fill(writer, pair.vector);
    const work: Promise<unknown>[] = [];
    for (let round = 0; round < 6; round++) {
      work.push(
        reader.recordClauseReview({
          clauseId: clauseId('doc-a', round),
          decision: 'accepted',
          outcome: (before) => ({ annotation: before, reviewStatus: 'accepted' }),
        }),
        writer.saveDocument({
          documentId: 'doc-a',
          clauses: documentClauses('doc-a', round),
          ...(pair.vector ? { embeddings: randomEmbeddings(TEXTS.length, DIMENSION, round + 10) } : {}),
        }),
      );
    }
    const failures = (await Promise.allSettled(work)).flatMap((result) =>
      result.status === 'rejected' ? [String(result.reason)] : [],
    );
    // A review may find its clause replaced under it (not found); none may die in a deadlock.
    expect(failures.filter((failure) => /deadlock/i.test(failure))).toEqual([]);
    expect(failures.length).toBeLessThan(work.length / 2);
    await reader.searchCache.refresh();
    await expectSameAsSql(reader, pair.vector);
  });

  it('takes the SQL path when turned off', async () => {
    const store = await createStore({ url: 'memory://', searchCache: false });
    try {
      await fill(store, false);
      await store.searchCache.refresh();
      expect(await store.keywordRanking('deposit', {}, 5)).not.toEqual([]);
      expect(store.searchCache.stats()).toMatchObject({ hits: 0, loads: 0, counter: null });
    } finally {
      await store.close();
    }
  });
}

describe('search cache on PGlite (one process: the writer is the same store)', () => {
  cacheTests(async () => {
    const store = await createStore({ url: 'memory://', semanticEdges: false });
    return {
      reader: store,
      writer: store,
      vector: true,
      raw: async (statement) => {
        await databaseOf(store).execute(statement);
      },
      close: () => store.close(),
    };
  });
});

describe('unfiltered vector ranking and reused change counter on PGlite', () => {
  it('ranks in one statement as the transaction path does, and sees raw writes at once', async () => {
    const store = await createStore({ url: 'memory://', semanticEdges: false });
    try {
      await fill(store, true);
      await store.searchCache.refresh();
      const db = databaseOf(store);
      const [query] = randomEmbeddings(1, DIMENSION, 7);
      const inTransaction = () =>
        db.transaction((tx) =>
          vectorSearch(tx, vectorLiteral(query!, DIMENSION), {}, 5, { exactScanThreshold: 0 }, 'ranking'),
        );
      const ids = (rows: { clauseId: string }[]) => rows.map((row) => String(row.clauseId));
      const first = await store.vectorRanking(query!, {}, 5);
      expect(first).toHaveLength(5);
      expect(ids(first)).toEqual(ids(await inTransaction()));
      // No clause is rejected in the copy: the statement skipped the probe; a rejection written in raw
      // SQL since moves the counter, so the statement runs again with it.
      const target = first[0]!.clauseId;
      await db.execute(`UPDATE clauses SET review_status = 'rejected' WHERE id = '${target}'`);
      const second = await store.vectorRanking(query!, {}, 5);
      expect(ids(second)).not.toContain(target);
      expect(ids(second)).toEqual(ids(await inTransaction()));
      // Rows read right after a raw write are the new ones (the counter read before it is not reused).
      const [row] = await store.candidatesByIds([ids(second)[0]!]);
      await db.execute(`UPDATE clauses SET text = 'rewritten in raw SQL' WHERE id = '${row!.clauseId}'`);
      expect((await store.candidatesByIds([row!.clauseId]))[0]!.text).toBe('rewritten in raw SQL');
    } finally {
      await store.close();
    }
  });
});

describe.skipIf(!databaseUrl)(
  'search cache on a PostgreSQL server: two store instances (DATABASE_URL)',
  () => {
    cacheTests(async () => {
      const database = await createTestDatabase(databaseUrl!);
      const reader = await createStore({ url: database.url, maxConnections: 2, semanticEdges: false });
      const writer = await createStore({ url: database.url, maxConnections: 2, semanticEdges: false });
      const other = postgres(database.url, { max: 1, onnotice: () => {} });
      const vector = (await other`SELECT 1 FROM pg_available_extensions WHERE name = 'vector'`).length > 0;
      return {
        reader,
        writer,
        vector,
        raw: async (statement) => {
          await other.unsafe(statement);
        },
        close: async () => {
          await reader.close();
          await writer.close();
          await other.end();
          await database.drop();
        },
      };
    });
  },
);
