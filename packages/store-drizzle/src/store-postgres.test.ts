import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { crashCycles } from '../test/crash-cycles';
import { createTestDatabase } from '../test/postgres-databases';
import { killMidSession, sessionFindings } from '../test/session-crash';
import { storeTests } from '../test/store-suite';
import { createStore } from './store';

const databaseUrl = process.env.DATABASE_URL;

async function serverHasVector(url: string): Promise<boolean> {
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const rows = await client`SELECT 1 FROM pg_available_extensions WHERE name = 'vector'`;
    return rows.length > 0;
  } finally {
    await client.end();
  }
}

const vector = databaseUrl ? await serverHasVector(databaseUrl) : false;

describe.skipIf(!databaseUrl)('crash safety on a PostgreSQL server (DATABASE_URL)', () => {
  it('survives SIGKILL of a writer in the middle of saves: each document whole or absent, nothing committed lost', async () => {
    const database = await createTestDatabase(databaseUrl!);
    try {
      const cycles = await crashCycles(database.url, 5, false);
      for (const cycle of cycles) {
        expect(cycle.report.ok).toBe(true);
        expect(cycle.partial).toEqual([]);
        expect(cycle.lost).toEqual([]);
      }
    } finally {
      await database.drop();
    }
  }, 300_000);
});

describe.skipIf(!databaseUrl)('ingest sessions on a PostgreSQL server (DATABASE_URL)', () => {
  it('finishes the ingest session of a process killed mid-session at the next open: every clause searchable (and linked, with pgvector)', async () => {
    const database = await createTestDatabase(databaseUrl!);
    try {
      const saved = await killMidSession(database.url, 6, vector);
      const store = await createStore({ url: database.url });
      try {
        expect(store.ingestSessionOpen()).toBe(false);
        const report = await store.checkIntegrity();
        expect(report.ok).toBe(true);
        expect(report.pendingDocuments).toBe(0);
        expect(await sessionFindings(store, saved, vector)).toEqual({
          notByKeyword: [],
          notByVector: [],
          withoutEdges: [],
          partial: [],
        });
      } finally {
        await store.close();
      }
    } finally {
      await database.drop();
    }
  }, 120_000);
});

describe.skipIf(!databaseUrl)('store on a PostgreSQL server (DATABASE_URL)', () => {
  const drops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const drop of drops) await drop();
  });
  storeTests({
    vector,
    async open() {
      const database = await createTestDatabase(databaseUrl!);
      drops.push(database.drop);
      return createStore({ url: database.url, maxConnections: 4 });
    },
  });
});
