/**
 * Analyser experiments (issue 19): dumps BM25 postings like dump-postings.ts, but with each clause's and
 * query's lexemes computed afresh from the stored clause text by a variant text search analyser, so
 * tune-keyword.ts can compare tokenisation, normalisation and stemming without re-ingesting. The store is
 * opened directly (PGlite) and gets helper functions and scratch tables: run it on a COPY of an eval store
 * directory (cae-retrieval-eval-store-* under the temp directory), never on one an eval is using.
 * Run: pnpm --filter @cae/retrieval exec tsx --conditions=@cae/source eval/dump-analyser.ts SET STORE_COPY OUT VARIANT
 * (SET scifact | negconstraint; VARIANT a key of `analysers`; `control` reproduces the store's analyser.)
 * Results (train nDCG@10 with tune-keyword.ts defaults) are in tune-keyword.ts.
 */
import { writeFile } from 'node:fs/promises';
import { PGlite } from '../../store-drizzle/node_modules/@electric-sql/pglite/dist/index.js';
import { vector } from '../../store-drizzle/node_modules/@electric-sql/pglite-pgvector/dist/index.js';
import { loadBeirSet } from './eval-data';

const [name, dir, out, variant] = process.argv.slice(2) as [
  'scifact' | 'negconstraint',
  string,
  string,
  string,
];
if (!out || !variant) throw new Error('usage: dump-analyser.ts SET STORE_COPY OUT VARIANT');
const db = new PGlite(`${dir}/pglite`, { extensions: { vector } });
const greek: [string, string][] = [
  ['α', 'alpha'],
  ['β', 'beta'],
  ['γ', 'gamma'],
  ['δ', 'delta'],
  ['ε', 'epsilon'],
  ['ζ', 'zeta'],
  ['η', 'eta'],
  ['θ', 'theta'],
  ['ι', 'iota'],
  ['κ', 'kappa'],
  ['λ', 'lambda'],
  ['μ', 'mu'],
  ['ν', 'nu'],
  ['ξ', 'xi'],
  ['π', 'pi'],
  ['ρ', 'rho'],
  ['σ', 'sigma'],
  ['τ', 'tau'],
  ['υ', 'upsilon'],
  ['φ', 'phi'],
  ['χ', 'chi'],
  ['ψ', 'psi'],
  ['ω', 'omega'],
  ['Α', 'alpha'],
  ['Β', 'beta'],
  ['Γ', 'gamma'],
  ['Δ', 'delta'],
  ['Κ', 'kappa'],
  ['Σ', 'sigma'],
  ['Φ', 'phi'],
  ['Ω', 'omega'],
];
await db.exec(`
DROP TEXT SEARCH DICTIONARY IF EXISTS simple_en CASCADE;
CREATE TEXT SEARCH DICTIONARY simple_en (TEMPLATE = simple, STOPWORDS = english);
CREATE OR REPLACE FUNCTION greek(t text) RETURNS text LANGUAGE sql IMMUTABLE AS $$ SELECT ${greek.reduce(
  (e, [g, n]) => `replace(${e}, '${g}', ' ${n} ')`,
  't',
)} $$;
DROP TEXT SEARCH CONFIGURATION IF EXISTS en_surface CASCADE;
CREATE TEXT SEARCH CONFIGURATION en_surface (COPY = english);
ALTER TEXT SEARCH CONFIGURATION en_surface ALTER MAPPING FOR asciiword, word, numword, asciihword, hword, numhword, hword_asciipart, hword_part, hword_numpart WITH simple_en;
`);
await db.exec(`CREATE OR REPLACE FUNCTION amspell(t text) RETURNS text LANGUAGE sql IMMUTABLE AS $$ SELECT
  regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(lower(t),
  '([[:alpha:]]{3,})our(s?)\\M', '\\1or\\2', 'g'),
  '([[:alpha:]]{3,})is(ation|ations|e|ed|es|ing)\\M', '\\1iz\\2', 'g'),
  '(\\m|an|leuk|leuc|isch|hyperglyc|hypoglyc|septic|tox|bacter|vir)(h?)aem', '\\1\\2em', 'g'),
  '\\m(o)e(dem|str|soph)', 'e\\2', 'g'),
  '\\mpaed', 'ped', 'g'),
  '\\mfoet', 'fet', 'g'),
  '([[:alpha:]]{2,}[bt])re\\M', '\\1er', 'g') $$;`);
/** Each variant's tsvector of X (a clause's text or the query). */
const analysers: Record<string, string> = {
  // British spellings to American (tumour, organise, haem-, oedema, paed-, foetal, fibre/centre).
  amspell: `to_tsvector('english', amspell(X))`,
  greekamspell: `to_tsvector('english', amspell(greek(X)))`,
  control: `to_tsvector('english', X)`,
  greek: `to_tsvector('english', greek(X))`,
  // Greek letters spelled out (TNF-α -> tnf alpha).
  // Joined forms of hyphenated/slashed compounds added: IL-6 -> il6.
  joined: `to_tsvector('english', X) || to_tsvector('english', coalesce((SELECT string_agg(m[1] || m[2], ' ') FROM regexp_matches(X, '([[:alnum:]]+)[-/]([[:alnum:]]+)', 'g') m), ''))`,
  // Slashed compounds split (the parser keeps CD4/CD8 as one 'file' token).
  slash: `to_tsvector('english', regexp_replace(X, '([[:alnum:]])/([[:alnum:]])', '\\1 / \\2', 'g'))`,
  // Stem and unstemmed surface form both indexed (a word in its exact form counts twice).
  surface: `to_tsvector('english', X) || to_tsvector('en_surface', X)`,
  // No stemming (lowercase surface forms, English stop words dropped).
  simple: `to_tsvector('en_surface', X)`,
  // Joined forms of letter-number compounds only (IL-6 -> il6).
  numjoin: `to_tsvector('english', X) || to_tsvector('english', coalesce((SELECT string_agg(m[1] || m[2], ' ') FROM regexp_matches(X, '([[:alpha:]]+)-([[:digit:]]+)\\M', 'g') m), ''))`,
  // Harman's s-stemmer (ies -> y, es -> e, s -> '') instead of Snowball.
  sstem: `to_tsvector('en_surface', regexp_replace(regexp_replace(regexp_replace(X, '([[:alpha:]]{2,})ies\\M', '\\1y', 'g'), '([[:alpha:]]{2,}[^aeo])es\\M', '\\1e', 'g'), '([[:alpha:]]{2,}[^us])s\\M', '\\1', 'g'))`,
  greekslash: `to_tsvector('english', regexp_replace(greek(X), '([[:alnum:]])/([[:alnum:]])', '\\1 / \\2', 'g'))`,
};
if (!(variant in analysers))
  throw new Error(`unknown variant ${variant}: ${Object.keys(analysers).join(', ')}`);
const expr = (x: string) => analysers[variant]!.replaceAll('X', x);
const t0 = Date.now();
await db.exec(`DROP TABLE IF EXISTS vp; CREATE TABLE vp AS
  SELECT term, clause_id, document_id, frequency, sum(frequency) OVER (PARTITION BY clause_id) AS clause_length FROM (
    SELECT l.lexeme AS term, c.id AS clause_id, c.document_id, greatest(coalesce(array_length(l.positions, 1), 1), 1) AS frequency
    FROM clauses c, unnest(${expr('c.text')}) AS l) s;
  DROP TABLE IF EXISTS vd; CREATE TABLE vd AS
  SELECT term, document_id, sum(frequency)::int AS frequency, sum(sum(frequency)) OVER (PARTITION BY document_id)::int AS document_length FROM vp GROUP BY term, document_id;`);
console.log('postings', Date.now() - t0);
const rows = async <T>(q: string, p: unknown[] = []) => (await db.query(q, p)).rows as T[];
const clauses = await rows<{ id: string; d: string; s: number; c: number }>(
  `SELECT id::text AS id, document_id AS d, sentence_index AS s, clause_index AS c FROM clauses ORDER BY id`,
);
const [stats] = await rows<Record<string, number>>(`SELECT (SELECT count(*) FROM clauses)::float8 AS n,
  (SELECT sum(frequency) FROM vp)::float8 / (SELECT count(*) FROM clauses)::float8 AS avgdl,
  (SELECT count(DISTINCT document_id) FROM clauses)::float8 AS documents,
  (SELECT sum(frequency) FROM vp)::float8 / (SELECT count(DISTINCT document_id) FROM clauses)::float8 AS document_avgdl`);
const termStats = await rows<{ term: string; df: number; ddf: number }>(
  `SELECT term, count(*)::int AS df, count(DISTINCT document_id)::int AS ddf FROM vp GROUP BY term ORDER BY term`,
);
const clausePostings: Record<string, string> = {};
const documentPostings: Record<string, string> = {};
for (const r of await rows<{ term: string; p: string }>(
  `SELECT term, string_agg(clause_id::text || ' ' || frequency || ' ' || clause_length, ' ' ORDER BY clause_id) AS p FROM vp GROUP BY term`,
))
  clausePostings[r.term] = r.p;
for (const r of await rows<{ term: string; p: string }>(
  `SELECT term, string_agg(document_id || ' ' || frequency || ' ' || document_length, ' ' ORDER BY document_id) AS p FROM vd GROUP BY term`,
))
  documentPostings[r.term] = r.p;
const queries: Record<string, { id: string; terms: string[]; qrels: [string, number][] }[]> = {};
for (const split of ['train', 'test'] as const) {
  const set = await loadBeirSet(name, split);
  queries[split] = [];
  for (const query of set.queries) {
    const [row] = await rows<{ terms: string[] }>(
      `SELECT ARRAY(SELECT DISTINCT lexeme FROM unnest(${expr('$1::text')})) AS terms`,
      [query.text],
    );
    queries[split].push({ id: query.id, terms: row!.terms, qrels: [...set.qrels.get(query.id)!] });
  }
}
await db.exec('DROP TABLE vp; DROP TABLE vd;');
await writeFile(
  out,
  JSON.stringify({ clauses, stats, termStats, clausePostings, documentPostings, queries }),
);
await db.close();
console.log('dumped', variant, clauses.length, termStats.length, Date.now() - t0);
