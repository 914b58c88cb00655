/**
 * The tuning set (eval/tuning-set.jsonl, see eval/tuning-set.SOURCE.md): 206 main clauses of real text
 * from the train/dev parts of GUM (every genre) and UD EWT, annotated by hand for mood, process type,
 * modality band and Subject. Lines of non-commercial GUM genres hold only a sentence id and offsets: the
 * text is read from the treebank at run time. Called from eval/run.ts (`--only tuning`;
 * `--tuning-errors` lists every miss). Nothing here is strict-mapped: every label counts as itself.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { AnnotatedClause, Token } from '@cae/core';
import type { Pipeline } from '../src/pipeline';
import { modalityBand } from './sfl-gold';
import { readConllu } from './ud-conllu';

/** One line of tuning-set.jsonl. */
export interface TuningItem {
  readonly id: string;
  readonly source: 'ud-gum' | 'ud-ewt';
  readonly sent_id: string;
  readonly split: 'train' | 'dev';
  readonly genre: string;
  /** Present only where the licence allows storing the sentence (CC BY genres, EWT). */
  readonly text?: string;
  readonly mood: string;
  readonly process_type: string;
  readonly modality_band: 'none' | 'low' | 'median' | 'high';
  /** Character offsets of the Subject in the sentence text, null when the clause has none. */
  readonly subject: { readonly start: number; readonly end: number } | null;
  readonly subject_text?: string;
  readonly note?: string;
}

export interface TuningOptions {
  readonly pipeline: Pipeline;
  /** Path of tuning-set.jsonl. */
  readonly path: string;
  /** Root of the shared data (holds ud-gum/ and ud-ewt/). */
  readonly data: string;
  readonly row: (...cells: string[]) => void;
  readonly verbose?: boolean;
}

const FILES: Readonly<Record<TuningItem['source'], string>> = {
  'ud-gum': 'ud-gum/en_gum-ud',
  'ud-ewt': 'ud-ewt/en_ewt-ud',
};

export function readTuningSet(path: string): TuningItem[] {
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as TuningItem);
}

/** Sentence texts by id, read from the train/dev files the set names (never a test file). */
function sentenceTexts(items: readonly TuningItem[], data: string): Map<string, string> {
  const texts = new Map<string, string>();
  const wanted = new Set(items.map((item) => `${item.source}/${item.split}`));
  for (const key of wanted) {
    const [source, split] = key.split('/') as [TuningItem['source'], TuningItem['split']];
    if (split !== 'train' && split !== 'dev') throw new Error(`tuning set: split ${split} is not train/dev`);
    const path = `${data}/${FILES[source]}-${split}.conllu`;
    if (!existsSync(path)) continue;
    for (const sentence of readConllu(path)) texts.set(`${source}/${sentence.id}`, sentence.text);
  }
  return texts;
}

const SUBJECT = /^(nsubj|csubj|expl)(:|$)/;

/**
 * The Subject of a compiled main clause as the tree on its tokens shows it: the first nsubj/csubj/expl
 * dependent of the clause's head in the tree (the token whose head is outside the clause, or the root),
 * with its whole subtree, punctuation at either edge left out. Null when there is none.
 */
export function treeSubject(
  clause: AnnotatedClause,
  all: readonly Token[],
): { start: number; end: number } | null {
  const tokens = clause.syntactic.tokens;
  const starts = new Set(tokens.map((token) => token.start));
  const head =
    tokens.find((token) => token.headStart === null) ??
    tokens.find((token) => token.headStart !== null && !starts.has(token.headStart));
  if (head === undefined) return null;
  const subject = all.find((token) => token.headStart === head.start && SUBJECT.test(token.deprel));
  if (subject === undefined) return null;
  const inside = new Set<number>([subject.start]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const token of all) {
      if (token.headStart !== null && inside.has(token.headStart) && !inside.has(token.start)) {
        inside.add(token.start);
        grew = true;
      }
    }
  }
  const span = all.filter((token) => inside.has(token.start)).sort((a, b) => a.start - b.start);
  while (span.length > 1 && span[0]?.pos === 'PUNCT') span.shift();
  while (span.length > 1 && span[span.length - 1]?.pos === 'PUNCT') span.pop();
  const first = span[0];
  const last = span[span.length - 1];
  return first === undefined || last === undefined ? null : { start: first.start, end: last.end };
}

const squash = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
const pct = (ok: number, total: number) => (total === 0 ? 'n/a' : `${((ok / total) * 100).toFixed(1)}%`);
const tally = (counts: Map<string, number>, key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
const listed = (counts: Map<string, number>) =>
  [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([key, count]) => `${key} ${count}`)
    .join(', ');

/** Runs the tuning set and adds its rows; does nothing when the file is missing. */
export function reportTuningSet({ pipeline, path, data, row, verbose = false }: TuningOptions): void {
  const items = readTuningSet(path);
  if (items.length === 0) return;
  const texts = sentenceTexts(items, data);
  let total = 0;
  let moodOk = 0;
  let processOk = 0;
  let bandOk = 0;
  let subjectOk = 0;
  const moodConfusion = new Map<string, number>();
  const bandConfusion = new Map<string, number>();
  const perClass = new Map<
    string,
    { gold: number; predicted: number; ok: number; as: Map<string, number> }
  >();
  const entry = (type: string) => {
    const found = perClass.get(type) ?? { gold: 0, predicted: 0, ok: 0, as: new Map<string, number>() };
    perClass.set(type, found);
    return found;
  };
  const errors: string[] = [];
  for (const item of items) {
    const text = item.text ?? texts.get(`${item.source}/${item.sent_id}`);
    if (text === undefined) continue;
    total += 1;
    const clauses = pipeline.compile(text, { documentId: 'tuning' });
    const clause =
      clauses.find((candidate) => candidate.syntactic.dependency === 'independent') ?? clauses[0];
    const problems: string[] = [];
    const mood = clause?.interpersonal.mood ?? 'fragment';
    if (mood === item.mood) moodOk += 1;
    else {
      tally(moodConfusion, `${item.mood} -> ${mood}`);
      problems.push(`mood ${item.mood} -> ${mood}`);
    }
    const process = clause?.ideational.processType ?? 'none';
    entry(item.process_type).gold += 1;
    entry(process).predicted += 1;
    if (process === item.process_type) {
      processOk += 1;
      entry(process).ok += 1;
    } else {
      tally(entry(item.process_type).as, process);
      problems.push(
        `process ${item.process_type} -> ${process} (${clause?.ideational.rawTransitivity.matched ?? ''})`,
      );
    }
    const band = modalityBand(clause?.interpersonal.modalityWeight ?? 0);
    if (band === item.modality_band) bandOk += 1;
    else {
      tally(bandConfusion, `${item.modality_band} -> ${band}`);
      problems.push(`modality ${item.modality_band} -> ${band}`);
    }
    const tokens = clauses.flatMap((candidate) => candidate.syntactic.tokens);
    const predicted = clause === undefined ? null : treeSubject(clause, tokens);
    const goldSubject = item.subject === null ? '' : text.slice(item.subject.start, item.subject.end);
    const ourSubject = predicted === null ? '' : text.slice(predicted.start, predicted.end);
    if (squash(goldSubject) === squash(ourSubject)) subjectOk += 1;
    else problems.push(`subject "${goldSubject}" -> "${ourSubject}"`);
    if (problems.length > 0) errors.push(`${item.id} ${item.sent_id}: ${problems.join(' | ')}`);
  }
  const data_ = `tuning set, GUM + EWT train/dev (${total} main clauses)`;
  row('tuning set: mood accuracy, strict (7 labels, none mapped)', data_, pct(moodOk, total), 'n/a', '-');
  row('tuning set: mood confusion (gold -> ours)', data_, listed(moodConfusion) || 'none', 'n/a', '-');
  row('tuning set: process type accuracy', data_, pct(processOk, total), 'n/a', '-');
  for (const [type, counts] of [...perClass.entries()]
    .filter(([, counts]) => counts.gold > 0)
    .sort((a, b) => b[1].gold - a[1].gold)) {
    const confused = counts.as.size === 0 ? '' : `; as ${listed(counts.as)}`;
    row(
      `tuning set: process type = ${type}, recall / precision`,
      `tuning set (${counts.gold} gold, ${counts.predicted} predicted)`,
      `${pct(counts.ok, counts.gold)} / ${pct(counts.ok, counts.predicted)}${confused}`,
      'n/a',
      '-',
    );
  }
  row('tuning set: modality band accuracy', data_, pct(bandOk, total), 'n/a', '-');
  row(
    'tuning set: modality band confusion (gold -> ours)',
    data_,
    listed(bandConfusion) || 'none',
    'n/a',
    '-',
  );
  row(
    'tuning set: Subject exact match (nsubj/csubj/expl subtree of the main clause in the tree; none = none)',
    data_,
    pct(subjectOk, total),
    'n/a',
    '-',
  );
  if (verbose) for (const line of errors) console.log(line);
}
