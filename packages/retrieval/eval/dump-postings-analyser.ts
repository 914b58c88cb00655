/**
 * Analyser experiments: ingests a set's corpus (no embeddings) into a fresh PGlite store whose
 * clause tsvector uses another text search configuration (`--variant`: porter, the original Porter
 * stemmer with the English stop words; nostop, the English Snowball stemmer without stop words;
 * simple, no stemming, English stop words; english, a copy of today's configuration as a control),
 * then dumps its postings and the queries' lexemes as dump-postings.ts does, for tune-keyword.ts.
 * The store goes to $TMPDIR/kw4-analyser-SET-VARIANT (replaced on each run).
 * Run: pnpm --filter @cae/retrieval exec tsx --conditions=@cae/source eval/dump-postings-analyser.ts --set negconstraint --variant porter --out FILE
 */
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPipeline } from '@cae/pipeline';
import { createStore } from '@cae/store-drizzle';
import { databaseOf } from '../../store-drizzle/src/store';
import { loadBeirSet } from './eval-data';
import { ingestCorpus } from './eval-ingest';

const args = process.argv.slice(2);
const option = (name: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
};
const name = (option('set') ?? 'scifact') as 'scifact' | 'negconstraint';
const out = option('out')!;
const variant = option('variant')!;
const CONFIGS: Record<string, string> = {
  porter: `CREATE TEXT SEARCH DICTIONARY exp_dict (TEMPLATE = snowball, Language = porter, StopWords = english);
    CREATE TEXT SEARCH CONFIGURATION cae_exp (COPY = english);
    ALTER TEXT SEARCH CONFIGURATION cae_exp ALTER MAPPING REPLACE english_stem WITH exp_dict;`,
  nostop: `CREATE TEXT SEARCH DICTIONARY exp_dict (TEMPLATE = snowball, Language = english);
    CREATE TEXT SEARCH CONFIGURATION cae_exp (COPY = english);
    ALTER TEXT SEARCH CONFIGURATION cae_exp ALTER MAPPING REPLACE english_stem WITH exp_dict;`,
  simple: `CREATE TEXT SEARCH DICTIONARY exp_dict (TEMPLATE = simple, StopWords = english);
    CREATE TEXT SEARCH CONFIGURATION cae_exp (COPY = english);
    ALTER TEXT SEARCH CONFIGURATION cae_exp ALTER MAPPING REPLACE english_stem WITH exp_dict;`,
  english: `CREATE TEXT SEARCH CONFIGURATION cae_exp (COPY = english);`,
};
const [train, test] = await Promise.all([loadBeirSet(name, 'train'), loadBeirSet(name, 'test')]);
const storeDir = join(tmpdir(), `kw4-analyser-${name}-${variant}`);
await rm(storeDir, { recursive: true, force: true });
const store = await createStore({ url: `file://${storeDir}`, semanticEdges: false });
// The PGlite client under the store's drizzle database: raw SQL text with $n parameters.
const client = (
  databaseOf(store) as unknown as {
    $client: { query: (text: string, params?: unknown[]) => Promise<{ rows: unknown[] }> };
  }
).$client;
const queryRows = async <T>(_db: unknown, q: { text: string; params: unknown[] }): Promise<T[]> =>
  (await client.query(q.text, q.params)).rows as T[];
const db = null;
const raw = client as unknown as { exec: (text: string) => Promise<unknown> };
await raw.exec(CONFIGS[variant]!);
await raw.exec(`ALTER TABLE clauses DROP COLUMN tsv;
  ALTER TABLE clauses ADD COLUMN tsv tsvector GENERATED ALWAYS AS (to_tsvector('cae_exp', "text")) STORED;
  CREATE INDEX "clauses_tsv_idx" ON "clauses" USING gin ("tsv");`);
const figures = await ingestCorpus({ store, pipeline: createPipeline(), corpus: train.corpus });
console.log('ingested', JSON.stringify(figures).slice(0, 200));
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
    sql`SELECT ARRAY(SELECT DISTINCT lexeme FROM unnest(to_tsvector('cae_exp', ${text}))) AS terms`,
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
