import {
  type GenerateObjectOptions,
  type GenerateObjectResult,
  type LanguageModel,
  type LanguageModelCallOptions,
  objectSchema,
  type Prompt,
  UpstreamError,
} from '@cae/core';
import type { GenerateRequest } from './gateway';
import type { GenerateResult } from './generation/provider-call';

/** What a gateway LanguageModel needs of its gateway. */
export interface LanguageModelBackend {
  generate(request: GenerateRequest): Promise<GenerateResult>;
  stream(request: GenerateRequest): AsyncIterable<string>;
}

function toPrompt(options: LanguageModelCallOptions, schema?: Record<string, unknown>): Prompt {
  const messages = (options.messages ?? []).map((message) => ({ ...message }));
  return {
    ...(options.system ? { system: options.system } : {}),
    ...(messages.length > 0 ? { messages } : {}),
    ...(options.prompt ? { user: options.prompt } : {}),
    ...(schema ? { schema } : {}),
  } as Prompt;
}

/**
 * A LanguageModel over the gateway's fallback chain: every call plans the chain of gateway-api.md
 * (server key, then the fallback provider), and the abort signal reaches the upstream request.
 */
export function createGatewayLanguageModel(
  backend: LanguageModelBackend,
  providerId: string,
  modelId: string,
): LanguageModel {
  const request = (options: LanguageModelCallOptions, schema?: Record<string, unknown>): GenerateRequest => ({
    prompt: toPrompt(options, schema),
    providerId,
    modelId,
    options: {
      ...(options.temperature !== undefined ? { temperature: options.temperature } : {}),
      ...(options.maxOutputTokens !== undefined ? { maxTokens: options.maxOutputTokens } : {}),
    },
    signal: options.abortSignal,
  });
  return {
    specificationVersion: 'cae-1',
    provider: providerId,
    modelId,
    async generateText(options) {
      const result = await backend.generate(request(options));
      return {
        text: 'text' in result ? result.text : JSON.stringify(result.object),
        finishReason: 'unknown',
      };
    },
    async generateObject<T>(options: GenerateObjectOptions<T>): Promise<GenerateObjectResult<T>> {
      const { jsonSchema, parse } = objectSchema<T>(options.schema);
      const result = await backend.generate(request(options, jsonSchema));
      if (!('object' in result))
        throw new UpstreamError(`${providerId} answered with text, not a JSON object`);
      try {
        return { object: parse(result.object), finishReason: 'unknown' };
      } catch (error) {
        throw new UpstreamError(`${providerId} answered with an object that does not match the schema`, {
          cause: error,
        });
      }
    },
    streamText(options) {
      return backend.stream(request(options));
    },
  };
}
