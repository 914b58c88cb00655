import { z } from 'zod';
import {
  AnnotationSourceSchema,
  ContentModalitySchema,
  ModalityTypeSchema,
  MoodSchema,
  ProcessTypeSchema,
  TextFormatSchema,
} from '../enums';
import { ERROR_CODES } from '../errors/cae-error';
import { AnnotatedClauseSchema } from './clause';
import { ClauseReviewRecordSchema, ContentReviewItemSchema } from './review';

/** Largest page a list route serves. */
export const MAX_PAGE_LIMIT = 500;

/** Body of POST /pipeline/compile. */
export const CompileRequestSchema = z
  .object({
    text: z
      .string({ error: 'text is required' })
      .refine((text) => text.trim().length > 0, { message: 'text must not be empty' })
      .meta({ description: 'Text to compile.' }),
    documentId: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .meta({ description: 'Document identifier; default `api-` followed by a generated UUID.' }),
    store: z.boolean().default(false).meta({ description: 'Persist the clauses.' }),
    embed: z.boolean().default(false).meta({ description: 'Generate vector embeddings (implies store).' }),
    sourceType: z
      .string()
      .min(1)
      .max(100)
      .default('document')
      .meta({ description: 'Where the text came from; anything but document marks the clauses untrusted.' }),
    annotator: z.enum(['rules', 'llm']).optional().meta({
      description: 'Pass 2 annotator; llm needs a configured provider. Default from CAE_ANNOTATOR.',
    }),
    format: TextFormatSchema.default('text'),
  })
  .meta({ id: 'CompileRequest' });
export type CompileRequest = z.infer<typeof CompileRequestSchema>;
export type CompileRequestInput = z.input<typeof CompileRequestSchema>;

/**
 * One document of POST /pipeline/ingest (an extension of the spec): a compile request whose `store`
 * defaults to true, as the route exists to store documents.
 */
export const IngestDocumentSchema = CompileRequestSchema.extend({
  store: z.boolean().default(true).meta({ description: 'Persist the clauses (default true on this route).' }),
}).meta({ id: 'IngestDocument' });
export type IngestDocument = z.infer<typeof IngestDocumentSchema>;
export type IngestDocumentInput = z.input<typeof IngestDocumentSchema>;

/** The result of one document of POST /pipeline/ingest. */
export const IngestResultSchema = z
  .object({
    index: z
      .number()
      .int()
      .min(0)
      .meta({ description: 'Position of the document in the request (array index or NDJSON line, from 0).' }),
    documentId: z.string().nullable().meta({
      description: 'The document id (given or generated); null when the document could not be read.',
    }),
    status: z.enum(['stored', 'compiled', 'failed']).meta({
      description:
        '`stored` (written in full), `compiled` (`store` and `embed` false: nothing written) or `failed` (nothing of it written).',
    }),
    clauseCount: z
      .number()
      .int()
      .min(0)
      .meta({ description: 'Clauses compiled (and stored); 0 when failed.' }),
    embedded: z.boolean().meta({ description: 'Whether its clauses were stored with embeddings.' }),
    error: z
      .object({
        code: z.enum(ERROR_CODES).meta({ description: 'Stable machine-readable code.' }),
        message: z.string().meta({ description: 'What went wrong, naming the wire field.' }),
        status: z
          .number()
          .int()
          .meta({ description: 'The HTTP status the document would get alone from POST /pipeline/compile.' }),
        details: z.unknown().optional().meta({ description: 'Structured details, e.g. the invalid fields.' }),
      })
      .optional()
      .meta({
        description: 'Why the document failed (only when `status` is `failed`): the error body of the spec.',
      }),
  })
  .meta({ id: 'IngestResult' });
export type IngestResult = z.infer<typeof IngestResultSchema>;

/** Response of POST /pipeline/ingest. */
export const IngestResponseSchema = z
  .object({
    results: z.array(IngestResultSchema).meta({ description: 'One result per document, in request order.' }),
    stored: z.number().int().min(0).meta({ description: 'Documents written.' }),
    failed: z.number().int().min(0).meta({ description: 'Documents that failed (nothing of them written).' }),
    clauseCount: z
      .number()
      .int()
      .min(0)
      .meta({ description: 'Clauses compiled over the documents that did not fail.' }),
  })
  .meta({ id: 'IngestResponse' });
export type IngestResponse = z.infer<typeof IngestResponseSchema>;

const pageLimit = z.coerce
  .number()
  .int()
  .min(1)
  .max(MAX_PAGE_LIMIT)
  .default(50)
  .meta({ description: `Page size, 1 to ${MAX_PAGE_LIMIT}.` });
const pageOffset = z.coerce.number().int().min(0).default(0).meta({ description: 'Page offset.' });
const unitParam = (description: string) => z.coerce.number().min(0).max(1).optional().meta({ description });

/** Query of the paged list routes. */
export const PageQuerySchema = z.object({ limit: pageLimit, offset: pageOffset }).meta({ id: 'PageQuery' });
export type PageQuery = z.infer<typeof PageQuerySchema>;

/** Query of GET /clauses. */
export const ListClausesQuerySchema = z
  .object({
    documentId: z.string().min(1).optional().meta({ description: 'Only clauses of this document.' }),
    annotationSource: AnnotationSourceSchema.optional(),
    limit: pageLimit,
    offset: pageOffset,
    sourceType: z.string().min(1).optional().meta({ description: 'Only clauses of this source type.' }),
    mood: MoodSchema.optional(),
    processType: ProcessTypeSchema.optional(),
    minModality: unitParam('Lowest modality weight.'),
    maxModality: unitParam('Highest modality weight.'),
    modalityType: ModalityTypeSchema.optional().meta({
      description: 'Only modalised clauses of this modality type (an extension of the spec).',
    }),
    minTenor: unitParam('Lowest tenor.'),
    maxTenor: unitParam('Highest tenor.'),
  })
  .meta({ id: 'ListClausesQuery' });
export type ListClausesQuery = z.infer<typeof ListClausesQuerySchema>;
export type ListClausesQueryInput = z.input<typeof ListClausesQuerySchema>;

/** Query of GET /review-queue. */
export const ReviewQueueQuerySchema = z
  .object({ modality: ContentModalitySchema.optional(), limit: pageLimit, offset: pageOffset })
  .meta({ id: 'ReviewQueueQuery' });
export type ReviewQueueQuery = z.infer<typeof ReviewQueueQuerySchema>;

/** Query of GET /graph/nodes and GET /graph/edges. */
export const GraphQuerySchema = z
  .object({ documentId: z.string().min(1).optional().meta({ description: 'Only this document.' }) })
  .meta({ id: 'GraphQuery' });
export type GraphQuery = z.infer<typeof GraphQuerySchema>;

const pageFields = {
  total: z.number().int().min(0).meta({ description: 'Rows matching, over all pages.' }),
  limit: z.number().int().meta({ description: 'Page size used.' }),
  offset: z.number().int().meta({ description: 'Offset used.' }),
};

/** Response of GET /clauses. */
export const ClausePageSchema = z
  .object({
    clauses: z.array(AnnotatedClauseSchema).meta({ description: 'The page of clauses.' }),
    ...pageFields,
  })
  .meta({ id: 'ClausePage' });
export type ClausePage = z.infer<typeof ClausePageSchema>;

/** Response of GET /clauses/review-queue. */
export const ClauseReviewPageSchema = z
  .object({
    clauses: z
      .array(ClauseReviewRecordSchema)
      .meta({ description: 'The page of review records, newest first.' }),
    ...pageFields,
  })
  .meta({ id: 'ClauseReviewPage' });
export type ClauseReviewPage = z.infer<typeof ClauseReviewPageSchema>;

/** Response of GET /review-queue. */
export const ContentReviewPageSchema = z
  .object({
    items: z.array(ContentReviewItemSchema).meta({ description: 'The page of queue rows, oldest first.' }),
    ...pageFields,
  })
  .meta({ id: 'ContentReviewPage' });
export type ContentReviewPage = z.infer<typeof ContentReviewPageSchema>;

/** Response of POST /review-queue/:id/decide. */
export const DecideContentResponseSchema = z
  .object({
    review: ContentReviewItemSchema,
    clauses: z
      .array(AnnotatedClauseSchema)
      .meta({ description: 'Clauses compiled and stored from the approved or edited text.' }),
  })
  .meta({ id: 'DecideContentResponse' });
export type DecideContentResponse = z.infer<typeof DecideContentResponseSchema>;

/** Response of GET /health. */
export const HealthResponseSchema = z.object({ status: z.literal('ok') }).meta({ id: 'HealthResponse' });
export type HealthResponse = z.infer<typeof HealthResponseSchema>;
