import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { getValidators } from '../../schemas/ajv';
import { adaptFeed, STORED_NOT_SHOWN, type AdaptedFeed } from './adapt-feed';

type Doc = {
  locations?: Array<Record<string, unknown>>;
  cars?: Array<Record<string, unknown>>;
  models?: Array<Record<string, unknown>>;
};

const dealership = { id: 1, slug: 'harbour', name: 'Harbour' };
const location = (extra: Record<string, unknown> = {}) => ({
  id: 10,
  name: 'Harbour Parramatta',
  slug: 'harbour-parramatta',
  dealership_id: 1,
  address: { street: '1 Church St', city: 'Parramatta', state: 'NSW', postcode: '2150' },
  ...extra,
});
const car = (extra: Record<string, unknown> = {}) => ({
  id: 100,
  slug: 'car-100',
  make: 'Toyota',
  model: 'RAV4',
  year: 2022,
  car_type: 'used',
  status: 'in_stock',
  price: 38990,
  dealership_id: 1,
  ...extra,
});

function valid(adapted: AdaptedFeed): string[] {
  const validate = getValidators().feed;
  return validate(adapted.document) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`);
}

const doc = (adapted: AdaptedFeed) => adapted.document as Doc;

describe('adaptFeed: the spec’s shapes (issue 18)', () => {
  it("a car's nested location object names its location (catalogue §3 Car location)", async () => {
    const adapted = await adaptFeed({
      dealerships: [dealership],
      locations: [location({ time_zone: 'Australia/Sydney' })],
      cars: [
        car({ location: { id: 10, name: 'Harbour Parramatta', phone: '(02) 9630 1234', slug: 'harbour-parramatta' } }),
      ],
    });
    expect(adapted.problems).toEqual([]);
    expect(valid(adapted)).toEqual([]);
    expect(doc(adapted).cars?.[0]).toMatchObject({ location_id: 10, location: { id: 10, name: 'Harbour Parramatta' } });
    expect(adapted.warnings.map((w) => w.kind)).toContain('nested-location');
  });

  it('a nested location that differs from location_id is an error at its pointer', async () => {
    const adapted = await adaptFeed({ cars: [car({ location_id: 11, location: { id: 10 } })] });
    expect(adapted.problems).toEqual([
      {
        pointer: '/cars/0/location/id',
        message: "the car's location is given twice and differs: location.id 10, location_id 11",
      },
    ]);
    // Both given and equal is fine.
    expect((await adaptFeed({ cars: [car({ location_id: 10, location: { id: 10 } })] })).problems).toEqual([]);
  });

  it('derives a missing time_zone from the address state, with a warning', async () => {
    const adapted = await adaptFeed({
      dealerships: [dealership],
      locations: [
        location(),
        location({
          id: 11,
          slug: 'harbour-perth',
          address: { street: '1 Hay St', city: 'Perth', state: 'WA', postcode: '6000' },
          time_zone: null,
        }),
        location({
          id: 12,
          slug: 'harbour-auckland',
          address: { street: '1 Queen St', city: 'Auckland', state: 'AUK', postcode: '1010' },
        }),
        location({ id: 13, slug: 'harbour-brisbane', time_zone: 'Australia/Brisbane' }),
      ],
    });
    expect(valid(adapted)).toEqual([]);
    expect(doc(adapted).locations?.map((l) => l.time_zone)).toEqual([
      'Australia/Sydney',
      'Australia/Perth',
      'Pacific/Auckland',
      'Australia/Brisbane', // its own zone is kept, even where the state says otherwise
    ]);
    const warning = adapted.warnings.find((w) => w.kind === 'time-zone-derived');
    expect(warning).toMatchObject({
      count: 3,
      first: ['/locations/0/time_zone', '/locations/1/time_zone', '/locations/2/time_zone'],
    });
  });

  it('refuses a time zone the runtime does not know', async () => {
    const adapted = await adaptFeed({ locations: [location({ time_zone: 'Australia/Atlantis' })] });
    expect(adapted.problems).toEqual([
      {
        pointer: '/locations/0/time_zone',
        message: 'expected an IANA time zone such as Australia/Sydney, found "Australia/Atlantis"',
      },
    ]);
  });

  it('reads a closed day given as open: null, close: null', async () => {
    const adapted = await adaptFeed({
      dealerships: [dealership],
      locations: [
        location({
          contact_detail: { opening_hours: [{ weekday: 0, status: 'Closed', open: null, close: null }] },
        }),
      ],
    });
    expect(valid(adapted)).toEqual([]);
    expect(doc(adapted).locations?.[0]?.contact_detail).toEqual({ opening_hours: [{ weekday: 0, status: 'Closed' }] });
    expect(adapted.warnings.find((w) => w.kind === 'null-as-absent')?.count).toBe(2);
  });

  it("reads an ISO date-time given for a date as the date at the car's location", async () => {
    const adapted = await adaptFeed({
      dealerships: [dealership],
      locations: [
        location({ id: 10 }),
        location({
          id: 11,
          slug: 'perth',
          address: { street: '1 Hay St', city: 'Perth', state: 'WA', postcode: '6000' },
        }),
      ],
      cars: [
        car({ location_id: 10, rego_expiry: '2027-06-11T16:33:44.000Z' }),
        car({ id: 101, slug: 'car-101', location_id: 11, rego_expiry: '2027-06-11T15:33:44.000Z' }),
        car({ id: 102, slug: 'car-102', rego_expiry: '2027-06-11' }),
      ],
    });
    expect(valid(adapted)).toEqual([]);
    expect(doc(adapted).cars?.map((c) => c.rego_expiry)).toEqual(['2027-06-12', '2027-06-11', '2027-06-11']);
    expect(adapted.warnings.find((w) => w.kind === 'date-from-date-time')).toMatchObject({
      count: 2,
      first: ['/cars/0/rego_expiry', '/cars/1/rego_expiry'],
    });
  });

  it("reads a car's date in the zone of a location already stored, or of its state, and says when it had to assume one", async () => {
    const stored = new Map([[20, { timeZone: 'Australia/Perth' }]]);
    const adapted = await adaptFeed(
      {
        cars: [
          car({ location_id: 20, rego_expiry: '2027-06-11T15:33:44Z' }),
          car({ id: 101, slug: 'car-101', state: 'QLD', rego_expiry: '2027-06-11T14:30:00Z' }),
          car({ id: 102, slug: 'car-102', rego_expiry: '2027-06-11T14:30:00Z' }),
        ],
      },
      stored,
    );
    expect(doc(adapted).cars?.map((c) => c.rego_expiry)).toEqual(['2027-06-11', '2027-06-12', '2027-06-12']);
    expect(adapted.warnings.find((w) => w.kind === 'date-zone-assumed')).toMatchObject({
      count: 1,
      first: ['/cars/2/rego_expiry'],
    });
  });

  it('accepts special hours as hours.begin/end and with location.id (conversion §3 Special hours)', async () => {
    const adapted = await adaptFeed({
      dealerships: [dealership],
      locations: [
        location({
          special_hours: [
            { date: '2026-12-24', status: 'Open', hours: { begin: '09:00', end: '13:00' }, location: { id: 10 } },
            { date: '2026-12-25T00:00:00+11:00', status: 'Closed', location_id: 10 },
          ],
        }),
      ],
    });
    expect(adapted.problems).toEqual([]);
    expect(valid(adapted)).toEqual([]);
    expect(doc(adapted).locations?.[0]?.special_hours).toEqual([
      { date: '2026-12-24', status: 'Open', hours: { begin: '09:00', end: '13:00' }, location: { id: 10 } },
      { date: '2026-12-25', status: 'Closed', location_id: 10 },
    ]);
  });

  it('refuses special hours that name another location than the one they are in, or two different ones', async () => {
    const adapted = await adaptFeed({
      locations: [
        location({
          special_hours: [
            { date: '2026-12-24', status: 'Closed', location: { id: 11 } },
            { date: '2026-12-25', status: 'Closed', location_id: 10, location: { id: 12 } },
          ],
        }),
      ],
    });
    expect(adapted.problems.map((p) => p.pointer)).toEqual([
      '/locations/0/special_hours/0/location/id',
      '/locations/0/special_hours/1/location/id',
      '/locations/0/special_hours/1/location/id',
    ]);
    expect(adapted.problems[0]?.message).toBe('these hours name location 11 but are nested in location 10');
  });

  it("accepts a model's cloudfront_new_image_url", async () => {
    const adapted = await adaptFeed({
      manufacturers: [{ id: 1, name: 'Kestrel', slug: 'kestrel' }],
      models: [
        {
          id: 1,
          manufacturer_id: 1,
          slug: 'tern',
          name: 'Tern',
          cloudfront_new_image_url: 'https://cdn.example.com/tern.png',
          model_variants: [{ id: 1, full_name: 'Tern' }],
        },
      ],
    });
    expect(valid(adapted)).toEqual([]);
    expect(adapted.unknownFields).toEqual([]);
  });
});

describe('adaptFeed: unknown fields are kept and reported once per import', () => {
  it('moves each unknown field under the record’s unmapped, by its pointer inside the record, and counts it per field', async () => {
    const adapted = await adaptFeed({
      generated_at: '2026-11-24T00:00:00Z',
      dealerships: [dealership],
      locations: [
        location({
          address: { street: '1 Church St', city: 'Parramatta', state: 'NSW', postcode: '2150', country: 'AU' },
        }),
      ],
      cars: [
        car({ dealer_note: 'a', images: [{ image: { url: '/x.png', caption: 'Front' } }] }),
        car({ id: 101, slug: 'car-101', dealer_note: 'b' }),
      ],
    });
    expect(valid(adapted)).toEqual([]);
    const cars = doc(adapted).cars ?? [];
    expect(cars[0]?.unmapped).toEqual({ '/dealer_note': 'a', '/images/0/image/caption': 'Front' });
    expect(cars[0]).not.toHaveProperty('dealer_note');
    expect(cars[1]?.unmapped).toEqual({ '/dealer_note': 'b' });
    expect(doc(adapted).locations?.[0]?.unmapped).toEqual({ '/address/country': 'AU' });
    expect(adapted.unknownFields).toEqual([
      { field: '/cars/*/dealer_note', count: 2, first: '/cars/0/dealer_note' },
      { field: '/cars/*/images/*/image/caption', count: 1, first: '/cars/0/images/0/image/caption' },
      { field: '/generated_at', count: 1, first: '/generated_at' },
      { field: '/locations/*/address/country', count: 1, first: '/locations/0/address/country' },
    ]);
    expect(adapted.document).not.toHaveProperty('generated_at');
  });

  it('leaves what is truly wrong to the schema check, unchanged', async () => {
    const adapted = await adaptFeed({ cars: [car({ price: 'POA', km: -5 })] });
    expect(doc(adapted).cars?.[0]).toMatchObject({ price: 'POA', km: -5 });
    expect(valid(adapted)).toEqual(expect.arrayContaining(['/cars/0/price must be number']));
  });

  it('keeps null where the schema allows it, and a required value given as null fails the schema check', async () => {
    const adapted = await adaptFeed({
      cars: [car({ autograb_data: { average_market_price: null } }), car({ id: 101, slug: 'car-101', price: null })],
    });
    expect(doc(adapted).cars?.[0]?.autograb_data).toEqual({ average_market_price: null });
    expect(valid(adapted)).toEqual(["/cars/1 must have required property 'price'"]);
  });

  it('does not change its input', async () => {
    const input = { locations: [location({ time_zone: null })], cars: [car({ location: { id: 10 }, extra: 1 })] };
    const copy = structuredClone(input);
    await adaptFeed(input);
    expect(input).toEqual(copy);
  });
});

/**
 * The fixture is written from the spec's own entity lists, not from the demo generator:
 * catalogue §3 Location, Dealership website, Car; conversion §3 Location, Opening hour entry,
 * Special (holiday) hours, Car, Finance lender record, Model, Variant, Model colour, Manufacturer.
 */
const specFeed = JSON.parse(
  readFileSync(new URL('../../services/stock/fixtures/spec-feed.json', import.meta.url), 'utf8'),
) as {
  cars: Array<Record<string, unknown>>;
  locations: Array<Record<string, unknown>>;
};

// spec: catalogue §3 Car — the field list, as written there (nested parts by their parent).
const CATALOGUE_CAR_FIELDS = `id, slug, path, name, year, make, model, badge, series, colour, interior_colour, gearnum,
simple_transmission, trans, bodyconfiguration, simple_body, car_type, status, tag, reserved, created_at, price,
before_price, offer_price, subscription_price, price_type, preorder, km, stocknum, vin, regplate, rego_expiry,
build_date, compliance_date, fuel, simple_fuel, seats, doors, drive, engine_size, engine_size_litres, views,
certified, file, dealership_slug, dealership_id, private_suburb, private_postcode, carsales_title, item_type,
show_on_dealer_website, sold_date_timestamp, photos_count, images, thumbnails, primary_image_url, video_url,
external_video_url, spin_images, spin_interior_image, spin_code, hotspots, standardEquipment, dealercomments,
specifications, variant, location, city, state, autograb_data, youxQuote, finance_lenders`
  .split(',')
  .map((f) => f.trim());
// spec: conversion §3 Car — the fields it adds.
const CONVERSION_CAR_FIELDS = ['nvic', 'sold', 'has_nvic', 'walkaround_videos', 'videos'];
// spec: catalogue §3 Location and conversion §3 Location.
const LOCATION_FIELDS =
  `id, name, slug, visible, primary, location_type, location_subtype, manufacturers, dealership_id,
dealership_slug, dealer_license_number, motor_vehicle_repairer, address, contact_detail, image, reviews, average_rating,
review_count, distribution_locations`
    .split(',')
    .map((f) => f.trim());

describe('a feed written from catalogue §3 and conversion §3 (services/stock/fixtures/spec-feed.json)', () => {
  it('names every field of the spec’s Car and Location', () => {
    const car = specFeed.cars[0] ?? {};
    for (const field of [...CATALOGUE_CAR_FIELDS, ...CONVERSION_CAR_FIELDS]) expect(car, field).toHaveProperty(field);
    const primary = specFeed.locations[0] ?? {};
    for (const field of LOCATION_FIELDS) expect(primary, field).toHaveProperty(field);
  });

  it('is read with 0 silent drops: nothing unknown, every field either used or reported as stored, not shown', async () => {
    const adapted = await adaptFeed(specFeed);
    expect(adapted.problems).toEqual([]);
    expect(valid(adapted)).toEqual([]);
    expect(adapted.unknownFields).toEqual([]);
    const known = new Set(STORED_NOT_SHOWN.map((s) => s.field));
    for (const { field } of adapted.storedNotShown) expect(known.has(field), field).toBe(true);
    expect(adapted.storedNotShown.map((s) => s.field)).toEqual(
      expect.arrayContaining(['/cars/*/path', '/cars/*/carsales_title', '/locations/*/motor_vehicle_repairer']),
    );
    const stored = doc(adapted);
    expect(stored.cars?.[0]).toMatchObject({ location_id: 9102, rego_expiry: '2027-06-12' });
    expect(stored.locations?.map((l) => l.time_zone)).toEqual(['Australia/Sydney', 'Australia/Sydney']);
  });
});
