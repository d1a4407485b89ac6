import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { STAFF_PASSWORD, staffSessionCookie, studioRequest, studioTestEnv } from './studio-test-support';
import { freshDatabaseUrl } from '../../services/db/test-database';

// Issue 33, "Text and pictures": "A picture library per site (and per dealer group for group
// editors): every upload is kept with its alt text, dimensions and where it is used; pick an
// existing picture anywhere an image field is; crop to the field's aspect ratio and set a focal
// point (stored with the image reference, applied by the renderer and the image optimiser); a
// picture still in use cannot be deleted."
studioTestEnv('studio-library-route', await freshDatabaseUrl());
// A second site of the Southern Cross group, so the group's library has two sites in it.
const extra = mkdtempSync(join(tmpdir(), 'library-tenants-'));
const north = JSON.parse(readFileSync('tenants/southern-cross-motors.json', 'utf8')) as Record<string, unknown>;
writeFileSync(
  join(extra, 'southern-cross-north.json'),
  JSON.stringify({
    ...north,
    $schema: undefined,
    slug: 'southern-cross-north',
    name: 'Southern Cross North',
    domains: ['north.example.com.au'],
  }),
);
process.env.TENANTS_DIR = extra;

const { createStaffUser } = await import('../../services/staff-auth/staff-users');
const { getTenantStore } = await import('../../services/tenant-store');
const { handleStaffAuth } = await import('./staff-auth-route');
const { handleMediaUpload } = await import('./media-route');
const { handleLibrary, handleLibraryPicture, MEDIA_DELETE_ACTION } = await import('./library-routes');
const { serveStudioImage } = await import('../../services/studio-media');

const SITE = 'southern-cross-motors';
const NORTH = 'southern-cross-north';
const GROUP = 'group@studio.example';
const OTHER = 'site@studio.example';

interface Picture {
  sha256: string;
  src: string;
  name: string;
  alt: string;
  width: number;
  height: number;
  size: string;
  own: boolean;
  site: { slug: string; name: string };
  uses: string[];
}

let group = '';
let other = '';
let uploaded = { src: '', sha256: '' };

async function upload(slug: string, cookie: string, name: string, background: string) {
  const bytes = await sharp({ create: { width: 400, height: 200, channels: 3, background } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), name);
  const request = studioRequest('POST', `/api/studio/sites/${slug}/media`, { cookie });
  const response = await handleMediaUpload(new Request(request, { body: form }), slug);
  expect(response.status).toBe(201);
  const body = (await response.json()) as { src: string };
  return { src: body.src, sha256: body.src.slice('/media/studio/'.length, -'.webp'.length) };
}

async function library(slug: string, cookie: string) {
  const response = await handleLibrary(
    studioRequest('GET', `/api/studio/sites/${slug}/media/library`, { cookie }),
    slug,
  );
  return {
    status: response.status,
    body: (await response.json()) as { pictures: Picture[]; group?: string; message?: string },
  };
}

async function call(method: string, slug: string, sha256: string, cookie: string, body?: unknown) {
  const path = `/api/studio/sites/${slug}/media/library/${sha256}`;
  const response = await handleLibraryPicture(studioRequest(method, path, { cookie, body }), slug, sha256);
  return {
    status: response.status,
    body: (await response.json()) as { message?: string; alt?: string; uses?: string[] },
  };
}

beforeAll(async () => {
  await createStaffUser({ email: GROUP, role: 'group-editor', groups: ['southern-cross'], password: STAFF_PASSWORD });
  await createStaffUser({ email: OTHER, role: 'site-editor', sites: ['harbour-city-mazda'], password: STAFF_PASSWORD });
  group = await staffSessionCookie(handleStaffAuth, GROUP);
  other = await staffSessionCookie(handleStaffAuth, OTHER);
  uploaded = await upload(SITE, group, 'C:\\photos\\summer-sale.png', '#336699');
});

describe('the picture library (issue 33)', () => {
  it("keeps every upload with its file name, size and dimensions, and only for the site's editors", async () => {
    const { status, body } = await library(SITE, group);
    expect(status).toBe(200);
    expect(body.pictures).toEqual([
      expect.objectContaining({
        sha256: uploaded.sha256,
        src: uploaded.src,
        name: 'summer-sale.png',
        alt: '',
        width: 400,
        height: 200,
        own: true,
        site: { slug: SITE, name: 'Southern Cross Motors' },
        uses: [],
      }),
    ]);
    expect(body.pictures[0]?.size).toMatch(/^0\.\d MB$/);
    expect((await library(SITE, other)).status).toBe(403);
    expect((await library(SITE, '')).status).toBe(401);
  });

  it('keeps the alt text the library offers, refusing one too long or for a picture it does not hold', async () => {
    expect(await call('PATCH', SITE, uploaded.sha256, group, { alt: ' A blue car on a summer road ' })).toEqual({
      status: 200,
      body: { alt: 'A blue car on a summer road' },
    });
    expect((await library(SITE, group)).body.pictures[0]?.alt).toBe('A blue car on a summer road');
    expect((await call('PATCH', SITE, uploaded.sha256, group, { alt: 'x'.repeat(501) })).status).toBe(400);
    expect((await call('PATCH', SITE, 'f'.repeat(64), group, { alt: 'x' })).status).toBe(404);
    expect((await call('PATCH', SITE, '../etc', group, { alt: 'x' })).status).toBe(404);
    const foreign = studioRequest('PATCH', `/api/studio/sites/${SITE}/media/library/${uploaded.sha256}`, {
      cookie: group,
      origin: 'http://evil.example',
      body: { alt: 'changed' },
    });
    expect((await handleLibraryPicture(foreign, SITE, uploaded.sha256)).status).toBe(403);
  });

  it('serves a crop of the picture from its address, and nothing for a crop outside it or a second spelling', async () => {
    const crop = await serveStudioImage(`${uploaded.sha256}-100-50-200-100.webp`);
    expect(crop.status).toBe(200);
    expect(crop.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(Buffer.from(await crop.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 200, 100]);
    expect((await serveStudioImage(`${uploaded.sha256}-300-50-200-100.webp`)).status).toBe(404);
    expect((await serveStudioImage(`${uploaded.sha256}-0100-50-200-100.webp`)).status).toBe(404);
  });

  it('says where the site uses a picture, and refuses to delete it until nothing does', async () => {
    const file = JSON.parse(readFileSync('tenants/southern-cross-motors.json', 'utf8')) as { pages?: object };
    const hero = {
      type: 'Hero',
      props: {
        heading: 'Summer sale',
        image: { src: `/media/studio/${uploaded.sha256}-0-0-200-200.webp`, alt: 'Car', focus: { x: 30, y: 60 } },
      },
    };
    const document = {
      ...file,
      pages: { '/summer': { title: 'Summer sale | {site}', blocks: [hero] }, ...file.pages },
    };
    await getTenantStore().saveDraft({
      slug: SITE,
      document: JSON.stringify(document),
      author: GROUP,
      baseVersionId: null,
    });

    const used = (await library(SITE, group)).body.pictures[0]?.uses ?? [];
    expect(used).toHaveLength(1);
    expect(used[0]).toBe('Pages › Page /summer › Hero banner › Picture (the draft)');
    const refused = await call('DELETE', SITE, uploaded.sha256, group);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(
      /^summer-sale\.png is still used: Pages › Page \/summer › Hero banner › Picture \(the draft\)\. Choose another picture there first, then delete it\.$/,
    );

    await getTenantStore().discardDraft(SITE);
    expect(await call('DELETE', SITE, uploaded.sha256, group)).toEqual({
      status: 200,
      body: { message: 'Deleted summer-sale.png from the library.' },
    });
    expect((await library(SITE, group)).body.pictures).toEqual([]);
    const audit = await getTenantStore().auditLog({ slug: SITE });
    expect(audit.find((e) => e.action === MEDIA_DELETE_ACTION)).toMatchObject({ actor: GROUP });
    expect((await call('DELETE', SITE, uploaded.sha256, group)).status).toBe(404);
  });

  it("shows a group editor the group's other sites' pictures, and takes one into this site's library when chosen", async () => {
    const fromNorth = await upload(NORTH, group, 'north-yard.png', '#994422');
    const listed = (await library(SITE, group)).body;
    expect(listed.group).toBe('southern-cross');
    expect(listed.pictures).toEqual([
      expect.objectContaining({
        sha256: fromNorth.sha256,
        own: false,
        site: { slug: NORTH, name: 'Southern Cross North' },
      }),
    ]);
    const take = (sha256: string, cookie: string, slug = SITE) =>
      handleLibrary(
        studioRequest('POST', `/api/studio/sites/${slug}/media/library`, { cookie, body: { sha256 } }),
        slug,
      );
    const taken = await take(fromNorth.sha256, group);
    expect(taken.status).toBe(201);
    expect(await taken.json()).toMatchObject({ src: fromNorth.src, width: 400, height: 200 });
    expect((await library(SITE, group)).body.pictures).toEqual([
      expect.objectContaining({ sha256: fromNorth.sha256, own: true, name: 'north-yard.png' }),
    ]);
    // A site outside the group cannot take it, even knowing its hash.
    expect((await take(fromNorth.sha256, other, 'harbour-city-mazda')).status).toBe(404);
  });
});
