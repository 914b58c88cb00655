/**
 * Test and benchmark helpers: the drizzle database under a store, and the bulk-insert paths of
 * both drivers, which the store API does not expose.
 * @example const db = databaseOf(store); await db.execute(sql`SELECT count(*) FROM clauses`);
 */
export { insertClauseRowsByCopy, insertEmbeddingsByCopy } from './drivers/pglite';
export { insertClauseRowsAsJson, insertEmbeddingsAsJson } from './drivers/postgres';
export { databaseOf } from './store';
export { clauseInsertRow } from './store-rows';
