/**
 * Issue 18: robots.txt and sitemaps per site, and the advertising feeds. The sitemap of one demo
 * site lists its own cars and none of another site's; the Google feed's prices are the prices the
 * vehicle pages show in the browser.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { PORT, expectAccessible, tenantGet } from './helpers';

interface FeedCar {
  slug: string;
  dealership_id: number;
  status: string;
  show_on_dealer_website?: boolean;
}
const feed = JSON.parse(readFileSync('data/demo-feed.json', 'utf8')) as { cars: FeedCar[] };
const dealershipOf = new Map(feed.cars.map((car) => [car.slug, car.dealership_id]));

const HARBOUR = 'harbour-city-mazda';
const SOUTHERN = 'southern-cross-motors';
const origin = (slug: string) => `http://${slug}.localhost:${PORT}`;

/** The text of every <tag> in an XML document (these documents are the platform's own, one element per line item). */
function elements(xml: string, tag: string): string[] {
  const decode = (text: string) =>
    text
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, '&');
  return [...xml.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, 'g'))].map((m) => decode(m[1] ?? ''));
}

/** Every car address a site's sitemap lists, through its index and every stock part. */
async function sitemapCars(request: APIRequestContext, slug: string): Promise<string[]> {
  const index = await tenantGet(request, slug, '/sitemap.xml');
  expect(index.status()).toBe(200);
  expect(index.headers()['content-type']).toContain('application/xml');
  const parts = elements(await index.text(), 'loc');
  expect(parts.length).toBeGreaterThan(0);
  for (const part of parts) expect(part.startsWith(`${origin(slug)}/sitemaps/`), part).toBe(true);
  const cars: string[] = [];
  for (const part of parts.filter((loc) => /\/sitemaps\/stock-\d+\.xml$/.test(loc))) {
    const response = await tenantGet(request, slug, new URL(part).pathname);
    expect(response.status(), part).toBe(200);
    cars.push(...elements(await response.text(), 'loc'));
  }
  return cars;
}

test('robots.txt names the sitemap by its absolute address and keeps crawlers out of private paths', async ({
  request,
}) => {
  const response = await tenantGet(request, HARBOUR, '/robots.txt');
  expect(response.status()).toBe(200);
  const text = await response.text();
  expect(text).toContain(`Sitemap: ${origin(HARBOUR)}/sitemap.xml`);
  expect(text).toContain('User-agent: *');
  expect(text).toContain('Disallow: /api/');
  expect(text).toContain('Disallow: /cars/*/checkout');
});

test("the sitemap lists the site's cars and no other site's", async ({ request, page }) => {
  const harbour = await sitemapCars(request, HARBOUR);
  const southern = await sitemapCars(request, SOUTHERN);
  expect(harbour.length).toBeGreaterThan(50);
  expect(southern.length).toBeGreaterThan(50);

  const slugs = (urls: string[], slug: string) =>
    urls.map((url) => {
      expect(url.startsWith(`${origin(slug)}/cars/`), url).toBe(true);
      return url.slice(`${origin(slug)}/cars/`.length);
    });
  const harbourSlugs = slugs(harbour, HARBOUR);
  const southernSlugs = new Set(slugs(southern, SOUTHERN));
  expect(new Set(harbourSlugs).size).toBe(harbourSlugs.length);
  // No car of the other site, and every car is one of this site's dealership (1).
  expect(harbourSlugs.filter((slug) => southernSlugs.has(slug))).toEqual([]);
  expect(harbourSlugs.filter((slug) => dealershipOf.get(slug) !== 1)).toEqual([]);
  // Every car this dealership has in stock on its website is there.
  const inStock = feed.cars.filter(
    (car) => car.dealership_id === 1 && car.status === 'in_stock' && car.show_on_dealer_website !== false,
  );
  const listed = new Set(harbourSlugs);
  expect(inStock.filter((car) => !listed.has(car.slug)).map((car) => car.slug)).toEqual([]);

  // A listed address is a vehicle page that opens.
  const first = harbour[0] ?? '';
  const opened = await page.goto(first);
  expect(opened?.status()).toBe(200);
  await expect(page.getByTestId('vehicle-price')).toBeVisible();
  await expectAccessible(page);
});

test('an unknown host gets a plain 404 for robots.txt, the sitemap and the feeds', async ({ request }) => {
  for (const host of [`localhost:${PORT}`, `no-such-dealer.localhost:${PORT}`])
    for (const path of ['/robots.txt', '/sitemap.xml', '/sitemaps/stock-1.xml', '/feeds/google-vehicle-listings.xml']) {
      const response = await request.get(`http://127.0.0.1:${PORT}${path}`, { headers: { host }, maxRedirects: 0 });
      expect(response.status(), `${host}${path}`).toBe(404);
      expect(await response.text(), `${host}${path}`).toBe('Not found');
    }
});

test("the Google feed's prices are the prices the vehicle pages show", async ({ request, page }) => {
  const response = await tenantGet(request, HARBOUR, '/feeds/google-vehicle-listings.xml');
  expect(response.status()).toBe(200);
  const xml = await response.text();
  const items = [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((m) => m[1] ?? '');
  expect(items.length).toBeGreaterThan(20);
  const links = items.map((item) => elements(item, 'g:link')[0] ?? '');
  const prices = items.map((item) => elements(item, 'g:price')[0] ?? '');
  for (const link of links) expect(link.startsWith(`${origin(HARBOUR)}/cars/`), link).toBe(true);
  for (const price of prices) expect(price).toMatch(/^\d+\.00 AUD$/);

  // Three cars across the feed: its first, middle and last.
  for (const i of [0, Math.floor(items.length / 2), items.length - 1]) {
    await page.goto(links[i] ?? '');
    const shown = (await page.getByTestId('vehicle-price').innerText()).trim();
    expect(shown, links[i]).toMatch(/^\$[\d,]+$/);
    expect(Number(shown.replace(/[$,]/g, '')), links[i]).toBe(Number((prices[i] ?? '').split(' ')[0]));
  }
  await expectAccessible(page);

  // The Meta catalogue carries the same vehicles, one row each after its header.
  const csv = await tenantGet(request, HARBOUR, '/feeds/meta-automotive.csv');
  expect(csv.status()).toBe(200);
  expect(csv.headers()['content-type']).toContain('text/csv');
  const rows = (await csv.text()).split('\r\n').filter(Boolean);
  expect(rows[0]).toContain('"vehicle_id","title","description","url"');
  expect(rows).toHaveLength(items.length + 1);
});

test('a feed that is switched off answers 404', async ({ request }) => {
  // Ridgeline Motorcycles has neither advertising feed switched on.
  for (const path of ['/feeds/google-vehicle-listings.xml', '/feeds/meta-automotive.csv'])
    expect((await tenantGet(request, 'ridgeline-motorcycles', path)).status(), path).toBe(404);
  // Its robots.txt and sitemap are there all the same.
  expect((await tenantGet(request, 'ridgeline-motorcycles', '/robots.txt')).status()).toBe(200);
  expect((await tenantGet(request, 'ridgeline-motorcycles', '/sitemap.xml')).status()).toBe(200);
});
