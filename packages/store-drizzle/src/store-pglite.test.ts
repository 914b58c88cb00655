import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConflictError, clauseId, toCaeError } from '@cae/core';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeDocument, randomEmbeddings } from '../test/clause-fixtures';
import { crashCycles } from '../test/crash-cycles';
import { openMemoryStore } from '../test/pglite-template';
import { killMidSession, sessionFindings } from '../test/session-crash';
import { storeTests } from '../test/store-suite';
import { insertClauseRowsByCopy, insertEmbeddingsByCopy } from './drivers/pglite';
import { withIndexesRebuilt } from './drivers/pglite-bulk-indexes';
import { pgliteClientOf } from './drivers/pglite-copy';
import { insertClauseRowsAsJson, insertEmbeddingsAsJson } from './drivers/postgres';
import { createStore, databaseOf, type Store } from './store';
import { MIGRATIONS_FOLDER, queryRows, type StoreExecutor } from './store-connection';
import { vectorLiteral, vectorSearch } from './store-embeddings';
import { clauseInsertRow } from './store-rows';
import { documents } from './store-schema';

describe('store on in-memory PGlite', () => {
  storeTests({ vector: true, open: () => openMemoryStore() });
});

describe('store on a PGlite data directory', () => {
  const directories: string[] = [];
  const stores: Store[] = [];
  const tempDir = async () => {
    const directory = await mkdtemp(join(tmpdir(), 'cae-store-'));
    directories.push(directory);
    return directory;
  };
  afterEach(async () => {
    for (const store of stores.splice(0)) await store.close();
    for (const directory of directories.splice(0)) await rm(directory, { recursive: true, force: true });
  });

  it('persists clauses and the embedder across reopen', async () => {
    const dataDir = await tempDir();
    const first = await createStore({ dataDir, embedding: { dimension: 4, embedderId: 'tiny' } });
    stores.push(first);
    await first.saveDocument({
      documentId: 'p',
      clauses: makeDocument('p', 3),
      embeddings: randomEmbeddings(3, 4),
    });
    await first.close();
    const second = await createStore({ url: dataDir });
    stores.push(second);
    expect((await second.listClauses()).total).toBe(3);
    expect(await second.embeddingInfo()).toEqual({ dimension: 4, embedderId: 'tiny' });
    expect(await second.vectorCandidates(randomEmbeddings(1, 4)[0]!, {}, 2)).toHaveLength(2);
    await expect(second.enableEmbeddings({ dimension: 8, embedderId: 'bigger' })).rejects.toThrow(
      /tiny.*bigger/,
    );
  });

  it('belongs to one store at a time: a second opener is refused, naming the holder', async () => {
    const dataDir = await tempDir();
    const first = await createStore({ dataDir, owner: 'engine server' });
    stores.push(first);
    const refusal = createStore({ dataDir });
    await expect(refusal).rejects.toBeInstanceOf(ConflictError);
    await expect(refusal).rejects.toThrow(`in use by the engine server, pid ${process.pid}`);
    await first.saveDocument({ documentId: 'one', clauses: makeDocument('one', 2) });
    await first.close();
    const second = await createStore({ dataDir });
    stores.push(second);
    expect((await second.listClauses()).total).toBe(2);
  });

  it('refuses a directory another process holds, and takes it over at once when that process dies', async () => {
    const dataDir = await tempDir();
    const script = fileURLToPath(new URL('../test/hold-data-directory.ts', import.meta.url));
    const child = spawn(process.execPath, ['--conditions=@cae/source', '--import', 'tsx', script, dataDir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const [line] = (await once(child.stdout!, 'data')) as [Buffer];
      expect(line.toString().trim()).toBe('ready');
      await expect(createStore({ dataDir })).rejects.toThrow(`in use by the engine server, pid ${child.pid}`);
      child.kill('SIGKILL');
      await once(child, 'exit');
      // Killed mid-life: its lock is recovered without waiting, and what it committed is there.
      const store = await createStore({ dataDir });
      stores.push(store);
      expect((await store.listClauses({ documentId: 'held' })).total).toBe(3);
    } finally {
      child.kill('SIGKILL');
    }
  }, 60_000);

  it('survives SIGKILL in the middle of saves: each document whole or absent, nothing committed lost', async () => {
    const dataDir = await tempDir();
    const cycles = await crashCycles(dataDir, 5, true);
    for (const cycle of cycles) {
      expect(cycle.report.checks).toEqual(
        Object.fromEntries(Object.keys(cycle.report.checks).map((k) => [k, 0])),
      );
      expect(cycle.partial).toEqual([]);
      expect(cycle.lost).toEqual([]);
    }
  }, 300_000);

  it('drops the clauses full-text index for an ingest session and builds it again, as it was, when the session ends', async () => {
    const dataDir = await tempDir();
    const store = await createStore({ dataDir });
    stores.push(store);
    const definition = async () =>
      (
        await queryRows<{ definition: string }>(
          databaseOf(store),
          sql`SELECT indexdef AS definition FROM pg_indexes WHERE indexname = 'clauses_tsv_idx'`,
        )
      ).map((row) => row.definition);
    const record = async () =>
      queryRows<{ key: string }>(
        databaseOf(store),
        sql`SELECT key FROM store_meta WHERE key = 'ingest_session_indexes'`,
      );
    const before = await definition();
    expect(before).toHaveLength(1);
    await store.bulkLoad(
      () => store.saveDocuments([{ documentId: 'gin-1', clauses: makeDocument('gin-1', 4) }]),
      { idleMs: 600_000 },
    );
    // While the session is open the index is gone (its definition kept for the session's end).
    expect(store.ingestSessionOpen()).toBe(true);
    expect(await definition()).toEqual([]);
    expect(await record()).toHaveLength(1);
    await store.bulkLoad(
      () => store.saveDocuments([{ documentId: 'gin-2', clauses: makeDocument('gin-2', 3) }]),
      { idleMs: 600_000 },
    );
    await store.settleIngest();
    expect(await definition()).toEqual(before);
    expect(await record()).toEqual([]);
    expect((await store.checkIntegrity()).ok).toBe(true);
    // The index serves the full-text ranking again.
    const hits = await store.keywordCandidates('clause', {}, 100, { ranking: 'ts_rank_cd' });
    expect(hits).toHaveLength(7);
  });

  it('finishes the ingest session of a process killed mid-session at the next open: every clause searchable and linked', async () => {
    const dataDir = await tempDir();
    const saved = await killMidSession(dataDir, 6);
    const store = await createStore({ url: dataDir });
    stores.push(store);
    // createStore itself finished the session: no mark left, before any read could settle anything.
    const marks = await databaseOf(store).execute(
      sql`SELECT key FROM store_meta WHERE key = 'ingest_session_open'`,
    );
    expect((marks as unknown as { rows: unknown[] }).rows).toHaveLength(0);
    expect(store.ingestSessionOpen()).toBe(false);
    // The full-text index the session dropped is built again.
    const indexes = await queryRows<{ name: string }>(
      databaseOf(store),
      sql`SELECT indexname AS name FROM pg_indexes WHERE indexname = 'clauses_tsv_idx'`,
    );
    expect(indexes).toHaveLength(1);
    const report = await store.checkIntegrity();
    expect(report.ok).toBe(true);
    expect(report.pendingDocuments).toBe(0);
    expect(await sessionFindings(store, saved)).toEqual({
      notByKeyword: [],
      notByVector: [],
      withoutEdges: [],
      partial: [],
    });
  }, 120_000);

  it('converts the clauses of a store written by the previous version to the compact form, losing nothing', async () => {
    const dataDir = await tempDir();
    const oldMigrations = join(await tempDir(), 'drizzle');
    await cp(MIGRATIONS_FOLDER, oldMigrations, { recursive: true });
    const journalPath = join(oldMigrations, 'meta', '_journal.json');
    const journal = JSON.parse(await readFile(journalPath, 'utf8'));
    journal.entries = journal.entries.filter((entry: { tag: string }) => entry.tag < '0008');
    await writeFile(journalPath, JSON.stringify(journal));
    const old = await createStore({ dataDir, migrationsFolder: oldMigrations });
    stores.push(old);
    // The previous version wrote each annotation part whole, as its wire object.
    const written = [...makeDocument('before', 5), ...makeDocument('before-2', 3)];
    for (const documentId of ['before', 'before-2']) {
      await databaseOf(old).execute(sql`INSERT INTO documents (id) VALUES (${documentId})`);
    }
    for (const clause of written) {
      const row = clauseInsertRow(clause);
      await databaseOf(old).execute(sql`INSERT INTO clauses (id, document_id, clause_index, sentence_index,
        parent_clause_id, text, syntactic, ideational, interpersonal, textual, compiled_at, untrusted, source_type,
        review_status, mood, process_type, modality_weight, modality_type, tenor, annotation_source, annotation_untrusted)
        VALUES (${row.id}, ${row.documentId}, ${row.clauseIndex}, ${row.sentenceIndex}, ${row.parentClauseId}, ${row.text},
        ${JSON.stringify(clause.syntactic)}::json, ${JSON.stringify(clause.ideational)}::json,
        ${JSON.stringify(clause.interpersonal)}::json, ${JSON.stringify(clause.textual)}::json,
        ${row.compiledAt.toISOString()}, ${row.untrusted}, ${row.sourceType}, ${row.reviewStatus}, ${row.mood},
        ${row.processType}, ${row.modalityWeight}, ${row.modalityType}, ${row.tenor}, ${row.annotationSource},
        ${row.annotationUntrusted})`);
    }
    const plainBytes = await storedAnnotationBytes(old);
    await old.close();

    const upgraded = await createStore({ dataDir });
    stores.push(upgraded);
    for (const clause of written) expect(await upgraded.getClause(clause.id)).toEqual(clause);
    const forms = await databaseOf(upgraded).execute(
      sql`SELECT count(*)::int AS n FROM clauses WHERE syntactic->>'v' = '1' AND ideational->>'v' = '1'
        AND interpersonal->>'v' = '1' AND (textual IS NULL OR textual->>'v' = '1')`,
    );
    expect((forms as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(written.length);
    expect(await storedAnnotationBytes(upgraded)).toBeLessThan(plainBytes / 2);
    // Reviews, reads and new saves work on the converted rows.
    const review = await upgraded.recordClauseReview({
      clauseId: written[1]!.id,
      decision: 'accepted',
      outcome: (annotation) => ({ annotation, reviewStatus: 'accepted' }),
    });
    expect(review.annotationBefore).toEqual(review.annotationAfter);
    expect(await upgraded.getClause(written[1]!.id)).toEqual({ ...written[1]!, reviewStatus: 'accepted' });
    await upgraded.saveDocument({ documentId: 'after', clauses: makeDocument('after', 2) });
    expect((await upgraded.listClauses()).total).toBe(written.length + 2);
  });

  it('bounds the write-ahead log of a data directory: checkpoints every 64 MB, old segments removed', async () => {
    const dataDir = await tempDir();
    const store = await createStore({ dataDir });
    stores.push(store);
    const settings = await databaseOf(store).execute(
      sql`SELECT name, setting, unit FROM pg_settings WHERE name IN ('max_wal_size', 'min_wal_size', 'wal_recycle') ORDER BY name`,
    );
    expect((settings as unknown as { rows: unknown[] }).rows).toEqual([
      { name: 'max_wal_size', setting: '64', unit: 'MB' },
      { name: 'min_wal_size', setting: '32', unit: 'MB' },
      { name: 'wal_recycle', setting: 'off', unit: null },
    ]);
    await store.bulkLoad(async () => {
      for (let index = 0; index < 4; index++) {
        await store.saveDocument({ documentId: `wal-${index}`, clauses: makeDocument(`wal-${index}`, 50) });
      }
    });
    const segments = (await readdir(join(dataDir, 'pglite', 'pg_wal'))).filter((name) =>
      /^[0-9A-F]{24}$/.test(name),
    );
    expect(segments.length).toBeGreaterThan(0);
    expect(segments.length).toBeLessThanOrEqual(2);
  });

  it('checkpoints after a write once walCheckpointBytes of WAL piled up (PGlite has no checkpointer)', async () => {
    /** WAL bytes since the last checkpoint, and that checkpoint's redo point. */
    const wal = async (store: Store) => {
      const result = (await databaseOf(store).execute(
        sql`SELECT pg_wal_lsn_diff(pg_current_wal_insert_lsn(), redo_lsn)::float8 AS "since",
          redo_lsn::text AS "redo" FROM pg_control_checkpoint()`,
      )) as unknown as { rows: { since: number; redo: string }[] };
      return result.rows[0]!;
    };
    /** Saves 8 documents (about 150 KB of WAL each), one transaction each, inside a bulk load. */
    const load = async (store: Store) => {
      const redos = new Set<string>();
      const highest: number[] = [];
      await store.bulkLoad(async () => {
        for (let index = 0; index < 8; index++) {
          await store.saveDocuments([
            { documentId: `wal-${index}`, clauses: makeDocument(`wal-${index}`, 100) },
          ]);
          const now = await wal(store);
          redos.add(now.redo);
          highest.push(now.since);
        }
      });
      return { checkpoints: redos.size - 1, highest: Math.max(...highest) };
    };
    const bounded = await createStore({ dataDir: await tempDir(), walCheckpointBytes: 256 * 1024 });
    stores.push(bounded);
    const start = await wal(bounded);
    const small = await load(bounded);
    const unbounded = await createStore({ dataDir: await tempDir() });
    stores.push(unbounded);
    const large = await load(unbounded);
    // By default (64 MB) these saves checkpoint nowhere: their WAL since the last checkpoint grows.
    expect(large.checkpoints).toBe(0);
    expect(large.highest).toBeGreaterThan(512 * 1024);
    // With a 256 KB bound, saves after the bound checkpoint: what piles up stays under the bound
    // plus one save's WAL.
    expect(small.checkpoints).toBeGreaterThan(0);
    expect(small.highest).toBeLessThan(256 * 1024 + large.highest / 4);
    expect((await wal(bounded)).redo).not.toBe(start.redo);
    expect((await bounded.listClauses()).total).toBe(800);
  }, 120_000);

  it('migrates a data directory written by the first schema version', async () => {
    const dataDir = await tempDir();
    const oldMigrations = join(await tempDir(), 'drizzle');
    await cp(MIGRATIONS_FOLDER, oldMigrations, { recursive: true });
    const journalPath = join(oldMigrations, 'meta', '_journal.json');
    const journal = JSON.parse(await readFile(journalPath, 'utf8'));
    journal.entries = journal.entries.slice(0, 1);
    await writeFile(journalPath, JSON.stringify(journal));

    const old = await createStore({ dataDir, migrationsFolder: oldMigrations });
    stores.push(old);
    // Write as the first version would have: its tables only.
    await databaseOf(old).execute(sql`INSERT INTO documents (id) VALUES ('legacy')`);
    const legacyClauses = makeDocument('legacy', 2, (index) => ({
      text: `Legacy harbour clause number ${index}`,
    }));
    for (const clause of legacyClauses) {
      const row = clauseInsertRow(clause);
      await databaseOf(
        old,
      ).execute(sql`INSERT INTO clauses (id, document_id, clause_index, sentence_index, parent_clause_id, text,
        syntactic, ideational, interpersonal, textual, compiled_at, untrusted, source_type, review_status, mood,
        process_type, modality_weight, tenor, annotation_source, annotation_untrusted)
        VALUES (${row.id}, ${row.documentId}, ${row.clauseIndex}, ${row.sentenceIndex}, ${row.parentClauseId}, ${row.text},
        ${JSON.stringify(clause.syntactic)}::jsonb, ${JSON.stringify(clause.ideational)}::jsonb,
        ${JSON.stringify(clause.interpersonal)}::jsonb, null, ${row.compiledAt.toISOString()}, false, 'document',
        'unreviewed', ${row.mood}, ${row.processType}, ${row.modalityWeight}, ${row.tenor}, ${row.annotationSource}, false)`);
    }
    await old.close();

    const upgraded = await createStore({ dataDir });
    stores.push(upgraded);
    expect((await upgraded.listClauses()).total).toBe(2);
    // The annotations written whole by that version are converted to the compact form (0008) and read
    // back field for field.
    for (const clause of legacyClauses) {
      expect(await upgraded.getClause(clause.id)).toEqual({ ...clause, textual: null });
    }
    const forms = await databaseOf(upgraded).execute(
      sql`SELECT syntactic->>'v' AS s, interpersonal->>'v' AS i FROM clauses`,
    );
    expect((forms as unknown as { rows: unknown[] }).rows).toEqual([
      { s: '1', i: '1' },
      { s: '1', i: '1' },
    ]);
    // The modality type column is filled from the stored annotations (the second clause is modalised).
    const typed = await upgraded.listClauses({ modalityType: 'usuality' });
    expect(typed.clauses.map((clause) => clause.id)).toEqual([clauseId('legacy', 1)]);
    expect((await upgraded.keywordCandidates('harbour', { modalityType: 'usuality' }, 5)).length).toBe(1);
    const found = await upgraded.keywordCandidates('harbour', {}, 5);
    expect(found.map((candidate) => candidate.clauseId).sort()).toEqual(
      [clauseId('legacy', 0), clauseId('legacy', 1)].sort(),
    );
    // Postings written before document context carry their document, and document postings exist.
    const legacy = await databaseOf(upgraded).execute(sql`SELECT
        (SELECT count(*)::int FROM clause_terms WHERE document_id = 'legacy') AS clause_postings,
        (SELECT frequency::int FROM document_terms WHERE document_id = 'legacy' AND term = 'harbour') AS harbour,
        (SELECT document_df::int FROM term_stats WHERE term = 'harbour') AS harbour_documents`);
    const legacyRow = (legacy as unknown as { rows: Record<string, number>[] }).rows[0]!;
    expect(Number(legacyRow.clause_postings)).toBeGreaterThan(0);
    expect(Number(legacyRow.harbour)).toBe(2);
    expect(Number(legacyRow.harbour_documents)).toBe(1);
    await upgraded.saveDocument({ documentId: 'new', clauses: makeDocument('new', 2) });
    expect((await upgraded.listClauses()).total).toBe(4);
  });

  it('refreshes planner statistics in the background as single saves accumulate', async () => {
    const store = await createStore({ url: 'memory://', autoOptimizeAfterSaves: 3 });
    stores.push(store);
    const statistics = async () => {
      const result = await databaseOf(store).execute(
        sql`SELECT count(*)::int AS n FROM pg_stats WHERE tablename = 'clause_terms'`,
      );
      return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n);
    };
    for (const documentId of ['s1', 's2']) {
      await store.saveDocument({ documentId, clauses: makeDocument(documentId, 4) });
    }
    expect(await statistics()).toBe(0);
    await store.saveDocument({ documentId: 's3', clauses: makeDocument('s3', 4) });
    // The third save starts optimize() without waiting for it; queries queue behind it on PGlite.
    const until = Date.now() + 10_000;
    while ((await statistics()) === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(await statistics()).toBeGreaterThan(0);
  });

  it('refuses an unknown url scheme', async () => {
    await expect(createStore({ url: 'mysql://localhost/x' })).rejects.toThrow(/unsupported database url/);
  });

  it('refuses an autoOptimizeAfterSaves that is not a positive integer or false', async () => {
    for (const value of [0, -5, 2.5, Number.NaN]) {
      await expect(createStore({ url: 'memory://', autoOptimizeAfterSaves: value })).rejects.toThrow(
        /autoOptimizeAfterSaves/,
      );
    }
  });

  it('refuses a walCheckpointBytes that is not a positive integer (NaN or 0 would checkpoint after every write)', async () => {
    for (const value of [0, -1, 2.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      await expect(createStore({ url: 'memory://', walCheckpointBytes: value })).rejects.toThrow(
        /walCheckpointBytes must be a positive integer/,
      );
    }
  });
});

describe('binary COPY on PGlite', () => {
  it('stores exactly what the portable json path of a server stores', async () => {
    const copied = await openMemoryStore({ embedding: { dimension: 4, embedderId: 'tiny' } });
    const portable = await openMemoryStore({ embedding: { dimension: 4, embedderId: 'tiny' } });
    try {
      expect(pgliteClientOf(databaseOf(copied))).not.toBeNull();
      // Only execute(): what a postgres.js executor offers, so the server's statements run.
      const serverLike = {
        execute: (query: never) => databaseOf(portable).execute(query),
      } as unknown as StoreExecutor;
      expect(pgliteClientOf(serverLike)).toBeNull();
      const clauses = makeDocument('same', 40, (index) => ({
        text: index === 3 ? 'Tabs\tnew\nlines, back\\slashes, "quotes", ünïcödé 東京 and 🚀' : undefined,
        parentIndex: index % 4 === 1 ? index - 1 : null,
        modalityWeight: index === 5 ? 0.123456789012345 : undefined,
      }));
      const embeddings = randomEmbeddings(40, 4, 7);
      // Through COPY in several statements, as a batch larger than a chunk would be.
      await databaseOf(copied).insert(documents).values({ id: 'same' });
      await databaseOf(copied).transaction(async (tx) => {
        expect(pgliteClientOf(tx)).not.toBeNull();
        await insertClauseRowsByCopy(tx, clauses.map(clauseInsertRow), 7);
        await insertEmbeddingsByCopy(
          tx,
          clauses.map((clause, index) => ({ clauseId: clause.id, embedding: embeddings[index]! })),
          9,
        );
      });
      await databaseOf(portable).insert(documents).values({ id: 'same' });
      await insertClauseRowsAsJson(serverLike, clauses.map(clauseInsertRow), 7);
      await insertEmbeddingsAsJson(
        serverLike,
        clauses.map((clause, index) => ({ clauseId: clause.id, embedding: embeddings[index]! })),
        9,
      );
      const rows = async (store: Store) => {
        const result = await databaseOf(store).execute(sql`SELECT row_to_json(c)::text AS row FROM (
          SELECT id, document_id, clause_index, sentence_index, parent_clause_id, text, syntactic::text,
            ideational::text, interpersonal::text, textual::text, compiled_at, untrusted, source_type,
            review_status, mood, process_type, modality_weight, tenor, annotation_source,
            annotation_untrusted, to_tsvector('english', text)::text AS lexemes FROM clauses ORDER BY clause_index) c`);
        return (result as unknown as { rows: { row: string }[] }).rows.map((row) => row.row);
      };
      expect(await rows(copied)).toHaveLength(40);
      expect(await rows(copied)).toEqual(await rows(portable));
      expect((await copied.listClauses({ limit: 100 })).clauses).toEqual(clauses);
      const vectors = async (store: Store) => {
        const result = await databaseOf(store).execute(
          sql`SELECT embedding::real[] AS v FROM clause_embeddings ORDER BY clause_id`,
        );
        return (result as unknown as { rows: { v: number[] }[] }).rows.map((row) => row.v);
      };
      const [left, right] = [await vectors(copied), await vectors(portable)];
      expect(left).toHaveLength(40);
      for (const [index, vector] of left.entries()) {
        for (const [dim, value] of vector.entries()) expect(value).toBeCloseTo(right[index]![dim]!, 6);
      }
    } finally {
      await copied.close();
      await portable.close();
    }
  });
});

describe('indexes rebuilt around a bulk write on PGlite', () => {
  /** The edge table's constraints and indexes, as the catalog defines them. */
  const catalog = (executor: StoreExecutor) =>
    queryRows<{ name: string; definition: string }>(
      executor,
      sql`SELECT conname AS name, pg_get_constraintdef(oid) AS definition FROM pg_constraint
          WHERE conrelid = 'semantic_edges'::regclass AND contype IN ('p', 'u', 'f')
        UNION ALL SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'semantic_edges'
        ORDER BY 1, 2`,
    );
  const ids = [clauseId('edges', 0), clauseId('edges', 1), clauseId('edges', 2)] as const;
  const edge = (source: string, target: string, similarity: number) =>
    sql`INSERT INTO semantic_edges (source_id, target_id, similarity) VALUES (${source}, ${target}, ${similarity})
      ON CONFLICT (source_id, target_id) DO UPDATE SET similarity = excluded.similarity`;

  it('keeps the primary key when asked (an ON CONFLICT write needs it), drops and restores the rest', async () => {
    const store = await openMemoryStore();
    try {
      await store.saveDocument({ documentId: 'edges', clauses: makeDocument('edges', 3) });
      const db = databaseOf(store);
      const before = await catalog(db);
      expect(before.some((row) => row.definition.startsWith('FOREIGN KEY'))).toBe(true);
      await db.transaction((tx) =>
        withIndexesRebuilt(
          tx,
          ['semantic_edges'],
          async () => {
            // Only the primary key and its index are left while the write runs.
            const during = await catalog(tx);
            expect(during.map((row) => row.definition).sort()).toEqual([
              expect.stringContaining('CREATE UNIQUE INDEX'),
              'PRIMARY KEY (source_id, target_id)',
            ]);
            await tx.execute(edge(ids[0], ids[1], 0.7));
            await tx.execute(edge(ids[0], ids[1], 0.8));
            await tx.execute(edge(ids[1], ids[2], 0.9));
          },
          { keepUnique: true },
        ),
      );
      expect(await catalog(db)).toEqual(before);
      const edges = await queryRows<{ similarity: number }>(
        db,
        sql`SELECT similarity FROM semantic_edges ORDER BY similarity`,
      );
      expect(edges.map((row) => row.similarity)).toEqual([0.8, 0.9]);
      // The foreign keys are back: deleting a clause removes its edges.
      await store.saveDocument({ documentId: 'edges', clauses: makeDocument('edges', 1) });
      expect(await queryRows(db, sql`SELECT 1 FROM semantic_edges`)).toEqual([]);
    } finally {
      await store.close();
    }
  });

  it('fails the whole transaction when a row breaks a restored foreign key', async () => {
    const store = await openMemoryStore();
    try {
      await store.saveDocument({ documentId: 'edges', clauses: makeDocument('edges', 2) });
      const db = databaseOf(store);
      const before = await catalog(db);
      await expect(
        db.transaction((tx) =>
          withIndexesRebuilt(
            tx,
            ['semantic_edges'],
            async () => {
              await tx.execute(edge(ids[0], ids[1], 0.7));
              await tx.execute(edge(ids[0], clauseId('missing', 0), 0.7));
            },
            { keepUnique: true },
          ),
        ),
      ).rejects.toThrow();
      expect(await catalog(db)).toEqual(before);
      expect(await queryRows(db, sql`SELECT 1 FROM semantic_edges`)).toEqual([]);
    } finally {
      await store.close();
    }
  });
});

describe('vector search under selective filters', () => {
  it('returns limit rows when a filter matches 1% of 20,000 clauses', async () => {
    // Threshold 0 forces the HNSW path, so the iterative index scan itself must fill the page.
    const store = await openMemoryStore({
      embedding: { dimension: 8, embedderId: 'test-8' },
      semanticEdges: false,
      vectorExactScanThreshold: 0,
    });
    try {
      const perDocument = 2000;
      // bulkLoad builds the HNSW index once at the end, much faster than 20,000 index inserts.
      await store.bulkLoad(async () => {
        for (let document = 0; document < 10; document++) {
          const documentId = `bulk-${document}`;
          const clauses = makeDocument(documentId, perDocument, (index) => ({
            sourceType: (document * perDocument + index) % 100 === 0 ? 'rare' : 'document',
          }));
          await store.saveDocument({
            documentId,
            clauses,
            embeddings: randomEmbeddings(perDocument, 8, document + 1),
          });
        }
      });
      const indexes = await databaseOf(store).execute(
        sql`SELECT indexname FROM pg_indexes WHERE indexname = 'clause_embeddings_hnsw_idx'`,
      );
      expect((indexes as unknown as { rows: unknown[] }).rows).toHaveLength(1);
      expect((await store.listClauses({ sourceType: 'rare', limit: 1 })).total).toBe(200);
      const query = randomEmbeddings(1, 8, 999)[0]!;
      const found = await store.vectorCandidates(query, { sourceType: 'rare' }, 20);
      expect(found).toHaveLength(20);
      expect(found.every((candidate) => candidate.score <= 1 + 1e-9)).toBe(true);
      expect(await store.vectorRanking(query, { sourceType: 'rare' }, 20)).toEqual(
        found.map(({ clauseId, score }) => ({ clauseId, score })),
      );
      // The plan follows the filter's estimate, and a wrong one only costs time. An estimate of 6x the
      // exact-scan threshold (far above the 200 matching clauses) goes straight to the index with no
      // count; one far below counts, then ranks exactly. Both fill the page with the same clauses.
      const literal = vectorLiteral(query, 8);
      const exact = await databaseOf(store).transaction((tx) =>
        vectorSearch(tx, literal, { sourceType: 'rare' }, 20, { exactScanThreshold: 2_000 }, 'ranking'),
      );
      expect(exact.map((row) => row.clauseId)).toEqual(found.map((candidate) => candidate.clauseId));
      const isCount = (query: unknown) =>
        ((query as { queryChunks?: { value?: unknown }[] }).queryChunks ?? []).some(
          (chunk) => Array.isArray(chunk.value) && chunk.value.join('').includes('count(*)'),
        );
      for (const [rows, counts] of [
        [3_000, 0],
        [1, 1],
      ] as const) {
        const planned = await databaseOf(store).transaction(async (tx) => {
          const execute = vi.spyOn(tx, 'execute');
          const ranked = await vectorSearch(
            tx,
            literal,
            { sourceType: 'rare' },
            20,
            { exactScanThreshold: 500, estimate: { rows, share: rows / 20_000 } },
            'ranking',
          );
          expect(execute.mock.calls.filter(([query]) => isCount(query))).toHaveLength(counts);
          execute.mockRestore();
          return ranked;
        });
        expect(planned.map((row) => row.clauseId)).toEqual(exact.map((row) => row.clauseId));
      }
      const unfiltered = await store.vectorCandidates(query, {}, 50);
      expect(unfiltered).toHaveLength(50);
      // Through the HNSW index without the clauses' rows: the same 50.
      expect(await store.vectorRanking(query, {}, 50)).toEqual(
        unfiltered.map(({ clauseId, score }) => ({ clauseId, score })),
      );
    } finally {
      await store.close();
    }
  }, 600_000);
});

describe('a damaged data directory', () => {
  const damagedDirs: string[] = [];
  afterEach(async () => {
    for (const dir of damagedDirs.splice(0)) await rm(dir, { recursive: true, force: true });
  });

  /** A store with one document, closed, and the path of the clauses table's file. */
  async function storeWithClauses(): Promise<{ dir: string; clausesFile: string; documentsFile: string }> {
    const dir = await mkdtemp(join(tmpdir(), 'cae-damaged-'));
    damagedDirs.push(dir);
    const store = await createStore({ url: dir });
    await store.saveDocument({ documentId: 'lease', clauses: makeDocument('lease', 3) });
    const result = (await databaseOf(store).execute(
      sql`SELECT pg_relation_filepath('clauses') AS path, pg_relation_filepath('documents') AS documents`,
    )) as unknown as { rows: { path: string; documents: string }[] };
    await store.close();
    const row = result.rows[0]!;
    return {
      dir,
      clausesFile: join(dir, 'pglite', row.path),
      documentsFile: join(dir, 'pglite', row.documents),
    };
  }

  const plainly = (message: string, dir: string) => {
    expect(message).toContain(join(dir, 'pglite'));
    expect(message).toMatch(/is damaged: /);
    expect(message).toMatch(/restore the directory from a backup/);
    expect(message).toMatch(/cae doctor/);
    expect(message).not.toMatch(/select|from "clauses"|params/i);
  };

  it('says which directory is damaged, what failed and how to restore, for a missing table file', async () => {
    const { dir, clausesFile, documentsFile } = await storeWithClauses();
    await rm(clausesFile);
    await rm(documentsFile);
    const store = await createStore({ url: dir });
    try {
      const failure = await store.listClauses({}).then(
        () => null,
        (error: unknown) => error as Error & { statusCode?: number },
      );
      expect(failure).not.toBeNull();
      const error = toCaeError(failure);
      expect(error.statusCode).toBe(503);
      plainly(error.message, dir);
      expect(error.message).toMatch(/could not open file/);
      // Health says the same, so a server answers 503 with it.
      await expect(store.health()).rejects.toThrow(/is damaged: could not open file/);
    } finally {
      await store.close();
    }
  });

  it('says so for a table file overwritten with garbage', async () => {
    const { dir, clausesFile } = await storeWithClauses();
    await writeFile(clausesFile, Buffer.alloc(8192, 0x55));
    const store = await createStore({ url: dir });
    try {
      const error = toCaeError(await store.listClauses({}).catch((caught: unknown) => caught));
      plainly(error.message, dir);
      expect(error.message).toMatch(/invalid page/);
    } finally {
      await store.close();
    }
  });

  it('says so when the database cannot even start (its control file is damaged)', async () => {
    const { dir } = await storeWithClauses();
    await writeFile(join(dir, 'pglite', 'global', 'pg_control'), Buffer.alloc(8192, 0x55));
    const error = toCaeError(await createStore({ url: dir }).catch((caught: unknown) => caught));
    plainly(error.message, dir);
    // The failed open released the directory's lock: a restored directory opens at once.
    await rm(join(dir, 'pglite'), { recursive: true, force: true });
    const fresh = await createStore({ url: dir });
    await fresh.close();
  });
});

/** Bytes of the four annotation columns over all clauses, as the database stores them. */
async function storedAnnotationBytes(store: Store): Promise<number> {
  const result = await databaseOf(
    store,
  ).execute(sql`SELECT sum(pg_column_size(syntactic) + pg_column_size(ideational)
    + pg_column_size(interpersonal) + coalesce(pg_column_size(textual), 0))::int AS bytes FROM clauses`);
  return (result as unknown as { rows: { bytes: number }[] }).rows[0]!.bytes;
}
