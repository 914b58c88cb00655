/**
 * Proximity experiments (issue 19): dumps an eval store's BM25 postings in impact order, as
 * dump-postings.ts does, plus each document's query-relevant lexeme positions (the clauses' tsvector
 * positions, clauses laid end to end in clause order) and each query's lexemes in query order, so
 * tune-keyword.ts can score term proximity without re-ingesting. Opens the store directly (PGlite):
 * run it on a COPY of an eval store directory, never on one an eval is using.
 * Run: pnpm --filter @cae/retrieval exec tsx --conditions=@cae/source eval/dump-positions.ts SET STORE_COPY OUT
 */
import { writeFile } from 'node:fs/promises';
import { PGlite } from '../../store-drizzle/node_modules/@electric-sql/pglite/dist/index.js';
import { vector } from '../../store-drizzle/node_modules/@electric-sql/pglite-pgvector/dist/index.js';
import { loadBeirSet } from './eval-data';

const [name, dir, out] = process.argv.slice(2) as ['scifact' | 'negconstraint', string, string];
if (!out) throw new Error('usage: dump-positions.ts SET STORE_COPY OUT');
const db = new PGlite(`${dir}/pglite`, { extensions: { vector } });
const rows = async <T>(q: string, p: unknown[] = []) => (await db.query(q, p)).rows as T[];
const t0 = Date.now();
const clauses = await rows<{ id: string; d: string; s: number; c: number }>(
  `SELECT id::text AS id, document_id AS d, sentence_index AS s, clause_index AS c FROM clauses ORDER BY id`,
);
const [stats] = await rows<Record<string, number>>(
  `SELECT greatest(coalesce(sum(clause_count), 0), 1)::float8 AS n,
     greatest(coalesce(sum(term_count), 0), 1)::float8 / greatest(coalesce(sum(clause_count), 0), 1)::float8 AS avgdl,
     greatest(count(*) FILTER (WHERE clause_count > 0), 1)::float8 AS documents,
     greatest(coalesce(sum(term_count), 0), 1)::float8 / greatest(count(*) FILTER (WHERE clause_count > 0), 1)::float8 AS document_avgdl
   FROM documents`,
);
const termStats = await rows<{ term: string; df: number; ddf: number }>(
  `SELECT term, df, document_df AS ddf FROM term_stats ORDER BY term`,
);
const clausePostings: Record<string, string> = {};
const documentPostings: Record<string, string> = {};
for (const r of await rows<{ term: string; p: string }>(
  `SELECT term, string_agg(clause_id::text || ' ' || frequency || ' ' || clause_length, ' ' ORDER BY impact DESC NULLS LAST, clause_id) AS p FROM clause_terms GROUP BY term`,
))
  clausePostings[r.term] = r.p;
for (const r of await rows<{ term: string; p: string }>(
  `SELECT term, string_agg(document_id || ' ' || frequency || ' ' || document_length, ' ' ORDER BY impact DESC NULLS LAST, document_id) AS p FROM document_terms GROUP BY term`,
))
  documentPostings[r.term] = r.p;
console.log('postings', Date.now() - t0);
const queries: Record<
  string,
  { id: string; terms: string[]; ordered: string[]; text: string; qrels: [string, number][] }[]
> = {};
const wanted = new Set<string>();
for (const split of ['train', 'test'] as const) {
  const set = await loadBeirSet(name, split);
  queries[split] = [];
  for (const query of set.queries) {
    const [row] = await rows<{ terms: string[]; ordered: string[] }>(
      `SELECT ARRAY(SELECT DISTINCT lexeme FROM unnest(to_tsvector('english', $1::text))) AS terms,
        ARRAY(SELECT l.lexeme FROM unnest(to_tsvector('english', $1::text)) l, unnest(l.positions) p ORDER BY p) AS ordered`,
      [query.text],
    );
    for (const t of row!.terms) wanted.add(t);
    queries[split].push({
      id: query.id,
      terms: row!.terms,
      ordered: row!.ordered,
      text: query.text,
      qrels: [...set.qrels.get(query.id)!],
    });
  }
}
// Positions of the query lexemes in each document: clause positions shifted by the clause's offset.
await db.exec(`CREATE TEMP TABLE wanted (term text PRIMARY KEY)`);
for (const t of wanted) await db.query(`INSERT INTO wanted VALUES ($1)`, [t]);
const positionRows = await rows<{ d: string; c: number; clen: number; p: string }>(
  `SELECT c.document_id AS d, c.clause_index AS c,
     coalesce((SELECT max(pp) FROM unnest(to_tsvector('english', c.text)) l2, unnest(l2.positions) pp), 0) AS clen,
     coalesce((SELECT string_agg(l.lexeme || ' ' || pos, ' ') FROM unnest(to_tsvector('english', c.text)) l, unnest(l.positions) pos
       WHERE l.lexeme IN (SELECT term FROM wanted)), '') AS p
   FROM clauses c ORDER BY c.document_id, c.clause_index`,
);
const positions: Record<string, string> = {};
let doc = '';
let offset = 0;
let parts: string[] = [];
const flush = () => {
  if (doc) positions[doc] = parts.join(' ');
};
for (const r of positionRows) {
  if (r.d !== doc) {
    flush();
    doc = r.d;
    offset = 0;
    parts = [];
  }
  const p = r.p.split(' ').filter(Boolean);
  for (let i = 0; i < p.length; i += 2) parts.push(`${p[i]} ${Number(p[i + 1]) + offset} ${r.c}`);
  offset += Number(r.clen) + 1;
}
flush();
await writeFile(
  out,
  JSON.stringify({ clauses, stats, termStats, clausePostings, documentPostings, queries, positions }),
);
await db.close();
console.log('dumped', clauses.length, termStats.length, Date.now() - t0);
