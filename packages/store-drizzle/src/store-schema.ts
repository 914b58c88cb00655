import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** A clause's lexemes (its text's English tsvector): the expression of the GIN index on clauses. */
export const clauseLexemes = (text: AnyPgColumn | SQL) => sql`to_tsvector('english'::regconfig, ${text})`;

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** One row per stored document; keeps the BM25 length statistics of its clauses. */
export const documents = pgTable('documents', {
  id: text('id').primaryKey(),
  sourceType: text('source_type').notNull().default('document'),
  clauseCount: integer('clause_count').notNull().default(0),
  /** Sum of the clauses' lexeme counts: with clause_count gives BM25's average length. */
  termCount: integer('term_count').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Annotated clauses: the annotation objects as JSON plus the scalar columns filters need. */
export const clauses = pgTable(
  'clauses',
  {
    id: uuid('id').primaryKey(),
    documentId: text('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    clauseIndex: integer('clause_index').notNull(),
    sentenceIndex: integer('sentence_index').notNull(),
    parentClauseId: uuid('parent_clause_id'),
    text: text('text').notNull(),
    // json (text), not jsonb: nothing queries inside the annotations (filters read the scalar
    // columns), and storing text skips jsonb's parse and rebuild of several KB per clause.
    syntactic: json('syntactic').notNull(),
    ideational: json('ideational').notNull(),
    interpersonal: json('interpersonal').notNull(),
    textual: json('textual'),
    compiledAt: timestamp('compiled_at', { withTimezone: true, mode: 'date' }).notNull(),
    untrusted: boolean('untrusted').notNull(),
    sourceType: text('source_type').notNull(),
    reviewStatus: text('review_status').notNull().default('unreviewed'),
    mood: text('mood').notNull(),
    processType: text('process_type').notNull(),
    modalityWeight: doublePrecision('modality_weight').notNull(),
    // The modality type of a modalised clause (null when unmodalised): the `modality_type` filter.
    modalityType: text('modality_type'),
    tenor: doublePrecision('tenor').notNull(),
    annotationSource: text('annotation_source').notNull(),
    annotationUntrusted: boolean('annotation_untrusted').notNull(),
  },
  (table) => [
    uniqueIndex('clauses_document_position_idx').on(table.documentId, table.clauseIndex),
    // The clause's lexemes are computed where they are needed (BM25 postings, ts_rank_cd) instead of
    // kept in a column: the index holds them for ts_rank_cd's searches.
    index('clauses_tsv_idx').using('gin', clauseLexemes(table.text)),
    index('clauses_parent_idx').on(table.parentClauseId),
    index('clauses_mood_idx').on(table.mood),
    index('clauses_process_type_idx').on(table.processType),
    // The few rejected clauses: ranked lists leave them out by probing this small index instead of
    // reading every candidate's row.
    index('clauses_rejected_idx').on(table.id).where(sql`${table.reviewStatus} = 'rejected'`),
    // Every retrieval filter column by clause id: a filtered ranking checks its candidates with
    // index-only scans of this narrow index instead of reading the wide rows (annotations included).
    // (Key columns: drizzle declares no INCLUDE; the id leads, so lookups by id use it alike.)
    index('clauses_filter_columns_idx').on(
      table.id,
      table.documentId,
      table.reviewStatus,
      table.mood,
      table.processType,
      table.modalityWeight,
      table.tenor,
      table.sourceType,
      table.annotationSource,
      table.modalityType,
    ),
    index('clauses_source_type_idx').on(table.sourceType),
  ],
);

/**
 * BM25 postings: one row per (lexeme, clause) with the lexeme's frequency in the clause and the
 * clause's length in lexemes. Document frequency is the size of a lexeme's posting list.
 */
export const clauseTerms = pgTable(
  'clause_terms',
  {
    term: text('term').notNull(),
    clauseId: uuid('clause_id')
      .notNull()
      .references(() => clauses.id, { onDelete: 'cascade' }),
    /** The clause's document (denormalised), so a posting can be joined to its document's score. */
    documentId: text('document_id').notNull(),
    frequency: integer('frequency').notNull(),
    clauseLength: integer('clause_length').notNull(),
    /**
     * The posting's BM25 term weight (k1 0.9, b 0.4, the average length when it was written), without
     * idf: only orders a lexeme's postings so a query reads the strongest first; scores use the exact formula.
     */
    impact: doublePrecision('impact').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.term, table.clauseId] }),
    index('clause_terms_clause_idx').on(table.clauseId),
    index('clause_terms_impact_idx').on(
      table.term,
      table.impact.desc(),
      table.clauseId,
      table.frequency,
      table.clauseLength,
      table.documentId,
    ),
  ],
);

/**
 * Document-level BM25 postings: one row per (lexeme, document) with the lexeme's frequency in the
 * whole document and the document's length in lexemes. Keyword search adds a share of a document's
 * score to each of its matching clauses, so a clause is ranked in the context of its document.
 */
export const documentTerms = pgTable(
  'document_terms',
  {
    term: text('term').notNull(),
    documentId: text('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    frequency: integer('frequency').notNull(),
    documentLength: integer('document_length').notNull(),
    /** BM25 term weight without idf (k1 0.9, b 0.4), only to read a lexeme's strongest postings first. */
    impact: doublePrecision('impact').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.term, table.documentId] }),
    index('document_terms_document_idx').on(table.documentId),
    index('document_terms_impact_idx').on(
      table.term,
      table.impact.desc(),
      table.documentId,
      table.frequency,
      table.documentLength,
    ),
  ],
);

/** Clause and document frequency of each lexeme, kept in step with clause_terms and document_terms. */
export const termStats = pgTable('term_stats', {
  term: text('term').primaryKey(),
  df: integer('df').notNull(),
  /** Number of documents whose clauses hold the lexeme. */
  documentDf: integer('document_df').notNull().default(0),
});

/** Append-only audit log of clause review decisions; outlives re-saves of the clause. */
export const clauseReviews = pgTable(
  'clause_reviews',
  {
    id: uuid('id').primaryKey(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    clauseId: uuid('clause_id').notNull(),
    documentId: text('document_id').notNull(),
    clauseText: text('clause_text').notNull(),
    decision: text('decision').notNull(),
    reviewer: text('reviewer'),
    notes: text('notes'),
    annotationBefore: jsonb('annotation_before').notNull(),
    annotationAfter: jsonb('annotation_after').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('clause_reviews_created_idx').on(table.createdAt.desc(), table.seq.desc()),
    index('clause_reviews_clause_idx').on(table.clauseId),
  ],
);

/** Generated content quarantined until a human decides. */
export const contentReviews = pgTable(
  'content_reviews',
  {
    id: uuid('id').primaryKey(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    content: text('content').notNull(),
    modality: text('modality').notNull(),
    source: text('source'),
    metadata: jsonb('metadata').notNull(),
    status: text('status').notNull().default('pending'),
    decision: text('decision'),
    editedText: text('edited_text'),
    reviewer: text('reviewer'),
    documentId: text('document_id'),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [index('content_reviews_status_idx').on(table.status, table.createdAt, table.seq)],
);

/** Nearest neighbours by embedding, from a clause to another (directed, weight = cosine similarity). */
export const semanticEdges = pgTable(
  'semantic_edges',
  {
    sourceId: uuid('source_id')
      .notNull()
      .references(() => clauses.id, { onDelete: 'cascade' }),
    targetId: uuid('target_id')
      .notNull()
      .references(() => clauses.id, { onDelete: 'cascade' }),
    similarity: doublePrecision('similarity').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.sourceId, table.targetId] }),
    index('semantic_edges_target_idx').on(table.targetId),
  ],
);

/** Server-side provider keys, ciphertext only (the gateway encrypts). */
export const providerKeys = pgTable('provider_keys', {
  providerId: text('provider_id').primaryKey(),
  ciphertext: text('ciphertext').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Store-wide settings, e.g. the embedding dimension and embedder id. */
export const storeMeta = pgTable('store_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
