import { beforeEach, describe, expect, it } from 'vitest';
import { FormValidator } from '../../domain/forms/form-validator';
import { loadTenantRegistry } from '../../engine/tenant-registry';
import type { ResolvedTenant } from '../../schemas/types.generated';
import { generateDemoFeed } from '../../scripts/demo-data/generate-feed';
import { migrateToLatest, openDatabase, type PlatformDb } from '../db/database';
import { StockRepository } from '../stock';
import { importFeed } from '../stock/import-feed';
import { EmbeddedPaymentProvider, PaymentProviderError, type PaymentProvider } from './payment-provider';
import { reserveCar, type ReserveDeps } from './reserve-car';

const NOW = new Date('2026-11-20T01:00:00Z');
const feed = generateDemoFeed({ now: NOW });
const entry = loadTenantRegistry().tenants.get('southern-cross-motors');
if (!entry?.ok) throw new Error('demo tenant did not load');
const tenant = entry.config as ResolvedTenant;
const open = feed.cars.find((c) => tenant.dealerships.includes(c.dealership_id) && c.status === 'in_stock' && !c.reserved && c.price > 0)!;
const sold = feed.cars.find((c) => tenant.dealerships.includes(c.dealership_id) && c.status === 'sold')!;

let db: PlatformDb;
let deps: ReserveDeps;
let n = 0;
const person = { name: 'Ana', last_name: 'Silva', email: 'ana@example.com', phone: '0412 345 678', postcode: '2150', disclaimer: true };
const post = (carId: number, extra: Record<string, unknown> = {}) => reserveCar(deps, { tenant, body: { car_id: carId, idempotencyKey: `reserve-${++n}-key`, userData: person, ...extra }, ip: `10.0.0.${n}` });

beforeEach(async () => {
  db = openDatabase('file::memory:');
  await migrateToLatest(db);
  await importFeed(db, { dealerships: feed.dealerships, locations: feed.locations, cars: [open, sold] }, { file: 'test' });
  deps = { db, stock: new StockRepository(db), validator: new FormValidator(), rateLimit: 0, rateWindowMs: 60_000, now: () => NOW, payments: new EmbeddedPaymentProvider(db, () => NOW) };
});

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
    expect(first.body.success && again.body.success && 'reservation_id' in first.body && 'reservation_id' in again.body && first.body.reservation_id === again.body.reservation_id).toBe(true);
    const other = await post(open.id);
    expect(other.status).toBe(409);
    expect(other.body.success === false && other.body.error).toMatch(/can no longer be reserved online|just been reserved/);
    expect(await db.selectFrom('leads').select('id').execute()).toHaveLength(2);
  });

  it('a sold car cannot be reserved; bad details are rejected with the form messages before anything is held', async () => {
    expect((await post(sold.id)).status).toBe(409);
    const bad = await post(open.id, { userData: { ...person, postcode: '21' } });
    expect(bad.status).toBe(422);
    expect((await deps.stock.carsByIds([open.id]))[0]?.reserved).not.toBe(true);
  });

  it('when the payment provider fails the hold is cancelled, so the car is free again', async () => {
    const failing: PaymentProvider = { name: 'down', createIntent: async () => { throw new PaymentProviderError('provider down', 'pi_x'); } };
    deps = { ...deps, payments: failing };
    const answer = await post(open.id);
    expect(answer.status).toBe(502);
    expect((await deps.stock.carsByIds([open.id]))[0]?.reserved).not.toBe(true);
  });
});
