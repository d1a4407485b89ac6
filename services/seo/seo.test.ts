import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JSDOM } from 'jsdom';
import type { PlatformDb } from '../db/database';
import { openTestDatabase } from '../db/test-database';
import { importFeed } from '../stock/import-feed';
import { StockRepository } from '../stock/stock-repository';
import { feedCar } from '../stock/test-feed';
import { holdCar } from '../reservations/reservations';
import { EmbeddedEngine } from '../search/embedded-engine';
import { SearchService } from '../search/search-service';
import { loadTenantRegistry } from '../../engine/tenant-registry';
import { seoSiteFor } from '../../server/seo/seo-site';
import type { ResolvedTenant } from '../../schemas/types.generated';
import { parsePartFile } from '../../domain/sitemap';
import { SeoData } from './seo-data';
import { sitemapIndex, sitemapPart, sitemapPartExists, siteRobotsTxt, type SeoSite } from './sitemap-service';
import { googleVehicleFeed, metaAutomotiveFeed } from './inventory-feed-service';

const entry = loadTenantRegistry().tenants.get('harbour-city-mazda');
if (!entry?.ok) throw new Error('demo tenant missing');
/** The demo franchise site on dealership 1, its search scope left as the listing rule alone. */
const tenant = (extra: Partial<ResolvedTenant> = {}): ResolvedTenant => ({
  ...entry.config,
  dealerships: [1],
  search: { ...entry.config.search, baseFilter: undefined, soldVisibleDays: 3 },
  ...extra,
});

const ORIGIN = 'https://www.harbourcitymazda.com.au';
const now = new Date('2026-11-22T00:00:00Z');
const secondsAgo = (days: number) => Math.floor(now.getTime() / 1000) - days * 86_400;
const location = (id: number, dealership: number, slug: string, extra: Record<string, unknown> = {}) => ({
  id,
  name: `Location ${id}`,
  slug,
  dealership_id: dealership,
  time_zone: 'Australia/Sydney',
  primary: true,
  address: { street: `${id} Botany Road`, city: 'Alexandria', state: 'NSW', postcode: '2015', lat: -33.9, long: 151.2 },
  contact_detail: { phone: '1300 000 000' },
  ...extra,
});
const model = (id: number, manufacturer: number, slug: string, position: number) => ({
  id,
  manufacturer_id: manufacturer,
  slug,
  name: slug,
  position,
  model_variants: [],
});

let db: PlatformDb;
let data: SeoData;

/** Ten cars of this site in stock (ids 1-10), and the cars the site must never list or advertise. */
const CARS = [
  ...Array.from({ length: 10 }, (_, i) =>
    feedCar(i + 1, {
      slug: `site-car-${i + 1}`,
      location_id: 101,
      vin: `JM0KF4W7A01${String(100000 + i + 1)}`,
      // A subscription price shows only on a site with the subscription switch on.
      ...(i === 2 ? { subscription_price: 149 } : {}),
      created_at: new Date(now.getTime() - (i + 1) * 3_600_000).toISOString(),
      images: [{ image: { url: `/media/vehicles/suv/white/side-${i + 1}.png` } }],
    }),
  ),
  feedCar(11, { slug: 'sold-yesterday', status: 'sold', sold_date_timestamp: secondsAgo(1) }),
  feedCar(12, { slug: 'sold-last-month', status: 'sold', sold_date_timestamp: secondsAgo(30) }),
  feedCar(13, { slug: 'coming-soon', status: 'coming_soon' }),
  feedCar(14, { slug: 'hidden-from-site', show_on_dealer_website: false }),
  feedCar(15, { slug: 'enquire-for-price', price: 0 }),
  feedCar(16, { slug: 'a-motorcycle', item_type: 'motorcycle', make: 'Honda', model: 'CB500' }),
  feedCar(17, { slug: 'on-offer', offer_price: 27_500 }),
  feedCar(18, { slug: 'trade-in' }),
  feedCar(21, { slug: 'other-dealers-car', dealership_id: 2 }),
];

beforeEach(async () => {
  db = await openTestDatabase();
  const report = await importFeed(
    db,
    {
      dealerships: [
        { id: 1, slug: 'one', name: 'One' },
        { id: 2, slug: 'two', name: 'Two' },
      ],
      locations: [
        location(101, 1, 'alexandria-sales'),
        location(102, 1, 'hidden-yard', { visible: false, primary: false }),
        location(201, 2, 'other-dealer-sales'),
      ],
      manufacturers: [
        { id: 1, name: 'Mazda', slug: 'mazda' },
        { id: 2, name: 'Kia', slug: 'kia' },
      ],
      models: [model(1, 1, 'mazda-cx-5', 2), model(2, 1, 'mazda-bt-50', 1), model(3, 2, 'kia-sportage', 1)],
      cars: CARS,
    },
    { file: 'seo-test' },
  );
  expect(report.ok, JSON.stringify(report).slice(0, 2000)).toBe(true);
  data = new SeoData(db, new SearchService(new EmbeddedEngine(), new StockRepository(db)));
});

afterEach(async () => {
  await db.destroy();
});

const site = (extra: Partial<SeoSite> = {}, config: Partial<ResolvedTenant> = {}): SeoSite => ({
  ...seoSiteFor(tenant(config), ORIGIN, now),
  ...extra,
});

async function text(chunks: AsyncGenerator<string>): Promise<string> {
  let out = '';
  for await (const chunk of chunks) out += chunk;
  return out;
}

function parseXml(xml: string): Document {
  const doc = new new JSDOM().window.DOMParser().parseFromString(xml, 'application/xml');
  expect(doc.getElementsByTagName('parsererror').length, xml.slice(0, 400)).toBe(0);
  return doc;
}

const locs = (xml: string) => [...parseXml(xml).getElementsByTagName('loc')].map((n) => n.textContent ?? '');

async function part(name: string, on: SeoSite = site()): Promise<string> {
  const parsed = parsePartFile(name);
  if (!parsed) throw new Error(name);
  return text(sitemapPart(data, on, parsed));
}

describe('the sitemap', () => {
  it("lists every car the site lists, at its vehicle page, and no other site's or unlisted car", async () => {
    const index = await sitemapIndex(data, site());
    expect(index).toBeDefined();
    expect(locs(index ?? '')).toEqual([
      `${ORIGIN}/sitemaps/pages-1.xml`,
      `${ORIGIN}/sitemaps/locations-1.xml`,
      `${ORIGIN}/sitemaps/models-1.xml`,
      `${ORIGIN}/sitemaps/stock-1.xml`,
    ]);
    const cars = locs(await part('stock-1.xml'));
    // Listed: the ten in stock, sold yesterday (within the sold window), coming soon, unpriced, the
    // motorcycle and the car on offer. Not: sold a month ago, hidden from the site, another
    // dealer's, and the car whose page the trade-in page shadows.
    const slugs = [
      ...Array.from({ length: 10 }, (_, i) => `site-car-${i + 1}`),
      'sold-yesterday',
      'coming-soon',
      'enquire-for-price',
      'a-motorcycle',
      'on-offer',
    ];
    expect([...cars].sort()).toEqual(slugs.map((slug) => `${ORIGIN}/cars/${slug}`).sort());
  });

  it('gives each car the time its import last wrote it', async () => {
    const xml = await part('stock-1.xml');
    const written = await db.selectFrom('cars').select('updated_at').where('id', '=', 1).executeTakeFirstOrThrow();
    const doc = parseXml(xml);
    const url = [...doc.getElementsByTagName('url')].find(
      (n) => n.getElementsByTagName('loc')[0]?.textContent === `${ORIGIN}/cars/site-car-1`,
    );
    expect(url?.getElementsByTagName('lastmod')[0]?.textContent).toBe(
      new Date(written.updated_at).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    );
  });

  it('splits the cars into parts of the part size, and a part past the end does not exist', async () => {
    const small = site({ partSize: 4 });
    const index = locs((await sitemapIndex(data, small)) ?? '');
    expect(index.filter((loc) => loc.includes('/stock-'))).toEqual([
      `${ORIGIN}/sitemaps/stock-1.xml`,
      `${ORIGIN}/sitemaps/stock-2.xml`,
      `${ORIGIN}/sitemaps/stock-3.xml`,
      `${ORIGIN}/sitemaps/stock-4.xml`,
    ]);
    const parts = await Promise.all([1, 2, 3, 4].map((n) => part(`stock-${n}.xml`, small).then(locs)));
    // 16 listed cars make 4 parts; the car the trade-in page shadows leaves one part a car short.
    expect(parts.every((p) => p.length <= 4 && p.length >= 3)).toBe(true);
    expect(parts.flat()).toHaveLength(15);
    // Every car once, across the parts, and the same cars as one big part.
    const all = parts.flat();
    expect(new Set(all).size).toBe(all.length);
    expect([...all].sort()).toEqual([...locs(await part('stock-1.xml'))].sort());
    expect(await part('stock-5.xml', small)).toBe('');
    expect(await sitemapPartExists(data, small, { section: 'stock', part: 4 })).toBe(true);
    expect(await sitemapPartExists(data, small, { section: 'stock', part: 5 })).toBe(false);
  });

  it("lists the site's visible locations and its manufacturers' models, in catalogue order", async () => {
    expect(locs(await part('locations-1.xml'))).toEqual([`${ORIGIN}/locations/alexandria-sales`]);
    expect(locs(await part('models-1.xml'))).toEqual([`${ORIGIN}/models/mazda-bt-50`, `${ORIGIN}/models/mazda-cx-5`]);
  });

  it('lists content pages that exist and are switched on, never a page behind a sign-in or one robots.txt forbids', async () => {
    const pages = locs(await part('pages-1.xml')).map((loc) => loc.slice(ORIGIN.length));
    expect(pages[0]).toBe('/');
    for (const path of [
      '/search/used-cars',
      '/finance',
      '/about-us',
      '/special-offers',
      '/mazda/overview',
      '/dealer-locator',
    ])
      expect(pages, path).toContain(path);
    // Gated (sign-in), private or per-visitor pages.
    for (const path of [
      '/watchlist',
      '/my-garage',
      '/personalised/finance',
      '/spin-to-win',
      '/sign-in',
      '/print',
      '/success',
      '/favourites',
    ])
      expect(pages, path).not.toContain(path);
    // A switch off: its page leaves the sitemap.
    const off = site({}, { features: { ...tenant().features, offers: false } });
    expect(locs(await part('pages-1.xml', off))).not.toContain(`${ORIGIN}/special-offers`);
  });

  it('writes every address on the origin it is given', async () => {
    const local = site({ origin: 'http://harbour-city-mazda.localhost:3100' });
    const all = [
      ...locs((await sitemapIndex(data, local)) ?? ''),
      ...locs(await part('stock-1.xml', local)),
      ...locs(await part('pages-1.xml', local)),
    ];
    expect(all.length).toBeGreaterThan(20);
    for (const loc of all) expect(loc.startsWith('http://harbour-city-mazda.localhost:3100/')).toBe(true);
  });

  it('has no stock part on a site without vehicle pages, and no stock or locations on a site without dealerships', async () => {
    const pages = { ...(tenant().pages ?? {}), '/cars/:slug': null };
    const noVehiclePages = site({}, { pages: pages as ResolvedTenant['pages'] });
    expect(locs((await sitemapIndex(data, noVehiclePages)) ?? '').some((loc) => loc.includes('stock'))).toBe(false);
    expect(await part('stock-1.xml', noVehiclePages)).toBe('');
    const empty = site({}, { dealerships: [] });
    // Its new models come from the model catalogue, not from a dealership.
    expect(locs((await sitemapIndex(data, empty)) ?? '')).toEqual([
      `${ORIGIN}/sitemaps/pages-1.xml`,
      `${ORIGIN}/sitemaps/models-1.xml`,
    ]);
  });
});

describe('robots.txt', () => {
  it('names the absolute sitemap and closes the private and gated paths', () => {
    const robots = siteRobotsTxt(site());
    expect(robots).toContain(`Sitemap: ${ORIGIN}/sitemap.xml\n`);
    expect(robots).toContain('Disallow: /api/\n');
    expect(robots).toContain('Disallow: /*?\n');
    // The image route stays open: the feeds and structured data name some photos by it.
    expect(robots.indexOf('Allow: /api/images\n')).toBeGreaterThan(-1);
    expect(robots.indexOf('Allow: /api/images\n')).toBeLessThan(robots.indexOf('Disallow: /api/\n'));
    // Gated on this site (accounts on): its spin-to-win and personalised finance pages.
    expect(robots).toContain('Disallow: /spin-to-win$\n');
    expect(robots).toContain('Disallow: /personalised/finance$\n');
  });
});

describe('the advertising feeds', () => {
  const itemsOf = (xml: string) => [...parseXml(xml).getElementsByTagName('item')];
  const G = 'http://base.google.com/ns/1.0';
  const g = (item: Element, name: string) => item.getElementsByTagNameNS(G, name)[0]?.textContent;

  it("carry the site's cars for sale today at the price the site shows, and nothing else", async () => {
    const xml = await text(googleVehicleFeed(data, site()));
    const items = itemsOf(xml);
    const byId = new Map(items.map((item) => [g(item, 'id'), item]));
    // The ten in stock and the car on offer; the rest are sold, coming, unpriced, not a car, hidden,
    // another site's, or without a vehicle page (its address is the trade-in page's).
    expect([...byId.keys()].sort()).toEqual([...Array.from({ length: 10 }, (_, i) => String(i + 1)), '17'].sort());
    expect(g(byId.get('1') as Element, 'price')).toBe('30000.00 AUD');
    expect(g(byId.get('17') as Element, 'price')).toBe('27500.00 AUD');
    expect(g(byId.get('1') as Element, 'link')).toBe(`${ORIGIN}/cars/site-car-1`);
    expect(g(byId.get('1') as Element, 'image_link')).toBe(`${ORIGIN}/media/vehicles/suv/white/side-1.png`);
    expect(g(byId.get('1') as Element, 'store_code')).toBe('101');
    // Without the subscription switch, the car with a subscription price shows (and is advertised) at its price.
    expect(g(byId.get('3') as Element, 'price')).toBe('30000.00 AUD');
    expect(xml).toContain(
      '<!-- 11 vehicles; left out: 2 sold, reserved or not yet in stock, 1 shown without a price, 1 not a car, 1 without a vehicle page of its own -->',
    );
  });

  it('leaves a reserved car out, and a car the site shows with its subscription price', async () => {
    const hold = await holdCar(db, { tenant: 'harbour-city-mazda', carId: 2, leadId: null, deposit: 0, now });
    expect(hold.ok).toBe(true);
    const onSubscription = site({}, { features: { ...tenant().features, subscriptionOffer: true } });
    const xml = await text(googleVehicleFeed(data, onSubscription));
    const ids = itemsOf(xml).map((item) => g(item, 'id'));
    expect(ids).not.toContain('2');
    expect(ids).not.toContain('3');
    expect(ids).toContain('4');
    expect(xml).toContain('1 shown with a subscription price');
  });

  it('writes the same cars into the Meta catalogue, one CSV row each', async () => {
    const csv = await text(metaAutomotiveFeed(data, site()));
    const lines = csv.split('\r\n').filter(Boolean);
    expect(lines[0]?.startsWith('"vehicle_id","title","description","url"')).toBe(true);
    expect(lines).toHaveLength(1 + 11);
    expect(csv).toContain(`"${ORIGIN}/cars/site-car-1"`);
    expect(csv).toContain('"30000.00 AUD"');
    expect(csv).not.toContain('other-dealers-car');
  });

  it('reads the cars one search page at a time and gives each car once', async () => {
    const pages: number[] = [];
    for await (const cars of data.listedCars(tenant(), now, { pageSize: 4 })) pages.push(cars.length);
    expect(pages).toEqual([4, 4, 4, 4]);
    expect(await data.listedCount(tenant(), now)).toBe(16);
  });
});
