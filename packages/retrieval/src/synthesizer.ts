import {
  CaeError,
  type CandidateSource,
  type LanguageModel,
  type RetrievalFilters,
  type RetrievalResult,
  type SynthesizeResponse,
  UpstreamError,
} from '@cae/core';
import type { Retriever } from './retriever';
import { expandAncestors as expandToAncestors } from './retriever-ancestors';
import { parseCitations } from './synthesizer-citations';
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
  /** Clause rows for ancestor expansion. */
  source: Pick<CandidateSource, 'candidatesByIds'>;
  /** The language model that writes answers; without one, answers are extractive (the best clauses quoted and cited). */
  model?: LanguageModel;
  /** Share of the question's content words the context must contain to count as answering it (0.34). */
  minQueryCoverage?: number;
  /** On a model failure: answer extractively (default) or throw an UpstreamError. */
  onGeneratorError?: 'extractive' | 'throw';
  /** Clauses quoted by an extractive answer (default 3). */
  extractiveClauses?: number;
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
const NO_ANSWER = 'No stored clause answers this question.';

/**
 * Retrieval-augmented answers: numbered context clauses, citations like [1] mapped back to clause ids,
 * and a confidence from retrieval scores and how much of the answer the cited clauses support.
 * @example const { answer, citedClauseIds } = await createSynthesizer({ retriever, source: store }).synthesize({ query });
 */
export function createSynthesizer(options: SynthesizerOptions): Synthesizer {
  const { retriever, source, model } = options;
  const minQueryCoverage = options.minQueryCoverage ?? 0.34;
  const onGeneratorError = options.onGeneratorError ?? 'extractive';
  const extractiveClauses = options.extractiveClauses ?? 3;
  // Score of a clause ranked first in every list: the scale of "strong retrieval".
  const bestScore = (retriever.hasVectors ? 2 : 1) / (retriever.k + 1);

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
    clauses,
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
      const extractive = () => {
        const chosen = chooseExtractive(context, queryTerms, extractiveClauses);
        const answer = chosen
          .map((clause) => `${clause.text.trim()} [${context.indexOf(clause) + 1}]`)
          .join(' ');
        return respond(query, answer, chosen, context, retrieved.length);
      };
      const noAnswer = () => respond(query, NO_ANSWER, [], context, retrieved.length, { confidence: 0 });

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
        answer,
        numbers.map((number) => context[number - 1]!),
        context,
        retrieved.length,
      );
    },
  };
}

function termsOf(clauses: readonly RetrievalResult[]): Set<string> {
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

/** The clauses sharing most content words with the question, best retrieval first, in context order. */
function chooseExtractive(
  context: readonly RetrievalResult[],
  queryTerms: ReadonlySet<string>,
  count: number,
): RetrievalResult[] {
  const scored = context.map((clause, index) => ({
    clause,
    index,
    overlap: termCoverage(queryTerms, contentTerms(clause.text)),
  }));
  const relevant = scored.filter((entry) => entry.overlap > 0);
  const pool = relevant.length > 0 ? relevant : scored;
  return pool
    .sort(
      (left, right) =>
        right.overlap - left.overlap ||
        right.clause.rrfScore - left.clause.rrfScore ||
        left.index - right.index,
    )
    .slice(0, count)
    .sort((left, right) => left.index - right.index)
    .map((entry) => entry.clause);
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
