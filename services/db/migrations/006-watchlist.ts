import { autoIdType, autoId } from '../dialect';
import type { Kysely } from 'kysely';

/**
 * The server-backed watchlist (issue 8): one row per shopper, site and car. `scope` is the account
 * scope (site or dealer group) the user id belongs to; rows are always read and written with the
 * site too, so a list never leaks to another site of the group. No foreign key to cars: a saved car
 * that is sold or withdrawn stays on the list and shows as such.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('watchlist')
    .addColumn('id', autoIdType(db), autoId(db))
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('tenant', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('car_id', 'integer', (c) => c.notNull())
    .addColumn('phone_number', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('watchlist_one_per_car')
    .on('watchlist')
    .columns(['scope', 'tenant', 'user_id', 'car_id'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('watchlist').execute();
}
