import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

/**
 * A new embedded database starts from a template: the empty, migrated database as PGlite dumped it
 * (a gzipped tarball of about 5 MB), kept in a cache directory. Loading it skips PGlite's initdb and
 * the migrations, which take most of a new store's start (about 2 to 4 s against 0.3 s). The file's
 * name holds a hash of what made it (PGlite and pgvector versions, every migration), so a change to
 * any of them makes a new one; a missing or unwritable cache only costs the time.
 */

/** The key of the template for these migrations and the pinned PGlite versions. */
export async function templateKey(migrationsFolder: string): Promise<string> {
  const hash = createHash('sha256');
  const manifest = await ownManifest();
  hash.update(manifest.dependencies?.['@electric-sql/pglite'] ?? '');
  hash.update(manifest.dependencies?.['@electric-sql/pglite-pgvector'] ?? '');
  const files = (await readdir(migrationsFolder, { recursive: true })).map(String).sort();
  for (const file of files) {
    if (!file.endsWith('.sql') && !file.endsWith('.json')) continue;
    hash.update(file);
    hash.update(await readFile(join(migrationsFolder, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * This package's manifest, which pins PGlite and pgvector exactly: one level up from the bundle in
 * dist/, two from this file in src/drivers/.
 */
async function ownManifest(): Promise<{ dependencies?: Record<string, string> }> {
  for (const relative of ['../package.json', '../../package.json']) {
    try {
      const manifest = JSON.parse(await readFile(new URL(relative, import.meta.url), 'utf8'));
      if (manifest.name === '@cae/store-drizzle') return manifest;
    } catch {
      // Not this one.
    }
  }
  throw new Error('the manifest of @cae/store-drizzle is missing');
}

function templatePath(cacheDir: string, key: string): string {
  return join(cacheDir, `pglite-template-${key}.tar.gz`);
}

/** The cached template, or null when there is none (or it cannot be read). */
export async function readTemplate(cacheDir: string, key: string): Promise<Blob | null> {
  try {
    return new Blob([await readFile(templatePath(cacheDir, key))]);
  } catch {
    return null;
  }
}

/** Dumps a freshly migrated database as the template (atomically: a temporary file renamed). */
export async function writeTemplate(cacheDir: string, key: string, client: PGlite): Promise<void> {
  const path = templatePath(cacheDir, key);
  const temporary = `${path}.${randomUUID()}.tmp`;
  try {
    const dump = await client.dumpDataDir('gzip');
    await mkdir(cacheDir, { recursive: true });
    await writeFile(temporary, Buffer.from(await dump.arrayBuffer()));
    await rename(temporary, path);
  } catch {
    // A cache: a read-only or full disk only means the next store starts the slow way too.
    await rm(temporary, { force: true }).catch(() => {});
  }
}
