import type { RetrievalFilters } from '@cae/core';
import { inArray, type SQL, sql } from 'drizzle-orm';
import { queryRows, type StoreExecutor } from './store-connection';
import {
  estimateFilter,
  type FilterEstimate,
  hasSelectiveFilter,
  rejectedExcluded,
  retrievalConditions,
  whereAll,
} from './store-filters';
import { type CandidateRow, candidateSelection, type SearchOutput } from './store-rows';
import { clauseLexemes, clauses, documents } from './store-schema';

/** How keyword matches are ranked: Okapi BM25 (default) or Postgres `ts_rank_cd` (no idf). */
export type KeywordRanking = 'bm25' | 'ts_rank_cd';

/** Options of keyword search. */
export interface KeywordSearchOptions {
  ranking?: KeywordRanking;
  /** BM25 term-frequency saturation of clauses (and titles); default 0.9. */
  k1?: number;
  /**
   * BM25 term-frequency saturation of the document field (the document context and the first pass of
   * `expansion`); default 1.2 (DEFAULT_DOCUMENT_K1). A document repeats its topic's words far more
   * often than a clause does, so its saturation comes later.
   */
  documentK1?: number;
  /** BM25 length normalisation; default 0.4. */
  b?: number;
  /**
   * Postings read per query lexeme, strongest BM25 term weight first (impact-ordered early
   * termination); default 2,000. 0 or Infinity ranks every posting exactly.
   */
  postingsPerTerm?: number;
  /**
   * Share of the clause's document's BM25 score added to the clause's own (document context): a
   * clause that matches the query inside a document about the query ranks above the same words
   * elsewhere. Default 4 (DEFAULT_DOCUMENT_WEIGHT, tuned on the SciFact and NegConstraint train
   * queries); 0 ranks clauses on their own words only.
   */
  documentWeight?: number;
  /**
   * Sentence context: share of the clause's sentence's score (each query lexeme counted once, by
   * its best-scoring clause in the sentence) added to the clause's own, and the clauses of the best sentences that match no
   * query word themselves join the candidates with it. A clause too short to be found alone ("or
   * maintain required insurance coverage") is found through its sentence; the clause stays the unit
   * returned. Default 0 (no sentence context).
   */
  sentenceWeight?: number;
  /**
   * With sentence context, the share of the previous and the next sentence's scores added to a
   * sentence's (a heading such as "Governing Law." lends its words to the provision under it).
   * Default 0.
   */
  neighbourWeight?: number;
  /**
   * Pseudo-relevance feedback (RM3 over the document postings): the query is run once over whole
   * documents, and the `terms` lexemes that weigh most in its best `documents` (each document's share
   * of their BM25 scores times the lexeme's frequency in it, times the lexeme's idf) join the query
   * with `weight` times their share of that mass (times the number of query lexemes); the query's own
   * lexemes keep weight 1. Default none (off): on the SciFact train queries it did not pay for its
   * cost (docs/RETRIEVAL.md).
   */
  expansion?: KeywordExpansion | false;
  /**
   * Title field (BM25F-like): a document's first sentence counts as its title, and the clauses of the
   * 100 best-scored documents (by their document score) get `titleWeight` times the BM25 of the query
   * over the title's clauses on top of the document context. Default 0.75 (DEFAULT_TITLE_WEIGHT, tuned
   * on the SciFact and NegConstraint train queries); 0 turns it off, as does documentWeight 0.
   */
  titleWeight?: number;
  /**
   * Weight of the query's alphanumeric lexemes (letters and digits together: p53, il-6, cd4, b12),
   * the names of genes, proteins, vitamins and models that pin a query down; other lexemes weigh 1.
   * Default 2 (DEFAULT_ALPHANUMERIC_WEIGHT); 1 turns it off.
   */
  alphanumericWeight?: number;
  /**
   * Morphological siblings: each query lexeme of letters only and at least `characters` long brings
   * the `terms` other stored lexemes of letters only that share its first `characters` characters
   * (most documents first), at `weight` times its own weight; the stemmer leaves such words apart
   * (inflammation / inflammatory: inflamm / inflammatori). Default DEFAULT_PREFIX_EXPANSION
   * (7 characters, 2 lexemes, weight 0.4); false turns it off.
   */
  prefixExpansion?: PrefixExpansion | false;
  /** The planner's estimate of the filter, when the caller has one (see estimateFilter). */
  estimate?: FilterEstimate | null;
  /** The corpus statistics BM25 needs, when the caller has them (read by `readCorpusStats` otherwise). */
  stats?: CorpusStats;
  /**
   * false: rank in SQL even when the store's search cache is current (benchmarks and tests compare
   * both paths). The cache ranks BM25 without sentence context; other settings always use SQL.
   */
  useSearchCache?: boolean;
}

/** Morphological siblings of the query's lexemes (see KeywordSearchOptions.prefixExpansion). */
export interface PrefixExpansion {
  /** Length of the shared prefix (and the least length of the query lexemes expanded). */
  characters: number;
  /** Sibling lexemes added per query lexeme. */
  terms: number;
  /** Weight of a sibling relative to its query lexeme. */
  weight: number;
}

/**
 * Morphological siblings by default: on the train queries (eval/tune-keyword.ts `prefix`, issue 19),
 * 7 characters, 2 lexemes at 0.4 took SciFact nDCG@10 0.7027 -> 0.7057 and NegConstraint 0.6525 ->
 * 0.6568 (6 characters lowered both; weight 0.3 / 0.5 fell between, 0.7 lowered SciFact).
 */
export const DEFAULT_PREFIX_EXPANSION: PrefixExpansion = { characters: 7, terms: 2, weight: 0.4 };

/**
 * Weight of alphanumeric query lexemes by default: on the SciFact train queries (with the siblings)
 * 1 / 1.5 / 2 / 3 gave nDCG@10 0.7057 / 0.7074 / 0.7106 / 0.7096; no NegConstraint query has one.
 */
export const DEFAULT_ALPHANUMERIC_WEIGHT = 2;

/** Pseudo-relevance feedback of keyword search (see KeywordSearchOptions.expansion). */
export interface KeywordExpansion {
  /** Best documents of the first pass the expansion lexemes come from. */
  documents: number;
  /** Expansion lexemes added to the query. */
  terms: number;
  /** Weight of the expansion lexemes together, relative to the query's lexemes. */
  weight: number;
  /** Exponent of the expansion lexemes' idf in their selection and weight (default 1; 0: plain RM3). */
  idfPower?: number;
}

/** Clause and document counts and average lengths over the stored corpus, for BM25. */
export interface CorpusStats {
  clauses: number;
  clauseAvgLength: number;
  documents: number;
  documentAvgLength: number;
}

const corpusStatsSql = sql`SELECT greatest(coalesce(sum(${documents.clauseCount}), 0), 1)::float8 AS n,
          greatest(coalesce(sum(${documents.termCount}), 0), 1)::float8 / greatest(coalesce(sum(${documents.clauseCount}), 0), 1)::float8 AS avgdl,
          greatest(count(*) FILTER (WHERE ${documents.clauseCount} > 0), 1)::float8 AS documents,
          greatest(coalesce(sum(${documents.termCount}), 0), 1)::float8 / greatest(count(*) FILTER (WHERE ${documents.clauseCount} > 0), 1)::float8 AS document_avgdl
        FROM ${documents}`;

/** Reads the corpus statistics of BM25 (one aggregate over the documents table). */
export async function readCorpusStats(executor: StoreExecutor): Promise<CorpusStats> {
  const [row] = await queryRows<{ n: number; avgdl: number; documents: number; document_avgdl: number }>(
    executor,
    corpusStatsSql,
  );
  return {
    clauses: Number(row?.n ?? 1),
    clauseAvgLength: Number(row?.avgdl ?? 1),
    documents: Number(row?.documents ?? 1),
    documentAvgLength: Number(row?.document_avgdl ?? 1),
  };
}

/** Clause positions around a sentence's matching clauses searched for its other clauses. */
const SENTENCE_SPAN = 12;

/** Sentences whose clauses all join the candidates when the search reads every scored clause. */
const SENTENCE_EXPANSION = 1000;

/**
 * Weight of the document's BM25 score in a clause's keyword score by default: on the train queries
 * 3 beat 1 on SciFact (nDCG@10 0.661 -> 0.682) and NegConstraint (0.641 -> 0.648); with the title
 * field and documentK1 1.2, 4 (titleWeight 0.75, the same title share of the document score, 0.19)
 * beat 3 (titleWeight 0.5) on both: SciFact 0.7010 -> 0.7027, NegConstraint 0.6509 -> 0.6525
 * (eval/tune-keyword.ts over the stores' postings; 3.5 and 4.5 fell between).
 */
export const DEFAULT_DOCUMENT_WEIGHT = 4;

/** Postings read per query lexeme by default. */
export const DEFAULT_POSTINGS_PER_TERM = 2000;

/**
 * Weight of a document's title (its first sentence) in its clauses' keyword scores by default: with
 * documentWeight 3, on the train queries 0.5 took SciFact 0.682 -> 0.691 and NegConstraint 0.648 ->
 * 0.651; with documentWeight 4, 0.75 beat 0.5 and 0.9 on both (SciFact 0.7003 / 0.7027 / 0.7007,
 * NegConstraint 0.6446 / 0.6525 / 0.6514).
 */
export const DEFAULT_TITLE_WEIGHT = 0.75;

/** Documents, best document score first, whose titles are scored. */
export const TITLE_DOCUMENTS = 100;

/** Clause positions at the start of a document searched for its title's clauses. */
export const TITLE_CLAUSES = 8;

/** BM25 parameters of keyword search by default (tuned on the SciFact and NegConstraint train queries). */
export const DEFAULT_BM25 = { k1: 0.9, b: 0.4 } as const;

/**
 * BM25 k1 of the document field by default (clauses keep DEFAULT_BM25.k1): with documentWeight 3 and
 * titleWeight 0.5, on the train queries SciFact nDCG@10 0.6964 -> 0.7010 and NegConstraint 0.6519 ->
 * 0.6509 (docs/RETRIEVAL.md).
 */
export const DEFAULT_DOCUMENT_K1 = 1.2;

/**
 * BM25 parameters of the stored postings' impacts (Anserini's defaults): they only order a lexeme's
 * postings for early termination, so stores written before a change of DEFAULT_BM25 stay valid.
 */
const IMPACT_BM25 = { k1: 0.9, b: 0.4 } as const;

/** The query's distinct stemmed lexemes; English stop words are dropped by the parser. */
const queryTerms = (query: string) =>
  sql`SELECT DISTINCT lexeme AS term FROM unnest(to_tsvector('english', ${query}))`;

/** A lexeme of letters and digits together (not a number such as 2001, -1 or 0.5). */
const ALPHANUMERIC = '[0-9]';
const NUMBER = '^[-+]?[0-9.,]+$';
const LETTERS = '^[a-z]+$';

/** Throws a RangeError naming the field of an invalid prefix expansion. */
export function checkPrefixExpansion({ characters, terms, weight }: PrefixExpansion): void {
  if (!Number.isInteger(characters) || characters < 1)
    throw new RangeError(`prefixExpansion characters must be an integer >= 1, got ${characters}`);
  if (!Number.isInteger(terms) || terms < 0)
    throw new RangeError(`prefixExpansion terms must be an integer >= 0, got ${terms}`);
  if (!(weight >= 0) || !Number.isFinite(weight))
    throw new RangeError(`prefixExpansion weight must be a finite number >= 0, got ${weight}`);
}

const ALPHANUMERIC_PATTERN = new RegExp(ALPHANUMERIC);
const NUMBER_PATTERN = new RegExp(NUMBER);
const LETTERS_PATTERN = new RegExp(LETTERS);

/** Whether a lexeme weighs alphanumericWeight (as weightedQueryTerms decides in SQL). */
export const isAlphanumericLexeme = (term: string) =>
  ALPHANUMERIC_PATTERN.test(term) && !NUMBER_PATTERN.test(term);

/** Whether a lexeme takes part in prefix expansion, as a query lexeme or a sibling. */
export const isLettersLexeme = (term: string) => LETTERS_PATTERN.test(term);

/**
 * The query's lexemes with their weights (term, qweight): alphanumeric ones at alphanumericWeight,
 * the others at 1, plus their morphological siblings (prefixExpansion; each at weight times the
 * best weight of the query lexemes that bring it). The siblings are read from term_stats by a range
 * over its primary key: letters-only lexemes sharing a prefix p lie between p and p || 'zzzzzzzz' in
 * the C and the language collations alike.
 */
function weightedQueryTerms(
  query: string,
  alphanumericWeight: number,
  siblings: PrefixExpansion | undefined,
) {
  const base = sql`SELECT term, CASE WHEN term ~ ${ALPHANUMERIC} AND term !~ ${NUMBER} THEN ${alphanumericWeight}::float8 ELSE 1::float8 END AS qweight
    FROM (${queryTerms(query)}) query_terms`;
  if (!siblings || siblings.terms === 0 || siblings.weight === 0) return base;
  const { characters, terms, weight } = siblings;
  return sql`WITH base AS MATERIALIZED (${base})
    SELECT term, qweight FROM base
    UNION ALL
    SELECT x.term, max(base.qweight) * ${weight}::float8 FROM base CROSS JOIN LATERAL (
      SELECT s.term FROM "term_stats" s
      WHERE s.term BETWEEN left(base.term, ${characters}) AND left(base.term, ${characters}) || 'zzzzzzzz'
        AND left(s.term, ${characters}) = left(base.term, ${characters}) AND s.term ~ ${LETTERS}
        AND s.document_df > 0 AND NOT EXISTS (SELECT 1 FROM base b WHERE b.term = s.term)
      ORDER BY s.document_df DESC, s.term COLLATE "C" LIMIT ${terms}
    ) x
    WHERE length(base.term) >= ${characters} AND base.term ~ ${LETTERS}
    GROUP BY x.term`;
}

/**
 * Keyword candidates: OR over the query's stemmed lexemes, filters applied in SQL. The query text
 * only ever reaches SQL as a bound parameter of to_tsvector, so any characters are safe. `ranking`
 * output returns the same ids, order and scores without the clauses' rows: with no selective filter
 * the clauses table is only probed for rejected clauses, through their partial index.
 */
export async function keywordSearch(
  executor: StoreExecutor,
  query: string,
  filters: RetrievalFilters,
  limit: number,
  options: KeywordSearchOptions = {},
  output: SearchOutput = 'candidates',
): Promise<CandidateRow[]> {
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
      SELECT ${candidateSelection}, ts_rank_cd(${clauseLexemes(clauses.text)}, q.query)::float8 AS score
      FROM ${clauses}, q
      WHERE q.query IS NOT NULL AND ${clauseLexemes(clauses.text)} @@ q.query AND ${where}
      ORDER BY score DESC, ${clauses.id} LIMIT ${limit}`,
    );
    return rows;
  }
  const k1 = options.k1 ?? DEFAULT_BM25.k1;
  const b = options.b ?? DEFAULT_BM25.b;
  const documentK1 = options.documentK1 ?? DEFAULT_DOCUMENT_K1;
  if (!(documentK1 >= 0) || !Number.isFinite(documentK1)) {
    throw new RangeError(`documentK1 must be a finite number >= 0, got ${documentK1}`);
  }
  const cap = options.postingsPerTerm ?? DEFAULT_POSTINGS_PER_TERM;
  const documentWeight = options.documentWeight ?? DEFAULT_DOCUMENT_WEIGHT;
  if (!(documentWeight >= 0) || !Number.isFinite(documentWeight)) {
    throw new RangeError(`documentWeight must be a finite number >= 0, got ${documentWeight}`);
  }
  const sentenceWeight = options.sentenceWeight ?? 0;
  const neighbourWeight = options.neighbourWeight ?? 0;
  for (const [name, value] of [
    ['sentenceWeight', sentenceWeight],
    ['neighbourWeight', neighbourWeight],
  ] as const) {
    if (!(value >= 0) || !Number.isFinite(value)) {
      throw new RangeError(`${name} must be a finite number >= 0, got ${value}`);
    }
  }
  const expansion = options.expansion || undefined;
  if (expansion) {
    const { documents: feedbackDocuments, terms: feedbackTerms, weight: feedbackWeight } = expansion;
    const idfPower = expansion.idfPower ?? 1;
    if (!Number.isInteger(feedbackDocuments) || feedbackDocuments < 1)
      throw new RangeError(`expansion documents must be an integer >= 1, got ${feedbackDocuments}`);
    if (!Number.isInteger(feedbackTerms) || feedbackTerms < 0)
      throw new RangeError(`expansion terms must be an integer >= 0, got ${feedbackTerms}`);
    for (const [name, value] of [
      ['weight', feedbackWeight],
      ['idfPower', idfPower],
    ] as const) {
      if (!(value >= 0) || !Number.isFinite(value))
        throw new RangeError(`expansion ${name} must be a finite number >= 0, got ${value}`);
    }
  }
  const expanding = expansion !== undefined && expansion.terms > 0 && expansion.weight > 0;
  const titleWeight = documentWeight === 0 ? 0 : (options.titleWeight ?? DEFAULT_TITLE_WEIGHT);
  if (!(titleWeight >= 0) || !Number.isFinite(titleWeight)) {
    throw new RangeError(`titleWeight must be a finite number >= 0, got ${titleWeight}`);
  }
  const alphanumericWeight = options.alphanumericWeight ?? DEFAULT_ALPHANUMERIC_WEIGHT;
  if (!(alphanumericWeight >= 0) || !Number.isFinite(alphanumericWeight)) {
    throw new RangeError(`alphanumericWeight must be a finite number >= 0, got ${alphanumericWeight}`);
  }
  const siblings =
    options.prefixExpansion === undefined ? DEFAULT_PREFIX_EXPANSION : options.prefixExpansion || undefined;
  if (siblings) checkPrefixExpansion(siblings);
  const selective = hasSelectiveFilter(filters);
  const capped = cap > 0 && Number.isFinite(cap);
  const given = options.stats;
  const statsSelect = given
    ? sql`SELECT ${given.clauses}::float8 AS n, ${given.clauseAvgLength}::float8 AS avgdl,
        ${given.documents}::float8 AS documents, ${given.documentAvgLength}::float8 AS document_avgdl`
    : corpusStatsSql;
  const run = (capped: boolean, prefixSize: number | null) => {
    const limitPostings = capped ? sql`LIMIT ${cap}` : sql``;
    // The query's lexemes with their weights (q): 1 each, plus the expansion lexemes of the feedback.
    const lexemes = weightedQueryTerms(query, alphanumericWeight, siblings);
    const queryWeights = !expanding
      ? sql`q AS (${lexemes}),`
      : sql`q0 AS (${queryTerms(query)}),
      feedback_terms AS MATERIALIZED (
        SELECT q0.term,
          ln(1 + (stats.documents - s.document_df + 0.5) / (s.document_df + 0.5)) * (${documentK1}::float8 + 1) AS document_weight,
          ${documentK1}::float8 * (1 - ${b}::float8) AS base,
          ${documentK1}::float8 * ${b}::float8 / stats.document_avgdl AS document_per_length
        FROM q0 JOIN "term_stats" s ON s.term = q0.term CROSS JOIN stats
        WHERE s.document_df > 0
      ),
      feedback_documents AS MATERIALIZED (
        SELECT p.document_id,
          sum(f.document_weight * p.frequency / (p.frequency + f.base + f.document_per_length * p.document_length)) AS score
        FROM feedback_terms f CROSS JOIN LATERAL (
          SELECT t.document_id, t.frequency, t.document_length FROM "document_terms" t WHERE t.term = f.term
          ORDER BY t.impact DESC NULLS LAST, t.document_id ${limitPostings}
        ) p
        GROUP BY p.document_id
        ORDER BY score DESC, p.document_id LIMIT ${expansion!.documents}
      ),
      feedback_mass AS (
        SELECT t.term, sum(d.score * t.frequency::float8 / greatest(t.document_length, 1))
          * power(ln(1 + (stats.documents - s.document_df + 0.5) / (s.document_df + 0.5)), ${expansion!.idfPower ?? 1}::float8) AS mass
        FROM feedback_documents d JOIN "document_terms" t ON t.document_id = d.document_id
          JOIN "term_stats" s ON s.term = t.term CROSS JOIN stats
        GROUP BY t.term, s.document_df, stats.documents
      ),
      feedback_top AS MATERIALIZED (
        SELECT term, mass FROM feedback_mass WHERE mass > 0 ORDER BY mass DESC, term LIMIT ${expansion!.terms}
      ),
      q AS (
        SELECT term, sum(qweight) AS qweight FROM (
          SELECT term, qweight FROM (${lexemes}) lexemes
          UNION ALL
          SELECT term, ${expansion!.weight}::float8 * (SELECT count(*) FROM q0)::float8 * mass / (SELECT sum(mass) FROM feedback_top) FROM feedback_top
        ) weighted GROUP BY term
      ),`;
    // BM25 = sum over the query's lexemes of idf * f * (k1 + 1) / (f + k1 * (1 - b + b * length / avgdl))
    // (documentK1 for the document field),
    // with everything but f and length worked out once per lexeme (terms), not once per posting.
    const terms = sql`SELECT q.term, s.df, s.document_df,
        q.qweight * ln(1 + (stats.n - s.df + 0.5) / (s.df + 0.5)) * (${k1}::float8 + 1) AS weight,
        q.qweight * ln(1 + (stats.documents - s.document_df + 0.5) / (s.document_df + 0.5)) * (${documentK1}::float8 + 1) AS document_weight,
        ${k1}::float8 * (1 - ${b}::float8) AS base,
        ${k1}::float8 * ${b}::float8 / stats.avgdl AS per_length,
        ${documentK1}::float8 * (1 - ${b}::float8) AS document_base,
        ${documentK1}::float8 * ${b}::float8 / stats.document_avgdl AS document_per_length
      FROM q JOIN "term_stats" s ON s.term = q.term CROSS JOIN stats`;
    // Each lexeme's postings come from the impact index, strongest first (capped unless exact).
    const scored = sql`SELECT p.clause_id, p.document_id,
        sum(terms.weight * p.frequency / (p.frequency + terms.base + terms.per_length * p.clause_length)) AS score
      FROM terms CROSS JOIN LATERAL (
        SELECT t.clause_id, t.document_id, t.frequency, t.clause_length FROM "clause_terms" t WHERE t.term = terms.term
        ORDER BY t.impact DESC NULLS LAST, t.clause_id ${limitPostings}
      ) p
      WHERE terms.df > 0
      GROUP BY p.clause_id, p.document_id`;
    // With sentence context, each lexeme's part of a clause's score is kept (term_scored), so a
    // sentence can score each lexeme once, by its best clause.
    const termScored = sql`SELECT terms.term, p.clause_id, p.document_id,
        terms.weight * p.frequency / (p.frequency + terms.base + terms.per_length * p.clause_length) AS part
      FROM terms CROSS JOIN LATERAL (
        SELECT t.clause_id, t.document_id, t.frequency, t.clause_length FROM "clause_terms" t WHERE t.term = terms.term
        ORDER BY t.impact DESC NULLS LAST, t.clause_id ${limitPostings}
      ) p
      WHERE terms.df > 0`;
    // The document scores a clause's context draws on: BM25 of the document, plus its title's.
    const documentContext = sql.raw(titleWeight === 0 ? 'document_scored' : 'document_context');
    const documentScored =
      documentWeight === 0
        ? sql``
        : sql`document_scored AS (
          SELECT p.document_id,
            sum(terms.document_weight * p.frequency / (p.frequency + terms.document_base + terms.document_per_length * p.document_length)) AS score
          FROM terms CROSS JOIN LATERAL (
            SELECT t.document_id, t.frequency, t.document_length FROM "document_terms" t WHERE t.term = terms.term
            ORDER BY t.impact DESC NULLS LAST, t.document_id ${limitPostings}
          ) p
          WHERE terms.document_df > 0
          GROUP BY p.document_id
        ),${
          titleWeight === 0
            ? sql``
            : sql`
        title_clauses AS MATERIALIZED (
          SELECT c.id, c.document_id
          FROM (SELECT document_id FROM document_scored ORDER BY score DESC, document_id LIMIT ${TITLE_DOCUMENTS}) top
          CROSS JOIN LATERAL (
            SELECT ${clauses.id} AS id, ${clauses.documentId} AS document_id FROM ${clauses}
            WHERE ${clauses.documentId} = top.document_id AND ${clauses.clauseIndex} < ${TITLE_CLAUSES}
              AND ${clauses.sentenceIndex} = 0
          ) c
        ),
        title_scored AS (
          SELECT c.document_id,
            sum(terms.weight * t.frequency / (t.frequency + terms.base + terms.per_length * t.clause_length)) AS score
          FROM title_clauses c CROSS JOIN terms
          JOIN "clause_terms" t ON t.term = terms.term AND t.clause_id = c.id
          WHERE terms.df > 0
          GROUP BY c.document_id
        ),
        document_context AS (
          SELECT d.document_id, d.score + ${titleWeight / documentWeight}::float8 * coalesce(title_scored.score, 0) AS score
          FROM document_scored d LEFT JOIN title_scored ON title_scored.document_id = d.document_id
        ),`
        }`;
    // Sentence context: each scored clause gets the sentence's score, and the clauses of the best
    // sentences (up to SENTENCE_SPAN positions around the matching ones) that matched nothing join them.
    const sentenceContext =
      sentenceWeight === 0
        ? sql``
        : sql`located AS MATERIALIZED (
          SELECT s.clause_id, s.document_id, s.score, c.sentence_index, c.clause_index
          FROM scored s JOIN ${clauses} c ON c.id = s.clause_id
        ),
        sentence_terms AS (
          SELECT l.document_id, l.sentence_index, t.term, max(t.part) AS part
          FROM term_scored t JOIN located l ON l.clause_id = t.clause_id
          GROUP BY l.document_id, l.sentence_index, t.term
        ),
        spans AS (
          SELECT document_id, sentence_index, min(clause_index) AS lo, max(clause_index) AS hi
          FROM located GROUP BY document_id, sentence_index
        ),
        sentences AS MATERIALIZED (
          SELECT st.document_id, st.sentence_index, sum(st.part) AS score, min(spans.lo) AS lo, min(spans.hi) AS hi
          FROM sentence_terms st JOIN spans ON spans.document_id = st.document_id AND spans.sentence_index = st.sentence_index
          GROUP BY st.document_id, st.sentence_index
        ),
        contexts AS MATERIALIZED (
          ${
            neighbourWeight === 0
              ? sql`SELECT * FROM sentences`
              : sql`SELECT s.document_id, s.sentence_index, s.lo, s.hi,
              s.score + ${neighbourWeight}::float8 * (coalesce(before.score, 0) + coalesce(after.score, 0)) AS score
            FROM sentences s
            LEFT JOIN sentences before ON before.document_id = s.document_id AND before.sentence_index = s.sentence_index - 1
            LEFT JOIN sentences after ON after.document_id = s.document_id AND after.sentence_index = s.sentence_index + 1`
          }
        ),
        best_sentences AS (
          SELECT contexts.* FROM contexts
          ${documentWeight === 0 ? sql`` : sql`LEFT JOIN ${documentContext} ON ${documentContext}.document_id = contexts.document_id`}
          ORDER BY ${sentenceWeight}::float8 * contexts.score ${documentWeight === 0 ? sql`` : sql`+ ${documentWeight}::float8 * coalesce(${documentContext}.score, 0)`} DESC,
            contexts.document_id, contexts.sentence_index
          LIMIT ${prefixSize ?? SENTENCE_EXPANSION}
        ),
        contextual AS (
          SELECT l.clause_id, l.document_id, l.score + ${sentenceWeight}::float8 * s.score AS score
          FROM located l JOIN contexts s ON s.document_id = l.document_id AND s.sentence_index = l.sentence_index
          UNION ALL
          SELECT c.id, c.document_id, ${sentenceWeight}::float8 * b.score
          FROM best_sentences b JOIN ${clauses} c ON c.document_id = b.document_id
            AND c.clause_index BETWEEN b.lo - ${SENTENCE_SPAN} AND b.hi + ${SENTENCE_SPAN}
            AND c.sentence_index = b.sentence_index
          WHERE NOT EXISTS (SELECT 1 FROM located l WHERE l.clause_id = c.id)
        ),`;
    const base = sentenceWeight === 0 ? sql`scored` : sql`contextual`;
    const blended =
      documentWeight === 0
        ? sql`SELECT clause_id, score FROM ${base}`
        : sql`SELECT ${base}.clause_id, ${base}.score + ${documentWeight}::float8 * coalesce(${documentContext}.score, 0) AS score
          FROM ${base} LEFT JOIN ${documentContext} ON ${documentContext}.document_id = ${base}.document_id`;
    // Only the best-scored clauses need their rows read: enough for the limit once the filter applies.
    const prefix = prefixSize === null ? sql`` : sql`ORDER BY score DESC, clause_id LIMIT ${prefixSize}`;
    // The ranking alone skips the clauses' rows unless a selective filter needs them.
    const idsOnly = output === 'ranking' ? rejectedExcluded(sql`blended.clause_id`, filters) : null;
    const selection = idsOnly
      ? sql`SELECT blended.clause_id AS "clauseId", blended.score::float8 AS score
      FROM blended WHERE ${idsOnly}
      ORDER BY blended.score DESC, blended.clause_id LIMIT ${limit}`
      : sql`SELECT ${output === 'ranking' ? sql`${clauses.id} AS "clauseId"` : candidateSelection}, blended.score::float8 AS score
      FROM blended JOIN ${clauses} ON ${clauses.id} = blended.clause_id
      WHERE ${where}
      ORDER BY blended.score DESC, ${clauses.id} LIMIT ${limit}`;
    return queryRows<CandidateRow>(
      executor,
      sql`WITH stats AS (${statsSelect}),
      ${queryWeights}
      terms AS MATERIALIZED (${terms}),
      ${
        sentenceWeight === 0
          ? sql`scored AS (${scored}),`
          : sql`term_scored AS MATERIALIZED (${termScored}),
      scored AS (SELECT clause_id, document_id, sum(part) AS score FROM term_scored GROUP BY clause_id, document_id),`
      }
      ${documentScored}
      ${sentenceContext}
      blended AS (${blended} ${prefix})
      ${selection}`,
    );
  };
  // With a filter, the prefix grows by the share of clauses the statistics say it keeps; a filter
  // keeping under 2% (or no statistics) reads every scored clause.
  let prefixSize: number | null = limit * 2 + 50;
  if (selective) {
    const estimate =
      options.estimate !== undefined ? options.estimate : await estimateFilter(executor, filters);
    prefixSize =
      estimate !== null && estimate.share >= 0.02
        ? Math.min(Math.ceil((2 * (limit * 2 + 50)) / estimate.share), 50_000)
        : null;
  }
  let rows = await run(capped, prefixSize);
  // Too few rows after the cap or the prefix: rank every posting exactly.
  if (rows.length < limit && (capped || prefixSize !== null)) rows = await run(false, null);
  return rows;
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

/** BM25 term weight without idf at IMPACT_BM25's k1 and b, as SQL over a frequency, a length and an average length. */
const impactOf = (frequency: SQL, length: SQL, avgdl: SQL) =>
  sql`${frequency} * ${IMPACT_BM25.k1 + 1}::float8 / (${frequency} + ${IMPACT_BM25.k1}::float8
    * (1 - ${IMPACT_BM25.b}::float8 + ${IMPACT_BM25.b}::float8 * ${length} / greatest(${avgdl}, 1)))`;

/**
 * Rebuilds a document's BM25 postings at clause and document level (with their impacts), its length
 * statistics and the clause and document frequencies of its lexemes; `clauseCount` is the number of
 * clauses just stored and `previous` are the counts of the clause postings the save replaced.
 */
export async function indexDocumentTerms(
  executor: StoreExecutor,
  documentId: string,
  clauseCount: number,
  previous: ReadonlyMap<string, number> = new Map(),
): Promise<void> {
  const removedDocumentTerms = await queryRows<{ term: string }>(
    executor,
    sql`DELETE FROM "document_terms" WHERE "document_id" = ${documentId} RETURNING "term"`,
  );
  // Per lexeme: [clause postings removed, document postings removed (0 or 1)].
  const removedCounts: Record<string, [number, number]> = {};
  for (const [term, count] of previous) removedCounts[term] = [count, 0];
  for (const { term } of removedDocumentTerms) removedCounts[term] = [previous.get(term) ?? 0, 1];
  const removed = Object.keys(removedCounts).length === 0 ? null : JSON.stringify(removedCounts);
  // Impacts use the collection's average lengths including this document; the frequency changes
  // are applied in lexeme order, so concurrent saves lock rows in one order.
  await executor.execute(sql`WITH postings AS (
      SELECT term, clause_id, frequency, sum(frequency) OVER (PARTITION BY clause_id) AS clause_length
      FROM (
        SELECT lexemes.lexeme AS term, ${clauses.id} AS clause_id,
          greatest(coalesce(array_length(lexemes.positions, 1), 1), 1) AS frequency
        FROM ${clauses}, unnest(${clauseLexemes(clauses.text)}) AS lexemes
        WHERE ${clauses.documentId} = ${documentId}
      ) lexemes
    ), document_postings AS (
      SELECT term, sum(frequency)::int AS frequency FROM postings GROUP BY term
    ), length AS (
      SELECT coalesce(sum(frequency), 0)::float8 AS terms, count(DISTINCT clause_id)::float8 AS clauses FROM postings
    ), others AS (
      SELECT coalesce(sum(${documents.termCount}), 0)::float8 AS terms, coalesce(sum(${documents.clauseCount}), 0)::float8 AS clauses,
        count(*) FILTER (WHERE ${documents.clauseCount} > 0)::float8 AS documents
      FROM ${documents} WHERE ${documents.id} <> ${documentId}
    ), totals AS (
      SELECT (others.terms + length.terms) / greatest(others.clauses + length.clauses, 1) AS avgdl,
        (others.terms + length.terms) / greatest(others.documents + CASE WHEN length.clauses > 0 THEN 1 ELSE 0 END, 1) AS document_avgdl,
        length.terms AS document_length
      FROM others, length
    ), inserted AS (
      INSERT INTO "clause_terms" ("term", "clause_id", "document_id", "frequency", "clause_length", "impact")
      SELECT p.term, p.clause_id, ${documentId}, p.frequency, p.clause_length,
        ${impactOf(sql`p.frequency`, sql`p.clause_length`, sql`totals.avgdl`)}
      FROM postings p CROSS JOIN totals
      RETURNING "term"
    ), document_inserted AS (
      INSERT INTO "document_terms" ("term", "document_id", "frequency", "document_length", "impact")
      SELECT p.term, ${documentId}, p.frequency, totals.document_length::int,
        ${impactOf(sql`p.frequency`, sql`totals.document_length`, sql`totals.document_avgdl`)}
      FROM document_postings p CROSS JOIN totals
      RETURNING "term"
    ), added AS (
      SELECT term, count(*)::int AS n, 1 AS documents FROM inserted GROUP BY term
    ), counted AS (
      UPDATE ${documents} SET "clause_count" = ${clauseCount},
        "term_count" = (SELECT coalesce(sum(frequency), 0) FROM postings)
      WHERE ${documents.id} = ${documentId}
    ), removed AS (
      ${removed === null ? sql`SELECT NULL::text AS term, 0 AS n, 0 AS documents WHERE false` : sql`SELECT key AS term, (value->>0)::int AS n, (value->>1)::int AS documents FROM json_each(${removed}::json)`}
    ), delta AS (
      SELECT coalesce(a.term, r.term) AS term, coalesce(a.n, 0) - coalesce(r.n, 0) AS n,
        coalesce(a.documents, 0) - coalesce(r.documents, 0) AS documents
      FROM added a FULL JOIN removed r ON r.term = a.term
    )
    INSERT INTO "term_stats" ("term", "df", "document_df")
    SELECT term, n, documents FROM delta WHERE n <> 0 OR documents <> 0 ORDER BY term
    ON CONFLICT ("term") DO UPDATE SET "df" = "term_stats"."df" + excluded."df",
      "document_df" = "term_stats"."document_df" + excluded."document_df"`);
}

/**
 * Writes the BM25 postings, length statistics and document frequencies of every document that has
 * clauses but a clause count of 0 (saved during a bulk load), in one statement. The documents are
 * locked first, so concurrent callers index each document once. `only` limits it to these
 * documents (a batch of new documents saved together). Returns how many were indexed.
 */
export async function indexPendingDocuments(
  executor: StoreExecutor,
  only?: readonly string[],
): Promise<number> {
  if (only?.length === 0) return 0;
  const rows = await queryRows<{ indexed: number }>(
    executor,
    sql`WITH pending AS (
      SELECT ${documents.id} AS id FROM ${documents}
      WHERE ${only ? sql`${inArray(documents.id, [...only])} AND ` : sql``}${documents.clauseCount} = 0 AND EXISTS (SELECT 1 FROM ${clauses} WHERE ${clauses.documentId} = ${documents.id})
      ORDER BY ${documents.id} FOR UPDATE
    ), postings AS (
      SELECT term, clause_id, document_id, frequency, sum(frequency) OVER (PARTITION BY clause_id) AS clause_length
      FROM (
        SELECT lexemes.lexeme AS term, ${clauses.id} AS clause_id, ${clauses.documentId} AS document_id,
          greatest(coalesce(array_length(lexemes.positions, 1), 1), 1) AS frequency
        FROM ${clauses} JOIN pending ON pending.id = ${clauses.documentId}, unnest(${clauseLexemes(clauses.text)}) AS lexemes
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
          + (SELECT coalesce(sum(clause_count), 0) FROM lengths), 1)::float8 AS avgdl,
        (coalesce((SELECT sum(${documents.termCount}) FROM ${documents}), 0)
          + (SELECT coalesce(sum(term_count), 0) FROM lengths))::float8
        / greatest((SELECT count(*) FROM ${documents} WHERE ${documents.clauseCount} > 0)
          + (SELECT count(*) FROM lengths WHERE clause_count > 0), 1)::float8 AS document_avgdl
    ), inserted AS (
      INSERT INTO "clause_terms" ("term", "clause_id", "document_id", "frequency", "clause_length", "impact")
      SELECT p.term, p.clause_id, p.document_id, p.frequency, p.clause_length,
        ${impactOf(sql`p.frequency`, sql`p.clause_length`, sql`totals.avgdl`)}
      FROM postings p CROSS JOIN totals
      ORDER BY p.term, p.clause_id
      RETURNING "term"
    ), document_inserted AS (
      INSERT INTO "document_terms" ("term", "document_id", "frequency", "document_length", "impact")
      SELECT p.term, p.document_id, sum(p.frequency)::int, lengths.term_count,
        ${impactOf(sql`sum(p.frequency)`, sql`lengths.term_count`, sql`totals.document_avgdl`)}
      FROM postings p JOIN lengths ON lengths.document_id = p.document_id CROSS JOIN totals
      GROUP BY p.term, p.document_id, lengths.term_count, totals.document_avgdl
      ORDER BY p.term, p.document_id
      RETURNING "term"
    ), counted AS (
      UPDATE ${documents} SET "clause_count" = lengths.clause_count, "term_count" = lengths.term_count
      FROM lengths WHERE ${documents.id} = lengths.document_id
      RETURNING 1
    ), clause_counts AS (
      SELECT term, count(*)::int AS n FROM inserted GROUP BY term
    ), document_counts AS (
      SELECT term, count(*)::int AS n FROM document_inserted GROUP BY term
    ), stats AS (
      INSERT INTO "term_stats" ("term", "df", "document_df")
      SELECT c.term, c.n, coalesce(d.n, 0) FROM clause_counts c LEFT JOIN document_counts d ON d.term = c.term ORDER BY c.term
      ON CONFLICT ("term") DO UPDATE SET "df" = "term_stats"."df" + excluded."df",
        "document_df" = "term_stats"."document_df" + excluded."document_df"
    )
    SELECT count(*)::int AS indexed FROM counted`,
  );
  return Number(rows[0]?.indexed ?? 0);
}
