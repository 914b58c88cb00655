type Json = Record<string, unknown>;

/** Anything that gives the JSON schema of a request or a response (a `wire` codec of `@cae/core`). */
export interface JsonSchemaSource {
  jsonSchema(io?: 'input' | 'output'): Json;
}

/**
 * Hoists a JSON schema's `$defs` into `components` (an OpenAPI document's `components.schemas`) and
 * points its references there; returns the schema to put in place. The input form of a nested
 * schema (defaults optional) is named `*Input` unless it is itself a request or a query.
 */
export function collectSchema(
  components: Json,
  source: JsonSchemaSource,
  io: 'input' | 'output',
  name: string,
): Json {
  const schema = source.jsonSchema(io);
  const defs = (schema.$defs ?? {}) as Record<string, Json>;
  const componentName = (defName: string) =>
    io === 'input' && !defName.endsWith('Request') && !defName.endsWith('Query')
      ? `${defName}Input`
      : defName;
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (!node || typeof node !== 'object') return node;
    const out: Json = {};
    for (const [key, value] of Object.entries(node as Json)) {
      if (key === '$defs' || key === '$schema') continue;
      out[key] =
        key === '$ref' && typeof value === 'string' && value.startsWith('#/$defs/')
          ? `#/components/schemas/${componentName(value.slice('#/$defs/'.length))}`
          : rewrite(value);
    }
    return out;
  };
  for (const [defName, def] of Object.entries(defs)) components[componentName(defName)] ??= rewrite(def);
  const root = rewrite(schema) as Json;
  if (Object.keys(root).length === 0) return { title: name };
  return root;
}

/** Query parameters from the JSON schema of a query object. */
export function queryParameters(source: JsonSchemaSource): Json[] {
  const schema = source.jsonSchema('input');
  const defs = (schema.$defs ?? {}) as Record<string, Json>;
  const root = typeof schema.$ref === 'string' ? defs[schema.$ref.split('/').pop()!]! : schema;
  const properties = (root.properties ?? {}) as Record<string, Json>;
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: false,
    description: property.description,
    schema: { ...property, description: undefined },
  }));
}
