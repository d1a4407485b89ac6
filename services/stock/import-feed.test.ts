import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, migrateToLatest, type PlatformDb } from '../db/database';
import { importFeed } from './import-feed';
import { StockRepository } from './stock-repository';

let db: PlatformDb;
beforeEach(async () => {
  db = openDatabase('file::memory:');
  await migrateToLatest(db);
});
afterEach(async () => db.destroy());

const dealership = { id: 1, slug: 'test-motors', name: 'Test Motors' };
const location = { id: 10, name: 'Test Motors Sales', slug: 'test-motors-sales', dealership_id: 1, time_zone: 'Australia/Sydney', location_type: 'sales' };
const car = (id: number, extra: Record<string, unknown> = {}) => ({
  id, slug: `car-${id}`, make: 'Mazda', model: 'CX-5', year: 2022, car_type: 'used', status: 'in_stock', price: 30000, dealership_id: 1, location_id: 10, ...extra,
});

describe('importFeed', () => {
  it('imports dealerships, locations and cars, applying the catalogue §9 normalisations', async () => {
    const result = await importFeed(db, { dealerships: [dealership], locations: [location], cars: [car(1, { model: '3' }), car(2, { make: 'Mercedes Benz', model: 'C-Class' })] }, { file: 'feed.json' });
    expect(result).toMatchObject({ ok: true, dealerships: 1, locations: 1, cars: 2, normalised: 2 });
    const { cars } = await new StockRepository(db).indexSource();
    expect(cars.map((c) => `${c.make} ${c.model}`).sort()).toEqual(['Mazda Mazda3', 'Mercedes-Benz C-Class']);
  });

  it('imports nothing when any record is invalid, and names each bad record', async () => {
    const result = await importFeed(db, { dealerships: [dealership], locations: [location], cars: [car(1), car(2, { price: -5 }), car(3, { car_type: 'nearly-new' })] }, { file: 'feed.json' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues.map((i) => i.pointer)).toEqual(expect.arrayContaining(['/cars/1/price', '/cars/2/car_type']));
    expect(await new StockRepository(db).counts()).toEqual({ dealerships: 0, locations: 0, cars: 0 });
  });

  it('rejects references to unknown dealerships and locations', async () => {
    const result = await importFeed(db, { dealerships: [dealership], cars: [car(1, { dealership_id: 9, location_id: undefined }), car(2, { location_id: 99 })] }, { file: 'feed.json' });
    expect(!result.ok && result.issues.map((i) => `${i.pointer} ${i.message}`)).toEqual([
      '/cars/0/dealership_id expected the id of a known dealership, found 9',
      '/cars/1/location_id expected the id of a known location, found 99',
    ]);
  });

  it('rejects duplicate ids within a feed', async () => {
    const result = await importFeed(db, { dealerships: [dealership], locations: [location], cars: [car(1), { ...car(1), slug: 'other' }] }, { file: 'feed.json' });
    expect(!result.ok && result.issues[0]?.message).toBe('id 1 appears twice (also at /cars/0)');
  });

  it('upserts by id', async () => {
    await importFeed(db, { dealerships: [dealership], locations: [location], cars: [car(1)] }, { file: 'a.json' });
    await importFeed(db, { cars: [car(1, { price: 25000 })] }, { file: 'b.json' });
    const [only] = (await new StockRepository(db).indexSource()).cars;
    expect(only?.price).toBe(25000);
    expect((await new StockRepository(db).counts()).cars).toBe(1);
  });

  it('with replace, withdraws the dealership cars that the feed no longer has', async () => {
    await importFeed(db, { dealerships: [dealership], locations: [location], cars: [car(1), car(2), car(3)] }, { file: 'a.json' });
    const result = await importFeed(db, { cars: [car(1), car(3)] }, { file: 'b.json', replace: true });
    expect(result).toMatchObject({ ok: true, withdrawn: 1 });
    const { cars } = await new StockRepository(db).indexSource();
    expect(cars.map((c) => c.id).sort()).toEqual([1, 3]);
  });

  it('reports progress on large feeds', async () => {
    const seen: number[] = [];
    const cars = Array.from({ length: 1200 }, (_, i) => car(i + 1));
    await importFeed(db, { dealerships: [dealership], locations: [location], cars }, { file: 'big.json', onProgress: (done) => seen.push(done) });
    expect(seen.at(-1)).toBe(1202);
    expect(seen.length).toBeGreaterThan(2);
  });
});

describe('importFeed: the model catalogue (issue 9)', () => {
  const mazda = { id: 1, name: 'Mazda', slug: 'mazda' };
  const cx5 = (extra: Record<string, unknown> = {}) => ({
    id: 7,
    manufacturer_id: 1,
    slug: 'mazda-cx-5',
    name: 'CX-5',
    body: 'suv',
    model_variants: [{ id: 70, full_name: 'CX-5 G25 Touring', features: ['<strong>AWD</strong>'], dap_min_price: 46490, dap_max_price: 48990 }],
    colours: [{ id: 700, name: 'Soul Red Crystal', hexCode: '#9d1420', photo_url: '/media/vehicles/suv/hex-9d1420/side.png', oem_id: 'wagon', model_variant_name: 'CX-5 G25 Touring' }],
    ...extra,
  });

  it('imports manufacturers and models with their variants and colours through the same importer', async () => {
    const result = await importFeed(db, { manufacturers: [mazda], models: [cx5()] }, { file: 'models.json' });
    expect(result).toMatchObject({ ok: true, manufacturers: 1, models: 1, cars: 0 });
    const row = await db.selectFrom('models').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ slug: 'mazda-cx-5', manufacturer_id: 1, status: 'available', body: 'suv' });
    expect(JSON.parse(row.data).colours[0].model_variant_name).toBe('CX-5 G25 Touring');
  });

  it('names a colour of an unknown variant, an unknown manufacturer and a price range the wrong way round, and imports nothing', async () => {
    const bad = cx5({
      manufacturer_id: 9,
      model_variants: [{ id: 70, full_name: 'CX-5 G25 Touring', dap_min_price: 50000, dap_max_price: 40000 }],
      colours: [{ id: 700, name: 'Red', hexCode: '#9d1420', photo_url: '/x.png', model_variant_name: 'CX-5 Akera' }],
    });
    const result = await importFeed(db, { manufacturers: [mazda], models: [bad] }, { file: 'models.json' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues.map((i) => i.pointer).sort()).toEqual(['/models/0/colours/0/model_variant_name', '/models/0/manufacturer_id', '/models/0/model_variants/0/dap_max_price']);
    expect(await db.selectFrom('manufacturers').selectAll().execute()).toEqual([]);
  });

  it('refuses a colour without a hex code through the schema, with its pointer', async () => {
    const result = await importFeed(db, { manufacturers: [mazda], models: [cx5({ colours: [{ id: 1, name: 'Red', hexCode: 'red', photo_url: '/x.png', model_variant_name: 'CX-5 G25 Touring' }] })] }, { file: 'models.json' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues[0]?.pointer).toBe('/models/0/colours/0/hexCode');
  });
});
