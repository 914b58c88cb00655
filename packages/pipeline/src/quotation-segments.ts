import { closesQuotation, reportingVerbAt } from './clause-quotation';
import { type ClauseSegment, inFirstTokenOrder } from './clause-segmenter';
import { QUOTING_VERBS } from './lexicons/mood-lexicon';
import { OPENING_QUOTE_MARKS, QUOTE_MARKS } from './lexicons/word-classes';
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
  // Empty segments go; the rest keep the order of their first words, their parents renumbered (the
  // children of a dropped one go to the reporting clause).
  return inFirstTokenOrder(out, (_, placeOf) => placeOf(reporting) as number);
}

/** The clause's verbal group among [from, to): its first finite group, else its first, else none. */
function groupIn(tokens: TokenArrays, from: number, to: number): VerbalGroup | null {
  const groups = findVerbalGroups(tokens, from, to);
  return groups.find((group) => group.finite >= 0) ?? groups[0] ?? null;
}

/**
 * SEGMENT.TREE_REPORTING_THEN_QUOTATION: 'She said, "Are you in?"', "So I say, “You want a cookie?”":
 * a reporting clause (a verb of saying, then only pronouns, then a comma or colon) followed by a
 * quotation that runs to the end of the sentence (its closing mark last but for final punctuation) is
 * cut at the opening mark, whatever the parse made of it (it may hang the quotation's words on the
 * comma, or read the whole as one clause): the quotation is projected from the reporting clause
 * (paratactic, "quote"), as SEGMENT.REPORTING_THEN_QUOTATION cuts it on the word order. Without the row
 * the tree's clauses stand. Returns the segments, the same array when nothing changes.
 */
export function reportingThenQuotationSegments(
  tokens: TokenArrays,
  segments: ClauseSegment[],
  from: number,
  to: number,
): ClauseSegment[] {
  const { lower, pos, lemmas } = tokens;
  let last = to - 1;
  while (last > from && (lower[last] === '.' || lower[last] === '!' || lower[last] === '?')) last -= 1;
  if (!QUOTE_MARKS.has(lower[last] ?? '') || !closesQuotation(tokens, last)) return segments;
  // The opening mark: the last quotation mark before the closing one, after a comma or colon.
  let open = last - 1;
  while (open > from && !QUOTE_MARKS.has(lower[open] ?? '')) open -= 1;
  if (open <= from + 1 || open >= last - 1 || !OPENING_QUOTE_MARKS.has(lower[open] ?? '')) return segments;
  if (lower[open - 1] !== ',' && lower[open - 1] !== ':') return segments;
  let verb = open - 2;
  while (verb > from && (pos[verb] === 'PRON' || pos[verb] === 'ADV')) verb -= 1;
  if (pos[verb] !== 'VERB' || !QUOTING_VERBS.has(lemmas[verb] ?? '')) return segments;
  const reporting = segments.findIndex((segment) => segment.tokens.includes(verb));
  if (reporting < 0) return segments;
  const owner = segments.findIndex((segment) => segment.tokens.includes(open));
  // Already cut there.
  if (owner >= 0 && owner !== reporting && segments[owner]?.tokens[0] === open) return segments;
  const out: ClauseSegment[] = [];
  const quoted: number[] = [];
  const moved = new Map<number, number>();
  segments.forEach((segment, index) => {
    const before = segment.tokens.filter((token) => token < open);
    const after = segment.tokens.filter((token) => token >= open);
    if (before.length === 0) {
      // A clause inside the quotation keeps its place; one that stood on its own is projected.
      moved.set(index, out.length);
      out.push(
        segment.dependency === 'independent'
          ? { ...segment, dependency: 'paratactic', relation: 'quote', parent: reporting }
          : { ...segment },
      );
      return;
    }
    quoted.push(...after);
    moved.set(index, out.length);
    out.push({ ...segment, tokens: before });
  });
  if (quoted.length > 0) {
    quoted.sort((a, b) => a - b);
    out.push({
      tokens: quoted,
      dependency: 'paratactic',
      relation: 'quote',
      parent: reporting,
      group: groupIn(tokens, open, to),
    });
  }
  const renumbered = out.map((segment) => ({
    ...segment,
    parent: segment.parent < 0 ? -1 : (moved.get(segment.parent) ?? segment.parent),
  }));
  // Keep the order of the clauses' first words, their parents renumbered.
  return inFirstTokenOrder(renumbered);
}
