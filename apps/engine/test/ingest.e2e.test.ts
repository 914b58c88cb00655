import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEngine } from '@cae/engine';
import { createLocalEmbedder } from '@cae/retrieval';
import { createStore, type Store } from '@cae/store-drizzle';
import { databaseOf } from '@cae/store-drizzle/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EngineServer, startEngineServer } from '../src/server';
import { TEST_EMBEDDING_CACHE } from './start-test-server';

type Json = any;

const databaseUrl = process.env.DATABASE_URL;

/** A store on a fresh database: embedded PGlite in a temp directory, or a throwaway database on the server. */
interface Backend {
  name: string;
  /** Whether the store can hold embeddings (the CI server has no pgvector). */
  vector: boolean;
  /** The engine's bulk mode for ingest (by default only for requests of 500 embedded clauses or more). */
  bulkIngest?: { minClauses: number; factor?: number; idleMs?: number };
  open(): Promise<{ store: Store; drop(): Promise<void> }>;
}

const backends: Backend[] = [
  {
    name: 'embedded PGlite',
    vector: true,
    async open() {
      const dir = await mkdtemp(join(tmpdir(), 'cae-ingest-'));
      const store = await createStore({ url: join(dir, 'db') });
      return { store, drop: () => rm(dir, { recursive: true, force: true }) };
    },
  },
  {
    // Every request with vectors written through the store's bulk mode (index rebuilt once, postings
    // and edges at the end), as large requests are, in one ingest session kept open until a read.
    name: 'embedded PGlite in bulk mode',
    vector: true,
    bulkIngest: { minClauses: 1, factor: 1000, idleMs: 600_000 },
    async open() {
      const dir = await mkdtemp(join(tmpdir(), 'cae-ingest-'));
      const store = await createStore({ url: join(dir, 'db') });
      return { store, drop: () => rm(dir, { recursive: true, force: true }) };
    },
  },
  ...(databaseUrl
    ? [
        {
          name: 'PostgreSQL server (DATABASE_URL)',
          vector: false,
          async open() {
            const name = `cae_ingest_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
            const admin = await createStore({ url: databaseUrl });
            await databaseOf(admin).execute(`CREATE DATABASE "${name}"`);
            const url = new URL(databaseUrl);
            url.pathname = `/${name}`;
            const store = await createStore({ url: url.toString(), maxConnections: 4 });
            return {
              store,
              async drop() {
                await databaseOf(admin).execute(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
                await admin.close();
              },
            };
          },
        },
      ]
    : []),
];

const LEASE =
  'The tenant must pay the deposit before moving in. The landlord should return the deposit within thirty days.';
const RULES = 'Visitors may not smoke in the building. The manager can inspect the flat after notice.';

for (const backend of backends) {
  describe(`POST /pipeline/ingest on the ${backend.name}, over HTTP`, () => {
    let server: EngineServer;
    let store: Store;
    let drop: () => Promise<void>;
    const send = async (body: string, contentType = 'application/json') => {
      const response = await fetch(`${server.url}/pipeline/ingest`, {
        method: 'POST',
        headers: { 'content-type': contentType },
        body,
      });
      return { status: response.status, json: (await response.json()) as Json };
    };
    const clauseTotal = async (documentId: string) => {
      const response = await fetch(`${server.url}/clauses?document_id=${encodeURIComponent(documentId)}`);
      return ((await response.json()) as { total: number }).total;
    };
    const clauseTexts = async (documentId: string) => {
      const response = await fetch(`${server.url}/clauses?document_id=${encodeURIComponent(documentId)}`);
      return ((await response.json()) as { clauses: { text: string }[] }).clauses.map(
        (clause) => clause.text,
      );
    };

    beforeAll(async () => {
      ({ store, drop } = await backend.open());
      // A real database failure in the middle of a write: any clause holding the word POISON.
      await databaseOf(store).execute(`CREATE OR REPLACE FUNCTION cae_test_poison() RETURNS trigger AS $$
        BEGIN IF NEW.text LIKE '%POISON%' THEN RAISE EXCEPTION 'poisoned clause'; END IF; RETURN NEW; END
        $$ LANGUAGE plpgsql`);
      await databaseOf(store).execute(
        'CREATE TRIGGER cae_test_poison BEFORE INSERT ON clauses FOR EACH ROW EXECUTE FUNCTION cae_test_poison()',
      );
      const engine = await createEngine({
        store,
        embedder: createLocalEmbedder({ cacheDir: TEST_EMBEDDING_CACHE }),
        ...(backend.bulkIngest ? { bulkIngest: backend.bulkIngest } : {}),
      });
      server = await startEngineServer({
        env: {
          HOST: '127.0.0.1',
          PORT: '0',
          CAE_RATE_LIMIT: '0',
          CAE_MAX_INGEST_DOCUMENTS: '8',
          CAE_MAX_INGEST_BYTES: String(64 * 1024),
        },
        engine,
        logger: { info() {}, error() {} },
      });
    }, 180_000);
    afterAll(async () => {
      await server?.close();
      await store?.close();
      await drop?.();
    });

    it('a JSON array of good and bad documents: a result per document, the good ones land, the bad leave nothing', async () => {
      // A stored version of the document that will fail: its failed re-ingest must leave it whole.
      const before = await send(JSON.stringify([{ document_id: 'bulk-poison', text: RULES }]));
      expect(before.json).toMatchObject({ stored: 1, failed: 0 });
      const previous = await clauseTexts('bulk-poison');
      expect(previous.length).toBeGreaterThanOrEqual(2);

      const { status, json } = await send(
        JSON.stringify([
          { document_id: 'bulk-lease', text: LEASE, embed: backend.vector },
          { document_id: 'bulk-missing' },
          { document_id: 'bulk-format', text: RULES, format: 'pdf' },
          { document_id: 'bulk-rules', text: RULES },
          {
            document_id: 'bulk-poison',
            text: 'The tenant must pay. This clause is POISON for the database.',
          },
          { document_id: 'bulk-lease', text: RULES },
          'not a document',
          { document_id: 'bulk-compiled', text: LEASE, store: false },
        ]),
      );
      expect(status).toBe(200);
      expect(json.results.map((result: Json) => [result.index, result.document_id, result.status])).toEqual([
        [0, 'bulk-lease', 'stored'],
        [1, 'bulk-missing', 'failed'],
        [2, 'bulk-format', 'failed'],
        [3, 'bulk-rules', 'stored'],
        [4, 'bulk-poison', 'failed'],
        [5, 'bulk-lease', 'failed'],
        [6, null, 'failed'],
        [7, 'bulk-compiled', 'compiled'],
      ]);
      expect(json.stored).toBe(2);
      expect(json.failed).toBe(5);
      const [lease, missing, format, rules, poison, duplicate, notObject, compiled] = json.results;
      expect(lease.embedded).toBe(backend.vector);
      expect(lease.clause_count).toBeGreaterThanOrEqual(2);
      expect(rules.embedded).toBe(false);
      expect(compiled.clause_count).toBeGreaterThanOrEqual(2);
      expect(json.clause_count).toBe(lease.clause_count + rules.clause_count + compiled.clause_count);
      // Bad input: the spec's error body per document, naming the wire field.
      expect(missing.error).toMatchObject({ code: 'invalid_request', status: 400 });
      expect(missing.error.message).toMatch(/\btext\b/);
      expect(format.error).toMatchObject({ code: 'invalid_request', status: 400 });
      expect(format.error.message).toMatch(/\bformat\b/);
      expect(duplicate.error).toMatchObject({ code: 'invalid_request', status: 400 });
      expect(duplicate.error.message).toMatch(/document_id.*document 0/);
      expect(notObject.error).toMatchObject({ code: 'invalid_request', status: 400 });
      expect(poison.error.status).toBeGreaterThanOrEqual(500);
      for (const result of [missing, format, poison, duplicate, notObject]) {
        expect(result.clause_count).toBe(0);
        expect(result.embedded).toBe(false);
      }

      // The good documents are whole; the failed ones left nothing, and the earlier version is intact.
      expect(await clauseTotal('bulk-lease')).toBe(lease.clause_count);
      expect(await clauseTotal('bulk-rules')).toBe(rules.clause_count);
      expect(await clauseTotal('bulk-missing')).toBe(0);
      expect(await clauseTotal('bulk-format')).toBe(0);
      expect(await clauseTotal('bulk-compiled')).toBe(0);
      expect(await clauseTexts('bulk-poison')).toEqual(previous);
      expect(await clauseTexts('bulk-lease')).not.toContain(expect.stringMatching(/smoke/));

      // Hybrid search finds the stored documents (it needs vectors: the server without pgvector has none).
      if (backend.vector) {
        const retrieved = await fetch(`${server.url}/retrieve`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: 'visitors smoke building', limit: 3 }),
        });
        const found = ((await retrieved.json()) as Json).results.map((result: Json) => result.document_id);
        expect(found).toContain('bulk-rules');
        const edges = (await (
          await fetch(`${server.url}/graph/edges?document_id=bulk-lease`)
        ).json()) as Json[];
        expect(edges.some((edge) => edge.type === 'semantic')).toBe(true);
      }
      // The store's own check finds nothing inconsistent (counts, BM25 statistics, postings).
      const report = await store.checkIntegrity();
      expect(report.ok).toBe(true);
    }, 120_000);

    it('NDJSON: one document per line, blank lines skipped, a line that is not JSON fails alone', async () => {
      const lines = [
        JSON.stringify({ document_id: 'nd-one', text: LEASE }),
        '{"document_id": "nd-broken", "text": ',
        '',
        JSON.stringify({ document_id: 'nd-two', text: RULES, embed: true }),
        JSON.stringify({ document_id: 'nd-empty', text: '   ' }),
      ];
      const { status, json } = await send(`${lines.join('\n')}\n`, 'application/x-ndjson');
      expect(status).toBe(200);
      expect(json.results).toHaveLength(4);
      const [one, broken, two, empty] = json.results;
      expect(one).toMatchObject({ index: 0, document_id: 'nd-one', status: 'stored', embedded: false });
      expect(broken).toMatchObject({ index: 1, document_id: null, status: 'failed' });
      expect(broken.error.message).toMatch(/line 2 is not JSON/);
      expect(empty).toMatchObject({ index: 3, document_id: 'nd-empty', status: 'failed' });
      expect(empty.error.message).toMatch(/\btext\b/);
      if (backend.vector) {
        expect(two).toMatchObject({ index: 2, document_id: 'nd-two', status: 'stored', embedded: true });
        expect(await clauseTotal('nd-two')).toBe(two.clause_count);
      } else {
        // No pgvector on the server: the document asking for vectors fails alone, with the 501 of compile.
        expect(two).toMatchObject({ index: 2, document_id: 'nd-two', status: 'failed' });
        expect(two.error).toMatchObject({ status: 501 });
        expect(two.error.message).toMatch(/pgvector/);
        expect(await clauseTotal('nd-two')).toBe(0);
      }
      expect(await clauseTotal('nd-one')).toBe(one.clause_count);
      expect(json.stored).toBe(backend.vector ? 2 : 1);
    }, 120_000);

    it('reads after ingest requests see every document searchable (and linked, with vectors)', async () => {
      const shared = 'The courier must deliver the parcel before noon.';
      for (const documentId of ['session-a', 'session-b']) {
        const { status, json } = await send(
          JSON.stringify([{ document_id: documentId, text: `${shared} ${LEASE}`, embed: backend.vector }]),
        );
        expect(status).toBe(200);
        expect(json.stored).toBe(1);
      }
      // In bulk mode the two requests share one open ingest session: its derived work waits.
      expect(store.ingestSessionOpen()).toBe(backend.bulkIngest !== undefined);
      const response = await fetch(`${server.url}/retrieve`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          query: 'courier parcel noon',
          limit: 10,
          weights: { vector: 0, keyword: 1 },
        }),
      });
      expect(response.status).toBe(200);
      const found = (await response.json()) as Json;
      // Keyword search alone finds both: their postings were written before the read.
      expect(new Set(found.results.map((result: Json) => result.document_id))).toEqual(
        new Set(['session-a', 'session-b']),
      );
      expect(store.ingestSessionOpen()).toBe(false);
      const edges = (await (await fetch(`${server.url}/graph/edges?document_id=session-b`)).json()) as Json[];
      // The same sentence in both documents: a semantic edge once the session's edges are computed.
      expect(edges.some((edge) => edge.type === 'semantic')).toBe(backend.vector);
    }, 120_000);

    it('refuses a whole request that is not an array, empty, or over the document or byte limit', async () => {
      const refused = async (body: string, status: number, code: string, pattern: RegExp) => {
        const response = await send(body);
        expect(response.status).toBe(status);
        expect(response.json.error.code).toBe(code);
        expect(response.json.error.message).toMatch(pattern);
      };
      await refused(JSON.stringify({ text: LEASE }), 400, 'invalid_request', /JSON array/);
      await refused('[{"text": ', 400, 'invalid_request', /JSON array/);
      await refused('[]', 400, 'invalid_request', /no documents/);
      const nine = Array.from({ length: 9 }, (_, index) => ({ document_id: `over-${index}`, text: LEASE }));
      await refused(JSON.stringify(nine), 413, 'payload_too_large', /9 documents .* limit of 8/);
      const big = [{ document_id: 'over-bytes', text: 'The tenant pays. '.repeat(5000) }];
      await refused(JSON.stringify(big), 413, 'payload_too_large', /over 65536 bytes/);
      // The compile route keeps its own limit.
      const compiled = await fetch(`${server.url}/pipeline/compile`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text: LEASE }),
      });
      expect(compiled.status).toBe(200);
      for (const id of ['over-0', 'over-8', 'over-bytes']) expect(await clauseTotal(id)).toBe(0);
    }, 60_000);
  });
}
