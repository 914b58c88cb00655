import { describe, expect, it } from 'vitest';
import { wire } from './wire';

type Node = Record<string, any>;

/** Every property of every object in a JSON schema, with the path that leads to it. */
function* properties(node: unknown, path = ''): Generator<[string, Node]> {
  if (Array.isArray(node)) {
    for (const item of node) yield* properties(item, path);
    return;
  }
  if (!node || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node as Node)) {
    if (key === 'properties') {
      for (const [name, sub] of Object.entries(value as Node)) {
        yield [`${path}.${name}`, sub as Node];
        yield* properties(sub, `${path}.${name}`);
      }
    } else {
      yield* properties(value, path);
    }
  }
}

describe('OpenAPI-ready JSON schemas', () => {
  it.each(Object.entries(wire))('%s: snake_case properties, each described', (_name, codec) => {
    const schema = codec.jsonSchema('output');
    for (const [path, property] of properties(schema)) {
      const name = path.split('.').pop()!;
      expect(name, path).toMatch(/^[a-z0-9_]+$/);
      // A property is described itself, or refers to a described definition.
      expect(typeof property.description === 'string' || typeof property.$ref === 'string', path).toBe(true);
    }
  });

  it('describes the fields of the main resources for the API reference', () => {
    const defs = wire.annotatedClause.jsonSchema().$defs as Node;
    expect(Object.keys(defs.AnnotatedClause.properties)).toEqual(
      expect.arrayContaining(['document_id', 'compiled_at']),
    );
    expect(defs.Interpersonal.properties.modality_weight.description).toMatch(/modality/i);
    expect(defs.Interpersonal.properties.mood.enum).toContain('imperative');
    const root = (schema: Node): Node => (schema.$defs as Node)[String(schema.$ref).split('/').pop()!];
    const filters = root(wire.retrievalFilters.jsonSchema('input'));
    expect(Object.keys(filters.properties as Node)).toEqual(
      expect.arrayContaining([
        'mood',
        'process_type',
        'source_type',
        'min_modality',
        'max_modality',
        'min_tenor',
        'max_tenor',
      ]),
    );
    const compile = root(wire.compileRequest.jsonSchema('input'));
    expect(compile.required).toEqual(['text']);
    expect((compile.properties as Node).document_id.description).toMatch(/api-/);
  });
});
