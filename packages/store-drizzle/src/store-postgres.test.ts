import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { crashCycles } from '../test/crash-cycles';
import { createTestDatabase } from '../test/postgres-databases';
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
