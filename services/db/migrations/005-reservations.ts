import { autoIdType, autoId, doubleType } from '../dialect';
import { sql, type Kysely } from 'kysely';

/**
 * Reserve and buy online (issue 7): a reservation holds a car (cards show RESERVED) until the
 * dealer releases it; its deposit is a payment intent that never holds card data (the provider
 * keeps that). reservation_events is the append-only log whose highest id tells the search
 * index that held cars changed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('reservations')
    .addColumn('id', autoIdType(db), autoId(db))
    .addColumn('tenant', 'text', (c) => c.notNull())
    .addColumn('car_id', 'integer', (c) => c.notNull().references('cars.id'))
    .addColumn('lead_id', 'integer', (c) => c.references('leads.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('deposit', doubleType(db), (c) => c.notNull())
    .addColumn('payment_intent_id', 'text')
    .addColumn('held_at', 'text', (c) => c.notNull())
    .addColumn('released_at', 'text')
    .addColumn('released_by', 'text')
    .addColumn('note', 'text')
    .execute();
  await db.schema.createIndex('reservations_car_status').on('reservations').columns(['car_id', 'status']).execute();
  // At most one hold per car, whatever two requests racing for it do.
  await db.schema
    .createIndex('reservations_one_hold')
    .on('reservations')
    .column('car_id')
    .unique()
    .where(sql<boolean>`"status" = 'held'`)
    .execute();

  await db.schema
    .createTable('payment_intents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant', 'text', (c) => c.notNull())
    .addColumn('reservation_id', 'integer', (c) => c.notNull().references('reservations.id'))
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_ref', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payment_intents_reservation').on('payment_intents').column('reservation_id').execute();

  await db.schema
    .createTable('reservation_events')
    .addColumn('id', autoIdType(db), autoId(db))
    .addColumn('reservation_id', 'integer', (c) => c.notNull().references('reservations.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('by', 'text')
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('reservation_events').execute();
  await db.schema.dropTable('payment_intents').execute();
  await db.schema.dropTable('reservations').execute();
}
