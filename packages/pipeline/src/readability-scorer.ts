import type { Readability } from '@cae/core';

/** Sentences shorter than this many words get no readability figure: the formulas mean nothing there. */
export const MIN_READABILITY_WORDS = 5;

const VOWEL_GROUPS = /[aeiouy]+/g;
const WORD = /\p{L}/u;

/** Syllables of a word by vowel groups, with the silent final e and -le handled. */
export function countSyllables(word: string): number {
  const lower = word.toLowerCase().replace(/[^a-z]/g, '');
  if (lower.length === 0) return 0;
  if (lower.length <= 3) return 1;
  const trimmed = lower.replace(/(?:[^laeiouy]es|[^laeiouy]ed|[^laeiouy]e)$/, '').replace(/^y/, '');
  const groups = trimmed.match(VOWEL_GROUPS);
  return Math.max(1, groups === null ? 1 : groups.length);
}

// Syllables per token (-1 for a token without letters), memoised: words repeat, the regexes are the cost.
const SYLLABLE_CACHE = new Map<string, number>();
const SYLLABLE_CACHE_LIMIT = 50_000;

/** Syllables of a token as `scoreReadability` counts them: -1 for a token without a letter. */
export function syllablesOf(word: string): number {
  // Short ASCII tokens ("the", "of", ",", "42") need neither the regexes nor the cache.
  if (word.length <= 3) {
    const short = shortAsciiSyllables(word);
    if (short !== undefined) return short;
  }
  let syllables = SYLLABLE_CACHE.get(word);
  if (syllables === undefined) {
    syllables = WORD.test(word) ? countSyllables(word) : -1;
    if (SYLLABLE_CACHE.size >= SYLLABLE_CACHE_LIMIT) SYLLABLE_CACHE.clear();
    SYLLABLE_CACHE.set(word, syllables);
  }
  return syllables;
}

/**
 * A token of at most three ASCII characters has one syllable when it holds a letter (countSyllables
 * keeps one to three letters of it) and none to count (-1) without; undefined for one past ASCII.
 */
function shortAsciiSyllables(word: string): number | undefined {
  let letter = false;
  for (let at = 0; at < word.length; at += 1) {
    const code = word.charCodeAt(at);
    if (code > 127) return undefined;
    if ((code | 32) >= 97 && (code | 32) <= 122) letter = true;
  }
  return letter ? 1 : -1;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

/** Flesch reading ease and Flesch-Kincaid grade of one sentence (words [from, to)), or null when it is too short. */
export function scoreReadability(
  words: readonly string[],
  from = 0,
  to: number = words.length,
): Readability | null {
  let count = 0;
  let syllables = 0;
  for (let index = from; index < to; index += 1) {
    const perWord = syllablesOf(words[index] ?? '');
    if (perWord < 0) continue;
    count += 1;
    syllables += perWord;
  }
  if (count < MIN_READABILITY_WORDS) return null;
  const perWord = syllables / count;
  return {
    fleschReadingEase: round(206.835 - 1.015 * count - 84.6 * perWord),
    fleschKincaidGrade: round(0.39 * count + 11.8 * perWord - 15.59),
    words: count,
    syllables,
  };
}
