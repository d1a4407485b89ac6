import { autoIdType, autoId } from '../dialect';
import { sql, type Kysely } from 'kysely';

/**
 * Issue 16 (Tenant Studio): tenant documents in the platform database, with their history.
 * - tenant_versions: one row per version of a site's document (drafts and published ones); a
 *   published row is never changed afterwards, a draft row is rewritten by its author's autosave.
 * - tenant_sites: per site, which version is published (what the engine serves) and which is the
 *   draft being edited; change_seq goes up on every publish, so a process can tell cheaply that
 *   something changed.
 * - studio_audit: who did what in the Studio and its CLI (publish, restore, import, sign-in...).
 * Schema builder only, no SQLite-only SQL: the same migration must run on PostgreSQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tenant_versions')
    .addColumn('id', autoIdType(db), autoId(db))
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('document', 'text', (c) => c.notNull())
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('parent_id', 'integer', (c) => c.references('tenant_versions.id'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addCheckConstraint('tenant_versions_state', sql`state in ('draft', 'published')`)
    .execute();
  await db.schema.createIndex('tenant_versions_slug').on('tenant_versions').columns(['slug', 'id']).execute();

  await db.schema
    .createTable('tenant_sites')
    .addColumn('slug', 'text', (c) => c.primaryKey())
    .addColumn('published_version_id', 'integer', (c) => c.references('tenant_versions.id'))
    .addColumn('draft_version_id', 'integer', (c) => c.references('tenant_versions.id'))
    .addColumn('published_at', 'text')
    .addColumn('published_by', 'text')
    .addColumn('change_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('studio_audit')
    .addColumn('id', autoIdType(db), autoId(db))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('slug', 'text')
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo('null'))
    .execute();
  await db.schema.createIndex('studio_audit_slug').on('studio_audit').columns(['slug', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('studio_audit').execute();
  await db.schema.dropTable('tenant_sites').execute();
  await db.schema.dropTable('tenant_versions').execute();
}
