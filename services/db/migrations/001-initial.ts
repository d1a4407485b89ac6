import { autoIdType, autoId, doubleType, bigintType } from '../dialect';
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('dealerships')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('make', 'text')
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('locations')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('dealership_id', 'integer', (c) => c.notNull().references('dealerships.id'))
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('location_type', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('state', 'text')
    .addColumn('visible', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('locations_dealership').on('locations').column('dealership_id').execute();
  await db.schema
    .createTable('cars')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('dealership_id', 'integer', (c) => c.notNull().references('dealerships.id'))
    .addColumn('location_id', 'integer', (c) => c.references('locations.id'))
    .addColumn('car_type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('make', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('price', doubleType(db), (c) => c.notNull())
    .addColumn('km', 'integer')
    .addColumn('simple_body', 'text')
    .addColumn('created_at', 'text')
    .addColumn('sold_at', bigintType(db))
    .addColumn('show_on_dealer_website', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('withdrawn_at', 'text')
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('cars_listing').on('cars').columns(['dealership_id', 'status', 'withdrawn_at']).execute();
  await db.schema
    .createTable('imports')
    .addColumn('id', autoIdType(db), autoId(db))
    .addColumn('file', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text', (c) => c.notNull())
    .addColumn('dealerships', 'integer', (c) => c.notNull())
    .addColumn('locations', 'integer', (c) => c.notNull())
    .addColumn('cars', 'integer', (c) => c.notNull())
    .addColumn('withdrawn', 'integer', (c) => c.notNull().defaultTo(sql`0`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['imports', 'cars', 'locations', 'dealerships']) await db.schema.dropTable(table).execute();
}
