import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { pictureSrc } from '../../domain/studio/picture-crop';

/**
 * A site's picture library (issue 33): the pictures its editors uploaded or took from another site
 * of their dealer group, each with its file name, the alt text the library offers, its size and who
 * added it. Rows of studio_library; the bytes are studio_media's (one row per picture, whichever
 * sites hold it). Whether a picture is in use is the Studio's question (it reads the documents).
 */
export interface LibraryPicture {
  slug: string;
  sha256: string;
  src: string;
  name: string;
  alt: string;
  width: number;
  height: number;
  bytes: number;
  addedBy: string;
  addedAt: string;
}

/** The longest file name and alt text kept. */
export const MAX_LIBRARY_NAME = 200;
export const MAX_LIBRARY_ALT = 500;

type Db = Kysely<Database>;

/** Adds a stored picture to a site's library (once: a picture already there keeps its name and alt text). */
export async function addToLibrary(
  db: Db,
  entry: { slug: string; sha256: string; name: string; alt?: string; author: string; at: string },
): Promise<void> {
  await db
    .insertInto('studio_library')
    .values({
      slug: entry.slug,
      sha256: entry.sha256,
      name: entry.name.slice(0, MAX_LIBRARY_NAME),
      alt: (entry.alt ?? '').slice(0, MAX_LIBRARY_ALT),
      added_by: entry.author,
      added_at: entry.at,
    })
    .onConflict((oc) => oc.columns(['slug', 'sha256']).doNothing())
    .execute();
}

/** The pictures in the libraries of these sites, newest first. */
export async function libraryOf(db: Db, slugs: readonly string[]): Promise<LibraryPicture[]> {
  if (!slugs.length) return [];
  const rows = await db
    .selectFrom('studio_library as l')
    .innerJoin('studio_media as m', 'm.sha256', 'l.sha256')
    .select([
      'l.slug',
      'l.sha256',
      'l.name',
      'l.alt',
      'l.added_by',
      'l.added_at',
      'm.width',
      'm.height',
      sql<number | string>`length(m.bytes)`.as('size'),
    ])
    .where('l.slug', 'in', [...slugs])
    .orderBy('l.added_at', 'desc')
    .orderBy('l.sha256')
    .execute();
  return rows.map((row) => ({
    slug: row.slug,
    sha256: row.sha256,
    src: pictureSrc(row.sha256),
    name: row.name,
    alt: row.alt,
    width: row.width,
    height: row.height,
    bytes: Number(row.size),
    addedBy: row.added_by,
    addedAt: row.added_at,
  }));
}

/** One picture of a site's library, or undefined. */
export async function libraryPicture(db: Db, slug: string, sha256: string): Promise<LibraryPicture | undefined> {
  return (await libraryOf(db, [slug])).find((picture) => picture.sha256 === sha256);
}

/** Sets the alt text the library offers for a picture; false when the site's library does not hold it. */
export async function setLibraryAlt(db: Db, slug: string, sha256: string, alt: string): Promise<boolean> {
  const result = await db
    .updateTable('studio_library')
    .set({ alt: alt.slice(0, MAX_LIBRARY_ALT) })
    .where('slug', '=', slug)
    .where('sha256', '=', sha256)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Takes a picture off a site's library; false when it was not there. The bytes stay while another
 * library or a version of a site names the picture; after that, the collection of unused pictures
 * removes them.
 */
export async function removeFromLibrary(db: Db, slug: string, sha256: string): Promise<boolean> {
  const result = await db
    .deleteFrom('studio_library')
    .where('slug', '=', slug)
    .where('sha256', '=', sha256)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
