/**
 * The searches of docs/WORKED-EXAMPLE-CONTRACTS.md, run against a running engine over HTTP: a dozen
 * searches a lawyer would run over contracts, with and without filters, each printed with its first
 * results (contract, mood, modality, clause text) as Markdown. Nothing here is typed by hand: rerun it
 * on your own store to see your own results.
 *
 * Run: pnpm contracts:example --server http://127.0.0.1:3917 [--limit 3] [--keyword-only] [--write]
 *   --keyword-only  the keyword list alone ("weights": {"vector": 0}), for a PostgreSQL server
 *                   without pgvector, where a store holds no embeddings
 *   --write         replaces the generated part of docs/WORKED-EXAMPLE-CONTRACTS.md (between its
 *                   contracts-example markers) instead of printing it
 */
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

interface Search {
  query: string;
  filters?: Record<string, unknown>;
  /** Keep to the contract of the first result of the same query without filters. */
  sameContract?: boolean;
  why: string;
}

/** What a lawyer asks of a pile of contracts; filters as on the wire (snake_case). */
export const SEARCHES: Search[] = [
  { query: 'obligations to maintain insurance', why: 'the insurance covenants' },
  {
    query: 'obligations to maintain insurance',
    filters: { modality_type: 'obligation' },
    why: 'only the clauses that impose a duty',
  },
  { query: 'who may terminate for convenience', why: 'termination rights' },
  {
    query: 'who may terminate for convenience',
    sameContract: true,
    why: 'the same search kept to one contract (the first result’s)',
  },
  { query: 'limits on liability', why: 'caps and exclusions of liability' },
  {
    query: 'no liability for indirect or consequential damages',
    filters: { mood: 'declarative' },
    why: 'whole statements, not headings or fragments',
  },
  {
    query: 'every obligation about deposits',
    filters: { modality_type: 'obligation' },
    why: 'the query this engine exists for',
  },
  { query: 'assignment on change of control', why: 'anti-assignment and change-of-control clauses' },
  {
    query: 'audit rights to inspect books and records',
    filters: { modality_type: 'obligation' },
    why: 'audit duties',
  },
  { query: 'exclusivity and non-compete', why: 'exclusivity and restrictive covenants' },
  { query: 'governing law', why: 'choice of law' },
  {
    query: 'keep information confidential',
    filters: { modality_type: 'obligation', min_modality: 0.9 },
    why: 'strong confidentiality duties (modality weight at least 0.9)',
  },
  {
    query: 'indemnify and hold harmless',
    filters: { modality_type: 'obligation' },
    why: 'indemnities',
  },
  { query: 'the agreement renews automatically', why: 'automatic renewal' },
  {
    query: 'minimum purchase commitment',
    filters: { modality_type: 'obligation', process_type: 'material' },
    why: 'volume commitments, material processes (doing) only',
  },
];

interface Result {
  clause_id: string;
  text: string;
  document_id: string;
  rrf_score: number;
  mood: string;
  process_type: string;
  modality_weight: number;
}

const START = '<!-- contracts-example:start -->';
const END = '<!-- contracts-example:end -->';

async function main() {
  const { values } = parseArgs({
    options: {
      server: { type: 'string' },
      limit: { type: 'string', default: '3' },
      'keyword-only': { type: 'boolean', default: false },
      write: { type: 'boolean', default: false },
    },
  });
  const server = (values.server ?? process.env.CAE_SERVER_URL ?? '').replace(/\/+$/, '');
  if (!server) {
    console.error(
      'usage: pnpm contracts:example --server <engine URL> [--limit N] [--keyword-only] [--write]',
    );
    process.exit(2);
  }
  const limit = Number(values.limit);
  const token = process.env.CAE_API_TOKEN?.trim();
  const retrieve = async (query: string, filters: Record<string, unknown>): Promise<Result[]> => {
    const response = await fetch(`${server}/retrieve`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify({
        query,
        limit,
        filters,
        ...(values['keyword-only'] ? { weights: { vector: 0 } } : {}),
      }),
    });
    const body = (await response.json()) as { results?: Result[]; error?: { message: string } };
    if (!response.ok || !body.results) {
      throw new Error(`POST /retrieve "${query}": ${response.status} ${body.error?.message ?? ''}`);
    }
    return body.results;
  };
  const clip = (text: string) => {
    const flat = text.replace(/\s+/g, ' ').trim();
    return flat.length > 240 ? `${flat.slice(0, 239)}…` : flat;
  };

  const lines: string[] = [];
  for (const search of SEARCHES) {
    let filters = search.filters ?? {};
    if (search.sameContract) {
      const [first] = await retrieve(search.query, {});
      if (!first) continue;
      filters = { ...filters, document_id: first.document_id };
    }
    const results = await retrieve(search.query, filters);
    const shown = Object.keys(filters).length === 0 ? 'no filter' : `\`${JSON.stringify(filters)}\``;
    lines.push(`#### “${search.query}”, ${shown}`, '', `${search.why}:`, '');
    if (results.length === 0) lines.push('(no result)');
    for (const [index, result] of results.entries()) {
      lines.push(
        `${index + 1}. \`${result.document_id}\` (${result.mood}, ${result.process_type}, modality ${result.modality_weight}): ${clip(result.text)}`,
      );
    }
    lines.push('');
  }
  const generated = [
    `<!-- generated by \`pnpm contracts:example\` (scripts/contracts-example.ts): do not edit by hand -->`,
    '',
    ...lines,
  ].join('\n');

  if (!values.write) {
    process.stdout.write(`${generated}\n`);
    return;
  }
  const docPath = join(dirname(fileURLToPath(import.meta.url)), '../docs/WORKED-EXAMPLE-CONTRACTS.md');
  const doc = await readFile(docPath, 'utf8');
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${docPath} has no ${START} ... ${END} section`);
  await writeFile(docPath, `${doc.slice(0, start + START.length)}\n${generated}\n${doc.slice(end)}`);
  console.log(`wrote ${SEARCHES.length} searches into ${docPath}`);
}

await main();
