import type { Kysely } from 'kysely';

/**
 * Issue 32 (a preview people can trust): per site, the newest draft that could be shown. A draft is
 * saved however incomplete it is (right after "Add", a text block has no text yet); the preview then
 * keeps showing this last complete draft, with a note, instead of an error. One row per site,
 * rewritten by every autosave whose draft loads; it is never published and never in the history.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('studio_preview_snapshots')
    .addColumn('slug', 'text', (c) => c.primaryKey())
    .addColumn('document', 'text', (c) => c.notNull())
    .addColumn('saved_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('studio_preview_snapshots').execute();
}
