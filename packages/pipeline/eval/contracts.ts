/**
 * Scores modality on real contract language against the hand-labelled CUAD samples
 * (eval/contracts-tuning.jsonl, eval/contracts-heldout.jsonl; see eval/CONTRACTS-SOURCE.md). Each line
 * labels the clause of its excerpt that holds `verb_offset`; the prediction is the compiled clause
 * with a token at that offset (else the first whose span covers it). Called from eval/run.ts (`--only contracts`; `--contract-errors` lists
 * the misses of the tuning sample, never of the held-out one).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { AnnotatedClause } from '@cae/core';
import nlp from 'compromise';
import type { Pipeline } from '../src/pipeline';

/** One line of a contract sample. */
export interface ContractItem {
  readonly id: string;
  readonly source: string;
  readonly start: number;
  readonly end: number;
  readonly text: string;
  readonly verb: string;
  readonly verb_offset: number;
  readonly deontic: 'obligation' | 'prohibition' | 'permission' | 'stipulation' | 'none';
  readonly definition: boolean;
  readonly band: 'none' | 'low' | 'median' | 'high';
  readonly type: string | null;
  readonly polarity?: 'positive' | 'negative';
}

export interface ContractOptions {
  readonly pipeline: Pipeline;
  /** Directory holding the two samples (eval/). */
  readonly dir: string;
  /** Adds a report row: measure, data, @cae/pipeline, compromise, target. */
  readonly row: (...cells: string[]) => void;
  /** Print every miss of the tuning sample. */
  readonly verbose?: boolean;
}

const num = (value: number) => value.toFixed(3);
const band = (weight: number) =>
  weight === 0 ? 'none' : weight < 0.45 ? 'low' : weight < 0.75 ? 'median' : 'high';

/** The weight floor of the headline query "every obligation": type obligation and weight >= 0.8. */
const OBLIGATION_FLOOR = 0.8;

/** Deontic class of a prediction, read the way a user's filter reads it. */
function predictedClass(clause: AnnotatedClause | undefined): ContractItem['deontic'] {
  const interpersonal = clause?.interpersonal;
  if (interpersonal === undefined || interpersonal.modalityWeight === 0) return 'none';
  const { modalityWeight: weight, modalityType: type, polarity } = interpersonal;
  if (type === 'obligation' && weight >= OBLIGATION_FLOOR)
    return polarity === 'negative' ? 'prohibition' : 'obligation';
  if (type === 'obligation' && weight < 0.45) return 'permission';
  // Median or high modality of another type states a future or a provision; low epistemic "may" or
  // ability "can" has no deontic meaning.
  return weight >= 0.45 ? 'stipulation' : 'none';
}

function readItems(path: string): ContractItem[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as ContractItem);
}

function auc(positive: readonly number[], negative: readonly number[]): number {
  let sum = 0;
  for (const p of positive) for (const n of negative) sum += p > n ? 1 : p === n ? 0.5 : 0;
  return positive.length * negative.length === 0 ? 0 : sum / (positive.length * negative.length);
}

function prf(tp: number, fp: number, fn: number): { p: number; r: number; f: number } {
  const p = tp + fp === 0 ? 0 : tp / (tp + fp);
  const r = tp + fn === 0 ? 0 : tp / (tp + fn);
  return { p, r, f: p + r === 0 ? 0 : (2 * p * r) / (p + r) };
}

const CLASSES = ['obligation', 'prohibition', 'permission', 'stipulation', 'none'] as const;

function reportSample(options: ContractOptions, file: string, data: string, verbose: boolean): void {
  const { pipeline, row } = options;
  const items = readItems(resolve(options.dir, file));
  const gold: ContractItem['deontic'][] = [];
  const ours: ContractItem['deontic'][] = [];
  const positives: number[] = [];
  const negatives: number[] = [];
  const theirsPositive: number[] = [];
  const theirsNegative: number[] = [];
  let definitions = 0;
  let definitionsModalised = 0;
  let bandOk = 0;
  let typeOk = 0;
  let typed = 0;
  const misses: string[] = [];
  for (const item of items) {
    const clauses = pipeline.compile(item.text, { documentId: item.id });
    // The clause with the verb among its own tokens (a parent's span also covers a clause embedded in it).
    const holds = (candidate: AnnotatedClause) =>
      candidate.syntactic.tokens.some(
        (token) => token.start <= item.verb_offset && item.verb_offset < token.end,
      );
    const clause =
      clauses.find(holds) ??
      clauses.find(
        (candidate) =>
          candidate.syntactic.start <= item.verb_offset && item.verb_offset < candidate.syntactic.end,
      ) ??
      clauses[0];
    const weight = clause?.interpersonal.modalityWeight ?? 0;
    const type = clause?.interpersonal.modalityType ?? null;
    const predicted = predictedClass(clause);
    gold.push(item.deontic);
    ours.push(predicted);
    if (band(weight) === item.band) bandOk += 1;
    if (item.type !== null) {
      typed += 1;
      if (type === item.type) typeOk += 1;
    }
    if (item.definition) {
      definitions += 1;
      if (weight > 0) definitionsModalised += 1;
    }
    const binding = item.deontic === 'obligation' || item.deontic === 'prohibition';
    const compromise = nlp(clause?.syntactic.text ?? item.text).has('#Modal') ? 1 : 0;
    if (binding) {
      positives.push(weight);
      theirsPositive.push(compromise);
    } else if (item.deontic !== 'permission') {
      negatives.push(weight);
      theirsNegative.push(compromise);
    }
    if (verbose && (predicted !== item.deontic || band(weight) !== item.band)) {
      const trace = clause?.interpersonal.reasoningTrace;
      const rule = trace?.rules.find((entry) => entry.label === 'modality_weight')?.rule ?? '?';
      misses.push(
        `  ${item.id} gold ${item.deontic}/${item.band}${item.definition ? '/def' : ''} ours ${predicted}/${band(weight)} ${weight} ${type ?? '-'} ${rule} | ${clause?.syntactic.text ?? ''}`,
      );
    }
  }
  let tp = 0;
  let fp = 0;
  let fn = 0;
  gold.forEach((label, index) => {
    const isGold = label === 'obligation' || label === 'prohibition';
    const guess = ours[index] === 'obligation' || ours[index] === 'prohibition';
    if (isGold && guess) tp += 1;
    else if (guess) fp += 1;
    else if (isGold) fn += 1;
  });
  const binding = prf(tp, fp, fn);
  const held = file.includes('heldout');
  row(
    `contract obligations (type obligation, weight >= ${OBLIGATION_FLOOR}) P / R / F1 (gold obligation + prohibition)`,
    data,
    `${num(binding.p)} / ${num(binding.r)} / ${num(binding.f)} (${tp + fn} gold, ${tp + fp} found)`,
    'n/a',
    held ? 'P >= 0.85, R >= 0.85' : '-',
  );
  row(
    'contract definitions modalised (means, shall mean, shall be deemed, shall include ...)',
    data,
    `${definitionsModalised} of ${definitions}`,
    'n/a',
    '0',
  );
  row(
    'AUC modality_weight, obligation + prohibition vs no deontic meaning (stipulation, none, definitions)',
    data,
    num(auc(positives, negatives)),
    num(auc(theirsPositive, theirsNegative)),
    '-',
  );
  const perClass = CLASSES.map((label) => {
    let classTp = 0;
    let classFp = 0;
    let classFn = 0;
    gold.forEach((value, index) => {
      const guess = ours[index];
      if (guess === label && value === label) classTp += 1;
      else if (guess === label) classFp += 1;
      else if (value === label) classFn += 1;
    });
    const score = prf(classTp, classFp, classFn);
    return `${label} (${classTp + classFn}) ${num(score.p)} / ${num(score.r)} / ${num(score.f)}`;
  });
  row('contract deontic class P / R / F1 per class (gold count)', data, perClass.join('; '), 'n/a', '-');
  const table = new Map<string, Map<string, number>>();
  gold.forEach((label, index) => {
    const line = table.get(label) ?? new Map<string, number>();
    const guess = ours[index] ?? '?';
    line.set(guess, (line.get(guess) ?? 0) + 1);
    table.set(label, line);
  });
  row(
    'contract deontic class confusion (gold: ours)',
    data,
    CLASSES.filter((label) => table.has(label))
      .map(
        (label) =>
          `${label}: ${[...(table.get(label) ?? new Map<string, number>()).entries()]
            .sort((a, b) => b[1] - a[1])
            .map(([guess, count]) => `${guess} ${count}`)
            .join(', ')}`,
      )
      .join('; '),
    'n/a',
    '-',
  );
  row(
    'contract modality band accuracy / type accuracy (modalised gold)',
    data,
    `${num(bandOk / items.length)} / ${typed === 0 ? 'n/a' : num(typeOk / typed)} (${items.length} / ${typed} clauses)`,
    'n/a',
    '-',
  );
  for (const miss of misses) console.log(miss);
}

/** Reports the tuning sample, then the held-out sample (aggregate figures only). */
export function reportContracts(options: ContractOptions): void {
  reportSample(
    options,
    'contracts-tuning.jsonl',
    'CUAD contract sample, tuning (147)',
    options.verbose === true,
  );
  reportSample(
    options,
    'contracts-heldout.jsonl',
    'CUAD contract sample, held out (103, not tuned on)',
    false,
  );
}
