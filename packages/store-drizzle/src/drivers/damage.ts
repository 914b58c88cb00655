import { CaeError } from '@cae/core';

/** SQLSTATEs of files that are missing, unreadable or corrupt (class 58 and XX001/XX002). */
const DAMAGE_CODES = new Set(['58P01', '58P02', '58030', 'XX001', 'XX002']);
const DAMAGE_MESSAGE =
  /could not (?:open|read|write|stat|access|seek)|invalid page|unexpected zero page|missing chunk|could not access status of transaction|failed to initialize/i;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The plain-words error of a store whose files are damaged: which directory, what failed (the
 * database's own one-line reason, never the SQL that met it) and how to restore. Null when `error`
 * is not about damaged files.
 * @example throw damagedStoreError('/data/.cae/pglite', error) ?? error;
 */
export function damagedStoreError(location: string, error: unknown): CaeError | null {
  if (CaeError.isInstance(error)) return null;
  const code = (error as { code?: unknown } | null)?.code;
  const reason = messageOf(error).split('\n')[0]!;
  if (!(typeof code === 'string' && DAMAGE_CODES.has(code)) && !DAMAGE_MESSAGE.test(reason)) return null;
  return new CaeError(
    'internal',
    `the store in ${location} is damaged: ${reason}. Stop every process that uses it, then restore the ` +
      'directory from a backup, or move it aside and ingest the documents again into a new one; ' +
      '`cae doctor` checks a store.',
    { statusCode: 503, isRetryable: false, cause: error },
  );
}

/** What of a PGlite client the store calls: its queries and transactions. */
interface Queryable {
  query: (...args: never[]) => Promise<unknown>;
  exec: (...args: never[]) => Promise<unknown>;
  transaction: (...args: never[]) => Promise<unknown>;
}

/**
 * Makes every query and transaction of `client` report damaged files with damagedStoreError
 * (`location` named), instead of the SQL error that met them.
 */
export function reportDamage(client: Queryable, location: string): void {
  for (const name of ['query', 'exec', 'transaction'] as const) {
    const original = (client[name] as (...args: unknown[]) => Promise<unknown>).bind(client);
    (client as unknown as Record<string, unknown>)[name] = async (...args: unknown[]) => {
      try {
        return await original(...args);
      } catch (error) {
        throw damagedStoreError(location, error) ?? error;
      }
    };
  }
}
