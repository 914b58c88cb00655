import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { evalDataDir } from '../../../scripts/eval-data-dir';

/** Root of the shared evaluation data (never copied into the repository). */
export const DATA_ROOT = process.env.CAE_EVAL_DATA ?? evalDataDir();

export interface BeirDocument {
  id: string;
  title: string;
  text: string;
}

export interface BeirSet {
  name: string;
  corpus: BeirDocument[];
  queries: { id: string; text: string }[];
  /** query id -> document id -> relevance grade. */
  qrels: Map<string, Map<string, number>>;
}

async function jsonLines<T>(path: string): Promise<T[]> {
  const text = await readFile(path, 'utf8');
  return text
    .split('\n')
    .filter((line) => line.trim().length > 0)
    .map((line) => JSON.parse(line) as T);
}

async function qrelsFile(path: string): Promise<Map<string, Map<string, number>>> {
  const qrels = new Map<string, Map<string, number>>();
  const lines = (await readFile(path, 'utf8')).split('\n').slice(1);
  for (const line of lines) {
    const [queryId, documentId, score] = line.trim().split('\t');
    if (!queryId || !documentId) continue;
    let row = qrels.get(queryId);
    if (!row) {
      row = new Map();
      qrels.set(queryId, row);
    }
    row.set(documentId, Number(score));
  }
  return qrels;
}

export type Split = 'train' | 'test';

/**
 * A BEIR set with the split the data README prescribes: SciFact train/test files; NegConstraint
 * even query ids for tuning, odd ones for reporting.
 */
export async function loadBeirSet(name: 'scifact' | 'negconstraint', split: Split): Promise<BeirSet> {
  const dir = join(DATA_ROOT, 'retrieval', name);
  const corpus = (
    await jsonLines<{ _id: string; title?: string; text: string }>(join(dir, 'corpus.jsonl'))
  ).map((row) => ({ id: String(row._id), title: row.title ?? '', text: row.text }));
  if (name === 'scifact') {
    const queries = await jsonLines<{ _id: string; text: string }>(
      join(dir, split === 'train' ? 'queries_train.jsonl' : 'queries.jsonl'),
    );
    const qrels = await qrelsFile(join(dir, split === 'train' ? 'qrels_train.tsv' : 'qrels.tsv'));
    return {
      name,
      corpus,
      queries: queries
        .filter((query) => qrels.has(String(query._id)))
        .map((q) => ({ id: String(q._id), text: q.text })),
      qrels,
    };
  }
  const parity = split === 'train' ? 0 : 1;
  const queries = (await jsonLines<{ _id: string; text: string }>(join(dir, 'queries.jsonl')))
    .map((q) => ({ id: String(q._id), text: q.text }))
    .filter((query) => Number(query.id) % 2 === parity);
  const qrels = await qrelsFile(join(dir, 'qrels.tsv'));
  return { name, corpus, queries: queries.filter((query) => qrels.has(query.id)), qrels };
}

/** Graded NegConstraint judgements: 2 for the passage that satisfies the constraint, 0 for the one that violates it. */
export async function loadNegConstraintGraded(): Promise<Map<string, Map<string, number>>> {
  return qrelsFile(join(DATA_ROOT, 'retrieval', 'negconstraint', 'qrels_graded.tsv'));
}
