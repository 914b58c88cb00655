import {
  ArchitectEventSchema,
  CompileAgentRequestSchema,
  ComputeRequestSchema,
  ComputeResponseSchema,
  ErrorBodySchema,
  GatewayHealthSchema,
  ModelListSchema,
  ProviderStatusSchema,
  SetKeyRequestSchema,
  StreamChunkSchema,
  TestKeyRequestSchema,
  TestKeyResponseSchema,
} from '@cae/core';
import { collectSchema, type JsonSchemaSource } from '@cae/http';
import { z } from 'zod';

type Json = Record<string, unknown>;

/** The gateway's wire is camelCase, as gateway-api.md has it: the schemas as they are. */
const source = (schema: z.ZodType): JsonSchemaSource => ({
  jsonSchema: (io = 'output') =>
    z.toJSONSchema(schema, { io, unrepresentable: 'any', reused: 'inline' }) as Json,
});

/**
 * The OpenAPI 3.1 document of the gateway, generated from the @cae/core schemas its routes parse with
 * (served at /api/openapi.json, rendered at /api/docs).
 */
export function buildGatewayOpenApiDocument(serverUrl?: string): Json {
  const components: Json = {};
  const body = (schema: z.ZodType, name: string, example: Json) => ({
    required: true,
    content: {
      'application/json': { schema: collectSchema(components, source(schema), 'input', name), example },
    },
  });
  const ok = (schema: z.ZodType, name: string, description = 'Success') => ({
    description,
    content: { 'application/json': { schema: collectSchema(components, source(schema), 'output', name) } },
  });
  const stream = (schema: z.ZodType, name: string, description: string) => ({
    description,
    content: { 'text/event-stream': { schema: collectSchema(components, source(schema), 'output', name) } },
  });
  const error = (description: string) => ({
    description,
    content: {
      'application/json': {
        schema: collectSchema(components, source(ErrorBodySchema), 'output', 'ErrorBody'),
      },
    },
  });
  const common = {
    '401': error('Missing or invalid bearer token (when CAE_API_TOKENS is set)'),
    '429': error('Too many requests from this caller; `retry-after` says when to try again'),
  };
  const prompt = { system: 'You answer in one sentence.', user: 'What is a deposit?' };

  const paths: Json = {
    '/api/health': {
      get: {
        operationId: 'gatewayHealth',
        summary: 'Health and which providers have keys',
        security: [],
        responses: { '200': ok(GatewayHealthSchema, 'GatewayHealth') },
      },
    },
    '/api/providers': {
      get: {
        operationId: 'providerStatus',
        summary: 'Key status of every provider',
        responses: {
          '200': ok(z.record(z.string(), ProviderStatusSchema), 'ProviderStatusMap'),
          ...common,
        },
      },
    },
    '/api/test-key': {
      post: {
        operationId: 'testKey',
        summary: 'Check a key against its provider',
        description: 'The key is used for one cheap call and never stored or logged.',
        requestBody: body(TestKeyRequestSchema, 'TestKeyRequest', { providerId: 'openai', apiKey: 'sk-...' }),
        responses: {
          '200': ok(TestKeyResponseSchema, 'TestKeyResponse'),
          '400': error('A bad field'),
          ...common,
        },
      },
    },
    '/api/models/{providerId}': {
      get: {
        operationId: 'listModels',
        summary: 'Models a provider offers',
        parameters: [
          {
            name: 'providerId',
            in: 'path',
            required: true,
            schema: { type: 'string' },
            description: 'Provider id',
          },
        ],
        responses: {
          '200': ok(ModelListSchema, 'ModelList'),
          '400': error('Unknown provider'),
          '502': error('The provider failed; the message says why'),
          ...common,
        },
      },
    },
    '/api/keys': {
      post: {
        operationId: 'setKey',
        summary: 'Store (or clear, with `key: null`) the server key of a provider',
        description: 'Needs an admin token when CAE_ADMIN_TOKENS is set. Keys are stored encrypted.',
        requestBody: body(SetKeyRequestSchema, 'SetKeyRequest', { providerId: 'groq', key: 'gsk_...' }),
        responses: {
          '200': {
            description: 'Stored',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { success: { type: 'boolean' } },
                  required: ['success'],
                },
              },
            },
          },
          '400': error('A bad field'),
          '403': error('Not an admin token'),
          ...common,
        },
      },
    },
    '/api/compute/v1': {
      post: {
        operationId: 'compute',
        summary: 'Generate text through the fallback chain',
        description:
          'Client key, else the server key, else the fallback provider. The answer says which step answered; when every step fails, the message names the real cause and `details.attempts` lists each attempt, keys redacted.',
        requestBody: body(ComputeRequestSchema, 'ComputeRequest', { providerId: 'openai', prompt }),
        responses: {
          '200': ok(ComputeResponseSchema, 'ComputeResponse'),
          '400': error('A bad field'),
          '502': error('Every attempt failed'),
          '503': error('No key configured for the provider and no call was made'),
          ...common,
        },
      },
    },
    '/api/stream': {
      post: {
        operationId: 'stream',
        summary: 'Generate text as server-sent events',
        description: 'Each `data:` message holds `{ "chunk": ... }`; the last one is `[DONE]`.',
        requestBody: body(ComputeRequestSchema, 'ComputeRequest', { providerId: 'openai', prompt }),
        responses: { '200': stream(StreamChunkSchema, 'StreamChunk', 'The text, chunk by chunk'), ...common },
      },
    },
    '/api/agent/compile-stream': {
      post: {
        operationId: 'compileAgent',
        summary: 'Compile a prompt into an agent specification, as server-sent events',
        description:
          'Events: `stage` (intent), four `partial` (manifest, identity, operational rules, domain skills), `complete` with the specification, whose `framework.target` says which framework it was built for. With no provider key the local engine writes it.',
        requestBody: body(CompileAgentRequestSchema, 'CompileAgentRequest', {
          prompt: { user: 'A support agent for a bike shop. It must never share customer data.' },
          targetFramework: 'langgraph',
        }),
        responses: {
          '200': stream(ArchitectEventSchema, 'ArchitectEvent', 'The staged events'),
          '400': error('A bad field, or a `targetFramework` that is not supported (the message lists them)'),
          ...common,
        },
      },
    },
  };

  return {
    openapi: '3.1.0',
    info: {
      title: 'Clause Annotation Engine gateway API',
      version: '0.1.0',
      description:
        'LLM providers behind one API: encrypted server keys, the fallback chain, streaming, and the agent architect. Errors answer `{ "error": { "code", "message", "details"? } }`.',
    },
    servers: [
      {
        url: serverUrl ?? 'http://127.0.0.1:3002',
        description: serverUrl ? 'This server' : 'The gateway as `pnpm start` runs it (HOST, PORT)',
      },
    ],
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'Needed when CAE_API_TOKENS is set; admin routes need one of CAE_ADMIN_TOKENS.',
        },
      },
    },
    security: [{ bearer: [] }],
  };
}
