/**
 * Fusion settings compared in process over recorded lists (record-lists.ts): weighted RRF with the
 * vector weight, RRF k and the vector list's depth varied.
 * Run: pnpm --filter @cae/retrieval exec tsx eval/tune-fusion-offline.ts FILE,FILE [split]
 */
import { reciprocalRankFusion } from '../src/rank-fusion';
import { documentsByBestClause, mean, ndcgAt } from './eval-metrics';
import { type RecordedQuery as Query, readRecordedLists } from './recorded-lists';

const sets = readRecordedLists(process.argv[2]!, process.argv[3] ?? 'train');

interface Setting {
  weight: number;
  k: number;
  vectorDepth: number;
}
function score(queries: Query[], setting: Setting): number {
  const values: number[] = [];
  for (const query of queries) {
    const documentOf = new Map<string, string>();
    for (const [id, document] of [...query.keyword, ...query.vector]) documentOf.set(id, document);
    let ranked: string[];
    if (setting.weight === 0) ranked = query.keyword.map(([id]) => id);
    else {
      const fused = reciprocalRankFusion(
        [
          query.vector
            .slice(0, setting.vectorDepth)
            .map(([id]) => id)
            .filter((id) => !process.env.RERANK || query.keyword.some(([other]) => other === id)),
          query.keyword.map(([id]) => id),
        ],
        { k: setting.k, weights: [setting.weight, 1] },
      );
      ranked = fused.slice(0, 200).map((item) => item.id);
    }
    const documents = documentsByBestClause(ranked.map((id) => documentOf.get(id)!));
    values.push(ndcgAt(documents, new Map(query.qrels), 10));
  }
  return mean(values);
}

const show = (label: string, setting: Setting) => {
  const figures = sets.map((queries) => score(queries, setting));
  console.log(
    `${label}\t${figures.map((value) => value.toFixed(4)).join('\t')}\tmean ${mean(figures).toFixed(4)}`,
  );
};
const vectorOnly = sets.map((queries) =>
  mean(
    queries.map((query) =>
      ndcgAt(documentsByBestClause(query.vector.map(([, document]) => document)), new Map(query.qrels), 10),
    ),
  ),
);
console.log(`vector only\t${vectorOnly.map((value) => value.toFixed(4)).join('\t')}`);
show('keyword only', { weight: 0, k: 60, vectorDepth: 100 });
for (const k of (process.env.KS ?? '60').split(',').map(Number))
  for (const vectorDepth of (process.env.DEPTHS ?? '100').split(',').map(Number))
    for (const weight of (process.env.WEIGHTS ?? '0.01,0.02,0.03,0.04,0.05,0.07,0.1,0.15,0.2')
      .split(',')
      .map(Number))
      show(`k ${k} depth ${vectorDepth} weight ${weight}`, { weight, k, vectorDepth });
