/**
 * Issue 18: feed photos on a dealer's image host show on the search card and the vehicle page,
 * through the platform's image route; a photo that cannot be had, and a car without photos, show
 * the placeholder naming the body type, never a broken image. The dealer's host is
 * e2e/support/image-server.mjs on 127.0.0.1:3198, which the platform trusts through IMAGE_HOSTS
 * (playwright.config.ts); the feed (e2e/fixtures/remote-photos-feed.json) is dealership 3198,
 * shown only by the site this spec adds.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { E2E_SERVER_ENV } from '../playwright.config';
import { expectAccessible, siteUrl, tenantGet } from './helpers';

// The server under test reads TENANTS_DIR=test-results/extra-tenants (playwright.config.ts).
const extraDir = 'test-results/extra-tenants';
const slug = 'remote-photos-motors';
const tenantFile = join(extraDir, `${slug}.json`);
const FEED = 'e2e/fixtures/remote-photos-feed.json';
const IMAGE_HOST = 'http://127.0.0.1:3198';

const RAV4 = { slug: '2021-toyota-rav4-gxl-3198001', title: '2021 Toyota RAV4 GXL' };
const RANGER = { slug: '2019-ford-ranger-xlt-3198002', title: '2019 Ford Ranger XLT' };
const I30 = { slug: '2020-hyundai-i30-active-3198003', title: '2020 Hyundai i30 Active' };

/** Waits until the picture has loaded, then gives its pixel width (0 for a broken image). */
async function loadedWidth(image: Locator): Promise<number> {
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete), { timeout: 15_000 }).toBe(true);
  return image.evaluate((img: HTMLImageElement) => img.naturalWidth);
}

/** The picture the browser chose, fetched again as the shopper's browser would. */
async function fetchShown(page: Page, request: APIRequestContext, image: Locator) {
  const shown = new URL(await image.evaluate((img: HTMLImageElement) => img.currentSrc), siteUrl(slug));
  const response = await tenantGet(request, slug, `${shown.pathname}${shown.search}`);
  return { path: shown.pathname, query: shown.searchParams, response };
}

const cardOf = (page: Page, title: string) =>
  page.locator('article.stock-card', { has: page.getByRole('heading', { name: title }) });

test.describe('photos from the dealer’s image host', () => {
  test.beforeAll(() => {
    execFileSync('node', ['--import', 'tsx', 'scripts/import.ts', FEED], {
      env: { ...process.env, DATABASE_URL: E2E_SERVER_ENV.DATABASE_URL },
      stdio: 'pipe',
    });
    mkdirSync(extraDir, { recursive: true });
    const tenant = {
      schemaVersion: 4,
      slug,
      name: 'Remote Photos Motors',
      template: 'group',
      dealerships: [3198],
      // A tenant's own list (public hosts only); the test host is allowed by the platform's list.
      images: { remoteHosts: ['images.remote-photos.example'] },
    };
    writeFileSync(tenantFile, `${JSON.stringify(tenant, null, 2)}\n`);
  });
  test.afterAll(() => rmSync(tenantFile, { force: true }));

  test('search cards show the remote photos, and the placeholder where a photo fails or is missing', async ({
    page,
    request,
  }) => {
    // The site file is picked up by the server's tenant sync, the cars by its stock sync.
    await expect(async () => {
      const response = await page.goto(siteUrl(slug, '/search/new-used-and-demo-cars'));
      expect(response?.status()).toBe(200);
      await expect(page.locator('article.stock-card')).toHaveCount(3, { timeout: 1_000 });
    }).toPass({ timeout: 30_000 });

    const rav4 = cardOf(page, RAV4.title).locator('img').first();
    expect(await loadedWidth(rav4)).toBeGreaterThan(0);
    const rav4Shown = await fetchShown(page, request, rav4);
    expect(rav4Shown.path).toBe('/api/images');
    expect(rav4Shown.query.get('url')).toBe(`${IMAGE_HOST}/photos/rav4-1.jpg`);
    expect(rav4Shown.response.status()).toBe(200);
    expect(rav4Shown.response.headers()['content-type']).toMatch(/^image\/(avif|webp|jpeg)$/);
    // A responsive set, so a phone does not load a desktop-sized photo.
    expect(await rav4.getAttribute('srcset')).toMatch(/\/api\/images\?url=[^ ]+&w=640&body=suv 640w/);

    // The Ranger's photo is gone from the dealer's host: the placeholder names its body type.
    const ranger = cardOf(page, RANGER.title).locator('img').first();
    expect(await loadedWidth(ranger)).toBeGreaterThan(0);
    const rangerShown = await fetchShown(page, request, ranger);
    expect(rangerShown.path).toBe('/api/images');
    expect(rangerShown.response.headers()['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(rangerShown.response.headers()['cache-control']).toBe('public, max-age=60');
    expect(await rangerShown.response.text()).toContain('>Ute</text>');

    // The i30 has no photos at all: the placeholder at once.
    const i30 = cardOf(page, I30.title).locator('img').first();
    expect(await loadedWidth(i30)).toBeGreaterThan(0);
    const i30Shown = await fetchShown(page, request, i30);
    expect(`${i30Shown.path}?${i30Shown.query}`).toBe('/api/images/placeholder?body=hatch');
    expect(await i30Shown.response.text()).toContain('>Hatch</text>');

    await expectAccessible(page);
  });

  test('the vehicle page shows the remote photos in its gallery and thumbnails', async ({ page, request }) => {
    await expect(async () => {
      const response = await page.goto(siteUrl(slug, `/cars/${RAV4.slug}`));
      expect(response?.status()).toBe(200);
    }).toPass({ timeout: 30_000 });
    const first = page.getByRole('img', { name: `${RAV4.title}, photo 1` });
    expect(await loadedWidth(first)).toBeGreaterThan(0);
    const shown = await fetchShown(page, request, first);
    expect(shown.path).toBe('/api/images');
    expect(shown.query.get('url')).toBe(`${IMAGE_HOST}/photos/rav4-1.jpg`);
    expect(shown.response.headers()['content-type']).toMatch(/^image\/(avif|webp|jpeg)$/);
    // Four photos of an in-stock car: the thumbnail strip shows, each through the image route.
    const thumbnail = page.getByRole('button', { name: 'Show photo 4' }).locator('img');
    expect(await loadedWidth(thumbnail)).toBeGreaterThan(0);
    expect(await thumbnail.getAttribute('src')).toContain(encodeURIComponent(`${IMAGE_HOST}/photos/rav4-4.jpg`));
    await expectAccessible(page);
  });

  test('a vehicle page whose photo fails, or that has none, shows the placeholder', async ({ page, request }) => {
    await expect(async () => {
      const response = await page.goto(siteUrl(slug, `/cars/${RANGER.slug}`));
      expect(response?.status()).toBe(200);
    }).toPass({ timeout: 30_000 });
    const photo = page.getByRole('img', { name: `${RANGER.title}, photo 1` });
    expect(await loadedWidth(photo)).toBeGreaterThan(0);
    const shown = await fetchShown(page, request, photo);
    expect(shown.response.headers()['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(await shown.response.text()).toContain('Photo coming soon');
    await expectAccessible(page);

    await page.goto(siteUrl(slug, `/cars/${I30.slug}`));
    const none = page.getByRole('img', { name: `Photos of the ${I30.title} coming soon` });
    expect(await loadedWidth(none)).toBeGreaterThan(0);
    expect(await none.getAttribute('src')).toBe('/api/images/placeholder?body=hatch');
    await expectAccessible(page);
  });

  test('the image route refuses what it should, never with a server error', async ({ request }) => {
    const bad = await tenantGet(request, slug, '/api/images?w=640');
    expect(bad.status()).toBe(400);
    expect(await bad.text()).toContain('Give the photo address');
    const badWidth = await tenantGet(
      request,
      slug,
      `/api/images?url=${encodeURIComponent(`${IMAGE_HOST}/photos/x.jpg`)}&w=601`,
    );
    expect(badWidth.status()).toBe(400);
    // A host neither the platform nor this site allows is never fetched: the placeholder answers.
    const elsewhere = await tenantGet(
      request,
      slug,
      `/api/images?url=${encodeURIComponent('http://169.254.169.254/latest/meta-data/')}&w=640&body=suv`,
    );
    expect(elsewhere.status()).toBe(200);
    expect(elsewhere.headers()['content-type']).toBe('image/svg+xml; charset=utf-8');
  });
});
