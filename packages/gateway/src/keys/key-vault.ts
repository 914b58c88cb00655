import type { KeyStore, ProviderStatus } from '@cae/core';
import { InternalError, InvalidRequestError } from '@cae/core';
import type { ProviderConfig, ProviderRegistry } from '../providers/provider-registry';
import { decryptSecret, encryptSecret } from './key-crypto';

/** Where the key of one call came from. */
export type KeySource = 'client' | 'stored' | 'env' | 'none';

/** A server-side key and where it came from. */
export interface ServerKey {
  key: string;
  source: 'stored' | 'env';
}

/** Options of createKeyVault. */
export interface KeyVaultOptions {
  registry: ProviderRegistry;
  env: Record<string, string | undefined>;
  keyStore: KeyStore;
  /** Resolves the 32-byte AES master key (loaded lazily, once). */
  masterKey: () => Promise<Buffer>;
  /** How long a decrypted stored key is reused before the store is read again (other replicas may change it). */
  cacheTtlMs?: number;
  clock?: () => number;
}

/** Server-side provider keys: encrypted in a KeyStore, else taken from environment variables. */
export interface KeyVault {
  /** The server key of a provider: the stored one first, then the first set environment variable. */
  serverKey(providerId: string): Promise<ServerKey | null>;
  /** Stores (encrypted) or, with null or '', clears the stored key of a provider. */
  setKey(providerId: string, key: string | null): Promise<void>;
  /** hasKey/isEnv per provider, in registry order. */
  status(): Promise<Record<string, ProviderStatus>>;
  /**
   * Decrypts every stored key once; throws an error saying what to do when the master key
   * (`CAE_SECRET_KEY`) is not the one they were stored with. Composition roots call it at start.
   */
  verify(): Promise<void>;
}

/** The error of a stored key the master key cannot decrypt (never carries the key or the ciphertext). */
export function undecryptableKeyError(providerId: string): InternalError {
  return new InternalError(
    `the stored server key of "${providerId}" cannot be decrypted: CAE_SECRET_KEY is not the master key ` +
      'it was stored with (or the stored value is damaged). Start with the CAE_SECRET_KEY the keys were ' +
      `stored with, or store the key again (POST /api/keys with provider "${providerId}").`,
  );
}

/** Builds the key vault of a gateway. */
export function createKeyVault(options: KeyVaultOptions): KeyVault {
  const { registry, env, keyStore } = options;
  const ttl = options.cacheTtlMs ?? 5_000;
  const clock = options.clock ?? Date.now;
  const cache = new Map<string, { value: string | null; expires: number }>();
  // Resolved server keys (stored or environment), reused for the same TTL so the hot path reads
  // neither the store nor process.env (whose every property read is a call into C++).
  const resolved = new Map<string, { value: ServerKey | null; expires: number }>();
  // Store reads in flight, so a burst of requests after the TTL lapses shares one read.
  const reading = new Map<string, Promise<string | null>>();
  let master: Promise<Buffer> | undefined;
  const masterKey = () => {
    master ??= options.masterKey().catch((error: unknown) => {
      master = undefined;
      throw error;
    });
    return master;
  };

  async function decrypt(providerId: string, ciphertext: string): Promise<string> {
    const key = await masterKey();
    try {
      return decryptSecret(key, providerId, ciphertext);
    } catch {
      throw undecryptableKeyError(providerId);
    }
  }

  function envKey(provider: ProviderConfig): string | null {
    for (const name of provider.keyVariables) {
      const value = env[name]?.trim();
      if (value) return value;
    }
    // Providers that need no key (ollama) count as configured from the environment when their base URL is set.
    if (!provider.requiresKey && env[`${provider.id.toUpperCase().replace(/-/g, '_')}_BASE_URL`]?.trim()) {
      return 'no-key-required';
    }
    return null;
  }

  async function storedKey(providerId: string): Promise<string | null> {
    const hit = cache.get(providerId);
    if (hit && hit.expires > clock()) return hit.value;
    const inFlight = reading.get(providerId);
    if (inFlight) return inFlight;
    let read: Promise<string | null> | undefined;
    read = (async () => {
      const ciphertext = await keyStore.get(providerId);
      const value = ciphertext === null ? null : await decrypt(providerId, ciphertext);
      // A setKey while this read was in flight wins: do not cache what it replaced.
      if (reading.get(providerId) === read) cache.set(providerId, { value, expires: clock() + ttl });
      return value;
    })().finally(() => {
      if (reading.get(providerId) === read) reading.delete(providerId);
    });
    reading.set(providerId, read);
    return read;
  }

  return {
    async serverKey(providerId) {
      const hit = resolved.get(providerId);
      if (hit && hit.expires > clock()) return hit.value;
      const provider = registry.find(providerId);
      if (!provider) return null;
      const stored = await storedKey(providerId);
      let value: ServerKey | null;
      if (stored) value = { key: stored, source: 'stored' };
      else {
        const fromEnv = envKey(provider);
        value = fromEnv ? { key: fromEnv, source: 'env' } : null;
      }
      // Cache only what the key cache still vouches for (a setKey meanwhile cleared it).
      const entry = cache.get(providerId);
      if (entry) resolved.set(providerId, { value, expires: entry.expires });
      return value;
    },

    async setKey(providerId, key) {
      if (!registry.find(providerId)) {
        throw new InvalidRequestError(`unknown provider "${providerId}"`, {
          details: { knownProviders: registry.list().map((provider) => provider.id) },
        });
      }
      cache.delete(providerId);
      resolved.delete(providerId);
      reading.delete(providerId);
      if (key === null || key.trim() === '') {
        await keyStore.delete(providerId);
      } else {
        await keyStore.set(providerId, encryptSecret(await masterKey(), providerId, key.trim()));
      }
      cache.delete(providerId);
      resolved.delete(providerId);
      reading.delete(providerId);
    },

    async verify() {
      for (const providerId of await keyStore.list()) {
        const ciphertext = await keyStore.get(providerId);
        if (ciphertext !== null) await decrypt(providerId, ciphertext);
      }
    },
    async status() {
      const stored = new Set(await keyStore.list());
      const out: Record<string, ProviderStatus> = {};
      for (const provider of registry.list()) {
        const hasStored = stored.has(provider.id);
        const hasEnv = envKey(provider) !== null;
        out[provider.id] = { hasKey: hasStored || hasEnv, isEnv: !hasStored && hasEnv };
      }
      return out;
    },
  };
}
