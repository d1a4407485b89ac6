import type { Kysely } from 'kysely';

/**
 * The new-model catalogue (issue 9): manufacturers and models from the model import. A model keeps
 * its variants and colours in `data` (they are always read with the model); the columns are what
 * pages filter on: manufacturer, slug, status and body type.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('manufacturers')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('models')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('manufacturer_id', 'integer', (c) => c.notNull().references('manufacturers.id'))
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('body', 'text')
    .addColumn('position', 'integer')
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('models_manufacturer').on('models').column('manufacturer_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('models').execute();
  await db.schema.dropTable('manufacturers').execute();
}
