import {
  type ArchitectEvent,
  type Clock,
  type CompileAgentRequest,
  type GenerationOptions,
  InvalidRequestError,
  type Prompt,
  systemClock,
} from '@cae/core';
import type { Gateway } from '@cae/gateway';
import { architectText, compileAgentEvents } from './agent-architect';
import { type ClauseAnalyser, createPipelineAnalyser } from './clause-analysis';
import { resolveTargetFramework } from './framework-renderers';

/** An architect request (POST /api/agent/compile-stream). */
export interface CompileAgentOptions extends Omit<CompileAgentRequest, 'options' | 'targetFramework'> {
  options?: GenerationOptions | undefined;
  targetFramework?: string | undefined;
  signal?: AbortSignal | undefined;
}

/** Options of createArchitect. */
export interface ArchitectOptions {
  /** The gateway whose providers the architect may call; the local rules alone when none has a key. */
  gateway: Pick<Gateway, 'providers' | 'providerStatus' | 'generate' | 'fallbackProviderId'>;
  /** Clause analysis of the local architect; @cae/pipeline by default. */
  analyse?: ClauseAnalyser;
  clock?: Clock;
}

/** The agent architect: a prompt compiled, stage by stage, into an agent manifest. */
export interface Architect {
  /** Staged architect events; throws InvalidRequestError at once for an unknown target framework. */
  compileAgent(request: CompileAgentOptions): AsyncIterable<ArchitectEvent>;
}

/**
 * Creates the architect over a gateway.
 * @example const architect = createArchitect({ gateway }); for await (const event of architect.compileAgent({ prompt })) ...
 */
export function createArchitect(options: ArchitectOptions): Architect {
  const { gateway } = options;
  const clock = options.clock ?? systemClock;
  const analyse = options.analyse ?? createPipelineAnalyser();

  const requireProvider = (providerId: string) => {
    const provider = gateway.providers().find((entry) => entry.id === providerId);
    if (!provider) {
      throw new InvalidRequestError(`unknown provider "${providerId}"`, {
        details: { knownProviders: gateway.providers().map((entry) => entry.id) },
      });
    }
    return provider;
  };

  /** With no provider named: the first one that has a server key; with none, only the local engine. */
  const chooseProvider = async (request: CompileAgentOptions): Promise<string | null> => {
    if (request.providerId) return request.providerId;
    const status = await gateway.providerStatus();
    const withKey = gateway.providers().find((provider) => status[provider.id]?.hasKey);
    if (withKey) return withKey.id;
    return request.apiKey ? gateway.fallbackProviderId : null;
  };

  return {
    compileAgent(request) {
      const targetFramework = resolveTargetFramework(request.targetFramework ?? 'generic');
      const text = architectText(request.prompt);
      if (!text) throw new InvalidRequestError('prompt needs some text for the architect');
      if (request.providerId) requireProvider(request.providerId);
      const run = async function* () {
        const providerId = await chooseProvider(request);
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
                  const result = await gateway.generate({
                    prompt,
                    providerId,
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
