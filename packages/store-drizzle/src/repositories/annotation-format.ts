import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { asc, eq, gt, sql } from 'drizzle-orm';
import { encodeAnnotation } from '../annotation-codec';
import type { StoreDatabase } from '../store-connection';
import { clauseColumns, rowContext, type StoredClauseRow, toAnnotatedClause } from '../store-rows';
import { clauses, storeMeta } from '../store-schema';

/** The store_meta key marking a store whose clauses are written in the compact annotation form. */
export const ANNOTATION_FORMAT_KEY = 'annotation_format';
export const ANNOTATION_FORMAT = '1';

/** The migration after which clauses are stored in the compact form. */
const COMPACT_MIGRATION = '0008_compact_annotations';

/**
 * Whether a migrations folder brings the schema to the compact form (a store opened with an older
 * folder, as the upgrade tests do, keeps the previous version's plain form).
 */
export async function migrationsWriteCompactForm(migrationsFolder: string): Promise<boolean> {
  try {
    const journal = JSON.parse(await readFile(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: { tag: string }[];
    };
    return journal.entries.some((entry) => entry.tag === COMPACT_MIGRATION);
  } catch {
    return true;
  }
}

/** Clauses read, converted and written back per transaction. */
const BATCH = 500;

/**
 * Converts the annotations of clauses stored before the compact form (migration 0008) into it, once:
 * each clause is read back as the validated wire object it was, encoded (a part whose compact form
 * does not decode to exactly that stays plain) and written back, a batch of rows per transaction, with
 * the rows locked so a review committed meanwhile is not overwritten. Converting twice changes
 * nothing, so replicas opening the same database at once are safe. Returns the clauses converted.
 */
export async function upgradeAnnotationFormat(db: StoreDatabase): Promise<number> {
  const marked = await db.select().from(storeMeta).where(eq(storeMeta.key, ANNOTATION_FORMAT_KEY));
  if (marked[0]?.value === ANNOTATION_FORMAT) return 0;
  let after: string | null = null;
  let converted = 0;
  for (;;) {
    const last: string | null = await db.transaction(async (tx) => {
      const rows: StoredClauseRow[] = await tx
        .select(clauseColumns)
        .from(clauses)
        .where(after === null ? undefined : gt(clauses.id, after))
        .orderBy(asc(clauses.id))
        .limit(BATCH)
        .for('update');
      const changed = rows.flatMap((row) => {
        const stored = encodeAnnotation(toAnnotatedClause(row), rowContext(row));
        return JSON.stringify(stored) === JSON.stringify(pick(row)) ? [] : [{ id: row.id, ...stored }];
      });
      if (changed.length > 0) {
        await tx.execute(sql`UPDATE ${clauses} SET
            "syntactic" = r."syntactic", "ideational" = r."ideational",
            "interpersonal" = r."interpersonal", "textual" = r."textual"
          FROM json_to_recordset(${JSON.stringify(changed)}::json)
            AS r("id" uuid, "syntactic" json, "ideational" json, "interpersonal" json, "textual" json)
          WHERE ${clauses.id} = r."id"`);
        converted += changed.length;
      }
      return rows.length === BATCH ? (rows[rows.length - 1]?.id ?? null) : null;
    });
    if (last === null) break;
    after = last;
  }
  await db
    .insert(storeMeta)
    .values({ key: ANNOTATION_FORMAT_KEY, value: ANNOTATION_FORMAT })
    .onConflictDoUpdate({ target: storeMeta.key, set: { value: ANNOTATION_FORMAT } });
  return converted;
}

const pick = (row: StoredClauseRow) => ({
  syntactic: row.syntactic,
  ideational: row.ideational,
  interpersonal: row.interpersonal,
  textual: row.textual,
});
