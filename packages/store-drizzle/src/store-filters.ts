import type { ListClausesQuery, RetrievalFilters } from '@cae/core';
import { and, eq, gte, lte, ne, type SQL, sql } from 'drizzle-orm';
import { clauses } from './store-schema';

/** Scalar filters shared by GET /clauses and retrieval. */
type ScalarFilters = Partial<
  Pick<
    RetrievalFilters,
    | 'mood'
    | 'processType'
    | 'sourceType'
    | 'minModality'
    | 'maxModality'
    | 'minTenor'
    | 'maxTenor'
    | 'documentId'
    | 'annotationSource'
  >
>;

function scalarConditions(filters: ScalarFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.documentId !== undefined) conditions.push(eq(clauses.documentId, filters.documentId));
  if (filters.annotationSource !== undefined)
    conditions.push(eq(clauses.annotationSource, filters.annotationSource));
  if (filters.sourceType !== undefined) conditions.push(eq(clauses.sourceType, filters.sourceType));
  if (filters.mood !== undefined) conditions.push(eq(clauses.mood, filters.mood));
  if (filters.processType !== undefined) conditions.push(eq(clauses.processType, filters.processType));
  if (filters.minModality !== undefined) conditions.push(gte(clauses.modalityWeight, filters.minModality));
  if (filters.maxModality !== undefined) conditions.push(lte(clauses.modalityWeight, filters.maxModality));
  if (filters.minTenor !== undefined) conditions.push(gte(clauses.tenor, filters.minTenor));
  if (filters.maxTenor !== undefined) conditions.push(lte(clauses.tenor, filters.maxTenor));
  return conditions;
}

/** Conditions on the `clauses` table for GET /clauses (every clause, whatever its review status). */
export function listConditions(query: Partial<ListClausesQuery>): SQL[] {
  return scalarConditions(query);
}

/** Conditions on the `clauses` table for retrieval: rejected clauses are left out unless asked for. */
export function retrievalConditions(filters: RetrievalFilters): SQL[] {
  const conditions = scalarConditions(filters);
  if (filters.includeRejected !== true) conditions.push(ne(clauses.reviewStatus, 'rejected'));
  return conditions;
}

/** True when a filter beyond the default review-status one narrows retrieval. */
export function hasSelectiveFilter(filters: RetrievalFilters): boolean {
  return scalarConditions(filters).length > 0;
}

/** The conditions joined with AND, for raw SQL (`true` when there are none). */
export function whereAll(conditions: SQL[]): SQL {
  return and(...conditions) ?? sql`true`;
}
