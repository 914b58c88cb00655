import {
  type CandidateSource,
  type ClauseCandidate,
  InvalidRequestError,
  MAX_RETRIEVE_LIMIT,
  type RankedClause,
  type RetrievalFilters,
  type RetrievalResult,
} from '@cae/core';
import {
  checkedFusionWeights,
  type Embedder,
  EQUAL_FUSION_WEIGHTS,
  type FusionWeights,
  normalizeInPlace,
} from './embedder';
import { excludedTerms, namesExcluded, queryConstraints } from './query-constraints';
import {
  checkedFusionMethod,
  DEFAULT_RRF_K,
  type FusionMethod,
  minMaxScoreFusion,
  reciprocalRankFusion,
} from './rank-fusion';
import { toRetrievalResult } from './retrieval-result';

/**
 * Pseudo-relevance feedback of the vector query, tuned for plain RRF on SciFact and NegConstraint train
 * queries (best mean hybrid nDCG@10 over both sets once keyword lists rank clauses in document context).
 */
export const DEFAULT_FEEDBACK = { clauses: 10, weight: 2 } as const;

/**
 * Fusion settings for the local word-vector embedder, opt in with
 * `createRetriever({ source, embedder, ...LOCAL_EMBEDDER_FUSION })`. Tuned together on the SciFact and
 * NegConstraint train queries (docs/RETRIEVAL.md): the vector list counts half, as it is much weaker
 * than BM25 in document context, and a clause also gets its document's RRF score. Scores are then no
 * longer ARCHITECTURE.md's `sum(1 / (k + rank))`, which is why the defaults stay plain RRF.
 */
export const LOCAL_EMBEDDER_FUSION = {
  fusion: 'rrf',
  weights: { vector: 0.5, keyword: 1 },
  documentContext: { weight: 1, k: 3 },
  feedback: { clauses: 5, weight: 1 },
} as const;

/** Which candidate lists a retrieval uses; `hybrid` fuses both (the default). */
export type RetrievalMode = 'hybrid' | 'keyword' | 'vector';

export interface RetrieverOptions {
  /** The store's ranked candidate lists. */
  source: CandidateSource;
  /** Embeds queries for the vector list; without one, `hybrid` is keyword-only. */
  embedder?: Embedder;
  /** RRF constant (default 60). */
  k?: number;
  /**
   * How the two lists are fused: `rrf`, weighted reciprocal rank fusion, `sum(weight / (k + rank))`;
   * or `minmax`, weighted min-max score fusion, `sum(weight × (score - min) / (max - min))` over each
   * list's own scores (`minMaxScoreFusion`). Default: the embedder's `fusionMethod` (the local
   * embedder: `rrf` unless created with `fusionMethod: 'minmax'`), else `rrf`. Requests may override it.
   */
  fusion?: FusionMethod;
  /**
   * Negative constraints of a query ("Describe Aalborg without Denmark", "..., excluding the trial"):
   * the lists search the query without them, and clauses that name an excluded phrase rank after the
   * others (query-constraints.ts). Default true; `false` searches the query as written.
   */
  negativeConstraints?: boolean;
  /**
   * Each list's weight in the fusion. Default: the embedder's `fusionWeights` (the local embedder's
   * LOCAL_EMBEDDER_WEIGHTS, or LOCAL_EMBEDDER_MINMAX_WEIGHTS with `fusionMethod: 'minmax'`), else 1
   * each (plain RRF); a weight given here replaces the embedder's. Requests may override them again.
   */
  weights?: Partial<FusionWeights>;
  /**
   * Document context of the fusion: a clause also gets `weight` times its document's RRF score, the
   * document ranked in each list by its best clause with constant `k`, so clauses of a document both
   * lists rank high rise together. Default none (plain RRF); LOCAL_EMBEDDER_FUSION uses weight 1, k 3.
   */
  documentContext?: { weight: number; k: number };
  /** Rows asked of each list; default `max(limit, 100)`. A function gets the requested limit. */
  candidateLimit?: number | ((limit: number) => number);
  /** Rows asked of the vector list when it should differ from `candidateLimit` (a weak embedder: fewer). */
  vectorCandidateLimit?: number | ((limit: number) => number);
  /**
   * Pseudo-relevance feedback for the vector list in hybrid mode: the query vector is moved toward the
   * mean vector of the best keyword clauses, `normalize(q + weight * mean)`, before the vector search.
   * Helps a weak embedder most; costs running the two lists one after the other and embedding the
   * feedback clauses with the query. Default 10 clauses, weight 2; `false` turns it off.
   */
  feedback?: { clauses?: number; weight?: number } | false;
  /** Highest accepted `limit` (default 200); evaluation scripts raise it. */
  maxLimit?: number;
}

export interface RetrieveOptions {
  query: string;
  /** Results wanted, 1 to `maxLimit` (default 10). */
  limit?: number;
  filters?: RetrievalFilters;
  mode?: RetrievalMode;
  /** This request's list weights, over the retriever's (`weights` of the retriever). */
  weights?: Partial<FusionWeights>;
  /** This request's fusion method, over the retriever's (`fusion` of the retriever). */
  fusion?: FusionMethod;
}

/** Milliseconds spent in each part of one retrieval. */
export interface RetrievalTimings {
  embedMs: number;
  vectorMs: number;
  keywordMs: number;
  fusionMs: number;
  /** Reading the rows of the feedback clauses and the results, when the lists were rankings only. */
  rowsMs: number;
  totalMs: number;
}

export interface Retriever {
  /** The RRF constant in use; a clause ranked first in both lists scores `2 / (k + 1)`. */
  readonly k: number;
  /** Whether a vector list is available (an embedder was given). */
  readonly hasVectors: boolean;
  /**
   * The default list weights: with `rrf` a clause scores `vector / (k + vector rank) + keyword / (k + keyword rank)`,
   * so one ranked first in both lists scores `(vector + keyword) / (k + 1)`; with `minmax` it scores
   * `vector + keyword` when it has the best score of both lists.
   */
  readonly weights: Readonly<FusionWeights>;
  /** The default fusion method. */
  readonly fusion: FusionMethod;
  /** Clauses best first, fused from the vector and keyword lists. */
  retrieve(options: RetrieveOptions): Promise<RetrievalResult[]>;
  /** `retrieve` plus the time of each part, for benchmarks. */
  retrieveWithTimings(
    options: RetrieveOptions,
  ): Promise<{ results: RetrievalResult[]; timings: RetrievalTimings }>;
}

/**
 * Hybrid retriever: vector and keyword candidates from the store, fused by reciprocal rank fusion.
 * @example const retriever = createRetriever({ source: store, embedder: createLocalEmbedder() });
 */
export function createRetriever(options: RetrieverOptions): Retriever {
  const k = options.k ?? DEFAULT_RRF_K;
  const embedderWeights = options.embedder?.fusionWeights ?? EQUAL_FUSION_WEIGHTS;
  const defaultWeights = checkedFusionWeights(
    {
      vector: options.weights?.vector ?? embedderWeights.vector,
      keyword: options.weights?.keyword ?? embedderWeights.keyword,
    },
    'weights',
  );
  const defaultFusion = checkedFusionMethod(
    options.fusion ?? options.embedder?.fusionMethod ?? 'rrf',
    'fusion',
  );
  const documentContext = options.documentContext;
  if (
    documentContext &&
    !(
      documentContext.weight >= 0 &&
      documentContext.k >= 0 &&
      Number.isFinite(documentContext.weight + documentContext.k)
    )
  ) {
    throw new RangeError(
      `documentContext weight and k must be finite numbers >= 0, got ${documentContext.weight} and ${documentContext.k}`,
    );
  }
  if (documentContext && defaultFusion !== 'rrf')
    throw new RangeError(`documentContext needs fusion 'rrf', got fusion '${defaultFusion}'`);
  const maxLimit = options.maxLimit ?? MAX_RETRIEVE_LIMIT;
  const { source, embedder } = options;
  // On by default: on the train queries of SciFact and NegConstraint it lifts hybrid nDCG@10 by 0.03-0.07.
  const negativeConstraints = options.negativeConstraints !== false;
  const feedback =
    options.feedback === false
      ? undefined
      : {
          clauses: options.feedback?.clauses ?? DEFAULT_FEEDBACK.clauses,
          weight: options.feedback?.weight ?? DEFAULT_FEEDBACK.weight,
        };
  const candidateLimitFor = (limit: number): number => {
    const configured = options.candidateLimit;
    const value = typeof configured === 'function' ? configured(limit) : (configured ?? Math.max(limit, 100));
    return Math.max(limit, Math.floor(value));
  };
  const vectorLimitFor = (limit: number, keywordLimit: number): number => {
    const configured = options.vectorCandidateLimit;
    if (configured === undefined) return keywordLimit;
    return Math.max(1, Math.floor(typeof configured === 'function' ? configured(limit) : configured));
  };

  const run = async (request: RetrieveOptions) => {
    const query = request.query?.trim() ?? '';
    if (query.length === 0) throw new InvalidRequestError('query must not be empty');
    // Negative constraints ("... without Denmark", "excluding the trial"): searched for, what they name
    // would rank first; the lists search the rest of the query (query-constraints.ts).
    const constraints = negativeConstraints ? queryConstraints(query) : undefined;
    const searchText = constraints?.positive ?? query;
    const limit = request.limit ?? 10;
    if (!Number.isInteger(limit) || limit < 1 || limit > maxLimit) {
      throw new InvalidRequestError(`limit must be an integer from 1 to ${maxLimit}`, { details: { limit } });
    }
    const filters = request.filters ?? {};
    const mode = request.mode ?? 'hybrid';
    let weights = defaultWeights;
    if (request.weights && (request.weights.vector !== undefined || request.weights.keyword !== undefined)) {
      try {
        weights = checkedFusionWeights(
          {
            vector: request.weights.vector ?? defaultWeights.vector,
            keyword: request.weights.keyword ?? defaultWeights.keyword,
          },
          'weights',
        );
      } catch (error) {
        throw new InvalidRequestError((error as Error).message, { details: { weights: request.weights } });
      }
    }
    let fusion = defaultFusion;
    if (request.fusion !== undefined) {
      try {
        fusion = checkedFusionMethod(request.fusion, 'fusion');
      } catch (error) {
        throw new InvalidRequestError((error as Error).message, { details: { fusion: request.fusion } });
      }
      if (documentContext && fusion !== 'rrf')
        throw new InvalidRequestError(
          `fusion '${fusion}' cannot be used with this retriever's documentContext`,
          {
            details: { fusion: request.fusion },
          },
        );
    }
    if (mode === 'vector' && !embedder) throw new InvalidRequestError('vector retrieval needs an embedder');
    // A list of weight 0 adds nothing to any score: it is not asked at all (unless it is the mode's only list).
    const useVectors =
      mode !== 'keyword' && embedder !== undefined && (weights.vector > 0 || mode === 'vector');
    const useKeywords = mode !== 'vector' && (weights.keyword > 0 || mode === 'keyword' || !useVectors);
    const candidateLimit = candidateLimitFor(limit);
    const timings: RetrievalTimings = {
      embedMs: 0,
      vectorMs: 0,
      keywordMs: 0,
      fusionMs: 0,
      rowsMs: 0,
      totalMs: 0,
    };
    const started = performance.now();

    // Rows of the clauses met so far. Sources with rankings (ids and scores only) let the lists skip
    // reading rows; rows are then read for the feedback clauses and the results alone. The document
    // context of the fusion needs every candidate's document, so it reads the lists' rows.
    const rows = new Map<string, ClauseCandidate>();
    const rankingsOnly = documentContext === undefined;
    const keep = (candidates: ClauseCandidate[]): RankedClause[] => {
      for (const row of candidates) if (!rows.has(row.clauseId)) rows.set(row.clauseId, row);
      return candidates;
    };
    const readRows = async (clauseIds: readonly string[]) => {
      const missing = clauseIds.filter((id) => !rows.has(id));
      if (missing.length === 0) return;
      const rowsStart = performance.now();
      keep(await source.candidatesByIds(missing));
      timings.rowsMs += performance.now() - rowsStart;
    };

    /** One candidate list, timed: a ranking (ids and scores) when the source has one, else its rows. */
    const timedList = async (
      timing: 'vectorMs' | 'keywordMs',
      ranking: (() => Promise<RankedClause[]>) | undefined,
      candidates: () => Promise<ClauseCandidate[]>,
    ): Promise<RankedClause[]> => {
      const listStart = performance.now();
      const ranked = rankingsOnly && ranking ? await ranking() : keep(await candidates());
      timings[timing] = performance.now() - listStart;
      return ranked;
    };

    const vectorList = async (feedbackIds: readonly string[]): Promise<RankedClause[]> => {
      if (!useVectors) return [];
      let feedbackTexts: string[] = [];
      if (feedback) {
        const ids = feedbackIds.slice(0, feedback.clauses);
        await readRows(ids);
        feedbackTexts = ids.flatMap((id) => rows.get(id)?.text ?? []);
      }
      const embedStart = performance.now();
      const [embedding, ...feedbackVectors] = await embedder.embed([searchText, ...feedbackTexts]);
      if (!embedding) throw new Error('embedder returned no vector for the query');
      if (feedback && feedbackVectors.length > 0) moveToward(embedding, feedbackVectors, feedback.weight);
      timings.embedMs = performance.now() - embedStart;
      const vectorLimit = vectorLimitFor(limit, candidateLimit);
      return timedList(
        'vectorMs',
        source.vectorRanking && (() => source.vectorRanking!(embedding, filters, vectorLimit)),
        () => source.vectorCandidates(embedding, filters, vectorLimit),
      );
    };
    const keywordList = async (): Promise<RankedClause[]> => {
      if (!useKeywords) return [];
      return timedList(
        'keywordMs',
        source.keywordRanking && (() => source.keywordRanking!(searchText, filters, candidateLimit)),
        () => source.keywordCandidates(searchText, filters, candidateLimit),
      );
    };
    let vectorRanks: RankedClause[];
    let keywordRanks: RankedClause[];
    if (feedback && useVectors && useKeywords) {
      keywordRanks = await keywordList();
      vectorRanks = await vectorList(keywordRanks.map((row) => row.clauseId));
    } else {
      [vectorRanks, keywordRanks] = await Promise.all([vectorList([]), keywordList()]);
    }

    const fusionStart = performance.now();
    const fused =
      fusion === 'minmax'
        ? minMaxScoreFusion(
            [
              vectorRanks.map((row) => ({ id: row.clauseId, score: row.score })),
              keywordRanks.map((row) => ({ id: row.clauseId, score: row.score })),
            ],
            { weights: [weights.vector, weights.keyword] },
          )
        : reciprocalRankFusion(
            [vectorRanks.map((row) => row.clauseId), keywordRanks.map((row) => row.clauseId)],
            {
              k,
              weights: [weights.vector, weights.keyword],
              // A single list keeps its own order; the context only arbitrates between two lists.
              ...(documentContext && useVectors && useKeywords
                ? { context: { ...documentContext, groupOf: (id: string) => rows.get(id)!.documentId } }
                : {}),
            },
          );
    timings.fusionMs = performance.now() - fusionStart;
    // Negative constraints: the clauses that name an excluded phrase follow the others (their scores
    // unchanged), so the rows of the fused candidates are read to see their text.
    let ordered = fused;
    const excluded = excludedTerms(constraints?.excluded ?? []);
    if (excluded.length > 0 && fused.length > 0) {
      await readRows(fused.map((item) => item.id));
      const clean: typeof fused = [];
      const named: typeof fused = [];
      for (const item of fused) {
        const row = rows.get(item.id);
        (row && namesExcluded(row.text, excluded) ? named : clean).push(item);
      }
      ordered = [...clean, ...named];
    }
    // The best fused clauses whose rows exist (a clause deleted since it was ranked is skipped).
    const results: RetrievalResult[] = [];
    for (let next = 0; results.length < limit && next < ordered.length; ) {
      const wanted = ordered.slice(next, next + limit - results.length);
      next += wanted.length;
      await readRows(wanted.map((item) => item.id));
      for (const item of wanted) {
        const row = rows.get(item.id);
        if (row) results.push(toRetrievalResult(row, item.score, item.ranks));
      }
    }
    timings.totalMs = performance.now() - started;
    return { results, timings };
  };

  return {
    k,
    hasVectors: embedder !== undefined,
    weights: defaultWeights,
    fusion: defaultFusion,
    async retrieve(request) {
      return (await run(request)).results;
    },
    retrieveWithTimings: run,
  };
}

/** In place: `query = normalize(query + weight * normalize(mean(vectors)))`. */
function moveToward(query: Float32Array, vectors: readonly Float32Array[], weight: number): void {
  const mean = new Float32Array(query.length);
  for (const vector of vectors)
    for (let index = 0; index < mean.length; index++) mean[index]! += vector[index]!;
  normalizeInPlace(mean);
  for (let index = 0; index < query.length; index++) query[index]! += weight * mean[index]!;
  normalizeInPlace(query);
}
