import type { AnnotatedClause } from '@cae/core';
import { clauseInsertRow, type StoredClauseRow } from './store-rows';

/** The tag of clauses encoded by `encodeClauses` (their row form may change with the store's version). */
export const ENCODED_CLAUSES_FORMAT = 'cae-clause-rows/2';

/** The annotation columns a clause row keeps as JSON. */
export type ClauseJsonColumn = 'syntactic' | 'ideational' | 'interpersonal' | 'textual';

/**
 * A clause row as `encodeClauses` makes it: the store's row with its JSON columns already serialised
 * (the text the store writes). Strings cross `postMessage` far cheaper than the nested objects
 * (a structured clone of the objects cost the writing thread about 50 µs a clause to rebuild), and
 * the writing thread serialises nothing.
 */
export type EncodedClauseRow = Omit<StoredClauseRow, ClauseJsonColumn> & {
  syntactic: string;
  ideational: string;
  interpersonal: string;
  textual: string | null;
};

/** A clause row ready to write: its JSON columns as values, or as their JSON text (encoded rows). */
export type WritableClauseRow = StoredClauseRow | EncodedClauseRow;

/**
 * Clauses in the form the store writes them (their rows, with the compact annotation columns checked
 * to decode back to the given clauses, serialised), made by `encodeClauses` where the clauses were
 * compiled: a compile worker encodes them beside the compile, so the thread that writes does not.
 * A plain object that survives `postMessage` (structured clone).
 */
export interface EncodedClauses {
  readonly format: typeof ENCODED_CLAUSES_FORMAT;
  readonly rows: readonly EncodedClauseRow[];
}

/** The rows `saveDocument`/`saveDocuments` would write for these clauses (hand them as `encoded`). */
export function encodeClauses(clauses: readonly AnnotatedClause[]): EncodedClauses {
  return {
    format: ENCODED_CLAUSES_FORMAT,
    rows: clauses.map((clause) => {
      const row = clauseInsertRow(clause);
      return {
        ...row,
        syntactic: JSON.stringify(row.syntactic),
        ideational: JSON.stringify(row.ideational),
        interpersonal: JSON.stringify(row.interpersonal),
        textual: row.textual === null ? null : JSON.stringify(row.textual),
      };
    }),
  };
}

/** The JSON text of a row's JSON column (null stays null). */
export function jsonText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
}
