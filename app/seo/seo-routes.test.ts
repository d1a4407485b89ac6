import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freshDatabaseUrl } from '@/services/db/test-database';
import { feedCar } from '@/services/stock/test-feed';

// The routes read the process-wide database and search service: a new database of the project's kind.
process.env.DATABASE_URL = await freshDatabaseUrl();
const { getDatabase } = await import('@/services/db/database');
const { importFeed } = await import('@/services/stock/import-feed');
const robots = await import('./[tenant]/robots/route');
const sitemap = await import('./[tenant]/sitemap/route');
const parts = await import('./[tenant]/sitemaps/[part]/route');
const feeds = await import('./[tenant]/feeds/[feed]/route');

const PORT = 3100;
const HARBOUR = 'harbour-city-mazda';

/** A request as the proxy passes it on: the shopper's Host, and the tenant header it sets. */
function request(
  path: string,
  options: { slug?: string; host?: string; method?: string; header?: string | null } = {},
) {
  const slug = options.slug ?? HARBOUR;
  const host = options.host ?? `${slug}.localhost:${PORT}`;
  const headers: Record<string, string> = { host };
  const header = options.header === undefined ? slug : options.header;
  if (header !== null) headers['x-platform-tenant'] = header;
  return new Request(`http://${host}/seo/${slug}${path}`, { method: options.method ?? 'GET', headers });
}

const ctx = <T extends Record<string, string>>(params: T) => ({ params: Promise.resolve(params) });

beforeAll(async () => {
  vi.stubEnv('ALLOW_LOCALHOST_TENANTS', '1');
  const db = await getDatabase();
  // Harbour City Mazda lists dealership 1, Southern Cross Motors dealerships 2-6, Ridgeline 7.
  const result = await importFeed(
    db,
    {
      dealerships: [
        { id: 1, slug: 'harbour', name: 'Harbour' },
        { id: 2, slug: 'southern', name: 'Southern' },
        { id: 7, slug: 'ridgeline', name: 'Ridgeline' },
      ],
      cars: [
        feedCar(1, { slug: 'harbour-cx-5', price: 31_990 }),
        feedCar(2, { slug: 'harbour-mazda3', model: 'Mazda3', price: 24_500, offer_price: 23_990 }),
        feedCar(3, { slug: 'southern-hilux', dealership_id: 2, make: 'Toyota', model: 'HiLux' }),
        feedCar(4, {
          slug: 'ridgeline-cb500',
          dealership_id: 7,
          make: 'Honda',
          model: 'CB500',
          item_type: 'motorcycle',
        }),
      ],
    },
    { file: 'seo-routes-test' },
  );
  expect(result.ok).toBe(true);
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await (await getDatabase()).destroy();
});

describe('robots.txt', () => {
  it("answers the site's robots.txt, naming its sitemap on the address it was asked on", async () => {
    const response = await robots.GET(request('/robots'), ctx({ tenant: HARBOUR }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await response.text();
    expect(text).toContain(`Sitemap: http://${HARBOUR}.localhost:${PORT}/sitemap.xml`);
    expect(text).toContain('Disallow: /api/');
  });

  it('writes the canonical origin for any other Host, never the Host it was sent', async () => {
    for (const host of [
      'www.harbourcitymazda.com.au:4444',
      'evil.example',
      `southern-cross-motors.localhost:${PORT}`,
    ]) {
      const text = await (await robots.GET(request('/robots', { host }), ctx({ tenant: HARBOUR }))).text();
      expect(text, host).toContain('Sitemap: https://www.harbourcitymazda.com.au/sitemap.xml');
    }
  });

  it('answers nothing unless the proxy named the same site', async () => {
    expect((await robots.GET(request('/robots', { header: null }), ctx({ tenant: HARBOUR }))).status).toBe(404);
    expect(
      (await robots.GET(request('/robots', { header: 'southern-cross-motors' }), ctx({ tenant: HARBOUR }))).status,
    ).toBe(404);
    expect(
      (await robots.GET(request('/robots', { slug: 'no-such-site' }), ctx({ tenant: 'no-such-site' }))).status,
    ).toBe(404);
  });

  it('answers HEAD with the headers alone', async () => {
    const response = await robots.HEAD(request('/robots', { method: 'HEAD' }), ctx({ tenant: HARBOUR }));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=900');
    expect(await response.text()).toBe('');
  });
});

describe('the sitemap', () => {
  it('answers the index with caching headers and the stock part of this site', async () => {
    const response = await sitemap.GET(request('/sitemap'), ctx({ tenant: HARBOUR }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=900');
    expect(Date.parse(response.headers.get('last-modified') ?? '')).toBeGreaterThan(Date.now() - 600_000);
    expect(await response.text()).toContain(`<loc>http://${HARBOUR}.localhost:${PORT}/sitemaps/stock-1.xml</loc>`);
  });

  it("streams a part with this site's cars only", async () => {
    const response = await parts.GET(request('/sitemaps/stock-1.xml'), ctx({ tenant: HARBOUR, part: 'stock-1.xml' }));
    expect(response.status).toBe(200);
    const xml = await response.text();
    expect(xml).toContain(`<loc>http://${HARBOUR}.localhost:${PORT}/cars/harbour-cx-5</loc>`);
    expect(xml).toContain(`<loc>http://${HARBOUR}.localhost:${PORT}/cars/harbour-mazda3</loc>`);
    expect(xml).not.toContain('southern-hilux');
    const other = await (
      await parts.GET(
        request('/sitemaps/stock-1.xml', { slug: 'southern-cross-motors' }),
        ctx({ tenant: 'southern-cross-motors', part: 'stock-1.xml' }),
      )
    ).text();
    expect(other).toContain('/cars/southern-hilux');
    expect(other).not.toContain('harbour-');
  });

  it('answers 404 for a part past the end or a name that is no part, GET and HEAD alike', async () => {
    for (const part of ['stock-2.xml', 'stock.xml', 'cars-1.xml']) {
      expect((await parts.GET(request(`/sitemaps/${part}`), ctx({ tenant: HARBOUR, part }))).status, part).toBe(404);
      expect(
        (await parts.HEAD(request(`/sitemaps/${part}`, { method: 'HEAD' }), ctx({ tenant: HARBOUR, part }))).status,
        part,
      ).toBe(404);
    }
    const head = await parts.HEAD(
      request('/sitemaps/stock-1.xml', { method: 'HEAD' }),
      ctx({ tenant: HARBOUR, part: 'stock-1.xml' }),
    );
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });
});

describe('the advertising feeds', () => {
  it('answers the Google feed with the price the site shows', async () => {
    const response = await feeds.GET(
      request('/feeds/google-vehicle-listings.xml'),
      ctx({ tenant: HARBOUR, feed: 'google-vehicle-listings.xml' }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(response.headers.get('x-robots-tag')).toBe('noindex');
    const xml = await response.text();
    expect(xml).toContain('<g:price>31990.00 AUD</g:price>');
    // The offer price, as the site shows it.
    expect(xml).toContain('<g:price>23990.00 AUD</g:price>');
    expect(xml).toContain(`<g:link>http://${HARBOUR}.localhost:${PORT}/cars/harbour-cx-5</g:link>`);
    expect(xml).not.toContain('southern-hilux');
  });

  it('answers the Meta catalogue as CSV', async () => {
    const response = await feeds.GET(
      request('/feeds/meta-automotive.csv'),
      ctx({ tenant: HARBOUR, feed: 'meta-automotive.csv' }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present');
    const csv = await response.text();
    expect(csv.split('\r\n').filter(Boolean)).toHaveLength(3);
  });

  it('answers 404 while the switch is off, and for a feed that does not exist', async () => {
    // Ridgeline Motorcycles has neither feed switched on.
    const off = await feeds.GET(
      request('/feeds/google-vehicle-listings.xml', { slug: 'ridgeline-motorcycles' }),
      ctx({ tenant: 'ridgeline-motorcycles', feed: 'google-vehicle-listings.xml' }),
    );
    expect(off.status).toBe(404);
    const unknown = await feeds.GET(request('/feeds/bing.xml'), ctx({ tenant: HARBOUR, feed: 'bing.xml' }));
    expect(unknown.status).toBe(404);
    const head = await feeds.HEAD(
      request('/feeds/meta-automotive.csv', { method: 'HEAD' }),
      ctx({ tenant: HARBOUR, feed: 'meta-automotive.csv' }),
    );
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });
});
