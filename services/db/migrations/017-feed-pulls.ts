import type { Kysely } from 'kysely';
import { autoId, autoIdType, bigintType } from '../dialect';

/**
 * Issue 18 (feeds pulled on a schedule): every pull of a stock feed from its address, by the
 * server's feed scheduler or by `npm run import -- --from-url`, and each feed's state: its latest
 * pull, and the lease that keeps two schedulers (two processes) from pulling it at once.
 *
 * feed_pulls: one row per pull, written when it ends. feed_key names the feed: the dealership it
 * is pulled for (or '-') and its address with any password hidden, so validators (ETag,
 * Last-Modified) and failure counts of one dealership's feed never mix with another's. outcome is
 * 'imported' | 'unchanged' (304) | 'failed' (no usable answer; old stock kept) | 'invalid' (the
 * document was refused; old stock kept). failures counts the failed and invalid pulls in a row up
 * to this one (0 on success) and failing_since is when that run began, carried forward on every
 * row, so the status needs only the latest row of each feed and the log can be pruned. Times are
 * ISO-8601 UTC text, as everywhere. The index serves "the latest rows of this feed".
 *
 * feed_state: one row per feed, so that what is read often costs one row per feed however long the
 * log is: last_pull_id is the feed's latest pull (the status and /healthz join it), and holder
 * and lease_until are the scheduler that is pulling it now, cleared when the pull ends; a lease
 * that runs out (its process died) may be taken by another.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('feed_pulls')
    .addColumn('id', autoIdType(db), autoId(db))
    .addColumn('feed_key', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('dealership_id', 'integer')
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('http_status', 'integer')
    .addColumn('etag', 'text')
    .addColumn('last_modified', 'text')
    .addColumn('bytes', bigintType(db))
    .addColumn('cars', 'integer')
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('failing_since', 'text')
    .addColumn('message', 'text')
    .execute();
  await db.schema.createIndex('feed_pulls_feed').on('feed_pulls').columns(['feed_key', 'id']).execute();
  await db.schema
    .createTable('feed_state')
    .addColumn('feed_key', 'text', (c) => c.primaryKey())
    .addColumn('last_pull_id', 'integer')
    .addColumn('holder', 'text')
    .addColumn('lease_until', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('feed_state').execute();
  await db.schema.dropTable('feed_pulls').execute();
}
