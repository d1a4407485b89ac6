import type { Kysely } from 'kysely';
import { bigintType } from '../dialect';

/**
 * Issue 17 (several processes): rate limits shared by every process of the platform. One row per
 * limited key (a limit's name and the hashed address or identifier it counts): a fixed window that
 * starts with the first hit and ends at reset_at (epoch milliseconds, bigint on PostgreSQL).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('reset_at', bigintType(db), (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_limits_reset').on('rate_limits').column('reset_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limits').execute();
}
