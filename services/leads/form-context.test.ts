import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadTenantRegistry } from '../../engine/tenant-registry';
import type { ResolvedTenant } from '../../schemas/types.generated';
import { generateDemoFeed } from '../../demo-data/generate-feed';
import type { PlatformDb } from '../db/database';
import { openTestDatabase } from '../db/test-database';
import { EmbeddedEngine } from '../search/embedded-engine';
import { SearchService } from '../search/search-service';
import { StockRepository } from '../stock';
import { importFeed } from '../stock/import-feed';
import { loadFormContext } from './form-context';

// listedCarIds asks the process-wide search service: here, one on this test's database.
let search: SearchService;
vi.mock(import('../search'), async (importOriginal) => ({
  ...(await importOriginal()),
  getSearchService: async () => search,
}));

const NOW = new Date('2026-11-20T01:00:00Z');
const feed = generateDemoFeed({ now: NOW });
const entry = loadTenantRegistry().tenants.get('southern-cross-motors');
if (!entry?.ok) throw new Error('demo tenant did not load');
const tenant = entry.config as ResolvedTenant;
const listedCar = feed.cars.find(
  (c) =>
    tenant.dealerships.includes(c.dealership_id) &&
    c.car_type === 'used' &&
    c.status === 'in_stock' &&
    c.show_on_dealer_website !== false,
)!;
const hiddenCar = { ...listedCar, id: 990_003, slug: 'hidden-form-car', show_on_dealer_website: false };
// This site's dealership, but outside its listing (its base filter is used cars).
const newCar = feed.cars.find(
  (c) =>
    tenant.dealerships.includes(c.dealership_id) &&
    c.car_type === 'new' &&
    c.status === 'in_stock' &&
    c.show_on_dealer_website !== false,
)!;

let db: PlatformDb;
let stock: StockRepository;
beforeEach(async () => {
  db = await openTestDatabase();
  await importFeed(
    db,
    { dealerships: feed.dealerships, locations: feed.locations, cars: [listedCar, hiddenCar, newCar] },
    { file: 'test' },
  );
  stock = new StockRepository(db);
  search = new SearchService(new EmbeddedEngine(), stock);
});
afterEach(async () => db.destroy());

// Issue 14: a lead's car context is only a car the site lists (same scope as search and the vehicle page).
describe('loadFormContext', () => {
  it('takes a listed car as the form’s car, and ignores this dealership’s cars the site does not list', async () => {
    expect((await loadFormContext(tenant, stock, { carId: listedCar.id }, { now: NOW })).car?.id).toBe(listedCar.id);
    expect((await loadFormContext(tenant, stock, { carId: hiddenCar.id }, { now: NOW })).car).toBeUndefined();
    expect((await loadFormContext(tenant, stock, { carId: newCar.id }, { now: NOW })).context.car).toBeUndefined();
    expect((await loadFormContext(tenant, stock, { car: hiddenCar }, { now: NOW })).car).toBeUndefined();
  });
});
