/**
 * Query-adaptive and score-based fusions compared in process over recorded lists (record-lists.ts,
 * `--depth 1000`), as eval/run.ts measures them: keyword-only is the keyword list 1000 deep; hybrid
 * fuses the first 100 clauses of each list and keeps 200. Chooses on train (both sets together);
 * `test` only to report the chosen setting once.
 * Run: pnpm --filter @cae/retrieval exec tsx --conditions=@cae/source eval/tune-fusion-adaptive.ts SCIFACT.json,NEGCONSTRAINT.json [split]
 */
import { documentsByBestClause, mean, ndcgAt, rankedByScore } from './eval-metrics';
import { type RecordedQuery as Query, readRecordedLists } from './recorded-lists';

const split = process.argv[3] ?? 'train';
const sets = readRecordedLists(process.argv[2]!, split);
const K = 60;
const DEPTH = 100;

type Fusion = (query: Query) => string[];

/** Documents of a list, first occurrence. */
const topDocuments = (rows: Query['keyword'], count: number) =>
  documentsByBestClause(rows.map(([, document]) => document)).slice(0, count);

function rrf(query: Query, vectorWeight: number, keywordWeight = 1): string[] {
  const scores = new Map<string, number>();
  const keywordRank = new Map<string, number>();
  query.keyword.slice(0, DEPTH).forEach(([id], index) => {
    keywordRank.set(id, index);
    scores.set(id, keywordWeight / (K + index + 1));
  });
  if (vectorWeight > 0)
    query.vector.slice(0, DEPTH).forEach(([id], index) => {
      scores.set(id, (scores.get(id) ?? 0) + vectorWeight / (K + index + 1));
    });
  return rankedByScore(scores, keywordRank);
}

/** Score fusion: each list's scores min-max (or z) normalised over its first DEPTH clauses; absent = 0 (min). */
function combSum(
  query: Query,
  vectorWeight: number,
  norm: 'minmax' | 'z' | 'max',
  mnz = false,
  depth = DEPTH,
): string[] {
  const scores = new Map<string, number>();
  const hits = new Map<string, number>();
  const keywordRank = new Map<string, number>();
  const add = (rows: Query['keyword'], weight: number, isKeyword: boolean) => {
    const list = rows.slice(0, depth);
    if (list.length === 0) return;
    const values = list.map(([, , s]) => s);
    const max = Math.max(...values);
    const min = Math.min(...values);
    const m = mean(values);
    const sd = Math.sqrt(mean(values.map((v) => (v - m) ** 2))) || 1;
    list.forEach(([id, , s], index) => {
      if (isKeyword) keywordRank.set(id, index);
      const n =
        norm === 'minmax'
          ? max > min
            ? (s - min) / (max - min)
            : 1
          : norm === 'max'
            ? s / max
            : (s - m) / sd;
      scores.set(id, (scores.get(id) ?? 0) + weight * n);
      hits.set(id, (hits.get(id) ?? 0) + 1);
    });
  };
  add(query.keyword, 1, true);
  add(query.vector, vectorWeight, false);
  return rankedByScore(
    [...scores.entries()].map(([id, s]) => [id, mnz ? s * hits.get(id)! : s] as const),
    keywordRank,
  );
}

/** Share of the first `count` documents of the keyword list also among the vector list's first `count`. */
function agreement(query: Query, count: number): number {
  const keyword = topDocuments(query.keyword.slice(0, DEPTH), count);
  const vector = new Set(topDocuments(query.vector.slice(0, DEPTH), count));
  return keyword.length === 0 ? 0 : keyword.filter((id) => vector.has(id)).length / count;
}

/** 1 - (score of the keyword list's `count`-th document / score of its first): how clearly BM25 separates its top. */
function keywordMargin(query: Query, count: number): number {
  const seen = new Set<string>();
  const scores: number[] = [];
  for (const [, document, score] of query.keyword) {
    if (seen.has(document)) continue;
    seen.add(document);
    scores.push(score);
    if (scores.length >= count) break;
  }
  if (scores.length === 0 || scores[0]! <= 0) return 0;
  return 1 - scores[scores.length - 1]! / scores[0]!;
}

function evaluate(fusion: Fusion | 'keyword' | 'vector'): number[] {
  return sets.map((queries) =>
    mean(
      queries.map((query) => {
        const documentOf = new Map<string, string>();
        for (const [id, document] of [...query.keyword, ...query.vector]) documentOf.set(id, document);
        const ranked =
          fusion === 'keyword'
            ? query.keyword.map(([id]) => id)
            : fusion === 'vector'
              ? query.vector.map(([id]) => id)
              : fusion(query);
        return ndcgAt(
          documentsByBestClause(ranked.map((id) => documentOf.get(id)!)),
          new Map(query.qrels),
          10,
        );
      }),
    ),
  );
}

const keywordOnly = evaluate('keyword');
const show = (label: string, figures: number[]) =>
  console.log(
    `${label}\t${figures.map((v) => v.toFixed(4)).join('\t')}\t${figures
      .map((v, i) => (v - keywordOnly[i]! >= 0 ? '+' : '') + (v - keywordOnly[i]!).toFixed(4))
      .join('\t')}\tmin gain ${Math.min(...figures.map((v, i) => v - keywordOnly[i]!)).toFixed(4)}`,
  );
show(`${split} keyword only`, keywordOnly);
show(`${split} vector only`, evaluate('vector'));

const only = process.env.ONLY;
const run = (label: string, fusion: Fusion) => {
  if (only && !label.startsWith(only)) return;
  show(label, evaluate(fusion));
};
const list = (name: string, fallback: string) => (process.env[name] ?? fallback).split(',').map(Number);

for (const w of list('WEIGHTS', '0.01,0.015,0.02,0.05,0.1,0.2,0.5,1')) run(`rrf w ${w}`, (q) => rrf(q, w));
for (const count of list('COUNTS', '5,10'))
  for (const w0 of list('W0', '0,0.015'))
    for (const w1 of list('W1', '0.1,0.2,0.5,1')) {
      run(`agree+ n ${count} w ${w0}+${w1}*a`, (q) => rrf(q, w0 + w1 * agreement(q, count)));
      run(`agree- n ${count} w ${w0}+${w1}*(1-a)`, (q) => rrf(q, w0 + w1 * (1 - agreement(q, count))));
    }
for (const count of list('MCOUNTS', '2,5,10'))
  for (const w0 of list('W0', '0,0.015'))
    for (const w1 of list('W1', '0.1,0.2,0.5,1')) {
      run(`margin- n ${count} w ${w0}+${w1}*(1-m)`, (q) => rrf(q, w0 + w1 * (1 - keywordMargin(q, count))));
      run(`margin+ n ${count} w ${w0}+${w1}*m`, (q) => rrf(q, w0 + w1 * keywordMargin(q, count)));
    }
for (const w of list('SWEIGHTS', '0.05,0.1,0.2,0.3,0.5,1')) {
  for (const depth of list('SDEPTHS', '100'))
    run(`combsum minmax depth ${depth} w ${w}`, (q) => combSum(q, w, 'minmax', false, depth));
  run(`combsum max w ${w}`, (q) => combSum(q, w, 'max'));
  run(`combsum z w ${w}`, (q) => combSum(q, w, 'z'));
  run(`combmnz minmax w ${w}`, (q) => combSum(q, w, 'minmax', true));
}
