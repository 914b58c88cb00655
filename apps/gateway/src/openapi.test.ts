import { createArchitect } from '@cae/architect';
import {
  CompileAgentRequestSchema,
  ComputeRequestSchema,
  SetKeyRequestSchema,
  TestKeyRequestSchema,
} from '@cae/core';
import { createGateway, createMemoryKeyStore } from '@cae/gateway';
import { validate } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { createGatewayApp } from './gateway-app';
import { gatewayConfigFromEnv } from './gateway-env';

function app(env: Record<string, string> = {}) {
  const config = gatewayConfigFromEnv({ CAE_SECRET_KEY: 'openapi-test-secret', ...env });
  const gateway = createGateway({
    env: {},
    secretKey: 'openapi-test-secret',
    keyStore: createMemoryKeyStore(),
  });
  return createGatewayApp({ gateway, architect: createArchitect({ gateway }), config: config.app });
}

describe('the gateway API reference', () => {
  it('serves /api/openapi.json, a valid OpenAPI 3.1 document with operationIds, servers and examples', async () => {
    const response = await app({ CAE_API_TOKENS: 'tok' }).request('/api/openapi.json');
    // Open to anyone, like /api/health, even when tokens are required elsewhere.
    expect(response.status).toBe(200);
    const document = (await response.json()) as any;
    const result = await validate(structuredClone(document));
    expect(result.valid, JSON.stringify(result)).toBe(true);
    expect(document.servers[0].url).toBe('http://127.0.0.1:3002');
    const operations = Object.values(document.paths).flatMap((methods: any) =>
      Object.values(methods),
    ) as any[];
    expect(operations.length).toBe(8);
    const ids = operations.map((operation) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
    // Every example parses with the schema its route parses with.
    const schemas: Record<string, { parse(value: unknown): unknown }> = {
      '/api/test-key': TestKeyRequestSchema,
      '/api/keys': SetKeyRequestSchema,
      '/api/compute/v1': ComputeRequestSchema,
      '/api/stream': ComputeRequestSchema,
      '/api/agent/compile-stream': CompileAgentRequestSchema,
    };
    for (const [path, schema] of Object.entries(schemas)) {
      const example = document.paths[path].post.requestBody.content['application/json'].example;
      expect(() => schema.parse(example), path).not.toThrow();
    }
    const framework = document.components.schemas.CompileAgentRequest.properties.targetFramework.description;
    expect(framework).toContain('langgraph (also lang-graph)');
  });

  it('renders /api/docs from the same document, with code spans rendered and no script', async () => {
    const response = await app().request('/api/docs');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<a href="/api/openapi.json">/api/openapi.json</a>');
    expect(html).toContain('<code>/api/agent/compile-stream</code>');
    expect(html).toContain('<code>framework.target</code>');
    expect(html).not.toMatch(/`[a-z]/);
    expect(html).not.toMatch(/<script/i);
  });
});
