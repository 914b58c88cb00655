import { z } from 'zod';
import { InvalidRequestError } from './errors/invalid-request-error';
import { parseRequest } from './errors/to-cae-error';
import { markParsed } from './parse-once';
import {
  AnnotatedClauseSchema,
  ClauseAnnotationSchema,
  IdeationalSchema,
  InterpersonalSchema,
  ReasoningTraceSchema,
  SyntacticSchema,
  TextualSchema,
} from './schemas/clause';
import {
  ClausePageSchema,
  ClauseReviewPageSchema,
  CompileRequestSchema,
  ContentReviewPageSchema,
  DecideContentResponseSchema,
  GraphQuerySchema,
  IngestDocumentSchema,
  IngestResponseSchema,
  ListClausesQuerySchema,
  PageQuerySchema,
  ReviewQueueQuerySchema,
} from './schemas/engine-api';
import { ErrorBodySchema } from './schemas/error-body';
import { GraphEdgeSchema, GraphNodeSchema } from './schemas/graph';
import {
  RetrievalFiltersSchema,
  RetrievalResultSchema,
  RetrieveRequestSchema,
  RetrieveResponseSchema,
  SynthesizeRequestSchema,
  SynthesizeResponseSchema,
} from './schemas/retrieval';
import {
  ClauseReviewRecordSchema,
  ClauseReviewRequestSchema,
  ContentReviewItemSchema,
  DecideContentRequestSchema,
  EnqueueContentRequestSchema,
} from './schemas/review';

/** `documentId` -> `document_id`. */
export function snakeCase(key: string): string {
  return key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/** `document_id` -> `documentId`. */
export function camelCase(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());
}

type SnakeKey<S extends string> = S extends `${infer Head}${infer Tail}`
  ? Head extends Lowercase<Head>
    ? `${Head}${SnakeKey<Tail>}`
    : `_${Lowercase<Head>}${SnakeKey<Tail>}`
  : S;

/** The wire (snake_case) form of an internal camelCase type; string-keyed records stay as they are. */
export type Wire<T> = T extends readonly (infer Item)[]
  ? Wire<Item>[]
  : T extends Date
    ? T
    : T extends object
      ? string extends keyof T
        ? T
        : { [K in keyof T as K extends string ? SnakeKey<K> : K]: Wire<T[K]> }
      : T;

// zod 4 keeps a schema's structure in `_zod.def`; only the kinds our schemas use are walked.
interface SchemaDef {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  options?: z.ZodType[];
  in?: z.ZodType;
  out?: z.ZodType;
}
const defOf = (schema: z.ZodType): SchemaDef => (schema as unknown as { _zod: { def: SchemaDef } })._zod.def;

type Direction = 'toWire' | 'fromWire';

function walk(schema: z.ZodType, value: unknown, direction: Direction): unknown {
  if (value === null || value === undefined) return value;
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      if (typeof value !== 'object' || Array.isArray(value)) return value;
      const shape = def.shape ?? {};
      const out: Record<string, unknown> = {};
      // Own properties only: a key such as `constructor` or `__proto__` must not find Object's members.
      const memberOf = (key: string) => (Object.hasOwn(shape, key) ? shape[key] : undefined);
      const put = (key: string, member: unknown) =>
        Object.defineProperty(out, key, {
          value: member,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      for (const [key, member] of Object.entries(value as Record<string, unknown>)) {
        if (member === undefined) continue;
        if (direction === 'toWire') {
          const memberSchema = memberOf(key);
          put(snakeCase(key), memberSchema ? walk(memberSchema, member, direction) : member);
          continue;
        }
        const internalKey = camelCase(key);
        const memberSchema = memberOf(internalKey);
        if (memberSchema && snakeCase(internalKey) === key) {
          put(internalKey, walk(memberSchema, member, direction));
        } else {
          // Not a wire name (e.g. a camelCase key): never let it pass as the field it resembles.
          put(memberOf(internalKey) ? `${key} (not a wire name)` : key, member);
        }
      }
      return out;
    }
    case 'array':
      return Array.isArray(value) && def.element
        ? value.map((item) => walk(def.element!, item, direction))
        : value;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return def.innerType ? walk(def.innerType, value, direction) : value;
    case 'pipe':
      return walk((direction === 'toWire' ? def.out : def.in) ?? schema, value, direction);
    case 'union': {
      for (const option of def.options ?? []) {
        const candidate = walk(option, value, direction);
        const internal = direction === 'toWire' ? value : candidate;
        if (option.safeParse(internal).success) return candidate;
      }
      return value;
    }
    default:
      return value;
  }
}

/** Serializes an internal (camelCase) value to its wire (snake_case) shape, guided by its schema. */
export function toWire<S extends z.ZodType>(schema: S, value: z.output<S>): Wire<z.output<S>> {
  return walk(schema, value, 'toWire') as Wire<z.output<S>>;
}

/**
 * The wire path of the first string (value or key) holding U+0000, which no Postgres text or JSON
 * column can store, or null. Iterative, so a body nested thousands deep cannot overflow the stack.
 */
function pathOfNul(input: unknown): string | null {
  const stack: [unknown, string][] = [[input, '']];
  while (stack.length > 0) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return path;
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => {
        stack.push([item, path ? `${path}.${index}` : String(index)]);
      });
    } else if (value !== null && typeof value === 'object') {
      for (const [key, member] of Object.entries(value)) {
        const at = path ? `${path}.${key}` : key;
        if (key.includes('\u0000')) return at;
        stack.push([member, at]);
      }
    }
  }
  return null;
}

/**
 * Parses a wire (snake_case) value into the internal type, validating it; when invalid, throws an
 * InvalidRequestError (400) naming the wire field (`filters.min_modality`, not `minModality`) and
 * saying "must be a string" for a wrong type, "is required" for a missing field.
 */
export function fromWire<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = parseRequest(schema, walk(schema, input, 'fromWire'), snakeCase);
  // Checked on what was parsed: unknown fields are dropped and never stored, so they may hold anything.
  const nul = pathOfNul(parsed);
  if (nul !== null) {
    const field = nul.split('.').map(snakeCase).join('.') || 'the body';
    throw new InvalidRequestError(`${field}: must not contain the NUL character (U+0000)`, {
      details: [{ path: field, message: 'must not contain the NUL character (U+0000)' }],
    });
  }
  // Marked as parsed, so the engine behind the HTTP boundary does not parse the same request again.
  return markParsed(schema, parsed);
}

/** Like fromWire, but returns zod's safeParse result instead of throwing. */
export function safeFromWire<S extends z.ZodType>(schema: S, input: unknown) {
  return schema.safeParse(walk(schema, input, 'fromWire'));
}

type JsonSchema = Record<string, unknown>;

function renameProperties(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(renameProperties);
  if (node === null || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, member] of Object.entries(node as JsonSchema)) {
    if (key === 'properties' && member && typeof member === 'object') {
      out[key] = Object.fromEntries(
        Object.entries(member as JsonSchema).map(([name, sub]) => [snakeCase(name), renameProperties(sub)]),
      );
    } else if (key === 'required' && Array.isArray(member)) {
      out[key] = member.map((name) => (typeof name === 'string' ? snakeCase(name) : name));
    } else {
      out[key] = renameProperties(member);
    }
  }
  return out;
}

/**
 * JSON Schema (draft 2020-12) of a resource's wire shape, with every field's description:
 * what the engine app publishes in its OpenAPI document.
 */
export function wireJsonSchema(schema: z.ZodType, io: 'input' | 'output' = 'output'): JsonSchema {
  return renameProperties(
    z.toJSONSchema(schema, { io, unrepresentable: 'any', reused: 'inline' }),
  ) as JsonSchema;
}

/** A resource's schema bound to its serializer. */
export interface WireCodec<S extends z.ZodType> {
  readonly schema: S;
  toWire(value: z.output<S>): Wire<z.output<S>>;
  fromWire(input: unknown): z.output<S>;
  jsonSchema(io?: 'input' | 'output'): JsonSchema;
}

/** Binds a schema to toWire/fromWire/jsonSchema. */
export function createWireCodec<S extends z.ZodType>(schema: S): WireCodec<S> {
  return {
    schema,
    toWire: (value) => toWire(schema, value),
    fromWire: (input) => fromWire(schema, input),
    jsonSchema: (io = 'output') => wireJsonSchema(schema, io),
  };
}

/** One codec per resource and request of engine-api.md: the only place field names are mapped. */
export const wire = {
  annotatedClause: createWireCodec(AnnotatedClauseSchema),
  annotatedClauses: createWireCodec(z.array(AnnotatedClauseSchema)),
  syntactic: createWireCodec(SyntacticSchema),
  ideational: createWireCodec(IdeationalSchema),
  interpersonal: createWireCodec(InterpersonalSchema),
  reasoningTrace: createWireCodec(ReasoningTraceSchema),
  textual: createWireCodec(TextualSchema),
  clauseAnnotation: createWireCodec(ClauseAnnotationSchema),
  retrievalFilters: createWireCodec(RetrievalFiltersSchema),
  retrievalResult: createWireCodec(RetrievalResultSchema),
  retrieveRequest: createWireCodec(RetrieveRequestSchema),
  retrieveResponse: createWireCodec(RetrieveResponseSchema),
  synthesizeRequest: createWireCodec(SynthesizeRequestSchema),
  synthesizeResponse: createWireCodec(SynthesizeResponseSchema),
  compileRequest: createWireCodec(CompileRequestSchema),
  ingestDocument: createWireCodec(IngestDocumentSchema),
  ingestDocuments: createWireCodec(z.array(IngestDocumentSchema)),
  ingestResponse: createWireCodec(IngestResponseSchema),
  listClausesQuery: createWireCodec(ListClausesQuerySchema),
  pageQuery: createWireCodec(PageQuerySchema),
  reviewQueueQuery: createWireCodec(ReviewQueueQuerySchema),
  graphQuery: createWireCodec(GraphQuerySchema),
  clausePage: createWireCodec(ClausePageSchema),
  clauseReviewRequest: createWireCodec(ClauseReviewRequestSchema),
  clauseReviewRecord: createWireCodec(ClauseReviewRecordSchema),
  clauseReviewPage: createWireCodec(ClauseReviewPageSchema),
  enqueueContentRequest: createWireCodec(EnqueueContentRequestSchema),
  contentReviewItem: createWireCodec(ContentReviewItemSchema),
  contentReviewPage: createWireCodec(ContentReviewPageSchema),
  decideContentRequest: createWireCodec(DecideContentRequestSchema),
  decideContentResponse: createWireCodec(DecideContentResponseSchema),
  graphNode: createWireCodec(GraphNodeSchema),
  graphNodes: createWireCodec(z.array(GraphNodeSchema)),
  graphEdge: createWireCodec(GraphEdgeSchema),
  graphEdges: createWireCodec(z.array(GraphEdgeSchema)),
  errorBody: createWireCodec(ErrorBodySchema),
} as const;
