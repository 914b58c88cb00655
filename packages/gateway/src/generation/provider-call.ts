import type { GenerationOptions, Prompt } from '@cae/core';
import OpenAI from 'openai';
import type {
  ChatCompletionCreateParamsBase,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import type { ProviderConfig } from '../providers/provider-registry';
import { createKeepAliveFetch } from './keep-alive-fetch';
import { compileJsonSchema, parseStructuredReply, schemaInstruction } from './structured-output';

/** What every provider call needs besides the prompt. */
export interface ClientSettings {
  fetch?: typeof globalThis.fetch;
  /** Per-try timeout in ms. */
  timeoutMs: number;
  /** Retries of the openai client on 408/409/429/5xx and connection errors, honouring retry-after. */
  maxRetries: number;
}

/** Result of a generation: text, or the parsed object when the prompt had a schema. */
export type GenerateResult = { text: string } | { object: unknown };

const MAX_CLIENTS = 64;

/** One keep-alive fetch for every provider client of the process: its sockets are the pool. */
let sharedFetch: typeof globalThis.fetch | undefined;
const defaultFetch = () => {
  sharedFetch ??= createKeepAliveFetch();
  return sharedFetch;
};

/**
 * Provider clients: one openai client per (provider, address, key, timeout, retries), at most 64
 * (least recently used dropped first). Reusing them keeps each upstream's connection pool warm,
 * which is most of the gateway's latency budget. The clients' own retries (408/409/429/5xx with
 * backoff honouring retry-after), timeouts and errors run as they are; only their `fetch` is
 * ours: a keep-alive fetch over Node's HTTP agents, unless one was injected.
 */
export function createClientPool(settings: ClientSettings) {
  const entries = new Map<string, OpenAI>();
  const fetch = settings.fetch ?? defaultFetch();
  return {
    get(provider: ProviderConfig, apiKey: string, overrides: Partial<ClientSettings> = {}): OpenAI {
      const timeout = overrides.timeoutMs ?? settings.timeoutMs;
      const maxRetries = overrides.maxRetries ?? settings.maxRetries;
      const id = `${provider.id}\n${provider.baseURL}\n${timeout}\n${maxRetries}\n${apiKey}`;
      const hit = entries.get(id);
      if (hit !== undefined) {
        // Map order doubles as recency order; only move entries that are not already the newest.
        if (entries.size > 1) {
          entries.delete(id);
          entries.set(id, hit);
        }
        return hit;
      }
      const client = new OpenAI({
        apiKey,
        baseURL: provider.baseURL,
        timeout,
        maxRetries,
        fetch,
        ...(provider.headers ? { defaultHeaders: provider.headers } : {}),
      });
      if (entries.size >= MAX_CLIENTS) entries.delete(entries.keys().next().value as string);
      entries.set(id, client);
      return client;
    },
  };
}

/** Chat messages of a prompt: system first, then the history, then the user turn. */
export function toMessages(prompt: Prompt, extraSystem?: string): ChatCompletionMessageParam[] {
  const messages: ChatCompletionMessageParam[] = [];
  const system = [prompt.system, extraSystem]
    .filter((part): part is string => Boolean(part?.trim()))
    .join('\n\n');
  if (system) messages.push({ role: 'system', content: system });
  for (const message of prompt.messages ?? [])
    messages.push({ role: message.role, content: message.content });
  if (prompt.user?.trim()) messages.push({ role: 'user', content: prompt.user });
  return messages;
}

function baseParams(modelId: string, options: GenerationOptions | undefined) {
  return {
    model: modelId,
    ...(options?.temperature === undefined ? {} : { temperature: options.temperature }),
    ...(options?.maxTokens === undefined ? {} : { max_tokens: options.maxTokens }),
  };
}

/** One call target: provider, model and the key to use. */
export interface CallTarget {
  provider: ProviderConfig;
  modelId: string;
  apiKey: string;
}

/** Generates text, or a schema-valid object with one repair turn when the first reply does not validate. */
export async function callGenerate(
  client: OpenAI,
  target: CallTarget,
  prompt: Prompt,
  options: GenerationOptions | undefined,
  signal: AbortSignal | undefined,
): Promise<GenerateResult> {
  if (!prompt.schema) {
    const completion = await client.chat.completions.create(
      { ...baseParams(target.modelId, options), messages: toMessages(prompt) },
      signal ? { signal } : undefined,
    );
    return { text: completion.choices[0]?.message?.content ?? '' };
  }

  const validator = compileJsonSchema(prompt.schema);
  const mode = target.provider.capabilities.structuredOutput;
  const messages = toMessages(prompt, mode === 'json_schema' ? undefined : schemaInstruction(prompt.schema));
  const responseFormat: ChatCompletionCreateParamsBase['response_format'] =
    mode === 'json_schema'
      ? { type: 'json_schema', json_schema: { name: 'output', schema: prompt.schema, strict: false } }
      : mode === 'json_object'
        ? { type: 'json_object' }
        : undefined;
  const params = {
    ...baseParams(target.modelId, options),
    ...(responseFormat ? { response_format: responseFormat } : {}),
  };

  const first = await client.chat.completions.create(
    { ...params, messages },
    signal ? { signal } : undefined,
  );
  const firstText = first.choices[0]?.message?.content ?? '';
  const parsed = parseStructuredReply(firstText, validator);
  if (parsed.ok) return { object: parsed.value };

  const repair = await client.chat.completions.create(
    {
      ...params,
      messages: [
        ...messages,
        { role: 'assistant', content: firstText },
        {
          role: 'user',
          content: `That reply is unusable: ${parsed.problem}. Reply again with only the JSON value, matching the schema:\n${JSON.stringify(prompt.schema)}`,
        },
      ],
    },
    signal ? { signal } : undefined,
  );
  const repaired = parseStructuredReply(repair.choices[0]?.message?.content ?? '', validator);
  if (repaired.ok) return { object: repaired.value };
  throw new Error(`structured output failed after one repair: ${repaired.problem}`);
}

/** Opens a streaming completion and yields its non-empty text deltas. */
export async function* callStream(
  client: OpenAI,
  target: CallTarget,
  prompt: Prompt,
  options: GenerationOptions | undefined,
  signal: AbortSignal,
): AsyncGenerator<string> {
  // The client's stream aborts its request when iteration stops early, and `signal` aborts it too.
  const stream = await client.chat.completions.create(
    { ...baseParams(target.modelId, options), messages: toMessages(prompt), stream: true },
    { signal },
  );
  for await (const chunk of stream) {
    const text = chunk.choices[0]?.delta?.content;
    if (text) yield text;
  }
}
