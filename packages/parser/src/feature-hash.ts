const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** FNV-1a hash of `text.slice(start, end)`, computed without allocating the slice. */
export function hashRange(text: string, start: number, end: number): number {
  let hash = FNV_OFFSET;
  for (let i = start; i < end; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, FNV_PRIME);
  }
  return hash >>> 0;
}

export function hashString(text: string): number {
  return hashRange(text, 0, text.length);
}

function fmix(hash: number): number {
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

function combine(hash: number, value: number): number {
  hash ^= Math.imul(value | 0, 0xcc9e2d51);
  hash = (hash << 13) | (hash >>> 19);
  return (Math.imul(hash, 5) + 0xe6546b64) | 0;
}

/** A non-zero 32-bit key for a feature template and its values. */
export function featureKey1(template: number, a: number): number {
  return fmix(combine(combine(0x9747b28c, template), a)) || 1;
}

export function featureKey2(template: number, a: number, b: number): number {
  return fmix(combine(combine(combine(0x9747b28c, template), a), b)) || 1;
}

export function featureKey3(template: number, a: number, b: number, c: number): number {
  return fmix(combine(combine(combine(combine(0x9747b28c, template), a), b), c)) || 1;
}

/** A random 32-bit salt per template id (up to 127), so that templates with equal values differ. */
const SALTS = Uint32Array.from({ length: 128 }, (_, template) => fmix(Math.imul(template + 1, 0x9e3779b1)));

/**
 * A non-zero 32-bit key for a template and up to three values, cheaper than `featureKey3`: the values are
 * multiplied by different odd constants and XORed into the template's salt, then mixed once so that the
 * low bits (the table slot) depend on every bit. The parser computes about a hundred of these per word.
 */
export function quickKey(template: number, a: number, b: number, c: number): number {
  let hash =
    SALTS[template]! ^ Math.imul(a, 0xcc9e2d51) ^ Math.imul(b, 0x1b873593) ^ Math.imul(c, 0x2545f491);
  hash ^= hash >>> 15;
  hash = Math.imul(hash, 0x2c1b3c6d);
  hash ^= hash >>> 12;
  return hash >>> 0 || 1;
}
