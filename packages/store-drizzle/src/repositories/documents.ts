import {
  type AnnotatedClause,
  type ClauseCandidate,
  InvalidRequestError,
  type ListClausesQuery,
  type SentenceClause,
} from '@cae/core';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { ENCODED_CLAUSES_FORMAT, type EncodedClauses, type WritableClauseRow } from '../clause-encoding';
import { queryRows, type StoreExecutor } from '../store-connection';
import { isUuid, page, type StoreContext, withTotal } from '../store-context';
import { checkEmbedding, computeSemanticEdgesPerDocument, DEFAULT_SEMANTIC_EDGES } from '../store-embeddings';
import { listConditions } from '../store-filters';
import { documentTermCounts, indexDocumentTerms, indexPendingDocuments } from '../store-keyword-search';
import {
  type CandidateRow,
  candidateSelection,
  clauseColumns,
  clauseInsertRow,
  toAnnotatedClause,
  toCandidate,
} from '../store-rows';
import { clauses, documents } from '../store-schema';
import type { MaintenanceRepository } from './maintenance';

/**
 * A document to store: its clauses (typed values, as the pipeline makes them or parsed at a boundary
 * with `AnnotatedClauseSchema`), or the same clauses already encoded by `encodeClauses`
 * (`@cae/store-drizzle/encode`, e.g. in the worker that compiled them), optionally their embeddings
 * (aligned by position). The document's source type is its clauses'.
 */
export type SaveDocumentInput =
  | { documentId: string; clauses: readonly AnnotatedClause[]; embeddings?: readonly ArrayLike<number>[] }
  | { documentId: string; encoded: EncodedClauses; embeddings?: readonly ArrayLike<number>[] };

/** What saveDocument wrote. */
export interface SaveDocumentResult {
  documentId: string;
  clauseCount: number;
  semanticEdgeCount: number;
}

/** A document checked by `prepare`, ready to write. */
export interface PreparedDocument {
  documentId: string;
  /** Its clauses' rows, annotations in the stored form (as values, or as JSON text when encoded). */
  rows: readonly WritableClauseRow[];
  /** Checked against the store's dimension. */
  embeddings: readonly ArrayLike<number>[] | null;
}

/** Documents and their clauses. */
export interface DocumentRepository {
  saveDocument(input: SaveDocumentInput): Promise<SaveDocumentResult>;
  saveDocuments(inputs: readonly SaveDocumentInput[]): Promise<SaveDocumentResult[]>;
  listClauses(query?: Partial<ListClausesQuery>): Promise<{ clauses: AnnotatedClause[]; total: number }>;
  getClause(clauseId: string): Promise<AnnotatedClause | null>;
  candidatesByIds(clauseIds: readonly string[]): Promise<ClauseCandidate[]>;
  /** Every clause of the sentences holding the given clauses, by document and clause index. */
  sentenceClauses(clauseIds: readonly string[]): Promise<SentenceClause[]>;
}

/** The repository with the steps other repositories compose into their own transactions. */
export interface DocumentWriter extends DocumentRepository {
  /** Checks what the database relies on (ids, positions, embeddings) before any write. */
  prepare(input: SaveDocumentInput): Promise<PreparedDocument>;
  /** Writes prepared documents within the caller's transaction. */
  write(tx: StoreExecutor, batch: readonly PreparedDocument[]): Promise<SaveDocumentResult[]>;
}

export function createDocumentRepository(
  context: StoreContext,
  maintenance: MaintenanceRepository,
): DocumentWriter {
  const { db, driver, options } = context;

  const prepare = async (input: SaveDocumentInput): Promise<PreparedDocument> => {
    if (typeof input !== 'object' || input === null)
      throw new InvalidRequestError('a document must be an object');
    const { documentId } = input;
    if (typeof documentId !== 'string' || documentId.trim() === '') {
      throw new InvalidRequestError('documentId must be a non-empty string');
    }
    const encoded = 'encoded' in input ? input.encoded : undefined;
    if (encoded !== undefined) {
      if (
        typeof encoded !== 'object' ||
        encoded === null ||
        encoded.format !== ENCODED_CLAUSES_FORMAT ||
        !Array.isArray(encoded.rows)
      ) {
        throw new InvalidRequestError(
          `encoded clauses of document ${documentId} must come from encodeClauses (format ${ENCODED_CLAUSES_FORMAT})`,
        );
      }
    } else if (!Array.isArray((input as { clauses?: unknown }).clauses)) {
      throw new InvalidRequestError(`clauses of document ${documentId} must be an array`);
    }
    const ids = new Set<string>();
    const positions = new Set<number>();
    /** What the database relies on, for a clause or its encoded row. */
    const check = (
      index: number,
      clause: { id: string; documentId: string; parentClauseId: string | null; clauseIndex: number },
    ) => {
      const where = `clause ${index} of document ${documentId}`;
      if (clause.documentId !== documentId) {
        throw new InvalidRequestError(`${where} belongs to document ${clause.documentId}`);
      }
      if (!isUuid(clause.id))
        throw new InvalidRequestError(`${where} has an id that is not a UUID: ${clause.id}`);
      const parent = clause.parentClauseId;
      if (parent !== null && !isUuid(parent)) {
        throw new InvalidRequestError(`${where} has a parentClauseId that is not a clause id: ${parent}`);
      }
      if (ids.has(clause.id)) throw new InvalidRequestError(`clause id ${clause.id} appears twice`);
      if (!Number.isInteger(clause.clauseIndex) || positions.has(clause.clauseIndex)) {
        throw new InvalidRequestError(`clauseIndex ${clause.clauseIndex} appears twice`);
      }
      ids.add(clause.id);
      positions.add(clause.clauseIndex);
    };
    let rows: readonly WritableClauseRow[];
    if (encoded !== undefined) {
      for (const [index, row] of encoded.rows.entries()) check(index, row);
      rows = encoded.rows;
    } else {
      const given = (input as { clauses: readonly AnnotatedClause[] }).clauses;
      given.forEach((clause, index) => {
        if (clause.syntactic.documentId !== documentId) {
          throw new InvalidRequestError(
            `clause ${index} of document ${documentId} belongs to document ${clause.documentId}`,
          );
        }
        check(index, {
          id: clause.id,
          documentId: clause.documentId,
          parentClauseId: clause.syntactic.parentClauseId,
          clauseIndex: clause.syntactic.clauseIndex,
        });
      });
      // Encoded before the transaction: the compact form's checked round trip holds no lock.
      rows = given.map(clauseInsertRow);
    }
    if (input.embeddings === undefined) return { documentId, rows, embeddings: null };
    if (input.embeddings.length !== rows.length) {
      throw new InvalidRequestError(
        `got ${input.embeddings.length} embeddings for ${rows.length} clauses; they must be aligned`,
      );
    }
    const info = await context.requireEmbeddings(input.embeddings[0]?.length);
    for (const embedding of input.embeddings) checkEmbedding(embedding, info.dimension);
    return { documentId, rows, embeddings: input.embeddings };
  };

  /**
   * One upsert of the documents' rows, one delete of their old clauses, one insert of all clauses
   * and one of all embeddings, then the postings (one pass for the batch's new documents, one per
   * re-saved document; deferred for new documents during a bulk load) and one semantic-edge pass.
   */
  const write = async (
    tx: StoreExecutor,
    batch: readonly PreparedDocument[],
  ): Promise<SaveDocumentResult[]> => {
    // Dropped again after the commit; here so a decided review's document counts too.
    context.dropCorpusStats();
    const now = context.clock();
    // In id order, so concurrent batches lock document rows in one order. The upsert locks the rows;
    // a stored clause count says whether there are postings to replace.
    const byId = [...batch].sort((left, right) => (left.documentId < right.documentId ? -1 : 1));
    const stored = await tx
      .insert(documents)
      .values(
        byId.map((document) => ({
          id: document.documentId,
          sourceType: document.rows[0]?.sourceType ?? 'document',
          createdAt: now,
          updatedAt: now,
        })),
      )
      .onConflictDoUpdate({
        target: documents.id,
        set: { sourceType: sql`excluded."source_type"`, updatedAt: now },
      })
      .returning({ id: documents.id, clauseCount: documents.clauseCount });
    // A clause count of 0 means the document has no postings yet (new, empty, or bulk-loaded and
    // awaiting indexPendingDocuments): nothing to subtract from the document frequencies.
    const indexed = new Set(stored.filter((row) => row.clauseCount > 0).map((row) => row.id));
    const previousTerms = new Map<string, Map<string, number>>();
    for (const documentId of indexed) previousTerms.set(documentId, await documentTermCounts(tx, documentId));
    // Replacing cascades to postings, embeddings and semantic edges; the review log has no foreign key.
    await tx.delete(clauses).where(
      inArray(
        clauses.documentId,
        byId.map((document) => document.documentId),
      ),
    );
    await driver.insertClauseRows(
      tx,
      batch.flatMap((document) => document.rows),
    );
    const bulk = context.bulk;
    // New documents of a batch get their postings in one set-based pass (as a bulk load's end does).
    const fresh =
      !bulk && batch.length > 1
        ? batch.filter((document) => !indexed.has(document.documentId)).map((document) => document.documentId)
        : [];
    const batched = new Set(fresh);
    if (fresh.length > 0) await indexPendingDocuments(tx, fresh);
    for (const document of batch) {
      if (batched.has(document.documentId)) {
        // Indexed above; a document saved without clauses still gets its counts set to 0.
        if (document.rows.length === 0) await indexDocumentTerms(tx, document.documentId, 0);
        continue;
      }
      // During a bulk load a new document's postings wait (clause count 0 marks it) for one
      // set-based pass at the end; a re-saved one is indexed now, as its old postings must go.
      if (!bulk || indexed.has(document.documentId)) {
        await indexDocumentTerms(
          tx,
          document.documentId,
          document.rows.length,
          previousTerms.get(document.documentId),
        );
      } else {
        bulk.clauses += document.rows.length;
      }
    }
    await driver.insertEmbeddings(
      tx,
      batch.flatMap((document) =>
        document.embeddings
          ? document.rows.map((row, index) => ({
              clauseId: row.id,
              embedding: document.embeddings![index]!,
            }))
          : [],
      ),
    );
    // The semantic edges of every embedded document of the batch in one nearest-neighbour pass
    // (after all their vectors are in, so documents of one batch find each other).
    const embedded = batch.filter((document) => document.embeddings).map((document) => document.documentId);
    let edgeCounts = new Map<string, number>();
    if (bulk) {
      for (const documentId of embedded) bulk.documents.add(documentId);
      for (const document of batch) bulk.written.add(document.documentId);
    } else if (options.semanticEdges !== false && embedded.length > 0) {
      edgeCounts = await computeSemanticEdgesPerDocument(
        tx,
        embedded,
        options.semanticEdges ?? DEFAULT_SEMANTIC_EDGES,
      );
    }
    return batch.map((document) => ({
      documentId: document.documentId,
      clauseCount: document.rows.length,
      semanticEdgeCount: edgeCounts.get(document.documentId) ?? 0,
    }));
  };

  return {
    prepare,
    write,

    async saveDocument(input) {
      const prepared = await prepare(input);
      const [result] = await db.transaction((tx) => write(tx, [prepared]));
      maintenance.noteSaves(1);
      await maintenance.checkpointIfDue();
      return result!;
    },

    async saveDocuments(inputs) {
      if (!Array.isArray(inputs)) throw new InvalidRequestError('saveDocuments takes an array of documents');
      if (inputs.length === 0) return [];
      const documentIds = new Set<string>();
      const clauseIds = new Set<string>();
      const prepared: PreparedDocument[] = [];
      for (const input of inputs) {
        const document = await prepare(input);
        if (documentIds.has(document.documentId)) {
          throw new InvalidRequestError(`document ${document.documentId} appears twice in the batch`);
        }
        documentIds.add(document.documentId);
        for (const clause of document.rows) {
          if (clauseIds.has(clause.id)) {
            throw new InvalidRequestError(`clause id ${clause.id} appears in two documents of the batch`);
          }
          clauseIds.add(clause.id);
        }
        prepared.push(document);
      }
      const results = await db.transaction((tx) => write(tx, prepared));
      maintenance.noteSaves(prepared.length);
      await maintenance.checkpointIfDue();
      return results;
    },

    async listClauses(query = {}) {
      const { limit, offset } = page(query);
      const where = and(...listConditions(query));
      const { rows, total } = await withTotal(
        db
          .select(clauseColumns)
          .from(clauses)
          .where(where)
          .orderBy(asc(clauses.documentId), asc(clauses.clauseIndex))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(clauses).where(where),
      );
      return { clauses: rows.map(toAnnotatedClause), total };
    },

    async getClause(clauseId) {
      if (!isUuid(clauseId)) return null;
      const rows = await db.select(clauseColumns).from(clauses).where(eq(clauses.id, clauseId));
      return rows[0] ? toAnnotatedClause(rows[0]) : null;
    },

    async candidatesByIds(clauseIds) {
      const ids = [...new Set(clauseIds.filter(isUuid))];
      if (ids.length === 0) return [];
      const cached = await context.searchCache?.candidatesByIds(db, ids);
      if (cached) return cached;
      const rows = await queryRows<CandidateRow>(
        db,
        sql`SELECT ${candidateSelection}, 0::float8 AS score FROM ${clauses} WHERE ${inArray(clauses.id, ids)}`,
      );
      return rows.map(toCandidate);
    },

    async sentenceClauses(clauseIds) {
      const ids = [...new Set(clauseIds.filter(isUuid))];
      if (ids.length === 0) return [];
      // The sentences' keys first, then their clauses through the (document, clause index) index.
      // A clause's start is its first token's offset, read from the syntactic annotation (in the compact
      // form the clause's base `s` plus the first token's gap in `to`).
      const rows = await queryRows<{
        clauseId: string;
        documentId: string;
        sentenceIndex: number | string;
        clauseIndex: number | string;
        text: string;
        start: number | string | null;
      }>(
        db,
        sql`SELECT c.id AS "clauseId", c.document_id AS "documentId", c.sentence_index AS "sentenceIndex",
          c.clause_index AS "clauseIndex", c.text AS "text",
          COALESCE((c.syntactic::json ->> 's')::int + (c.syntactic::json -> 'to' ->> 0)::int,
            (c.syntactic::json -> 'tokens' -> 0 ->> 'start')::int) AS "start"
        FROM ${clauses} c
        JOIN (SELECT DISTINCT document_id, sentence_index FROM ${clauses} WHERE ${inArray(clauses.id, ids)}) k
          ON c.document_id = k.document_id AND c.sentence_index = k.sentence_index
        ORDER BY c.document_id, c.clause_index`,
      );
      return rows.map((row) => ({
        clauseId: String(row.clauseId),
        documentId: row.documentId,
        sentenceIndex: Number(row.sentenceIndex),
        clauseIndex: Number(row.clauseIndex),
        text: row.text,
        start: row.start === null ? null : Number(row.start),
      }));
    },
  };
}
