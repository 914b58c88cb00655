import { InvalidRequestError, NotFoundError, PROVIDER_IDS, ProviderIdSchema } from '@cae/core';
import { z } from 'zod';

/** How a provider takes a request for structured (JSON) output. */
export type StructuredOutputMode = 'json_schema' | 'json_object' | 'none';

/** Plain configuration of one OpenAI-compatible provider. */
export interface ProviderConfig {
  id: string;
  displayName: string;
  /** Environment variables checked for a key, in order. Empty for providers that need none. */
  keyVariables: readonly string[];
  /** Address of the OpenAI-compatible API, ending before `/chat/completions`. */
  baseURL: string;
  defaultModel: string;
  requiresKey: boolean;
  capabilities: {
    structuredOutput: StructuredOutputMode;
    /** GET {baseURL}/models lists models with the provider's key. */
    models: boolean;
    embeddings: boolean;
  };
  /** Extra headers sent with every request (e.g. OpenRouter's attribution headers). */
  headers?: Record<string, string>;
}

const vendorKeys = (name: string) => [`${name}_API_KEY`, `VITE_${name}_API_KEY`];

/**
 * The seven built-in providers, in the order of ARCHITECTURE.md. Defaults are cheap, generally
 * available models that accept `temperature` and (where the provider can) JSON-schema output.
 */
export const BUILTIN_PROVIDERS: readonly ProviderConfig[] = [
  {
    id: 'google',
    displayName: 'Google Gemini',
    keyVariables: [
      'API_KEY',
      'GEMINI_API_KEY',
      'GOOGLE_API_KEY',
      'GOOGLE_GENERATIVE_AI_API_KEY',
      'VITE_GEMINI_API_KEY',
      'VITE_GOOGLE_API_KEY',
    ],
    baseURL: 'https://generativelanguage.googleapis.com/v1beta/openai',
    defaultModel: 'gemini-2.5-flash',
    requiresKey: true,
    capabilities: { structuredOutput: 'json_schema', models: true, embeddings: true },
  },
  {
    id: 'openai',
    displayName: 'OpenAI',
    keyVariables: vendorKeys('OPENAI'),
    baseURL: 'https://api.openai.com/v1',
    defaultModel: 'gpt-4.1-mini',
    requiresKey: true,
    capabilities: { structuredOutput: 'json_schema', models: true, embeddings: true },
  },
  {
    id: 'anthropic',
    displayName: 'Anthropic',
    keyVariables: vendorKeys('ANTHROPIC'),
    baseURL: 'https://api.anthropic.com/v1',
    defaultModel: 'claude-haiku-4-5',
    requiresKey: true,
    // Anthropic's OpenAI compatibility layer ignores response_format and has no /models route.
    capabilities: { structuredOutput: 'none', models: false, embeddings: false },
  },
  {
    id: 'mistral',
    displayName: 'Mistral AI',
    keyVariables: vendorKeys('MISTRAL'),
    baseURL: 'https://api.mistral.ai/v1',
    defaultModel: 'mistral-small-latest',
    requiresKey: true,
    capabilities: { structuredOutput: 'json_schema', models: true, embeddings: true },
  },
  {
    id: 'groq',
    displayName: 'Groq',
    keyVariables: vendorKeys('GROQ'),
    baseURL: 'https://api.groq.com/openai/v1',
    defaultModel: 'llama-3.1-8b-instant',
    requiresKey: true,
    // json_schema only on a few Groq models; json_object works on all of them.
    capabilities: { structuredOutput: 'json_object', models: true, embeddings: false },
  },
  {
    id: 'openrouter',
    displayName: 'OpenRouter',
    keyVariables: vendorKeys('OPENROUTER'),
    baseURL: 'https://openrouter.ai/api/v1',
    defaultModel: 'google/gemini-2.5-flash',
    requiresKey: true,
    capabilities: { structuredOutput: 'json_schema', models: true, embeddings: false },
  },
  {
    id: 'ollama',
    displayName: 'Ollama',
    keyVariables: [],
    baseURL: 'http://127.0.0.1:11434/v1',
    defaultModel: 'llama3.2',
    requiresKey: false,
    capabilities: { structuredOutput: 'json_schema', models: true, embeddings: true },
  },
];

/** A user-defined OpenAI-compatible provider, as given in options or `CAE_CUSTOM_PROVIDERS` (JSON array). */
export const CustomProviderSchema = z.object({
  id: ProviderIdSchema,
  displayName: z.string().min(1).optional(),
  baseURL: z.url(),
  defaultModel: z.string().min(1),
  keyVariables: z.array(z.string().min(1)).optional(),
  requiresKey: z.boolean().default(true),
  structuredOutput: z.enum(['json_schema', 'json_object', 'none']).default('json_object'),
  models: z.boolean().default(true),
  embeddings: z.boolean().default(false),
  headers: z.record(z.string(), z.string()).optional(),
});
export type CustomProviderInput = z.input<typeof CustomProviderSchema>;

type Env = Record<string, string | undefined>;

const envName = (id: string) => id.toUpperCase().replace(/-/g, '_');
const nonEmpty = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

function fromCustom(input: CustomProviderInput): ProviderConfig {
  const custom = CustomProviderSchema.parse(input);
  return {
    id: custom.id,
    displayName: custom.displayName ?? custom.id,
    keyVariables: custom.keyVariables ?? (custom.requiresKey ? [`${envName(custom.id)}_API_KEY`] : []),
    baseURL: custom.baseURL,
    defaultModel: custom.defaultModel,
    requiresKey: custom.requiresKey,
    capabilities: {
      structuredOutput: custom.structuredOutput,
      models: custom.models,
      embeddings: custom.embeddings,
    },
    ...(custom.headers ? { headers: custom.headers } : {}),
  };
}

function parseCustomFromEnv(env: Env): CustomProviderInput[] {
  const raw = nonEmpty(env.CAE_CUSTOM_PROVIDERS);
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new InvalidRequestError('CAE_CUSTOM_PROVIDERS is not valid JSON (expected an array of providers)');
  }
  const result = z.array(CustomProviderSchema).safeParse(parsed);
  if (!result.success) {
    throw new InvalidRequestError(
      `CAE_CUSTOM_PROVIDERS is invalid: ${result.error.issues[0]?.message ?? ''}`,
    );
  }
  return result.data;
}

/** The providers a gateway serves, with `<NAME>_BASE_URL` and `<NAME>_DEFAULT_MODEL` overrides applied. */
export interface ProviderRegistry {
  /** All providers: built-in ones in their fixed order, then custom ones. */
  list(): readonly ProviderConfig[];
  /** A provider by id, or undefined. */
  find(id: string): ProviderConfig | undefined;
  /** A provider by id; NotFoundError naming the known ids otherwise. */
  get(id: string): ProviderConfig;
}

/**
 * Builds the registry from the built-ins, custom providers (options and `CAE_CUSTOM_PROVIDERS`) and env overrides.
 * @example createProviderRegistry({ OPENAI_BASE_URL: 'http://127.0.0.1:8080/v1' }).get('openai').baseURL
 */
export function createProviderRegistry(
  env: Env,
  custom: readonly CustomProviderInput[] = [],
): ProviderRegistry {
  const all = new Map<string, ProviderConfig>();
  for (const provider of BUILTIN_PROVIDERS) all.set(provider.id, provider);
  for (const input of [...custom, ...parseCustomFromEnv(env)]) {
    const provider = fromCustom(input);
    if ((PROVIDER_IDS as readonly string[]).includes(provider.id)) {
      throw new InvalidRequestError(`custom provider id "${provider.id}" is taken by a built-in provider`);
    }
    all.set(provider.id, provider);
  }
  const providers = [...all.values()].map((provider) => {
    const name = envName(provider.id);
    const baseURL = nonEmpty(env[`${name}_BASE_URL`]) ?? provider.baseURL;
    const defaultModel = nonEmpty(env[`${name}_DEFAULT_MODEL`]) ?? provider.defaultModel;
    return Object.freeze({ ...provider, baseURL: baseURL.replace(/\/+$/, ''), defaultModel });
  });
  const byId = new Map(providers.map((provider) => [provider.id, provider]));
  return {
    list: () => providers,
    find: (id) => byId.get(id),
    get(id) {
      const provider = byId.get(id);
      if (!provider) {
        throw new NotFoundError(`unknown provider "${id}"`, {
          details: { knownProviders: [...byId.keys()] },
        });
      }
      return provider;
    },
  };
}
