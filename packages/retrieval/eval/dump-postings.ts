/**
 * Dumps an eval store's BM25 postings and the queries' lexemes to a JSON file, so keyword ranking
 * experiments (tune-keyword.ts) run in process without querying the store per setting.
 * Run: pnpm --filter @cae/retrieval exec tsx --conditions=@cae/source eval/dump-postings.ts --set scifact --out FILE
 */
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPipeline } from '@cae/pipeline';
import { databaseOf } from '../../store-drizzle/src/store';
import { createLocalEmbedder } from '../src/embedder-local';
import { loadBeirSet } from './eval-data';
import { openCorpusStore } from './eval-ingest';

const args = process.argv.slice(2);
const option = (name: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
};
const name = (option('set') ?? 'scifact') as 'scifact' | 'negconstraint';
const out = option('out')!;
const embedder = createLocalEmbedder({
  cacheDir: process.env.CAE_EMBEDDINGS_DIR ?? join(tmpdir(), 'cae-retrieval-eval-embeddings'),
});
await embedder.load();
const [train, test] = await Promise.all([loadBeirSet(name, 'train'), loadBeirSet(name, 'test')]);
const { store, storeDir, reused } = await openCorpusStore({
  name,
  corpus: train.corpus,
  pipeline: createPipeline(),
  embedder,
});
console.log('reused', reused);
console.log(storeDir);
// The PGlite client under the store's drizzle database: raw SQL text with $n parameters.
const client = (
  databaseOf(store) as unknown as {
    $client: { query: (text: string, params?: unknown[]) => Promise<{ rows: unknown[] }> };
  }
).$client;
const queryRows = async <T>(_db: unknown, q: { text: string; params: unknown[] }): Promise<T[]> =>
  (await client.query(q.text, q.params)).rows as T[];
const db = null;
/** A tagged template as parameterized SQL text (values become $1, $2, ...). */
const sql = (strings: TemplateStringsArray, ...values: unknown[]) => ({
  text: strings.reduce((text, part, i) => text + (i > 0 ? `$${i}` : '') + part, ''),
  params: values,
});
const clauses = await queryRows<{ id: string; d: string; s: number; c: number }>(
  db,
  sql`SELECT id::text AS id, document_id AS d, sentence_index AS s, clause_index AS c FROM clauses ORDER BY id`,
);
const [stats] = await queryRows<Record<string, number>>(
  db,
  sql`SELECT greatest(coalesce(sum(clause_count), 0), 1)::float8 AS n,
          greatest(coalesce(sum(term_count), 0), 1)::float8 / greatest(coalesce(sum(clause_count), 0), 1)::float8 AS avgdl,
          greatest(count(*) FILTER (WHERE clause_count > 0), 1)::float8 AS documents,
          greatest(coalesce(sum(term_count), 0), 1)::float8 / greatest(count(*) FILTER (WHERE clause_count > 0), 1)::float8 AS document_avgdl
        FROM documents`,
);
const termStats = await queryRows<{ term: string; df: number; ddf: number }>(
  db,
  sql`SELECT term, df, document_df AS ddf FROM term_stats ORDER BY term`,
);
const clausePostings: Record<string, string> = {};
const documentPostings: Record<string, string> = {};
for (let from = 0; from < termStats.length; from += 5000) {
  const first = termStats[from]!.term;
  const last = termStats[Math.min(from + 5000, termStats.length) - 1]!.term;
  const rows = await queryRows<{ term: string; p: string }>(
    db,
    sql`SELECT term, string_agg(clause_id::text || ' ' || frequency || ' ' || clause_length, ' ' ORDER BY impact DESC NULLS LAST, clause_id) AS p
      FROM clause_terms WHERE term BETWEEN ${first} AND ${last} GROUP BY term`,
  );
  for (const row of rows) clausePostings[row.term] = row.p;
  const documentRows = await queryRows<{ term: string; p: string }>(
    db,
    sql`SELECT term, string_agg(document_id || ' ' || frequency || ' ' || document_length, ' ' ORDER BY impact DESC NULLS LAST, document_id) AS p
      FROM document_terms WHERE term BETWEEN ${first} AND ${last} GROUP BY term`,
  );
  for (const row of documentRows) documentPostings[row.term] = row.p;
}
const lexemes = async (text: string) => {
  const [row] = await queryRows<{ terms: string[] | string }>(
    db,
    sql`SELECT ARRAY(SELECT DISTINCT lexeme FROM unnest(to_tsvector('english', ${text}))) AS terms`,
  );
  const value = row!.terms;
  return Array.isArray(value)
    ? value
    : value
        .replace(/^\{|\}$/g, '')
        .split(',')
        .filter(Boolean);
};
const queries: Record<string, { id: string; terms: string[]; qrels: [string, number][] }[]> = {};
for (const [split, set] of [
  ['train', train],
  ['test', test],
] as const) {
  queries[split] = [];
  for (const query of set.queries)
    queries[split].push({
      id: query.id,
      terms: await lexemes(query.text),
      qrels: [...set.qrels.get(query.id)!],
    });
}
await writeFile(
  out,
  JSON.stringify({ clauses, stats, termStats, clausePostings, documentPostings, queries }),
);
await store.close();
console.log('dumped', clauses.length, 'clauses', termStats.length, 'terms');
