/**
 * How clause segmentation holds on real contracts: a fixed sample of CUAD contracts (`cuad-0001.txt` to
 * `cuad-0400.txt` only; the later ones are kept out of tuning) compiled as plain text, with figures on
 * the clauses that come out: how many, how long, how many are cut at an opening parenthesis, made of
 * punctuation alone, run on past 500 characters, or marked as headings. Called from eval/run.ts
 * (`--only segmentation`; `--segmentation-errors` prints examples of each kind of miss).
 */
import { existsSync, readFileSync } from 'node:fs';
import type { AnnotatedClause } from '@cae/core';
import type { Pipeline } from '../src/pipeline';

export interface SegmentationOptions {
  readonly pipeline: Pipeline;
  /** The evaluation data directory (contracts/cuad/ inside it). */
  readonly data: string;
  /** Adds a report row: measure, data, @cae/pipeline, compromise, target. */
  readonly row: (...cells: string[]) => void;
  /** Print a few clauses of each kind counted as a miss. */
  readonly verbose?: boolean;
}

/** Every tenth contract of cuad-0001 to cuad-0400: cuad-0005, cuad-0015, ..., cuad-0395 (40 contracts). */
export const SEGMENTATION_SAMPLE: readonly string[] = Array.from(
  { length: 40 },
  (_, index) => `cuad-${String(index * 10 + 5).padStart(4, '0')}`,
);

const WORD = /[\p{L}\p{N}]/u;

/** Figures of one compile run over the sample. */
export interface SegmentationFigures {
  readonly contracts: number;
  readonly characters: number;
  readonly clauses: number;
  readonly meanTokens: number;
  readonly medianTokens: number;
  readonly shortShare: number;
  readonly openParen: number;
  readonly punctuationOnly: number;
  readonly long: number;
  readonly headings: number;
  readonly headingParents: number;
}

/** Measures the clauses of already compiled documents (tokens counted are all tokens, words those with a letter or digit). */
export function measureSegmentation(
  documents: readonly (readonly AnnotatedClause[])[],
  characters: number,
  examples?: Map<string, string[]>,
): SegmentationFigures {
  const lengths: number[] = [];
  let short = 0;
  let openParen = 0;
  let punctuationOnly = 0;
  let long = 0;
  let headings = 0;
  let headingParents = 0;
  const note = (kind: string, text: string) => {
    if (examples === undefined) return;
    const list = examples.get(kind) ?? [];
    if (list.length < 8) list.push(text.replace(/\s+/g, ' ').slice(0, 160));
    examples.set(kind, list);
  };
  for (const clauses of documents) {
    for (const clause of clauses) {
      const tokens = clause.syntactic.tokens;
      lengths.push(tokens.length);
      let words = 0;
      for (const token of tokens) if (WORD.test(token.text)) words += 1;
      if (words <= 4) short += 1;
      if (words === 0) {
        punctuationOnly += 1;
        note('punctuation only', clause.text);
      }
      if (tokens[tokens.length - 1]?.text === '(') {
        openParen += 1;
        note('ends with "("', clause.text);
      }
      if (clause.text.length > 500) {
        long += 1;
        note('> 500 characters', clause.text);
      }
      if (clause.interpersonal.reasoningTrace.inferenceRule === 'MOOD.HEADING') {
        headings += 1;
        note('heading', clause.text);
      }
      if (clause.syntactic.relation === 'heading') headingParents += 1;
    }
  }
  const sorted = [...lengths].sort((a, b) => a - b);
  const count = lengths.length;
  return {
    contracts: documents.length,
    characters,
    clauses: count,
    meanTokens: count === 0 ? 0 : lengths.reduce((a, b) => a + b, 0) / count,
    medianTokens:
      count === 0 ? 0 : (sorted[Math.floor((count - 1) / 2)]! + sorted[Math.ceil((count - 1) / 2)]!) / 2,
    shortShare: count === 0 ? 0 : short / count,
    openParen,
    punctuationOnly,
    long,
    headings,
    headingParents,
  };
}

/** Compiles the sample and adds its rows to the report. */
export function reportSegmentation(options: SegmentationOptions): SegmentationFigures | null {
  const { pipeline, data, row, verbose = false } = options;
  const documents: AnnotatedClause[][] = [];
  let characters = 0;
  for (const name of SEGMENTATION_SAMPLE) {
    const path = `${data}/contracts/cuad/${name}.txt`;
    if (!existsSync(path)) continue;
    const text = readFileSync(path, 'utf8');
    characters += text.length;
    documents.push(pipeline.compile(text, { documentId: name }));
  }
  if (documents.length === 0) return null;
  const examples = verbose ? new Map<string, string[]>() : undefined;
  const figures = measureSegmentation(documents, characters, examples);
  const data_ = `CUAD sample (${figures.contracts} contracts of 0001-0400, ${(characters / 1e6).toFixed(2)} M chars)`;
  const share = (value: number) => `${(value * 100).toFixed(2)}%`;
  const per = (value: number) => `${value} (${share(value / figures.clauses)})`;
  row('clauses', data_, String(figures.clauses), 'n/a', '-');
  row(
    'tokens per clause, mean / median',
    data_,
    `${figures.meanTokens.toFixed(2)} / ${figures.medianTokens}`,
    'n/a',
    '-',
  );
  row('clauses of four words or fewer', data_, share(figures.shortShare), 'n/a', '-');
  row('clauses ending with an opening parenthesis', data_, per(figures.openParen), 'n/a', '0');
  row('clauses of punctuation alone', data_, per(figures.punctuationOnly), 'n/a', '0');
  row('clauses longer than 500 characters', data_, per(figures.long), 'n/a', '-');
  row(
    'clauses marked heading (MOOD.HEADING) / clauses with a heading as parent',
    data_,
    `${figures.headings} / ${figures.headingParents}`,
    'n/a',
    '-',
  );
  if (examples !== undefined)
    for (const [kind, list] of examples) {
      console.log(`\n${kind}:`);
      for (const text of list) console.log(`  ${text}`);
    }
  return figures;
}
