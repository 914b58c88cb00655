import { z } from 'zod';
import {
  ClauseReviewDecisionSchema,
  ContentModalitySchema,
  QueueDecisionSchema,
  QueueStatusSchema,
} from '../enums';
import { ClauseAnnotationSchema } from './clause';

const isoTime = (description: string) => z.iso.datetime({ offset: true }).meta({ description });
const optionalText = (description: string) => z.string().max(10_000).optional().meta({ description });

/** Body of POST /clauses/:id/review. */
export const ClauseReviewRequestSchema = z
  .object({
    decision: ClauseReviewDecisionSchema,
    reviewer: optionalText('Reviewer identifier.'),
    notes: optionalText('Context for the decision.'),
  })
  .meta({ id: 'ClauseReviewRequest' });
export type ClauseReviewRequest = z.infer<typeof ClauseReviewRequestSchema>;

/** One entry of the append-only audit log of clause review decisions. */
export const ClauseReviewRecordSchema = z
  .object({
    id: z.uuid().meta({ description: 'Record identifier.' }),
    clauseId: z.string().meta({ description: 'Reviewed clause.' }),
    documentId: z.string().meta({ description: 'Document of the clause.' }),
    clauseText: z.string().meta({ description: 'Text of the clause.' }),
    decision: ClauseReviewDecisionSchema,
    reviewer: z.string().nullable().meta({ description: 'Reviewer identifier.' }),
    notes: z.string().nullable().meta({ description: 'Context for the decision.' }),
    annotationBefore: ClauseAnnotationSchema,
    annotationAfter: ClauseAnnotationSchema,
    createdAt: isoTime('When the decision was recorded.'),
  })
  .meta({
    id: 'ClauseReviewRecord',
    description: 'A review decision with the annotation before and after it.',
  });
export type ClauseReviewRecord = z.infer<typeof ClauseReviewRecordSchema>;

/** Deepest nesting of queue metadata (the database's JSON has a depth limit; a person's metadata is shallow). */
export const MAX_METADATA_DEPTH = 32;

/** How deep arrays and objects nest in a JSON value; iterative, so any depth is measured safely. */
function nestingDepth(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    deepest = Math.max(deepest, depth + 1);
    if (deepest > MAX_METADATA_DEPTH) return deepest;
    for (const member of Object.values(node)) stack.push([member, depth + 1]);
  }
  return deepest;
}

/** Body of POST /review-queue (enqueue generated or untrusted content). */
export const EnqueueContentRequestSchema = z
  .object({
    content: z
      .string({ error: 'content is required' })
      .refine((text) => text.trim().length > 0, { message: 'content must not be empty' })
      .meta({ description: 'The content to quarantine.' }),
    modality: ContentModalitySchema.default('text'),
    source: z
      .string()
      .max(500)
      .optional()
      .meta({ description: 'Where the content came from, e.g. synthesize.' }),
    metadata: z
      .record(z.string(), z.unknown())
      .refine((value) => nestingDepth(value) <= MAX_METADATA_DEPTH, {
        message: `metadata must not nest deeper than ${MAX_METADATA_DEPTH} levels`,
      })
      .optional()
      .meta({
        description: `Free-form metadata, kept as given (at most ${MAX_METADATA_DEPTH} levels of nesting).`,
      }),
  })
  .meta({ id: 'EnqueueContentRequest' });
export type EnqueueContentRequest = z.infer<typeof EnqueueContentRequestSchema>;
export type EnqueueContentRequestInput = z.input<typeof EnqueueContentRequestSchema>;

/** A row of the content review queue. */
export const ContentReviewItemSchema = z
  .object({
    id: z.uuid().meta({ description: 'Queue row identifier.' }),
    content: z.string().meta({ description: 'The quarantined content.' }),
    modality: ContentModalitySchema,
    source: z.string().nullable().meta({ description: 'Where the content came from.' }),
    metadata: z.record(z.string(), z.unknown()).meta({ description: 'Free-form metadata, kept as given.' }),
    status: QueueStatusSchema,
    decision: QueueDecisionSchema.nullable().meta({ description: 'The decision, null while pending.' }),
    editedText: z.string().nullable().meta({ description: 'Replacement text of an edit decision.' }),
    reviewer: z.string().nullable().meta({ description: 'Who decided.' }),
    documentId: z.string().nullable().meta({ description: 'Document the approved text was stored as.' }),
    createdAt: isoTime('When the content was queued.'),
    decidedAt: z.iso
      .datetime({ offset: true })
      .nullable()
      .meta({ description: 'When it was decided, null while pending.' }),
  })
  .meta({ id: 'ContentReviewItem', description: 'Generated content quarantined until a human decides.' });
export type ContentReviewItem = z.infer<typeof ContentReviewItemSchema>;

/** Body of POST /review-queue/:id/decide. */
export const DecideContentRequestSchema = z
  .object({
    decision: QueueDecisionSchema,
    editedText: z.string().optional().meta({ description: 'Required when decision is edit.' }),
    reviewer: optionalText('Reviewer identifier.'),
  })
  .refine(
    (body) => body.decision !== 'edit' || (body.editedText !== undefined && body.editedText.trim() !== ''),
    {
      message: 'edited_text is required when decision is edit',
      path: ['editedText'],
    },
  )
  .meta({ id: 'DecideContentRequest' });
export type DecideContentRequest = z.infer<typeof DecideContentRequestSchema>;
