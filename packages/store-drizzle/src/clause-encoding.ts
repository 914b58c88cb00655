import type { AnnotatedClause } from '@cae/core';
import { clauseInsertRow, type StoredClauseRow } from './store-rows';

/** The tag of clauses encoded by `encodeClauses` (their row form may change with the store's version). */
export const ENCODED_CLAUSES_FORMAT = 'cae-clause-rows/1';

/**
 * Clauses in the form the store writes them (their rows, with the compact annotation columns checked
 * to decode back to the given clauses), made by `encodeClauses` where the clauses were compiled: a
 * compile worker encodes them beside the compile, so the thread that writes does not. A plain object
 * that survives `postMessage` (structured clone).
 */
export interface EncodedClauses {
  readonly format: typeof ENCODED_CLAUSES_FORMAT;
  readonly rows: readonly StoredClauseRow[];
}

/** The rows `saveDocument`/`saveDocuments` would write for these clauses (hand them as `encoded`). */
export function encodeClauses(clauses: readonly AnnotatedClause[]): EncodedClauses {
  return { format: ENCODED_CLAUSES_FORMAT, rows: clauses.map(clauseInsertRow) };
}
