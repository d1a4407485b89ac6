import { sql, type Kysely } from 'kysely';

/**
 * Issue 33 (the picture library): every picture a site's editors uploaded, or took from another
 * site of their dealer group, is kept in the site's library with its file name and alt text until
 * an editor deletes it there. The bytes stay one row of studio_media per picture (its address is its
 * hash); a library row names it for one site. The collection of unused pictures keeps any picture
 * that a library still holds. Pictures already uploaded join the library of the site they were
 * uploaded for.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('studio_library')
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('alt', 'text', (c) => c.notNull())
    .addColumn('added_by', 'text', (c) => c.notNull())
    .addColumn('added_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('studio_library_pk', ['slug', 'sha256'])
    .execute();
  await db.schema.createIndex('studio_library_picture').on('studio_library').columns(['sha256']).execute();
  await sql`insert into studio_library (slug, sha256, name, alt, added_by, added_at)
    select slug, sha256, '', '', created_by, created_at from studio_media`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('studio_library').execute();
}
