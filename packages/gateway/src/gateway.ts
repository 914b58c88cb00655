import { join } from 'node:path';
import {
  type ArchitectEvent,
  type CompileAgentRequest,
  type GatewayHealth,
  type GenerationOptions,
  InvalidRequestError,
  type KeyStore,
  type ModelList,
  type Prompt,
  type ProviderStatus,
  type TestKeyResponse,
  UpstreamError,
} from '@cae/core';
import { architectText, compileAgentEvents } from './architect/agent-architect';
import { type ClauseAnalyser, createPipelineAnalyser } from './architect/clause-analysis';
import { resolveTargetFramework } from './architect/framework-renderers';
import { type GatewayLogger, silentLogger } from './gateway-logger';
import { planFallbackChain, runFallbackChain } from './generation/fallback-chain';
import { callGenerate, callStream, createClientPool, type GenerateResult } from './generation/provider-call';
import { compileJsonSchema } from './generation/structured-output';
import { describeUpstreamError, isAbort, type UpstreamAttempt } from './generation/upstream-attempt';
import { loadMasterKey } from './keys/key-crypto';
import { createFileKeyStore } from './keys/key-store-file';
import { createKeyVault } from './keys/key-vault';
import {
  type CustomProviderInput,
  createProviderRegistry,
  type ProviderConfig,
} from './providers/provider-registry';

/** Options of createGateway; every dependency can be injected. */
export interface GatewayOptions {
  /** Environment to read keys, base URLs and default models from; `process.env` by default. */
  env?: Record<string, string | undefined>;
  /** Where encrypted server keys live; a file store `<dataDir>/provider-keys.json` by default. */
  keyStore?: KeyStore;
  /** Data directory (generated master key, key file); `CAE_DATA_DIR` or `./.cae` by default. */
  dataDir?: string;
  /** `fetch` the provider clients use. */
  fetch?: typeof globalThis.fetch;
  /** Milliseconds since the epoch; `Date.now` by default. */
  clock?: () => number;
  logger?: GatewayLogger;
  /** User-defined OpenAI-compatible providers (added after the seven built-ins). */
  providers?: readonly CustomProviderInput[];
  /** Per-try upstream timeout in ms (default 60 000). */
  timeoutMs?: number;
  /** Upstream retries on 408/409/429/5xx with jittered backoff honouring retry-after (default 2). */
  maxRetries?: number;
  /** Provider tried with its server key after the primary fails (default `google`). */
  fallbackProviderId?: string;
  /** Clause analysis of the local architect; @cae/pipeline by default. */
  analyse?: ClauseAnalyser;
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

/** An architect request (POST /api/agent/compile-stream). */
export interface CompileAgentOptions extends Omit<CompileAgentRequest, 'options' | 'targetFramework'> {
  options?: GenerationOptions | undefined;
  targetFramework?: string | undefined;
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
  /** Staged architect events; throws InvalidRequestError at once for an unknown target framework. */
  compileAgent(request: CompileAgentOptions): AsyncIterable<ArchitectEvent>;
}

/**
 * Creates a gateway over the seven built-in providers plus any custom ones.
 * @example
 * const gateway = createGateway({ env: { OPENAI_API_KEY: 'sk-...' } });
 * const { text } = (await gateway.generate({ providerId: 'openai', prompt: { user: 'Hi' } })) as { text: string };
 */
export function createGateway(options: GatewayOptions = {}): Gateway {
  const env = options.env ?? process.env;
  const clock = options.clock ?? Date.now;
  const logger = options.logger ?? silentLogger;
  const dataDir = options.dataDir ?? env.CAE_DATA_DIR ?? './.cae';
  const registry = createProviderRegistry(env, options.providers);
  const keyStore = options.keyStore ?? createFileKeyStore({ path: join(dataDir, 'provider-keys.json') });
  const vault = createKeyVault({
    registry,
    env,
    keyStore,
    clock,
    masterKey: () => loadMasterKey(env.CAE_SECRET_KEY, dataDir),
  });
  const clients = createClientPool({
    timeoutMs: options.timeoutMs ?? 60_000,
    maxRetries: options.maxRetries ?? 2,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const fallbackProviderId = options.fallbackProviderId ?? 'google';
  const analyse = options.analyse ?? createPipelineAnalyser();

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

  return {
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

    async generate(request) {
      return (await generateWithAttempts(request)).result;
    },
    generateWithAttempts,
    stream,

    compileAgent(request) {
      const targetFramework = resolveTargetFramework(request.targetFramework ?? 'generic');
      const text = architectText(request.prompt);
      if (!text) throw new InvalidRequestError('prompt needs some text for the architect');
      if (request.providerId) requireProvider(request.providerId);
      const run = async function* () {
        // With no provider named, use the first one that has a server key; with none, only the local engine.
        let providerId = request.providerId ?? null;
        if (!providerId) {
          for (const provider of registry.list()) {
            if (await vault.serverKey(provider.id)) {
              providerId = provider.id;
              break;
            }
          }
          if (!providerId && request.apiKey) providerId = fallbackProviderId;
        }
        const modelId = providerId ? (request.modelId ?? requireProvider(providerId).defaultModel) : null;
        yield* compileAgentEvents({
          text,
          targetFramework,
          analyse,
          providerId,
          modelId,
          clock,
          ...(request.signal ? { signal: request.signal } : {}),
          ...(providerId
            ? {
                generateObject: async (prompt: Prompt) => {
                  const { result } = await generateWithAttempts({
                    prompt,
                    providerId: providerId!,
                    modelId: modelId ?? undefined,
                    options: request.options,
                    apiKey: request.apiKey ?? undefined,
                    signal: request.signal,
                  });
                  return 'object' in result ? result.object : undefined;
                },
              }
            : {}),
        });
      };
      return run();
    },
  };
}
