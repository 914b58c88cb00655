import { sql } from 'drizzle-orm';
import { queryRows, type StoreExecutor } from '../store-connection';

/** An index or constraint of a table, as the catalog defines it. */
interface IndexOrConstraint {
  /** A plain index, or a constraint (primary key, unique, foreign key) with its index if any. */
  kind: 'index' | 'constraint';
  name: string;
  table: string;
  definition: string;
}

/** Foreign keys are dropped first and restored last: they may rely on the other indexes. */
const rank = (object: IndexOrConstraint) => (object.definition.startsWith('FOREIGN KEY') ? 0 : 1);

/**
 * Runs `write` with the indexes and constraints of `tables` dropped (but unique indexes that foreign
 * keys of other tables rely on), then recreates them from their catalog definitions, so they always
 * match the migrations, all in the caller's transaction: nothing else ever sees the tables without
 * them, and a violation fails the transaction as it would have row by row. Building an index once
 * over sorted rows and checking a foreign key with one join are several times cheaper than
 * maintaining them row by row once a write adds many rows (foreign keys are checked per row by
 * triggers). The drop locks the tables exclusively until the transaction ends.
 */
export async function withIndexesRebuilt<T>(
  executor: StoreExecutor,
  tables: readonly string[],
  write: () => Promise<T>,
  { keepUnique = false }: { keepUnique?: boolean } = {},
): Promise<T> {
  const list = sql.join(
    tables.map((table) => sql`${table}::regclass`),
    sql`, `,
  );
  // Indexes that back a primary key or unique constraint are dropped with their constraint, unless a
  // foreign key of another table needs them.
  const objects = await queryRows<IndexOrConstraint>(
    executor,
    sql`SELECT CASE WHEN con.oid IS NULL THEN 'index' ELSE 'constraint' END AS kind,
        quote_ident(coalesce(con.conname, c.relname)) AS name, i.indrelid::regclass::text AS "table",
        coalesce(pg_get_constraintdef(con.oid), pg_get_indexdef(i.indexrelid)) AS definition
      FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
      LEFT JOIN pg_constraint con ON con.conindid = i.indexrelid AND con.contype IN ('p', 'u')
      WHERE i.indrelid IN (${list})
        AND NOT EXISTS (SELECT 1 FROM pg_constraint f WHERE f.contype = 'f' AND f.conindid = i.indexrelid)
      UNION ALL
      SELECT 'constraint', quote_ident(conname), conrelid::regclass::text, pg_get_constraintdef(oid)
      FROM pg_constraint WHERE contype = 'f' AND conrelid IN (${list})`,
  );
  // `keepUnique`: primary keys and unique indexes stay (an INSERT ... ON CONFLICT of `write` needs them).
  const dropped = keepUnique
    ? objects.filter((object) =>
        object.kind === 'index'
          ? !object.definition.startsWith('CREATE UNIQUE INDEX')
          : object.definition.startsWith('FOREIGN KEY'),
      )
    : objects;
  dropped.sort((left, right) => rank(left) - rank(right));
  for (const object of dropped) {
    await executor.execute(
      sql.raw(
        object.kind === 'index'
          ? `DROP INDEX ${object.name}`
          : `ALTER TABLE ${object.table} DROP CONSTRAINT ${object.name}`,
      ),
    );
  }
  const result = await write();
  // A sorted build of a large index needs memory; the setting lasts until the transaction ends.
  await executor.execute(sql`SELECT set_config('maintenance_work_mem', '256MB', true)`);
  for (const object of [...dropped].reverse()) {
    await executor.execute(
      sql.raw(
        object.kind === 'index'
          ? object.definition
          : `ALTER TABLE ${object.table} ADD CONSTRAINT ${object.name} ${object.definition}`,
      ),
    );
  }
  return result;
}
