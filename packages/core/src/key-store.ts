/**
 * Where the gateway keeps server-side provider keys. It only ever sees ciphertext: the gateway
 * encrypts (AES-256-GCM) before `set` and decrypts after `get`. A file implementation lives in
 * @cae/gateway, a database one (for several replicas) in @cae/store-drizzle.
 */
export interface KeyStore {
  /** Ciphertext stored for a provider, or null. */
  get(providerId: string): Promise<string | null>;
  /** Stores (or replaces) a provider's ciphertext. */
  set(providerId: string, ciphertext: string): Promise<void>;
  /** Removes a provider's key; no error when there is none. */
  delete(providerId: string): Promise<void>;
  /** Provider ids that have a stored key. */
  list(): Promise<string[]>;
}
