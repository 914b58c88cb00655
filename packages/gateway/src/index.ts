export type { ArchitectRun } from './architect/agent-architect';
export { ARCHITECT_STAGES, architectText, compileAgentEvents } from './architect/agent-architect';
export type { ClauseAnalyser, ClauseFeature } from './architect/clause-analysis';
export { createPipelineAnalyser, featuresFromClauses } from './architect/clause-analysis';
export type { SpecificationParts } from './architect/framework-renderers';
export {
  FRAMEWORK_RENDERERS,
  renderInstructions,
  resolveTargetFramework,
} from './architect/framework-renderers';
export { synthesiseLocally } from './architect/local-architect';
export type { CompileAgentOptions, Gateway, GatewayOptions, GenerateRequest } from './gateway';
export { createGateway } from './gateway';
export type { GatewayLogger, JsonLoggerOptions, LogLevel } from './gateway-logger';
export { createJsonLogger, silentLogger } from './gateway-logger';
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
export { createKeyVault } from './keys/key-vault';
export { redactRecord, redactSecrets } from './keys/secret-redaction';
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
