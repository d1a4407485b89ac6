import { sql, type Kysely } from 'kysely';
import { UNUSED_MEDIA_GRACE_MS } from '../../domain/studio/media-rules';
import type { Database } from '../db/schema';

/**
 * The collection of unused Studio pictures (issue 30, M4): a picture that no version of any site's
 * tenant document names (published or draft, as text, so a draft that is not valid JSON counts
 * too) is removed once it was last uploaded more than the grace period ago. Every site's versions
 * are read, not only the uploading site's: one picture is one row for every site that uploaded it
 * (its address is its hash), and a document may name a picture by path. A picture still in a site's
 * picture library (issue 33) is kept until an editor deletes it there.
 *
 * Versions are read a page at a time and only the names are kept, so memory stays small however
 * long the history (which tenant-store trims to its limit).
 */
export interface MediaCollection {
  /** Pictures removed, and their bytes. */
  removed: number;
  removedBytes: number;
  /** Pictures older than the grace period that a version still names. */
  kept: number;
}

export interface CollectOptions {
  now?: Date;
  graceMs?: number;
}

/**
 * A picture's name in a document: its hash, a crop if any (issue 33) and the extension, however the
 * path around it is written (JSON may escape "/").
 */
const NAMED = /([0-9a-f]{64})(?:-\d+-\d+-\d+-\d+)?\.webp/g;
const PAGE = 50;

/** The hashes every version of every site names. */
async function namedPictures(db: Kysely<Database>): Promise<Set<string>> {
  const named = new Set<string>();
  let after = 0;
  for (;;) {
    const page = await db
      .selectFrom('tenant_versions')
      .select(['id', 'document'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE)
      .execute();
    for (const row of page) for (const match of row.document.matchAll(NAMED)) if (match[1]) named.add(match[1]);
    const last = page.at(-1);
    if (!last || page.length < PAGE) return named;
    after = last.id;
  }
}

export async function collectUnusedMedia(db: Kysely<Database>, options: CollectOptions = {}): Promise<MediaCollection> {
  const now = options.now ?? new Date();
  const cutoff = new Date(now.getTime() - (options.graceMs ?? UNUSED_MEDIA_GRACE_MS)).toISOString();
  // Candidates first: a picture uploaded after this read is younger than the grace period anyway.
  const old = await db
    .selectFrom('studio_media')
    .select(['id', 'sha256', sql<number | string>`length(bytes)`.as('size')])
    .where('created_at', '<', cutoff)
    .where('sha256', 'not in', db.selectFrom('studio_library').select('sha256'))
    .execute();
  if (!old.length) return { removed: 0, removedBytes: 0, kept: 0 };
  const named = await namedPictures(db);
  const unused = old.filter((row) => !named.has(row.sha256));
  let removed = 0;
  let removedBytes = 0;
  for (let at = 0; at < unused.length; at += 200) {
    const batch = unused.slice(at, at + 200);
    // Renewed by an upload since it was read (the same picture again): not removed.
    const result = await db
      .deleteFrom('studio_media')
      .where(
        'id',
        'in',
        batch.map((row) => row.id),
      )
      .where('created_at', '<', cutoff)
      // Taken into a library since it was read: kept.
      .where('sha256', 'not in', db.selectFrom('studio_library').select('sha256'))
      .executeTakeFirst();
    const count = Number(result.numDeletedRows);
    removed += count;
    if (count === batch.length) removedBytes += batch.reduce((sum, row) => sum + Number(row.size), 0);
    else {
      // Some were renewed meanwhile: count the bytes of those actually gone.
      const left = new Set(
        (
          await db
            .selectFrom('studio_media')
            .select('id')
            .where(
              'id',
              'in',
              batch.map((row) => row.id),
            )
            .execute()
        ).map((row) => row.id),
      );
      removedBytes += batch.filter((row) => !left.has(row.id)).reduce((sum, row) => sum + Number(row.size), 0);
    }
  }
  return { removed, removedBytes, kept: old.length - unused.length };
}
