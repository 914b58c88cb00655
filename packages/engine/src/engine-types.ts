import type {
  AnnotatedClause,
  ClausePage,
  ClauseReviewPage,
  ClauseReviewRecord,
  ClauseReviewRequest,
  CompileRequestInput,
  ContentReviewItem,
  ContentReviewPage,
  DecideContentRequest,
  DecideContentResponse,
  EnqueueContentRequestInput,
  GraphEdge,
  GraphNode,
  IngestDocumentInput,
  IngestResult,
  ListClausesQueryInput,
  PageQuery,
  RetrieveRequestInput,
  RetrieveResponse,
  ReviewQueueQuery,
  SynthesizeRequestInput,
  SynthesizeResponse,
} from '@cae/core';
import type { IntegrityReport } from '@cae/store-drizzle';

/** What the engine can do; every method mirrors one route of engine-api.md and takes camelCase input. */
export interface Engine {
  /** Compiles text into annotated clauses; with `store` (or `embed`) persists them in one transaction. */
  compile(request: CompileRequestInput): Promise<AnnotatedClause[]>;
  /**
   * Compiles several texts as `compile` would and persists those with `store` (or `embed`) in one
   * transaction with one insert per table (`store.saveDocuments`): the fast way to ingest many
   * documents, especially inside `bulkLoad`. Every request is validated first; a bad request, a
   * document id given twice or a failed write stores none of them. Results are in request order.
   * @example await engine.bulkLoad(async () => { for (const batch of batches) await engine.compileMany(batch.map((text) => ({ text, store: true, embed: true }))); });
   */
  compileMany(
    requests: readonly CompileRequestInput[],
    options?: CompileManyOptions,
  ): Promise<AnnotatedClause[][]>;
  /**
   * Ingests many documents with a result per document, never all or nothing: each is validated,
   * compiled and (with `store` or `embed`) written on its own terms, so a bad document fails alone and
   * nothing of it is written while the others land. `store` defaults to true. An `Error` in place of a
   * document (one the caller could not read, such as a bad NDJSON line) is reported as that
   * document's failure. Documents are compiled in the engine's compile workers (`compileWorkers`)
   * while the groups before them are embedded and written: groups of up to 64 (fewer when their texts pass 256 KB), one embedder call and one
   * transaction each, and a group that fails is written again one document per transaction.
   * Results are in input order (`index`).
   * @example const results = await engine.ingestMany([{ text: 'The tenant pays.', embed: true }, { text: '' }]);
   */
  ingestMany(
    documents: readonly (IngestDocumentInput | UnreadableDocument | Error)[],
    options?: IngestManyOptions,
  ): Promise<IngestResult[]>;
  /** Hybrid retrieval (vector plus keyword, RRF) with scalar filters. */
  retrieve(request: RetrieveRequestInput): Promise<RetrieveResponse>;
  /** Answers a question from retrieved clauses and cites them. */
  synthesize(request: SynthesizeRequestInput): Promise<SynthesizeResponse>;
  /** Lists stored clauses with filters and paging. */
  listClauses(query?: ListClausesQueryInput): Promise<ClausePage>;
  /** Records a review decision on a clause's annotation. */
  reviewClause(clauseId: string, request: ClauseReviewRequest): Promise<ClauseReviewRecord>;
  /** The audit log of clause review decisions, newest first. */
  clauseReviewLog(query?: Partial<PageQuery>): Promise<ClauseReviewPage>;
  /** Quarantines content until a human decides. */
  enqueueContent(request: EnqueueContentRequestInput): Promise<ContentReviewItem>;
  /** Pending content reviews. */
  listContentReviews(query?: Partial<ReviewQueueQuery>): Promise<ContentReviewPage>;
  /** Approves, rejects or edits a pending content review; approve and edit compile and store the text. */
  decideContentReview(id: string, request: DecideContentRequest): Promise<DecideContentResponse>;
  /** Clauses as graph nodes. */
  graphNodes(documentId?: string): Promise<GraphNode[]>;
  /** Structural and semantic edges between clauses. */
  graphEdges(documentId?: string): Promise<GraphEdge[]>;
  /** What the engine runs on: store kind, embedder, LLM. */
  describe(): EngineDescription;
  /** Whether the store answers: resolves when it does, else throws a 503 error saying what failed. */
  health(): Promise<void>;
  /** The store's integrity check (`store.checkIntegrity()`), for `cae doctor`. */
  checkIntegrity(): Promise<IntegrityReport>;
  /**
   * Runs a bulk ingest of `compile({ store: true })` calls through the store's bulk mode: the vector
   * index and new documents' keyword postings are built once at the end, not per document.
   * @example await engine.bulkLoad(async () => { for (const text of texts) await engine.compile({ text, store: true }); });
   */
  bulkLoad<T>(load: () => Promise<T>): Promise<T>;
  /**
   * Finishes an open ingest session now (`bulkIngest.idleMs`): the postings, vector index, semantic
   * edges and statistics of the documents ingested since it opened. Reads call it themselves.
   * @example await engine.ingestMany(documents); await engine.settleIngest();
   */
  settleIngest(): Promise<void>;
  /** Closes the store; pending work finishes first. */
  close(): Promise<void>;
}

/** Options of `compileMany`. */
export interface CompileManyOptions {
  /** Called as each document is compiled (and embedded), before the batch is saved: for progress. */
  onCompiled?: (index: number, clauses: AnnotatedClause[]) => void;
}

/**
 * A document of `ingestMany` its caller could not read (a bad NDJSON line, a document that fails its
 * schema): reported as that document's failure, with its id when the caller found one.
 */
export class UnreadableDocument {
  constructor(
    readonly error: unknown,
    readonly documentId: string | null = null,
  ) {}
}

/** Options of `ingestMany`. */
export interface IngestManyOptions {
  /** Called as each document's result is known (failures early, stored documents after their write). */
  onResult?: (result: IngestResult) => void;
  /** When to write through the store's bulk mode; default the engine's `bulkIngest` option. */
  bulk?: { minClauses?: number; factor?: number; idleMs?: number } | false;
}

/** A summary of the engine's configuration, safe to print (no keys). */
export interface EngineDescription {
  store: string;
  embedder: string;
  llm: { providerId: string; modelId: string | null } | null;
  annotator: 'rules' | 'llm';
}
