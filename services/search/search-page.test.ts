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
