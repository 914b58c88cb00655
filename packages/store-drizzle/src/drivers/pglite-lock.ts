import { readFile, rm, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { ConflictError } from '@cae/core';
import lockfile from 'proper-lockfile';

/** Who holds a data directory, written beside the lock so a second opener can name them. */
export interface DataDirectoryHolder {
  pid: number;
  host: string;
  /** What the holder is (`engine server`, `cae ingest`), as its StoreOptions.owner said. */
  owner: string;
  since: string;
}

/** A lock older than this without a refresh belongs to a process that died; it is taken over. */
const STALE_MS = 60_000;

const HOLDER_FILE = 'pglite.holder.json';

/**
 * Takes the exclusive lock of a PGlite data directory: PGlite may be opened by one process at a time,
 * and a second one corrupts it. The lock is a directory created atomically and refreshed every 10 s
 * (a crashed holder's lock goes stale after a minute); a second opener gets a ConflictError naming
 * the holder. Returns the release.
 */
export async function lockDataDirectory(directory: string, owner: string): Promise<() => Promise<void>> {
  const lockPath = join(directory, 'pglite.lock');
  const take = () =>
    lockfile.lock(directory, {
      lockfilePath: lockPath,
      stale: STALE_MS,
      update: 10_000,
      retries: 0,
      realpath: false,
      // A lock lost to a frozen event loop is not worth crashing a server over; the next open retakes it.
      onCompromised: () => {},
    });
  let release: () => Promise<void>;
  try {
    release = await take();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    const holder = await readHolder(directory);
    // A holder on this machine that is no longer running crashed: its lock is taken over at once
    // instead of after the stale period.
    if (!holder || holder.host !== hostname() || isRunning(holder.pid)) throw inUseError(directory, holder);
    await rm(lockPath, { recursive: true, force: true });
    try {
      release = await take();
    } catch (retryError) {
      if ((retryError as NodeJS.ErrnoException).code !== 'ELOCKED') throw retryError;
      throw inUseError(directory, await readHolder(directory));
    }
  }
  const holder: DataDirectoryHolder = {
    pid: process.pid,
    host: hostname(),
    owner,
    since: new Date().toISOString(),
  };
  await writeFile(join(directory, HOLDER_FILE), `${JSON.stringify(holder)}\n`);
  return async () => {
    await rm(join(directory, HOLDER_FILE), { force: true });
    await release().catch(() => {});
  };
}

/** The holder's record, or null while it is between taking the lock and writing it. */
async function readHolder(directory: string): Promise<DataDirectoryHolder | null> {
  try {
    return JSON.parse(await readFile(join(directory, HOLDER_FILE), 'utf8')) as DataDirectoryHolder;
  } catch {
    return null;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function inUseError(directory: string, holder: DataDirectoryHolder | null): ConflictError {
  const who = holder
    ? `the ${holder.owner}, pid ${holder.pid} on ${holder.host}, since ${holder.since}`
    : 'another process';
  return new ConflictError(
    `the data directory ${directory} is in use by ${who}. An embedded database can be opened by one ` +
      'process at a time: stop that process, send the work to it (a running engine takes it over HTTP), ' +
      'give this process another data directory, or share a PostgreSQL server (DATABASE_URL) instead.',
    { details: { directory, holder } },
  );
}
