import type { ClauseCandidate, RetrievalFilters } from '@cae/core';
import { sql } from 'drizzle-orm';
import { queryRows, type StoreExecutor } from './store-connection';
import { retrievalConditions, whereAll } from './store-filters';
import { type CandidateRow, candidateSelection, toCandidate } from './store-rows';
import { clauses, documents } from './store-schema';

/** How keyword matches are ranked: Okapi BM25 (default) or Postgres `ts_rank_cd` (no idf). */
export type KeywordRanking = 'bm25' | 'ts_rank_cd';

/** Options of keyword search. */
export interface KeywordSearchOptions {
  ranking?: KeywordRanking;
  /** BM25 term-frequency saturation; default 0.9. */
  k1?: number;
  /** BM25 length normalisation; default 0.4. */
  b?: number;
}

/** BM25 parameters that do well on short scientific passages (Anserini's defaults). */
export const DEFAULT_BM25 = { k1: 0.9, b: 0.4 } as const;

/** The query's distinct stemmed lexemes; English stop words are dropped by the parser. */
const queryTerms = (query: string) =>
  sql`SELECT DISTINCT lexeme AS term FROM unnest(to_tsvector('english', ${query}))`;

/**
 * Keyword candidates: OR over the query's stemmed lexemes, filters applied in SQL. The query text
 * only ever reaches SQL as a bound parameter of to_tsvector, so any characters are safe.
 */
export async function keywordSearch(
  executor: StoreExecutor,
  query: string,
  filters: RetrievalFilters,
  limit: number,
  options: KeywordSearchOptions = {},
): Promise<ClauseCandidate[]> {
  if (query.trim() === '' || limit < 1) return [];
  const where = whereAll(retrievalConditions(filters));
  if ((options.ranking ?? 'bm25') === 'ts_rank_cd') {
    // Each lexeme becomes a quoted tsquery operand ('' and \ escaped), joined with |.
    const rows = await queryRows<CandidateRow>(
      executor,
      sql`WITH q AS (
        SELECT string_agg(chr(39) || replace(replace(term, chr(92), chr(92) || chr(92)), chr(39), chr(39) || chr(39)) || chr(39), ' | ')::tsquery AS query
        FROM (${queryTerms(query)}) terms
      )
      SELECT ${candidateSelection}, ts_rank_cd(${clauses.tsv}, q.query)::float8 AS score
      FROM ${clauses}, q
      WHERE q.query IS NOT NULL AND ${clauses.tsv} @@ q.query AND ${where}
      ORDER BY score DESC, ${clauses.id} LIMIT ${limit}`,
    );
    return rows.map(toCandidate);
  }
  const k1 = options.k1 ?? DEFAULT_BM25.k1;
  const b = options.b ?? DEFAULT_BM25.b;
  const rows = await queryRows<CandidateRow>(
    executor,
    sql`WITH q AS (${queryTerms(query)}),
    stats AS (
      SELECT greatest(coalesce(sum(${documents.clauseCount}), 0), 1)::float8 AS n,
        greatest(coalesce(sum(${documents.termCount}), 0), 1)::float8 / greatest(coalesce(sum(${documents.clauseCount}), 0), 1)::float8 AS avgdl
      FROM ${documents}
    ),
    postings AS (
      SELECT t.clause_id, t.frequency, t.clause_length, count(*) OVER (PARTITION BY t.term)::float8 AS df
      FROM "clause_terms" t JOIN q ON q.term = t.term
    ),
    scored AS (
      SELECT p.clause_id,
        sum(ln(1 + (stats.n - p.df + 0.5) / (p.df + 0.5))
          * p.frequency * (${k1}::float8 + 1)
          / (p.frequency + ${k1}::float8 * (1 - ${b}::float8 + ${b}::float8 * p.clause_length / stats.avgdl))) AS score
      FROM postings p CROSS JOIN stats
      GROUP BY p.clause_id
    )
    SELECT ${candidateSelection}, scored.score::float8 AS score
    FROM scored JOIN ${clauses} ON ${clauses.id} = scored.clause_id
    WHERE ${where}
    ORDER BY scored.score DESC, ${clauses.id} LIMIT ${limit}`,
  );
  return rows.map(toCandidate);
}

/** Rebuilds a document's BM25 postings and length statistics from its stored clauses. */
export async function indexDocumentTerms(executor: StoreExecutor, documentId: string): Promise<void> {
  await executor.execute(sql`INSERT INTO "clause_terms" ("term", "clause_id", "frequency", "clause_length")
    SELECT term, clause_id, frequency, sum(frequency) OVER (PARTITION BY clause_id)
    FROM (
      SELECT lexemes.lexeme AS term, ${clauses.id} AS clause_id,
        greatest(coalesce(array_length(lexemes.positions, 1), 1), 1) AS frequency
      FROM ${clauses}, unnest(${clauses.tsv}) AS lexemes
      WHERE ${clauses.documentId} = ${documentId}
    ) postings`);
  await executor.execute(sql`UPDATE ${documents} SET
    "clause_count" = (SELECT count(*) FROM ${clauses} WHERE ${clauses.documentId} = ${documentId}),
    "term_count" = coalesce((SELECT sum(t.frequency) FROM "clause_terms" t JOIN ${clauses} ON ${clauses.id} = t.clause_id
      WHERE ${clauses.documentId} = ${documentId}), 0)
    WHERE ${documents.id} = ${documentId}`);
}
