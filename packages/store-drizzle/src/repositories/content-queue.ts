import {
  ConflictError,
  type ContentModality,
  type ContentReviewItem,
  type EnqueueContentRequest,
  NotFoundError,
  type QueueDecision,
  type QueueStatus,
} from '@cae/core';
import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import { isUuid, type PageInput, page, type StoreContext, withTotal } from '../store-context';
import { toContentReviewItem } from '../store-rows';
import { contentReviews } from '../store-schema';
import type { DocumentWriter, SaveDocumentInput } from './documents';
import type { MaintenanceRepository } from './maintenance';

/** Content to quarantine; `modality` defaults to `text`. */
export type EnqueueContentInput = Omit<EnqueueContentRequest, 'modality'> & { modality?: ContentModality };

/** A decision on a queue item, as the caller's policy made it, to record atomically. */
export interface RecordContentDecisionInput {
  id: string;
  decision: QueueDecision;
  /** The status the decision puts the item in. */
  status: Exclude<QueueStatus, 'pending'>;
  editedText?: string | null;
  reviewer?: string | null;
  /** The compiled approved (or edited) text, stored in the same transaction. */
  document?: SaveDocumentInput;
  /** When the decision was made; default the store's clock. */
  at?: Date;
}

export interface ListContentReviewsInput extends PageInput {
  modality?: ContentModality;
  /** Status to list; default `pending`, `all` for every row. */
  status?: QueueStatus | 'all';
}

/** The queue of generated content awaiting a human decision. */
export interface ContentQueueRepository {
  enqueueContent(request: EnqueueContentInput, options?: { at?: Date }): Promise<ContentReviewItem>;
  getContentReview(id: string): Promise<ContentReviewItem | null>;
  listContentReviews(query?: ListContentReviewsInput): Promise<{ items: ContentReviewItem[]; total: number }>;
  /**
   * Records a decision on a pending item and stores its document, in one transaction. Of two
   * concurrent decisions exactly one wins; the other gets a ConflictError whose details hold the
   * recorded decision.
   */
  recordContentDecision(input: RecordContentDecisionInput): Promise<ContentReviewItem>;
}

export function createContentQueueRepository(
  context: StoreContext,
  documentRepository: DocumentWriter,
  maintenance: MaintenanceRepository,
): ContentQueueRepository {
  const { db } = context;
  return {
    async enqueueContent(request, options = {}) {
      const [row] = await db
        .insert(contentReviews)
        .values({
          id: context.generateId(),
          content: request.content,
          modality: request.modality ?? 'text',
          source: request.source ?? null,
          metadata: request.metadata ?? {},
          status: 'pending',
          createdAt: options.at ?? context.clock(),
        })
        .returning();
      return toContentReviewItem(row!);
    },

    async getContentReview(id) {
      if (!isUuid(id)) return null;
      const [row] = await db.select().from(contentReviews).where(eq(contentReviews.id, id));
      return row ? toContentReviewItem(row) : null;
    },

    async listContentReviews(query = {}) {
      const { limit, offset } = page(query);
      const conditions: SQL[] = [];
      const status = query.status ?? 'pending';
      if (status !== 'all') conditions.push(eq(contentReviews.status, status));
      if (query.modality !== undefined) conditions.push(eq(contentReviews.modality, query.modality));
      const where = and(...conditions);
      const { rows, total } = await withTotal(
        db
          .select()
          .from(contentReviews)
          .where(where)
          .orderBy(asc(contentReviews.createdAt), asc(contentReviews.seq))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(contentReviews).where(where),
      );
      return { items: rows.map(toContentReviewItem), total };
    },

    async recordContentDecision(input) {
      if (!isUuid(input.id)) throw new NotFoundError(`review item ${input.id} not found`);
      const prepared = input.document ? await documentRepository.prepare(input.document) : null;
      const decidedAt = input.at ?? context.clock();
      const decided = await db.transaction(async (tx) => {
        // Conditional update: of two concurrent decisions exactly one finds the row still pending.
        const [row] = await tx
          .update(contentReviews)
          .set({
            status: input.status,
            decision: input.decision,
            editedText: input.editedText ?? null,
            reviewer: input.reviewer ?? null,
            documentId: prepared?.documentId ?? null,
            decidedAt,
          })
          .where(and(eq(contentReviews.id, input.id), eq(contentReviews.status, 'pending')))
          .returning();
        if (!row) {
          const [existing] = await tx.select().from(contentReviews).where(eq(contentReviews.id, input.id));
          if (!existing) throw new NotFoundError(`review item ${input.id} not found`);
          const recorded = toContentReviewItem(existing);
          throw new ConflictError(`review item ${input.id} was already decided (status ${recorded.status})`, {
            details: { status: recorded.status, decision: recorded.decision, reviewer: recorded.reviewer },
          });
        }
        if (prepared) await documentRepository.write(tx, [prepared]);
        return toContentReviewItem(row);
      });
      if (prepared) maintenance.noteSaves(1);
      return decided;
    },
  };
}
