import type { ClauseCandidate, RetrievalFilters } from '@cae/core';
import { sql } from 'drizzle-orm';
import { queryRows, type StoreExecutor } from './store-connection';
import { hasSelectiveFilter, retrievalConditions, whereAll } from './store-filters';
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
  /**
   * Postings read per query lexeme, strongest BM25 term weight first (impact-ordered early
   * termination); default 2,000. 0 or Infinity ranks every posting exactly.
   */
  postingsPerTerm?: number;
}

/** Postings read per query lexeme by default. */
export const DEFAULT_POSTINGS_PER_TERM = 2000;

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
  const cap = options.postingsPerTerm ?? DEFAULT_POSTINGS_PER_TERM;
  const selective = hasSelectiveFilter(filters);
  const capped = cap > 0 && Number.isFinite(cap);
  const run = (capped: boolean, prefixed: boolean) => {
    // Each lexeme's postings come from the impact index, strongest first (capped unless exact).
    const postings = sql`SELECT p.clause_id, p.frequency, p.clause_length, s.df::float8 AS df
      FROM (${queryTerms(query)}) q JOIN "term_stats" s ON s.term = q.term AND s.df > 0
      CROSS JOIN LATERAL (
        SELECT t.clause_id, t.frequency, t.clause_length FROM "clause_terms" t WHERE t.term = q.term
        ORDER BY t.impact DESC NULLS LAST, t.clause_id ${capped ? sql`LIMIT ${cap}` : sql``}
      ) p`;
    // Without a selective filter only the best-scored clauses need their rows read.
    const prefix = !prefixed ? sql`` : sql`ORDER BY score DESC, p.clause_id LIMIT ${limit * 2 + 50}`;
    return queryRows<CandidateRow>(
      executor,
      sql`WITH stats AS (
        SELECT greatest(coalesce(sum(${documents.clauseCount}), 0), 1)::float8 AS n,
          greatest(coalesce(sum(${documents.termCount}), 0), 1)::float8 / greatest(coalesce(sum(${documents.clauseCount}), 0), 1)::float8 AS avgdl
        FROM ${documents}
      ),
      scored AS (
        SELECT p.clause_id,
          sum(ln(1 + (stats.n - p.df + 0.5) / (p.df + 0.5))
            * p.frequency * (${k1}::float8 + 1)
            / (p.frequency + ${k1}::float8 * (1 - ${b}::float8 + ${b}::float8 * p.clause_length / stats.avgdl))) AS score
        FROM (${postings}) p CROSS JOIN stats
        GROUP BY p.clause_id ${prefix}
      )
      SELECT ${candidateSelection}, scored.score::float8 AS score
      FROM scored JOIN ${clauses} ON ${clauses.id} = scored.clause_id
      WHERE ${where}
      ORDER BY scored.score DESC, ${clauses.id} LIMIT ${limit}`,
    );
  };
  let rows = await run(capped, !selective);
  // Too few rows after the cap or the prefix: rank every posting exactly.
  if (rows.length < limit && (capped || !selective)) rows = await run(false, false);
  return rows.map(toCandidate);
}

/** Per-lexeme posting counts of a document's stored clauses (before they are replaced). */
export async function documentTermCounts(
  executor: StoreExecutor,
  documentId: string,
): Promise<Map<string, number>> {
  const rows = await queryRows<{ term: string; n: number }>(
    executor,
    sql`SELECT t.term, count(*)::int AS n FROM "clause_terms" t JOIN ${clauses} ON ${clauses.id} = t.clause_id
      WHERE ${clauses.documentId} = ${documentId} GROUP BY t.term`,
  );
  return new Map(rows.map((row) => [row.term, Number(row.n)]));
}

/**
 * Rebuilds a document's BM25 postings (with their impacts), its length statistics and the document
 * frequencies of its lexemes, in one statement; `clauseCount` is the number of clauses just stored
 * and `previous` are the counts of the postings the save replaced.
 */
export async function indexDocumentTerms(
  executor: StoreExecutor,
  documentId: string,
  clauseCount: number,
  previous: ReadonlyMap<string, number> = new Map(),
): Promise<void> {
  const removed = previous.size === 0 ? null : JSON.stringify(Object.fromEntries(previous));
  // Impacts use the collection's average length including this document; the document
  // frequency changes are applied in lexeme order, so concurrent saves lock rows in one order.
  await executor.execute(sql`WITH postings AS (
      SELECT term, clause_id, frequency, sum(frequency) OVER (PARTITION BY clause_id) AS clause_length
      FROM (
        SELECT lexemes.lexeme AS term, ${clauses.id} AS clause_id,
          greatest(coalesce(array_length(lexemes.positions, 1), 1), 1) AS frequency
        FROM ${clauses}, unnest(${clauses.tsv}) AS lexemes
        WHERE ${clauses.documentId} = ${documentId}
      ) lexemes
    ), totals AS (
      SELECT (coalesce((SELECT sum(${documents.termCount}) FROM ${documents} WHERE ${documents.id} <> ${documentId}), 0)
          + (SELECT coalesce(sum(frequency), 0) FROM postings))::float8
        / greatest(coalesce((SELECT sum(${documents.clauseCount}) FROM ${documents} WHERE ${documents.id} <> ${documentId}), 0)
          + (SELECT count(DISTINCT clause_id) FROM postings), 1)::float8 AS avgdl
    ), inserted AS (
      INSERT INTO "clause_terms" ("term", "clause_id", "frequency", "clause_length", "impact")
      SELECT p.term, p.clause_id, p.frequency, p.clause_length,
        p.frequency * ${DEFAULT_BM25.k1 + 1}::float8 / (p.frequency + ${DEFAULT_BM25.k1}::float8
          * (1 - ${DEFAULT_BM25.b}::float8 + ${DEFAULT_BM25.b}::float8 * p.clause_length / greatest(totals.avgdl, 1)))
      FROM postings p CROSS JOIN totals
      RETURNING "term"
    ), added AS (
      SELECT term, count(*)::int AS n FROM inserted GROUP BY term
    ), counted AS (
      UPDATE ${documents} SET "clause_count" = ${clauseCount},
        "term_count" = (SELECT coalesce(sum(frequency), 0) FROM postings)
      WHERE ${documents.id} = ${documentId}
    ), removed AS (
      ${removed === null ? sql`SELECT NULL::text AS term, 0 AS n WHERE false` : sql`SELECT key AS term, value::int AS n FROM json_each_text(${removed}::json)`}
    ), delta AS (
      SELECT coalesce(a.term, r.term) AS term, coalesce(a.n, 0) - coalesce(r.n, 0) AS n
      FROM added a FULL JOIN removed r ON r.term = a.term
    )
    INSERT INTO "term_stats" ("term", "df")
    SELECT term, n FROM delta WHERE n <> 0 ORDER BY term
    ON CONFLICT ("term") DO UPDATE SET "df" = "term_stats"."df" + excluded."df"`);
}

/**
 * Writes the BM25 postings, length statistics and document frequencies of every document that has
 * clauses but a clause count of 0 (saved during a bulk load), in one statement. The documents are
 * locked first, so concurrent callers index each document once. Returns how many were indexed.
 */
export async function indexPendingDocuments(executor: StoreExecutor): Promise<number> {
  const rows = await queryRows<{ indexed: number }>(
    executor,
    sql`WITH pending AS (
      SELECT ${documents.id} AS id FROM ${documents}
      WHERE ${documents.clauseCount} = 0 AND EXISTS (SELECT 1 FROM ${clauses} WHERE ${clauses.documentId} = ${documents.id})
      ORDER BY ${documents.id} FOR UPDATE
    ), postings AS (
      SELECT term, clause_id, frequency, sum(frequency) OVER (PARTITION BY clause_id) AS clause_length
      FROM (
        SELECT lexemes.lexeme AS term, ${clauses.id} AS clause_id,
          greatest(coalesce(array_length(lexemes.positions, 1), 1), 1) AS frequency
        FROM ${clauses} JOIN pending ON pending.id = ${clauses.documentId}, unnest(${clauses.tsv}) AS lexemes
      ) lexemes
    ), lengths AS (
      SELECT ${clauses.documentId} AS document_id, count(*)::int AS clause_count,
        coalesce(sum(l.length), 0)::int AS term_count
      FROM ${clauses} JOIN pending ON pending.id = ${clauses.documentId}
      LEFT JOIN (SELECT clause_id, sum(frequency) AS length FROM postings GROUP BY clause_id) l ON l.clause_id = ${clauses.id}
      GROUP BY ${clauses.documentId}
    ), totals AS (
      SELECT (coalesce((SELECT sum(${documents.termCount}) FROM ${documents}), 0)
          + (SELECT coalesce(sum(term_count), 0) FROM lengths))::float8
        / greatest(coalesce((SELECT sum(${documents.clauseCount}) FROM ${documents}), 0)
          + (SELECT coalesce(sum(clause_count), 0) FROM lengths), 1)::float8 AS avgdl
    ), inserted AS (
      INSERT INTO "clause_terms" ("term", "clause_id", "frequency", "clause_length", "impact")
      SELECT p.term, p.clause_id, p.frequency, p.clause_length,
        p.frequency * ${DEFAULT_BM25.k1 + 1}::float8 / (p.frequency + ${DEFAULT_BM25.k1}::float8
          * (1 - ${DEFAULT_BM25.b}::float8 + ${DEFAULT_BM25.b}::float8 * p.clause_length / greatest(totals.avgdl, 1)))
      FROM postings p CROSS JOIN totals
      ORDER BY p.term, p.clause_id
      RETURNING "term"
    ), counted AS (
      UPDATE ${documents} SET "clause_count" = lengths.clause_count, "term_count" = lengths.term_count
      FROM lengths WHERE ${documents.id} = lengths.document_id
      RETURNING 1
    ), stats AS (
      INSERT INTO "term_stats" ("term", "df")
      SELECT term, count(*)::int FROM inserted GROUP BY term ORDER BY term
      ON CONFLICT ("term") DO UPDATE SET "df" = "term_stats"."df" + excluded."df"
    )
    SELECT count(*)::int AS indexed FROM counted`,
  );
  return Number(rows[0]?.indexed ?? 0);
}
