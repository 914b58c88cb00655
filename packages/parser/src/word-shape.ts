const UPPER = 88; // X
const LOWER = 120; // x
const DIGIT = 100; // d
const FNV_PRIME = 0x01000193;

function shapeClass(code: number): number {
  if (code >= 65 && code <= 90) return UPPER;
  if (code >= 97 && code <= 122) return LOWER;
  if (code >= 48 && code <= 57) return DIGIT;
  if (code > 127) {
    const char = String.fromCharCode(code);
    if (char !== char.toLowerCase()) return UPPER;
    if (char !== char.toUpperCase()) return LOWER;
  }
  return code;
}

/** Hash of the word's shape ("Xxxx" → "Xxx", "1,200" → "d,ddd" → "d,dd"): runs of one class capped at two. */
export function shapeHash(word: string): number {
  let hash = 0x811c9dc5;
  let previous = -1;
  let run = 0;
  for (let i = 0; i < word.length; i++) {
    const cls = shapeClass(word.charCodeAt(i));
    run = cls === previous ? run + 1 : 1;
    previous = cls;
    if (run > 2) continue;
    hash ^= cls;
    hash = Math.imul(hash, FNV_PRIME);
  }
  return hash >>> 0;
}

const FLAG_DIGIT = 1;
const FLAG_HYPHEN = 2;
const FLAG_INITIAL_UPPER = 4;
const FLAG_ALL_UPPER = 8;
const FLAG_HAS_LETTER = 16;
const FLAG_ALL_DIGIT = 32;

/** Bit set of word properties: has a digit, has a hyphen, initial capital, all capitals, has a letter, only digits. */
export function wordFlags(word: string): number {
  let flags = 0;
  let allUpper = word.length > 0;
  let allDigit = word.length > 0;
  for (let i = 0; i < word.length; i++) {
    const code = word.charCodeAt(i);
    const isDigit = code >= 48 && code <= 57;
    if (isDigit) flags |= FLAG_DIGIT;
    else allDigit = false;
    if (code === 45) flags |= FLAG_HYPHEN;
    const cls = shapeClass(code);
    if (cls === UPPER || cls === LOWER) flags |= FLAG_HAS_LETTER;
    if (cls === LOWER) allUpper = false;
    if (i === 0 && cls === UPPER) flags |= FLAG_INITIAL_UPPER;
  }
  if (allUpper && flags & FLAG_HAS_LETTER) flags |= FLAG_ALL_UPPER;
  if (allDigit) flags |= FLAG_ALL_DIGIT;
  return flags;
}
