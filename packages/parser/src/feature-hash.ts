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

/** The final mix of MurmurHash3, as a signed 32-bit integer. */
function fmix(hash: number): number {
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  return hash ^ (hash >>> 16);
}

function combine(hash: number, value: number): number {
  hash ^= Math.imul(value | 0, 0xcc9e2d51);
  hash = (hash << 13) | (hash >>> 19);
  return (Math.imul(hash, 5) + 0xe6546b64) | 0;
}

const SEED_COUNT = 128;
/** `combine(0x9747b28c, template)` for the first templates, computed once (the keys do not change). */
const SEEDS = Int32Array.from({ length: SEED_COUNT }, (_, template) => combine(0x9747b28c, template));

function seed(template: number): number {
  return template >= 0 && template < SEED_COUNT ? SEEDS[template]! : combine(0x9747b28c, template);
}

/** A non-zero 32-bit key for a feature template and its values. */
export function featureKey1(template: number, a: number): number {
  return key1(template, a) >>> 0;
}

export function featureKey2(template: number, a: number, b: number): number {
  return key2(template, a, b) >>> 0;
}

export function featureKey3(template: number, a: number, b: number, c: number): number {
  return key3(template, a, b, c) >>> 0;
}

/*
 * The same keys with the same bits as signed 32-bit integers, for writing into a Uint32Array: a small integer
 * to V8 wherever the call is not inlined, where an unsigned key of 2^31 or more would be a heap number
 * allocated per call.
 */
export function key1(template: number, a: number): number {
  return fmix(combine(seed(template), a)) || 1;
}

export function key2(template: number, a: number, b: number): number {
  return fmix(combine(combine(seed(template), a), b)) || 1;
}

export function key3(template: number, a: number, b: number, c: number): number {
  return fmix(combine(combine(combine(seed(template), a), b), c)) || 1;
}
