import type { KeyStore } from '@cae/core';
import { asc, eq } from 'drizzle-orm';
import type { Store } from './store';
import { providerKeys } from './store-schema';

/**
 * Provider keys in the database, so every replica sees them. Holds ciphertext only: the gateway
 * encrypts before `set` and decrypts after `get`.
 * @example const keys = createDatabaseKeyStore(await createStore({ url: process.env.DATABASE_URL }));
 */
export function createDatabaseKeyStore(store: Pick<Store, 'db'>): KeyStore {
  const { db } = store;
  return {
    async get(providerId) {
      const [row] = await db
        .select({ ciphertext: providerKeys.ciphertext })
        .from(providerKeys)
        .where(eq(providerKeys.providerId, providerId));
      return row?.ciphertext ?? null;
    },
    async set(providerId, ciphertext) {
      const updatedAt = new Date();
      await db
        .insert(providerKeys)
        .values({ providerId, ciphertext, updatedAt })
        .onConflictDoUpdate({ target: providerKeys.providerId, set: { ciphertext, updatedAt } });
    },
    async delete(providerId) {
      await db.delete(providerKeys).where(eq(providerKeys.providerId, providerId));
    },
    async list() {
      const rows = await db
        .select({ providerId: providerKeys.providerId })
        .from(providerKeys)
        .orderBy(asc(providerKeys.providerId));
      return rows.map((row) => row.providerId);
    },
  };
}
