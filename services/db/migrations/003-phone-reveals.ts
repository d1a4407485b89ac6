import { autoIdType, autoId } from '../dialect';
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('phone_reveals')
    .addColumn('id', autoIdType(db), autoId(db))
    .addColumn('car_id', 'integer', (c) => c.notNull())
    .addColumn('dealership_id', 'integer', (c) => c.notNull())
    .addColumn('website_id', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('phone_reveals').execute();
}
