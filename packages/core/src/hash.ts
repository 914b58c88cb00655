import * as crypto from 'node:crypto';

/** JSON with object keys sorted at every depth and no whitespace; `undefined` members are dropped. */
export function canonicalJson(value: unknown): string {
  const out = write(value);
  // Like JSON.stringify, a value with no JSON form (undefined, a function) gives undefined.
  return out as string;
}

/**
 * One pass over the value, writing JSON directly (no sorted copy). Plain objects, arrays and primitives
 * take the fast path; anything else (class instances, toJSON, integer-like keys) falls back to the
 * sorted copy through JSON.stringify, so the output is always `JSON.stringify(sortKeys(value))`.
 */
function write(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object': {
      if (value === null) return 'null';
      if (Array.isArray(value)) {
        let out = '[';
        for (let index = 0; index < value.length; index += 1) {
          if (index > 0) out += ',';
          const item = value[index];
          out += item === undefined ? 'null' : (write(item) ?? 'null');
        }
        return `${out}]`;
      }
      const proto = Object.getPrototypeOf(value);
      if ((proto !== Object.prototype && proto !== null) || 'toJSON' in value) {
        return JSON.stringify(sortKeys(value));
      }
      const keys = Object.keys(value);
      if (keys.length > 1) keys.sort();
      let out = '{';
      let first = true;
      for (const key of keys) {
        const member = (value as Record<string, unknown>)[key];
        if (member === undefined) continue;
        // Integer-like keys are ordered numerically by JSON.stringify: leave them to the slow path.
        if (isIndexKey(key)) return JSON.stringify(sortKeys(value));
        const text = write(member);
        if (text === undefined) continue;
        out += first ? `${JSON.stringify(key)}:${text}` : `,${JSON.stringify(key)}:${text}`;
        first = false;
      }
      return `${out}}`;
    }
    case 'bigint':
      return JSON.stringify(value);
    default:
      return undefined;
  }
}

function isIndexKey(key: string): boolean {
  const code = key.charCodeAt(0);
  return code >= 48 && code <= 57 && /^(?:0|[1-9]\d*)$/.test(key);
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => (item === undefined ? null : sortKeys(item)));
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const member = (value as Record<string, unknown>)[key];
      if (member !== undefined) sorted[key] = sortKeys(member);
    }
    return sorted;
  }
  return value;
}

// One-shot hashing (Node >= 20.12) avoids a Hash object per call.
const oneShot = (crypto as unknown as { hash?: (algorithm: string, data: string, encoding: 'hex') => string })
  .hash;

/** SHA-256 hex digest of a string. */
export function sha256Hex(text: string): string {
  return oneShot === undefined
    ? crypto.createHash('sha256').update(text).digest('hex')
    : oneShot('sha256', text, 'hex');
}

/**
 * SHA-256 hex digest of the canonical JSON of a value: the same derivation always hashes the same.
 * @example derivationHash({ premises, inferenceRule, conclusion })
 */
export function derivationHash(value: unknown): string {
  return sha256Hex(canonicalJson(value));
}
