import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { createStore, databaseOf, type Store } from '../src/store';
import type { StoreOptions } from '../src/store-options';

let template: Promise<Blob> | undefined;

/** A fresh in-memory store, loaded from a migrated template (skips initdb, about 3x faster). */
export async function openMemoryStore(options: Omit<StoreOptions, 'url' | 'client'> = {}): Promise<Store> {
  template ??= (async () => {
    const store = await createStore({ url: 'memory://' });
    const client = (databaseOf(store) as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('none');
    await store.close();
    return dump;
  })();
  const client = await PGlite.create({ extensions: { vector }, loadDataDir: await template });
  return createStore({ ...options, client });
}
