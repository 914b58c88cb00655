import type { AnnotationSource, Mood, ProcessType } from './enums';
import type { RetrievalFilters } from './schemas/retrieval';

/** The scalar columns of a stored clause that retrieval ranks, filters and returns. */
export interface ClauseCandidate {
  clauseId: string;
  text: string;
  documentId: string;
  mood: Mood;
  tenor: number;
  processType: ProcessType;
  modalityWeight: number;
  annotationSource: AnnotationSource;
  untrusted: boolean;
  parentClauseId: string | null;
  sentenceIndex: number;
  clauseIndex: number;
  /** The list's own score: keyword rank score, or cosine similarity for vectors. */
  score: number;
}

/** A clause as a part of its sentence: what an extractive answer needs to quote the whole sentence. */
export interface SentenceClause {
  clauseId: string;
  documentId: string;
  sentenceIndex: number;
  clauseIndex: number;
  text: string;
  /** Character offset of the clause's first token in its document; null when unknown. */
  start: number | null;
}

/** One entry of a ranked list without the clause's row: its id and the list's own score. */
export interface RankedClause {
  clauseId: string;
  /** Keyword rank score, or cosine similarity for vectors. */
  score: number;
}

/**
 * What hybrid retrieval needs from a store: two ranked candidate lists with the filters applied
 * inside the query, and clause rows by id (for ancestor expansion). @cae/store-drizzle implements it.
 */
export interface CandidateSource {
  /** Best keyword matches first; OR over the query's stemmed lexemes, stop words ignored. */
  keywordCandidates(query: string, filters: RetrievalFilters, limit: number): Promise<ClauseCandidate[]>;
  /** Nearest clauses by cosine similarity first; returns `limit` rows even under selective filters. */
  vectorCandidates(
    embedding: Float32Array,
    filters: RetrievalFilters,
    limit: number,
  ): Promise<ClauseCandidate[]>;
  /** Clause rows by id, in no particular order; unknown ids are left out. */
  candidatesByIds(clauseIds: readonly string[]): Promise<ClauseCandidate[]>;
  /**
   * Optional: every clause of the sentences that hold the given clauses, ordered by document and
   * clause index (unknown ids are left out). Extractive answers quote whole sentences with it.
   */
  sentenceClauses?(clauseIds: readonly string[]): Promise<SentenceClause[]>;
  /**
   * Optional: `keywordCandidates`' ranking (same ids, order and scores) without reading the clauses'
   * rows. A retriever that has it reads rows only for the clauses it returns (`candidatesByIds`),
   * which is cheaper where row reads dominate (PGlite over a large store).
   */
  keywordRanking?(query: string, filters: RetrievalFilters, limit: number): Promise<RankedClause[]>;
  /** Optional: `vectorCandidates`' ranking without reading the clauses' rows (see keywordRanking). */
  vectorRanking?(embedding: Float32Array, filters: RetrievalFilters, limit: number): Promise<RankedClause[]>;
}
