import { wire } from '@cae/core';

type Json = Record<string, unknown>;
type Codec = { jsonSchema(io?: 'input' | 'output'): Json };

/** Hoists each JSON schema's `$defs` into `components.schemas` and points the refs there. */
function collect(components: Json, codec: Codec, io: 'input' | 'output', name: string): Json {
  const schema = codec.jsonSchema(io);
  const defs = (schema.$defs ?? {}) as Record<string, Json>;
  // Input and output forms differ only in defaults being optional; the input form gets its own name.
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
function queryParameters(components: Json, codec: Codec): Json[] {
  const schema = codec.jsonSchema('input');
  const defs = (schema.$defs ?? {}) as Record<string, Json>;
  const root = typeof schema.$ref === 'string' ? defs[schema.$ref.split('/').pop()!]! : schema;
  void components;
  const properties = (root.properties ?? {}) as Record<string, Json>;
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: false,
    description: property.description,
    schema: { ...property, description: undefined },
  }));
}

/** The OpenAPI 3.1 document of the engine, generated from the @cae/core schemas the routes parse with. */
export function buildOpenApiDocument(serverUrl?: string): Json {
  const components: Json = {};
  const body = (codec: Codec, name: string) => ({
    required: true,
    content: { 'application/json': { schema: collect(components, codec, 'input', name) } },
  });
  const ok = (codec: Codec, name: string, description = 'Success') => ({
    description,
    content: { 'application/json': { schema: collect(components, codec, 'output', name) } },
  });
  const error = (description: string) => ({
    description,
    content: { 'application/json': { schema: collect(components, wire.errorBody, 'output', 'ErrorBody') } },
  });
  const idParam = (description: string) => ({
    name: 'id',
    in: 'path',
    required: true,
    schema: { type: 'string' },
    description,
  });
  const documentParam = {
    name: 'document_id',
    in: 'query',
    required: false,
    schema: { type: 'string' },
    description: 'Only this document.',
  };
  const common = {
    '401': error('Missing or invalid bearer token (when CAE_API_TOKENS is set)'),
    '413': error('Request body over CAE_MAX_BODY_BYTES (requests with a body)'),
    '414': error('Query string over CAE_MAX_QUERY_LENGTH characters (default 4,096)'),
    '429': error(
      'Over the per-caller rate limit (CAE_RATE_LIMIT per CAE_RATE_LIMIT_WINDOW_MS, default 1,200 a minute); the `retry-after` header says when to retry',
    ),
    '503': error(
      'The store cannot be read or written (the reason is in the message), or the server is shutting down',
    ),
  };

  const paths: Json = {
    '/health': {
      get: {
        summary: 'Health',
        security: [],
        responses: {
          '200': {
            description: 'Healthy',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { status: { type: 'string', enum: ['ok'] } },
                  required: ['status'],
                },
              },
            },
          },
        },
      },
    },
    '/pipeline/compile': {
      post: {
        summary: 'Compile text into annotated clauses',
        description:
          'Two-pass pipeline; `store` persists the clauses, `embed` also embeds them (and implies store).',
        requestBody: body(wire.compileRequest, 'CompileRequest'),
        responses: {
          '200': ok(wire.annotatedClauses, 'AnnotatedClauses', 'The annotated clauses, in document order'),
          '400': error('`text` missing or empty, or another invalid field'),
          ...common,
          '413': error('Text over CAE_MAX_TEXT_LENGTH characters, or body over CAE_MAX_BODY_BYTES'),
        },
      },
    },
    '/retrieve': {
      post: {
        summary: 'Hybrid retrieval with linguistic filters',
        requestBody: body(wire.retrieveRequest, 'RetrieveRequest'),
        responses: {
          '200': ok(wire.retrieveResponse, 'RetrieveResponse'),
          '400': error('`query` missing or empty, or a bad filter'),
          ...common,
        },
      },
    },
    '/synthesize': {
      post: {
        summary: 'Answer a question with cited clauses',
        requestBody: body(wire.synthesizeRequest, 'SynthesizeRequest'),
        responses: {
          '200': ok(wire.synthesizeResponse, 'SynthesizeResponse'),
          '400': error('`query` missing or empty'),
          ...common,
        },
      },
    },
    '/clauses': {
      get: {
        summary: 'List stored clauses',
        parameters: queryParameters(components, wire.listClausesQuery),
        responses: {
          '200': ok(wire.clausePage, 'ClausePage'),
          '400': error('A bad query parameter'),
          ...common,
        },
      },
    },
    '/clauses/review-queue': {
      get: {
        summary: 'Audit log of clause review decisions',
        parameters: queryParameters(components, wire.pageQuery),
        responses: {
          '200': ok(wire.clauseReviewPage, 'ClauseReviewPage'),
          '400': error('A bad query parameter'),
          ...common,
        },
      },
    },
    '/clauses/{id}/review': {
      post: {
        summary: 'Review the annotation of a clause',
        description:
          '`accepted` marks it human-verified, `rejected` leaves it out of retrieval, `re_annotated` runs pass 2 again. ' +
          "With CAE_API_TOKENS set, the reviewer recorded is the name of the caller's token (`name:token` entries), not the body's `reviewer`.",
        parameters: [idParam('Clause id')],
        requestBody: body(wire.clauseReviewRequest, 'ClauseReviewRequest'),
        responses: {
          '200': ok(wire.clauseReviewRecord, 'ClauseReviewRecord', 'The review record'),
          '400': error('`decision` invalid'),
          '404': error('Clause not found'),
          ...common,
        },
      },
    },
    '/review-queue': {
      get: {
        summary: 'Pending content reviews',
        parameters: queryParameters(components, wire.reviewQueueQuery),
        responses: {
          '200': ok(wire.contentReviewPage, 'ContentReviewPage'),
          '400': error('A bad query parameter'),
          ...common,
        },
      },
      post: {
        summary: 'Quarantine content for review (not in engine-api.md)',
        description:
          'Any client may queue generated or untrusted content; it stays pending until a human decides.',
        requestBody: body(wire.enqueueContentRequest, 'EnqueueContentRequest'),
        responses: {
          '201': ok(wire.contentReviewItem, 'ContentReviewItem', 'The new pending row'),
          '400': error('`content` missing or empty'),
          ...common,
        },
      },
    },
    '/review-queue/{id}/decide': {
      post: {
        summary: 'Approve, reject or edit quarantined content',
        description:
          'Approve and edit compile the (edited) text and store it as `generated`; the response carries those clauses. ' +
          "With CAE_API_TOKENS set, the reviewer recorded is the name of the caller's token, not the body's `reviewer`.",
        parameters: [idParam('Queue row id')],
        requestBody: body(wire.decideContentRequest, 'DecideContentRequest'),
        responses: {
          '200': ok(wire.decideContentResponse, 'DecideContentResponse'),
          '400': error('`decision` invalid, or `edit` without `edited_text`'),
          '404': error('Review item not found'),
          '409': error('The item was already decided'),
          ...common,
        },
      },
    },
    '/graph/nodes': {
      get: {
        summary: 'Clause graph nodes',
        parameters: [documentParam],
        responses: { '200': ok(wire.graphNodes, 'GraphNodes'), ...common },
      },
    },
    '/graph/edges': {
      get: {
        summary: 'Clause graph edges (structural and semantic)',
        parameters: [documentParam],
        responses: { '200': ok(wire.graphEdges, 'GraphEdges'), ...common },
      },
    },
  };

  return {
    openapi: '3.1.0',
    info: {
      title: 'Clause Annotation Engine API',
      version: '0.1.0',
      description:
        'Compile text into SFL-annotated clauses, retrieve them with linguistic filters, answer with citations and review annotations.',
    },
    ...(serverUrl ? { servers: [{ url: serverUrl }] } : {}),
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'Needed when CAE_API_TOKENS is set.' },
      },
    },
    security: [{ bearer: [] }],
  };
}
