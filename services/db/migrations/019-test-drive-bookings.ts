import type { Kysely } from 'kysely';

/**
 * Issue 20 (catalogue §7 Appointments fetch for test-drive booking): the test-drive slots shoppers
 * have booked, one row per slot. The primary key (location_id, slot_start) is what stops two
 * shoppers booking the same time at one location, whichever process each request reaches: the
 * second insert meets it and inserts nothing. slot_start is the slot's instant as ISO-8601 UTC
 * text (one spelling per instant, so the key compares instants); lead_id is the lead it was booked
 * with, stored in the same transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('test_drive_bookings')
    .addColumn('location_id', 'integer', (c) => c.notNull())
    .addColumn('slot_start', 'text', (c) => c.notNull())
    .addColumn('tenant', 'text', (c) => c.notNull())
    .addColumn('lead_id', 'integer', (c) => c.notNull().references('leads.id'))
    .addColumn('booked_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('test_drive_bookings_pk', ['location_id', 'slot_start'])
    .execute();
  // A lead changing its time (a retried or corrected post) frees the one it held.
  await db.schema.createIndex('test_drive_bookings_lead').on('test_drive_bookings').column('lead_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('test_drive_bookings').execute();
}
