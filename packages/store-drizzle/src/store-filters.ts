import type { ListClausesQuery, RetrievalFilters } from '@cae/core';
import { and, eq, gte, lte, ne, type SQL, sql } from 'drizzle-orm';
import { queryRows, type StoreExecutor } from './store-connection';
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
    | 'modalityType'
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
  if (filters.modalityType !== undefined) conditions.push(eq(clauses.modalityType, filters.modalityType));
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

/**
 * The retrieval filters on a ranked list's clause ids without joining the clauses table: only the
 * default review-status condition applies when nothing else is filtered, and it probes the small
 * partial index of rejected clauses. Null when a selective filter needs the clauses' rows.
 */
export function rejectedExcluded(clauseIdColumn: SQL, filters: RetrievalFilters): SQL | null {
  if (hasSelectiveFilter(filters)) return null;
  if (filters.includeRejected === true) return sql`true`;
  return sql`NOT EXISTS (SELECT 1 FROM ${clauses} rejected WHERE rejected.id = ${clauseIdColumn} AND rejected.review_status = 'rejected')`;
}

/** True when a filter beyond the default review-status one narrows retrieval. */
export function hasSelectiveFilter(filters: RetrievalFilters): boolean {
  return scalarConditions(filters).length > 0;
}

/** The conditions joined with AND, for raw SQL (`true` when there are none). */
export function whereAll(conditions: SQL[]): SQL {
  return and(...conditions) ?? sql`true`;
}

/** The planner's estimate of how many clauses a retrieval filter keeps, and their share of all clauses. */
export interface FilterEstimate {
  rows: number;
  share: number;
}

/**
 * Estimates, from the statistics ANALYZE keeps (see Store.optimize), how many clauses pass the
 * filters: one EXPLAIN, no scan. Null when the clauses table has no statistics yet. Searches use it
 * only to pick a plan; they check the rows they get and fall back to exact ranking when short.
 */
export async function estimateFilter(
  executor: StoreExecutor,
  filters: RetrievalFilters,
): Promise<FilterEstimate | null> {
  const [table] = await queryRows<{ n: number }>(
    executor,
    sql`SELECT reltuples::float8 AS n FROM pg_class WHERE oid = 'clauses'::regclass`,
  );
  const total = Number(table?.n ?? 0);
  if (!(total > 0)) return null;
  const [explained] = await queryRows<Record<string, unknown>>(
    executor,
    sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${clauses} WHERE ${whereAll(retrievalConditions(filters))}`,
  );
  const raw = explained ? Object.values(explained)[0] : undefined;
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as
    | { Plan?: { 'Plan Rows'?: number } }[]
    | undefined;
  const rows = Number(plan?.[0]?.Plan?.['Plan Rows']);
  if (!Number.isFinite(rows)) return null;
  return { rows, share: Math.min(1, rows / total) };
}
