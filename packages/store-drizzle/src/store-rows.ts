import {
  type AnnotatedClause,
  AnnotatedClauseSchema,
  type ClauseAnnotation,
  ClauseAnnotationSchema,
  type ClauseCandidate,
  type ClauseReviewRecord,
  ClauseReviewRecordSchema,
  type ContentReviewItem,
  ContentReviewItemSchema,
  type GraphNode,
  GraphNodeSchema,
  type RankedClause,
} from '@cae/core';
import { sql } from 'drizzle-orm';
import { type ClauseRowContext, decodeAnnotation, encodeAnnotation } from './annotation-codec';
import { type clauseReviews, clauses, type contentReviews } from './store-schema';

type ClauseRow = typeof clauses.$inferSelect;

/** Columns of a clause row. */
export const clauseColumns = {
  id: clauses.id,
  documentId: clauses.documentId,
  clauseIndex: clauses.clauseIndex,
  sentenceIndex: clauses.sentenceIndex,
  parentClauseId: clauses.parentClauseId,
  text: clauses.text,
  syntactic: clauses.syntactic,
  ideational: clauses.ideational,
  interpersonal: clauses.interpersonal,
  textual: clauses.textual,
  compiledAt: clauses.compiledAt,
  untrusted: clauses.untrusted,
  sourceType: clauses.sourceType,
  reviewStatus: clauses.reviewStatus,
  mood: clauses.mood,
  processType: clauses.processType,
  modalityWeight: clauses.modalityWeight,
  modalityType: clauses.modalityType,
  tenor: clauses.tenor,
  annotationSource: clauses.annotationSource,
  annotationUntrusted: clauses.annotationUntrusted,
};
export type StoredClauseRow = ClauseRow;

/** What the compact annotation form reads from a clause's own columns. */
export function rowContext(
  row: Pick<StoredClauseRow, keyof ClauseRowContext | 'compiledAt'>,
): ClauseRowContext {
  return {
    id: row.id,
    text: row.text,
    documentId: row.documentId,
    clauseIndex: row.clauseIndex,
    sentenceIndex: row.sentenceIndex,
    parentClauseId: row.parentClauseId,
    compiledAt: row.compiledAt.toISOString(),
  };
}

/**
 * Insert row of a clause: the annotation in its compact stored form (see annotation-codec) plus the
 * scalar columns filters read.
 */
export function clauseInsertRow(clause: AnnotatedClause): StoredClauseRow {
  const compiledAt = new Date(clause.compiledAt);
  const context = {
    id: clause.id,
    documentId: clause.documentId,
    clauseIndex: clause.syntactic.clauseIndex,
    sentenceIndex: clause.syntactic.sentenceIndex,
    parentClauseId: clause.syntactic.parentClauseId,
    text: clause.text,
    compiledAt,
  };
  return {
    ...context,
    ...encodeAnnotation(clause, rowContext(context)),
    untrusted: clause.untrusted,
    sourceType: clause.sourceType,
    reviewStatus: clause.reviewStatus,
    ...annotationColumns(clause),
  };
}

/** Scalar columns that mirror an annotation; kept in step whenever the annotation changes. */
export function annotationColumns(annotation: ClauseAnnotation) {
  return {
    mood: annotation.interpersonal.mood,
    processType: annotation.ideational.processType,
    modalityWeight: annotation.interpersonal.modalityWeight,
    modalityType: annotation.interpersonal.modalityType,
    tenor: annotation.interpersonal.tenor,
    annotationSource: annotation.interpersonal.annotationSource,
    annotationUntrusted: annotation.interpersonal.untrusted,
  };
}

/** The annotation columns of a row in their stored form, for an annotation replacing the row's own. */
export function storedAnnotationColumns(row: StoredClauseRow, annotation: ClauseAnnotation) {
  const syntactic = decodeAnnotation(row, rowContext(row)).syntactic;
  const { ideational, interpersonal, textual } = encodeAnnotation(
    { syntactic, ...annotation },
    rowContext(row),
  );
  return { ideational, interpersonal, textual };
}

/** A stored row back as a validated AnnotatedClause (compact annotation columns decoded). */
export function toAnnotatedClause(row: StoredClauseRow): AnnotatedClause {
  return AnnotatedClauseSchema.parse({
    id: row.id,
    text: row.text,
    ...decodeAnnotation(row, rowContext(row)),
    documentId: row.documentId,
    compiledAt: row.compiledAt.toISOString(),
    untrusted: row.untrusted,
    sourceType: row.sourceType,
    reviewStatus: row.reviewStatus,
  });
}

/** The annotation part of a stored row. */
export function toClauseAnnotation(row: StoredClauseRow) {
  const { ideational, interpersonal, textual } = decodeAnnotation(row, rowContext(row));
  return ClauseAnnotationSchema.parse({ ideational, interpersonal, textual });
}

/** Selection of a candidate row in raw SQL (aliases match CandidateRow). */
export const candidateSelection = sql`${clauses.id} AS "clauseId", ${clauses.text} AS "text",
  ${clauses.documentId} AS "documentId", ${clauses.mood} AS "mood", ${clauses.tenor}::float8 AS "tenor",
  ${clauses.processType} AS "processType", ${clauses.modalityWeight}::float8 AS "modalityWeight",
  ${clauses.annotationSource} AS "annotationSource",
  (${clauses.untrusted} OR ${clauses.annotationUntrusted}) AS "untrusted",
  ${clauses.parentClauseId} AS "parentClauseId", ${clauses.sentenceIndex} AS "sentenceIndex",
  ${clauses.clauseIndex} AS "clauseIndex"`;

export type CandidateRow = Omit<ClauseCandidate, 'score'> & { score: number | string };

/** What a search returns: whole candidate rows, or the ranking alone (ids and scores, see toRanked). */
export type SearchOutput = 'candidates' | 'ranking';

/** A raw ranking row (id and score; candidate rows also do) as a RankedClause. */
export function toRanked(row: Pick<CandidateRow, 'clauseId' | 'score'>): RankedClause {
  return { clauseId: String(row.clauseId), score: Number(row.score) };
}

/** A raw candidate row as a ClauseCandidate (drivers differ in how they hand back numbers). */
export function toCandidate(row: CandidateRow): ClauseCandidate {
  return {
    clauseId: String(row.clauseId),
    text: row.text,
    documentId: row.documentId,
    mood: row.mood,
    tenor: Number(row.tenor),
    processType: row.processType,
    modalityWeight: Number(row.modalityWeight),
    annotationSource: row.annotationSource,
    untrusted: Boolean(row.untrusted),
    parentClauseId: row.parentClauseId === null ? null : String(row.parentClauseId),
    sentenceIndex: Number(row.sentenceIndex),
    clauseIndex: Number(row.clauseIndex),
    score: Number(row.score),
  };
}

/** A review log row as a validated ClauseReviewRecord. */
export function toClauseReviewRecord(row: typeof clauseReviews.$inferSelect): ClauseReviewRecord {
  return ClauseReviewRecordSchema.parse({
    id: row.id,
    clauseId: row.clauseId,
    documentId: row.documentId,
    clauseText: row.clauseText,
    decision: row.decision,
    reviewer: row.reviewer,
    notes: row.notes,
    annotationBefore: row.annotationBefore,
    annotationAfter: row.annotationAfter,
    createdAt: row.createdAt.toISOString(),
  });
}

/** A queue row as a validated ContentReviewItem. */
export function toContentReviewItem(row: typeof contentReviews.$inferSelect): ContentReviewItem {
  return ContentReviewItemSchema.parse({
    id: row.id,
    content: row.content,
    modality: row.modality,
    source: row.source,
    metadata: row.metadata,
    status: row.status,
    decision: row.decision,
    editedText: row.editedText,
    reviewer: row.reviewer,
    documentId: row.documentId,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt === null ? null : row.decidedAt.toISOString(),
  });
}

const LABEL_LENGTH = 80;

/** A clause row as a graph node (label shortened to 80 characters). */
export function toGraphNode(row: {
  id: string;
  text: string;
  documentId: string;
  mood: string;
  processType: string;
  modalityWeight: number;
  sentenceIndex: number;
  parentClauseId: string | null;
}): GraphNode {
  const chars = Array.from(row.text);
  const label = chars.length <= LABEL_LENGTH ? row.text : `${chars.slice(0, LABEL_LENGTH - 1).join('')}…`;
  return GraphNodeSchema.parse({ ...row, label });
}
