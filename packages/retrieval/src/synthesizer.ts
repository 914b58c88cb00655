import {
  CaeError,
  type CandidateSource,
  type LanguageModel,
  type RetrievalFilters,
  type RetrievalResult,
  type SentenceClause,
  type SynthesizeResponse,
  UpstreamError,
} from '@cae/core';
import type { Retriever } from './retriever';
import { expandAncestors as expandToAncestors } from './retriever-ancestors';
import { parseCitations, renumberCitations } from './synthesizer-citations';
import {
  FALLBACK_NOTICE,
  FALLBACK_SYSTEM_PROMPT,
  fallbackUserPrompt,
  GROUNDED_SYSTEM_PROMPT,
  groundedUserPrompt,
  INSUFFICIENT_CONTEXT,
} from './synthesizer-prompt';
import { contentTerms } from './text-tokens';

export interface SynthesizerOptions {
  retriever: Retriever;
  /** Clause rows for ancestor expansion, and the clauses of a sentence for extractive answers. */
  source: Pick<CandidateSource, 'candidatesByIds' | 'sentenceClauses'>;
  /** The language model that writes answers; without one, answers are extractive (the best sentences quoted and cited). */
  model?: LanguageModel;
  /** Share of the question's content words the context must contain to count as answering it (0.34). */
  minQueryCoverage?: number;
  /** On a model failure: answer extractively (default) or throw an UpstreamError. */
  onGeneratorError?: 'extractive' | 'throw';
  /** Most sentences an extractive answer quotes (default 2). */
  extractiveSentences?: number;
  /** @deprecated Extractive answers quote sentences now: use `extractiveSentences`. */
  extractiveClauses?: number;
  /**
   * Lowest confidence of an extractive answer (default `DEFAULT_MIN_CONFIDENCE`); below it the answer
   * says that no supporting clause was found and cites nothing.
   */
  minConfidence?: number;
  /**
   * How much retrieval counts in an extractive sentence's score, from 0 to 1 (default
   * `DEFAULT_RETRIEVAL_WEIGHT`): score = question coverage x (1 - w + w x rank agreement).
   */
  retrievalWeight?: number;
}

export interface SynthesizeOptions {
  query: string;
  filters?: RetrievalFilters;
  /** Clauses retrieved as context (default 10). */
  limit?: number;
  /** Let the model answer from general knowledge when the context does not answer. */
  includeFallback?: boolean;
  /** Add the parent chain of every retrieved clause to the context, in document order. */
  expandAncestors?: boolean;
  signal?: AbortSignal;
}

export interface Synthesizer {
  /** Retrieves, answers with citations of the context clauses, and rates the answer. */
  synthesize(options: SynthesizeOptions): Promise<SynthesizeResponse>;
}

/** Confidence of an answer from general knowledge: low, it is unchecked by any stored clause. */
export const FALLBACK_CONFIDENCE = 0.1;
/**
 * Lowest confidence of an extractive answer by default: below it, no supporting clause was found.
 * Tuned on the SciFact and NegConstraint train parts (`pnpm eval:answers`, docs/ANSWERS.md).
 */
export const DEFAULT_MIN_CONFIDENCE = 0.229;
/** Weight of retrieval in an extractive sentence's score (see `retrievalWeight`); tuned like the threshold. */
export const DEFAULT_RETRIEVAL_WEIGHT = 0.75;
/** The answer when no stored clause supports one. */
export const NO_ANSWER = 'No supporting clause was found for this question.';

/**
 * Retrieval-augmented answers: numbered context clauses, citations like [1] mapped back to clause ids,
 * and a confidence from retrieval and how much of the question (and answer) the cited clauses hold.
 * One numbering serves the answer and both lists: `[n]` is `citedClauseIds[n - 1]` and
 * `clauses[n - 1]` (the cited clauses lead the context, in the order the answer cites them; the
 * other context clauses follow, best first). Without a model the answer is extractive: the best
 * answering sentences, each quoted whole (its clauses joined in document order) and followed by the
 * numbers of the context clauses it holds.
 * @example const { answer, citedClauseIds } = await createSynthesizer({ retriever, source: store }).synthesize({ query });
 */
export function createSynthesizer(options: SynthesizerOptions): Synthesizer {
  const { retriever, source, model } = options;
  const minQueryCoverage = options.minQueryCoverage ?? 0.34;
  const onGeneratorError = options.onGeneratorError ?? 'extractive';
  const extractiveSentences = options.extractiveSentences ?? options.extractiveClauses ?? 2;
  const minConfidence = options.minConfidence ?? DEFAULT_MIN_CONFIDENCE;
  const retrievalWeight = options.retrievalWeight ?? DEFAULT_RETRIEVAL_WEIGHT;
  if (!(retrievalWeight >= 0 && retrievalWeight <= 1))
    throw new RangeError(`retrievalWeight must lie between 0 and 1, got ${retrievalWeight}`);
  // Score of a clause ranked first in every list: the scale of "strong retrieval".
  // With weighted fusion a first place in a list is worth that list's weight: weight / (k + 1) with
  // rrf, the weight itself with minmax (the list's best score normalises to 1).
  const listWeights = (retriever.hasVectors ? retriever.weights.vector : 0) + retriever.weights.keyword;
  const bestScore = retriever.fusion === 'minmax' ? listWeights : listWeights / (retriever.k + 1);
  const lists = retriever.hasVectors ? 2 : 1;

  const respond = (
    query: string,
    answer: string,
    cited: RetrievalResult[],
    clauses: RetrievalResult[],
    retrievedCount: number,
    extra: { confidence?: number; usedFallback?: boolean } = {},
  ): SynthesizeResponse => ({
    query,
    answer,
    citedClauseIds: cited.map((clause) => clause.clauseId),
    // The cited clauses first, in citation order: `[n]` is the n-th clause of both lists.
    clauses: [...cited, ...clauses.filter((clause) => !cited.includes(clause))],
    retrievedCount,
    confidence: extra.confidence ?? answerConfidence(query, answer, cited, bestScore),
    usedFallback: extra.usedFallback ?? false,
    reviewItemId: null,
  });

  const generate = async (system: string, user: string, signal: AbortSignal | undefined) => {
    try {
      const { text } = await model!.generateText({
        system,
        prompt: user,
        temperature: 0.2,
        ...(signal ? { abortSignal: signal } : {}),
      });
      return text;
    } catch (error) {
      if (signal?.aborted) throw error;
      if (onGeneratorError === 'throw') {
        throw CaeError.isInstance(error)
          ? error
          : new UpstreamError('answer generation failed', { cause: error });
      }
      return undefined;
    }
  };

  return {
    async synthesize(request) {
      const query = request.query.trim();
      const retrieved = await retriever.retrieve({
        query,
        limit: request.limit ?? 10,
        filters: request.filters ?? {},
      });
      const context = request.expandAncestors ? await expandToAncestors(retrieved, source) : retrieved;
      const queryTerms = contentTerms(query);
      const coverage = termCoverage(queryTerms, termsOf(context));
      const answerable = context.length > 0 && coverage >= minQueryCoverage;

      const fallback = async (): Promise<SynthesizeResponse | undefined> => {
        if (!request.includeFallback || !model) return undefined;
        const text = await generate(FALLBACK_SYSTEM_PROMPT, fallbackUserPrompt(query), request.signal);
        if (text === undefined || text.trim().length === 0) return undefined;
        // Brackets that look like citations would point at clauses this answer never used.
        const body = text.replace(/\[\s*\d+(?:\s*[,;]\s*\d+)*\s*\]/g, '').trim();
        return respond(query, `${FALLBACK_NOTICE} ${body}`, [], context, retrieved.length, {
          confidence: FALLBACK_CONFIDENCE,
          usedFallback: true,
        });
      };
      const noAnswer = () => respond(query, NO_ANSWER, [], context, retrieved.length, { confidence: 0 });
      const extractive = async (): Promise<SynthesizeResponse> => {
        const sentences = await sentencesOf(context, source);
        const chosen = chooseSentences(sentences, queryTerms, {
          count: extractiveSentences,
          k: retriever.k,
          lists,
          retrievalWeight,
        });
        if (chosen.confidence < minConfidence || chosen.sentences.length === 0) return noAnswer();
        const { answer, cited } = quoteSentences(chosen.sentences);
        return respond(query, answer, cited, context, retrieved.length, { confidence: chosen.confidence });
      };

      if (context.length === 0) return (await fallback()) ?? noAnswer();
      if (!answerable && request.includeFallback && model) {
        const answer = await fallback();
        if (answer) return answer;
      }
      if (!model) return extractive();

      const raw = await generate(GROUNDED_SYSTEM_PROMPT, groundedUserPrompt(query, context), request.signal);
      if (raw === undefined) return extractive();
      if (raw.includes(INSUFFICIENT_CONTEXT) || raw.trim().length === 0)
        return (await fallback()) ?? noAnswer();
      const { answer, numbers } = parseCitations(raw, context.length);
      if (numbers.length === 0 && request.includeFallback) {
        const answer = await fallback();
        if (answer) return answer;
      }
      return respond(
        query,
        renumberCitations(answer, numbers),
        numbers.map((number) => context[number - 1]!),
        context,
        retrieved.length,
      );
    },
  };
}

function termsOf(clauses: readonly { text: string }[]): Set<string> {
  const terms = new Set<string>();
  for (const clause of clauses) for (const term of contentTerms(clause.text)) terms.add(term);
  return terms;
}

function termCoverage(wanted: ReadonlySet<string>, available: ReadonlySet<string>): number {
  if (wanted.size === 0) return 0;
  let found = 0;
  for (const term of wanted) if (available.has(term)) found++;
  return found / wanted.size;
}

/** A sentence holding context clauses: its whole text and the context clauses in it, in document order. */
export interface ContextSentence {
  documentId: string;
  /** Position of the sentence in its document; null when the source cannot tell (the clause stands alone). */
  sentenceIndex: number | null;
  text: string;
  /** The context clauses of the sentence, in document order. */
  clauses: RetrievalResult[];
  /** Best position of its clauses in the context (0 = the best retrieved). */
  firstRank: number;
}

/**
 * Joins the clauses of one sentence into its text, in document order: a clause inside an earlier
 * clause's span (an embedded clause: its parent's text already holds it) adds nothing, a clause
 * overlapping one adds what lies past it, and clauses apart are joined by a space. Clauses without
 * a start offset are taken in the given order, those already contained in the text skipped.
 */
export function joinSentence(parts: readonly { text: string; start: number | null }[]): string {
  let text = '';
  if (parts.every((part) => part.start !== null)) {
    const ordered = [...parts].sort((left, right) => left.start! - right.start!);
    let end = -1;
    for (const part of ordered) {
      const start = part.start!;
      const partEnd = start + part.text.length;
      if (text === '') text = part.text;
      else if (partEnd <= end) continue;
      else if (start >= end) text += ` ${part.text}`;
      else text += part.text.slice(end - start);
      end = partEnd;
    }
  } else {
    for (const part of parts) {
      if (text.includes(part.text.trim())) continue;
      text = text === '' ? part.text : `${text} ${part.text}`;
    }
  }
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * The sentences of the context clauses, each with its whole text (from the source's
 * `sentenceClauses`; a clause is its own sentence when the source has none or does not know it).
 */
export async function sentencesOf(
  context: readonly RetrievalResult[],
  source: Pick<CandidateSource, 'sentenceClauses'>,
): Promise<ContextSentence[]> {
  const rows = source.sentenceClauses
    ? await source.sentenceClauses(context.map((clause) => clause.clauseId))
    : [];
  const keyOf = (documentId: string, sentenceIndex: number) => `${sentenceIndex}\u0000${documentId}`;
  const parts = new Map<string, SentenceClause[]>();
  const sentenceOfClause = new Map<string, string>();
  for (const row of rows) {
    const key = keyOf(row.documentId, row.sentenceIndex);
    let list = parts.get(key);
    if (!list) {
      list = [];
      parts.set(key, list);
    }
    list.push(row);
    sentenceOfClause.set(row.clauseId, key);
  }
  const sentences = new Map<string, ContextSentence>();
  context.forEach((clause, rank) => {
    const key = sentenceOfClause.get(clause.clauseId) ?? `clause\u0000${clause.clauseId}`;
    let sentence = sentences.get(key);
    if (!sentence) {
      const members = parts.get(key);
      sentence = {
        documentId: clause.documentId,
        sentenceIndex: members?.[0]?.sentenceIndex ?? null,
        text: members ? joinSentence(members) : clause.text.replace(/\s+/g, ' ').trim(),
        clauses: [],
        firstRank: rank,
      };
      sentences.set(key, sentence);
    }
    sentence.clauses.push(clause);
  });
  const clauseIndexes = new Map(rows.map((row) => [row.clauseId, row.clauseIndex]));
  const order = (clauseId: string) => clauseIndexes.get(clauseId) ?? Number.MAX_SAFE_INTEGER;
  for (const sentence of sentences.values()) {
    sentence.clauses.sort((left, right) => order(left.clauseId) - order(right.clauseId));
  }
  return [...sentences.values()];
}

/**
 * How strongly retrieval backs a clause, from its ranks alone (so list weights do not move it):
 * the mean over the lists of (k + 1) / (k + rank), 1 for a clause first in every list, 0 when absent.
 */
function rankStrength(clause: RetrievalResult, k: number, lists: number): number {
  const part = (rank: number | null) => (rank === null ? 0 : (k + 1) / (k + rank));
  const total = part(clause.keywordRank) + (lists > 1 ? part(clause.semanticRank) : 0);
  return total / lists;
}

/**
 * The sentences that answer best: ranked by the share of the question's content words they hold
 * weighted by how well retrieval backs them (`retrievalWeight`). Of the sentences holding at least
 * half as much of the question as the best one, the answer leads with the best of the best-retrieved
 * document, then adds (up to `count` in all) each that holds a question word the ones before lack;
 * documents follow retrieval's order, sentences of a document their document order. Each keeps as
 * its clauses (the ones it cites) its context clauses that hold a question word. Confidence: the
 * best sentence's score.
 */
export function chooseSentences(
  sentences: readonly ContextSentence[],
  queryTerms: ReadonlySet<string>,
  options: { count: number; k: number; lists: number; retrievalWeight?: number },
): { sentences: ContextSentence[]; confidence: number } {
  const scored = sentences.map((sentence) => {
    const coverage = termCoverage(queryTerms, contentTerms(sentence.text));
    const strength = Math.max(
      ...sentence.clauses.map((clause) => rankStrength(clause, options.k, options.lists)),
    );
    const weight = options.retrievalWeight ?? DEFAULT_RETRIEVAL_WEIGHT;
    return { sentence, coverage, strength, score: coverage * (1 - weight + weight * strength) };
  });
  const ranked = scored
    .filter((entry) => entry.coverage > 0)
    .sort(
      (left, right) =>
        right.score - left.score ||
        right.coverage - left.coverage ||
        left.sentence.firstRank - right.sentence.firstRank,
    );
  const best = ranked[0];
  if (!best) return { sentences: [], confidence: 0 };
  // Candidates hold at least half as much of the question as the best sentence. The lead is the
  // best candidate of the best-retrieved document that has one (retrieval ranks documents better
  // than one sentence's words do); then, best first, each that holds a question word the chosen
  // ones lack.
  const candidates = ranked.filter((entry) => entry.coverage >= best.coverage / 2);
  const documentRank = (documentId: string) =>
    Math.min(
      ...candidates
        .filter((entry) => entry.sentence.documentId === documentId)
        .map((entry) => entry.sentence.firstRank),
    );
  const leadDocument = candidates.reduce((left, right) =>
    documentRank(right.sentence.documentId) < documentRank(left.sentence.documentId) ? right : left,
  ).sentence.documentId;
  const lead = candidates.find((entry) => entry.sentence.documentId === leadDocument)!;
  const covered = new Set<string>();
  const chosen: ContextSentence[] = [];
  for (const entry of [lead, ...candidates.filter((entry) => entry !== lead)]) {
    if (chosen.length >= Math.max(1, options.count)) break;
    const terms = [...contentTerms(entry.sentence.text)].filter((term) => queryTerms.has(term));
    if (chosen.length > 0 && terms.every((term) => covered.has(term))) continue;
    for (const term of terms) covered.add(term);
    // Cited: the sentence's context clauses that hold a question word (else its best retrieved one).
    const supporting = entry.sentence.clauses.filter((clause) =>
      [...contentTerms(clause.text)].some((term) => queryTerms.has(term)),
    );
    const bestRetrieved = entry.sentence.clauses.reduce((left, right) =>
      right.rrfScore > left.rrfScore ? right : left,
    );
    chosen.push({ ...entry.sentence, clauses: supporting.length > 0 ? supporting : [bestRetrieved] });
  }
  // Documents in the order retrieval ranks them, sentences of a document in document order.
  chosen.sort(
    (left, right) =>
      documentRank(left.documentId) - documentRank(right.documentId) ||
      (left.sentenceIndex ?? left.firstRank) - (right.sentenceIndex ?? right.firstRank),
  );
  const confidence = Math.round(Math.min(1, best.score) * 1000) / 1000;
  return { sentences: chosen, confidence };
}

/**
 * The answer text: each sentence quoted whole, its citation numbers before its closing punctuation
 * ("The tenant must pay the deposit [1]."); numbers run from 1 in the order of the answer.
 */
export function quoteSentences(sentences: readonly ContextSentence[]): {
  answer: string;
  cited: RetrievalResult[];
} {
  const cited: RetrievalResult[] = [];
  const quoted = sentences.map((sentence) => {
    const markers = sentence.clauses
      .map((clause) => {
        if (!cited.includes(clause)) cited.push(clause);
        return `[${cited.indexOf(clause) + 1}]`;
      })
      .join('');
    const match = /^(.*?)\s*([.!?…]+["'\u201d\u2019)]*)$/su.exec(sentence.text);
    return match ? `${match[1]} ${markers}${match[2]}` : `${sentence.text} ${markers}`;
  });
  return { answer: quoted.join(' '), cited };
}

/**
 * support (share of the answer's content words found in its cited clauses) times the mean of query
 * coverage by the cited clauses and their best retrieval score relative to a first-place score.
 */
export function answerConfidence(
  query: string,
  answer: string,
  cited: readonly RetrievalResult[],
  bestScore: number,
): number {
  if (cited.length === 0) return 0;
  const citedTerms = termsOf(cited);
  const answerTerms = contentTerms(answer.replace(/\[\d+\]/g, ' '));
  const support = answerTerms.size === 0 ? 0 : termCoverage(answerTerms, citedTerms);
  const coverage = termCoverage(contentTerms(query), citedTerms);
  const strength = Math.min(1, Math.max(...cited.map((clause) => clause.rrfScore)) / bestScore);
  const confidence = support * (0.5 * coverage + 0.5 * strength);
  return Math.round(Math.min(1, Math.max(0, confidence)) * 1000) / 1000;
}
