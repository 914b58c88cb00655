import type { CandidateSource, ClauseCandidate, RetrievalResult } from '@cae/core';
import { toRetrievalResult } from './retrieval-result';

/** Deepest parent chain followed; guards against a cycle in corrupt data. */
const MAX_DEPTH = 32;

/**
 * Adds the parent chain (parentClauseId) of every result, without duplicates, and returns all in
 * document order (documentId, clauseIndex). Ancestors that were not retrieved themselves carry
 * `rrfScore: 0` and null ranks; retrieved clauses keep their scores.
 */
export async function expandAncestors(
  results: readonly RetrievalResult[],
  source: Pick<CandidateSource, 'candidatesByIds'>,
): Promise<RetrievalResult[]> {
  if (results.length === 0) return [];
  const retrieved = new Map(results.map((result) => [result.clauseId, result]));
  const rows = new Map<string, ClauseCandidate>();
  let pending = [...retrieved.keys()];
  for (let depth = 0; pending.length > 0 && depth <= MAX_DEPTH; depth++) {
    const found = await source.candidatesByIds(pending);
    const next = new Set<string>();
    for (const row of found) {
      rows.set(row.clauseId, row);
      const parent = row.parentClauseId ?? retrieved.get(row.clauseId)?.parentClauseId ?? null;
      if (parent !== null && !rows.has(parent) && !pending.includes(parent)) next.add(parent);
    }
    // Retrieved clauses the source no longer knows still name their parent in the result itself.
    if (depth === 0) {
      for (const result of results) {
        if (
          !rows.has(result.clauseId) &&
          result.parentClauseId !== null &&
          !rows.has(result.parentClauseId)
        ) {
          next.add(result.parentClauseId);
        }
      }
    }
    pending = [...next];
  }

  const expanded = new Map<string, { result: RetrievalResult; row: ClauseCandidate | undefined }>();
  for (const result of results) expanded.set(result.clauseId, { result, row: rows.get(result.clauseId) });
  for (const row of rows.values()) {
    if (expanded.has(row.clauseId)) continue;
    expanded.set(row.clauseId, { result: toRetrievalResult(row, 0, [null, null]), row });
  }
  return [...expanded.values()]
    .sort((left, right) => {
      const leftDocument = left.result.documentId;
      const rightDocument = right.result.documentId;
      if (leftDocument !== rightDocument) return leftDocument < rightDocument ? -1 : 1;
      const leftIndex = left.row?.clauseIndex ?? Number.MAX_SAFE_INTEGER;
      const rightIndex = right.row?.clauseIndex ?? Number.MAX_SAFE_INTEGER;
      if (leftIndex !== rightIndex) return leftIndex - rightIndex;
      return left.result.clauseId < right.result.clauseId
        ? -1
        : left.result.clauseId > right.result.clauseId
          ? 1
          : 0;
    })
    .map((entry) => entry.result);
}
