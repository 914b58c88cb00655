import type { GenerationOptions, Prompt } from '@cae/core';
import OpenAI from 'openai';
import type {
  ChatCompletionCreateParamsBase,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import type { ProviderConfig } from '../providers/provider-registry';
import { type ChatApi, createDirectChat } from './chat-transport';
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

/** Chat completions through an openai client (used when a custom `fetch` is injected). */
function openAiChat(client: OpenAI): ChatApi {
  return {
    complete: (params, signal) => client.chat.completions.create(params, signal ? { signal } : {}),
    stream: (params, signal) => client.chat.completions.create(params, { signal }),
  };
}

/** A small LRU keyed by provider, then client key string. */
function createLru<T>(create: (provider: ProviderConfig, apiKey: string, id: string) => T) {
  const entries = new Map<string, T>();
  return (provider: ProviderConfig, apiKey: string, id: string): T => {
    const hit = entries.get(id);
    if (hit !== undefined) {
      // Map order doubles as recency order; only move entries that are not already the newest.
      if (entries.size > 1) {
        entries.delete(id);
        entries.set(id, hit);
      }
      return hit;
    }
    const created = create(provider, apiKey, id);
    if (entries.size >= MAX_CLIENTS) entries.delete(entries.keys().next().value as string);
    entries.set(id, created);
    return created;
  };
}

/**
 * Provider clients, one per provider address and key. Reusing them keeps each upstream's
 * connection pool warm, which is most of the gateway's latency budget. `get` gives the openai
 * client (model lists, key tests); `chat` gives chat completions, which go over Node's keep-alive
 * agents directly (same retries, timeouts and errors as the openai client, far less work per call)
 * unless a custom `fetch` was injected, in which case they go through the openai client and it.
 */
export function createClientPool(settings: ClientSettings) {
  const openAi = createLru((provider, apiKey, id) => {
    const [, , timeout, maxRetries] = id.split('\n');
    return new OpenAI({
      apiKey,
      baseURL: provider.baseURL,
      timeout: Number(timeout),
      maxRetries: Number(maxRetries),
      ...(settings.fetch ? { fetch: settings.fetch } : {}),
      ...(provider.headers ? { defaultHeaders: provider.headers } : {}),
    });
  });
  const get = (provider: ProviderConfig, apiKey: string, overrides: Partial<ClientSettings> = {}): OpenAI => {
    const timeout = overrides.timeoutMs ?? settings.timeoutMs;
    const maxRetries = overrides.maxRetries ?? settings.maxRetries;
    return openAi(
      provider,
      apiKey,
      `${provider.id}\n${provider.baseURL}\n${timeout}\n${maxRetries}\n${apiKey}`,
    );
  };
  const chat = createLru(
    (provider, apiKey): ChatApi =>
      settings.fetch
        ? openAiChat(get(provider, apiKey))
        : createDirectChat({
            baseURL: provider.baseURL,
            apiKey,
            headers: provider.headers,
            timeoutMs: settings.timeoutMs,
            maxRetries: settings.maxRetries,
          }),
  );
  return {
    get,
    chat: (provider: ProviderConfig, apiKey: string): ChatApi =>
      chat(provider, apiKey, `${provider.id}\n${provider.baseURL}\n${apiKey}`),
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
  client: ChatApi,
  target: CallTarget,
  prompt: Prompt,
  options: GenerationOptions | undefined,
  signal: AbortSignal | undefined,
): Promise<GenerateResult> {
  if (!prompt.schema) {
    const completion = await client.complete(
      { ...baseParams(target.modelId, options), messages: toMessages(prompt) },
      signal,
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

  const first = await client.complete({ ...params, messages }, signal);
  const firstText = first.choices[0]?.message?.content ?? '';
  const parsed = parseStructuredReply(firstText, validator);
  if (parsed.ok) return { object: parsed.value };

  const repair = await client.complete(
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
    signal,
  );
  const repaired = parseStructuredReply(repair.choices[0]?.message?.content ?? '', validator);
  if (repaired.ok) return { object: repaired.value };
  throw new Error(`structured output failed after one repair: ${repaired.problem}`);
}

/** Opens a streaming completion and yields its non-empty text deltas. */
export async function* callStream(
  client: ChatApi,
  target: CallTarget,
  prompt: Prompt,
  options: GenerationOptions | undefined,
  signal: AbortSignal,
): AsyncGenerator<string> {
  const stream = await client.stream(
    { ...baseParams(target.modelId, options), messages: toMessages(prompt), stream: true },
    signal,
  );
  for await (const chunk of stream) {
    const text = chunk.choices[0]?.delta?.content;
    if (text) yield text;
  }
}
