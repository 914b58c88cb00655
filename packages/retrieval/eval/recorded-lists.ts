import { readFileSync } from 'node:fs';

/** A clause of a recorded list: clause id, document id, score. */
export type RecordedRow = [string, string, number];

/** One query's keyword and vector lists as record-lists.ts writes them, with its relevance judgements. */
export interface RecordedQuery {
  id: string;
  qrels: [string, number][];
  keyword: RecordedRow[];
  vector: RecordedRow[];
}

/** The queries of `split` in each file written by record-lists.ts (FILE,FILE as given on the command line). */
export function readRecordedLists(files: string, split: string): RecordedQuery[][] {
  return files
    .split(',')
    .map((file) => (JSON.parse(readFileSync(file, 'utf8')) as Record<string, RecordedQuery[]>)[split]!);
}
