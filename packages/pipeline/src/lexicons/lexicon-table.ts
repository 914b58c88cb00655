/**
 * A lookup table keyed by words: a frozen object with no prototype, so a text word such as
 * "constructor" or "toString" finds nothing instead of an Object.prototype member.
 * @example const ADJUNCTS = lexiconTable({ perhaps: 0.3 }); ADJUNCTS['constructor'] // undefined
 */
export function lexiconTable<T>(entries: Record<string, T>): Readonly<Record<string, T>> {
  return Object.freeze(Object.assign(Object.create(null) as Record<string, T>, entries));
}
