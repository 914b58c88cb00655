import { UpstreamError } from '@cae/core';
import type { KeySource, KeyVault } from '../keys/key-vault';
import type { ProviderConfig, ProviderRegistry } from '../providers/provider-registry';
import type { CallTarget } from './provider-call';
import { describeUpstreamError, type FallbackStep, isAbort, type UpstreamAttempt } from './upstream-attempt';

/** One planned step of the chain; `apiKey` is undefined when no key could be found for it. */
export interface PlannedStep {
  step: FallbackStep;
  provider: ProviderConfig;
  modelId: string;
  keySource: KeySource;
  apiKey: string | undefined;
}

/** Placeholder sent to providers that need no key (the openai client insists on one). */
const NO_KEY = 'no-key-required';

/**
 * Plans the chain of gateway-api.md: (1) the primary call with the client key, else the server key;
 * (2) the server key when (1) used a different client key; (3) the fallback provider (google) with
 * its server key and default model, when it has one.
 */
export async function planFallbackChain(input: {
  registry: ProviderRegistry;
  vault: KeyVault;
  provider: ProviderConfig;
  modelId: string | undefined;
  apiKey: string | undefined;
  fallbackProviderId: string;
}): Promise<PlannedStep[]> {
  const { registry, vault, provider } = input;
  const modelId = input.modelId ?? provider.defaultModel;
  const server = await vault.serverKey(provider.id);
  const steps: PlannedStep[] = [];
  const serverOrNone = (
    step: FallbackStep,
    target: ProviderConfig,
    model: string,
    key = server,
  ): PlannedStep =>
    key
      ? { step, provider: target, modelId: model, keySource: key.source, apiKey: key.key }
      : target.requiresKey
        ? { step, provider: target, modelId: model, keySource: 'none', apiKey: undefined }
        : { step, provider: target, modelId: model, keySource: 'none', apiKey: NO_KEY };

  if (input.apiKey) {
    steps.push({ step: 'primary', provider, modelId, keySource: 'client', apiKey: input.apiKey });
    if (server && server.key !== input.apiKey) steps.push(serverOrNone('server_key', provider, modelId));
  } else {
    steps.push(serverOrNone('primary', provider, modelId));
  }

  const fallback = registry.find(input.fallbackProviderId);
  if (fallback && fallback.id !== provider.id) {
    const fallbackKey = await vault.serverKey(fallback.id);
    if (fallbackKey)
      steps.push(serverOrNone('fallback_provider', fallback, fallback.defaultModel, fallbackKey));
  }
  return steps;
}

/** Hooks of runFallbackChain. */
export interface ChainRunOptions {
  signal?: AbortSignal;
  clock: () => number;
  onAttempt?: (attempt: UpstreamAttempt) => void;
  /** Every key in play, so error text can be scrubbed of them. */
  secrets: readonly (string | undefined)[];
}

/** What an attempt records when no call was made for want of a key. */
const NO_KEY_CONFIGURED = 'no key configured';

/**
 * Outcome of a chain that failed everywhere. The headline is the real cause: "no key configured"
 * only when no call was made at all (a provider that needs no key, such as Ollama, is called, and
 * its failure, e.g. "could not reach the provider at ...", is what the headline says).
 */
export function chainFailure(attempts: UpstreamAttempt[]): UpstreamError {
  const noCall = attempts.length > 0 && attempts.every((attempt) => attempt.error === NO_KEY_CONFIGURED);
  const first = attempts[0];
  const called = attempts.filter((attempt) => attempt.error !== NO_KEY_CONFIGURED);
  const describe = (attempt: UpstreamAttempt) =>
    `${attempt.providerId}/${attempt.modelId}: ${attempt.error ?? 'failed'}`;
  const message = noCall
    ? `no key configured for provider "${first?.providerId}": send apiKey, store one with POST /api/keys or set its environment variable`
    : called.length === 1
      ? describe(called[0]!)
      : `every provider attempt failed (${attempts.length}); last: ${describe(called.at(-1)!)}`;
  return new UpstreamError(message, {
    details: { attempts },
    ...(noCall ? { statusCode: 503 } : {}),
  });
}

/**
 * Runs `call` on each planned step until one succeeds; records every attempt. Throws the caller's
 * abort as it is, and an UpstreamError listing the attempts when all fail.
 */
export async function runFallbackChain<T>(
  steps: readonly PlannedStep[],
  call: (target: CallTarget) => Promise<T>,
  options: ChainRunOptions,
): Promise<{ value: T; attempts: UpstreamAttempt[] }> {
  const attempts: UpstreamAttempt[] = [];
  const record = (attempt: UpstreamAttempt) => {
    attempts.push(attempt);
    options.onAttempt?.(attempt);
  };
  for (const step of steps) {
    options.signal?.throwIfAborted();
    const base = {
      step: step.step,
      providerId: step.provider.id,
      modelId: step.modelId,
      keySource: step.keySource,
    };
    if (step.apiKey === undefined) {
      record({ ...base, status: 'failed', error: NO_KEY_CONFIGURED, latencyMs: 0 });
      continue;
    }
    const started = options.clock();
    try {
      const value = await call({ provider: step.provider, modelId: step.modelId, apiKey: step.apiKey });
      record({ ...base, status: 'ok', latencyMs: options.clock() - started });
      return { value, attempts };
    } catch (error) {
      if (isAbort(error, options.signal)) throw options.signal?.reason ?? error;
      record({
        ...base,
        status: 'failed',
        ...describeUpstreamError(error, options.secrets, step.provider.baseURL),
        latencyMs: options.clock() - started,
      });
    }
  }
  throw chainFailure(attempts);
}
