import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import addFormatsImport from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { generateDemoFeed, listDemoImages } from './generate-feed.js';

type FormatsPlugin = (ajv: Ajv) => Ajv;
const addFormats = ((addFormatsImport as unknown as { default?: FormatsPlugin }).default ??
  addFormatsImport) as FormatsPlugin;

const now = new Date('2025-03-10T02:00:00Z');
const nowSeconds = now.getTime() / 1000;
const feed = generateDemoFeed({ seed: 42, now });
const cars = feed.cars.filter((c) => c.item_type === 'car');
const bikes = feed.cars.filter((c) => c.item_type === 'motorcycle');

const duplicates = (values: readonly unknown[]): unknown[] => values.filter((v, i) => values.indexOf(v) !== i);

describe('generateDemoFeed', () => {
  it('is deterministic for a seed and a moment', () => {
    const again = generateDemoFeed({ seed: 42, now });
    expect(JSON.stringify(again)).toBe(JSON.stringify(feed));
    expect(JSON.stringify(generateDemoFeed({ seed: 43, now }).cars)).not.toBe(JSON.stringify(feed.cars));
  });

  it('validates against feed.schema.json with ajv in strict mode', () => {
    const schema = JSON.parse(readFileSync(new URL('../schemas/feed.schema.json', import.meta.url), 'utf8')) as object;
    const ajv = new Ajv({ strict: true, allErrors: true });
    addFormats(ajv);
    const validate = ajv.compile(schema);
    const valid = validate(JSON.parse(JSON.stringify(feed)));
    expect(validate.errors?.slice(0, 5) ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('has the dealerships tenant files refer to', () => {
    expect(feed.dealerships.map((d) => [d.id, d.slug])).toEqual([
      [1, 'harbour-city-mazda'],
      [2, 'southern-cross-parramatta'],
      [3, 'southern-cross-brisbane'],
      [4, 'southern-cross-melbourne'],
      [5, 'southern-cross-adelaide'],
      [6, 'southern-cross-perth'],
      [7, 'ridgeline-motorcycles'],
      [8, 'tasman-isuzu-ute'],
      [9, 'sunset-coast-hyundai'],
    ]);
  });

  it('produces enough stock and locations across states', () => {
    expect(cars.length).toBeGreaterThanOrEqual(3000);
    expect(bikes.length).toBeGreaterThanOrEqual(200);
    expect(bikes.every((b) => b.dealership_id === 7)).toBe(true);
    expect(feed.locations.length).toBeGreaterThanOrEqual(16);
    const states = new Set(feed.locations.map((l) => l.address?.state));
    expect([...states].sort()).toEqual(['NSW', 'QLD', 'SA', 'TAS', 'VIC', 'WA']);
    const zones = new Set(feed.locations.map((l) => l.time_zone));
    expect(zones).toEqual(
      new Set([
        'Australia/Sydney',
        'Australia/Brisbane',
        'Australia/Melbourne',
        'Australia/Adelaide',
        'Australia/Perth',
        'Australia/Hobart',
      ]),
    );
  });

  it('covers every status, condition and electrified fuel', () => {
    for (const status of ['in_stock', 'sold', 'coming_soon', 'reserved', 'other'])
      expect(feed.cars.some((c) => c.status === status)).toBe(true);
    for (const type of ['new', 'demo', 'used']) expect(cars.some((c) => c.car_type === type)).toBe(true);
    for (const fuel of ['Electric', 'Hybrid', 'PHEV', 'Diesel', 'Petrol'])
      expect(cars.some((c) => c.simple_fuel === fuel)).toBe(true);
    expect(feed.cars.some((c) => c.reserved === true)).toBe(true);
    expect(feed.cars.some((c) => c.price === 0)).toBe(true);
    expect(feed.cars.some((c) => c.preorder === true)).toBe(true);
    for (const tag of ['Test Drive Only', 'runout sale', 'Certified'])
      expect(feed.cars.some((c) => c.tag === tag)).toBe(true);
  });

  it('has cars sold within the last 3 days and earlier', () => {
    const sold = feed.cars.filter((c) => c.status === 'sold');
    expect(sold.every((c) => typeof c.sold_date_timestamp === 'number' && c.sold_date_timestamp <= nowSeconds)).toBe(
      true,
    );
    const age = (c: (typeof sold)[number]): number => nowSeconds - (c.sold_date_timestamp ?? 0);
    expect(sold.some((c) => age(c) < 3 * 86400)).toBe(true);
    expect(sold.some((c) => age(c) > 3 * 86400)).toBe(true);
  });

  it('dates stock relative to now', () => {
    const days = feed.cars.map((c) => (now.getTime() - Date.parse(c.created_at ?? '')) / 86_400_000);
    expect(days.every((d) => d >= 0 && d <= 120)).toBe(true);
    expect(days.some((d) => d < 8)).toBe(true);
  });

  it('keeps ids, slugs, VINs and stock numbers unique', () => {
    expect(duplicates(feed.cars.map((c) => c.id))).toEqual([]);
    expect(duplicates(feed.cars.map((c) => c.slug))).toEqual([]);
    expect(duplicates(feed.cars.map((c) => c.vin))).toEqual([]);
    expect(duplicates(feed.cars.map((c) => c.stocknum))).toEqual([]);
    expect(duplicates(feed.locations.map((l) => l.id))).toEqual([]);
    expect(duplicates(feed.locations.map((l) => l.slug))).toEqual([]);
    expect(duplicates(feed.dealerships.map((d) => d.slug))).toEqual([]);
  });

  it('puts every car at a visible selling location of its own dealership', () => {
    const dealers = new Set(feed.dealerships.map((d) => d.id));
    const locations = new Map(feed.locations.map((l) => [l.id, l]));
    for (const car of feed.cars) {
      expect(dealers.has(car.dealership_id)).toBe(true);
      const location = locations.get(car.location_id ?? -1);
      expect(location?.dealership_id).toBe(car.dealership_id);
      expect(['', 'sales', 'used']).toContain(location?.location_type);
      expect(location?.visible).toBe(true);
    }
  });

  it('gives each dealership one primary location and full weekly hours', () => {
    for (const dealer of feed.dealerships) {
      expect(feed.locations.filter((l) => l.dealership_id === dealer.id && l.primary).length).toBe(1);
    }
    for (const location of feed.locations) {
      expect(location.contact_detail?.opening_hours?.map((h) => h.weekday)).toEqual([0, 1, 2, 3, 4, 5, 6]);
      expect(location.special_hours?.some((h) => h.name === 'Christmas Day' && h.status === 'Closed')).toBe(true);
    }
  });

  it('keeps odometers and was-prices plausible', () => {
    expect(feed.cars.filter((c) => c.car_type === 'new').every((c) => (c.km ?? 0) <= 50)).toBe(true);
    expect(cars.filter((c) => c.car_type === 'demo').every((c) => (c.km ?? 0) >= 100 && (c.km ?? 0) <= 9000)).toBe(
      true,
    );
    expect(feed.cars.filter((c) => c.before_price !== undefined).every((c) => (c.before_price ?? 0) > c.price)).toBe(
      true,
    );
    expect(
      feed.cars
        .filter((c) => c.offer_price !== undefined)
        .every((c) => (c.offer_price ?? 0) > 10 && (c.offer_price ?? 0) < c.price),
    ).toBe(true);
  });

  it('carries a few un-normalised makes and models for the importer (catalogue §9)', () => {
    const has = (make: string, model?: string): boolean =>
      feed.cars.some((c) => c.make === make && (model === undefined || c.model === model));
    expect(has('Mazda', '3')).toBe(true);
    expect(has('Mazda', '2')).toBe(true);
    expect(has('MG', '3')).toBe(true);
    expect(has('Mercedes Benz')).toBe(true);
    expect(has('Suzuki Australia')).toBe(true);
    expect(has('Isuzu UTE')).toBe(true);
    const raw = feed.cars.filter(
      (c) => ['3', '2'].includes(c.model) || ['Mercedes Benz', 'Suzuki Australia', 'Isuzu UTE'].includes(c.make),
    );
    expect(raw.length).toBeLessThan(30);
  });

  it('lists every image the cars reference, with a colour to draw it in', () => {
    const images = listDemoImages(feed);
    const listed = new Set(images.map((i) => i.url));
    for (const car of feed.cars) {
      expect(car.images?.length).toBeGreaterThanOrEqual(4);
      expect(car.images?.length).toBeLessThanOrEqual(8);
      for (const { image } of car.images ?? []) expect(listed.has(image.url)).toBe(true);
    }
    for (const image of images) {
      expect(image.hex).toMatch(/^#[0-9a-f]{6}$/);
      expect(image.url).toBe(`/media/vehicles/${image.kind}/${image.colour}/${image.view}.png`);
    }
    expect(new Set(images.map((i) => i.kind))).toEqual(
      new Set([
        'suv',
        'ute',
        'hatch',
        'sedan',
        'wagon',
        'van',
        'coupe',
        'convertible',
        'cab-chassis',
        'people-mover',
        'motorcycle',
      ]),
    );
  });
});
