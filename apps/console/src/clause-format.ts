import type { AnnotatedClause } from './wire-types';

/** A run of clause text with the annotations that cover it, for highlighting. */
export interface TextSegment {
  text: string;
  /** Role of the participant this run belongs to, if any. */
  participant: string | null;
  /** Type of the circumstance this run belongs to, if any. */
  circumstance: string | null;
  /** Whether the run is part of the theme. */
  theme: boolean;
}

/**
 * Character ranges of the clause's tokens within the clause text. Tokens carry document offsets; the
 * clause text is searched token by token so a clause whose text was trimmed still lines up.
 */
export function tokenRanges(clause: Pick<AnnotatedClause, 'text' | 'syntactic'>): [number, number][] {
  const ranges: [number, number][] = [];
  let position = 0;
  for (const token of clause.syntactic.tokens) {
    const at = clause.text.indexOf(token.text, position);
    if (at < 0) {
      ranges.push([position, position]);
      continue;
    }
    ranges.push([at, at + token.text.length]);
    position = at + token.text.length;
  }
  return ranges;
}

/** Splits a clause's text into runs marked with participants, circumstances and the theme. */
export function clauseSegments(
  clause: Pick<AnnotatedClause, 'text' | 'syntactic' | 'ideational' | 'textual'>,
): TextSegment[] {
  const ranges = tokenRanges(clause);
  const length = clause.text.length;
  const participant: (string | null)[] = new Array(length).fill(null);
  const circumstance: (string | null)[] = new Array(length).fill(null);
  const theme: boolean[] = new Array(length).fill(false);
  const mark = <T>(marks: T[], start: number, end: number, value: T) => {
    const from = ranges[start]?.[0];
    const to = ranges[Math.min(end, ranges.length) - 1]?.[1];
    if (from === undefined || to === undefined) return;
    for (let index = from; index < to; index += 1) marks[index] = value;
  };
  for (const item of clause.ideational.participants) mark(participant, item.start, item.end, item.role);
  for (const item of clause.ideational.circumstances) mark(circumstance, item.start, item.end, item.type);
  if (clause.textual) mark(theme, clause.textual.theme.start, clause.textual.theme.end, true);

  const segments: TextSegment[] = [];
  for (let index = 0; index < length; index += 1) {
    const last = segments[segments.length - 1];
    const p = participant[index] ?? null;
    const c = circumstance[index] ?? null;
    const t = theme[index] ?? false;
    if (last && last.participant === p && last.circumstance === c && last.theme === t) {
      last.text += clause.text[index];
    } else {
      segments.push({ text: clause.text[index]!, participant: p, circumstance: c, theme: t });
    }
  }
  return segments;
}

/** Modality bands of the corpus view, as inclusive filter bounds of GET /clauses (ANNOTATION.md's levels). */
export const MODALITY_BANDS = [
  { label: 'none (0)', min: 0, max: 0 },
  { label: 'low (≤ 0.45)', min: 0.0001, max: 0.45 },
  { label: 'median (0.45–0.75)', min: 0.4501, max: 0.7499 },
  { label: 'high (≥ 0.75)', min: 0.75, max: 1 },
] as const;

/** The band a modality weight falls in. */
export function modalityBand(weight: number): string {
  const band = MODALITY_BANDS.find((entry) => weight >= entry.min && weight <= entry.max);
  return band ? band.label.split(' ')[0]! : 'none';
}

/** A number in [0, 1] with two decimals. */
export const unit = (value: number) => value.toFixed(2);

/** A timestamp as local date and time, to the second. */
export function when(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}

/** "1–50 of 132" for a page. */
export function pageLabel(offset: number, count: number, total: number): string {
  if (total === 0 || count === 0) return `0 of ${total}`;
  return `${offset + 1}–${offset + count} of ${total}`;
}

/** Splits an answer into text and `[n]` citation markers (n is 1-based in the answer's clauses). */
export function answerParts(answer: string): ({ text: string } | { cite: number })[] {
  const parts: ({ text: string } | { cite: number })[] = [];
  let last = 0;
  for (const match of answer.matchAll(/\[(\d+)\]/g)) {
    if (match.index > last) parts.push({ text: answer.slice(last, match.index) });
    parts.push({ cite: Number(match[1]) });
    last = match.index + match[0].length;
  }
  if (last < answer.length) parts.push({ text: answer.slice(last) });
  return parts;
}
