import type { ConlluSentence } from './conllu';

/**
 * GUM genres whose texts are licensed CC BY (GUM's LICENSE.txt): Wikinews news, interviews and
 * biographies, Wikivoyage travel guides, OpenStax textbooks, YouTube Creative Commons vlogs, political
 * speeches (public domain) and the Santa Barbara conversations. wikiHow and fiction are CC BY-NC-SA,
 * and academic, essay, letter, court and podcast texts have their own terms: none of those is trained on.
 */
export const GUM_CC_BY_GENRES: readonly string[] = [
  'bio',
  'conversation',
  'interview',
  'news',
  'speech',
  'textbook',
  'vlog',
  'voyage',
];

/** The genre of a GUM document id ("GUM_news_iodine" → "news"), or "" for another id. */
export function gumGenre(documentId: string): string {
  return /^GUM_([a-z]+)_/.exec(documentId)?.[1] ?? '';
}

/** The sentences of GUM documents of the CC BY genres only. */
export function ccByGumSentences(sentences: readonly ConlluSentence[]): ConlluSentence[] {
  return sentences.filter((sentence) => GUM_CC_BY_GENRES.includes(gumGenre(sentence.documentId)));
}
