import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UNUSED_MEDIA_GRACE_MS } from '../../domain/studio/media-rules';
import type { PlatformDb } from '../db/database';
import { openTestDatabase } from '../db/test-database';
import { createTenantStore } from '../tenant-store/tenant-store';
import { collectUnusedMedia } from './collect-media';
import { removeFromLibrary } from './library';
import { createStudioMedia, studioImageHash } from './studio-media';

let db: PlatformDb;
beforeEach(async () => {
  db = await openTestDatabase({ file: true });
});
afterEach(async () => db.destroy());

const DAY = 24 * 60 * 60_000;
const NOW = new Date('2026-11-22T12:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);

/**
 * A picture of its own colour, uploaded for `slug` at `when`; answers its src and hash. Unless
 * `kept`, an editor then deleted it from the site's picture library (issue 33: a library keeps its
 * pictures), so only the versions decide.
 */
async function upload(slug: string, colour: string, when: Date, kept = false) {
  const media = createStudioMedia(db, { now: () => when });
  const bytes = await sharp({ create: { width: 32, height: 32, channels: 3, background: colour } })
    .png()
    .toBuffer();
  const { src } = await media.save({ slug, bytes, author: 'ed@studio.example' });
  const sha256 = studioImageHash(src.slice('/media/studio/'.length)) ?? '';
  if (!kept) await removeFromLibrary(db, slug, sha256);
  return { src, sha256 };
}

const stored = async () => (await db.selectFrom('studio_media').select('sha256').execute()).map((r) => r.sha256).sort();

describe('the collection of unused Studio pictures (issue 30, M4)', () => {
  it('removes only pictures past the grace period that no version of any site names, drafts included', async () => {
    const store = createTenantStore(db, { now: () => ago(3 * DAY) });
    const validate = () => ({ ok: true }) as const;
    const published = await upload('acme', '#110000', ago(10 * DAY));
    const inDraft = await upload('acme', '#220000', ago(10 * DAY));
    const inOldVersion = await upload('acme', '#330000', ago(10 * DAY));
    const inOtherSite = await upload('acme', '#440000', ago(10 * DAY));
    const unused = await upload('acme', '#550000', ago(2 * DAY));
    const unusedOtherSite = await upload('other', '#660000', ago(10 * DAY));
    const young = await upload('acme', '#770000', ago(DAY - 60_000));

    const image = (src: string) => ({ src, alt: 'A picture', width: 32, height: 32 });
    const first = await store.publish({
      slug: 'acme',
      document: JSON.stringify({ name: 'Acme', image: image(inOldVersion.src) }),
      author: 'ed',
      message: 'First',
      baseVersionId: null,
      validate,
    });
    if (!first.ok) throw new Error('publish failed');
    const second = await store.publish({
      slug: 'acme',
      document: JSON.stringify({ name: 'Acme', logo: image(published.src) }),
      author: 'ed',
      message: 'Second',
      baseVersionId: first.version.id,
      validate,
    });
    if (!second.ok) throw new Error('publish failed');
    // A draft half typed in the JSON tab (not valid JSON, the path written with escaped slashes) still counts.
    await store.saveDraft({
      slug: 'acme',
      document: `{"name": "Acme", "logo": {"src": "\\/media\\/studio\\/${inDraft.sha256}.webp"`,
      author: 'al',
      baseVersionId: second.version.id,
    });
    // Another site shows a picture acme uploaded first (one row: its address is its hash).
    await store.publish({
      slug: 'other',
      document: JSON.stringify({ name: 'Other', image: image(inOtherSite.src) }),
      author: 'ed',
      message: 'First',
      baseVersionId: null,
      validate,
    });

    const result = await collectUnusedMedia(db, { now: NOW });
    expect(result.removed).toBe(2);
    expect(result.removedBytes).toBeGreaterThan(0);
    expect(result.kept).toBe(4);
    expect(await stored()).toEqual([published, inDraft, inOldVersion, inOtherSite, young].map((p) => p.sha256).sort());
    expect(await stored()).not.toContain(unused.sha256);
    expect(await stored()).not.toContain(unusedOtherSite.sha256);

    // Once the young one is past its grace period, it goes too; a second run finds nothing more.
    const later = await collectUnusedMedia(db, { now: new Date(NOW.getTime() + UNUSED_MEDIA_GRACE_MS) });
    expect(later.removed).toBe(1);
    expect(await collectUnusedMedia(db, { now: NOW })).toEqual({ removed: 0, removedBytes: 0, kept: 4 });
  });

  it("keeps a picture no version names while a site's picture library holds it (issue 33), even a cropped one", async () => {
    const inLibrary = await upload('acme', '#2060a0', ago(10 * DAY), true);
    const cropped = await upload('acme', '#a06020', ago(10 * DAY));
    await db
      .insertInto('tenant_versions')
      .values({
        slug: 'acme',
        document: JSON.stringify({ image: { src: `/media/studio/${cropped.sha256}-0-0-16-16.webp` } }),
        author: 'ed',
        message: '',
        created_at: ago(DAY).toISOString(),
        parent_id: null,
        state: 'published',
      })
      .execute();
    expect(await collectUnusedMedia(db, { now: NOW })).toEqual({ removed: 0, removedBytes: 0, kept: 1 });
    expect(await stored()).toEqual([inLibrary.sha256, cropped.sha256].sort());
    await removeFromLibrary(db, 'acme', inLibrary.sha256);
    expect((await collectUnusedMedia(db, { now: NOW })).removed).toBe(1);
    expect(await stored()).toEqual([cropped.sha256]);
  });

  it('leaves a picture uploaded again meanwhile: the upload renewed its time', async () => {
    const picture = await upload('acme', '#123456', ago(5 * DAY));
    await upload('acme', '#123456', ago(60_000));
    expect(await collectUnusedMedia(db, { now: NOW })).toEqual({ removed: 0, removedBytes: 0, kept: 0 });
    expect(await stored()).toEqual([picture.sha256]);
  });

  it('reads a long history a page at a time', async () => {
    const named = await upload('acme', '#abcdef', ago(5 * DAY));
    const gone = await upload('acme', '#fedcba', ago(5 * DAY));
    for (let n = 0; n < 120; n++)
      await db
        .insertInto('tenant_versions')
        .values({
          slug: `site-${n % 3}`,
          document: JSON.stringify({ name: `v${n}`, ...(n === 117 ? { image: { src: named.src } } : {}) }),
          author: 'ed',
          message: '',
          created_at: ago(DAY).toISOString(),
          parent_id: null,
          state: 'published',
        })
        .execute();
    expect((await collectUnusedMedia(db, { now: NOW })).removed).toBe(1);
    expect(await stored()).toEqual([named.sha256]);
    expect(await stored()).not.toContain(gone.sha256);
  });
});
