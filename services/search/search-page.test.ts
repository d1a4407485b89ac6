import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PlatformDb } from '../db/database';
import { openTestDatabaseAt } from '../db/test-database';
import { importFeed } from '../stock/import-feed';
import { StockRepository } from '../stock/stock-repository';
import { feedCar } from '../stock/test-feed';
import { EmbeddedEngine } from './embedded-engine';
import { SearchService } from './search-service';
import { countSearch, loadQuickSearch, loadSearchPage } from './search-page';
import { loadTenantRegistry } from '../../engine/tenant-registry';
import type { ResolvedTenant } from '../../schemas/types.generated';
import { estimateEligible, financeEstimate, quoteAsLender } from '../../domain/finance/estimate';
import { WEEKLY_RANGES, weeklyRangeOf } from '../../domain/finance/weekly-ranges';
import { EmbeddedQuoteProvider, quoteForCar } from '../finance/quote-provider';

const entry = loadTenantRegistry().tenants.get('harbour-city-mazda');
if (!entry?.ok) throw new Error('demo tenant missing');
const tenant = (overrides: Partial<ResolvedTenant['search']> = {}): ResolvedTenant => ({
  ...entry.config,
  dealerships: [1, 2],
  search: { ...entry.config.search, baseFilter: undefined, ...overrides },
});

const now = new Date('2026-11-22T00:00:00Z');
let db: PlatformDb;
let repo: StockRepository;
let service: SearchService;

beforeEach(async () => {
  ({ db } = await openTestDatabaseAt());
  repo = new StockRepository(db);
  service = new SearchService(new EmbeddedEngine(), repo);
  await importFeed(
    db,
    {
      dealerships: [
        { id: 1, slug: 'north', name: 'North Motors', state: 'QLD' },
        { id: 2, slug: 'south', name: 'South Motors', state: 'NSW' },
      ],
      cars: [
        feedCar(1, { simple_body: 'Wagon', km: 5_000, certified: true }),
        feedCar(2, { simple_body: 'SUV', km: 60_000, certified: false }),
        feedCar(3, { simple_body: 'Hatch', km: 12_000, dealership_id: 2 }),
        feedCar(4, {
          simple_body: 'Sedan',
          km: 200_000,
          status: 'coming_soon',
          car_type: 'demo',
          make: 'Kia',
          model: 'Seltos',
        }),
        feedCar(5, {
          simple_body: 'Ute',
          km: 45_000,
          certified: true,
          dealership_id: 2,
          car_type: 'new',
          make: 'Kia',
          model: 'Sportage',
        }),
        feedCar(6, { simple_body: 'SUV', km: 70_000, price: 12_000 }),
      ],
    },
    { file: 'test' },
  );
});
afterEach(async () => db.destroy());

const page = async (t: ResolvedTenant, query = '') =>
  loadSearchPage(service, repo, t, [], new URLSearchParams(query), now);

describe('search page facets (catalogue §3 search facets, §7)', () => {
  // spec: conversion §5.4 — stock sorting uses a fixed body-type order (conversion §9 list).
  it('lists body types in the fixed body-type order, not by count', async () => {
    const data = await page(tenant({ filters: ['body'] }));
    expect(data?.facets.find((f) => f.field === 'simple_body')?.options.map((o) => o.value)).toEqual([
      'Hatch',
      'Sedan',
      'SUV',
      'Ute',
      'Wagon',
    ]);
  });

  it('offers dealership, state, certified, km ranges and status when the tenant enables them', async () => {
    const data = await page(tenant({ filters: ['location', 'dealership', 'state', 'certified', 'kmRange', 'status'] }));
    const facet = (field: string) =>
      Object.fromEntries(data?.facets.find((f) => f.field === field)?.options.map((o) => [o.value, o.count]) ?? []);
    expect(facet('dealership_name')).toEqual({ 'North Motors': 4, 'South Motors': 2 });
    expect(facet('state')).toEqual({ QLD: 4, NSW: 2 });
    expect(facet('certified')).toEqual({ true: 2, false: 1 });
    expect(facet('status')).toEqual({ in_stock: 5, coming_soon: 1 });
    expect(data?.facets.find((f) => f.field === 'km_range')?.options.map((o) => o.value)).toEqual([
      'Under 10,000 km',
      '10,000 to 50,000 km',
      '50,000 to 100,000 km',
      'Over 150,000 km',
    ]);
    expect(data?.facets.map((f) => f.label)).toEqual(['Dealership', 'State', 'Certified', 'Kilometres', 'Status']);
  });

  it('refines by the new facets from the URL, yes/no as true/false', async () => {
    const certified = await page(tenant({ filters: ['certified'] }), 'refinementList[certified][0]=true');
    expect(certified?.response.hits.map((c) => c.id).sort()).toEqual([1, 5]);
    const km = await page(
      tenant({ filters: ['kmRange'] }),
      'refinementList[km_range][0]=10%2C000%20to%2050%2C000%20km',
    );
    expect(km?.response.hits.map((c) => c.id).sort()).toEqual([3, 5]);
    const state = await page(tenant({ filters: ['state'] }), 'refinementList[state][0]=nsw');
    expect(state?.response.count).toBe(2);
    const nonsense = await page(tenant({ filters: ['certified'] }), 'refinementList[certified][0]=maybe');
    expect(nonsense?.response.count).toBe(0);
  });

  it('leaves filters the tenant did not enable out of the panel', async () => {
    const data = await page(tenant({ filters: ['make'] }));
    expect(data?.facets.map((f) => f.field)).toEqual(['make']);
  });
});

describe('quick search (catalogue §2 Show Me N cars)', () => {
  it('counts the cars the search page would show for the parameters', async () => {
    expect(await countSearch(service, tenant(), new URLSearchParams(), now)).toBe(6);
    expect(
      await countSearch(service, tenant(), new URLSearchParams('refinementList[make][0]=kia&range[price]=:40000'), now),
    ).toBe(2);
  });

  it('never counts outside the tenant base filter, whatever the URL asks', async () => {
    const usedOnly = tenant({ baseFilter: { field: 'car_type', eq: 'used' } });
    expect(await countSearch(service, usedOnly, new URLSearchParams(), now)).toBe(4);
    expect(await countSearch(service, usedOnly, new URLSearchParams('refinementList[car_type][0]=new'), now)).toBe(0);
  });

  it('offers the stock choices with the total, bodies in the fixed order and models by make', async () => {
    const options = await loadQuickSearch(service, tenant(), now);
    expect(options.count).toBe(6);
    expect(options.carTypes.map((c) => c.value)).toEqual(['new', 'demo', 'used']);
    expect(options.makes.map((m) => m.value)).toEqual(['Kia', 'Mazda']);
    expect(options.models.Kia?.map((m) => m.value).sort()).toEqual(['Seltos', 'Sportage']);
    expect(options.bodies.map((b) => b.value)).toEqual(['Hatch', 'Sedan', 'SUV', 'Ute', 'Wagon']);
  });
});

// spec: catalogue §3 Search facets: ... weekly_price_range
describe('weekly repayments facet (catalogue §3 search facets: weekly_price_range)', () => {
  type WeeklyCar = ReturnType<typeof feedCar> & { offer_price?: number };
  // Prices across the buckets, none a few dollars from a bucket's edge price; ids 1-6 replace the cars above.
  const cars: WeeklyCar[] = [
    feedCar(1, { price: 4_000 }), // too little to show a figure
    feedCar(2, { price: 9_990 }),
    feedCar(3, { price: 19_990, dealership_id: 2 }),
    feedCar(4, { price: 27_990, status: 'coming_soon' }),
    feedCar(5, { price: 34_990, make: 'Kia', model: 'Sportage' }), // an excluded make
    feedCar(6, { price: 36_500 }),
    feedCar(7, { price: 42_990, dealership_id: 2 }),
    feedCar(8, { price: 47_500 }),
    feedCar(9, { price: 55_000, make: 'Kia', model: 'Sorento' }),
    feedCar(10, { price: 64_990 }),
    feedCar(11, { price: 89_990, dealership_id: 2 }),
    feedCar(12, { price: 120_000 }),
    feedCar(13, { price: 260_000 }), // above the calculator's limit: no figure
    feedCar(14, { price: 19_990, year: 2010 }), // provider A: more than 12 years old, no estimate
    feedCar(15, { price: 40_000, offer_price: 25_000 }), // quoted on the offer price it shows
    feedCar(16, { price: 31_000, dealership_id: 2 }),
  ];
  const weeklyTenant = (
    finance: Partial<ResolvedTenant['finance']> = {},
    search: Partial<ResolvedTenant['search']> = {},
  ): ResolvedTenant => {
    const base = tenant({ filters: ['make', 'weeklyPrice'], hitsPerPage: 48, ...search });
    return {
      ...base,
      finance: { ...base.finance, provider: 'A', estimates: true, excludedManufacturers: ['Kia'], ...finance },
    };
  };

  /** Each car's bucket worked out the vehicle page's way: the embedded quote, then §5.2's rule (server/page-data/finance-data.ts). */
  async function bucketsByCar(t: ResolvedTenant): Promise<Map<number, string>> {
    const buckets = new Map<number, string>();
    for (const car of cars) {
      const quote = await quoteForCar(new EmbeddedQuoteProvider(), t.finance, car);
      const lender = quote ? quoteAsLender(quote, 5) : undefined;
      const settings = {
        provider: t.finance.provider ?? 'B',
        enabled: t.finance.estimates,
        excludedManufacturers: t.finance.excludedManufacturers,
        excludedDealerships: t.finance.excludedDealerships,
      };
      const estimate = lender && estimateEligible(car, lender, settings, now) ? financeEstimate(lender) : undefined;
      const label = weeklyRangeOf(estimate?.weekly);
      if (label) buckets.set(car.id, label);
    }
    return buckets;
  }
  const idsIn = (buckets: Map<number, string>, ...labels: string[]) =>
    [...buckets].filter(([, label]) => labels.includes(label)).map(([id]) => id);
  const weeklyParam = (...labels: string[]) =>
    labels.map((label, i) => `refinementList[weekly_price_range][${i}]=${encodeURIComponent(label)}`).join('&');
  const weeklyGroup = (data: Awaited<ReturnType<typeof page>>) =>
    data?.facets.find((group) => group.field === 'weekly_price_range');

  beforeEach(async () => {
    await importFeed(
      db,
      {
        dealerships: [
          { id: 1, slug: 'north', name: 'North Motors', state: 'QLD' },
          { id: 2, slug: 'south', name: 'South Motors', state: 'NSW' },
        ],
        cars,
      },
      { file: 'weekly' },
    );
  });

  it('counts, per bucket, the cars whose weekly estimate is in it, buckets in order and empty ones left out', async () => {
    const t = weeklyTenant();
    const expected = await bucketsByCar(t);
    const counts = new Map<string, number>();
    for (const label of expected.values()) counts.set(label, (counts.get(label) ?? 0) + 1);
    expect(counts.size).toBeGreaterThanOrEqual(4);
    expect(expected.size).toBeLessThan(cars.length - 4); // no figure, Kia, too old

    const data = await page(t);
    const group = weeklyGroup(data);
    expect(group?.label).toBe('Weekly repayments');
    expect(group?.options).toEqual(
      WEEKLY_RANGES.flatMap((r) => (counts.has(r.label) ? [{ value: r.label, count: counts.get(r.label) }] : [])),
    );
    expect(data?.facets.map((f) => f.field)).toEqual(['make', 'weekly_price_range']); // the site's order
    expect(data?.response.count).toBe(cars.length); // nothing chosen: every car, with a figure or not
  });

  it('choosing buckets returns exactly their cars, leaving out excluded makes, and keeps the other counts', async () => {
    const t = weeklyTenant();
    const expected = await bucketsByCar(t);
    const [first, second] = WEEKLY_RANGES.filter((r) => idsIn(expected, r.label).length > 0).map((r) => r.label);
    if (!first || !second) throw new Error('the cars should fill two buckets');

    const one = await page(t, weeklyParam(first));
    expect(one?.response.hits.map((c) => c.id).sort((a, b) => a - b)).toEqual(idsIn(expected, first));
    expect(one?.state.refinements.weekly_price_range).toEqual([first]);
    // Disjunctive: the chosen bucket's own group still counts every bucket.
    expect(weeklyGroup(one)?.options).toEqual(weeklyGroup(await page(t))?.options);
    expect(weeklyGroup(one)?.selected).toEqual([first]);

    const both = await page(t, weeklyParam(first, second));
    expect(both?.response.hits.map((c) => c.id).sort((a, b) => a - b)).toEqual(
      idsIn(expected, first, second).sort((a, b) => a - b),
    );
    expect(both?.response.hits.some((c) => c.make === 'Kia')).toBe(false);
    expect(await countSearch(service, t, new URLSearchParams(weeklyParam(first, second)), now)).toBe(
      both?.response.count,
    );
  });

  it('counts the buckets under the other refinements (here: the dealership)', async () => {
    const t = weeklyTenant({}, { filters: ['dealership', 'weeklyPrice'] });
    const expected = await bucketsByCar(t);
    const south = new Set(cars.filter((c) => c.dealership_id === 2).map((c) => c.id));
    const counts = new Map<string, number>();
    for (const [id, label] of expected) if (south.has(id)) counts.set(label, (counts.get(label) ?? 0) + 1);
    const data = await page(t, 'refinementList[dealership_name][0]=South%20Motors');
    expect(Object.fromEntries(weeklyGroup(data)?.options.map((o) => [o.value, o.count]) ?? [])).toEqual(
      Object.fromEntries(counts),
    );
  });

  it('counts an excluded make once it is no longer excluded', async () => {
    const withKia = await bucketsByCar(weeklyTenant({ excludedManufacturers: [] }));
    const withoutKia = await bucketsByCar(weeklyTenant());
    expect(withKia.size).toBe(withoutKia.size + 2);
    const data = await page(weeklyTenant({ excludedManufacturers: [] }));
    const total = weeklyGroup(data)?.options.reduce((sum, o) => sum + o.count, 0);
    expect(total).toBe(withKia.size);
  });

  it('is not offered, and a weekly refinement is ignored, where the site shows no weekly figure', async () => {
    const bucket = WEEKLY_RANGES[1]?.label ?? '';
    for (const t of [
      weeklyTenant({ estimates: false }),
      weeklyTenant({ provider: 'G' }), // advertises monthly repayments
      weeklyTenant({}, { filters: ['make'] }),
    ]) {
      const data = await page(t, weeklyParam(bucket));
      expect(weeklyGroup(data)).toBeUndefined();
      expect(data?.response.count).toBe(cars.length);
    }
  });

  it('ignores a weekly refinement that names no bucket', async () => {
    const data = await page(weeklyTenant(), 'refinementList[weekly_price_range][0]=cheap');
    expect(data?.response.count).toBe(cars.length);
    expect(weeklyGroup(data)?.selected).toEqual([]);
  });
});

// spec: catalogue §3 Search facets: categories, filtered_features, price_range, subscription_price;
// catalogue §9 price facets sorted numerically.
describe('price bands, subscription bands, categories and features (catalogue §3 Search facets)', () => {
  const cars = [
    feedCar(1, {
      price: 8_000,
      simple_body: 'Hatch',
      seats: 5,
      standardEquipment: ['Apple CarPlay', 'Reversing Camera'],
    }),
    feedCar(2, {
      price: 15_000,
      simple_body: 'SUV',
      seats: 7,
      drive: 'AWD',
      simple_fuel: 'Hybrid',
      standardEquipment: ['Apple CarPlay & Android Auto', 'Heated front seats', 'Sunroof'],
    }),
    feedCar(3, {
      price: 25_000,
      car_type: 'new',
      simple_body: 'Ute',
      drive: '4x4',
      simple_fuel: 'Diesel',
      subscription_price: 199,
      standardEquipment: ['Tow bar', 'Apple CarPlay'],
    }),
    // Shown at its offer price, $19,500: in the $10,000 to $20,000 band.
    feedCar(4, {
      price: 27_000,
      offer_price: 19_500,
      car_type: 'demo',
      simple_body: 'SUV',
      seats: 5,
      subscription_price: 99,
      standardEquipment: ['Sunroof', 'Heated seats'],
    }),
    feedCar(5, { price: 0, simple_body: 'Sedan', standardEquipment: [] }), // no price, no category, no features
    feedCar(6, {
      price: 120_000,
      simple_body: 'Convertible',
      subscription_price: 0,
      dealership_id: 2,
      standardEquipment: ['Premium Sound (Bose)', 'Heated seats', 'Apple CarPlay'],
    }),
    feedCar(7, { price: 45_000, car_type: 'new', simple_body: 'People Mover', seats: 8, subscription_price: 350 }),
  ];
  const features = ['Sunroof', 'Apple CarPlay', 'Heated seats', 'Tow bar', 'Vehicle-to-load'] as const;
  const site = (filters: ResolvedTenant['search']['filters'], subscriptionOffer = false): ResolvedTenant => {
    const base = tenant({ filters, filteredFeatures: [...features], hitsPerPage: 48 });
    return { ...base, features: { ...base.features, subscriptionOffer } };
  };
  const group = (data: Awaited<ReturnType<typeof page>>, field: string) => data?.facets.find((f) => f.field === field);
  const options = (data: Awaited<ReturnType<typeof page>>, field: string) =>
    group(data, field)?.options.map((o) => [o.value, o.count]);
  const ids = (data: Awaited<ReturnType<typeof page>>) => data?.response.hits.map((c) => c.id).sort((a, b) => a - b);
  const param = (field: string, ...values: string[]) =>
    values.map((value, i) => `refinementList[${field}][${i}]=${encodeURIComponent(value)}`).join('&');

  beforeEach(async () => {
    await importFeed(
      db,
      {
        dealerships: [
          { id: 1, slug: 'north', name: 'North Motors', state: 'QLD' },
          { id: 2, slug: 'south', name: 'South Motors', state: 'NSW' },
        ],
        cars,
      },
      { file: 'facets' },
    );
  });

  it('bands the price shoppers see, low to high by amount, leaving out cars without a price', async () => {
    const data = await page(site(['priceRange']));
    expect(group(data, 'price_range')?.label).toBe('Price range');
    // Numerically: '$10,000 to $20,000' after 'Under $10,000', though '$' sorts before 'U'.
    expect(options(data, 'price_range')).toEqual([
      ['Under $10,000', 1],
      ['$10,000 to $20,000', 2],
      ['$20,000 to $30,000', 1],
      ['$40,000 to $50,000', 1],
      ['Over $100,000', 1],
    ]);
    const chosen = await page(site(['priceRange']), param('price_range', '$10,000 to $20,000', 'over $100,000'));
    expect(ids(chosen)).toEqual([2, 4, 6]);
    expect(chosen?.state.refinements.price_range).toEqual(['$10,000 to $20,000', 'Over $100,000']);
    // Widening, like the other lists: the chosen group still counts every band.
    expect(options(chosen, 'price_range')).toEqual(options(data, 'price_range'));
  });

  it('bands the weekly subscription price where the site shows subscription prices, counting only cars with one', async () => {
    const data = await page(site(['subscriptionPrice'], true));
    expect(group(data, 'subscription_price_range')?.label).toBe('Weekly subscription');
    expect(options(data, 'subscription_price_range')).toEqual([
      ['Under $100 a week', 1],
      ['$150 to $200 a week', 1],
      ['Over $300 a week', 1],
    ]);
    const chosen = await page(
      site(['subscriptionPrice'], true),
      param('subscription_price_range', 'Under $100 a week'),
    );
    expect(ids(chosen)).toEqual([4]);
    // A site without subscription prices offers no such filter, and ignores one in the address.
    const off = await page(site(['subscriptionPrice']), param('subscription_price_range', 'Under $100 a week'));
    expect(group(off, 'subscription_price_range')).toBeUndefined();
    expect(off?.response.count).toBe(cars.length);
    expect(
      await countSearch(
        service,
        site([]),
        new URLSearchParams(param('subscription_price_range', 'Under $100 a week')),
        now,
      ),
    ).toBe(cars.length);
  });

  it('lists categories in their own order; ticking two shows cars in either', async () => {
    const data = await page(site(['categories']));
    expect(group(data, 'categories')?.label).toBe('Category');
    expect(options(data, 'categories')).toEqual([
      ['SUV', 2],
      ['Ute', 1],
      ['Small car', 1],
      ['7+ seats', 2],
      ['4x4', 1],
      ['Electric & hybrid', 1],
      ['Van & people mover', 1],
      ['Sports & convertible', 1],
    ]);
    const chosen = await page(site(['categories']), param('categories', 'suv', 'Ute'));
    expect(chosen?.state.refinements.categories).toEqual(['SUV', 'Ute']);
    expect(ids(chosen)).toEqual([2, 3, 4]);
    expect(options(chosen, 'categories')).toEqual(options(data, 'categories'));
  });

  it("offers the site's features in its order, counted over the cars shown; ticking two shows cars with both", async () => {
    const t = site(['make', 'features']);
    const data = await page(t);
    const features = group(data, 'filtered_features');
    expect(features?.label).toBe('Features');
    expect(features?.hint).toBe('Shows cars with every feature you tick.');
    // Vehicle-to-load: no car has it; Premium sound system: the site does not offer it.
    expect(options(data, 'filtered_features')).toEqual([
      ['Sunroof', 2],
      ['Apple CarPlay', 4],
      ['Heated seats', 3],
      ['Tow bar', 1],
    ]);
    const both = await page(t, param('filtered_features', 'Sunroof', 'heated seats'));
    expect(ids(both)).toEqual([2, 4]);
    expect(both?.state.refinements.filtered_features).toEqual(['Sunroof', 'Heated seats']);
    expect(group(both, 'filtered_features')?.selected).toEqual(['Sunroof', 'Heated seats']);
    // Each count is how many cars would remain on ticking that feature too.
    expect(options(both, 'filtered_features')).toEqual([
      ['Sunroof', 2],
      ['Apple CarPlay', 1],
      ['Heated seats', 2],
    ]);
    expect(ids(await page(t, param('filtered_features', 'Apple CarPlay', 'Sunroof')))).toEqual([2]);
    expect(
      await countSearch(service, t, new URLSearchParams(param('filtered_features', 'Sunroof', 'Heated seats')), now),
    ).toBe(2);
    // Other facets count under the ticked features.
    expect(options(both, 'make')).toEqual([['Mazda', 2]]);
  });

  it('are switched on for the Southern Cross Motors demo site, in its order of filters', async () => {
    const demo = loadTenantRegistry().tenants.get('southern-cross-motors');
    if (!demo?.ok) throw new Error('demo tenant missing');
    const t: ResolvedTenant = {
      ...demo.config,
      dealerships: [1, 2],
      search: { ...demo.config.search, baseFilter: undefined },
    };
    expect(t.search.filters).toEqual(
      expect.arrayContaining(['priceRange', 'subscriptionPrice', 'categories', 'features']),
    );
    const fields = (await page(t))?.facets.map((f) => f.field) ?? [];
    const shown = ['categories', 'price_range', 'filtered_features'];
    expect(fields.filter((f) => shown.includes(f))).toEqual(shown);
    // The site does not show subscription prices, so its subscription bands stay hidden.
    expect(t.features.subscriptionOffer).not.toBe(true);
    expect(fields).not.toContain('subscription_price_range');
  });
});
