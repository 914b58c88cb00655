import {
  type AnnotatedClause,
  ClauseReviewRequestSchema,
  CompileRequestSchema,
  DecideContentRequestSchema,
  EnqueueContentRequestSchema,
  InvalidRequestError,
  type LanguageModel,
  ListClausesQuerySchema,
  NotFoundError,
  PageQuerySchema,
  PayloadTooLargeError,
  RetrieveRequestSchema,
  ReviewQueueQuerySchema,
  randomId,
  SynthesizeRequestSchema,
  toCaeError,
} from '@cae/core';
import { createModelAnnotator, createPipeline, type Pipeline } from '@cae/pipeline';
import {
  createLocalEmbedder,
  createRetriever,
  createSynthesizer,
  type Embedder,
  embedClauses,
  type Retriever,
  type Synthesizer,
} from '@cae/retrieval';
import { createStore, type SaveDocumentInput, type Store } from '@cae/store-drizzle';
import type { z } from 'zod';
import type { Engine, EngineDescription } from './engine-types';

/** The LLM the engine uses for annotation and synthesis: any LanguageModel (`gateway.languageModel(...)`). */
export interface EngineLlmOptions {
  model: LanguageModel;
  /** Clauses per annotation request (default 16). */
  batchSize?: number;
  /** Milliseconds before an annotation batch falls back to the rules (default 30 s). */
  timeoutMs?: number;
}

export interface EngineOptions {
  /** A store, or where to open one: `memory://`, a directory, `postgres://...`; default `CAE_DATA_DIR`. */
  store?: Store | { url?: string };
  /** Text compiler; default `createPipeline({ maxLength })`. */
  pipeline?: Pipeline;
  /** Embedder for `embed: true` and the vector list; default the local word-vector embedder. */
  embedder?: Embedder;
  /** Optional LLM: with none, everything runs offline (rules, extractive answers). */
  llm?: EngineLlmOptions;
  /** Default pass 2 annotator when a request names none (default `rules`). */
  annotator?: 'rules' | 'llm';
  /** Largest text `compile` accepts, in characters (default 2,000,000). */
  maxTextLength?: number;
  /** RRF constant (default 60). */
  rrfK?: number;
}

const DEFAULT_MAX_TEXT = 2_000_000;

/** Validates library input; failures are InvalidRequestErrors naming the field, as over HTTP. */
function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw toCaeError(result.error);
  return result.data;
}

function isStore(value: EngineOptions['store']): value is Store {
  return typeof value === 'object' && value !== null && 'saveDocument' in value;
}

/**
 * Composes pipeline, store, embedder, retriever and (optionally) an LLM into the engine.
 * @example const engine = await createEngine({ store: { url: 'memory://' } });
 */
export async function createEngine(options: EngineOptions = {}): Promise<Engine> {
  const maxTextLength = options.maxTextLength ?? DEFAULT_MAX_TEXT;
  const store = isStore(options.store) ? options.store : await createStore({ url: options.store?.url });
  const ownsStore = !isStore(options.store);
  const pipeline = options.pipeline ?? createPipeline({ maxLength: maxTextLength });
  const embedder = options.embedder ?? createLocalEmbedder();
  const llm = options.llm;
  const defaultAnnotator = options.annotator ?? 'rules';
  const annotator = llm ? createModelAnnotator(llm.model) : null;
  const retriever: Retriever = createRetriever({ source: store, embedder, k: options.rrfK });
  const synthesizer: Synthesizer = createSynthesizer({
    retriever,
    source: store,
    ...(llm ? { model: llm.model } : {}),
  });

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

  /** Compiles text (pass 2 by LLM when asked and configured) without storing it. */
  const compileText = async (
    text: string,
    documentId: string,
    sourceType: string,
    requested: 'rules' | 'llm' | undefined,
  ): Promise<AnnotatedClause[]> => {
    if (text.length > maxTextLength) {
      throw new PayloadTooLargeError(`text is ${text.length} characters; the limit is ${maxTextLength}`);
    }
    const clauses = pipeline.compile(text, { documentId, sourceType });
    const llmAnnotator = annotatorFor(requested);
    if (!llmAnnotator || !llm) return clauses;
    return pipeline.applyAnnotator(clauses, llmAnnotator, {
      batchSize: llm.batchSize,
      timeoutMs: llm.timeoutMs,
    });
  };

  /** A compiled document with its embeddings when asked, ready to save. */
  const toSaveInput = async (
    documentId: string,
    clauses: AnnotatedClause[],
    sourceType: string,
    embed: boolean,
  ): Promise<SaveDocumentInput> => {
    let embeddings: Float32Array[] | undefined;
    if (embed && clauses.length > 0) {
      await ensureEmbeddings();
      // Each clause vector carries some of its document's context (measured better on SciFact train).
      embeddings = await embedClauses(
        embedder,
        clauses.map((clause) => clause.text),
      );
    }
    return { documentId, clauses, embeddings, sourceType };
  };

  const engine: Engine = {
    async compile(input) {
      const request = parseInput(CompileRequestSchema, input);
      const documentId = request.documentId ?? `api-${randomId()}`;
      const clauses = await compileText(request.text, documentId, request.sourceType, request.annotator);
      if (request.store || request.embed)
        await store.saveDocument(await toSaveInput(documentId, clauses, request.sourceType, request.embed));
      return clauses;
    },

    async compileMany(inputs) {
      if (!Array.isArray(inputs))
        throw new InvalidRequestError('compileMany takes an array of compile requests');
      const requests = inputs.map((input, index) => {
        try {
          return parseInput(CompileRequestSchema, input);
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
        const clauses = await compileText(request.text, documentId, request.sourceType, request.annotator);
        compiled.push(clauses);
        if (request.store || request.embed)
          saves.push(await toSaveInput(documentId, clauses, request.sourceType, request.embed));
      }
      if (saves.length > 0) await store.saveDocuments(saves);
      return compiled;
    },

    async retrieve(input) {
      const request = parseInput(RetrieveRequestSchema, input);
      const results = await retriever.retrieve(request);
      return { query: request.query, results, count: results.length };
    },

    async synthesize(input) {
      const request = parseInput(SynthesizeRequestSchema, input);
      const response = await synthesizer.synthesize(request);
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
      const query = parseInput(ListClausesQuerySchema, input);
      const page = await store.listClauses(query);
      return { clauses: page.clauses, total: page.total, limit: query.limit, offset: query.offset };
    },

    async reviewClause(clauseId, input) {
      const request = parseInput(ClauseReviewRequestSchema, input);
      const clause = await store.getClause(clauseId);
      if (!clause) throw new NotFoundError(`clause ${clauseId} does not exist`);
      let annotationAfter: ReturnType<Pipeline['annotate']> | undefined;
      if (request.decision === 're_annotated') {
        if (annotator && llm) {
          const [relabelled] = await pipeline.applyAnnotator([clause], annotator, {
            batchSize: 1,
            timeoutMs: llm.timeoutMs,
          });
          const source = relabelled ?? clause;
          annotationAfter = {
            ideational: source.ideational,
            interpersonal: source.interpersonal,
            textual: source.textual,
          };
        } else {
          annotationAfter = pipeline.annotate(clause);
        }
      }
      return store.reviewClause({
        clauseId,
        decision: request.decision,
        reviewer: request.reviewer,
        notes: request.notes,
        annotationAfter,
      });
    },

    async clauseReviewLog(input = {}) {
      const page = parseInput(PageQuerySchema, input);
      const result = await store.listClauseReviews(page);
      return { clauses: result.records, total: result.total, limit: page.limit, offset: page.offset };
    },

    async enqueueContent(input) {
      return store.enqueueContent(parseInput(EnqueueContentRequestSchema, input));
    },

    async listContentReviews(input = {}) {
      const query = parseInput(ReviewQueueQuerySchema, input);
      const result = await store.listContentReviews(query);
      return { items: result.items, total: result.total, limit: query.limit, offset: query.offset };
    },

    async decideContentReview(id, input) {
      const request = parseInput(DecideContentRequestSchema, input);
      const item = await store.getContentReview(id);
      if (!item) throw new NotFoundError(`review item ${id} does not exist`);
      const text = request.decision === 'edit' ? request.editedText : item.content;
      let document: { documentId: string; clauses: AnnotatedClause[]; sourceType: string } | undefined;
      if (request.decision !== 'reject' && item.modality === 'text' && item.status === 'pending' && text) {
        const documentId = `review-${id}`;
        // Approved content is still generated text: stored as `generated`, untrusted until a human vouches.
        const clauses = await compileText(text, documentId, 'generated', undefined);
        document = { documentId, clauses, sourceType: 'generated' };
      }
      const review = await store.decideContentReview({
        id,
        decision: request.decision,
        editedText: request.editedText,
        reviewer: request.reviewer,
        document,
      });
      return { review, clauses: document?.clauses ?? [] };
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

    bulkLoad(load) {
      return store.bulkLoad(load);
    },

    async close() {
      if (ownsStore) await store.close();
    },
  };
  return engine;
}
