import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadTenantRegistry } from '../../engine/tenant-registry';
import type { ResolvedTenant } from '../../schemas/types.generated';
import { generateDemoFeed } from '../../demo-data/generate-feed';
import { priceDisplay } from '../../domain/price-display';
import type { PlatformDb } from '../db/database';
import { openTestDatabase } from '../db/test-database';
import { EmbeddedEngine } from '../search/embedded-engine';
import { SearchService } from '../search/search-service';
import { StockRepository } from './stock-repository';
import { importFeed } from './import-feed';
import { compareCars } from './compare-cars';

// The process-wide search service and stock repository: here, both on this test's database.
let search: SearchService;
let stock: StockRepository;
vi.mock(import('../search'), async (importOriginal) => ({
  ...(await importOriginal()),
  getSearchService: async () => search,
}));
vi.mock(import('./index'), async (importOriginal) => ({
  ...(await importOriginal()),
  getStockRepository: async () => stock,
}));

const NOW = new Date('2026-11-20T01:00:00Z');
const feed = generateDemoFeed({ now: NOW });
const entry = loadTenantRegistry().tenants.get('southern-cross-motors');
if (!entry?.ok) throw new Error('demo tenant did not load');
const tenant = entry.config as ResolvedTenant;

// Cars the site lists (its base filter is used cars, shown on the dealer website).
const listed = feed.cars.filter(
  (c) =>
    tenant.dealerships.includes(c.dealership_id) &&
    c.car_type === 'used' &&
    c.status === 'in_stock' &&
    c.show_on_dealer_website !== false,
);
const [first, second] = listed as [(typeof listed)[number], (typeof listed)[number]];
const otherDealer = feed.cars.find((c) => !tenant.dealerships.includes(c.dealership_id))!;
const withdrawn = {
  ...first,
  id: 990_001,
  slug: 'withdrawn-from-the-website',
  stocknum: 'W1',
  show_on_dealer_website: false,
};

let db: PlatformDb;
beforeEach(async () => {
  db = await openTestDatabase();
  await importFeed(
    db,
    { dealerships: feed.dealerships, locations: feed.locations, cars: [first, second, otherDealer, withdrawn] },
    { file: 'test' },
  );
  stock = new StockRepository(db);
  search = new SearchService(new EmbeddedEngine(), stock);
});
afterEach(async () => db.destroy());

describe('the cars of a comparison (catalogue §1, §6)', () => {
  it('sends the listed cars in the order asked for, with the price fields the vehicle page reads', async () => {
    const answer = await compareCars(tenant, [second.id, first.id], NOW);
    expect(answer.missing).toEqual([]);
    expect(answer.cars.map((c) => c.id)).toEqual([second.id, first.id]);
    const [stored] = await stock.carsByIds([second.id]);
    const options = { subscriptionOffer: tenant.features.subscriptionOffer, noPriceText: tenant.pricing.noPriceText };
    // The same display price as the vehicle page, which reads the same stored car.
    expect(priceDisplay(answer.cars[0]!, options)).toEqual(priceDisplay(stored!, options));
    expect(answer.cars[0]).not.toHaveProperty('vin');
    expect(answer.cars[0]).not.toHaveProperty('dealercomments');
    const location = feed.locations.find((l) => l.id === second.location_id);
    expect(answer.cars[0]?.location_name).toBe(location?.name);
  });

  it("names, without any of their data, the cars this site does not list: another dealer's or withdrawn", async () => {
    const answer = await compareCars(tenant, [first.id, otherDealer.id, withdrawn.id, 123_456_789], NOW);
    expect(answer.cars.map((c) => c.id)).toEqual([first.id]);
    expect(answer.missing).toEqual([otherDealer.id, withdrawn.id, 123_456_789]);
  });
});
