import { autoIdType, autoId } from '../dialect';
import type { Kysely } from 'kysely';

/**
 * Issue 16 (Tenant Studio): pictures uploaded in the Studio (logos, banners, block images), served
 * at /media/studio/<sha256>.webp. Each row is one picture as the platform made it (WebP, at most
 * 2000 px, no metadata); sha256 is of those bytes, so the same picture uploaded twice is one row
 * and its address never serves anything else (browsers may cache it for a year).
 * The bytes column is `bytea`: PostgreSQL's binary type, which SQLite also accepts (it keeps the
 * bytes as a BLOB under any declared type). Schema builder only: the same migration runs on both.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('studio_media')
    .addColumn('id', autoIdType(db), autoId(db))
    .addColumn('sha256', 'text', (c) => c.notNull().unique())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'bytea', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('studio_media_slug').on('studio_media').columns(['slug', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('studio_media').execute();
}
