import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type PlatformDb } from '../db/database';
import { importFeed } from '../stock/import-feed';
import { StockRepository } from '../stock/stock-repository';
import { EmbeddedEngine } from './embedded-engine';
import { SearchService } from './search-service';
import { loadTenantRegistry } from '../../engine/tenant-registry';
import type { ResolvedTenant } from '../../schemas/types.generated';

const entry = loadTenantRegistry().tenants.get('harbour-city-mazda');
if (!entry?.ok) throw new Error('demo tenant missing');
const tenant = (overrides: Partial<ResolvedTenant['search']> = {}, dealerships = [1]): ResolvedTenant => ({
  ...entry.config,
  dealerships,
  search: { ...entry.config.search, baseFilter: undefined, ...overrides },
});

const now = new Date('2026-11-22T00:00:00Z');
const seconds = (days: number) => Math.floor(now.getTime() / 1000) - days * 86_400;
let db: PlatformDb;
let service: SearchService;
const car = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  slug: `car-${id}`,
  make: 'Mazda',
  model: 'CX-5',
  year: 2022,
  car_type: 'used',
  status: 'in_stock',
  price: 30000,
  dealership_id: 1,
  stocknum: `S${id}`,
  simple_body: 'SUV',
  ...extra,
});

beforeEach(async () => {
  db = openDatabase('file::memory:');
  await migrateToLatest(db);
  const repo = new StockRepository(db);
  service = new SearchService(new EmbeddedEngine(), repo);
  await importFeed(
    db,
    {
      dealerships: [
        { id: 1, slug: 'one', name: 'One' },
        { id: 2, slug: 'two', name: 'Two' },
      ],
      cars: [
        car(1),
        car(2, { price: 39_000 }), // within +10,000
        car(3, { price: 41_000 }), // outside +10,000
        car(4, { price: 25_000, status: 'sold', sold_date_timestamp: seconds(1) }), // sold: listed, but not similar
        car(5, { price: 31_000, dealership_id: 2 }), // another tenant's dealership
        car(6, { price: 22_000, model: 'CX-30' }),
        car(7, { price: 80_000 }),
        car(8, { price: 60_000, status: 'coming_soon' }),
        ...Array.from({ length: 8 }, (_, i) => car(20 + i, { price: 30_500 + i })),
      ],
    },
    { file: 'test' },
  );
});
afterEach(async () => db.destroy());

describe('SearchService', () => {
  it('applies the tenant scope whatever the request asks for', async () => {
    const result = await service.search(
      tenant(),
      { filter: { field: 'dealership_id', in: [2] }, sort: 'latest', page: 1, hitsPerPage: 50, facets: [] },
      now,
    );
    expect(result.count).toBe(0);
    const all = await service.search(tenant(), { sort: 'latest', page: 1, hitsPerPage: 50, facets: ['car_type'] }, now);
    expect(all.hits.map((c) => c.id)).not.toContain(5);
    expect(all.count).toBe(15);
  });

  it('applies the base filter and the sold window (catalogue §9)', async () => {
    const used = await service.search(
      tenant({ baseFilter: { field: 'price', lt: 30_000 }, soldVisibleDays: 0 }),
      { sort: 'latest', page: 1, hitsPerPage: 50, facets: [] },
      now,
    );
    expect(used.hits.map((c) => c.id).sort((a, b) => a - b)).toEqual([6]);
  });

  it('drops unpriced cars from lowest price where the tenant says so (catalogue §5)', async () => {
    await importFeed(db, { cars: [car(99, { price: 0 })] }, { file: 'more' });
    const keep = await service.search(tenant(), { sort: 'lowestPrice', page: 1, hitsPerPage: 1, facets: [] }, now);
    expect(keep.hits[0]?.id).toBe(99);
    const drop = await service.search(
      tenant({ priceAscExcludesUnpriced: true }),
      { sort: 'lowestPrice', page: 1, hitsPerPage: 1, facets: [] },
      now,
    );
    expect(drop.hits[0]?.id).not.toBe(99);
  });

  it('re-indexes after an import', async () => {
    const before = await service.search(tenant(), { sort: 'latest', page: 1, hitsPerPage: 0, facets: [] }, now);
    await importFeed(db, { cars: [car(100)] }, { file: 'more' });
    const after = await service.search(tenant(), { sort: 'latest', page: 1, hitsPerPage: 0, facets: [] }, now);
    expect(after.count).toBe(before.count + 1);
  });

  it('pages and counts pages', async () => {
    const result = await service.search(tenant(), { sort: 'lowestPrice', page: 2, hitsPerPage: 4, facets: [] }, now);
    expect(result).toMatchObject({ page: 2, pages: 4, count: 15 });
    expect(result.hits).toHaveLength(4);
  });

  // spec: catalogue §9 similar cars — at most 6, in stock only, price ±10,000 under 50,000, else ±25,000.
  it('finds at most 6 similar cars, in stock, within the price tolerance, never the car itself', async () => {
    const [first] = await new StockRepository(db).carsByIds([1]);
    const similar = await service.similar(tenant(), first!, now);
    expect(similar.length).toBe(6);
    for (const s of similar) {
      expect(s.id).not.toBe(1);
      expect(s.status).toBe('in_stock');
      expect(Math.abs(s.price - 30_000)).toBeLessThanOrEqual(10_000);
      expect(s.dealership_id).toBe(1);
    }
    const [expensive] = await new StockRepository(db).carsByIds([7]);
    const pricey = await service.similar(tenant(), expensive!, now);
    expect(pricey.map((c) => c.id)).toEqual([]); // 60,000 is coming soon, not in stock; nothing else within ±25,000
  });
});
