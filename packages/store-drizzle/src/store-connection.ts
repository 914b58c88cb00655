import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InvalidRequestError } from '@cae/core';
import type { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { StoreDriverAdapter } from './drivers/driver';

export { READ_ONLY_STATEMENT } from './drivers/driver';

import { openPgliteDriver, usePgliteDriver } from './drivers/pglite';
import { openPostgresDriver } from './drivers/postgres';

/** The drizzle database of either driver. */
export type StoreDatabase = PgDatabase<PgQueryResultHKT>;
/** A drizzle transaction of either driver. */
export type StoreTransaction = Parameters<Parameters<StoreDatabase['transaction']>[0]>[0];
/** Anything that runs queries: the database or an open transaction. */
export type StoreExecutor = StoreDatabase | StoreTransaction;

/** Which driver a store runs on. */
export type StoreDriver = 'pglite' | 'postgres';

export interface OpenConnectionOptions {
  url?: string | undefined;
  client?: PGlite | undefined;
  dataDir?: string | undefined;
  migrationsFolder?: string | undefined;
  maxConnections?: number | undefined;
  owner?: string | undefined;
  templateCacheDir?: string | undefined;
}

/**
 * The committed drizzle-kit migrations. Resolved relative to this module, which sits one level
 * below the package root both as `src/store-connection.ts` and bundled as `dist/index.js`.
 */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../drizzle', import.meta.url));

/** Rows of a raw query, whichever driver ran it. */
export async function queryRows<T>(executor: StoreExecutor, query: SQL): Promise<T[]> {
  const result: unknown = await executor.execute(query);
  if (Array.isArray(result)) return result as T[];
  return (result as { rows: T[] }).rows;
}

/**
 * Opens the driver a URL names: `memory://` (throwaway PGlite), a directory or `file://` URL
 * (persisted PGlite), or `postgres://` / `postgresql://` (a server); then runs pending migrations.
 */
export async function openDriver(options: OpenConnectionOptions): Promise<StoreDriverAdapter> {
  const migrationsFolder = options.migrationsFolder ?? MIGRATIONS_FOLDER;
  if (options.client) return usePgliteDriver(options.client, 'pglite client', migrationsFolder);
  const url = (options.url ?? options.dataDir)?.trim();
  if (!url) {
    throw new InvalidRequestError(
      'a store needs a url: memory://, a data directory, file://... or postgres://... (nothing is assumed)',
    );
  }
  if (/^postgres(ql)?:\/\//i.test(url))
    return openPostgresDriver(url, migrationsFolder, options.maxConnections ?? 10);
  if (url === 'memory://' || url === 'memory:')
    return openPgliteDriver(undefined, migrationsFolder, options.owner, options.templateCacheDir);
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url) && !url.startsWith('file://')) {
    throw new InvalidRequestError(
      `unsupported database url scheme in "${url.split('://')[0]}://...": use memory://, a directory, file://, postgres:// or postgresql://`,
    );
  }
  return openPgliteDriver(
    resolve(url.startsWith('file://') ? fileURLToPath(url) : url),
    migrationsFolder,
    options.owner,
    options.templateCacheDir,
  );
}
