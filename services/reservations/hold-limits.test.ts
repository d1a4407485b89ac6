import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { holdLimitMessage } from '../../domain/booking-limits';
import { FormValidator } from '../../domain/forms/form-validator';
import { loadTenantRegistry } from '../../engine/tenant-registry';
import type { ResolvedTenant } from '../../schemas/types.generated';
import { generateDemoFeed } from '../../demo-data/generate-feed';
import { shopperKeyHash } from '../booking-limits';
import type { PlatformDb } from '../db/database';
import { openTestDatabase } from '../db/test-database';
import { EmbeddedEngine } from '../search/embedded-engine';
import { SearchService } from '../search/search-service';
import { StockRepository } from '../stock';
import { importFeed } from '../stock/import-feed';
import { EmbeddedPaymentProvider } from './payment-provider';
import { releaseReservation } from './reservations';
import { reserveCar, type ReserveDeps } from './reserve-car';

// Issue 30 M2: 'Reservation holds have the same shape: a dealer's stock can be held for the hold
// period.' At most vehicle.reserveHoldsPerShopper (2) active holds per e-mail, phone and device.

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
const cars = feed.cars
  .filter(
    (c) =>
      tenant.dealerships.includes(c.dealership_id) &&
      c.car_type === 'used' &&
      c.status === 'in_stock' &&
      !c.reserved &&
      c.price > 0 &&
      c.show_on_dealer_website !== false,
  )
  .slice(0, 6);
const [car1, car2, car3, car4, car5, car6] = cars.map((c) => c.id) as [number, number, number, number, number, number];
const MESSAGE = holdLimitMessage(2, tenant.contact?.phone || undefined);

let db: PlatformDb;
let deps: ReserveDeps;
let now = NOW;
let n = 0;

beforeEach(async () => {
  db = await openTestDatabase();
  await importFeed(db, { dealerships: feed.dealerships, locations: feed.locations, cars }, { file: 'test' });
  const stock = new StockRepository(db);
  search = new SearchService(new EmbeddedEngine(), stock);
  now = NOW;
  deps = {
    db,
    stock,
    validator: new FormValidator(),
    rateLimit: 0,
    rateWindowMs: 60_000,
    now: () => now,
    payments: new EmbeddedPaymentProvider(db, () => now),
  };
});
afterEach(async () => db.destroy());

function person(overrides: Record<string, unknown> = {}) {
  n += 1;
  return {
    name: 'Ana',
    last_name: 'Silva',
    email: `holder${n}@example.com`,
    phone: `04${String(20_000_000 + n).slice(-8)}`,
    postcode: '2150',
    disclaimer: true,
    ...overrides,
  };
}

const reserve = (
  carId: number,
  details: Record<string, unknown>,
  options: { ip?: string; device?: string; tenant?: ResolvedTenant; key?: string } = {},
) =>
  reserveCar(deps, {
    tenant: options.tenant ?? tenant,
    body: { car_id: carId, idempotencyKey: options.key ?? `hold-limit-${++n}-key`, userData: details },
    ip: options.ip ?? `10.1.0.${++n % 250}`,
    ...(options.device ? { device: options.device } : {}),
  });
const held = async () =>
  (await db.selectFrom('reservations').select('car_id').where('status', '=', 'held').execute()).map((r) => r.car_id);

describe('holds per shopper (issue 30 M2)', () => {
  it('refuses a third hold by one e-mail address from any address, keeps the details as an enquiry, and leaves others alone', async () => {
    expect(cars).toHaveLength(6);
    expect((await reserve(car1, person({ email: 'Ana@Example.com' }), { ip: '10.1.1.1' })).status).toBe(201);
    expect((await reserve(car2, person({ email: 'ana+two@example.com' }), { ip: '2001:db8:1:1::1' })).status).toBe(201);
    const third = await reserve(car3, person({ email: 'ana@example.com' }), { ip: '2001:db8:1:1::2' });
    expect(third.status).toBe(409);
    expect(third.body).toMatchObject({ success: false, error: MESSAGE, lead_id: expect.any(Number) });
    expect(MESSAGE).toMatch(/^You already have 2 cars reserved with us/);
    // The car is not held, but the shopper's details reached the dealer as a reservation enquiry.
    expect(await held()).toEqual([car1, car2]);
    const lead = await db
      .selectFrom('leads')
      .select(['form', 'car_id'])
      .where('id', '=', third.body.success ? -1 : (third.body as { lead_id: number }).lead_id)
      .executeTakeFirstOrThrow();
    expect(lead).toEqual({ form: 'reservation', car_id: car3 });
    // Another shopper holds the car the refused one wanted.
    expect((await reserve(car3, person())).status).toBe(201);
  });

  it('counts one phone number however it is written, and one browser whatever it types', async () => {
    expect((await reserve(car1, person({ phone: '0412 000 111' }))).status).toBe(201);
    expect((await reserve(car2, person({ phone: '+61 412 000 111' }))).status).toBe(201);
    expect(await reserve(car3, person({ phone: '61412000111' }))).toMatchObject({
      status: 409,
      body: { error: MESSAGE },
    });
    const device = 'b25lLWJyb3dzZXItaG9sZHM';
    expect((await reserve(car3, person(), { device })).status).toBe(201);
    expect((await reserve(car4, person(), { device })).status).toBe(201);
    expect(await reserve(car5, person(), { device })).toMatchObject({ status: 409, body: { error: MESSAGE } });
    expect((await reserve(car5, person(), { device: 'YW5vdGhlci1icm93c2VyLWlk' })).status).toBe(201);
  });

  it('stores who a hold is for as hashes only', async () => {
    await reserve(car1, person({ email: 'ana@example.com', phone: '0412 000 222' }), {
      device: 'c3RvcmVkLWFzLWEtaGFzaA',
    });
    const row = await db
      .selectFrom('reservations')
      .select(['email_key', 'phone_key', 'device_key'])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      email_key: shopperKeyHash(tenant.slug, 'email', 'ana@example.com'),
      phone_key: shopperKeyHash(tenant.slug, 'phone', '0412000222'),
      device_key: shopperKeyHash(tenant.slug, 'device', 'c3RvcmVkLWFzLWEtaGFzaA'),
    });
  });

  it('counts only active holds: a released one or an unpaid one that ran out frees a place', async () => {
    const ana = person();
    const first = await reserve(car1, ana);
    expect((await reserve(car2, ana)).status).toBe(201);
    expect((await reserve(car3, ana)).status).toBe(409);
    if (!first.body.success || !('reservation_id' in first.body)) throw new Error('first hold failed');
    await releaseReservation(db, first.body.reservation_id, { by: 'sales@example.com', now });
    expect((await reserve(car3, ana)).status).toBe(201);
    // After the hold period (48 hours unpaid), the holds that ran out count no more, swept or not.
    now = new Date(NOW.getTime() + 49 * 3_600_000);
    expect((await reserve(car4, ana)).status).toBe(201);
  });

  it('takes the dealer’s own number from vehicle.reserveHoldsPerShopper', async () => {
    const one = { ...tenant, vehicle: { ...tenant.vehicle, reserveHoldsPerShopper: 1 } };
    const ana = person();
    expect((await reserve(car1, ana, { tenant: one })).status).toBe(201);
    expect(await reserve(car2, ana, { tenant: one })).toMatchObject({
      status: 409,
      body: { error: holdLimitMessage(1, tenant.contact?.phone || undefined) },
    });
  });

  it('two posts racing for the last place: only one holds', async () => {
    const ana = person();
    expect((await reserve(car1, ana)).status).toBe(201);
    const raced = await Promise.all([reserve(car2, ana), reserve(car6, ana)]);
    expect(raced.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await held()).toHaveLength(2);
  });
});
