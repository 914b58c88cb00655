/**
 * Score-aware fusion compared in process over recorded lists (record-lists.ts): the keyword list's
 * near-ties (score within `tolerance` times the top score) share a rank before weighted RRF, so the
 * vector list re-orders only where the keyword scores cannot tell clauses apart.
 * Run: pnpm --filter @cae/retrieval exec tsx eval/tune-fusion-ties.ts FILE,FILE [split]
 */
import { documentsByBestClause, mean, ndcgAt, rankedByScore } from './eval-metrics';
import { type RecordedQuery as Query, readRecordedLists } from './recorded-lists';

const sets = readRecordedLists(process.argv[2]!, process.argv[3] ?? 'train');

function score(queries: Query[], weight: number, tolerance: number, k = 60): number {
  const values: number[] = [];
  for (const query of queries) {
    const documentOf = new Map<string, string>();
    for (const [id, document] of [...query.keyword, ...query.vector]) documentOf.set(id, document);
    const fused = new Map<string, number>();
    const top = query.keyword[0]?.[2] ?? 0;
    let j = 0;
    query.keyword.forEach(([id, , s], i) => {
      // rank = 1 + number of clauses scoring more than s + tolerance * top (the list is sorted).
      while (j < i && query.keyword[j]![2] > s + tolerance * top) j++;
      // j: first index within tolerance above s; items before j score clearly more.
      fused.set(id, 1 / (k + j + 1));
    });
    query.vector.forEach(([id], i) => {
      fused.set(id, (fused.get(id) ?? 0) + weight / (k + i + 1));
    });
    const keywordRank = new Map(query.keyword.map(([id], i) => [id, i]));
    const ranked = rankedByScore(fused, keywordRank);
    const documents = documentsByBestClause(ranked.map((id) => documentOf.get(id)!));
    values.push(ndcgAt(documents, new Map(query.qrels), 10));
  }
  return mean(values);
}

const keywordOnly = sets.map((queries) => score(queries, 0, 0));
console.log(`keyword only\t${keywordOnly.map((v) => v.toFixed(4)).join('\t')}`);
for (const tolerance of (process.env.TOLERANCES ?? '0,0.005,0.01,0.02,0.03,0.05').split(',').map(Number))
  for (const weight of (process.env.WEIGHTS ?? '0.01,0.015,0.02,0.05,0.1').split(',').map(Number)) {
    const figures = sets.map((queries) => score(queries, weight, tolerance));
    console.log(
      `tolerance ${tolerance} weight ${weight}\t${figures.map((v) => v.toFixed(4)).join('\t')}\t${figures.map((v, i) => (v - keywordOnly[i]! >= 0 ? '+' : '') + (v - keywordOnly[i]!).toFixed(4)).join('\t')}`,
    );
  }
