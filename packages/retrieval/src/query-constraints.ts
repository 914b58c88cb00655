/**
 * Negative constraints in a query: "Provide an introduction to Aalborg without Denmark", "the theme of
 * justice, excluding the trial", "obligations about deposits other than security deposits", "Describe
 * the plant but don't mention its roots". What follows such a marker, up to the next punctuation mark, is
 * what the user does not want: searched for, it would rank the passages that mention it first. The
 * retriever searches with the rest of the query and ranks clauses that name the excluded words after
 * the others (docs/HTTP-API.md, "Negative constraints").
 *
 * Most markers ("excluding", "other than", "without" ...) count only in a request (a question, or a query
 * opening with a verb of asking or a question word: "Describe ...", "How ..."): in a statement or a
 * search phrase they are content ("Mice without the receptor are resistant", "limitation of liability
 * excluding consequential damages"), and so is "not" ("X does not cause Y"). "Don't mention", "do not
 * include", "without mentioning" and the like count everywhere.
 */

import { contentTerms } from './text-tokens';

/** Markers that open a negative constraint wherever they stand: they name what not to mention. */
const EXPLICIT = [
  'without mentioning',
  'without discussing',
  'without including',
  'without reference to',
  'without referring to',
  "don't mention",
  "don't include",
  "don't discuss",
  'do not mention',
  'do not include',
  'do not discuss',
  'with no mention of',
  'no mention of',
];

/**
 * Markers that open a negative constraint in a request ("Examine the theme of justice, excluding the
 * trial"); in a search phrase they may be content ("limitation of liability excluding consequential
 * damages" looks for the clause that excludes them).
 */
const IN_REQUESTS = [
  'excluding',
  'except for',
  'except',
  'other than',
  'apart from',
  'aside from',
  'not including',
  'but not',
  'leaving out',
  'omitting',
  'ignoring',
  'without',
];

/** Verbs that open a request ("Describe ...", "Give me ..."), after which "without" is a constraint. */
const REQUEST_VERBS = new Set([
  'describe',
  'explain',
  'provide',
  'give',
  'list',
  'show',
  'tell',
  'find',
  'summarize',
  'summarise',
  'discuss',
  'examine',
  'explore',
  'outline',
  'write',
  'compare',
  'analyze',
  'analyse',
  'present',
  'identify',
  'introduce',
  'detail',
  'overview',
  'search',
  'retrieve',
  'get',
  'what',
  'how',
  'why',
  'who',
  'which',
  'when',
  'where',
]);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, (char) => `\\${char}`);
const markerPattern = (markers: readonly string[]) =>
  new RegExp(
    `(?:^|[\\s(,;:—–-])(${markers.map((marker) => escapeRegExp(marker).replace(/ /g, '\\s+')).join('|')})\\s+`,
    'giu',
  );
const EXPLICIT_PATTERN = markerPattern(EXPLICIT);
const REQUEST_PATTERN = markerPattern(IN_REQUESTS);
/** The constraint runs to the next punctuation mark that closes a phrase. */
const PHRASE_END = /[.,;:?!()[\]"“”]/u;
const APOSTROPHES = /[’‘]/g;

/** A query split into what is asked for and what is excluded. */
export interface QueryConstraints {
  /** The query with each constraint (marker and phrase) taken out; the whole query when that leaves nothing. */
  readonly positive: string;
  /** The excluded phrases, in order ("Denmark", "the trial of Tom Robinson"). */
  readonly excluded: readonly string[];
}

/** Whether the query is a request (a question, or opens with a verb of asking or a question word). */
function isRequest(query: string): boolean {
  if (/\?\s*$/.test(query)) return true;
  const first = /^\s*(?:please\s+)?([\p{L}]+)/iu.exec(query)?.[1]?.toLowerCase() ?? '';
  return REQUEST_VERBS.has(first);
}

/** Splits the negative constraints off a query (see the module comment). */
export function queryConstraints(query: string): QueryConstraints {
  const text = query.replace(APOSTROPHES, "'");
  const spans: Array<{ start: number; phraseStart: number; end: number }> = [];
  const collect = (pattern: RegExp) => {
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
      const marker = match[1] as string;
      const start = match.index + match[0].indexOf(marker);
      const phraseStart = match.index + match[0].length;
      const rest = text.slice(phraseStart);
      const stop = rest.search(PHRASE_END);
      const end = phraseStart + (stop < 0 ? rest.length : stop);
      if (end > phraseStart && !spans.some((span) => start < span.end && span.start < end))
        spans.push({ start, phraseStart, end });
    }
  };
  collect(EXPLICIT_PATTERN);
  if (isRequest(text)) collect(REQUEST_PATTERN);
  if (spans.length === 0) return { positive: query, excluded: [] };
  spans.sort((left, right) => left.start - right.start);
  let positive = '';
  let at = 0;
  const excluded: string[] = [];
  for (const span of spans) {
    positive += text.slice(at, span.start);
    const phrase = text.slice(span.phraseStart, span.end).trim();
    if (phrase.length > 0) excluded.push(phrase);
    at = span.end;
  }
  positive = (positive + text.slice(at))
    .replace(/\(\s*\)/g, '')
    .replace(/[\s,;]*\b(?:but|and|or)\s*(?=[.?!]|$)/giu, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*,\s*(?=[.?!]|$)/g, '')
    .replace(/\s+([.,;:?!)])/g, '$1')
    .trim();
  if (!/[\p{L}\p{N}]/u.test(positive)) return { positive: query, excluded };
  return { positive, excluded };
}

/** The content words of each excluded phrase (phrases with none left out). */
export function excludedTerms(excluded: readonly string[]): Set<string>[] {
  return excluded.map((phrase) => contentTerms(phrase)).filter((terms) => terms.size > 0);
}

/**
 * Whether a text names one of the excluded phrases: it holds at least half of the phrase's content words
 * ("Tom Robinson was tried" names "the trial of Tom Robinson": two of three).
 */
export function namesExcluded(text: string, excluded: readonly Set<string>[]): boolean {
  if (excluded.length === 0) return false;
  const terms = contentTerms(text);
  for (const phrase of excluded) {
    let found = 0;
    for (const term of phrase) if (terms.has(term)) found += 1;
    if (found * 2 >= phrase.size) return true;
  }
  return false;
}
