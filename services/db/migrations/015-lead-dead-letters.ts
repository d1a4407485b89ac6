import { sql, type Kysely } from 'kysely';

/**
 * Issue 17: a delivery that fails for good is no longer retried forever. It ends with status
 * 'dead' and dead_at set (when the outbox gave up on it); `npm run leads` lists it and
 * `npm run leads -- --retry` makes it pending again. Finding the dead ones needs no index of its
 * own: lead_deliveries_due (status, next_attempt_at) already leads with status.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('lead_deliveries').addColumn('dead_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The outbox before this migration knows only pending and delivered, and would never look at a
  // dead delivery again: they go back to pending, so going back loses no lead.
  await sql`update lead_deliveries set status = 'pending', locked_until = null where status = 'dead'`.execute(db);
  await db.schema.alterTable('lead_deliveries').dropColumn('dead_at').execute();
}
