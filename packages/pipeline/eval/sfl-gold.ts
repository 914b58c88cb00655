/**
 * Scores the pipeline (and compromise, for mood) against the hand-annotated SFL set eval/sfl-gold.jsonl.
 * Labels follow the annotation guide (docs/ANNOTATION.md); the prediction for an item is the first independent
 * clause of the compiled text. Called from eval/run.ts (`--only sfl` runs just this part).
 */
import { readFileSync } from 'node:fs';
import type { AnnotatedClause } from '@cae/core';
import nlp from 'compromise';
import type { Pipeline } from '../src/pipeline';

/** One line of sfl-gold.jsonl. `process_type` and `theme` are null for minor clauses and fragments. */
export interface SflGoldItem {
  readonly id: string;
  readonly text: string;
  readonly mood: string;
  readonly process_type: string | null;
  readonly process_subtype?: string;
  readonly modality_band: 'none' | 'low' | 'median' | 'high';
  readonly participants: ReadonlyArray<{ readonly role: string; readonly text: string }>;
  readonly theme: string | null;
  readonly marked_theme: boolean;
  readonly note?: string;
}

export interface SflGoldOptions {
  readonly pipeline: Pipeline;
  /** Path of sfl-gold.jsonl. */
  readonly path: string;
  /** Adds a report row: measure, data, @cae/pipeline, compromise, target. */
  readonly row: (...cells: string[]) => void;
  /** Also print every error (`--sfl-errors`). */
  readonly verbose?: boolean;
  /** Data label of the rows ("sfl-gold" unless given, e.g. "sfl-heldout (held out)"). */
  readonly label?: string;
}

const pct = (value: number) => `${(value * 100).toFixed(1)}%`;
const ratio = (ok: number, total: number) => (total === 0 ? 'n/a' : pct(ok / total));

export function readSflGold(path: string): SflGoldItem[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as SflGoldItem);
}

/** Modality band of a weight (ANNOTATION.md: low about 0.3, median about 0.6, high about 0.9). */
export function modalityBand(weight: number): SflGoldItem['modality_band'] {
  return weight === 0 ? 'none' : weight < 0.45 ? 'low' : weight < 0.75 ? 'median' : 'high';
}

/** Letters and digits only, lower case: "Don't touch" and "Do n't touch," compare equal. */
function squash(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

const HEAD_STOP = new Set([
  'of',
  'in',
  'on',
  'at',
  'with',
  'for',
  'to',
  'from',
  'by',
  'between',
  'about',
  'that',
  'which',
  'who',
]);
function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/\s+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '').replace(/['’]s$/u, ''))
    .filter((word) => word !== '');
}
/** Head word of a nominal group: the last word before a post-modifier (of, in, that, ...). */
export function headWord(text: string): string {
  const all = words(text);
  const cut = all.findIndex((word, index) => index > 0 && HEAD_STOP.has(word));
  const kept = cut === -1 ? all : all.slice(0, cut);
  return kept[kept.length - 1] ?? '';
}

/** The prediction for an item: first independent clause, else the first clause. */
function mainClause(pipeline: Pipeline, text: string): AnnotatedClause | undefined {
  const clauses = pipeline.compile(text, { documentId: 'sfl' });
  return clauses.find((clause) => clause.syntactic.dependency === 'independent') ?? clauses[0];
}

/** Mood from compromise's sentence type and verb tags; exclamative has no counterpart. */
function compromiseMood(text: string): string {
  const doc = nlp(text);
  if (doc.questions().found || text.trim().endsWith('?')) return 'interrogative';
  const verbs = doc.verbs() as unknown as { found: boolean; isImperative(): { found: boolean } };
  if (verbs.isImperative().found) return 'imperative';
  if (!verbs.found) return doc.has('#Expression') ? 'minor' : 'fragment';
  return 'declarative';
}

/** Greedy one-to-one matching by role and head-word overlap; returns the number of matches. */
function matchParticipants(
  gold: SflGoldItem['participants'],
  predicted: ReadonlyArray<{ role: string; text: string }>,
): number {
  const used = new Set<number>();
  let matched = 0;
  for (const item of gold) {
    const head = headWord(item.text);
    const goldWords = words(item.text);
    const index = predicted.findIndex(
      (guess, position) =>
        !used.has(position) &&
        guess.role === item.role &&
        (words(guess.text).includes(head) || goldWords.includes(headWord(guess.text))),
    );
    if (index !== -1) {
      used.add(index);
      matched += 1;
    }
  }
  return matched;
}

const tally = (counts: Map<string, number>, key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);

/** Runs the SFL set and adds its rows; does nothing when the file is missing or empty. */
export function reportSflGold({
  pipeline,
  path,
  row,
  verbose = false,
  label = 'sfl-gold',
}: SflGoldOptions): void {
  const items = readSflGold(path);
  if (items.length === 0) return;
  const data = `${label} (${items.length} clauses)`;
  const CORE = new Set(['declarative', 'interrogative', 'imperative']);
  let moodOk = 0;
  let moodOkC = 0;
  let core = 0;
  let coreOk = 0;
  let coreOkC = 0;
  let processTotal = 0;
  let processOk = 0;
  let bandOk = 0;
  let goldParticipants = 0;
  let predictedParticipants = 0;
  let matchedParticipants = 0;
  let themeTotal = 0;
  let themeOk = 0;
  let markedOk = 0;
  const processByType = new Map<string, { total: number; ok: number; confusion: Map<string, number> }>();
  const moodConfusion = new Map<string, number>();
  const bandConfusion = new Map<string, number>();
  const errors: string[] = [];

  for (const item of items) {
    const clause = mainClause(pipeline, item.text);
    const mood = clause?.interpersonal.mood ?? 'fragment';
    const moodC = compromiseMood(item.text);
    const problems: string[] = [];
    if (mood === item.mood) moodOk += 1;
    else {
      tally(moodConfusion, `${item.mood} -> ${mood}`);
      problems.push(`mood ${item.mood} -> ${mood}`);
    }
    if (moodC === item.mood) moodOkC += 1;
    if (CORE.has(item.mood)) {
      core += 1;
      if (mood === item.mood) coreOk += 1;
      if (moodC === item.mood) coreOkC += 1;
    }

    if (item.process_type !== null) {
      const predicted = clause?.ideational.processType ?? 'none';
      const entry = processByType.get(item.process_type) ?? { total: 0, ok: 0, confusion: new Map() };
      processByType.set(item.process_type, entry);
      processTotal += 1;
      entry.total += 1;
      if (predicted === item.process_type) {
        processOk += 1;
        entry.ok += 1;
      } else {
        tally(entry.confusion, predicted);
        problems.push(`process ${item.process_type} -> ${predicted}`);
      }
    }

    const band = modalityBand(clause?.interpersonal.modalityWeight ?? 0);
    if (band === item.modality_band) bandOk += 1;
    else {
      tally(bandConfusion, `${item.modality_band} -> ${band}`);
      problems.push(
        `modality ${item.modality_band} -> ${band} (${clause?.interpersonal.modalityWeight ?? 0})`,
      );
    }

    const predictedRoles = clause?.ideational.participants ?? [];
    const matched = matchParticipants(item.participants, predictedRoles);
    goldParticipants += item.participants.length;
    predictedParticipants += predictedRoles.length;
    matchedParticipants += matched;
    if (matched < item.participants.length || matched < predictedRoles.length) {
      const show = (list: ReadonlyArray<{ role: string; text: string }>) =>
        list.map((participant) => `${participant.role}=${participant.text}`).join('; ');
      problems.push(`participants [${show(item.participants)}] vs [${show(predictedRoles)}]`);
    }

    const theme = clause?.textual?.theme.text ?? null;
    if (item.theme !== null) {
      themeTotal += 1;
      if (theme !== null && squash(theme) === squash(item.theme)) themeOk += 1;
      else problems.push(`theme "${item.theme}" -> "${theme ?? ''}"`);
    }
    const marked = clause?.textual?.markedTheme ?? false;
    if (marked === item.marked_theme) markedOk += 1;
    else problems.push(`marked ${item.marked_theme} -> ${marked}`);

    if (problems.length > 0) errors.push(`${item.id} "${item.text}": ${problems.join(' | ')}`);
  }

  const top = (counts: Map<string, number>, limit: number) =>
    [...counts.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, limit)
      .map(([key, count]) => `${key} ${count}`)
      .join(', ');

  row(
    'SFL set: mood accuracy (7 labels)',
    data,
    pct(moodOk / items.length),
    pct(moodOkC / items.length),
    '-',
  );
  row(
    'SFL set: mood accuracy (decl/interrog/imper items)',
    `${label} (${core} clauses)`,
    ratio(coreOk, core),
    ratio(coreOkC, core),
    '-',
  );
  row(
    'SFL set: process type accuracy',
    `${label} (${processTotal} clauses)`,
    ratio(processOk, processTotal),
    'n/a',
    '-',
  );
  for (const [type, entry] of [...processByType.entries()].sort((a, b) => b[1].total - a[1].total)) {
    const confused = entry.confusion.size === 0 ? '' : ` (as ${top(entry.confusion, 3)})`;
    row(
      `SFL set: process type = ${type}`,
      `${label} (${entry.total} clauses)`,
      `${ratio(entry.ok, entry.total)}${confused}`,
      'n/a',
      '-',
    );
  }
  row('SFL set: modality band accuracy', data, pct(bandOk / items.length), 'n/a', '-');
  const precision = predictedParticipants === 0 ? 0 : matchedParticipants / predictedParticipants;
  const recall = goldParticipants === 0 ? 0 : matchedParticipants / goldParticipants;
  row(
    'SFL set: participant role precision / recall',
    `${label} (${goldParticipants} gold, ${predictedParticipants} predicted)`,
    `${pct(precision)} / ${pct(recall)}`,
    'n/a',
    '-',
  );
  row(
    'SFL set: theme exact match',
    `${label} (${themeTotal} clauses)`,
    ratio(themeOk, themeTotal),
    'n/a',
    '-',
  );
  row('SFL set: marked-theme accuracy', data, pct(markedOk / items.length), 'n/a', '-');

  console.log(`${label}: SFL mood errors: ${top(moodConfusion, 8) || 'none'}`);
  console.log(`${label}: SFL modality band errors: ${top(bandConfusion, 8) || 'none'}`);
  if (verbose) for (const line of errors) console.log(line);
}
