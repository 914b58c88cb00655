import type { CandidateSource } from '@cae/core';
import type { Embedder } from '../src/embedder';
import { createRetriever, DEFAULT_FEEDBACK, type RetrievalMode, type Retriever } from '../src/retriever';

/** Documents in order of their best clause: a document's score is the max of its clauses' scores. */
export function documentsByBestClause(clauseDocumentIds: readonly string[]): string[] {
  const seen = new Set<string>();
  const documents: string[] = [];
  for (const documentId of clauseDocumentIds) {
    if (seen.has(documentId)) continue;
    seen.add(documentId);
    documents.push(documentId);
  }
  return documents;
}

/** nDCG@k with graded gains (2^rel - 1), as BEIR's pytrec_eval computes it. */
export function ndcgAt(ranked: readonly string[], relevant: ReadonlyMap<string, number>, k: number): number {
  let dcg = 0;
  ranked.slice(0, k).forEach((documentId, index) => {
    const grade = relevant.get(documentId) ?? 0;
    if (grade > 0) dcg += (2 ** grade - 1) / Math.log2(index + 2);
  });
  const ideal = [...relevant.values()]
    .filter((grade) => grade > 0)
    .sort((left, right) => right - left)
    .slice(0, k)
    .reduce((sum, grade, index) => sum + (2 ** grade - 1) / Math.log2(index + 2), 0);
  return ideal === 0 ? 0 : dcg / ideal;
}

/** Share of the relevant documents found in the first k. */
export function recallAt(
  ranked: readonly string[],
  relevant: ReadonlyMap<string, number>,
  k: number,
): number {
  const wanted = [...relevant.entries()].filter(([, grade]) => grade > 0).map(([id]) => id);
  if (wanted.length === 0) return 0;
  const top = new Set(ranked.slice(0, k));
  return wanted.filter((id) => top.has(id)).length / wanted.length;
}

export function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;
}

/**
 * Clause ids by fused score, best first; ties go to the clause the keyword list ranked higher, then to
 * the smaller id (the offline fusion scripts' order, as the retriever's). The first `limit`.
 */
export function rankedByScore(
  scores: Iterable<readonly [string, number]>,
  keywordRank: ReadonlyMap<string, number>,
  limit = 200,
): string[] {
  return [...scores]
    .sort(
      (l, r) =>
        r[1] - l[1] ||
        (keywordRank.get(l[0]) ?? 1e9) - (keywordRank.get(r[0]) ?? 1e9) ||
        (l[0] < r[0] ? -1 : 1),
    )
    .slice(0, limit)
    .map(([id]) => id);
}

/**
 * The retriever the offline checks measure: `depth` candidates per list, the default feedback, the vector
 * list weighted `vector` against keyword 1, fused by `fusion`, at most 1000 results.
 */
export function evalRetriever(
  source: CandidateSource,
  embedder: Embedder,
  depth: number,
  vector: number,
  fusion: Parameters<typeof createRetriever>[0]['fusion'],
): Retriever {
  return createRetriever({
    source,
    embedder,
    candidateLimit: () => depth,
    feedback: { ...DEFAULT_FEEDBACK },
    weights: { vector, keyword: 1 },
    fusion,
    maxLimit: 1000,
  });
}

/**
 * nDCG@10 of each query through a retriever (documents by their best clause), hybrid asking for twice
 * `depth` clauses and a single list `depth`, at most 1000.
 */
export async function retrieverNdcgs(
  retriever: Pick<Retriever, 'retrieve'>,
  queries: readonly { id: string; text: string }[],
  qrels: ReadonlyMap<string, ReadonlyMap<string, number>>,
  mode: RetrievalMode,
  depth: number,
): Promise<number[]> {
  const values: number[] = [];
  for (const query of queries) {
    const results = await retriever.retrieve({
      query: query.text,
      limit: Math.min(1000, mode === 'hybrid' ? 2 * depth : depth),
      mode,
    });
    values.push(ndcgAt(documentsByBestClause(results.map((r) => r.documentId)), qrels.get(query.id)!, 10));
  }
  return values;
}

/** A seeded pseudo-random generator (mulberry32): numbers in [0, 1). */
export function mulberry32(start: number): () => number {
  let state = start | 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
