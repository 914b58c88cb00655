import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { KeyStore } from '@cae/core';

/** Options of createFileKeyStore. */
export interface FileKeyStoreOptions {
  /** JSON file holding `{ version: 1, keys: { [providerId]: ciphertext } }`. */
  path: string;
}

interface KeyFile {
  version: 1;
  keys: Record<string, string>;
}

/**
 * A KeyStore in one JSON file (mode 0600) holding only ciphertext. Writes go to a temporary file
 * that is renamed over the old one, so a crash never leaves a half-written file.
 */
export function createFileKeyStore(options: FileKeyStoreOptions): KeyStore {
  const { path } = options;
  // Writes are serialised so two concurrent set() calls cannot lose each other's update.
  let queue: Promise<unknown> = Promise.resolve();

  async function read(): Promise<KeyFile> {
    try {
      const parsed = JSON.parse(await readFile(path, 'utf8')) as Partial<KeyFile>;
      return { version: 1, keys: { ...(parsed.keys ?? {}) } };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { version: 1, keys: {} };
      throw error;
    }
  }

  async function write(file: KeyFile): Promise<void> {
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temporary, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  function update(change: (keys: Record<string, string>) => void): Promise<void> {
    const next = queue.then(async () => {
      const file = await read();
      change(file.keys);
      await write(file);
    });
    queue = next.catch(() => undefined);
    return next;
  }

  return {
    async get(providerId) {
      await queue;
      return (await read()).keys[providerId] ?? null;
    },
    set: (providerId, ciphertext) =>
      update((keys) => {
        keys[providerId] = ciphertext;
      }),
    delete: (providerId) =>
      update((keys) => {
        delete keys[providerId];
      }),
    async list() {
      await queue;
      return Object.keys((await read()).keys);
    },
  };
}

/** A KeyStore in process memory, for tests and throwaway servers. */
export function createMemoryKeyStore(): KeyStore {
  const keys = new Map<string, string>();
  return {
    get: async (providerId) => keys.get(providerId) ?? null,
    set: async (providerId, ciphertext) => {
      keys.set(providerId, ciphertext);
    },
    delete: async (providerId) => {
      keys.delete(providerId);
    },
    list: async () => [...keys.keys()],
  };
}
