import { cp, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeDocument } from '../test/clause-fixtures';
import { templateKey } from './drivers/pglite-template';
import { createStore } from './store';
import { MIGRATIONS_FOLDER } from './store-connection';

describe('the template a new embedded store starts from', () => {
  const dirs: string[] = [];
  const temp = async (prefix: string) => {
    const dir = await mkdtemp(join(tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  };
  afterEach(async () => {
    for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
  });

  it('is written by the first new store and loaded by the next, memory or directory, which work as usual', async () => {
    const cache = await temp('cae-template-cache-');
    const first = await createStore({ url: 'memory://', templateCacheDir: cache });
    await first.close();
    const files = await readdir(cache);
    expect(files).toEqual([`pglite-template-${await templateKey(MIGRATIONS_FOLDER)}.tar.gz`]);

    const fromTemplate = await createStore({ url: 'memory://', templateCacheDir: cache });
    try {
      await fromTemplate.saveDocument({ documentId: 'lease', clauses: makeDocument('lease', 1) });
      expect((await fromTemplate.listClauses({ limit: 10, offset: 0 })).total).toBe(1);
      expect((await fromTemplate.checkIntegrity()).ok).toBe(true);
    } finally {
      await fromTemplate.close();
    }

    // A new data directory starts from it too, and keeps what it stored across a reopen.
    const dataDir = join(await temp('cae-template-data-'), 'db');
    const persisted = await createStore({ url: dataDir, templateCacheDir: cache });
    await persisted.saveDocument({ documentId: 'rules', clauses: makeDocument('rules', 1) });
    await persisted.close();
    const reopened = await createStore({ url: dataDir, templateCacheDir: cache });
    try {
      expect((await reopened.listClauses({ limit: 10, offset: 0 })).total).toBe(1);
    } finally {
      await reopened.close();
    }
    expect(await readdir(cache)).toEqual(files);
  }, 120_000);

  it('changes with the migrations, so a new migration never loads an old template', async () => {
    const migrations = await temp('cae-template-migrations-');
    await cp(MIGRATIONS_FOLDER, migrations, { recursive: true });
    const before = await templateKey(migrations);
    await writeFile(join(migrations, '0099_extra.sql'), 'CREATE TABLE extra (id int);');
    expect(await templateKey(migrations)).not.toBe(before);
    expect(await templateKey(MIGRATIONS_FOLDER)).toBe(await templateKey(MIGRATIONS_FOLDER));
  });

  it('is only a cache: an unwritable cache directory leaves the store working', async () => {
    const file = join(await temp('cae-template-file-'), 'not-a-directory');
    await writeFile(file, 'x');
    const store = await createStore({ url: 'memory://', templateCacheDir: file });
    try {
      expect((await store.listClauses({ limit: 1, offset: 0 })).total).toBe(0);
    } finally {
      await store.close();
    }
  }, 120_000);
});
