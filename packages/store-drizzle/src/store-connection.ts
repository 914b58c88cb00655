import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InvalidRequestError } from '@cae/core';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';

/** The drizzle database of either driver. */
export type StoreDatabase = PgDatabase<PgQueryResultHKT>;
/** A drizzle transaction of either driver. */
export type StoreTransaction = Parameters<Parameters<StoreDatabase['transaction']>[0]>[0];
/** Anything that runs queries: the database or an open transaction. */
export type StoreExecutor = StoreDatabase | StoreTransaction;

/** Which driver a store runs on. */
export type StoreDriver = 'pglite' | 'postgres';

export interface StoreConnection {
  db: StoreDatabase;
  driver: StoreDriver;
  /** Human-readable location (never contains a password). */
  location: string;
  close(): Promise<void>;
}

export interface OpenConnectionOptions {
  url?: string | undefined;
  client?: PGlite | undefined;
  dataDir?: string | undefined;
  migrationsFolder?: string | undefined;
  maxConnections?: number | undefined;
}

/**
 * The committed drizzle-kit migrations. Resolved relative to this module, which sits one level
 * below the package root both as `src/store-connection.ts` and bundled as `dist/index.js`.
 */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../drizzle', import.meta.url));

/** Postgres advisory lock key serialising migrations of replicas that start together. */
const MIGRATION_LOCK_KEY = 72_616_401;

/** Rows of a raw query, whichever driver ran it. */
export async function queryRows<T>(executor: StoreExecutor, query: SQL): Promise<T[]> {
  const result: unknown = await executor.execute(query);
  if (Array.isArray(result)) return result as T[];
  return (result as { rows: T[] }).rows;
}

/** Opens PGlite (memory or a data directory) or a Postgres server, then runs pending migrations. */
export async function openConnection(options: OpenConnectionOptions): Promise<StoreConnection> {
  const migrationsFolder = options.migrationsFolder ?? MIGRATIONS_FOLDER;
  if (options.client) return usePglite(options.client, 'pglite client', migrationsFolder);
  const url = options.url?.trim();
  if (url && /^postgres(ql)?:\/\//i.test(url)) {
    return openPostgres(url, migrationsFolder, options.maxConnections ?? 10);
  }
  if (url === 'memory://' || url === 'memory:') return openPglite(undefined, migrationsFolder);
  if (url && /^[a-z][a-z0-9+.-]*:\/\//i.test(url) && !url.startsWith('file://')) {
    throw new InvalidRequestError(
      `unsupported database url scheme in "${url.split('://')[0]}://...": use memory://, a directory, file://, postgres:// or postgresql://`,
    );
  }
  const directory = url
    ? url.startsWith('file://')
      ? fileURLToPath(url)
      : url
    : (options.dataDir ?? process.env.CAE_DATA_DIR ?? './.cae');
  return openPglite(resolve(directory), migrationsFolder);
}

async function openPglite(dataDir: string | undefined, migrationsFolder: string): Promise<StoreConnection> {
  let pgliteDir: string | undefined;
  if (dataDir !== undefined) {
    pgliteDir = resolve(dataDir, 'pglite');
    await mkdir(pgliteDir, { recursive: true });
  }
  const client = await PGlite.create({
    ...(pgliteDir ? { dataDir: pgliteDir } : {}),
    extensions: { vector },
  });
  return usePglite(client, pgliteDir ?? 'memory://', migrationsFolder);
}

async function usePglite(
  client: PGlite,
  location: string,
  migrationsFolder: string,
): Promise<StoreConnection> {
  try {
    const db = drizzlePglite(client);
    await migratePglite(db, { migrationsFolder });
    return { db: db as unknown as StoreDatabase, driver: 'pglite', location, close: () => client.close() };
  } catch (error) {
    await client.close().catch(() => {});
    throw error;
  }
}

async function openPostgres(url: string, migrationsFolder: string, max: number): Promise<StoreConnection> {
  // One connection, so the session advisory lock covers drizzle's migration transaction.
  const migrator = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await migrator`SELECT pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
    await migratePostgres(drizzlePostgres(migrator), { migrationsFolder });
    await migrator`SELECT pg_advisory_unlock(${MIGRATION_LOCK_KEY})`;
  } finally {
    await migrator.end({ timeout: 5 });
  }
  const client = postgres(url, { max, onnotice: () => {} });
  const safeUrl = new URL(url);
  safeUrl.password = '';
  return {
    db: drizzlePostgres(client) as unknown as StoreDatabase,
    driver: 'postgres',
    location: safeUrl.toString(),
    close: () => client.end({ timeout: 5 }),
  };
}
