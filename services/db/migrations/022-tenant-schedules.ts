import type { Kysely } from 'kysely';
import { autoId, autoIdType } from '../dialect';

/**
 * Issue 33 (publishing on a schedule): "Publish at…" freezes the draft as a version of its own
 * (a tenant_versions row in state 'draft' that no autosave rewrites) and lists it here, with the
 * moment it goes live. Every platform process looks for due rows; the one that takes a row inside
 * its transaction (BEGIN IMMEDIATE on SQLite, the site's advisory lock on PostgreSQL) publishes it
 * and marks it, so it is published once however many processes run.
 * - state: 'scheduled' (waiting), 'published', 'cancelled', 'not-published' (refusal says why).
 * - refusal: JSON facts ({kind:'invalid', issues} or {kind:'conflict', versionId, author, pointers});
 *   the Studio turns them into words.
 * No foreign keys to tenant_versions: a finished schedule's versions may be trimmed from a long history.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tenant_schedules')
    .addColumn('id', autoIdType(db), autoId(db))
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('version_id', 'integer', (c) => c.notNull())
    .addColumn('base_version_id', 'integer')
    .addColumn('publish_at', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('finished_by', 'text')
    .addColumn('published_version_id', 'integer')
    .addColumn('refusal', 'text')
    .execute();
  await db.schema.createIndex('tenant_schedules_due').on('tenant_schedules').columns(['state', 'publish_at']).execute();
  await db.schema.createIndex('tenant_schedules_slug').on('tenant_schedules').columns(['slug', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tenant_schedules').execute();
}
