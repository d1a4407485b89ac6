import type { Kysely } from 'kysely';
import { KEPT_VERSIONS_PER_SITE, versionsPastLimit } from '../../domain/studio/history-limit';
import type { Database } from '../db/schema';

/** Versions read past the limit at a time (a site over it by more is trimmed in several rounds). */
const BATCH = 500;

/**
 * Removes a site's versions past the newest `keep` (domain/studio/history-limit.ts), never the
 * published version, the draft, or a waiting schedule's versions; a version whose parent goes keeps no parent. Runs inside the
 * transaction that wrote the new version (tenant-store.ts), and for every site from the
 * background collection (server/background/media-collection.ts). Answers how many went.
 */
export async function trimSiteHistory(
  db: Kysely<Database>,
  slug: string,
  keep = KEPT_VERSIONS_PER_SITE,
): Promise<number> {
  let removed = 0;
  for (;;) {
    const site = await db
      .selectFrom('tenant_sites')
      .select(['published_version_id', 'draft_version_id'])
      .where('slug', '=', slug)
      .executeTakeFirst();
    // A waiting schedule's frozen version and the version it was made from (issue 33) stay too.
    const waiting = await db
      .selectFrom('tenant_schedules')
      .select(['version_id', 'base_version_id'])
      .where('slug', '=', slug)
      .where('state', '=', 'scheduled')
      .execute();
    const pinned = [
      site?.published_version_id,
      site?.draft_version_id,
      ...waiting.flatMap((w) => [w.version_id, w.base_version_id]),
    ];
    // Only the ids past the limit are read, plus the pinned ones among them.
    const rows = await db
      .selectFrom('tenant_versions')
      .select('id')
      .where('slug', '=', slug)
      .orderBy('id', 'desc')
      .limit(BATCH + pinned.length)
      .offset(keep)
      .execute();
    const ids = versionsPastLimit(
      rows.map((r) => r.id),
      pinned,
      0,
    ).slice(0, BATCH);
    if (!ids.length) return removed;
    await db.updateTable('tenant_versions').set({ parent_id: null }).where('parent_id', 'in', ids).execute();
    const result = await db.deleteFrom('tenant_versions').where('id', 'in', ids).executeTakeFirst();
    removed += Number(result.numDeletedRows);
    if (rows.length < BATCH + pinned.length) return removed;
  }
}

/** Trims every site's history; answers how many versions went. */
export async function trimAllHistories(db: Kysely<Database>, keep = KEPT_VERSIONS_PER_SITE): Promise<number> {
  const sites = await db.selectFrom('tenant_versions').select('slug').distinct().execute();
  let removed = 0;
  for (const { slug } of sites) removed += await trimSiteHistory(db, slug, keep);
  return removed;
}
