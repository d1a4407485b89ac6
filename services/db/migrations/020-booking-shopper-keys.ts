import type { Kysely } from 'kysely';

/**
 * Issue 30 M2 (one client booked every test-drive slot of a location): who each test-drive booking
 * and reservation hold is for, so a site can count a shopper's future bookings and active holds and
 * refuse more than its limit. email_key, phone_key and device_key are hashes of the shopper's
 * normalised e-mail address, phone number and device cookie (services/booking-limits), never the
 * readable values; null when the post had none. Rows from before this migration have none, so they
 * count for nobody (their test drives and holds run out within weeks).
 */
const TABLES = ['test_drive_bookings', 'reservations'] as const;
const KEYS = ['email_key', 'phone_key', 'device_key'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    // One column per statement: SQLite's ALTER TABLE adds one at a time.
    for (const key of KEYS) await db.schema.alterTable(table).addColumn(key, 'text').execute();
    // Counting is per site and key: "how many of this site's rows are for this e-mail address?"
    for (const key of KEYS) await db.schema.createIndex(`${table}_${key}`).on(table).columns(['tenant', key]).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    for (const key of KEYS) await db.schema.dropIndex(`${table}_${key}`).execute();
    for (const key of KEYS) await db.schema.alterTable(table).dropColumn(key).execute();
  }
}
