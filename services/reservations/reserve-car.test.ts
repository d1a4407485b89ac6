import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FormValidator } from '../../domain/forms/form-validator';
import { loadTenantRegistry } from '../../engine/tenant-registry';
import type { ResolvedTenant } from '../../schemas/types.generated';
import { generateDemoFeed } from '../../demo-data/generate-feed';
import type { PlatformDb } from '../db/database';
import { openTestDatabase } from '../db/test-database';
import { EmbeddedEngine } from '../search/embedded-engine';
import { SearchService } from '../search/search-service';
import { StockRepository } from '../stock';
import { importFeed } from '../stock/import-feed';
import { EmbeddedPaymentProvider, PaymentProviderError, type PaymentProvider } from './payment-provider';
import { reserveCar, type ReserveDeps } from './reserve-car';

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
// Cars the site lists (its base filter is used cars, shown on the dealer website) and that may be reserved.
const openCars = feed.cars.filter(
  (c) =>
    tenant.dealerships.includes(c.dealership_id) &&
    c.car_type === 'used' &&
    c.status === 'in_stock' &&
    !c.reserved &&
    c.price > 0 &&
    c.show_on_dealer_website !== false,
);
const open = openCars[0]!;
const open2 = openCars[1]!;
const sold = feed.cars.find(
  (c) =>
    tenant.dealerships.includes(c.dealership_id) &&
    c.car_type === 'used' &&
    c.status === 'sold' &&
    c.show_on_dealer_website !== false &&
    (c.sold_date_timestamp ?? 0) * 1000 > NOW.getTime() - 86_400_000,
)!;
// A car of this dealership that the site does not list: its vehicle page is a 404.
const hidden = {
  ...open,
  id: 990_001,
  slug: 'hidden-from-the-website',
  stocknum: 'HIDDEN1',
  show_on_dealer_website: false,
};

let db: PlatformDb;
let deps: ReserveDeps;
let n = 0;
const person = {
  name: 'Ana',
  last_name: 'Silva',
  email: 'ana@example.com',
  phone: '0412 345 678',
  postcode: '2150',
  disclaimer: true,
};
const post = (carId: number, extra: Record<string, unknown> = {}, ip = `10.0.0.${++n}`) =>
  reserveCar(deps, {
    tenant,
    body: { car_id: carId, idempotencyKey: `reserve-${++n}-key`, userData: person, ...extra },
    ip,
  });
const reserved = async (id: number) => (await deps.stock.carsByIds([id]))[0]?.reserved === true;

beforeEach(async () => {
  db = await openTestDatabase();
  await importFeed(
    db,
    { dealerships: feed.dealerships, locations: feed.locations, cars: [open, open2, sold, hidden] },
    { file: 'test' },
  );
  const stock = new StockRepository(db);
  search = new SearchService(new EmbeddedEngine(), stock);
  deps = {
    db,
    stock,
    validator: new FormValidator(),
    rateLimit: 0,
    rateWindowMs: 60_000,
    now: () => NOW,
    payments: new EmbeddedPaymentProvider(db, () => NOW),
  };
});
afterEach(async () => db.destroy());

describe('reserving a car online', () => {
  it('stores the reservation lead, holds the car (shown reserved) and records the $500 deposit as unpaid', async () => {
    const answer = await post(open.id);
    expect(answer).toMatchObject({ status: 201, body: { success: true, deposit: 500, payment_status: 'unpaid' } });
    const [car] = await deps.stock.carsByIds([open.id]);
    expect(car?.reserved).toBe(true);
    const lead = await db.selectFrom('leads').selectAll().executeTakeFirstOrThrow();
    expect(lead).toMatchObject({ form: 'reservation', category: 'Reservation', car_id: open.id });
    const intent = await db.selectFrom('payment_intents').selectAll().executeTakeFirstOrThrow();
    expect(intent).toMatchObject({ amount_cents: 50_000, currency: 'AUD', status: 'unpaid' });
  });

  it('a retried post answers the same reservation; a second shopper is told the car was just reserved, and their details are kept', async () => {
    const body = { idempotencyKey: 'same-filling-123' };
    const first = await post(open.id, body);
    const again = await post(open.id, body);
    expect(
      first.body.success &&
        again.body.success &&
        'reservation_id' in first.body &&
        'reservation_id' in again.body &&
        first.body.reservation_id === again.body.reservation_id,
    ).toBe(true);
    const other = await post(open.id);
    expect(other.status).toBe(409);
    expect(other.body.success === false && other.body.error).toMatch(
      /can no longer be reserved online|just been reserved/,
    );
    expect(await db.selectFrom('leads').select('id').execute()).toHaveLength(2);
  });

  it('a sold car cannot be reserved; bad details are rejected with the form messages before anything is held', async () => {
    expect((await post(sold.id)).status).toBe(409);
    const bad = await post(open.id, { userData: { ...person, postcode: '21' } });
    expect(bad.status).toBe(422);
    expect((await deps.stock.carsByIds([open.id]))[0]?.reserved).not.toBe(true);
  });

  it('when the payment provider fails the hold is cancelled, so the car is free again', async () => {
    const failing: PaymentProvider = {
      name: 'down',
      createIntent: async () => {
        throw new PaymentProviderError('provider down', 'pi_x');
      },
    };
    deps = { ...deps, payments: failing };
    const answer = await post(open.id);
    expect(answer.status).toBe(502);
    expect((await deps.stock.carsByIds([open.id]))[0]?.reserved).not.toBe(true);
  });
});

// Issue 14 (security review): "anyone can hold any number of cars".
describe('one reservation per filling, counted, gated and only for listed cars', () => {
  it('a key belongs to one car: the same key with another car is a 409 with a clear message, and holds nothing more', async () => {
    const key = { idempotencyKey: 'one-filling-key-1' };
    const first = await post(open.id, key, '203.0.113.7');
    expect(first.status).toBe(201);
    const other = await post(open2.id, key, '203.0.113.7');
    expect(other.status).toBe(409);
    expect(other.body.success === false && other.body.error).toMatch(
      /already reserved .* with this form|reload the page/i,
    );
    expect(await reserved(open.id)).toBe(true);
    expect(await reserved(open2.id)).toBe(false);
    expect(await db.selectFrom('reservations').select('id').execute()).toHaveLength(1);
  });

  it('every post counts against the per-address limit: retries answer the stored reservation until the limit, then 429', async () => {
    deps = { ...deps, rateLimit: 1 };
    const ip = '198.51.100.20';
    const key = { idempotencyKey: 'limited-filling-1' };
    const first = await post(open.id, key, ip);
    expect(first.status).toBe(201);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await post(open.id, key, ip)).status);
    // rateLimit 1 lets 3 posts through in the window (a filling may post a few times): the first and two retries.
    expect(statuses).toEqual([200, 200, 429, 429]);
    const limited = await post(open2.id, {}, ip);
    expect(limited.status).toBe(429);
    expect(limited.body.success === false && limited.body.error).toMatch(/Please wait a few minutes/);
    expect(await db.selectFrom('reservations').select('id').execute()).toHaveLength(1);
    expect(await db.selectFrom('leads').select('id').execute()).toHaveLength(1);
  });

  it('when the checkout page is gated, an anonymous post is a 401 telling the shopper to sign in, and nothing is stored', async () => {
    const signIn = `/sign-in?type=checkout&redirect=%2Fcars%2F${open.slug}%2Fcheckout&back=%2F`;
    const answer = await reserveCar(deps, {
      tenant,
      body: { car_id: open.id, idempotencyKey: 'gated-filling-1', userData: person },
      ip: '10.1.1.1',
      checkoutGate: async () => ({ kind: 'signIn', href: signIn }),
    });
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ success: false, sign_in_url: signIn });
    expect(answer.body.success === false && answer.body.error).toMatch(/^Please sign in to reserve this car/);
    expect(await db.selectFrom('leads').select('id').execute()).toHaveLength(0);
    expect(await reserved(open.id)).toBe(false);
    const signedIn = await reserveCar(deps, {
      tenant,
      body: { car_id: open.id, idempotencyKey: 'gated-filling-2', userData: person },
      ip: '10.1.1.1',
      checkoutGate: async () => ({ kind: 'open' }),
    });
    expect(signedIn.status).toBe(201);
  });

  it('a car the site does not list (not shown on the dealer website) cannot be held', async () => {
    const answer = await post(hidden.id);
    expect(answer.status).toBe(404);
    expect(answer.body.success === false && answer.body.error).toMatch(/not listed on this site/);
    expect(await reserved(hidden.id)).toBe(false);
    expect(await db.selectFrom('leads').select('id').execute()).toHaveLength(0);
  });

  it("the hold lasts the tenant's vehicle.reserveHoldHours (48 by default) while the deposit is unpaid", async () => {
    const answer = await post(open.id);
    expect(answer.body).toMatchObject({ success: true, hold_expires_at: '2026-11-22T01:00:00.000Z' });
    const shortHolds = { ...tenant, vehicle: { ...tenant.vehicle, reserveHoldHours: 2 } };
    const second = await reserveCar(deps, {
      tenant: shortHolds,
      body: { car_id: open2.id, idempotencyKey: 'short-hold-key-1', userData: person },
      ip: '10.9.9.9',
    });
    expect(second.body).toMatchObject({ success: true, hold_expires_at: '2026-11-20T03:00:00.000Z' });
  });
});
