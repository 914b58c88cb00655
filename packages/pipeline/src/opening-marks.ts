/**
 * Marks that may open a line before its first word without being part of its clause's structure: quotation
 * marks, dashes and bullets of a list item, e-mail quotation markers (">", ">>").
 */
const OPENING_MARK = /^(?:["“‘'«]|[-–—•*·>]+)$/;

/**
 * Whether the word at `index` is the first word of the span opening at `from` after nothing but opening
 * marks ("- When can I expect my deposit back?", "> Did the landlord return the keys?", "“When will you
 * come?”"): such a word opens its sentence as much as a word at `from` does. False at `from` itself.
 */
export function afterOpeningMarks(
  values: ArrayLike<string | undefined>,
  pos: ArrayLike<string | undefined>,
  index: number,
  from: number,
): boolean {
  if (index <= from) return false;
  for (let at = from; at < index; at += 1)
    if (pos[at] !== 'PUNCT' || !OPENING_MARK.test(values[at] ?? '')) return false;
  return true;
}
