import { closesQuotation, QUOTE_MARKS, reportingVerbAt } from './clause-quotation';
import type { ClauseSegment } from './clause-segmenter';
import { findVerbalGroups, type TokenArrays, type VerbalGroup } from './verbal-group';

/**
 * SEGMENT.TREE_QUOTATION_THEN_REPORTING: "“Copy that,” the pilot said.", "“Are you in?” I asked.",
 * "“No!” she wails.": a sentence that opens with a quotation and goes on, after the closing mark, with a
 * reporting clause (a verb of saying with its Subject, SEGMENT.QUOTATION_THEN_REPORTING's test) is
 * segmented at the closing mark, whatever the parse made of it (it reads "that" as a complementizer,
 * "Are ... asked" as one clause, a verbless quotation as a main clause of its own): the reporting clause
 * is the main clause; the quoted clauses that hung on nothing outside the quotation are projected from
 * it (paratactic, "quote"). Without the row the tree's clauses stand. Returns the segments, the same
 * array when nothing changes.
 */
export function quotationThenReportingSegments(
  tokens: TokenArrays,
  segments: ClauseSegment[],
  from: number,
  to: number,
): ClauseSegment[] {
  if (!QUOTE_MARKS.has(tokens.lower[from] ?? '')) return segments;
  let close = -1;
  let verb = -1;
  for (let index = from + 2; index < to - 1; index += 1) {
    if (!closesQuotation(tokens, index)) continue;
    verb = reportingVerbAt(tokens, index + 1, to);
    if (verb >= 0) close = index;
    break;
  }
  if (close < 0) return segments;
  const out: ClauseSegment[] = segments.map((segment) => ({ ...segment, tokens: [...segment.tokens] }));
  const ownerOf = (token: number): number => out.findIndex((segment) => segment.tokens.includes(token));
  const reporting = ownerOf(verb);
  if (reporting < 0) return segments;
  const main = out[reporting] as ClauseSegment;
  const inQuote = (segment: ClauseSegment): boolean =>
    segment.tokens.length > 0 && segment.tokens.every((token) => token <= close);
  // Words of the quotation in the reporting clause's segment go back to the quotation: to the clause of
  // the word before them when that is quoted, else to a clause of their own.
  const quoted = main.tokens.filter((token) => token <= close);
  if (quoted.length > 0) {
    main.tokens.splice(0, main.tokens.length, ...main.tokens.filter((token) => token > close));
    const first = quoted[0] as number;
    const before = first > from ? ownerOf(first - 1) : -1;
    if (before >= 0 && before !== reporting) {
      const host = out[before] as ClauseSegment;
      host.tokens.push(...quoted);
      host.tokens.sort((a, b) => a - b);
    } else {
      out.push({
        tokens: quoted,
        dependency: 'independent',
        relation: null,
        parent: -1,
        group: groupIn(tokens, first, close + 1),
      });
    }
  }
  // Words after the closing mark in a quoted clause's segment (the Subject of the reporting clause) go to
  // the reporting clause.
  for (const segment of out) {
    if (segment === main || segment.tokens.length === 0 || (segment.tokens[0] as number) > close) continue;
    const after = segment.tokens.filter((token) => token > close && token < verb);
    if (after.length === 0) continue;
    segment.tokens.splice(
      0,
      segment.tokens.length,
      ...segment.tokens.filter((token) => !after.includes(token)),
    );
    main.tokens.push(...after);
  }
  main.tokens.sort((a, b) => a - b);
  if (main.group === null || main.group.start <= close)
    main.group =
      findVerbalGroups(tokens, close + 1, to).find((group) => group.start <= verb && verb < group.end) ??
      null;
  main.dependency = 'independent';
  main.relation = null;
  main.parent = -1;
  out.forEach((segment, index) => {
    if (index === reporting || !inQuote(segment) || segment.dependency === 'embedded') return;
    const parent = out[segment.parent];
    if (segment.parent >= 0 && parent !== undefined && parent !== main && inQuote(parent)) return;
    segment.dependency = 'paratactic';
    segment.relation = 'quote';
    segment.parent = reporting;
  });
  // Empty segments go; the rest keep the order of their first words, their parents renumbered.
  const kept = out
    .map((segment, index) => ({ segment, index }))
    .filter(({ segment }) => segment.tokens.length > 0)
    .sort((a, b) => (a.segment.tokens[0] as number) - (b.segment.tokens[0] as number));
  const renumber = new Map<number, number>();
  kept.forEach(({ index }, at) => {
    renumber.set(index, at);
  });
  return kept.map(({ segment }) => ({
    ...segment,
    parent: segment.parent < 0 ? -1 : (renumber.get(segment.parent) ?? (renumber.get(reporting) as number)),
  }));
}

/** The clause's verbal group among [from, to): its first finite group, else its first, else none. */
function groupIn(tokens: TokenArrays, from: number, to: number): VerbalGroup | null {
  const groups = findVerbalGroups(tokens, from, to);
  return groups.find((group) => group.finite >= 0) ?? groups[0] ?? null;
}
