import { wire } from '@cae/core';
import { collectSchema, type JsonSchemaSource, queryParameters } from '@cae/http';

type Json = Record<string, unknown>;
type Codec = JsonSchemaSource;
const collect = collectSchema;

/** The OpenAPI 3.1 document of the engine, generated from the @cae/core schemas the routes parse with. */
export function buildOpenApiDocument(serverUrl?: string): Json {
  const components: Json = {};
  const body = (codec: Codec, name: string, example?: Json) => ({
    required: true,
    content: {
      'application/json': {
        schema: collect(components, codec, 'input', name),
        ...(example ? { example } : {}),
      },
    },
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

  const html = (description: string) => ({
    description,
    content: { 'text/html': { schema: { type: 'string' } } },
  });
  const paths: Json = {
    '/': {
      get: {
        operationId: 'redirectToConsole',
        summary: 'Redirect to the review console',
        security: [],
        responses: { '302': { description: 'Location: console/ (the review console)' } },
      },
    },
    '/console/': {
      get: {
        operationId: 'getConsole',
        summary: 'The review console (a web page for reviewers; its assets follow under /console/)',
        description:
          'Open without a token: the page holds no data and asks for the caller token, which it keeps in session storage and sends to the API routes. `GET /console` redirects here.',
        security: [],
        responses: {
          '200': html('The console page'),
          '503': error('The console was not built (run pnpm build)'),
        },
      },
    },
    '/health': {
      get: {
        operationId: 'health',
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
        operationId: 'compile',
        summary: 'Compile text into annotated clauses',
        description:
          'Two-pass pipeline; `store` persists the clauses, `embed` also embeds them (and implies store). `format` (an extension of engine-api) compiles Markdown or HTML from their visible prose; clause offsets then refer to the extracted text.',
        requestBody: body(wire.compileRequest, 'CompileRequest', {
          text: '# Deposit\n\nThe tenant **must** pay the deposit. Did the landlord return it?',
          document_id: 'lease',
          format: 'markdown',
          store: true,
          embed: true,
        }),
        responses: {
          '200': ok(wire.annotatedClauses, 'AnnotatedClauses', 'The annotated clauses, in document order'),
          '400': error(
            '`text` missing or empty, `format` not one of text, markdown, html, or another invalid field',
          ),
          ...common,
          '413': error('Text over CAE_MAX_TEXT_LENGTH characters, or body over CAE_MAX_BODY_BYTES'),
        },
      },
    },
    '/pipeline/ingest': {
      post: {
        operationId: 'ingest',
        summary: 'Compile and store many documents, with a result per document (an extension of engine-api)',
        description:
          'The body is a JSON array of documents, or NDJSON (content type `application/x-ndjson`: one document per line, blank lines skipped). ' +
          'Each document has the fields of `POST /pipeline/compile`, but `store` defaults to true. ' +
          'Each document stands alone: one that is invalid, fails to compile or fails to be written gets `status: failed` and an `error` ' +
          '(the error body of the spec, naming the wire field, with the status it would get alone) and nothing of it is written, while the others land. ' +
          'Documents are written in groups of 64 per transaction; a group that fails is written again one document per transaction. ' +
          'The answer is 200 whenever the body could be read, even if every document failed: check `failed`. ' +
          'A request is refused as a whole (400) when the body is not a JSON array or holds no documents, and (413) over CAE_MAX_INGEST_DOCUMENTS documents (default 1,000) or CAE_MAX_INGEST_BYTES bytes (default 32 MiB).',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: collect(components, wire.ingestDocuments, 'input', 'IngestDocuments'),
              example: [
                { text: 'The tenant must pay the deposit.', document_id: 'lease', embed: true },
                { text: '# Rules\n\nVisitors may not smoke.', document_id: 'rules', format: 'markdown' },
              ],
            },
            'application/x-ndjson': {
              schema: {
                type: 'string',
                description:
                  'One IngestDocument as JSON per line (NDJSON); a line that is not JSON fails alone.',
              },
              example:
                '{"text": "The tenant must pay the deposit.", "document_id": "lease", "embed": true}\n' +
                '{"text": "Visitors may not smoke.", "document_id": "rules"}\n',
            },
          },
        },
        responses: {
          '200': ok(wire.ingestResponse, 'IngestResponse', 'A result per document, in request order'),
          '400': error('The body is not a JSON array (or NDJSON) of documents, or holds none'),
          ...common,
          '413': error(
            'Over CAE_MAX_INGEST_DOCUMENTS documents (default 1,000) or CAE_MAX_INGEST_BYTES bytes (default 32 MiB) in one request',
          ),
        },
      },
    },
    '/retrieve': {
      post: {
        operationId: 'retrieve',
        summary: 'Hybrid retrieval with linguistic filters',
        description:
          "Vector and keyword (BM25) lists fused by weighted reciprocal rank fusion: `rrf_score = sum over the lists of w_list / (k + rank)`, k 60. The weights default to the embedder's (local word-vector embedder: vector 0.015, keyword 1; OpenAI-compatible embedder: 1 and 1); `weights` (an extension of engine-api) overrides them for one request.",
        requestBody: body(wire.retrieveRequest, 'RetrieveRequest', {
          query: 'who pays the deposit',
          filters: { mood: 'declarative', min_modality: 0.8 },
          limit: 5,
          weights: { vector: 0.5, keyword: 1 },
        }),
        responses: {
          '200': ok(wire.retrieveResponse, 'RetrieveResponse'),
          '400': error(
            '`query` missing or empty, a bad filter, or a `weights` entry not from 0 to 100 (or both 0)',
          ),
          ...common,
        },
      },
    },
    '/synthesize': {
      post: {
        operationId: 'synthesize',
        summary: 'Answer a question with cited clauses',
        description:
          'The context clauses are retrieved as by `POST /retrieve`; `weights` (an extension of engine-api) sets the fusion weights of that retrieval.',
        requestBody: body(wire.synthesizeRequest, 'SynthesizeRequest', {
          query: 'Who must pay the deposit?',
        }),
        responses: {
          '200': ok(wire.synthesizeResponse, 'SynthesizeResponse'),
          '400': error('`query` missing or empty, or a bad `weights` entry'),
          ...common,
        },
      },
    },
    '/clauses': {
      get: {
        operationId: 'listClauses',
        summary: 'List stored clauses',
        parameters: queryParameters(wire.listClausesQuery),
        responses: {
          '200': ok(wire.clausePage, 'ClausePage'),
          '400': error('A bad query parameter'),
          ...common,
        },
      },
    },
    '/clauses/review-queue': {
      get: {
        operationId: 'listClauseReviews',
        summary: 'Audit log of clause review decisions',
        parameters: queryParameters(wire.pageQuery),
        responses: {
          '200': ok(wire.clauseReviewPage, 'ClauseReviewPage'),
          '400': error('A bad query parameter'),
          ...common,
        },
      },
    },
    '/clauses/{id}/review': {
      post: {
        operationId: 'reviewClause',
        summary: 'Review the annotation of a clause',
        description:
          '`accepted` marks it human-verified, `rejected` leaves it out of retrieval, `re_annotated` runs pass 2 again. ' +
          "With CAE_API_TOKENS set, the reviewer recorded is the name of the caller's token (`name:token` entries), not the body's `reviewer`.",
        parameters: [idParam('Clause id')],
        requestBody: body(wire.clauseReviewRequest, 'ClauseReviewRequest', {
          decision: 'accepted',
          reviewer: 'ana',
        }),
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
        operationId: 'listContentReviews',
        summary: 'Pending content reviews',
        parameters: queryParameters(wire.reviewQueueQuery),
        responses: {
          '200': ok(wire.contentReviewPage, 'ContentReviewPage'),
          '400': error('A bad query parameter'),
          ...common,
        },
      },
      post: {
        operationId: 'enqueueContent',
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
        operationId: 'decideContentReview',
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
        operationId: 'graphNodes',
        summary: 'Clause graph nodes',
        parameters: [documentParam],
        responses: { '200': ok(wire.graphNodes, 'GraphNodes'), ...common },
      },
    },
    '/graph/edges': {
      get: {
        operationId: 'graphEdges',
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
    servers: [
      {
        url: serverUrl ?? 'http://127.0.0.1:3001',
        description: serverUrl
          ? 'This server'
          : 'The engine as `pnpm start` or `cae serve` runs it (HOST, PORT)',
      },
    ],
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
