import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PlatformDb } from '../db/database';
import { openTestDatabase } from '../db/test-database';
import { importFeed } from '../stock/import-feed';
import { EmbeddedValuationProvider } from './embedded-valuation-provider';

const now = new Date('2025-06-01T02:00:00Z');
const seconds = (iso: string) => Date.parse(iso) / 1000;

const dealerships = [
  { id: 1, slug: 'test-motors', name: 'Test Motors' },
  { id: 2, slug: 'other-motors', name: 'Other Motors' },
];
const locations = [
  {
    id: 10,
    name: 'Test Motors Sales',
    slug: 'test-motors-sales',
    dealership_id: 1,
    time_zone: 'Australia/Sydney',
    location_type: 'sales',
  },
  {
    id: 20,
    name: 'Other Motors Sales',
    slug: 'other-motors-sales',
    dealership_id: 2,
    time_zone: 'Australia/Sydney',
    location_type: 'sales',
  },
];
const car = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  slug: `car-${id}`,
  make: 'Mazda',
  model: 'CX-5',
  year: 2019,
  car_type: 'used',
  status: 'in_stock',
  price: 30000,
  km: 70000,
  dealership_id: 1,
  location_id: 10,
  ...extra,
});

let db: PlatformDb;
beforeEach(async () => {
  db = await openTestDatabase();
  const result = await importFeed(
    db,
    {
      dealerships,
      locations,
      cars: [
        car(1),
        car(2, { status: 'sold', price: 32000, sold_date_timestamp: seconds('2025-03-01T00:00:00Z') }),
        car(3, { price: 29000, offer_price: 28000 }),
        car(4, { price: 35000, dealership_id: 2, location_id: 20 }),
        car(5, { car_type: 'new', price: 45000 }),
        car(6, { status: 'sold', price: 50000, sold_date_timestamp: seconds('2023-01-01T00:00:00Z') }),
        car(7, { price: 0 }),
        car(8, { model: 'CX-3', price: 90000 }),
        car(9, { model: '3', price: 22000 }),
        car(10, { model: '3', price: 24000, car_type: 'demo' }),
        car(11, { model: '3', price: 26000, status: 'reserved' }),
      ],
    },
    { file: 'feed.json', now },
  );
  expect(result.ok).toBe(true);
});
afterEach(async () => db.destroy());

const input = { tenant: 'test-motors', make: 'mazda', model: 'cx-5', year: 2019, km: 90000 };

describe('EmbeddedValuationProvider on the platform database', () => {
  it('compares priced used and demo cars of the same make and model, recent sales included, at the price shoppers saw', async () => {
    const provider = new EmbeddedValuationProvider({ db, now: () => now });
    expect((await provider.comparables(input)).map((c) => c.price).sort()).toEqual([28000, 30000, 32000, 35000]);
    // median 31,000; less 5,650 = 25,350; 90,000 km is expected for 6 years; 25,350 -> 25,400.
    await expect(provider.value(input)).resolves.toMatchObject({
      mid: 25400,
      low: 24100,
      high: 26700,
      basis: expect.stringContaining('4 Mazda CX-5 cars from 2019'),
    });
  });

  it("compares with the tenant's own dealerships when told which they are", async () => {
    const provider = new EmbeddedValuationProvider({
      db,
      now: () => now,
      dealershipsOf: (tenant) => (tenant === 'test-motors' ? [1] : undefined),
    });
    // 28,000 / 30,000 / 32,000 -> 30,000; less 5,500 = 24,500.
    await expect(provider.value(input)).resolves.toMatchObject({ mid: 24500, low: 23300, high: 25700 });
    await expect(provider.value({ ...input, tenant: 'unknown' })).resolves.toBeNull();
  });

  it('applies the import normalisations to what the shopper typed (Mazda "3" is the Mazda3)', async () => {
    const provider = new EmbeddedValuationProvider({ db, now: () => now });
    const valuation = await provider.value({
      tenant: 'test-motors',
      make: ' Mazda ',
      model: '3',
      year: 2019,
      km: 90000,
    });
    // 22,000 / 24,000 / 26,000 -> 24,000; less 4,600 = 19,400.
    expect(valuation).toMatchObject({ mid: 19400, basis: expect.stringContaining('3 Mazda Mazda3 cars from 2019') });
  });

  it('counts a car withdrawn from the feed within the last year', async () => {
    // Cars 2 and 5 to 11 leave the feed on 1 May 2025: car 2 (sold in March) still counts until a year after.
    await importFeed(
      db,
      {
        cars: [
          car(1),
          car(3, { price: 29000, offer_price: 28000 }),
          car(4, { price: 35000, dealership_id: 2, location_id: 20 }),
        ],
      },
      { file: 'b.json', replace: true, now: new Date('2025-05-01T00:00:00Z') },
    );
    const provider = new EmbeddedValuationProvider({ db, now: () => now });
    expect((await provider.comparables(input)).length).toBe(4);
    const later = new EmbeddedValuationProvider({ db, now: () => new Date('2026-06-01T00:00:00Z') });
    expect((await later.comparables(input)).map((c) => c.price).sort()).toEqual([28000, 30000, 35000]);
  });

  it('has no valuation for a model nobody has stocked', async () => {
    const provider = new EmbeddedValuationProvider({ db, now: () => now });
    await expect(provider.value({ ...input, make: 'Toyota', model: 'Corolla' })).resolves.toBeNull();
  });
});
