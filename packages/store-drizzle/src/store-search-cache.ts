import { type ClauseCandidate, canonicalJson, type RankedClause, type RetrievalFilters } from '@cae/core';
import { sql } from 'drizzle-orm';
import { queryRows, READ_ONLY_STATEMENT, type StoreExecutor } from './store-connection';
import { hasSelectiveFilter } from './store-filters';
import {
  type CorpusStats,
  isAlphanumericLexeme,
  isLettersLexeme,
  type PrefixExpansion,
  readCorpusStats,
  TITLE_CLAUSES,
  TITLE_DOCUMENTS,
} from './store-keyword-search';

/**
 * An in-process copy of what searches read (the clauses' filter columns and candidate rows, the BM25
 * postings and statistics, optionally the embeddings), derived from the database and tagged with
 * the database's change counter (migration 0009: every write to these tables bumps it once per
 * transaction, in that transaction). A search first reads the counter (one tiny query, the same
 * round trip that stems the query) and uses the copy only when the counters match; otherwise it
 * takes the plain SQL path and the copy reloads in the background. So a search is never answered
 * from data older than the last committed write, whether this process or another replica wrote it.
 */
export interface SearchCacheOptions {
  /** Stores with more clauses than this keep no copy (memory: about 3.7 KB a clause). Default 200,000. */
  maxClauses?: number;
  /** Keep the embeddings too (dimension x 4 bytes per clause), for exact filtered vector search. Default true. */
  vectors?: boolean;
  /** Filtered vector searches keeping at most this many clauses scan the copy exactly. Default 30,000. */
  vectorScanLimit?: number;
  /** Quiet time after the last change seen before the copy reloads, in ms. Default 500. */
  settleMs?: number;
}

/** What a search cache did, for tests and benchmarks. */
export interface SearchCacheStats {
  /** Counter value of the loaded copy, or null. */
  counter: string | null;
  clauses: number;
  /** Searches and row reads answered from the copy. */
  hits: number;
  /** Searches and row reads that found the copy stale or missing and used SQL. */
  misses: number;
  loads: number;
  /** Duration of the last load in ms. */
  lastLoadMs: number;
}

/** The statistics of a store that keeps no copy (or of a copy not loaded yet). */
export const EMPTY_SEARCH_CACHE_STATS: Readonly<SearchCacheStats> = {
  counter: null,
  clauses: 0,
  hits: 0,
  misses: 0,
  loads: 0,
  lastLoadMs: 0,
};

/** A string column as codes (dictionary order of first appearance); -1 is null. */
class Codes {
  readonly values: string[] = [];
  private readonly map = new Map<string, number>();
  code(value: string | null): number {
    if (value === null) return -1;
    let code = this.map.get(value);
    if (code === undefined) {
      code = this.values.length;
      this.values.push(value);
      this.map.set(value, code);
    }
    return code;
  }
  /** The code of a value, or -2 when no clause has it (a filter on it keeps nothing). */
  find(value: string): number {
    return this.map.get(value) ?? -2;
  }
}

interface TermPostings {
  df: number;
  documentDf: number;
  /** Clause postings, strongest impact first (then clause id), as the impact index orders them. */
  clauses: Int32Array;
  frequency: Int32Array;
  length: Int32Array;
  documents: Int32Array;
  documentFrequency: Int32Array;
  documentLength: Int32Array;
}

const _EMPTY = new Int32Array(0);

/** One consistent copy, at one counter value. Clause numbers follow the ids' order (uuid order). */
interface Snapshot {
  counter: string;
  n: number;
  ids: string[];
  index: Map<string, number>;
  document: Int32Array;
  documentIds: string[];
  reviewStatus: Int32Array;
  mood: Int32Array;
  processType: Int32Array;
  sourceType: Int32Array;
  annotationSource: Int32Array;
  modalityType: Int32Array;
  modalityWeight: Float64Array;
  tenor: Float64Array;
  text: string[];
  parent: (string | null)[];
  sentenceIndex: Int32Array;
  clauseIndex: Int32Array;
  untrusted: Uint8Array;
  codes: {
    reviewStatus: Codes;
    mood: Codes;
    processType: Codes;
    sourceType: Codes;
    annotationSource: Codes;
    modalityType: Codes;
    document: Map<string, number>;
  };
  stats: CorpusStats;
  terms: Map<string, TermPostings>;
  /** The clauses each recent filter keeps (derived from this copy alone, so valid as long as it is). */
  selections: Map<string, Selection>;
  /** Unit-length embeddings, `dimension` floats per clause (NaN first value: none). */
  vectors: Float32Array | null;
  dimension: number;
}

/** Reads the change counter (null before migration 0009). */
export async function readChangeCounter(executor: StoreExecutor): Promise<string | null> {
  const rows = await queryRows<{ counter: string | number }>(
    executor,
    sql`${sql.raw(READ_ONLY_STATEMENT)} SELECT "counter"::text AS "counter" FROM "store_changes" WHERE "id" = 1`,
  );
  return rows[0] ? String(rows[0].counter) : null;
}

/** Options of one BM25 ranking from the copy (the merged options of keyword search). */
export interface CachedKeywordOptions {
  k1: number;
  /** k1 of the document field; see KeywordSearchOptions.documentK1. */
  documentK1: number;
  b: number;
  postingsPerTerm: number;
  documentWeight: number;
  /** Weight of the title field (0: off); see KeywordSearchOptions.titleWeight. */
  titleWeight: number;
  /** See KeywordSearchOptions.alphanumericWeight. */
  alphanumericWeight: number;
  /** Morphological siblings (null: none); see KeywordSearchOptions.prefixExpansion. */
  prefixExpansion: PrefixExpansion | null;
}

const CLAUSE_CHUNK = 20_000;
/** Lexemes whose postings one statement reads while the copy loads. */
const TERM_CHUNK = 5_000;

export interface SearchCache {
  /**
   * The counter and the query's distinct lexemes in one round trip; `terms` is null when the copy is
   * not current (the caller then uses SQL).
   */
  keywordRanking(
    executor: StoreExecutor,
    query: string,
    filters: RetrievalFilters,
    limit: number,
    options: CachedKeywordOptions,
  ): Promise<RankedClause[] | null>;
  /** Candidate rows by id from the copy, or null when it is not current. */
  candidatesByIds(executor: StoreExecutor, ids: readonly string[]): Promise<ClauseCandidate[] | null>;
  /**
   * Exact nearest clauses among those the filters keep, from the copy's embeddings, when the copy is
   * current, holds embeddings and the filter keeps at most `vectorScanLimit` clauses; else null.
   */
  vectorRanking(
    executor: StoreExecutor,
    embedding: Float32Array,
    filters: RetrievalFilters,
    limit: number,
  ): Promise<RankedClause[] | null>;
  /**
   * The counter of the loaded copy when no clause of it is rejected (no SQL: the caller checks the
   * counter in its own statement, see unfilteredPgliteRanking), else null.
   */
  rejectedFreeCounter(): string | null;
  /** Loads the copy now (waits for a load under way first); resolves when it is current or too big. */
  refresh(): Promise<void>;
  /** Off: every search takes the SQL path (benchmarks compare both in one process). Default on. */
  setEnabled(enabled: boolean): void;
  readonly enabled: boolean;
  stats(): SearchCacheStats;
  close(): void;
}

/** Builds the cache of a store; nothing is read until the first search. */
export function createSearchCache(
  db: StoreExecutor,
  options: SearchCacheOptions,
  embeddingDimension: () => Promise<number | null>,
  writeCount?: () => number,
): SearchCache {
  const maxClauses = options.maxClauses ?? 200_000;
  const keepVectors = options.vectors ?? true;
  const vectorScanLimit = options.vectorScanLimit ?? 30_000;
  const settleMs = options.settleMs ?? 500;
  let snapshot: Snapshot | null = null;
  /** Counter at which the store was found too big (no copy until it changes). */
  let tooBigAt: string | null = null;
  let loading: Promise<void> | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let closed = false;
  let enabled = true;
  const counters: SearchCacheStats = { ...EMPTY_SEARCH_CACHE_STATS };
  // Scratch buffers of BM25 accumulation (searches run their scoring synchronously).
  let scores = new Float64Array(0);
  let documentScores = new Float64Array(0);

  const load = async (): Promise<void> => {
    const started = performance.now();
    const before = await readChangeCounter(db);
    if (before === null) return;
    const [{ n }] = (await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM "clauses"`)) as [
      { n: number },
    ];
    if (Number(n) > maxClauses) {
      snapshot = null;
      tooBigAt = before;
      return;
    }
    const next = await readSnapshot(db, before, keepVectors ? await embeddingDimension() : null);
    // Read statement by statement (a PGlite store keeps answering meanwhile): the copy is one
    // consistent state only if no write committed while it was read.
    const after = await readChangeCounter(db);
    if (after !== before || closed) return;
    snapshot = next;
    tooBigAt = null;
    counters.loads++;
    counters.lastLoadMs = performance.now() - started;
    if (scores.length < next.n) scores = new Float64Array(next.n);
    if (documentScores.length < next.documentIds.length)
      documentScores = new Float64Array(next.documentIds.length);
  };

  const startLoad = (): Promise<void> => {
    if (!loading) {
      loading = load()
        .catch(() => {
          // A failed load leaves the SQL path in charge; the next stale search schedules another.
        })
        .finally(() => {
          loading = null;
        });
    }
    return loading;
  };

  /** A search found the copy stale at `counter`: reload once writes settle. */
  const scheduleLoad = (counter: string | null) => {
    if (closed || counter === null || counter === tooBigAt) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      void startLoad();
    }, settleMs);
    timer.unref?.();
  };

  /** The change counter read last and the write count then (PGlite: see StoreDriverAdapter.writeCount). */
  let observed: { counter: string | null; writes: number } | null = null;
  const observe = (counter: string | null, writes: number | undefined) => {
    if (writes !== undefined) observed = { counter, writes };
  };
  /** The change counter: the one read last while no statement that may write has run since, else read now. */
  const counterNow = async (executor: StoreExecutor): Promise<string | null> => {
    const writes = writeCount?.();
    if (writes !== undefined && observed?.writes === writes) return observed.counter;
    const counter = await readChangeCounter(executor);
    observe(counter, writes);
    return counter;
  };

  const current = (counter: string | null): Snapshot | null => {
    if (snapshot && counter === snapshot.counter) {
      counters.hits++;
      return snapshot;
    }
    counters.misses++;
    scheduleLoad(counter);
    return null;
  };

  return {
    get enabled() {
      return enabled;
    },

    setEnabled(value) {
      enabled = value;
    },

    async keywordRanking(executor, query, filters, limit, searchOptions) {
      if (!enabled) return null;
      if (!snapshot) {
        scheduleLoad(await readChangeCounter(executor));
        counters.misses++;
        return null;
      }
      const writes = writeCount?.();
      const [row] = await queryRows<{ counter: string | null; terms: string[] | string | null }>(
        executor,
        sql`${sql.raw(READ_ONLY_STATEMENT)} SELECT (SELECT "counter"::text FROM "store_changes" WHERE "id" = 1) AS "counter",
          ARRAY(SELECT DISTINCT lexeme FROM unnest(to_tsvector('english', ${query}))) AS "terms"`,
      );
      observe(row?.counter ?? null, writes);
      const copy = current(row?.counter ?? null);
      if (!copy) return null;
      return rankKeywords(copy, textArray(row?.terms ?? null), filters, limit, searchOptions);
    },

    async candidatesByIds(executor, ids) {
      if (!enabled || !snapshot) return null;
      const copy = current(await counterNow(executor));
      if (!copy) return null;
      const rows: ClauseCandidate[] = [];
      const seen = new Set<string>();
      for (const id of ids) {
        const at = copy.index.get(id.toLowerCase());
        if (at === undefined || seen.has(id)) continue;
        seen.add(id);
        rows.push(candidateOf(copy, at, 0));
      }
      return rows;
    },

    async vectorRanking(executor, embedding, filters, limit) {
      if (!enabled || !snapshot?.vectors || !hasSelectiveFilter(filters)) return null;
      if (embedding.length !== snapshot.dimension) return null;
      const copy = current(await counterNow(executor));
      if (!copy?.vectors) return null;
      const { kept } = selectionOf(copy, filters);
      if (kept.length > vectorScanLimit) return null;
      const chosen: number[] = [];
      for (const at of kept) if (!Number.isNaN(copy.vectors[at * copy.dimension]!)) chosen.push(at);
      return nearest(copy, embedding, chosen, limit);
    },

    rejectedFreeCounter() {
      if (!enabled || !snapshot || snapshot.codes.reviewStatus.find('rejected') >= 0) return null;
      return snapshot.counter;
    },

    async refresh() {
      if (loading) await loading;
      const counter = await readChangeCounter(db);
      if (counter === null || counter === snapshot?.counter || counter === tooBigAt) return;
      await startLoad();
    },

    stats() {
      return { ...counters, counter: snapshot?.counter ?? null, clauses: snapshot?.n ?? 0 };
    },

    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      snapshot = null;
    },
  };

  /** BM25 as store-keyword-search.ts ranks it without sentence context, from the copy. */
  function rankKeywords(
    copy: Snapshot,
    terms: string[],
    filters: RetrievalFilters,
    limit: number,
    {
      k1,
      documentK1,
      b,
      postingsPerTerm,
      documentWeight,
      titleWeight,
      alphanumericWeight,
      prefixExpansion,
    }: CachedKeywordOptions,
  ): RankedClause[] {
    if (limit < 1) return [];
    const { mask, kept } = selectionOf(copy, filters);
    if (kept.length === 0) return [];
    const keep = (at: number) => mask === null || mask[at] === 1;
    const selective = hasSelectiveFilter(filters);
    const { stats } = copy;
    const capped = postingsPerTerm > 0 && Number.isFinite(postingsPerTerm);
    const base = k1 * (1 - b);
    const perLength = (k1 * b) / stats.clauseAvgLength;
    const documentBase = documentK1 * (1 - b);
    const documentPerLength = (documentK1 * b) / stats.documentAvgLength;
    const postings = weightedTerms(copy, terms, alphanumericWeight, prefixExpansion);
    /**
     * The title field as the SQL path adds it: the TITLE_DOCUMENTS best documents (document score,
     * then id) get titleWeight / documentWeight times the BM25 of the query over their title's
     * clauses (first sentence, clause positions below TITLE_CLAUSES), every posting counted.
     */
    const addTitleScores = (touchedDocuments: number[]) => {
      const documentIds = copy.documentIds;
      const byScore = (left: number, right: number) =>
        documentScores[right]! - documentScores[left]! ||
        (documentIds[left]! < documentIds[right]! ? -1 : documentIds[left]! > documentIds[right]! ? 1 : 0);
      const top = topOf(touchedDocuments.slice(), TITLE_DOCUMENTS, byScore);
      const titles = titleClausesOf(copy);
      const titleScore = new Map<number, number>();
      const ofClause = new Map<number, number>();
      for (const document of top) {
        for (const at of titles.get(document) ?? []) ofClause.set(at, document);
      }
      if (ofClause.size === 0) return;
      for (const { postings: term, qweight } of postings) {
        if (term.df <= 0) continue;
        const weight = qweight * Math.log(1 + (stats.clauses - term.df + 0.5) / (term.df + 0.5)) * (k1 + 1);
        for (let i = 0; i < term.clauses.length; i++) {
          const document = ofClause.get(term.clauses[i]!);
          if (document === undefined) continue;
          const f = term.frequency[i]!;
          titleScore.set(
            document,
            (titleScore.get(document) ?? 0) + (weight * f) / (f + base + perLength * term.length[i]!),
          );
        }
      }
      for (const [document, score] of titleScore)
        documentScores[document]! += (titleWeight / documentWeight) * score;
    };
    const run = (cap: number, prefixSize: number | null): RankedClause[] => {
      const touched: number[] = [];
      const touchedDocuments: number[] = [];
      for (const { postings: term, qweight } of postings) {
        if (term.df > 0) {
          const weight = qweight * Math.log(1 + (stats.clauses - term.df + 0.5) / (term.df + 0.5)) * (k1 + 1);
          const end = Math.min(cap, term.clauses.length);
          for (let i = 0; i < end; i++) {
            const at = term.clauses[i]!;
            if (at < 0) continue;
            const f = term.frequency[i]!;
            if (scores[at] === 0) touched.push(at);
            scores[at]! += (weight * f) / (f + base + perLength * term.length[i]!);
          }
        }
        if (documentWeight !== 0 && term.documentDf > 0) {
          const weight =
            qweight *
            Math.log(1 + (stats.documents - term.documentDf + 0.5) / (term.documentDf + 0.5)) *
            (documentK1 + 1);
          const end = Math.min(cap, term.documents.length);
          for (let i = 0; i < end; i++) {
            const at = term.documents[i]!;
            const f = term.documentFrequency[i]!;
            if (documentScores[at] === 0) touchedDocuments.push(at);
            documentScores[at]! +=
              (weight * f) / (f + documentBase + documentPerLength * term.documentLength[i]!);
          }
        }
      }
      if (documentWeight !== 0 && titleWeight !== 0) addTitleScores(touchedDocuments);
      const blended = new Float64Array(touched.length);
      for (let i = 0; i < touched.length; i++) {
        const at = touched[i]!;
        blended[i] =
          documentWeight === 0
            ? scores[at]!
            : scores[at]! + documentWeight * documentScores[copy.document[at]!]!;
      }
      for (const at of touched) scores[at] = 0;
      for (const at of touchedDocuments) documentScores[at] = 0;
      // Best first, ties by clause id (clause numbers follow the ids' order).
      const order = Array.from(touched.keys());
      const better = (left: number, right: number) =>
        blended[right]! - blended[left]! || touched[left]! - touched[right]!;
      const wanted = prefixSize === null ? order.length : Math.min(prefixSize, order.length);
      const ranked = topOf(order, wanted, better);
      const results: RankedClause[] = [];
      for (const i of ranked) {
        if (!keep(touched[i]!)) continue;
        results.push({ clauseId: copy.ids[touched[i]!]!, score: blended[i]! });
        if (results.length === limit) break;
      }
      return results;
    };
    // The prefix of the SQL path (see keywordSearch): its size decides when it falls back to exact.
    let prefixSize: number | null = limit * 2 + 50;
    if (selective) {
      const share = copy.n > 0 ? kept.length / copy.n : 0;
      prefixSize = share >= 0.02 ? Math.min(Math.ceil((2 * (limit * 2 + 50)) / share), 50_000) : null;
    }
    let rows = run(capped ? postingsPerTerm : Number.POSITIVE_INFINITY, prefixSize);
    if (rows.length < limit && (capped || prefixSize !== null)) rows = run(Number.POSITIVE_INFINITY, null);
    return rows;
  }
}

/** Each document's title clauses (first sentence, positions below TITLE_CLAUSES), once per copy. */
const titleClauseCache = new WeakMap<Snapshot, Map<number, number[]>>();
/** Prefix -> letters-only lexemes with it, most documents first (then code point order), per copy and prefix length. */
const siblingIndexes = new WeakMap<Snapshot, Map<number, Map<string, string[]>>>();

function siblingsOf(copy: Snapshot, characters: number): Map<string, string[]> {
  let byLength = siblingIndexes.get(copy);
  if (!byLength) {
    byLength = new Map();
    siblingIndexes.set(copy, byLength);
  }
  let index = byLength.get(characters);
  if (index) return index;
  index = new Map();
  for (const [term, postings] of copy.terms) {
    if (term.length < characters || postings.documentDf <= 0 || !isLettersLexeme(term)) continue;
    const prefix = term.slice(0, characters);
    const list = index.get(prefix);
    if (list) list.push(term);
    else index.set(prefix, [term]);
  }
  for (const list of index.values())
    list.sort(
      (left, right) =>
        copy.terms.get(right)!.documentDf - copy.terms.get(left)!.documentDf ||
        (left < right ? -1 : left > right ? 1 : 0),
    );
  byLength.set(characters, index);
  return index;
}

/** The query's lexemes with their weights, as weightedQueryTerms in store-keyword-search.ts forms them. */
function weightedTerms(
  copy: Snapshot,
  terms: string[],
  alphanumericWeight: number,
  expansion: PrefixExpansion | null,
): { postings: TermPostings; qweight: number }[] {
  const weights = new Map<string, number>();
  for (const term of terms) weights.set(term, isAlphanumericLexeme(term) ? alphanumericWeight : 1);
  const added = new Map<string, number>();
  if (expansion && expansion.terms > 0 && expansion.weight > 0) {
    const { characters } = expansion;
    const index = siblingsOf(copy, characters);
    for (const [term, qweight] of weights) {
      if (term.length < characters || !isLettersLexeme(term)) continue;
      let taken = 0;
      for (const sibling of index.get(term.slice(0, characters)) ?? []) {
        if (taken === expansion.terms) break;
        if (weights.has(sibling)) continue;
        taken++;
        added.set(sibling, Math.max(added.get(sibling) ?? 0, qweight * expansion.weight));
      }
    }
  }
  const out: { postings: TermPostings; qweight: number }[] = [];
  for (const [term, qweight] of [...weights, ...added]) {
    const postings = copy.terms.get(term);
    if (postings) out.push({ postings, qweight });
  }
  return out;
}

function titleClausesOf(copy: Snapshot): Map<number, number[]> {
  let titles = titleClauseCache.get(copy);
  if (titles) return titles;
  titles = new Map();
  for (let at = 0; at < copy.n; at++) {
    if (copy.sentenceIndex[at] !== 0 || copy.clauseIndex[at]! >= TITLE_CLAUSES) continue;
    const document = copy.document[at]!;
    const list = titles.get(document);
    if (list) list.push(at);
    else titles.set(document, [at]);
  }
  titleClauseCache.set(copy, titles);
  return titles;
}

/** The `wanted` best of `items` under `better` (negative: left first), in order. */
function topOf(items: number[], wanted: number, better: (left: number, right: number) => number): number[] {
  if (wanted >= items.length || items.length <= 256) return items.sort(better).slice(0, wanted);
  // A bounded max-heap of the worst kept on top.
  const heap: number[] = [];
  const worse = (left: number, right: number) => better(left, right) > 0;
  const up = (start: number) => {
    let i = start;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!worse(heap[i]!, heap[parent]!)) break;
      [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
      i = parent;
    }
  };
  const down = () => {
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let top = i;
      if (left < heap.length && worse(heap[left]!, heap[top]!)) top = left;
      if (right < heap.length && worse(heap[right]!, heap[top]!)) top = right;
      if (top === i) break;
      [heap[i], heap[top]] = [heap[top]!, heap[i]!];
      i = top;
    }
  };
  for (const item of items) {
    if (heap.length < wanted) {
      heap.push(item);
      up(heap.length - 1);
    } else if (better(item, heap[0]!) < 0) {
      heap[0] = item;
      down();
    }
  }
  return heap.sort(better);
}

/** The clauses a filter keeps: a mask (null: every clause) and their numbers in order. */
interface Selection {
  mask: Uint8Array | null;
  kept: Int32Array;
}

/** Filters whose selections a copy keeps. */
const SELECTIONS_KEPT = 32;

/** The clauses the filters keep, computed once per copy and filter. */
function selectionOf(copy: Snapshot, filters: RetrievalFilters): Selection {
  const key = canonicalJson(filters);
  const known = copy.selections.get(key);
  if (known) return known;
  const test = filterOf(copy, filters);
  let selection: Selection;
  if (test === null) selection = { mask: new Uint8Array(copy.n), kept: new Int32Array(0) };
  else {
    const mask = new Uint8Array(copy.n);
    const kept: number[] = [];
    for (let at = 0; at < copy.n; at++) {
      if (test(at)) {
        mask[at] = 1;
        kept.push(at);
      }
    }
    selection = { mask: kept.length === copy.n ? null : mask, kept: Int32Array.from(kept) };
  }
  if (copy.selections.size >= SELECTIONS_KEPT) copy.selections.clear();
  copy.selections.set(key, selection);
  return selection;
}

/** The retrieval filters (store-filters' retrievalConditions) as a test on clause numbers; null keeps none. */
function filterOf(copy: Snapshot, filters: RetrievalFilters): ((at: number) => boolean) | null {
  const tests: ((at: number) => boolean)[] = [];
  const equal = (codes: Codes, column: Int32Array, value: string | undefined): boolean => {
    if (value === undefined) return true;
    const code = codes.find(value);
    if (code < 0) return false;
    tests.push((at) => column[at] === code);
    return true;
  };
  const { codes } = copy;
  if (filters.documentId !== undefined) {
    const document = codes.document.get(filters.documentId);
    if (document === undefined) return null;
    tests.push((at) => copy.document[at] === document);
  }
  if (
    !equal(codes.annotationSource, copy.annotationSource, filters.annotationSource) ||
    !equal(codes.sourceType, copy.sourceType, filters.sourceType) ||
    !equal(codes.mood, copy.mood, filters.mood) ||
    !equal(codes.processType, copy.processType, filters.processType) ||
    !equal(codes.modalityType, copy.modalityType, filters.modalityType)
  )
    return null;
  const { minModality, maxModality, minTenor, maxTenor } = filters;
  if (minModality !== undefined) tests.push((at) => copy.modalityWeight[at]! >= minModality);
  if (maxModality !== undefined) tests.push((at) => copy.modalityWeight[at]! <= maxModality);
  if (minTenor !== undefined) tests.push((at) => copy.tenor[at]! >= minTenor);
  if (maxTenor !== undefined) tests.push((at) => copy.tenor[at]! <= maxTenor);
  if (filters.includeRejected !== true) {
    const rejected = codes.reviewStatus.find('rejected');
    if (rejected >= 0) tests.push((at) => copy.reviewStatus[at] !== rejected);
  }
  if (tests.length === 0) return () => true;
  return (at) => {
    for (const test of tests) if (!test(at)) return false;
    return true;
  };
}

/** Exact cosine neighbours among `chosen`, as the SQL exact scan orders them (distance, then id). */
function nearest(copy: Snapshot, embedding: Float32Array, chosen: number[], limit: number): RankedClause[] {
  const vectors = copy.vectors!;
  const dimension = copy.dimension;
  let norm = 0;
  for (let j = 0; j < dimension; j++) norm += embedding[j]! * embedding[j]!;
  norm = Math.sqrt(norm);
  const similarity = new Float64Array(chosen.length);
  for (let i = 0; i < chosen.length; i++) {
    const offset = chosen[i]! * dimension;
    let dot0 = 0;
    let dot1 = 0;
    let dot2 = 0;
    let dot3 = 0;
    let j = 0;
    for (; j + 3 < dimension; j += 4) {
      dot0 += vectors[offset + j]! * embedding[j]!;
      dot1 += vectors[offset + j + 1]! * embedding[j + 1]!;
      dot2 += vectors[offset + j + 2]! * embedding[j + 2]!;
      dot3 += vectors[offset + j + 3]! * embedding[j + 3]!;
    }
    for (; j < dimension; j++) dot0 += vectors[offset + j]! * embedding[j]!;
    similarity[i] = norm > 0 ? (dot0 + dot1 + dot2 + dot3) / norm : 0;
  }
  const order = Array.from(chosen.keys());
  const ranked = topOf(
    order,
    limit,
    (left, right) => similarity[right]! - similarity[left]! || chosen[left]! - chosen[right]!,
  );
  return ranked.map((i) => ({ clauseId: copy.ids[chosen[i]!]!, score: similarity[i]! }));
}

function candidateOf(copy: Snapshot, at: number, score: number): ClauseCandidate {
  const { codes } = copy;
  return {
    clauseId: copy.ids[at]!,
    text: copy.text[at]!,
    documentId: copy.documentIds[copy.document[at]!]!,
    mood: codes.mood.values[copy.mood[at]!]! as ClauseCandidate['mood'],
    tenor: copy.tenor[at]!,
    processType: codes.processType.values[copy.processType[at]!]! as ClauseCandidate['processType'],
    modalityWeight: copy.modalityWeight[at]!,
    annotationSource: codes.annotationSource.values[
      copy.annotationSource[at]!
    ]! as ClauseCandidate['annotationSource'],
    untrusted: copy.untrusted[at] === 1,
    parentClauseId: copy.parent[at]!,
    sentenceIndex: copy.sentenceIndex[at]!,
    clauseIndex: copy.clauseIndex[at]!,
    score,
  };
}

/** A text[] as the driver hands it back (an array, or Postgres array text). */
function textArray(value: string[] | string | null): string[] {
  if (value === null) return [];
  if (Array.isArray(value)) return value;
  const inner = value.replace(/^\{|\}$/g, '');
  if (inner === '') return [];
  return inner.split(',').map((item) => item.replace(/^"|"$/g, '').replace(/\\(.)/g, '$1'));
}

/** A JSON aggregate as the driver hands it back (text, or already parsed). */
function parsed<T>(value: unknown, empty: T): T {
  if (value === null || value === undefined) return empty;
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/**
 * Reads a copy of the search data at counter `counter` (the caller checks it did not move). Rows come
 * as one JSON aggregate per page: a row per clause or posting costs the drivers far more than parsing.
 */
async function readSnapshot(db: StoreExecutor, counter: string, dimension: number | null): Promise<Snapshot> {
  const debugStart = performance.now();
  const codes = {
    reviewStatus: new Codes(),
    mood: new Codes(),
    processType: new Codes(),
    sourceType: new Codes(),
    annotationSource: new Codes(),
    modalityType: new Codes(),
    document: new Map<string, number>(),
  };
  const documentIds: string[] = [];
  const documentOf = (id: string) => {
    let at = codes.document.get(id);
    if (at === undefined) {
      at = documentIds.length;
      documentIds.push(id);
      codes.document.set(id, at);
    }
    return at;
  };
  /** id, document, review status, mood, process type, source type, annotation source, modality type, modality weight, tenor, text, parent, sentence, clause index, untrusted */
  type ClauseTuple = [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string | null,
    number,
    number,
    string,
    string | null,
    number,
    number,
    boolean,
  ];
  const pages: ClauseTuple[][] = [];
  // Keyset pages in id order (uuid order: the order SQL breaks score ties in).
  for (let last: string | null = null; ; ) {
    const [row]: { page: unknown }[] = await queryRows(
      db,
      sql`SELECT json_agg(json_build_array(id, document_id, review_status, mood, process_type, source_type,
          annotation_source, modality_type, modality_weight, tenor, text, parent_clause_id, sentence_index,
          clause_index, untrusted OR annotation_untrusted) ORDER BY id)::text AS "page"
        FROM (SELECT * FROM "clauses" ${last === null ? sql`` : sql`WHERE id > ${last}::uuid`} ORDER BY id LIMIT ${CLAUSE_CHUNK}) c`,
    );
    const page: ClauseTuple[] = parsed<ClauseTuple[]>(row?.page, []);
    pages.push(page);
    if (page.length < CLAUSE_CHUNK) break;
    last = page[page.length - 1]![0];
  }
  const n = pages.reduce((sum, page) => sum + page.length, 0);
  if (process.env.CAE_CACHE_DEBUG) console.log('clause rows', performance.now() - debugStart);
  const snapshot: Snapshot = {
    counter,
    n,
    ids: new Array<string>(n),
    index: new Map(),
    document: new Int32Array(n),
    documentIds,
    reviewStatus: new Int32Array(n),
    mood: new Int32Array(n),
    processType: new Int32Array(n),
    sourceType: new Int32Array(n),
    annotationSource: new Int32Array(n),
    modalityType: new Int32Array(n),
    modalityWeight: new Float64Array(n),
    tenor: new Float64Array(n),
    text: new Array<string>(n),
    parent: new Array<string | null>(n),
    sentenceIndex: new Int32Array(n),
    clauseIndex: new Int32Array(n),
    untrusted: new Uint8Array(n),
    codes,
    stats: await readCorpusStats(db),
    terms: new Map(),
    vectors: null,
    dimension: dimension ?? 0,
    selections: new Map(),
  };
  let at = 0;
  for (const page of pages) {
    for (const row of page) {
      snapshot.ids[at] = row[0];
      snapshot.index.set(row[0], at);
      snapshot.document[at] = documentOf(row[1]);
      snapshot.reviewStatus[at] = codes.reviewStatus.code(row[2]);
      snapshot.mood[at] = codes.mood.code(row[3]);
      snapshot.processType[at] = codes.processType.code(row[4]);
      snapshot.sourceType[at] = codes.sourceType.code(row[5]);
      snapshot.annotationSource[at] = codes.annotationSource.code(row[6]);
      snapshot.modalityType[at] = codes.modalityType.code(row[7]);
      snapshot.modalityWeight[at] = Number(row[8]);
      snapshot.tenor[at] = Number(row[9]);
      snapshot.text[at] = row[10];
      snapshot.parent[at] = row[11];
      snapshot.sentenceIndex[at] = Number(row[12]);
      snapshot.clauseIndex[at] = Number(row[13]);
      snapshot.untrusted[at] = row[14] ? 1 : 0;
      at++;
    }
  }
  pages.length = 0;
  // Postings per lexeme in the impact index's order (read in that order, no sort), as text lists
  // "id frequency length ..." mapped to clause and document numbers here; in ranges of lexemes, so
  // no one statement holds PGlite long and no one string is huge.
  const [statsRow]: { stats: unknown }[] = await queryRows(
    db,
    sql`SELECT json_agg(json_build_array(term, df, document_df) ORDER BY term)::text AS "stats" FROM "term_stats"`,
  );
  const termStats = parsed<[string, number, number][]>(statsRow?.stats, []);
  /** A clause posting list "id frequency length ..." (uuids hold no spaces) as numbers. */
  const clauseList = (list: string | undefined) => {
    const parts = list ? list.split(' ') : [];
    const count = Math.floor(parts.length / 3);
    const ids = new Int32Array(count);
    const frequency = new Int32Array(count);
    const length = new Int32Array(count);
    for (let i = 0; i < count; i++) {
      ids[i] = snapshot.index.get(parts[3 * i]!) ?? -1;
      frequency[i] = Number(parts[3 * i + 1]);
      length[i] = Number(parts[3 * i + 2]);
    }
    return { ids, frequency, length };
  };
  /** A document posting list [[id, frequency, length], ...] as numbers. */
  const documentList = (list: [string, number, number][] | undefined) => ({
    ids: Int32Array.from(list ?? [], (posting) => documentOf(posting[0])),
    frequency: Int32Array.from(list ?? [], (posting) => posting[1]),
    length: Int32Array.from(list ?? [], (posting) => posting[2]),
  });
  const clausePostings = new Map<string, string>();
  const documentPostings = new Map<string, [string, number, number][]>();
  for (let from = 0; from < termStats.length; from += TERM_CHUNK) {
    const first = termStats[from]![0];
    const last = termStats[Math.min(from + TERM_CHUNK, termStats.length) - 1]![0];
    const [row]: { clauses: unknown; documents: unknown }[] = await queryRows(
      db,
      sql`SELECT
        (SELECT json_object_agg(term, postings)::text FROM (
          SELECT t.term, string_agg(t.clause_id::text || ' ' || t.frequency || ' ' || t.clause_length, ' '
            ORDER BY t.impact DESC NULLS LAST, t.clause_id) AS postings
          FROM "clause_terms" t WHERE t.term BETWEEN ${first} AND ${last} GROUP BY t.term) p) AS "clauses",
        (SELECT json_object_agg(term, postings)::text FROM (
          SELECT d.term, json_agg(json_build_array(d.document_id, d.frequency, d.document_length)
            ORDER BY d.impact DESC NULLS LAST, d.document_id) AS postings
          FROM "document_terms" d WHERE d.term BETWEEN ${first} AND ${last} GROUP BY d.term) p) AS "documents"`,
    );
    for (const [term, list] of Object.entries(parsed<Record<string, string>>(row?.clauses, {})))
      clausePostings.set(term, list);
    for (const [term, list] of Object.entries(
      parsed<Record<string, [string, number, number][]>>(row?.documents, {}),
    ))
      documentPostings.set(term, list);
    for (const [term, df, documentDf] of termStats.slice(from, from + TERM_CHUNK)) {
      const clausePosting = clauseList(clausePostings.get(term));
      clausePostings.delete(term);
      const documentPosting = documentList(documentPostings.get(term));
      documentPostings.delete(term);
      snapshot.terms.set(term, {
        df: Number(df),
        documentDf: Number(documentDf),
        clauses: clausePosting.ids,
        frequency: clausePosting.frequency,
        length: clausePosting.length,
        documents: documentPosting.ids,
        documentFrequency: documentPosting.frequency,
        documentLength: documentPosting.length,
      });
    }
  }
  if (process.env.CAE_CACHE_DEBUG) console.log('postings', performance.now() - debugStart);
  if (dimension !== null && n > 0) {
    const vectors = new Float32Array(n * dimension).fill(Number.NaN);
    for (let last: string | null = null; ; ) {
      const [row]: { ids: unknown; vectors: string | null }[] = await queryRows(
        db,
        sql`SELECT json_agg(e.clause_id ORDER BY e.clause_id)::text AS "ids",
            encode(string_agg(vector_send(e.embedding), ''::bytea ORDER BY e.clause_id), 'base64') AS "vectors"
          FROM (SELECT * FROM "clause_embeddings" ${last === null ? sql`` : sql`WHERE clause_id > ${last}::uuid`}
            ORDER BY clause_id LIMIT ${CLAUSE_CHUNK}) e`,
      );
      const ids: string[] = parsed<string[]>(row?.ids, []);
      if (ids.length > 0 && row?.vectors) {
        // Base64 (newlines included, which the decoder skips): bytea's hex text parses far slower.
        const bytes = Buffer.from(row.vectors, 'base64');
        const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
        // vector_send per embedding: int16 dimension, int16 unused, then big-endian float4s.
        const stride = 4 + 4 * dimension;
        ids.forEach((id, i) => {
          const clause = snapshot.index.get(id);
          const offset = i * stride;
          if (clause === undefined || view.getInt16(offset) !== dimension) return;
          for (let j = 0; j < dimension; j++)
            vectors[clause * dimension + j] = view.getFloat32(offset + 4 + 4 * j);
        });
      }
      if (ids.length < CLAUSE_CHUNK) break;
      last = ids[ids.length - 1]!;
    }
    // Unit length, so a dot product with the unit query is the cosine similarity.
    for (let clause = 0; clause < n; clause++) {
      const offset = clause * dimension;
      if (Number.isNaN(vectors[offset]!)) continue;
      let norm = 0;
      for (let j = 0; j < dimension; j++) norm += vectors[offset + j]! * vectors[offset + j]!;
      norm = Math.sqrt(norm);
      if (norm > 0) for (let j = 0; j < dimension; j++) vectors[offset + j]! /= norm;
    }
    snapshot.vectors = vectors;
  }
  if (process.env.CAE_CACHE_DEBUG) console.log('vectors', performance.now() - debugStart);
  return snapshot;
}
