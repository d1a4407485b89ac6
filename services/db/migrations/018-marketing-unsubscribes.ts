import type { Kysely } from 'kysely';

/**
 * Issue 20 (conversion §2.3 /pages/unsubscribe, §5.1 opt_in): the addresses that withdrew
 * marketing consent on a site, so leads they send later are stored opted out and the dealer is
 * told when. One row per site and address; the address is kept only as a hash (services/consent),
 * because the table must answer "has this address unsubscribed?" and nothing more: an address
 * typed into the page that never sent a lead is not stored readable anywhere. unsubscribed_at is
 * ISO-8601 UTC text (the first request; asking again changes nothing).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('marketing_unsubscribes')
    .addColumn('tenant', 'text', (c) => c.notNull())
    .addColumn('email_hash', 'text', (c) => c.notNull())
    .addColumn('unsubscribed_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('marketing_unsubscribes_pk', ['tenant', 'email_hash'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('marketing_unsubscribes').execute();
}
