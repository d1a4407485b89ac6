import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KEPT_VERSIONS_PER_SITE } from '../../domain/studio/history-limit';
import type { PlatformDb } from '../db/database';
import { openTestDatabase } from '../db/test-database';
import { createTenantStore, type TenantStore, type Validate } from './tenant-store';
import { trimAllHistories, trimSiteHistory } from './version-limit';

let db: PlatformDb;
let store: TenantStore;
beforeEach(async () => {
  db = await openTestDatabase({ file: true });
  let clock = Date.parse('2026-11-22T00:00:00Z');
  store = createTenantStore(db, { now: () => new Date((clock += 1000)) });
});
afterEach(async () => db.destroy());

const validate: Validate = () => ({ ok: true });
const doc = (n: number) => JSON.stringify({ slug: 'acme', name: `Acme ${n}` });

/** Publishes `count` versions of `slug` in a row; answers the last. */
async function publishMany(slug: string, count: number) {
  let base: number | null = (await store.published(slug))?.id ?? null;
  for (let n = 0; n < count; n++) {
    const result = await store.publish({
      slug,
      document: doc(n),
      author: 'ed',
      message: `v${n}`,
      baseVersionId: base,
      validate,
    });
    if (!result.ok) throw new Error(`publish ${n} failed`);
    base = result.version.id;
  }
  return base;
}

/** Versions written straight into the table (as a long history from before the limit would be). */
async function oldHistory(slug: string, count: number): Promise<number[]> {
  const ids: number[] = [];
  let parent: number | null = null;
  for (let n = 0; n < count; n++) {
    const row: { id: number } = await db
      .insertInto('tenant_versions')
      .values({
        slug,
        document: doc(n),
        author: 'ed',
        message: '',
        created_at: '2026-01-01T00:00:00.000Z',
        parent_id: parent,
        state: 'published',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
    parent = row.id;
  }
  return ids;
}

const versionIds = async (slug: string) => (await store.versionList(slug)).map((v) => v.id);

describe("a site's history is trimmed to its limit (issue 30, M4)", () => {
  it('removes the oldest versions past the limit, keeps the published one and the draft, and unlinks their children', async () => {
    const ids = await oldHistory('acme', 8);
    await db
      .insertInto('tenant_sites')
      .values({
        slug: 'acme',
        published_version_id: ids[0] ?? null,
        draft_version_id: ids[1] ?? null,
        published_at: null,
        published_by: null,
        change_seq: 1,
      })
      .execute();
    expect(await trimSiteHistory(db, 'acme', 3)).toBe(3);
    expect(await versionIds('acme')).toEqual([ids[7], ids[6], ids[5], ids[1], ids[0]]);
    // The oldest kept version's parent went: it has none now.
    const kept = await db.selectFrom('tenant_versions').select(['id', 'parent_id']).orderBy('id').execute();
    expect(kept.find((v) => v.id === ids[5])?.parent_id).toBeNull();
    expect(kept.find((v) => v.id === ids[6])?.parent_id).toBe(ids[5]);
    expect(await trimSiteHistory(db, 'acme', 3)).toBe(0);
  });

  it('is kept by every publish and new draft, so no site ever holds more than the limit', async () => {
    const ids = await oldHistory('acme', KEPT_VERSIONS_PER_SITE);
    await oldHistory('other', 3);
    const last = await publishMany('acme', 2);
    const after = await versionIds('acme');
    expect(after).toHaveLength(KEPT_VERSIONS_PER_SITE);
    expect(after[0]).toBe(last);
    expect(after).not.toContain(ids[0]);
    expect(after).not.toContain(ids[1]);
    expect(after).toContain(ids[2]);
    await store.saveDraft({ slug: 'acme', document: doc(99), author: 'al', baseVersionId: last });
    expect(await versionIds('acme')).toHaveLength(KEPT_VERSIONS_PER_SITE);
    // Another site's history is its own.
    expect(await versionIds('other')).toHaveLength(3);
  });

  it('trims every site at once (the background collection), in rounds when a site is far over', async () => {
    await oldHistory('acme', 1_210);
    await oldHistory('other', 5);
    expect(await trimAllHistories(db, 4)).toBe(1_206 + 1);
    expect(await versionIds('acme')).toHaveLength(4);
    expect(await versionIds('other')).toHaveLength(4);
  });
});
