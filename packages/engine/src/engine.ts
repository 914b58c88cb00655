import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import {
  type AnnotatedClause,
  type ClauseAnnotation,
  ClauseReviewRequestSchema,
  CompileRequestSchema,
  ConflictError,
  DecideContentRequestSchema,
  EnqueueContentRequestSchema,
  IngestDocumentSchema,
  type IngestResult,
  InvalidRequestError,
  type LanguageModel,
  ListClausesQuerySchema,
  NotFoundError,
  PageQuerySchema,
  parseOnce,
  RetrieveRequestSchema,
  ReviewQueueQuerySchema,
  randomId,
  SynthesizeRequestSchema,
  type TextFormat,
  toCaeError,
} from '@cae/core';
import { createModelAnnotator, createPipeline, type Pipeline } from '@cae/pipeline';
import {
  createLocalEmbedder,
  createRetriever,
  createSynthesizer,
  defaultCacheDir,
  type Embedder,
  embedClauses,
  embedDocuments,
  type FusionMethod,
  type Retriever,
  type Synthesizer,
} from '@cae/retrieval';
import { createStore, type SaveDocumentInput, type Store, type StoreOptions } from '@cae/store-drizzle';
import { type EncodedClauses, encodeClauses } from '@cae/store-drizzle/encode';
import { type CompilePool, createCompilePool } from './compile-pool';
import { type Engine, type EngineDescription, UnreadableDocument } from './engine-types';
import { clauseReviewOutcome, QUEUE_STATUS_OF, textToStore } from './review-policy';

/** The LLM the engine uses for annotation and synthesis: any LanguageModel (`gateway.languageModel(...)`). */
export interface EngineLlmOptions {
  model: LanguageModel;
  /** Clauses per annotation request (default 16). */
  batchSize?: number;
  /** Milliseconds before an annotation batch falls back to the rules (default 30 s). */
  timeoutMs?: number;
}

export interface EngineOptions {
  /**
   * A store, or where to open one: `memory://`, a directory, `postgres://...`; default `memory://`.
   * `owner` names this process to another that finds the data directory locked (`engine server`);
   * `searchCache: false` turns the store's search cache off (StoreOptions.searchCache).
   */
  store?: Store | { url?: string; owner?: string; searchCache?: StoreOptions['searchCache'] };
  /** Text compiler; default `createPipeline({ maxLength: maxTextLength })` (a given pipeline keeps its own limit). */
  pipeline?: Pipeline;
  /** Embedder for `embed: true` and the vector list; default the local word-vector embedder. */
  embedder?: Embedder;
  /** Optional LLM: with none, everything runs offline (rules, extractive answers). */
  llm?: EngineLlmOptions;
  /** Default pass 2 annotator when a request names none (default `rules`). */
  annotator?: 'rules' | 'llm';
  /** Largest text the default pipeline accepts, in characters (default 2,000,000). */
  maxTextLength?: number;
  /** RRF constant (default 60). */
  rrfK?: number;
  /**
   * Weights of the vector and keyword lists in the fusion; default the embedder's `fusionWeights`
   * (the local embedder: vector 0.015, keyword 1, for RRF). Requests may override them.
   */
  fusionWeights?: { vector?: number; keyword?: number };
  /**
   * How the lists are fused: `rrf` (`w / (k + rank)` each) or `minmax` (`w × (score - min) / (max - min)`
   * each, over the list's own scores); default the embedder's `fusionMethod` (the local embedder:
   * `rrf`). Requests may override it.
   */
  fusion?: FusionMethod;
  /**
   * Clauses found in their context: keyword search adds the score of the clause's sentence (weight 3)
   * and of the sentences beside it (0.5) and brings in the other clauses of the best sentences, and
   * clause vectors mix in their sentence's. Default false. Contract clauses of a few words gain most
   * (docs/RETRIEVAL-CONTRACTS.md). The keyword part applies to a store the engine opens, not to a
   * given `Store` (give it `bm25: { sentenceWeight, neighbourWeight }` yourself).
   */
  sentenceContext?: boolean;
  /**
   * Where caches go: the default embedder's word vectors (`embeddings/`) and the template a new
   * embedded database starts from (`pglite-template-*.tar.gz`, which saves PGlite's initdb: about
   * 2 to 4 s of a new store's start). Default `defaultCacheDir()` of `@cae/retrieval`
   * (`CAE_CACHE_DIR`, else `node_modules/.cache/cae`, else the user's cache directory); `false`
   * keeps no template (the embedder still needs its vectors somewhere: give it a `cacheDir`).
   */
  cacheDir?: string | false;
  /**
   * When `ingestMany` writes through the store's bulk mode (`bulkLoad`: the vector index rebuilt
   * once, postings and semantic edges in one pass at the end) instead of inserting into the index
   * row by row: when the request's embedded clauses number at least `minClauses` (default 500) and
   * at least 1/`factor` (default 4) of the clauses already stored, where one rebuild costs less than
   * the inserts. `false` never does. `idleMs` (default 1,000; 0 turns sessions off) keeps the bulk
   * mode open as an ingest session across consecutive requests: the derived work runs once the
   * store has had no bulk request for `idleMs`, or before any read (`settleIngest`), or at `close`;
   * a request arriving while a session is open joins it whatever its size.
   */
  bulkIngest?: { minClauses?: number; factor?: number; idleMs?: number } | false;
  /**
   * Worker threads that compile the documents of `ingestMany` while the main thread embeds and
   * writes the ones before (the embedded store runs on the main thread). Default one fewer than the
   * cores (at least 1, at most 4); 0 compiles in-process. Used with the default pipeline only (not
   * with a given `pipeline`), started on the first `ingestMany` of more than one document.
   */
  compileWorkers?: number;
}

const DEFAULT_MAX_TEXT = 2_000_000;

/**
 * Keyword sentence context of `sentenceContext`, tuned on our contract clause check
 * (docs/RETRIEVAL-CONTRACTS.md) with the document weight and no title weight it pins.
 */
const SENTENCE_CONTEXT = {
  sentenceWeight: 3,
  neighbourWeight: 0.5,
  documentWeight: 1,
  titleWeight: 0,
} as const;

/** Documents of `ingestMany` written per transaction (one insert per table for the group). */
const INGEST_WRITE_GROUP = 64;

/** How long an ingest session stays open after its last bulk request (bulkIngest.idleMs). */
export const DEFAULT_INGEST_IDLE_MS = 1_000;

/** Text of `ingestMany` after which a group of documents closes, fewer than 64 documents or not. */
const INGEST_GROUP_CHARACTERS = 256 * 1024;

/**
 * The first group of an `ingestMany` request is smaller (8 documents or 32 KB of text): the writes
 * start once it is compiled, while the workers compile the groups after it, instead of waiting for
 * 64 documents to be compiled before anything else happens.
 */
const INGEST_FIRST_GROUP = { documents: 8, characters: 32 * 1024 } as const;

/**
 * With compile workers, the last group of an `ingestMany` request is split from its end into groups
 * of at most 32, 8 and 2 documents (the smallest last). The workers compile the documents after a
 * group while this thread writes it; after the last group there is nothing left to compile, so they
 * wait for its write (and for the client's next request). Small last groups shorten that wait to the
 * write of a couple of documents (a 64-document last group left them idle for 0.4-0.8 s a request).
 */
const INGEST_LAST_GROUPS = [32, 8, 2] as const;

/** `group` split from its end into pieces of at most `sizes` (the last at most the last size), the rest first. */
function taperedTail<T>(group: readonly T[], sizes: readonly number[]): T[][] {
  const pieces: T[][] = [];
  let end = group.length;
  for (let index = sizes.length - 1; index >= 0 && end > 0; index--) {
    const start = Math.max(0, end - sizes[index]!);
    pieces.unshift(group.slice(start, end));
    end = start;
  }
  if (end > 0) pieces.unshift(group.slice(0, end));
  return pieces;
}

/** A compiled document's place once its clauses were taken (see ingestMany's `release`). */
const RELEASED: Promise<null> = Promise.resolve(null);

/** A failed document's result: nothing of it was written. */
function failedResult(index: number, documentId: string | null, error: unknown): IngestResult {
  const caeError = toCaeError(error);
  return {
    index,
    documentId,
    status: 'failed',
    clauseCount: 0,
    embedded: false,
    error: {
      code: caeError.code,
      message: caeError.message,
      status: caeError.statusCode,
      ...(caeError.details === undefined ? {} : { details: caeError.details }),
    },
  };
}

/** A page of a listing, with the limit and offset it was asked for. */
function pageOf<K extends string, T>(
  key: K,
  result: { total: number } & Record<K, T[]>,
  query: { limit: number; offset: number },
): Record<K, T[]> & { total: number; limit: number; offset: number } {
  return { [key]: result[key], total: result.total, limit: query.limit, offset: query.offset } as Record<
    K,
    T[]
  > & {
    total: number;
    limit: number;
    offset: number;
  };
}

function isStore(value: EngineOptions['store']): value is Store {
  return typeof value === 'object' && value !== null && 'saveDocument' in value;
}

/**
 * Composes pipeline, store, embedder, retriever and (optionally) an LLM into the engine.
 * @example const engine = await createEngine({ store: { url: 'memory://' } });
 */
export async function createEngine(options: EngineOptions = {}): Promise<Engine> {
  const cacheDir = options.cacheDir === false ? null : (options.cacheDir ?? defaultCacheDir());
  const sentenceContext = options.sentenceContext === true;
  const store = isStore(options.store)
    ? options.store
    : await createStore({
        url: options.store?.url ?? 'memory://',
        ...(options.store?.owner ? { owner: options.store.owner } : {}),
        ...(options.store?.searchCache !== undefined ? { searchCache: options.store.searchCache } : {}),
        ...(options.sentenceContext ? { bm25: SENTENCE_CONTEXT } : {}),
        ...(cacheDir ? { templateCacheDir: cacheDir } : {}),
      });
  const ownsStore = !isStore(options.store);
  const maxLength = options.maxTextLength ?? DEFAULT_MAX_TEXT;
  const pipeline = options.pipeline ?? createPipeline({ maxLength });
  // Compile workers run the default pipeline; a given one stays in this thread.
  const workerCount = options.pipeline
    ? 0
    : Math.max(0, Math.floor(options.compileWorkers ?? Math.min(4, Math.max(1, availableParallelism() - 1))));
  let compilePool: CompilePool | null = null;
  const embedder =
    options.embedder ?? createLocalEmbedder(cacheDir ? { cacheDir: join(cacheDir, 'embeddings') } : {});
  const llm = options.llm;
  const defaultAnnotator = options.annotator ?? 'rules';
  const bulkIngest = options.bulkIngest ?? {};
  const bulkIngestIdleMs = bulkIngest === false ? 0 : (bulkIngest.idleMs ?? DEFAULT_INGEST_IDLE_MS);
  if (!(Number.isFinite(bulkIngestIdleMs) && bulkIngestIdleMs >= 0))
    throw new InvalidRequestError(
      `bulkIngest.idleMs must be a number of milliseconds >= 0, got ${bulkIngestIdleMs}`,
    );
  const annotator = llm ? createModelAnnotator(llm.model) : null;
  const retriever: Retriever = createRetriever({
    source: store,
    embedder,
    k: options.rrfK,
    ...(options.fusionWeights ? { weights: options.fusionWeights } : {}),
    ...(options.fusion ? { fusion: options.fusion } : {}),
  });
  const synthesizerWith = (base: Retriever): Synthesizer =>
    createSynthesizer({ retriever: base, source: store, ...(llm ? { model: llm.model } : {}) });
  const synthesizer = synthesizerWith(retriever);
  /** The synthesizer of one request: its own list weights and fusion, when it gives them, on every retrieval. */
  const synthesizerFor = (
    weights: { vector?: number; keyword?: number } | undefined,
    fusion: FusionMethod | undefined,
  ): Synthesizer => {
    if (!weights && !fusion) return synthesizer;
    const own = { ...(weights ? { weights } : {}), ...(fusion ? { fusion } : {}) };
    const weighted: Retriever = {
      ...retriever,
      weights: {
        vector: weights?.vector ?? retriever.weights.vector,
        keyword: weights?.keyword ?? retriever.weights.keyword,
      },
      fusion: fusion ?? retriever.fusion,
      retrieve: (request) => retriever.retrieve({ ...request, ...own }),
      retrieveWithTimings: (request) => retriever.retrieveWithTimings({ ...request, ...own }),
    };
    return synthesizerWith(weighted);
  };

  let embeddingsReady: Promise<void> | null = null;
  const ensureEmbeddings = (): Promise<void> => {
    if (!embeddingsReady) {
      const pending = store.enableEmbeddings({ dimension: embedder.dimension, embedderId: embedder.id }).then(
        () => undefined,
        (error: unknown) => {
          // A failed attempt (e.g. no vector extension) is retried by the next request, not cached.
          embeddingsReady = null;
          throw error;
        },
      );
      embeddingsReady = pending;
    }
    return embeddingsReady;
  };

  const annotatorFor = (requested: 'rules' | 'llm' | undefined) => {
    const choice = requested ?? defaultAnnotator;
    return choice === 'llm' && annotator ? annotator : null;
  };

  /** Compiles text (pass 2 by LLM when asked and configured) without storing it; the pipeline checks its length. */
  const compileText = async (
    text: string,
    documentId: string,
    sourceType: string,
    requested: 'rules' | 'llm' | undefined,
    format: TextFormat = 'text',
    pool: CompilePool | null = null,
  ): Promise<AnnotatedClause[]> => {
    const inProcess = () => pipeline.compile(text, { documentId, sourceType, format });
    const clauses = pool
      ? await pool.compile({ text, documentId, sourceType, format }, inProcess)
      : inProcess();
    const llmAnnotator = annotatorFor(requested);
    if (!llmAnnotator || !llm) return clauses;
    return pipeline.applyAnnotator(clauses, llmAnnotator, {
      batchSize: llm.batchSize,
      timeoutMs: llm.timeoutMs,
    });
  };

  /** A compiled document (its clauses carry their source type) with its embeddings when asked, ready to save. */
  const toSaveInput = async (
    documentId: string,
    clauses: AnnotatedClause[],
    embed: boolean,
  ): Promise<SaveDocumentInput> => {
    let embeddings: Float32Array[] | undefined;
    if (embed && clauses.length > 0) {
      await ensureEmbeddings();
      // Each clause vector carries some of its document's context (measured better on SciFact train).
      embeddings = await embedClauses(
        embedder,
        clauses.map((clause) => clause.text),
        options.sentenceContext
          ? { sentenceIndexes: clauses.map((clause) => clause.syntactic.sentenceIndex) }
          : {},
      );
    }
    return { documentId, clauses, ...(embeddings ? { embeddings } : {}) };
  };

  /** A new annotation of a stored clause for a reviewer: by the LLM when configured, else by the rules. */
  const reannotate = async (clause: AnnotatedClause): Promise<ClauseAnnotation> => {
    if (!annotator || !llm) return pipeline.annotate(clause);
    const [relabelled] = await pipeline.applyAnnotator([clause], annotator, {
      batchSize: 1,
      timeoutMs: llm.timeoutMs,
    });
    const source = relabelled ?? clause;
    return { ideational: source.ideational, interpersonal: source.interpersonal, textual: source.textual };
  };

  /** Writes documents in groups, one transaction each; a failed group is written again one document per transaction. */
  const writeGroups = async <D extends { index: number; documentId: string }>(
    ready: readonly D[],
    inputOf: (document: D) => SaveDocumentInput,
    stored: (document: D) => IngestResult,
    settle: (result: IngestResult) => void,
  ): Promise<void> => {
    for (let start = 0; start < ready.length; start += INGEST_WRITE_GROUP) {
      const group = ready.slice(start, start + INGEST_WRITE_GROUP);
      try {
        // A group in one transaction: one insert per table, one postings pass, one edge query.
        await store.saveDocuments(group.map(inputOf));
        for (const document of group) settle(stored(document));
      } catch {
        // Something in the group failed: each document again in its own transaction, so only
        // the document at fault fails, and nothing of it is written.
        for (const document of group) {
          try {
            await store.saveDocument(inputOf(document));
            settle(stored(document));
          } catch (error) {
            settle(failedResult(document.index, document.documentId, error));
          }
        }
      }
    }
  };

  const engine: Engine = {
    async compile(input) {
      const request = parseOnce(CompileRequestSchema, input);
      const documentId = request.documentId ?? `api-${randomId()}`;
      const clauses = await compileText(
        request.text,
        documentId,
        request.sourceType,
        request.annotator,
        request.format,
      );
      if (request.store || request.embed)
        await store.saveDocument(await toSaveInput(documentId, clauses, request.embed));
      return clauses;
    },

    async compileMany(inputs, options = {}) {
      if (!Array.isArray(inputs))
        throw new InvalidRequestError('compileMany takes an array of compile requests');
      const requests = inputs.map((input, index) => {
        try {
          return parseOnce(CompileRequestSchema, input);
        } catch (error) {
          if (InvalidRequestError.isInstance(error)) {
            throw new InvalidRequestError(`request ${index}: ${error.message}`, { details: error.details });
          }
          throw error;
        }
      });
      const compiled: AnnotatedClause[][] = [];
      const saves: SaveDocumentInput[] = [];
      for (const request of requests) {
        const documentId = request.documentId ?? `api-${randomId()}`;
        const clauses = await compileText(
          request.text,
          documentId,
          request.sourceType,
          request.annotator,
          request.format,
        );
        compiled.push(clauses);
        if (request.store || request.embed) saves.push(await toSaveInput(documentId, clauses, request.embed));
        options.onCompiled?.(compiled.length - 1, clauses);
      }
      if (saves.length > 0) await store.saveDocuments(saves);
      return compiled;
    },

    async ingestMany(inputs, options = {}) {
      if (!Array.isArray(inputs)) throw new InvalidRequestError('ingestMany takes an array of documents');
      const results: IngestResult[] = new Array(inputs.length);
      const seen = new Map<string, number>();
      const settle = (result: IngestResult) => {
        results[result.index] = result;
        options.onResult?.(result);
      };
      if (workerCount > 0 && !compilePool && inputs.length > 1)
        compilePool = createCompilePool(workerCount, maxLength);
      const pool = inputs.length > 1 ? compilePool : null;
      // A group's documents are compiled (on the workers) while the group before is embedded and
      // written; at most two groups are compiled ahead, so a large request's clauses are not all held.
      interface Job {
        index: number;
        documentId: string;
        embed: boolean;
        characters: number;
        /** The document's clauses encoded for the store (null when not stored, or failed: settled). */
        compiled: Promise<EncodedClauses | null>;
        /** Forgets the compiled clauses once taken, so the request does not hold them all to its end. */
        release(): void;
      }
      const jobs: Job[] = [];
      for (const [index, input] of inputs.entries()) {
        if (input instanceof UnreadableDocument) {
          settle(failedResult(index, input.documentId, input.error));
          continue;
        }
        if (input instanceof Error) {
          settle(failedResult(index, null, input));
          continue;
        }
        let documentId: string | null = null;
        try {
          const request = parseOnce(IngestDocumentSchema, input);
          documentId = request.documentId ?? `api-${randomId()}`;
          const first = seen.get(documentId);
          if (first !== undefined) {
            throw new InvalidRequestError(
              `document_id: ${documentId} is also the document_id of document ${first} of this request; a request holds each document once`,
              { details: [{ path: 'document_id', message: `also the document_id of document ${first}` }] },
            );
          }
          seen.set(documentId, index);
          const id = documentId;
          const toStore = request.store || request.embed;
          const job = {
            text: request.text,
            documentId: id,
            sourceType: request.sourceType,
            format: request.format,
          };
          // A stored document's clauses are encoded where they are compiled (on a worker when there
          // are workers), so this thread, which writes, spends no time on the compact form.
          const compile = (): Promise<EncodedClauses | AnnotatedClause[]> => {
            if (!toStore || annotatorFor(request.annotator))
              return compileText(
                request.text,
                id,
                request.sourceType,
                request.annotator,
                request.format,
                pool,
              );
            const here = () => encodeClauses(pipeline.compile(request.text, job));
            return pool ? pool.compileEncoded(job, here) : Promise.resolve().then(here);
          };
          const outcome = (run: () => Promise<EncodedClauses | AnnotatedClause[]>) =>
            run().then(
              (compiled) => {
                if (toStore) return Array.isArray(compiled) ? encodeClauses(compiled) : compiled;
                settle({
                  index,
                  documentId: id,
                  status: 'compiled',
                  clauseCount: Array.isArray(compiled) ? compiled.length : compiled.rows.length,
                  embedded: false,
                });
                return null;
              },
              (error: unknown) => {
                settle(failedResult(index, id, error));
                return null;
              },
            );
          let pending: Promise<EncodedClauses | null> | null = null;
          jobs.push({
            index,
            documentId: id,
            embed: request.embed,
            characters: request.text.length,
            // Compiling starts when first asked for (on a worker, or here without workers).
            get compiled() {
              pending ??= outcome(compile);
              return pending;
            },
            release() {
              pending = RELEASED;
            },
          });
        } catch (error) {
          settle(failedResult(index, documentId, error));
        }
      }
      type Ready = {
        index: number;
        documentId: string;
        encoded: EncodedClauses;
        vectors?: Float32Array[];
      };
      /** A group's compiled documents, with their vectors (one embedder call per group). */
      const prepareGroup = async (group: readonly Job[]): Promise<Ready[]> => {
        const ready: (Ready & { embed: boolean })[] = [];
        const members = new Set(group.map((job) => job.documentId));
        for (const job of group) {
          const compiled = job.compiled;
          if (pool) {
            // Nothing to write until this document is compiled: rather than wait for the workers,
            // this thread compiles the documents of this group still waiting for one (this one
            // first, when no worker has started it). The later groups' documents stay for the
            // workers: they compile them while this thread writes (had this thread taken them, the
            // workers would sit idle through the write).
            let done = false;
            void compiled.then(() => {
              done = true;
            });
            while (!done && pool.runQueuedHere((queued) => members.has(queued.documentId)))
              await new Promise((resolve) => setImmediate(resolve));
          }
          const encoded = await compiled;
          job.release();
          if (encoded)
            ready.push({ index: job.index, documentId: job.documentId, encoded, embed: job.embed });
        }
        const embedding = ready.filter((document) => document.embed && document.encoded.rows.length > 0);
        if (embedding.length === 0) return ready;
        try {
          await ensureEmbeddings();
          const vectors = await embedDocuments(
            embedder,
            embedding.map((document) => document.encoded.rows.map((row) => row.text)),
            sentenceContext
              ? {
                  sentenceIndexes: embedding.map((document) =>
                    document.encoded.rows.map((row) => row.sentenceIndex),
                  ),
                }
              : {},
          );
          for (const [position, document] of embedding.entries()) document.vectors = vectors[position]!;
          return ready;
        } catch (error) {
          // The embedder failed: those documents fail, the others of the group are written.
          for (const document of embedding) settle(failedResult(document.index, document.documentId, error));
          return ready.filter((document) => !embedding.includes(document));
        }
      };
      const stored = (document: Ready): IngestResult => ({
        index: document.index,
        documentId: document.documentId,
        status: 'stored',
        clauseCount: document.encoded.rows.length,
        embedded: document.vectors !== undefined,
      });
      const inputOf = (document: Ready): SaveDocumentInput => ({
        documentId: document.documentId,
        encoded: document.encoded,
        ...(document.vectors ? { embeddings: document.vectors } : {}),
      });
      // Groups of 64 documents or 256 KB of text: long documents (contracts) make small groups, so
      // their compiling still overlaps the writes and few of their clauses are held at once.
      const groups: Job[][] = [];
      let characters = 0;
      for (const job of jobs) {
        const last = groups.at(-1);
        const limit =
          groups.length === 1
            ? INGEST_FIRST_GROUP
            : { documents: INGEST_WRITE_GROUP, characters: INGEST_GROUP_CHARACTERS };
        if (!last || last.length >= limit.documents || characters >= limit.characters) {
          groups.push([job]);
          characters = job.characters;
        } else {
          last.push(job);
          characters += job.characters;
        }
      }
      if (groups.length === 0) return results;
      if (pool && groups.length > 1) groups.push(...taperedTail(groups.pop()!, INGEST_LAST_GROUPS));
      /** Starts compiling a group on the workers (without workers it compiles when prepared). */
      const prefetch = (group: readonly Job[] | undefined) => {
        if (pool) for (const job of group ?? []) void job.compiled;
      };
      prefetch(groups[0]);
      prefetch(groups[1]);
      const bulk = options.bulk ?? bulkIngest;
      const idleMs = bulk === false ? 0 : (bulk.idleMs ?? bulkIngestIdleMs);
      /** Runs `load` in the store's bulk mode; written as usual when another bulk load holds the store. */
      const inBulk = async (load: () => Promise<void>) => {
        let started = false;
        try {
          await store.bulkLoad(
            async () => {
              started = true;
              await load();
            },
            { idleMs },
          );
        } catch (error) {
          // Another bulk load holds the store: write as usual.
          if (started || !ConflictError.isInstance(error)) throw error;
          await load();
        }
      };
      let firstGroup: Ready[] | null = null;
      const writeAll = async () => {
        for (const [position, group] of groups.entries()) {
          prefetch(groups[position + 2]);
          const ready = position === 0 && firstGroup ? firstGroup : await prepareGroup(group);
          firstGroup = null;
          await writeGroups(ready, inputOf, stored, settle);
        }
      };
      // An open ingest session is joined before this request compiles anything: otherwise its idle
      // timer can close it while the first documents compile (a slow machine, long documents), and its
      // derived work (postings, vector index, edges, statistics) would run once more for this request.
      if (bulk !== false && store.ingestSessionOpen() && jobs.some((job) => job.embed)) {
        await inBulk(async () => {
          firstGroup = await prepareGroup(groups[0]!);
          await writeAll();
        });
        return results;
      }
      firstGroup = await prepareGroup(groups[0]!);
      // The request's embedded clauses, estimated from its first group (clauses per character of text).
      const embeddedClauses = firstGroup
        .filter((document) => document.vectors)
        .reduce((sum, document) => sum + document.encoded.rows.length, 0);
      const firstCharacters = groups[0]!.reduce((sum, job) => sum + (job.embed ? job.characters : 0), 0);
      const allCharacters = jobs.reduce((sum, job) => sum + (job.embed ? job.characters : 0), 0);
      const estimatedClauses =
        firstCharacters > 0
          ? Math.round((embeddedClauses * allCharacters) / firstCharacters)
          : embeddedClauses;
      let useBulk = false;
      // An open ingest session is joined (counting the store would settle it).
      if (bulk !== false && estimatedClauses > 0 && store.ingestSessionOpen()) useBulk = true;
      else if (bulk !== false && estimatedClauses > 0 && estimatedClauses >= (bulk.minClauses ?? 500)) {
        const { total } = await store.listClauses({ limit: 1 });
        useBulk = estimatedClauses * (bulk.factor ?? 4) >= total;
      }
      if (useBulk) await inBulk(writeAll);
      else await writeAll();
      return results;
    },

    async retrieve(input) {
      const request = parseOnce(RetrieveRequestSchema, input);
      const results = await retriever.retrieve(request);
      return { query: request.query, results, count: results.length };
    },

    async synthesize(input) {
      const request = parseOnce(SynthesizeRequestSchema, input);
      const response = await synthesizerFor(request.weights, request.fusion).synthesize(request);
      if (!response.usedFallback) return response;
      // Answers from general knowledge are generated content: quarantine them for a human.
      const item = await store.enqueueContent({
        content: response.answer,
        modality: 'text',
        source: 'synthesize',
        metadata: { query: request.query, filters: request.filters, confidence: response.confidence },
      });
      return { ...response, reviewItemId: item.id };
    },

    async listClauses(input = {}) {
      const query = parseOnce(ListClausesQuerySchema, input);
      return pageOf('clauses', await store.listClauses(query), query);
    },

    async reviewClause(clauseId, input) {
      const request = parseOnce(ClauseReviewRequestSchema, input);
      let reannotated: ClauseAnnotation | undefined;
      if (request.decision === 're_annotated') {
        // Annotated before the store's transaction: an LLM call must not hold a row lock.
        const clause = await store.getClause(clauseId);
        if (!clause) throw new NotFoundError(`clause ${clauseId} does not exist`);
        reannotated = await reannotate(clause);
      }
      return store.recordClauseReview({
        clauseId,
        decision: request.decision,
        reviewer: request.reviewer,
        notes: request.notes,
        outcome: (before) => clauseReviewOutcome(request.decision, before, reannotated),
      });
    },

    async clauseReviewLog(input = {}) {
      const page = parseOnce(PageQuerySchema, input);
      const { records, total } = await store.listClauseReviews(page);
      return pageOf('clauses', { clauses: records, total }, page);
    },

    async enqueueContent(input) {
      return store.enqueueContent(parseOnce(EnqueueContentRequestSchema, input));
    },

    async listContentReviews(input = {}) {
      const query = parseOnce(ReviewQueueQuerySchema, input);
      return pageOf('items', await store.listContentReviews(query), query);
    },

    async decideContentReview(id, input) {
      const request = parseOnce(DecideContentRequestSchema, input);
      const item = await store.getContentReview(id);
      if (!item) throw new NotFoundError(`review item ${id} does not exist`);
      // A decided item is not compiled again: the store refuses the second decision with a conflict.
      const text = item.status === 'pending' ? textToStore(request.decision, item, request.editedText) : null;
      const documentId = `review-${id}`;
      // Approved content is still generated text: stored as `generated`, untrusted until a human vouches.
      const clauses = text === null ? [] : await compileText(text, documentId, 'generated', undefined);
      const review = await store.recordContentDecision({
        id,
        decision: request.decision,
        status: QUEUE_STATUS_OF[request.decision],
        editedText: request.decision === 'edit' ? request.editedText : null,
        reviewer: request.reviewer,
        ...(text === null ? {} : { document: { documentId, clauses } }),
      });
      return { review, clauses };
    },

    graphNodes: (documentId) => store.graphNodes(documentId),
    graphEdges: (documentId) => store.graphEdges(documentId),

    describe(): EngineDescription {
      return {
        store: store.driver,
        embedder: embedder.id,
        llm: llm ? { providerId: llm.model.provider, modelId: llm.model.modelId } : null,
        annotator: annotator && defaultAnnotator === 'llm' ? 'llm' : 'rules',
      };
    },

    health: () => store.health(),
    checkIntegrity: () => store.checkIntegrity(),

    bulkLoad(load) {
      return store.bulkLoad(load);
    },

    settleIngest: () => store.settleIngest(),

    async close() {
      // An ingest session's derived work is done before closing (a given store stays open).
      await store.settleIngest();
      await compilePool?.close();
      compilePool = null;
      if (ownsStore) await store.close();
    },
  };
  return engine;
}
