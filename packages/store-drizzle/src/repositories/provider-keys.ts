import type { KeyStore } from '@cae/core';
import { asc, eq } from 'drizzle-orm';
import type { StoreContext } from '../store-context';
import { providerKeys } from '../store-schema';

/**
 * Provider keys in the database, so every replica sees them. Holds ciphertext only: the gateway
 * encrypts before `set` and decrypts after `get`.
 */
export function createProviderKeyRepository(context: StoreContext): KeyStore {
  const { db } = context;
  return {
    async get(providerId) {
      const [row] = await db
        .select({ ciphertext: providerKeys.ciphertext })
        .from(providerKeys)
        .where(eq(providerKeys.providerId, providerId));
      return row?.ciphertext ?? null;
    },
    async set(providerId, ciphertext) {
      const updatedAt = context.clock();
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
