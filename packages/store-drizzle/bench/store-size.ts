/**
 * Where a store's bytes go: every table of the store with its heap, TOAST and each index, per clause,
 * and for a PGlite directory the files on disk (the database, the write-ahead log, the rest).
 * Prints figures; asserts nothing.
 * Run: pnpm --filter @cae/store-drizzle size <CAE data directory | postgres:// URL>
 *      (without an argument: CAE_DATA_DIR, else DATABASE_URL)
 */
import { readdir, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { createStore } from '../src/index';
import { databaseOf } from '../src/testing';

const target = process.argv[2] ?? process.env.CAE_DATA_DIR ?? process.env.DATABASE_URL;
if (!target) {
  console.error('usage: store-size <CAE data directory | postgres:// URL>');
  process.exit(2);
}
const isServer = /^postgres(ql)?:\/\//.test(target);
const store = await createStore(isServer ? { url: target } : { dataDir: target });
const db = databaseOf(store);
// PGlite answers { rows }, postgres.js the rows themselves.
const rows = async <T>(query: string): Promise<T[]> => {
  const result = (await db.execute(query)) as unknown as { rows?: T[] } & T[];
  return result.rows ?? result;
};

const [{ clauses } = { clauses: 0 }] = await rows<{ clauses: number }>(
  'SELECT count(*)::int AS clauses FROM clauses',
);
const relations = await rows<{ name: string; kind: string; table: string; bytes: number; toast: number }>(`
  SELECT c.relname AS name, c.relkind AS kind, coalesce(t.relname, c.relname) AS table,
    pg_relation_size(c.oid)::float8 AS bytes,
    CASE WHEN c.reltoastrelid = 0 THEN 0 ELSE pg_total_relation_size(c.reltoastrelid)::float8 END AS toast
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  LEFT JOIN pg_index i ON i.indexrelid = c.oid LEFT JOIN pg_class t ON t.oid = i.indrelid
  WHERE n.nspname = 'public' AND c.relkind IN ('r', 'i')`);
const dead = await rows<{ table: string; dead: number }>(
  'SELECT relname AS table, n_dead_tup::float8 AS dead FROM pg_stat_user_tables',
);
const perClause = (bytes: number) => (clauses > 0 ? Math.round(bytes / clauses) : 0);
const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(1);
const tables = [...new Set(relations.filter((r) => r.kind === 'r').map((r) => r.table))];
const lines: [string, number][] = [];
let databaseBytes = 0;
for (const table of tables) {
  const heap = relations.find((r) => r.kind === 'r' && r.name === table)!;
  const indexes = relations.filter((r) => r.kind === 'i' && r.table === table);
  const total = heap.bytes + heap.toast + indexes.reduce((sum, index) => sum + index.bytes, 0);
  databaseBytes += total;
  if (total < 64 * 1024) continue;
  lines.push([`${table} (heap ${mb(heap.bytes)} MB, TOAST ${mb(heap.toast)} MB)`, total]);
  for (const index of indexes.sort((a, b) => b.bytes - a.bytes))
    lines.push([`  index ${index.name}`, index.bytes]);
}
console.log(`store: ${isServer ? 'PostgreSQL server' : `PGlite ${resolve(target)}`}, ${clauses} clauses`);
console.log('relation | MB | bytes per clause');
for (const [label, bytes] of lines) console.log(`${label} | ${mb(bytes)} | ${perClause(bytes)}`);
console.log(`all tables and indexes | ${mb(databaseBytes)} | ${perClause(databaseBytes)}`);
const deadRows = dead.filter((row) => Number(row.dead) > 0);
if (deadRows.length > 0) {
  console.log(`dead tuples: ${deadRows.map((row) => `${row.table} ${row.dead}`).join(', ')}`);
}
await store.close();

if (!isServer) {
  /** Bytes on disk of a directory tree (allocated blocks: a WAL segment is sparse until written). */
  const used = async (path: string): Promise<number> => {
    const info = await stat(path);
    if (!info.isDirectory()) return info.blocks * 512;
    let sum = 0;
    for (const entry of await readdir(path)) sum += await used(join(path, entry));
    return sum;
  };
  const pglite = join(resolve(target), 'pglite');
  const whole = await used(resolve(target));
  const wal = await used(join(pglite, 'pg_wal'));
  const base = await used(join(pglite, 'base'));
  console.log(
    `directory on disk: ${mb(whole)} MB = ${perClause(whole)} bytes per clause ` +
      `(databases ${mb(base)} MB of which the two template databases ~15 MB, write-ahead log ${mb(wal)} MB, ` +
      `other ${mb(whole - base - wal)} MB)`,
  );
}
