import type { Kysely } from 'kysely';

/**
 * Issue 17 (Meilisearch for large groups): where a shared search index stands in the stock change
 * log, and who may move it. Every process with MEILISEARCH_HOST, and `npm run search:sync`, keep
 * one Meilisearch index up to date; one row per index says which change seq and import it
 * reflects (null: never synced), with which settings, and holds a short lease so that one process
 * at a time writes to it (two writers could otherwise enqueue an older read of a car after a
 * newer one). Times are ISO-8601 UTC text, as everywhere.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('search_index_state')
    .addColumn('index_uid', 'text', (c) => c.primaryKey())
    .addColumn('seq', 'integer')
    .addColumn('import_id', 'integer')
    .addColumn('settings', 'text')
    .addColumn('synced_at', 'text')
    .addColumn('holder', 'text')
    .addColumn('lease_until', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('search_index_state').execute();
}
