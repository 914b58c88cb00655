import type { CandidateSource, ClauseCandidate, RankedClause, RetrievalFilters } from '@cae/core';
import { contentTerms } from '../text-tokens';

export type FakeClause = Omit<ClauseCandidate, 'score'> & {
  embedding?: Float32Array;
  /** Modality type of a modalised clause (the store keeps it in a column the filter reads). */
  modalityType?: string | null;
  /** Offset of the clause's first character in its document (what `sentenceClauses` reports). */
  start?: number | null;
};

/** Fills the annotation columns a test does not care about. */
export function fakeClause(overrides: Partial<FakeClause> & { clauseId: string; text: string }): FakeClause {
  return {
    documentId: 'doc-1',
    mood: 'declarative',
    tenor: 0.5,
    processType: 'material',
    modalityWeight: 0,
    annotationSource: 'rules',
    untrusted: false,
    parentClauseId: null,
    sentenceIndex: 0,
    clauseIndex: 0,
    ...overrides,
  };
}

function passes(clause: FakeClause, filters: RetrievalFilters): boolean {
  if (filters.mood && clause.mood !== filters.mood) return false;
  if (filters.processType && clause.processType !== filters.processType) return false;
  if (filters.documentId && clause.documentId !== filters.documentId) return false;
  if (filters.minModality !== undefined && clause.modalityWeight < filters.minModality) return false;
  if (filters.maxModality !== undefined && clause.modalityWeight > filters.maxModality) return false;
  if (filters.modalityType !== undefined && clause.modalityType !== filters.modalityType) return false;
  if (filters.minTenor !== undefined && clause.tenor < filters.minTenor) return false;
  if (filters.maxTenor !== undefined && clause.tenor > filters.maxTenor) return false;
  return true;
}

function strip(
  { embedding: _embedding, modalityType: _modalityType, start: _start, ...clause }: FakeClause,
  score: number,
): ClauseCandidate {
  return { ...clause, score };
}

/**
 * In-memory CandidateSource: keyword score = shared content words, vector score = dot product.
 * `rankings: true` adds keywordRanking and vectorRanking (ids and scores of the same lists); `deleted`
 * holds ids whose rows `candidatesByIds` no longer finds (removed after they were ranked).
 */
export function createFakeCandidateSource(clauses: FakeClause[], options: { rankings?: boolean } = {}) {
  const calls = {
    keyword: [] as unknown[][],
    vector: [] as unknown[][],
    byIds: [] as string[][],
    keywordRanking: 0,
    vectorRanking: 0,
  };
  const deleted = new Set<string>();
  const source: CandidateSource = {
    async keywordCandidates(query, filters, limit) {
      calls.keyword.push([query, filters, limit]);
      const terms = contentTerms(query);
      return clauses
        .filter((clause) => passes(clause, filters))
        .map((clause) => {
          const own = contentTerms(clause.text);
          return { clause, score: [...terms].filter((term) => own.has(term)).length };
        })
        .filter((entry) => entry.score > 0)
        .sort(
          (left, right) =>
            right.score - left.score || (left.clause.clauseId < right.clause.clauseId ? -1 : 1),
        )
        .slice(0, limit)
        .map((entry) => strip(entry.clause, entry.score));
    },
    async vectorCandidates(embedding, filters, limit) {
      calls.vector.push([embedding, filters, limit]);
      return clauses
        .filter((clause) => clause.embedding && passes(clause, filters))
        .map((clause) => ({
          clause,
          score: clause.embedding!.reduce((sum, value, index) => sum + value * embedding[index]!, 0),
        }))
        .sort(
          (left, right) =>
            right.score - left.score || (left.clause.clauseId < right.clause.clauseId ? -1 : 1),
        )
        .slice(0, limit)
        .map((entry) => strip(entry.clause, entry.score));
    },
    async candidatesByIds(ids) {
      calls.byIds.push([...ids]);
      return clauses
        .filter((clause) => ids.includes(clause.clauseId) && !deleted.has(clause.clauseId))
        .map((clause) => strip(clause, 0));
    },
    async sentenceClauses(ids) {
      const keys = new Set(
        clauses
          .filter((clause) => ids.includes(clause.clauseId))
          .map((clause) => `${clause.documentId}/${clause.sentenceIndex}`),
      );
      return clauses
        .filter((clause) => keys.has(`${clause.documentId}/${clause.sentenceIndex}`))
        .sort(
          (left, right) =>
            (left.documentId < right.documentId ? -1 : left.documentId > right.documentId ? 1 : 0) ||
            left.clauseIndex - right.clauseIndex,
        )
        .map((clause) => ({
          clauseId: clause.clauseId,
          documentId: clause.documentId,
          sentenceIndex: clause.sentenceIndex,
          clauseIndex: clause.clauseIndex,
          text: clause.text,
          start: clause.start ?? null,
        }));
    },
  };
  if (options.rankings) {
    const { keywordCandidates, vectorCandidates } = source;
    const ranked = (rows: ClauseCandidate[]): RankedClause[] =>
      rows.map((row) => ({ clauseId: row.clauseId, score: row.score }));
    source.keywordRanking = async (query, filters, limit) => {
      calls.keywordRanking += 1;
      return ranked(await keywordCandidates(query, filters, limit));
    };
    source.vectorRanking = async (embedding, filters, limit) => {
      calls.vectorRanking += 1;
      return ranked(await vectorCandidates(embedding, filters, limit));
    };
  }
  return { source, calls, deleted };
}
