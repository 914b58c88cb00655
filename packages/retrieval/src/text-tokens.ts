import { STOP_WORDS } from './text-stop-words';

// Letters and digits, with inner hyphens and apostrophes kept ("cross-country", "o'neill"): the shapes
// the word-vector vocabulary uses. A cheap regex instead of a full tokenizer keeps embedding fast.
const WORD = /[\p{L}\p{N}]+(?:['\u2019-][\p{L}\p{N}]+)*/gu;

/** Lower-cased word tokens of a text, in order. */
export function wordTokens(text: string): string[] {
  return text.toLowerCase().match(WORD) ?? [];
}

/** Crude suffix stripping so that "mutations" and "mutation" count as the same content word. */
export function lightStem(word: string): string {
  if (word.length > 5 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && word.endsWith('es') && /(?:ss|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us'))
    return word.slice(0, -1);
  return word;
}

/** Distinct stemmed content words (stop words and one-letter tokens left out). */
export function contentTerms(text: string): Set<string> {
  const terms = new Set<string>();
  for (const token of wordTokens(text)) {
    if (token.length < 2 || STOP_WORDS.has(token)) continue;
    terms.add(lightStem(token.replace(/\u2019/g, "'")));
  }
  return terms;
}
