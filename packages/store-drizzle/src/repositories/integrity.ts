import { sql } from 'drizzle-orm';
import { queryRows } from '../store-connection';
import type { StoreContext } from '../store-context';

/** What checkIntegrity found: every check by name with the rows that break it (0 when sound). */
export interface IntegrityReport {
  ok: boolean;
  checks: Record<IntegrityCheck, number>;
  /** Documents stored by a bulk load that ended before indexing them; the next bulk load indexes them. */
  pendingDocuments: number;
}

export type IntegrityCheck =
  | 'clauses_without_document'
  | 'clause_count_mismatch'
  | 'term_count_mismatch'
  | 'postings_without_clause'
  | 'term_stats_drift'
  | 'embeddings_without_clause'
  | 'edges_without_clauses';

/** The statements behind each check; each counts the rows that break it. */
const CHECKS: Record<IntegrityCheck, ReturnType<typeof sql>> = {
  clauses_without_document: sql`SELECT count(*)::int AS n FROM clauses c
    WHERE NOT EXISTS (SELECT 1 FROM documents d WHERE d.id = c.document_id)`,
  clause_count_mismatch: sql`SELECT count(*)::int AS n FROM documents d
    WHERE d.clause_count > 0 AND d.clause_count <> (SELECT count(*) FROM clauses c WHERE c.document_id = d.id)`,
  term_count_mismatch: sql`SELECT count(*)::int AS n FROM documents d
    WHERE d.clause_count > 0 AND d.term_count <> coalesce((SELECT sum(t.frequency) FROM clause_terms t
      WHERE t.document_id = d.id), 0)`,
  postings_without_clause: sql`SELECT count(*)::int AS n FROM clause_terms t
    WHERE NOT EXISTS (SELECT 1 FROM clauses c WHERE c.id = t.clause_id)`,
  term_stats_drift: sql`SELECT count(*)::int AS n FROM term_stats s
    FULL JOIN (SELECT term, count(*)::int AS df FROM clause_terms GROUP BY term) p ON p.term = s.term
    FULL JOIN (SELECT term, count(*)::int AS df FROM document_terms GROUP BY term) d ON d.term = coalesce(s.term, p.term)
    WHERE coalesce(s.df, 0) <> coalesce(p.df, 0) OR coalesce(s.document_df, 0) <> coalesce(d.df, 0)`,
  embeddings_without_clause: sql`SELECT count(*)::int AS n FROM clause_embeddings e
    WHERE NOT EXISTS (SELECT 1 FROM clauses c WHERE c.id = e.clause_id)`,
  edges_without_clauses: sql`SELECT count(*)::int AS n FROM semantic_edges e
    WHERE NOT EXISTS (SELECT 1 FROM clauses c WHERE c.id = e.source_id)
      OR NOT EXISTS (SELECT 1 FROM clauses c WHERE c.id = e.target_id)`,
};

/**
 * Checks what the store's writes keep consistent: every clause has its document, counts and BM25
 * statistics equal a recount, no posting, embedding or edge outlives its clause. Run after a crash
 * (or `cae doctor`); a sound store reports every check 0.
 */
export async function checkIntegrity(context: StoreContext): Promise<IntegrityReport> {
  const checks = {} as Record<IntegrityCheck, number>;
  const embeddings = (await context.currentEmbedding()) !== null;
  for (const [name, statement] of Object.entries(CHECKS) as [IntegrityCheck, ReturnType<typeof sql>][]) {
    if (name === 'embeddings_without_clause' && !embeddings) {
      checks[name] = 0;
      continue;
    }
    const [row] = await queryRows<{ n: number }>(context.db, statement);
    checks[name] = Number(row?.n ?? 0);
  }
  const [pending] = await queryRows<{ n: number }>(
    context.db,
    sql`SELECT count(*)::int AS n FROM documents d
      WHERE d.clause_count = 0 AND EXISTS (SELECT 1 FROM clauses c WHERE c.document_id = d.id)`,
  );
  return {
    ok: Object.values(checks).every((count) => count === 0),
    checks,
    pendingDocuments: Number(pending?.n ?? 0),
  };
}
