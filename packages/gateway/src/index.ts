export type { Gateway, GatewayOptions, GenerateRequest } from './gateway';
export { createGateway } from './gateway';
export type { PlannedStep } from './generation/fallback-chain';
export { chainFailure, planFallbackChain, runFallbackChain } from './generation/fallback-chain';
export type { KeepAliveFetchOptions } from './generation/keep-alive-fetch';
/** The keep-alive fetch every provider client uses (also usable as GatewayOptions.fetch). */
export { createKeepAliveFetch } from './generation/keep-alive-fetch';
export type { ClientSettings, GenerateResult } from './generation/provider-call';
/**
 * The pool of openai clients the gateway calls providers with, exported so the benchmark can
 * measure that exact client on its own (apps/gateway/bench/openai-ceiling.ts).
 */
export { createClientPool } from './generation/provider-call';
export type { FallbackStep, UpstreamAttempt } from './generation/upstream-attempt';
export {
  decryptSecret,
  encryptSecret,
  loadMasterKey,
  MASTER_KEY_FILE,
  masterKeyFromSecret,
} from './keys/key-crypto';
export type { FileKeyStoreOptions } from './keys/key-store-file';
export { createFileKeyStore, createMemoryKeyStore } from './keys/key-store-file';
export type { KeySource, KeyVault, KeyVaultOptions, ServerKey } from './keys/key-vault';
export { createKeyVault, undecryptableKeyError } from './keys/key-vault';
export type {
  CustomProviderInput,
  ProviderConfig,
  ProviderRegistry,
  StructuredOutputMode,
} from './providers/provider-registry';
export {
  BUILTIN_PROVIDERS,
  CustomProviderSchema,
  createProviderRegistry,
} from './providers/provider-registry';
