import { createHash } from 'node:crypto';

/** JSON with object keys sorted at every depth and no whitespace; `undefined` members are dropped. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
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

/**
 * SHA-256 hex digest of the canonical JSON of a value: the same derivation always hashes the same.
 * @example derivationHash({ premises, inferenceRule, conclusion })
 */
export function derivationHash(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex');
}
