import { autoIdType, autoId, isPostgres } from '../dialect';
import { sql, type Kysely } from 'kysely';

/**
 * Issue 14 (security review).
 * - lead_posts: one row per form post from an address (hashed) on a site, so the per-address limit
 *   counts posts, not new leads: a reused idempotency key can no longer post without end. Rows
 *   older than a day are pruned as new ones arrive.
 * - reservations.expires_at: when an unpaid hold ends on its own (the tenant's
 *   vehicle.reserveHoldHours after it was held); holds already held get the default 48 hours.
 * - At most one held reservation per lead, whatever two requests racing with one key do.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('lead_posts')
    .addColumn('id', autoIdType(db), autoId(db))
    .addColumn('tenant', 'text', (c) => c.notNull())
    .addColumn('ip_hash', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('lead_posts_address_time')
    .on('lead_posts')
    .columns(['tenant', 'ip_hash', 'at'])
    .execute();
  await db.schema.createIndex('lead_posts_time').on('lead_posts').column('at').execute();

  await db.schema.alterTable('reservations').addColumn('expires_at', 'text').execute();
  // Timestamps are ISO-8601 UTC text on both databases; each has its own date arithmetic.
  const heldPlus48Hours = isPostgres(db)
    ? sql`to_char((held_at::timestamptz + interval '48 hours') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    : sql`strftime('%Y-%m-%dT%H:%M:%fZ', held_at, '+48 hours')`;
  await sql`update reservations set expires_at = ${heldPlus48Hours} where status = 'held'`.execute(db);
  await db.schema.createIndex('reservations_expiry').on('reservations').columns(['status', 'expires_at']).execute();
  await db.schema
    .createIndex('reservations_one_hold_per_lead')
    .on('reservations')
    .column('lead_id')
    .unique()
    .where(sql<boolean>`"status" = 'held' and "lead_id" is not null`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('reservations_one_hold_per_lead').execute();
  await db.schema.dropIndex('reservations_expiry').execute();
  await db.schema.alterTable('reservations').dropColumn('expires_at').execute();
  await db.schema.dropTable('lead_posts').execute();
}
