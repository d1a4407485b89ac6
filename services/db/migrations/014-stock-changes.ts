import type { Kysely } from 'kysely';
import { autoId, autoIdType } from '../dialect';

/**
 * Issue 17 (several processes): the stock change log. Every change to what shoppers can find (a
 * reservation held, released or expired, a car's listing changed by a CLI) appends a row; each
 * process polls the highest seq and updates its search index with just those cars. car_ids is a
 * JSON array of car ids, or null for "everything may have changed" (an import).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('stock_changes')
    .addColumn('seq', autoIdType(db), autoId(db))
    .addColumn('car_ids', 'text')
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('stock_changes_at').on('stock_changes').column('at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('stock_changes').execute();
}
