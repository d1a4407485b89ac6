import { autoIdType, autoId } from '../dialect';
import type { Kysely } from 'kysely';

/** Leads (conversion §3 Lead data) and their delivery outbox: a lead is stored before the shopper is answered. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('leads')
    .addColumn('id', autoIdType(db), autoId(db))
    .addColumn('tenant', 'text', (c) => c.notNull())
    .addColumn('form', 'text', (c) => c.notNull())
    .addColumn('event_id', 'integer', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('subcategory', 'text')
    .addColumn('fields', 'text', (c) => c.notNull())
    .addColumn('additional_services', 'text', (c) => c.notNull())
    .addColumn('extras', 'text', (c) => c.notNull())
    .addColumn('car_id', 'integer')
    .addColumn('car_dealership_id', 'integer')
    .addColumn('dealership_slug', 'text')
    .addColumn('location_id', 'integer')
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text')
    .addColumn('lead_attributes', 'text', (c) => c.notNull())
    .addColumn('ip_hash', 'text')
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('step', 'integer', (c) => c.notNull())
    .addColumn('form_completed', 'integer', (c) => c.notNull())
    .addColumn('offer_accepted', 'integer')
    .addColumn('spam', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('leads_idempotency')
    .on('leads')
    .columns(['tenant', 'idempotency_key'])
    .unique()
    .execute();
  await db.schema.createIndex('leads_ip_time').on('leads').columns(['tenant', 'ip_hash', 'created_at']).execute();

  await db.schema
    .createTable('lead_deliveries')
    .addColumn('id', autoIdType(db), autoId(db))
    .addColumn('lead_id', 'integer', (c) => c.notNull().references('leads.id'))
    .addColumn('destination', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('delivered_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('lead_deliveries_due')
    .on('lead_deliveries')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema.createIndex('lead_deliveries_lead').on('lead_deliveries').column('lead_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('lead_deliveries').execute();
  await db.schema.dropTable('leads').execute();
}
