import {
  type ClauseAnnotation,
  type ClauseReviewDecision,
  type ClauseReviewRecord,
  type ClauseReviewStatus,
  NotFoundError,
} from '@cae/core';
import { count, desc, eq } from 'drizzle-orm';
import { isUuid, type PageInput, page, type StoreContext, withTotal } from '../store-context';
import {
  annotationColumns,
  clauseColumns,
  storedAnnotationColumns,
  toClauseAnnotation,
  toClauseReviewRecord,
} from '../store-rows';
import { clauseReviews, clauses } from '../store-schema';

/** What a review decision makes of a clause: decided by the caller's policy, recorded by the store. */
export interface ClauseReviewOutcome {
  annotation: ClauseAnnotation;
  reviewStatus: Exclude<ClauseReviewStatus, 'unreviewed'>;
}

/** A review decision to record on a clause, atomically with its outcome. */
export interface RecordClauseReviewInput {
  clauseId: string;
  decision: ClauseReviewDecision;
  reviewer?: string | null;
  notes?: string | null;
  /**
   * The outcome, from the clause's annotation as it stands with the row locked: a concurrent review
   * of the same clause waits, so the log's `annotationBefore` is always the annotation replaced.
   */
  outcome: (before: ClauseAnnotation) => ClauseReviewOutcome;
  /** When the decision was made; default the store's clock. */
  at?: Date;
}

/** Review decisions on clauses and their append-only log. */
export interface ClauseReviewRepository {
  recordClauseReview(input: RecordClauseReviewInput): Promise<ClauseReviewRecord>;
  listClauseReviews(page?: PageInput): Promise<{ records: ClauseReviewRecord[]; total: number }>;
}

export function createClauseReviewRepository(context: StoreContext): ClauseReviewRepository {
  const { db } = context;
  return {
    async recordClauseReview(input) {
      if (!isUuid(input.clauseId)) throw new NotFoundError(`clause ${input.clauseId} not found`);
      const createdAt = input.at ?? context.clock();
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select(clauseColumns)
          .from(clauses)
          .where(eq(clauses.id, input.clauseId))
          .for('update');
        if (!row) throw new NotFoundError(`clause ${input.clauseId} not found`);
        const before = toClauseAnnotation(row);
        const { annotation, reviewStatus } = input.outcome(before);
        // The annotation follows its clause, whatever ids the outcome carried.
        const after: ClauseAnnotation = {
          ...annotation,
          ideational: { ...annotation.ideational, clauseId: row.id },
          interpersonal: { ...annotation.interpersonal, clauseId: row.id },
        };
        await tx
          .update(clauses)
          .set({
            ...storedAnnotationColumns(row, after),
            reviewStatus,
            ...annotationColumns(after),
          })
          .where(eq(clauses.id, row.id));
        const [record] = await tx
          .insert(clauseReviews)
          .values({
            id: context.generateId(),
            clauseId: row.id,
            documentId: row.documentId,
            clauseText: row.text,
            decision: input.decision,
            reviewer: input.reviewer ?? null,
            notes: input.notes ?? null,
            annotationBefore: before,
            annotationAfter: after,
            createdAt,
          })
          .returning();
        return toClauseReviewRecord(record!);
      });
    },

    async listClauseReviews(input = {}) {
      const { limit, offset } = page(input);
      const { rows, total } = await withTotal(
        db
          .select()
          .from(clauseReviews)
          .orderBy(desc(clauseReviews.createdAt), desc(clauseReviews.seq))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(clauseReviews),
      );
      return { records: rows.map(toClauseReviewRecord), total };
    },
  };
}
