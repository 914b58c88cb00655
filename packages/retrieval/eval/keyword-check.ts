/**
 * Keyword-only nDCG@10 through the store's own keyword path (`Store.keywordRanking`, as `POST
 * /retrieve` with mode keyword reads it: the best 100 clauses, documents by their best clause), on an
 * eval store directory as it is, without re-ingesting: run it on a COPY of one
 * (cae-retrieval-eval-store-* under the temp directory; the store is migrated on open).
 * Run: [DEPTH=1000] pnpm --filter @cae/retrieval exec tsx --conditions=@cae/source eval/keyword-check.ts SET STORE_COPY SPLIT [JSON list of KeywordSearchOptions]
 * (DEPTH, default 100: a list too short after the postings cap is ranked again exactly, so 1000 deep
 * ranks more queries exactly than 100 deep.)
 * Each variant is ranked by SQL (`useSearchCache: false`) and, when it says so (`"cache": true`),
 * from the search cache too, and their document lists compared.
 */
import { createStore, type KeywordSearchOptions } from '@cae/store-drizzle';
import { loadBeirSet, type Split } from './eval-data';
import { documentsByBestClause, mean, ndcgAt } from './eval-metrics';

const [name, dir, split, list] = process.argv.slice(2) as [
  'scifact' | 'negconstraint',
  string,
  Split,
  string?,
];
if (!split) throw new Error('usage: keyword-check.ts SET STORE_COPY SPLIT [JSON list of options]');
const variants = JSON.parse(list ?? '[{}]') as (KeywordSearchOptions & { cache?: boolean })[];
const set = await loadBeirSet(name, split);
const store = await createStore({ url: `file://${dir}`, semanticEdges: false });
/** Clauses read per query (DEPTH=1000 as eval/run.ts reads its keyword lists: 1000 deep, then cut). */
const DEPTH = Number(process.env.DEPTH ?? 100);
for (const { cache, ...options } of variants) {
  const run = async (useSearchCache: boolean) => {
    if (useSearchCache) await store.searchCache.refresh();
    const started = performance.now();
    const scores: number[] = [];
    const lists: string[][] = [];
    for (const query of set.queries) {
      const ranked = await store.keywordRanking(query.text, {}, DEPTH, { ...options, useSearchCache });
      const rows = await store.candidatesByIds(ranked.map((row) => row.clauseId));
      const documentOf = new Map(rows.map((row) => [row.clauseId, row.documentId]));
      const documents = documentsByBestClause(ranked.map((row) => documentOf.get(row.clauseId)!));
      lists.push(documents.slice(0, 10));
      scores.push(ndcgAt(documents, set.qrels.get(query.id)!, 10));
    }
    return { ndcg: mean(scores), lists, ms: (performance.now() - started) / set.queries.length };
  };
  const sqlRun = await run(false);
  let line = `${JSON.stringify(options)}\t${split}\tnDCG@10 ${sqlRun.ndcg.toFixed(4)}\t${sqlRun.ms.toFixed(1)} ms/query (SQL)`;
  if (cache) {
    const cached = await run(true);
    const same = cached.lists.filter((l, i) => l.join() === sqlRun.lists[i]!.join()).length;
    line += `\tcache ${cached.ndcg.toFixed(4)} ${cached.ms.toFixed(1)} ms/query, same top 10 ${same}/${set.queries.length}`;
  }
  console.log(line);
}
await store.close();
