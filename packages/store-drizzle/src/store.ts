import {
  type AnnotatedClause,
  type AnnotatedClauseInput,
  AnnotatedClauseSchema,
  type CandidateSource,
  type ClauseAnnotation,
  ClauseAnnotationSchema,
  type ClauseCandidate,
  type ClauseReviewDecision,
  type ClauseReviewRecord,
  ConflictError,
  type ContentModality,
  type ContentReviewItem,
  canonicalJson,
  type EnqueueContentRequestInput,
  EnqueueContentRequestSchema,
  type GraphEdge,
  type GraphNode,
  InvalidRequestError,
  type ListClausesQuery,
  NotFoundError,
  type QueueDecision,
  type QueueStatus,
  type RankedClause,
  type RetrievalFilters,
  randomId,
} from '@cae/core';
import type { PGlite } from '@electric-sql/pglite';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { withIndexesRebuilt } from './store-bulk-indexes';
import {
  openConnection,
  queryRows,
  type StoreDatabase,
  type StoreDriver,
  type StoreExecutor,
} from './store-connection';
import {
  checkEmbedding,
  computeSemanticEdgesIn,
  createVectorIndex,
  DEFAULT_SEMANTIC_EDGES,
  dropVectorIndex,
  type EmbeddingInfo,
  embedderMismatchError,
  enableEmbeddingsIn,
  type HnswOptions,
  insertEmbeddings,
  missingVectorExtensionError,
  readEmbeddingInfo,
  type SemanticEdgeOptions,
  vectorExtensionAvailable,
  vectorLiteral,
  vectorSearch,
} from './store-embeddings';
import { estimateFilter, type FilterEstimate, hasSelectiveFilter, listConditions } from './store-filters';
import {
  type CorpusStats,
  documentTermCounts,
  indexDocumentTerms,
  indexPendingDocuments,
  type KeywordRanking,
  type KeywordSearchOptions,
  keywordSearch,
  readCorpusStats,
} from './store-keyword-search';
import {
  annotationColumns,
  type CandidateRow,
  candidateSelection,
  clauseColumns,
  clauseInsertRow,
  insertClauseRows,
  type SearchOutput,
  toAnnotatedClause,
  toCandidate,
  toClauseAnnotation,
  toClauseReviewRecord,
  toContentReviewItem,
  toGraphNode,
  toRanked,
} from './store-rows';
import { clauseReviews, clauses, contentReviews, documents, semanticEdges } from './store-schema';

/** Options of createStore. */
export interface StoreOptions {
  /**
   * `memory://` (throwaway PGlite), a directory or `file://` URL (persisted PGlite), or
   * `postgres://` / `postgresql://` (a server through postgres.js). Default: PGlite under `dataDir`.
   */
  url?: string;
  /**
   * An open PGlite to use instead of `url` (load `@electric-sql/pglite-pgvector` into it for
   * embeddings); migrations run on it and the store closes it.
   */
  client?: PGlite;
  /** PGlite data directory when no url is given; default `CAE_DATA_DIR` or `./.cae`. */
  dataDir?: string;
  /** Enable embeddings at open (see `enableEmbeddings`). */
  embedding?: EmbeddingInfo;
  /** Keyword ranking of `keywordCandidates`; default `bm25`. */
  keywordRanking?: KeywordRanking;
  /**
   * BM25 parameters; default k1 0.9, b 0.4, and documentWeight 1 (the share of the document's BM25
   * score added to each matching clause's; 0 ranks clauses on their own words only).
   */
  bm25?: { k1?: number; b?: number; documentWeight?: number };
  /** Semantic-neighbour edges computed when a document is saved with embeddings; false turns them off. */
  semanticEdges?: SemanticEdgeOptions | false;
  /** HNSW build parameters of the embedding index; default m 16, efConstruction 64. */
  hnsw?: HnswOptions;
  /** Filtered vector searches over at most this many clauses scan exactly; default 2,000. */
  vectorExactScanThreshold?: number;
  /**
   * PGlite only (a server's autovacuum does this): run `optimize` in the background after this many
   * single saves, then whenever the saves since the last run reach a quarter of the documents stored
   * then (never fewer than this). Default 100; false turns it off.
   */
  autoOptimizeAfterSaves?: number | false;
  /** Postgres pool size; default 10. */
  maxConnections?: number;
  /** Clock for timestamps the store sets. */
  now?: () => Date;
  /** Folder of drizzle migrations; default the package's `drizzle/` (tests use older copies). */
  migrationsFolder?: string;
}

/** A document to store: its clauses, optionally their embeddings (aligned by position). */
export interface SaveDocumentInput {
  documentId: string;
  clauses: readonly AnnotatedClauseInput[];
  embeddings?: readonly ArrayLike<number>[];
  /** Overrides every clause's `sourceType` (e.g. `generated` for approved queue content). */
  sourceType?: string;
}

/** A document validated by prepareDocument, ready to write. */
interface PreparedDocument {
  documentId: string;
  clauses: AnnotatedClause[];
  /** Checked against the store's dimension. */
  embeddings: readonly ArrayLike<number>[] | null;
  sourceType: string | undefined;
}

/** What saveDocument wrote. */
export interface SaveDocumentResult {
  documentId: string;
  clauseCount: number;
  semanticEdgeCount: number;
}

/** A review decision on a clause annotation. */
export interface ReviewClauseInput {
  clauseId: string;
  decision: ClauseReviewDecision;
  reviewer?: string | null;
  notes?: string | null;
  /** The new annotation; required for `re_annotated`. */
  annotationAfter?: ClauseAnnotation;
  now?: Date;
}

/** A decision on a content review queue item. */
export interface DecideContentReviewInput {
  id: string;
  decision: QueueDecision;
  editedText?: string | null;
  reviewer?: string | null;
  /** The compiled approved (or edited) text, stored in the same transaction. */
  document?: SaveDocumentInput;
  now?: Date;
}

export interface PageInput {
  limit?: number;
  offset?: number;
}

export interface ListContentReviewsInput extends PageInput {
  modality?: ContentModality;
  /** Status to list; default `pending`, `all` for every row. */
  status?: QueueStatus | 'all';
}

/** The store: clauses, reviews, the content queue, the graph and provider keys, on PGlite or Postgres. */
export interface Store extends CandidateSource {
  readonly driver: StoreDriver;
  /** The drizzle database, for callers that need a query the store lacks. */
  readonly db: StoreDatabase;
  /** Stores a document in one transaction, replacing an earlier version of it. */
  saveDocument(input: SaveDocumentInput): Promise<SaveDocumentResult>;
  /**
   * Stores several documents in one transaction, each as `saveDocument` would (a re-saved document's
   * clauses replaced, its review history kept), with one insert per table for the whole batch: much
   * faster than one save per document. Every document is validated first; an invalid one, or a
   * document id given twice, rejects the batch before anything is written, and a failed write leaves
   * none of it behind. Results are in input order.
   * @example const [first, second] = await store.saveDocuments([{ documentId: 'a', clauses }, { documentId: 'b', clauses: others }]);
   */
  saveDocuments(inputs: readonly SaveDocumentInput[]): Promise<SaveDocumentResult[]>;
  listClauses(query?: Partial<ListClausesQuery>): Promise<{ clauses: AnnotatedClause[]; total: number }>;
  getClause(clauseId: string): Promise<AnnotatedClause | null>;
  reviewClause(input: ReviewClauseInput): Promise<ClauseReviewRecord>;
  listClauseReviews(page?: PageInput): Promise<{ records: ClauseReviewRecord[]; total: number }>;
  enqueueContent(request: EnqueueContentRequestInput, options?: { now?: Date }): Promise<ContentReviewItem>;
  getContentReview(id: string): Promise<ContentReviewItem | null>;
  listContentReviews(query?: ListContentReviewsInput): Promise<{ items: ContentReviewItem[]; total: number }>;
  decideContentReview(input: DecideContentReviewInput): Promise<ContentReviewItem>;
  graphNodes(documentId?: string): Promise<GraphNode[]>;
  graphEdges(documentId?: string): Promise<GraphEdge[]>;
  keywordCandidates(
    query: string,
    filters: RetrievalFilters,
    limit: number,
    options?: KeywordSearchOptions,
  ): Promise<ClauseCandidate[]>;
  /** `keywordCandidates`' ranking without the clauses' rows (the retriever reads rows for its results only). */
  keywordRanking(
    query: string,
    filters: RetrievalFilters,
    limit: number,
    options?: KeywordSearchOptions,
  ): Promise<RankedClause[]>;
  vectorRanking(embedding: Float32Array, filters: RetrievalFilters, limit: number): Promise<RankedClause[]>;
  enableEmbeddings(info: EmbeddingInfo): Promise<EmbeddingInfo>;
  embeddingInfo(): Promise<EmbeddingInfo | null>;
  computeSemanticEdges(documentId: string, options?: SemanticEdgeOptions): Promise<number>;
  /**
   * Runs a bulk ingest: drops the HNSW index, runs `load` (whose saves skip semantic edges and
   * the BM25 postings of new documents), then writes the postings of every new document in one
   * statement (on PGlite, when they are many, with the posting tables' indexes rebuilt afterwards),
   * rebuilds the index (much faster than inserting into it row by row) and computes the semantic
   * edges of the documents saved meanwhile, and finally runs `optimize`. Vector searches meanwhile
   * scan exactly, and keyword search finds the new documents once the load ends. Saving in batches
   * (`saveDocuments`) is the fastest way to fill it.
   * @example await store.bulkLoad(async () => { for (const batch of batches) await store.saveDocuments(batch); });
   */
  bulkLoad<T>(load: () => Promise<T>): Promise<T>;
  /**
   * Refreshes the planner statistics of the search tables (ANALYZE) and, on PGlite, their visibility
   * maps (VACUUM), so searches use the right plans and index-only scans. PGlite has no autovacuum:
   * without this, a freshly loaded store can answer keyword searches several times slower.
   * `bulkLoad` runs it; call it after many single saves.
   */
  optimize(): Promise<void>;
  close(): Promise<void>;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DEFAULT_PAGE = 50;
const QUEUE_STATUS_OF: Record<QueueDecision, QueueStatus> = {
  approve: 'approved',
  reject: 'rejected',
  edit: 'edited',
};

const isUuid = (value: string) => UUID_PATTERN.test(value);

function page(input: PageInput = {}): { limit: number; offset: number } {
  const limit = input.limit ?? DEFAULT_PAGE;
  const offset = input.offset ?? 0;
  if (!Number.isInteger(limit) || limit < 1)
    throw new InvalidRequestError('limit must be a positive integer');
  if (!Number.isInteger(offset) || offset < 0)
    throw new InvalidRequestError('offset must be a non-negative integer');
  return { limit, offset };
}

/**
 * Opens a store and runs pending migrations.
 * @example const store = await createStore({ url: 'memory://' });
 * @example const store = await createStore({ url: process.env.DATABASE_URL });
 */
export async function createStore(options: StoreOptions = {}): Promise<Store> {
  const autoOptimize = options.autoOptimizeAfterSaves;
  if (
    autoOptimize !== undefined &&
    autoOptimize !== false &&
    !(Number.isInteger(autoOptimize) && autoOptimize >= 1)
  ) {
    throw new InvalidRequestError(
      `autoOptimizeAfterSaves must be a positive integer or false, got ${autoOptimize}`,
    );
  }
  const connection = await openConnection(options);
  const store = new DrizzleStore(connection.db, connection.driver, connection.close, options);
  try {
    if (options.embedding) await store.enableEmbeddings(options.embedding);
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}

/** Clauses whose postings are written (the BM25 collection size). */
async function indexedClauseCount(executor: StoreExecutor): Promise<number> {
  const rows = await queryRows<{ n: number | string | null }>(
    executor,
    sql`SELECT sum(${documents.clauseCount}) AS n FROM ${documents}`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** Single saves before the first background optimize on PGlite. */
const DEFAULT_AUTO_OPTIMIZE_SAVES = 100;

/** How long a filter's estimate is reused: statistics change only when optimize() runs. */
const FILTER_ESTIMATE_TTL_MS = 5_000;

/** How long BM25's corpus statistics are reused while this store writes nothing. */
const CORPUS_STATS_TTL_MS = 5_000;

class DrizzleStore implements Store {
  private embedding: EmbeddingInfo | null | undefined;
  private closed = false;
  /** Documents saved with embeddings during bulkLoad, whose semantic edges wait for the index. */
  private bulkDocuments: Set<string> | null = null;
  /** Clauses of new documents saved during bulkLoad, whose postings wait for its end. */
  private bulkClauses = 0;
  /** Single saves since the last optimize, and how many more trigger the next (PGlite). */
  private savesSinceOptimize = 0;
  private savesBeforeOptimize: number;
  /** The background optimize in flight, awaited by close(). */
  private pendingOptimize: Promise<void> | null = null;
  /** BM25 corpus statistics read recently; dropped by this store's writes. */
  private cachedCorpusStats: { at: number; stats: Promise<CorpusStats> } | null = null;
  /** Recent filter estimates by the filter's canonical JSON. */
  private readonly filterEstimates = new Map<
    string,
    { at: number; estimate: Promise<FilterEstimate | null> }
  >();

  constructor(
    readonly db: StoreDatabase,
    readonly driver: StoreDriver,
    private readonly closeConnection: () => Promise<void>,
    private readonly options: StoreOptions,
  ) {
    this.savesBeforeOptimize = options.autoOptimizeAfterSaves || DEFAULT_AUTO_OPTIMIZE_SAVES;
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  async saveDocument(input: SaveDocumentInput): Promise<SaveDocumentResult> {
    const prepared = await this.prepareDocument(input);
    const [result] = await this.db.transaction((tx) => this.writeDocuments(tx, [prepared]));
    this.noteSave();
    return result!;
  }

  async saveDocuments(inputs: readonly SaveDocumentInput[]): Promise<SaveDocumentResult[]> {
    if (!Array.isArray(inputs)) throw new InvalidRequestError('saveDocuments takes an array of documents');
    if (inputs.length === 0) return [];
    const documentIds = new Set<string>();
    const clauseIds = new Set<string>();
    const prepared: PreparedDocument[] = [];
    for (const input of inputs) {
      const document = await this.prepareDocument(input);
      if (documentIds.has(document.documentId)) {
        throw new InvalidRequestError(`document ${document.documentId} appears twice in the batch`);
      }
      documentIds.add(document.documentId);
      for (const clause of document.clauses) {
        if (clauseIds.has(clause.id)) {
          throw new InvalidRequestError(`clause id ${clause.id} appears in two documents of the batch`);
        }
        clauseIds.add(clause.id);
      }
      prepared.push(document);
    }
    const results = await this.db.transaction((tx) => this.writeDocuments(tx, prepared));
    this.noteSave(prepared.length);
    return results;
  }

  /** PGlite has no autovacuum: statistics go stale as documents arrive one by one, so refresh them. */
  private noteSave(saved = 1): void {
    this.cachedCorpusStats = null;
    if (this.driver !== 'pglite' || this.options.autoOptimizeAfterSaves === false || this.bulkDocuments)
      return;
    this.savesSinceOptimize += saved;
    if (this.savesSinceOptimize < this.savesBeforeOptimize || this.pendingOptimize || this.closed) return;
    this.savesSinceOptimize = 0;
    const minimum = this.options.autoOptimizeAfterSaves || DEFAULT_AUTO_OPTIMIZE_SAVES;
    this.pendingOptimize = (async () => {
      try {
        await this.optimize();
        const stored = await this.db.$count(documents);
        this.savesBeforeOptimize = Math.max(minimum, Math.ceil(stored / 4));
      } catch {
        // Statistics are an optimisation: a failed refresh leaves the old ones and is retried later.
      } finally {
        this.pendingOptimize = null;
      }
    })();
  }

  /** Validates a document before any write: clauses, ids, embeddings and the embedder. */
  private async prepareDocument(input: SaveDocumentInput): Promise<PreparedDocument> {
    if (typeof input !== 'object' || input === null)
      throw new InvalidRequestError('a document must be an object');
    if (!Array.isArray(input.clauses)) {
      throw new InvalidRequestError(`clauses of document ${input.documentId} must be an array`);
    }
    if (typeof input.documentId !== 'string' || input.documentId.trim() === '') {
      throw new InvalidRequestError('documentId must be a non-empty string');
    }
    const parsed: AnnotatedClause[] = input.clauses.map((clause, index) => {
      const result = AnnotatedClauseSchema.safeParse(clause);
      if (!result.success) {
        throw new InvalidRequestError(
          `clause ${index} of document ${input.documentId} is not a valid AnnotatedClause`,
          {
            details: result.error.issues,
          },
        );
      }
      const value = result.data;
      if (value.documentId !== input.documentId || value.syntactic.documentId !== input.documentId) {
        throw new InvalidRequestError(
          `clause ${index} belongs to document ${value.documentId}, not ${input.documentId}`,
        );
      }
      const parent = value.syntactic.parentClauseId;
      if (parent !== null && !isUuid(parent)) {
        throw new InvalidRequestError(
          `clause ${index} has a parentClauseId that is not a clause id: ${parent}`,
        );
      }
      return value;
    });
    const ids = new Set<string>();
    const positions = new Set<number>();
    for (const clause of parsed) {
      if (ids.has(clause.id)) throw new InvalidRequestError(`clause id ${clause.id} appears twice`);
      if (positions.has(clause.syntactic.clauseIndex)) {
        throw new InvalidRequestError(`clauseIndex ${clause.syntactic.clauseIndex} appears twice`);
      }
      ids.add(clause.id);
      positions.add(clause.syntactic.clauseIndex);
    }
    let embeddings: readonly ArrayLike<number>[] | null = null;
    if (input.embeddings !== undefined) {
      if (input.embeddings.length !== parsed.length) {
        throw new InvalidRequestError(
          `got ${input.embeddings.length} embeddings for ${parsed.length} clauses; they must be aligned`,
        );
      }
      const info = await this.requireEmbeddings(input.embeddings[0]?.length);
      for (const embedding of input.embeddings) checkEmbedding(embedding, info.dimension);
      embeddings = input.embeddings;
    }
    return { documentId: input.documentId, clauses: parsed, embeddings, sourceType: input.sourceType };
  }

  /**
   * Writes validated documents: one upsert of their rows, one delete of their old clauses, one insert
   * of all clauses and one of all embeddings, then each document's postings (deferred for new
   * documents during a bulk load) and semantic edges.
   */
  private async writeDocuments(
    tx: StoreExecutor,
    batch: readonly PreparedDocument[],
  ): Promise<SaveDocumentResult[]> {
    // Dropped again after the commit (noteSave); here so a decided review's document counts too.
    this.cachedCorpusStats = null;
    const now = this.now();
    const sourceTypeOf = (document: PreparedDocument) =>
      document.sourceType ?? document.clauses[0]?.sourceType ?? 'document';
    // In id order, so concurrent batches lock document rows in one order. The upsert locks the rows;
    // a stored clause count says whether there are postings to replace.
    const byId = [...batch].sort((left, right) => (left.documentId < right.documentId ? -1 : 1));
    const stored = await tx
      .insert(documents)
      .values(
        byId.map((document) => ({
          id: document.documentId,
          sourceType: sourceTypeOf(document),
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
    const rows = batch.flatMap((document) =>
      document.clauses.map((clause) => clauseInsertRow(clause, document.sourceType ?? clause.sourceType)),
    );
    await insertClauseRows(tx, rows);
    // During a bulk load a new document's postings wait (clause count 0 marks it) for one
    // set-based pass at the end; a re-saved one is indexed now, as its old postings must go.
    for (const document of batch) {
      const { documentId } = document;
      if (!this.bulkDocuments || indexed.has(documentId)) {
        await indexDocumentTerms(tx, documentId, document.clauses.length, previousTerms.get(documentId));
      } else {
        this.bulkClauses += document.clauses.length;
      }
    }
    await insertEmbeddings(
      tx,
      batch.flatMap((document) =>
        document.embeddings
          ? document.clauses.map((clause, index) => ({
              clauseId: clause.id,
              embedding: document.embeddings![index]!,
            }))
          : [],
      ),
    );
    const results: SaveDocumentResult[] = [];
    for (const document of batch) {
      let semanticEdgeCount = 0;
      if (document.embeddings) {
        if (this.bulkDocuments) {
          this.bulkDocuments.add(document.documentId);
        } else if (this.options.semanticEdges !== false) {
          semanticEdgeCount = await computeSemanticEdgesIn(
            tx,
            document.documentId,
            this.options.semanticEdges ?? DEFAULT_SEMANTIC_EDGES,
          );
        }
      }
      results.push({
        documentId: document.documentId,
        clauseCount: document.clauses.length,
        semanticEdgeCount,
      });
    }
    return results;
  }

  async listClauses(query: Partial<ListClausesQuery> = {}) {
    const { limit, offset } = page(query);
    const where = and(...listConditions(query));
    const [rows, totals] = await Promise.all([
      this.db
        .select(clauseColumns)
        .from(clauses)
        .where(where)
        .orderBy(asc(clauses.documentId), asc(clauses.clauseIndex))
        .limit(limit)
        .offset(offset),
      this.db.select({ total: count() }).from(clauses).where(where),
    ]);
    return { clauses: rows.map(toAnnotatedClause), total: Number(totals[0]?.total ?? 0) };
  }

  async getClause(clauseId: string): Promise<AnnotatedClause | null> {
    if (!isUuid(clauseId)) return null;
    const rows = await this.db.select(clauseColumns).from(clauses).where(eq(clauses.id, clauseId));
    return rows[0] ? toAnnotatedClause(rows[0]) : null;
  }

  async reviewClause(input: ReviewClauseInput): Promise<ClauseReviewRecord> {
    let annotationAfter: ClauseAnnotation | undefined;
    if (input.decision === 're_annotated') {
      if (input.annotationAfter === undefined) {
        throw new InvalidRequestError('a re_annotated decision needs the new annotation (annotationAfter)');
      }
      const parsed = ClauseAnnotationSchema.safeParse(input.annotationAfter);
      if (!parsed.success) {
        throw new InvalidRequestError('annotationAfter is not a valid ClauseAnnotation', {
          details: parsed.error.issues,
        });
      }
      annotationAfter = parsed.data;
    } else if (input.decision !== 'accepted' && input.decision !== 'rejected') {
      throw new InvalidRequestError(`unknown review decision: ${String(input.decision)}`);
    }
    if (!isUuid(input.clauseId)) throw new NotFoundError(`clause ${input.clauseId} not found`);
    const createdAt = input.now ?? this.now();
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select(clauseColumns)
        .from(clauses)
        .where(eq(clauses.id, input.clauseId))
        .for('update');
      if (!row) throw new NotFoundError(`clause ${input.clauseId} not found`);
      const before = toClauseAnnotation(row);
      let after: ClauseAnnotation;
      let reviewStatus: 'accepted' | 'rejected';
      if (input.decision === 'accepted') {
        after = { ...before, interpersonal: { ...before.interpersonal, untrusted: false } };
        reviewStatus = 'accepted';
      } else if (input.decision === 'rejected') {
        after = before;
        reviewStatus = 'rejected';
      } else {
        // A human wrote the new annotation: it counts as accepted. Its clause ids follow the clause.
        const given = annotationAfter!;
        after = {
          ...given,
          ideational: { ...given.ideational, clauseId: row.id },
          interpersonal: { ...given.interpersonal, clauseId: row.id },
        };
        reviewStatus = 'accepted';
      }
      await tx
        .update(clauses)
        .set({
          ideational: after.ideational,
          interpersonal: after.interpersonal,
          textual: after.textual,
          reviewStatus,
          ...annotationColumns(after),
        })
        .where(eq(clauses.id, row.id));
      const [record] = await tx
        .insert(clauseReviews)
        .values({
          id: randomId(),
          clauseId: row.id,
          documentId: row.documentId,
          clauseText: row.text,
          decision: input.decision,
          reviewer: input.reviewer ?? null,
          notes: input.notes ?? null,
          annotationBefore: before,
          annotationAfter: after,
          createdAt,
        })
        .returning();
      return toClauseReviewRecord(record!);
    });
  }

  async listClauseReviews(input: PageInput = {}) {
    const { limit, offset } = page(input);
    const [rows, totals] = await Promise.all([
      this.db
        .select()
        .from(clauseReviews)
        .orderBy(desc(clauseReviews.createdAt), desc(clauseReviews.seq))
        .limit(limit)
        .offset(offset),
      this.db.select({ total: count() }).from(clauseReviews),
    ]);
    return { records: rows.map(toClauseReviewRecord), total: Number(totals[0]?.total ?? 0) };
  }

  async enqueueContent(request: EnqueueContentRequestInput, options: { now?: Date } = {}) {
    const parsed = EnqueueContentRequestSchema.safeParse(request);
    if (!parsed.success) {
      throw new InvalidRequestError('invalid content review request', { details: parsed.error.issues });
    }
    const [row] = await this.db
      .insert(contentReviews)
      .values({
        id: randomId(),
        content: parsed.data.content,
        modality: parsed.data.modality,
        source: parsed.data.source ?? null,
        metadata: parsed.data.metadata ?? {},
        status: 'pending',
        createdAt: options.now ?? this.now(),
      })
      .returning();
    return toContentReviewItem(row!);
  }

  async getContentReview(id: string): Promise<ContentReviewItem | null> {
    if (!isUuid(id)) return null;
    const [row] = await this.db.select().from(contentReviews).where(eq(contentReviews.id, id));
    return row ? toContentReviewItem(row) : null;
  }

  async listContentReviews(query: ListContentReviewsInput = {}) {
    const { limit, offset } = page(query);
    const conditions: SQL[] = [];
    const status = query.status ?? 'pending';
    if (status !== 'all') conditions.push(eq(contentReviews.status, status));
    if (query.modality !== undefined) conditions.push(eq(contentReviews.modality, query.modality));
    const where = and(...conditions);
    const [rows, totals] = await Promise.all([
      this.db
        .select()
        .from(contentReviews)
        .where(where)
        .orderBy(asc(contentReviews.createdAt), asc(contentReviews.seq))
        .limit(limit)
        .offset(offset),
      this.db.select({ total: count() }).from(contentReviews).where(where),
    ]);
    return { items: rows.map(toContentReviewItem), total: Number(totals[0]?.total ?? 0) };
  }

  async decideContentReview(input: DecideContentReviewInput): Promise<ContentReviewItem> {
    const status = QUEUE_STATUS_OF[input.decision];
    if (status === undefined)
      throw new InvalidRequestError(`unknown queue decision: ${String(input.decision)}`);
    const editedText = input.editedText ?? null;
    if (input.decision === 'edit' && (editedText === null || editedText.trim() === '')) {
      throw new InvalidRequestError('edited_text is required when decision is edit');
    }
    if (input.decision === 'reject' && input.document !== undefined) {
      throw new InvalidRequestError('a rejected item stores no document');
    }
    if (!isUuid(input.id)) throw new NotFoundError(`review item ${input.id} not found`);
    const prepared = input.document ? await this.prepareDocument(input.document) : null;
    const decidedAt = input.now ?? this.now();
    const decided = await this.db.transaction(async (tx) => {
      // Conditional update: of two concurrent decisions exactly one finds the row still pending.
      const [row] = await tx
        .update(contentReviews)
        .set({
          status,
          decision: input.decision,
          editedText: input.decision === 'edit' ? editedText : null,
          reviewer: input.reviewer ?? null,
          documentId: prepared?.documentId ?? null,
          decidedAt,
        })
        .where(and(eq(contentReviews.id, input.id), eq(contentReviews.status, 'pending')))
        .returning();
      if (!row) {
        const [existing] = await tx
          .select({ status: contentReviews.status })
          .from(contentReviews)
          .where(eq(contentReviews.id, input.id));
        if (!existing) throw new NotFoundError(`review item ${input.id} not found`);
        throw new ConflictError(`review item ${input.id} was already decided (status ${existing.status})`);
      }
      if (prepared) await this.writeDocuments(tx, [prepared]);
      return toContentReviewItem(row);
    });
    if (prepared) this.cachedCorpusStats = null;
    return decided;
  }

  async graphNodes(documentId?: string): Promise<GraphNode[]> {
    const rows = await this.db
      .select({
        id: clauses.id,
        text: clauses.text,
        documentId: clauses.documentId,
        mood: clauses.mood,
        processType: clauses.processType,
        modalityWeight: clauses.modalityWeight,
        sentenceIndex: clauses.sentenceIndex,
        parentClauseId: clauses.parentClauseId,
      })
      .from(clauses)
      .where(documentId === undefined ? undefined : eq(clauses.documentId, documentId))
      .orderBy(asc(clauses.documentId), asc(clauses.clauseIndex));
    return rows.map(toGraphNode);
  }

  /**
   * Structural edges (parent to child, weight 1) and semantic-neighbour edges (weight = cosine
   * similarity). With a document id, only edges between that document's clauses.
   */
  async graphEdges(documentId?: string): Promise<GraphEdge[]> {
    const inDocument = (column: SQL) =>
      documentId === undefined
        ? sql`true`
        : sql`${column} IN (SELECT ${clauses.id} FROM ${clauses} WHERE ${clauses.documentId} = ${documentId})`;
    const structural = await queryRows<{ source: string; target: string }>(
      this.db,
      sql`SELECT child.parent_clause_id AS "source", child.id AS "target"
        FROM ${clauses} child JOIN ${clauses} parent ON parent.id = child.parent_clause_id
        WHERE ${documentId === undefined ? sql`true` : sql`child.document_id = ${documentId}`}
        ORDER BY child.document_id, child.clause_index`,
    );
    const semantic = await this.db
      .select({
        source: semanticEdges.sourceId,
        target: semanticEdges.targetId,
        weight: semanticEdges.similarity,
      })
      .from(semanticEdges)
      .where(and(inDocument(sql`${semanticEdges.sourceId}`), inDocument(sql`${semanticEdges.targetId}`)))
      .orderBy(asc(semanticEdges.sourceId), desc(semanticEdges.similarity));
    return [
      ...structural.map((edge) => ({
        source: String(edge.source),
        target: String(edge.target),
        type: 'structural' as const,
        weight: 1,
      })),
      ...semantic.map((edge) => ({
        source: edge.source,
        target: edge.target,
        type: 'semantic' as const,
        weight: Math.min(1, Math.max(0, edge.weight)),
      })),
    ];
  }

  async keywordCandidates(
    query: string,
    filters: RetrievalFilters,
    limit: number,
    options: KeywordSearchOptions = {},
  ) {
    const merged = await this.keywordOptions(filters, options);
    return (await keywordSearch(this.db, query, filters, limit, merged)).map(toCandidate);
  }

  async keywordRanking(
    query: string,
    filters: RetrievalFilters,
    limit: number,
    options: KeywordSearchOptions = {},
  ): Promise<RankedClause[]> {
    const merged = await this.keywordOptions(filters, options);
    return (await keywordSearch(this.db, query, filters, limit, merged, 'ranking')).map(toRanked);
  }

  /** A keyword search's options: the caller's, over this store's settings, cached statistics and estimate. */
  private async keywordOptions(
    filters: RetrievalFilters,
    options: KeywordSearchOptions,
  ): Promise<KeywordSearchOptions> {
    const [estimate, stats] = await Promise.all([this.filterEstimate(filters), this.corpusStats()]);
    return {
      ...(estimate === undefined ? {} : { estimate }),
      stats,
      ...options,
      ranking: options.ranking ?? this.options.keywordRanking ?? 'bm25',
      k1: options.k1 ?? this.options.bm25?.k1,
      b: options.b ?? this.options.bm25?.b,
      documentWeight: options.documentWeight ?? this.options.bm25?.documentWeight,
    };
  }

  async vectorCandidates(embedding: Float32Array, filters: RetrievalFilters, limit: number) {
    return (await this.searchVectors(embedding, filters, limit, 'candidates')).map(toCandidate);
  }

  async vectorRanking(embedding: Float32Array, filters: RetrievalFilters, limit: number) {
    return (await this.searchVectors(embedding, filters, limit, 'ranking')).map(toRanked);
  }

  private async searchVectors(
    embedding: Float32Array,
    filters: RetrievalFilters,
    limit: number,
    output: SearchOutput,
  ): Promise<CandidateRow[]> {
    const info = await this.currentEmbedding();
    if (!info) {
      if (!(await vectorExtensionAvailable(this.db))) throw missingVectorExtensionError();
      return []; // No clause was ever embedded.
    }
    if (embedding.length !== info.dimension)
      throw embedderMismatchError(info, { dimension: embedding.length });
    const literal = vectorLiteral(embedding, info.dimension);
    if (limit < 1) return [];
    // Estimated before the transaction: on PGlite a query outside it would wait for it to end.
    const estimate = await this.filterEstimate(filters);
    return this.db.transaction((tx) =>
      vectorSearch(
        tx,
        literal,
        filters,
        limit,
        {
          exactScanThreshold: this.options.vectorExactScanThreshold ?? 2_000,
          ...(estimate === undefined ? {} : { estimate }),
        },
        output,
      ),
    );
  }

  /**
   * BM25's corpus statistics, read once per few seconds instead of aggregating the documents table in
   * every keyword search (a scan that grows with the corpus); this store's own writes drop them, another
   * writer's show within the TTL.
   */
  private corpusStats(): Promise<CorpusStats> {
    const now = Date.now();
    if (this.cachedCorpusStats && now - this.cachedCorpusStats.at < CORPUS_STATS_TTL_MS) {
      return this.cachedCorpusStats.stats;
    }
    const stats = readCorpusStats(this.db);
    const entry = { at: now, stats };
    this.cachedCorpusStats = entry;
    stats.catch(() => {
      if (this.cachedCorpusStats === entry) this.cachedCorpusStats = null;
    });
    return stats;
  }

  /**
   * The planner's estimate of a selective filter, shared for a few seconds by the keyword and vector
   * lists of one retrieval (and by repeated queries); undefined when nothing is filtered.
   */
  private async filterEstimate(filters: RetrievalFilters): Promise<FilterEstimate | null | undefined> {
    if (!hasSelectiveFilter(filters)) return undefined;
    const key = canonicalJson(filters);
    const now = Date.now();
    const hit = this.filterEstimates.get(key);
    if (hit && now - hit.at < FILTER_ESTIMATE_TTL_MS) return hit.estimate;
    const estimate = estimateFilter(this.db, filters);
    if (this.filterEstimates.size >= 256) this.filterEstimates.clear();
    this.filterEstimates.set(key, { at: now, estimate });
    return estimate.catch((error: unknown) => {
      this.filterEstimates.delete(key);
      throw error;
    });
  }

  async candidatesByIds(clauseIds: readonly string[]): Promise<ClauseCandidate[]> {
    const ids = [...new Set(clauseIds.filter(isUuid))];
    if (ids.length === 0) return [];
    const rows = await queryRows<CandidateRow>(
      this.db,
      sql`SELECT ${candidateSelection}, 0::float8 AS score FROM ${clauses} WHERE ${inArray(clauses.id, ids)}`,
    );
    return rows.map(toCandidate);
  }

  async enableEmbeddings(info: EmbeddingInfo): Promise<EmbeddingInfo> {
    const enabled = await this.db.transaction((tx) => enableEmbeddingsIn(tx, info, this.options.hnsw));
    this.embedding = enabled;
    return enabled;
  }

  async embeddingInfo(): Promise<EmbeddingInfo | null> {
    return this.currentEmbedding();
  }

  private async currentEmbedding(): Promise<EmbeddingInfo | null> {
    // Cached once known: another replica may enable embeddings later, so "none" is re-read.
    if (this.embedding) return this.embedding;
    this.embedding = await readEmbeddingInfo(this.db);
    return this.embedding;
  }

  /** The recorded embedder, checked against the embeddings a caller wants to store. */
  private async requireEmbeddings(dimension: number | undefined): Promise<EmbeddingInfo> {
    const info = await this.currentEmbedding();
    if (!info) {
      if (!(await vectorExtensionAvailable(this.db))) throw missingVectorExtensionError();
      throw new InvalidRequestError(
        'embeddings are not enabled: call enableEmbeddings({ dimension, embedderId }) first',
      );
    }
    if (dimension !== undefined && dimension !== info.dimension)
      throw embedderMismatchError(info, { dimension });
    return info;
  }

  async computeSemanticEdges(documentId: string, options: SemanticEdgeOptions = {}): Promise<number> {
    if (!(await this.currentEmbedding())) return 0;
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`DELETE FROM ${semanticEdges} WHERE ${semanticEdges.sourceId} IN (
        SELECT ${clauses.id} FROM ${clauses} WHERE ${clauses.documentId} = ${documentId})
        OR ${semanticEdges.targetId} IN (SELECT ${clauses.id} FROM ${clauses} WHERE ${clauses.documentId} = ${documentId})`);
      return computeSemanticEdgesIn(tx, documentId, options);
    });
  }

  async bulkLoad<T>(load: () => Promise<T>): Promise<T> {
    if (this.bulkDocuments) throw new ConflictError('a bulk load is already running on this store');
    const info = await this.currentEmbedding();
    const pending = new Set<string>();
    this.bulkDocuments = pending;
    this.bulkClauses = 0;
    try {
      // Documents a crashed bulk load left unindexed are indexed first.
      await this.db.transaction((tx) => indexPendingDocuments(tx));
      if (info) await dropVectorIndex(this.db);
      return await load();
    } finally {
      this.bulkDocuments = null;
      const written = this.bulkClauses;
      this.bulkClauses = 0;
      await this.db.transaction(async (tx) => {
        // On PGlite (one connection, so no reader waits on the lock) postings that outnumber a
        // quarter of the indexed ones are written with the posting tables' indexes and constraints
        // dropped, then rebuilt and checked: about twice as fast.
        const rebuild =
          this.driver === 'pglite' && written > 0 && written * 4 >= (await indexedClauseCount(tx));
        return rebuild
          ? withIndexesRebuilt(tx, ['clause_terms', 'document_terms'], () => indexPendingDocuments(tx))
          : indexPendingDocuments(tx);
      });
      if (info) {
        await this.db.transaction((tx) => createVectorIndex(tx, this.options.hnsw));
        if (this.options.semanticEdges !== false && pending.size > 0) {
          const options = this.options.semanticEdges ?? DEFAULT_SEMANTIC_EDGES;
          await this.db.transaction((tx) => computeSemanticEdgesIn(tx, [...pending], options));
        }
      }
      await this.optimize();
    }
  }

  async optimize(): Promise<void> {
    this.savesSinceOptimize = 0;
    this.filterEstimates.clear();
    this.cachedCorpusStats = null;
    const tables = ['documents', 'clauses', 'clause_terms', 'document_terms', 'term_stats'];
    if (await this.currentEmbedding()) tables.push('clause_embeddings');
    const list = sql.raw(tables.map((table) => `"${table}"`).join(', '));
    // VACUUM cannot run in a transaction; the server's autovacuum keeps its visibility maps.
    await this.db.execute(this.driver === 'pglite' ? sql`VACUUM (ANALYZE) ${list}` : sql`ANALYZE ${list}`);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.pendingOptimize;
    await this.closeConnection();
  }
}
