import type { ClauseCandidate, RetrievalResult } from '@cae/core';

/** A stored clause as a retrieval result: its fused score and its ranks (vector, keyword; null when absent). */
export function toRetrievalResult(
  row: ClauseCandidate,
  rrfScore: number,
  [semanticRank, keywordRank]:
    | readonly [number | null | undefined, number | null | undefined]
    | (number | null)[],
): RetrievalResult {
  return {
    clauseId: row.clauseId,
    text: row.text,
    documentId: row.documentId,
    rrfScore,
    semanticRank: semanticRank ?? null,
    keywordRank: keywordRank ?? null,
    mood: row.mood,
    tenor: row.tenor,
    processType: row.processType,
    modalityWeight: row.modalityWeight,
    annotationSource: row.annotationSource,
    untrusted: row.untrusted,
    parentClauseId: row.parentClauseId,
  };
}
