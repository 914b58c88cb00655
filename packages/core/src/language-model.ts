import { z } from 'zod';

/** One turn of a conversation. */
export interface LanguageModelMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** Options of every LanguageModel call (after the Vercel AI SDK's LanguageModelV3 call options). */
export interface LanguageModelCallOptions {
  /** System instructions. */
  system?: string;
  /** A user turn; with `messages`, it comes after them. */
  prompt?: string;
  /** The conversation so far, oldest first. */
  messages?: readonly LanguageModelMessage[];
  temperature?: number;
  maxOutputTokens?: number;
  /** Aborts the upstream request: a caller that gives up stops paying for the call. */
  abortSignal?: AbortSignal;
}

/** Tokens a call used, where the provider says. */
export interface LanguageModelUsage {
  inputTokens?: number;
  outputTokens?: number;
}

/** Why generation stopped, where the provider says. */
export type LanguageModelFinishReason = 'stop' | 'length' | 'content-filter' | 'error' | 'other' | 'unknown';

/** Result of generateText. */
export interface GenerateTextResult {
  text: string;
  finishReason: LanguageModelFinishReason;
  usage?: LanguageModelUsage;
}

/** A JSON Schema object, for callers without zod. */
export type JsonSchemaObject = Record<string, unknown>;

/** Options of generateObject: the call options and the schema the object must satisfy. */
export interface GenerateObjectOptions<T> extends LanguageModelCallOptions {
  /** A zod schema (the object is validated against it) or a JSON Schema (the object is returned as sent). */
  schema: z.ZodType<T> | JsonSchemaObject;
  /** Name of the object, for providers that want one. */
  schemaName?: string;
}

/** Result of generateObject. */
export interface GenerateObjectResult<T> {
  object: T;
  finishReason: LanguageModelFinishReason;
  usage?: LanguageModelUsage;
}

/**
 * The port every caller of a language model uses: the pipeline's LLM annotator, the synthesizer, the
 * architect. `@cae/gateway` hands one out (`gateway.languageModel(provider, model)`); tests give
 * their own. Failures are CaeErrors (`UpstreamError` when the provider failed).
 */
export interface LanguageModel {
  readonly specificationVersion: 'cae-1';
  /** Provider id, e.g. `openai`. */
  readonly provider: string;
  readonly modelId: string;
  /** Text for a prompt. */
  generateText(options: LanguageModelCallOptions): Promise<GenerateTextResult>;
  /** An object satisfying `schema` (structured output where the provider has it). */
  generateObject<T>(options: GenerateObjectOptions<T>): Promise<GenerateObjectResult<T>>;
  /** Text deltas as they arrive; breaking off the iteration aborts the upstream request. */
  streamText(options: LanguageModelCallOptions): AsyncIterable<string>;
}

/** The JSON Schema of a zod or JSON schema, and a parser of the model's object against it. */
export function objectSchema<T>(schema: z.ZodType<T> | JsonSchemaObject): {
  jsonSchema: JsonSchemaObject;
  parse: (value: unknown) => T;
} {
  if (schema instanceof z.ZodType) {
    return {
      jsonSchema: z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchemaObject,
      parse: (value) => schema.parse(value),
    };
  }
  return { jsonSchema: schema, parse: (value) => value as T };
}
