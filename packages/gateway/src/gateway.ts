import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import {
  type Clock,
  type GatewayHealth,
  type Logger as GatewayLogger,
  type GenerationOptions,
  InvalidRequestError,
  type KeyStore,
  type LanguageModel,
  type ModelList,
  type Prompt,
  type ProviderStatus,
  silentLogger,
  systemClock,
  type TestKeyResponse,
  UpstreamError,
} from '@cae/core';

import { createGatewayLanguageModel } from './gateway-language-model';
import { planFallbackChain, runFallbackChain } from './generation/fallback-chain';
import { callGenerate, callStream, createClientPool, type GenerateResult } from './generation/provider-call';
import { compileJsonSchema } from './generation/structured-output';
import { describeUpstreamError, isAbort, type UpstreamAttempt } from './generation/upstream-attempt';
import { loadMasterKey } from './keys/key-crypto';
import { createFileKeyStore, createMemoryKeyStore } from './keys/key-store-file';
import { createKeyVault } from './keys/key-vault';
import {
  type CustomProviderInput,
  createProviderRegistry,
  type ProviderConfig,
} from './providers/provider-registry';

/** Options of createGateway; every dependency can be injected, and nothing is read from the environment. */
export interface GatewayOptions {
  /**
   * The provider variables of ARCHITECTURE.md as the app's composition root read them: keys
   * (`<NAME>_API_KEY` and the other key variables), `<NAME>_BASE_URL`, `<NAME>_DEFAULT_MODEL` and
   * `CAE_CUSTOM_PROVIDERS`. None by default: no key from the environment, built-in base URLs and models.
   */
  env?: Record<string, string | undefined>;
  /** Where encrypted server keys live; a file store `<dataDir>/provider-keys.json`, or memory without a dataDir. */
  keyStore?: KeyStore;
  /** Data directory of the key file and the generated master key; none keeps both in memory. */
  dataDir?: string;
  /** Master key secret (`CAE_SECRET_KEY`); by default one generated into `dataDir` (or memory). */
  secretKey?: string;
  /** `fetch` the provider clients use. */
  fetch?: typeof globalThis.fetch;
  clock?: Clock;
  logger?: GatewayLogger;
  /** User-defined OpenAI-compatible providers (added after the seven built-ins). */
  providers?: readonly CustomProviderInput[];
  /** Per-try upstream timeout in ms (default 60 000). */
  timeoutMs?: number;
  /** Upstream retries on 408/409/429/5xx with jittered backoff honouring retry-after (default 2). */
  maxRetries?: number;
  /** Provider tried with its server key after the primary fails (default `google`). */
  fallbackProviderId?: string;
}

/** A generation request (POST /api/compute/v1 and /api/stream). */
export interface GenerateRequest {
  prompt: Prompt;
  providerId: string;
  modelId?: string | undefined;
  options?: GenerationOptions | undefined;
  /** Client key: tried first, then the server key. */
  apiKey?: string | undefined;
  signal?: AbortSignal | undefined;
}

/** The provider gateway. */
export interface Gateway {
  /** Providers in registry order. */
  providers(): readonly ProviderConfig[];
  /** Health, with providers that have a key and those whose key comes from the environment. */
  health(): Promise<GatewayHealth>;
  /** hasKey/isEnv per provider. */
  providerStatus(): Promise<Record<string, ProviderStatus>>;
  /** Checks a key with the provider's cheapest authenticated request; never echoes the key. */
  testKey(providerId: string, apiKey: string): Promise<TestKeyResponse>;
  /** Models of a provider that has a models endpoint, with its server key. */
  listModels(providerId: string, signal?: AbortSignal): Promise<ModelList>;
  /**
   * Decrypts every stored server key once: throws, saying what to do, when `CAE_SECRET_KEY` is not
   * the master key they were stored with. The apps call it before they listen.
   */
  verifyKeys(): Promise<void>;
  /** Stores (encrypted) or clears (null or '') a provider's server key. */
  setKey(providerId: string, key: string | null): Promise<void>;
  /** Text, or a schema-valid object when `prompt.schema` is set, through the fallback chain. */
  generate(request: GenerateRequest): Promise<GenerateResult>;
  /** Like generate, with the attempts of the chain. */
  generateWithAttempts(
    request: GenerateRequest,
  ): Promise<{ result: GenerateResult; attempts: UpstreamAttempt[] }>;
  /** Text chunks; failures before the first chunk go down the fallback chain, later ones throw UpstreamError. */
  stream(request: GenerateRequest): AsyncIterable<string>;
  /** The provider tried with its server key after the primary fails. */
  readonly fallbackProviderId: string;
  /**
   * A LanguageModel of a provider (its default model unless named) over the fallback chain, with the
   * server keys: what the engine, the pipeline's LLM annotator and the synthesizer call.
   */
  languageModel(providerId: string, modelId?: string): LanguageModel;
}

/**
 * Creates a gateway over the seven built-in providers plus any custom ones.
 * @example
 * const gateway = createGateway({ env: { OPENAI_API_KEY: 'sk-...' }, dataDir: './.cae' });
 * const { text } = (await gateway.generate({ providerId: 'openai', prompt: { user: 'Hi' } })) as { text: string };
 */
export function createGateway(options: GatewayOptions = {}): Gateway {
  const env = options.env ?? {};
  const wallClock = options.clock ?? systemClock;
  const clock = () => wallClock().getTime();
  const logger = options.logger ?? silentLogger;
  const { dataDir } = options;
  const registry = createProviderRegistry(env, options.providers);
  const keyStore =
    options.keyStore ??
    (dataDir ? createFileKeyStore({ path: join(dataDir, 'provider-keys.json') }) : createMemoryKeyStore());
  const vault = createKeyVault({
    registry,
    env,
    keyStore,
    clock,
    masterKey: () =>
      options.secretKey?.trim() || dataDir
        ? loadMasterKey(options.secretKey, dataDir ?? '')
        : Promise.resolve(randomBytes(32)),
  });
  const clients = createClientPool({
    timeoutMs: options.timeoutMs ?? 60_000,
    maxRetries: options.maxRetries ?? 2,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const fallbackProviderId = options.fallbackProviderId ?? 'google';

  const requireProvider = (providerId: string) => {
    const provider = registry.find(providerId);
    if (!provider) {
      throw new InvalidRequestError(`unknown provider "${providerId}"`, {
        details: { knownProviders: registry.list().map((entry) => entry.id) },
      });
    }
    return provider;
  };
  const logAttempt = (kind: string) => (attempt: UpstreamAttempt) =>
    logger.log(attempt.status === 'ok' ? 'info' : 'warn', 'upstream attempt', { kind, ...attempt });

  async function plan(request: GenerateRequest) {
    const provider = requireProvider(request.providerId);
    if (request.prompt.schema) compileJsonSchema(request.prompt.schema);
    const steps = await planFallbackChain({
      registry,
      vault,
      provider,
      modelId: request.modelId,
      apiKey: request.apiKey,
      fallbackProviderId,
    });
    return { steps, secrets: [request.apiKey, ...steps.map((step) => step.apiKey)] };
  }

  async function generateWithAttempts(request: GenerateRequest) {
    const { steps, secrets } = await plan(request);
    const { value, attempts } = await runFallbackChain(
      steps,
      (target) =>
        callGenerate(
          clients.get(target.provider, target.apiKey),
          target,
          request.prompt,
          request.options,
          request.signal,
        ),
      {
        clock,
        secrets,
        onAttempt: logAttempt('generate'),
        ...(request.signal ? { signal: request.signal } : {}),
      },
    );
    return { result: value, attempts };
  }

  async function* stream(request: GenerateRequest): AsyncGenerator<string> {
    const { steps, secrets } = await plan(request);
    // One controller per stream: a consumer that stops iterating aborts the upstream request.
    const controller = new AbortController();
    const signal = request.signal ? AbortSignal.any([request.signal, controller.signal]) : controller.signal;
    const onAttempt = logAttempt('stream');
    try {
      const { value: opened, attempts } = await runFallbackChain(
        steps,
        async (target) => {
          const iterator = callStream(
            clients.get(target.provider, target.apiKey),
            target,
            request.prompt,
            request.options,
            signal,
          );
          const first = await iterator.next();
          return { iterator, first };
        },
        { clock, secrets, onAttempt, signal },
      );
      if (opened.first.done) return;
      yield opened.first.value;
      const last = attempts.at(-1)!;
      try {
        for (let next = await opened.iterator.next(); !next.done; next = await opened.iterator.next())
          yield next.value;
      } catch (error) {
        if (isAbort(error, signal)) throw signal.reason ?? error;
        const failure: UpstreamAttempt = {
          ...last,
          status: 'failed',
          ...describeUpstreamError(error, secrets),
        };
        onAttempt(failure);
        throw new UpstreamError(`the stream from ${last.providerId} broke off: ${failure.error}`, {
          details: { attempts: [...attempts.slice(0, -1), failure] },
        });
      }
    } finally {
      controller.abort();
    }
  }

  const generate = async (request: GenerateRequest) => (await generateWithAttempts(request)).result;

  return {
    fallbackProviderId,
    languageModel(providerId, modelId) {
      const provider = requireProvider(providerId);
      return createGatewayLanguageModel({ generate, stream }, provider.id, modelId ?? provider.defaultModel);
    },
    providers: () => registry.list(),

    async health() {
      const status = await vault.status();
      const ids = Object.keys(status);
      return {
        ok: true,
        timestamp: new Date(clock()).toISOString(),
        keysPresent: ids.filter((id) => status[id]!.hasKey),
        envKeys: ids.filter((id) => status[id]!.isEnv),
      };
    },

    providerStatus: () => vault.status(),

    async testKey(providerId, apiKey) {
      const provider = requireProvider(providerId);
      const client = clients.get(provider, apiKey, { maxRetries: 0, timeoutMs: 15_000 });
      try {
        if (provider.capabilities.models) {
          await client.models.list();
        } else {
          await client.chat.completions.create({
            model: provider.defaultModel,
            messages: [{ role: 'user', content: 'ping' }],
            max_tokens: 1,
          });
        }
        return { ok: true };
      } catch (error) {
        const { error: message } = describeUpstreamError(error, [apiKey]);
        logger.log('info', 'key test failed', { providerId, error: message });
        return { ok: false, error: `${provider.displayName}: ${message}` };
      }
    },

    async listModels(providerId, signal) {
      const provider = registry.get(providerId);
      if (!provider.capabilities.models) {
        throw new InvalidRequestError(`provider "${providerId}" has no models endpoint`, {
          details: {
            supported: registry
              .list()
              .filter((entry) => entry.capabilities.models)
              .map((entry) => entry.id),
          },
        });
      }
      const server = await vault.serverKey(providerId);
      if (!server && provider.requiresKey) {
        throw new UpstreamError(`no key configured for provider "${providerId}"`, { statusCode: 503 });
      }
      const apiKey = server?.key ?? 'no-key-required';
      try {
        const page = await clients.get(provider, apiKey).models.list(signal ? { signal } : undefined);
        const data = page.data
          .map((model) => ({
            id: model.id,
            name: (model as { display_name?: string }).display_name ?? model.id,
          }))
          .sort((a, b) => a.id.localeCompare(b.id));
        return { data };
      } catch (error) {
        if (isAbort(error, signal)) throw error;
        const described = describeUpstreamError(error, [apiKey]);
        throw new UpstreamError(`listing models of ${providerId} failed: ${described.error}`, {
          details: { providerId, httpStatus: described.httpStatus },
        });
      }
    },

    setKey: (providerId, key) => vault.setKey(providerId, key),
    verifyKeys: () => vault.verify(),

    generate,
    generateWithAttempts,
    stream,
  };
}
