import { wire } from '@cae/core';
import { renderDocsPage } from '@cae/http';
import { validate } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../src/openapi';

describe("the engine's API reference", () => {
  const document = buildOpenApiDocument() as any;

  it('has an operationId on every operation, servers, and examples that parse as their routes parse', async () => {
    const result = await validate(structuredClone(document));
    expect(result.valid, JSON.stringify(result)).toBe(true);
    expect(document.servers).toEqual([expect.objectContaining({ url: 'http://127.0.0.1:3001' })]);
    const operations = Object.values(document.paths).flatMap((methods: any) =>
      Object.values(methods),
    ) as any[];
    const ids = operations.map((operation) => operation.operationId);
    expect(ids.every((id) => typeof id === 'string')).toBe(true);
    expect(new Set(ids).size).toBe(operations.length);
    const codecs: Record<string, { fromWire(value: unknown): unknown }> = {
      '/pipeline/compile': wire.compileRequest,
      '/retrieve': wire.retrieveRequest,
      '/synthesize': wire.synthesizeRequest,
      '/clauses/{id}/review': wire.clauseReviewRequest,
    };
    for (const [path, codec] of Object.entries(codecs)) {
      const example = document.paths[path].post.requestBody.content['application/json'].example;
      expect(example, path).toBeDefined();
      expect(() => codec.fromWire(example), path).not.toThrow();
    }
    const ingest = document.paths['/pipeline/ingest'].post.requestBody.content;
    const array = ingest['application/json'].example;
    expect(array.length).toBeGreaterThan(1);
    expect(() => wire.ingestDocuments.fromWire(array)).not.toThrow();
    const lines = ingest['application/x-ndjson'].example.split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(() => wire.ingestDocument.fromWire(JSON.parse(line))).not.toThrow();
    expect(document.paths['/pipeline/ingest'].post.responses['413']).toBeDefined();
    expect(document.components.schemas.CompileRequest.properties.format.enum).toEqual([
      'text',
      'markdown',
      'html',
    ]);
  });

  it('renders code spans of the descriptions on /docs instead of showing backticks', () => {
    const html = renderDocsPage(document);
    expect(html).toContain('<code>store</code> persists the clauses');
    expect(html).toContain('operationId <code>compile</code>');
    expect(html).not.toMatch(/`[a-z]/);
  });
});
