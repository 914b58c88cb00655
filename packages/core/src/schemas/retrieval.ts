import { z } from 'zod';
import { AnnotationSourceSchema, ModalityTypeSchema, MoodSchema, ProcessTypeSchema } from '../enums';

/** Most results a retrieve or synthesize request may ask for. */
export const MAX_RETRIEVE_LIMIT = 200;

const unit = (description: string) => z.number().min(0).max(1).meta({ description });

/** Scalar filters of retrieval and synthesis; all optional. */
export const RetrievalFiltersSchema = z
  .object({
    mood: MoodSchema.optional(),
    processType: ProcessTypeSchema.optional(),
    sourceType: z
      .string()
      .min(1)
      .optional()
      .meta({ description: 'Where the text came from, e.g. document.' }),
    minModality: unit('Lowest modality weight.').optional(),
    maxModality: unit('Highest modality weight.').optional(),
    modalityType: ModalityTypeSchema.optional().meta({
      description:
        'Only modalised clauses of this modality type (probability, usuality, obligation, inclination); with min_modality 0.8, "every obligation". An extension of the spec.',
    }),
    minTenor: unit('Lowest tenor.').optional(),
    maxTenor: unit('Highest tenor.').optional(),
    documentId: z.string().min(1).optional().meta({ description: 'Only clauses of this document.' }),
    annotationSource: AnnotationSourceSchema.optional(),
    includeRejected: z.boolean().optional().meta({
      description: 'Also return clauses whose annotation a reviewer rejected (left out by default).',
    }),
  })
  .strict()
  .refine(
    (f) => f.minModality === undefined || f.maxModality === undefined || f.minModality <= f.maxModality,
    {
      message: 'min_modality must not exceed max_modality',
      path: ['minModality'],
    },
  )
  .refine((f) => f.minTenor === undefined || f.maxTenor === undefined || f.minTenor <= f.maxTenor, {
    message: 'min_tenor must not exceed max_tenor',
    path: ['minTenor'],
  })
  .meta({ id: 'RetrievalFilters' });
export type RetrievalFilters = z.infer<typeof RetrievalFiltersSchema>;

/** One retrieved clause with its fused score and the ranks that made it. */
export const RetrievalResultSchema = z
  .object({
    clauseId: z.string().meta({ description: 'Clause identifier.' }),
    text: z.string().meta({ description: 'Clause text.' }),
    documentId: z.string().meta({ description: 'Owning document.' }),
    rrfScore: z.number().min(0).meta({
      description:
        "Fused score. With fusion rrf: sum over the lists of w_list / (k + rank); with fusion minmax: sum over the lists of w_list x (score - min) / (max - min), over each list's own scores; w_list the weight of the list (see weights and fusion).",
    }),
    semanticRank: z
      .number()
      .int()
      .min(1)
      .nullable()
      .meta({ description: 'Rank in the vector list, null if absent.' }),
    keywordRank: z
      .number()
      .int()
      .min(1)
      .nullable()
      .meta({ description: 'Rank in the keyword list, null if absent.' }),
    mood: MoodSchema,
    tenor: unit('Tenor of the clause.'),
    processType: ProcessTypeSchema,
    modalityWeight: unit('Modality weight of the clause.'),
    annotationSource: AnnotationSourceSchema,
    untrusted: z.boolean().meta({ description: 'The clause text came from an untrusted source.' }),
    parentClauseId: z.string().nullable().meta({ description: 'Parent clause, null when independent.' }),
  })
  .meta({ id: 'RetrievalResult' });
export type RetrievalResult = z.infer<typeof RetrievalResultSchema>;

const query = z
  .string({ error: 'query is required' })
  .refine((text) => text.trim().length > 0, { message: 'query must not be empty' })
  .meta({ description: 'Search query or question.' });
const limit = z
  .number()
  .int()
  .min(1)
  .max(MAX_RETRIEVE_LIMIT)
  .default(10)
  .meta({ description: `Maximum results, 1 to ${MAX_RETRIEVE_LIMIT}.` });

const listWeight = (list: string) =>
  z
    .number()
    .min(0)
    .max(100)
    .optional()
    .meta({ description: `Weight of the ${list} list in the fusion, 0 to 100.` });

/** Weights of the fused lists for one request (an extension of the spec). */
export const FusionWeightsSchema = z
  .object({ vector: listWeight('vector (semantic)'), keyword: listWeight('keyword (BM25)') })
  .strict()
  .refine((weights) => !(weights.vector === 0 && weights.keyword === 0), {
    message: 'weights.vector and weights.keyword must not both be 0',
    path: ['vector'],
  })
  .meta({
    id: 'FusionWeights',
    description:
      "Weights of the fused lists: a clause scores sum over the lists of w_list / (k + rank) (fusion rrf) or w_list x (score - min) / (max - min) (fusion minmax). A weight left out keeps the engine's default, which its embedder declares (the local word-vector embedder: rrf, vector 0.015, keyword 1, or with fusionMethod minmax vector 0.05; an OpenAI-compatible one: rrf, 1 and 1). An extension of the spec.",
  });
export type FusionWeightsInput = z.infer<typeof FusionWeightsSchema>;
export type FusionMethodInput = z.infer<typeof FusionMethodSchema>;

/** How one request fuses the lists (an extension of the spec). */
export const FusionMethodSchema = z
  .enum(['rrf', 'minmax'], { error: "fusion must be 'rrf' or 'minmax'" })
  .meta({
    id: 'FusionMethod',
    description:
      "rrf: weighted reciprocal rank fusion, sum over the lists of w_list / (k + rank); minmax: weighted min-max score fusion, sum over the lists of w_list x (score - min) / (max - min), min and max over the list's own candidates. Left out: the engine's default, which its embedder declares (rrf for the local word-vector embedder and an OpenAI-compatible one). An extension of the spec.",
  });

/** Body of POST /retrieve. */
export const RetrieveRequestSchema = z
  .object({
    query,
    limit,
    filters: RetrievalFiltersSchema.default({}),
    weights: FusionWeightsSchema.optional(),
    fusion: FusionMethodSchema.optional(),
  })
  .meta({ id: 'RetrieveRequest' });
export type RetrieveRequest = z.infer<typeof RetrieveRequestSchema>;
export type RetrieveRequestInput = z.input<typeof RetrieveRequestSchema>;

/** Response of POST /retrieve. */
export const RetrieveResponseSchema = z
  .object({
    query: z.string().meta({ description: 'The query as sent.' }),
    results: z.array(RetrievalResultSchema).meta({ description: 'Results, best first.' }),
    count: z.number().int().min(0).meta({ description: 'Number of results.' }),
  })
  .meta({ id: 'RetrieveResponse' });
export type RetrieveResponse = z.infer<typeof RetrieveResponseSchema>;

/** Body of POST /synthesize. */
export const SynthesizeRequestSchema = z
  .object({
    query,
    filters: RetrievalFiltersSchema.default({}),
    limit,
    includeFallback: z
      .boolean()
      .default(false)
      .meta({ description: 'Let the generator answer from general knowledge when the context misses.' }),
    expandAncestors: z
      .boolean()
      .default(false)
      .meta({ description: 'Expand child clauses to their parents.' }),
    weights: FusionWeightsSchema.optional(),
    fusion: FusionMethodSchema.optional(),
  })
  .meta({ id: 'SynthesizeRequest' });
export type SynthesizeRequest = z.infer<typeof SynthesizeRequestSchema>;
export type SynthesizeRequestInput = z.input<typeof SynthesizeRequestSchema>;

/** Response of POST /synthesize. */
export const SynthesizeResponseSchema = z
  .object({
    query: z.string().meta({ description: 'The question as sent.' }),
    answer: z.string().meta({
      description:
        'The synthesized answer, citing clauses as [n]. Without a language model: the best answering sentences quoted whole, or a sentence saying that no supporting clause was found.',
    }),
    citedClauseIds: z.array(z.string()).meta({
      description: 'Ids of the context clauses the answer cites, in citation order: [n] is the n-th.',
    }),
    clauses: z.array(RetrievalResultSchema).meta({
      description:
        'The retrieved context clauses: the cited ones first, in citation order (so [n] is also the n-th here), then the others best first.',
    }),
    retrievedCount: z.number().int().min(0).meta({ description: 'Number of context clauses.' }),
    confidence: unit(
      'Confidence of the answer, from how much of the question the cited clauses hold and how well retrieval backs them; 0 when nothing supports an answer.',
    ),
    usedFallback: z
      .boolean()
      .default(false)
      .meta({ description: 'The answer came from general knowledge, not the context; it cites nothing.' }),
    reviewItemId: z
      .string()
      .nullable()
      .default(null)
      .meta({ description: 'Content review queue row holding a fallback answer, when one was queued.' }),
  })
  .meta({ id: 'SynthesizeResponse' });
export type SynthesizeResponse = z.infer<typeof SynthesizeResponseSchema>;
