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
  // ASCII tokens (nearly all) are counted in one pass, with neither the regexes nor the cache.
  const ascii = asciiSyllables(word);
  if (ascii !== undefined) return ascii;
  let syllables = SYLLABLE_CACHE.get(word);
  if (syllables === undefined) {
    syllables = WORD.test(word) ? countSyllables(word) : -1;
    if (SYLLABLE_CACHE.size >= SYLLABLE_CACHE_LIMIT) SYLLABLE_CACHE.clear();
    SYLLABLE_CACHE.set(word, syllables);
  }
  return syllables;
}

// The letters of the token being counted, lower-cased (reused: no allocation per token).
let letters = new Uint8Array(64);

/** Whether a lower-case letter is one of countSyllables' "l, a, e, i, o, u, y" (the suffix rule spares them). */
function keepsSuffix(code: number): boolean {
  return (
    code === 108 ||
    code === 97 ||
    code === 101 ||
    code === 105 ||
    code === 111 ||
    code === 117 ||
    code === 121
  );
}

function isVowel(code: number): boolean {
  return code === 97 || code === 101 || code === 105 || code === 111 || code === 117 || code === 121;
}

/**
 * `countSyllables` of an ASCII token, read in one pass: -1 without a letter; undefined for a token with a
 * character past ASCII (left to the regexes). The same steps: the letters lower-cased, one syllable up to
 * three letters, then "-es", "-ed" or "-e" after a consonant other than "l" dropped with that consonant, an
 * opening "y" dropped, and the runs of vowels (a, e, i, o, u, y) counted, at least one.
 */
function asciiSyllables(word: string): number | undefined {
  if (letters.length < word.length) letters = new Uint8Array(word.length * 2);
  let count = 0;
  for (let at = 0; at < word.length; at += 1) {
    const code = word.charCodeAt(at);
    if (code > 127) return undefined;
    const lower = code | 32;
    if (lower >= 97 && lower <= 122) {
      letters[count] = lower;
      count += 1;
    }
  }
  if (count === 0) return -1;
  if (count <= 3) return 1;
  let end = count;
  const last = letters[count - 1];
  if ((last === 115 || last === 100) && letters[count - 2] === 101 && !keepsSuffix(letters[count - 3]!))
    end = count - 3;
  else if (last === 101 && !keepsSuffix(letters[count - 2]!)) end = count - 2;
  const start = end > 0 && letters[0] === 121 ? 1 : 0;
  let groups = 0;
  let inGroup = false;
  for (let at = start; at < end; at += 1) {
    const vowel = isVowel(letters[at]!);
    if (vowel && !inGroup) groups += 1;
    inGroup = vowel;
  }
  return Math.max(1, groups);
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
