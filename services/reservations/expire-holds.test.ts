import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FormValidator } from '../../domain/forms/form-validator';
import { loadTenantRegistry } from '../../engine/tenant-registry';
import type { ResolvedTenant } from '../../schemas/types.generated';
import { generateDemoFeed } from '../../demo-data/generate-feed';
import type { PlatformDb } from '../db/database';
import { openTestDatabase } from '../db/test-database';
import { leadEmail } from '../leads/lead-email';
import { loadLead } from '../leads/lead-record';
import { EmbeddedEngine } from '../search/embedded-engine';
import { SearchService } from '../search/search-service';
import { StockRepository } from '../stock';
import { importFeed } from '../stock/import-feed';
import { expireUnpaidHolds, type HoldSite } from './expire-holds';
import { EmbeddedPaymentProvider } from './payment-provider';
import { activeReservations, reservationsVersion } from './reservations';
import { reserveCar, type ReserveDeps } from './reserve-car';

// listedCarIds asks the process-wide search service: here, one on this test's database.
let search: SearchService;
vi.mock(import('../search'), async (importOriginal) => ({
  ...(await importOriginal()),
  getSearchService: async () => search,
}));

const HELD = new Date('2026-11-20T01:00:00Z');
const HOUR = 3_600_000;
const feed = generateDemoFeed({ now: HELD });
const entry = loadTenantRegistry().tenants.get('southern-cross-motors');
if (!entry?.ok) throw new Error('demo tenant did not load');
const tenant: ResolvedTenant = {
  ...(entry.config as ResolvedTenant),
  leadDelivery: [
    { type: 'email', to: ['sales@example.com'] },
    { type: 'webhook', url: 'https://crm.example/hook', secretEnv: 'LEAD_WEBHOOK_SOUTHERN_CROSS_MOTORS__TEST' },
  ],
};
const [carA, carB] = feed.cars.filter(
  (c) =>
    tenant.dealerships.includes(c.dealership_id) &&
    c.car_type === 'used' &&
    c.status === 'in_stock' &&
    !c.reserved &&
    c.price > 0 &&
    c.show_on_dealer_website !== false,
);
if (!carA || !carB) throw new Error('demo feed has too few cars');
const site = (slug: string): HoldSite | undefined =>
  slug === tenant.slug ? { destinations: tenant.leadDelivery, timeZone: tenant.locale.timeZone } : undefined;
const person = {
  name: 'Ana',
  last_name: 'Silva',
  email: 'ana@example.com',
  phone: '0412 345 678',
  postcode: '2150',
  disclaimer: true,
  message: 'Holding it for Saturday',
};

let db: PlatformDb;
let deps: ReserveDeps;
let stock: StockRepository;
beforeEach(async () => {
  db = await openTestDatabase();
  await importFeed(
    db,
    { dealerships: feed.dealerships, locations: feed.locations, cars: [carA, carB] },
    { file: 'test' },
  );
  stock = new StockRepository(db);
  search = new SearchService(new EmbeddedEngine(), stock);
  deps = {
    db,
    stock,
    validator: new FormValidator(),
    rateLimit: 0,
    rateWindowMs: 60_000,
    now: () => HELD,
    payments: new EmbeddedPaymentProvider(db, () => HELD),
  };
});
afterEach(async () => db.destroy());

async function reserve(carId: number, key: string): Promise<number> {
  const answer = await reserveCar(deps, {
    tenant,
    body: { car_id: carId, idempotencyKey: key, userData: person },
    ip: '10.0.0.1',
  });
  if (!answer.body.success || !('reservation_id' in answer.body)) throw new Error(JSON.stringify(answer.body));
  return answer.body.reservation_id;
}
const reservedCars = async () => (await stock.carsByIds([carA.id, carB.id])).filter((c) => c.reserved).map((c) => c.id);
const leadRows = () => db.selectFrom('leads').selectAll().orderBy('id').execute();

// Issue 14: "holds never expire".
describe('unpaid reservation holds run out', () => {
  it('releases a hold whose deposit was not paid in 48 hours, frees the car for search, and tells the dealer through the outbox', async () => {
    const id = await reserve(carA.id, 'expiring-filling-1');
    const reservationLead = (await leadRows())[0]!;
    await db.deleteFrom('lead_deliveries').execute(); // the reservation's own deliveries: not what this test is about
    const searchVersion = await stock.importVersion();

    expect(await expireUnpaidHolds(db, { now: new Date(HELD.getTime() + 47 * HOUR), site })).toEqual([]);
    expect(await reservedCars()).toEqual([carA.id]);

    const before = await reservationsVersion(db);
    const expired = await expireUnpaidHolds(db, { now: new Date(HELD.getTime() + 48 * HOUR), site });
    expect(expired).toHaveLength(1);
    expect(expired[0]).toMatchObject({
      reservation: {
        id,
        status: 'released',
        releasedBy: 'expiry',
        note: 'Released on its own: not paid within 48 hours.',
      },
      queued: 2,
    });
    // A reservation_events row: the search index and the cards follow.
    expect(await reservationsVersion(db)).toBe(before + 1);
    expect(
      await db
        .selectFrom('reservation_events')
        .select(['kind', 'by'])
        .where('reservation_id', '=', id)
        .orderBy('id')
        .execute(),
    ).toEqual([
      { kind: 'held', by: null },
      { kind: 'released', by: 'expiry' },
    ]);
    expect(await stock.importVersion()).not.toBe(searchVersion);
    expect(await reservedCars()).toEqual([]);
    expect(
      (
        await search.search(
          tenant,
          { filter: { field: 'reserved', eq: true }, sort: 'latest', page: 1, hitsPerPage: 10, facets: [] },
          HELD,
        )
      ).hits,
    ).toEqual([]);
    expect((await db.selectFrom('payment_intents').select('status').executeTakeFirstOrThrow()).status).toBe(
      'cancelled',
    );

    // The dealer's notice: a lead with the shopper's details, queued to every destination.
    const notice = (await leadRows())[1]!;
    expect(notice).toMatchObject({
      tenant: tenant.slug,
      category: 'Reservation expired',
      subcategory: 'Deposit not paid',
      car_id: carA.id,
      form_completed: 1,
      spam: 0,
    });
    expect(await db.selectFrom('lead_deliveries').select(['lead_id', 'kind', 'status']).execute()).toEqual([
      { lead_id: notice.id, kind: 'email', status: 'pending' },
      { lead_id: notice.id, kind: 'webhook', status: 'pending' },
    ]);
    const lead = await loadLead(
      db,
      stock,
      () => ({ name: 'Southern Cross Motors', origin: 'https://scm.example', dealershipIds: tenant.dealerships }),
      notice.id,
    );
    const email = lead ? leadEmail(lead, { timeZone: tenant.locale.timeZone }) : undefined;
    expect(email?.subject).toMatch(/^New Reservation expired from Ana Silva — /);
    expect(email?.text).toContain(`The online reservation #${id} of the ${carA.year} ${carA.make} ${carA.model}`);
    expect(email?.text).toContain(
      `its $500 deposit was not paid within 48 hours. The car shows as available on the website again.`,
    );
    expect(email?.text).toContain(`Their reservation was lead #${reservationLead.id}.`);
    expect(email?.text).toContain('Shopper message: Holding it for Saturday');
    expect(email?.replyTo).toBe('ana@example.com');

    // Nothing is released or sent twice.
    expect(await expireUnpaidHolds(db, { now: new Date(HELD.getTime() + 100 * HOUR), site })).toEqual([]);
    expect(await leadRows()).toHaveLength(2);
  });

  it('never releases a hold whose deposit is paid; uses the hours the hold was made with', async () => {
    const paid = await reserve(carA.id, 'paid-filling-1');
    await db.updateTable('payment_intents').set({ status: 'paid' }).where('reservation_id', '=', paid).execute();
    const short = await reserveCar(deps, {
      tenant: { ...tenant, vehicle: { ...tenant.vehicle, reserveHoldHours: 2 } },
      body: { car_id: carB.id, idempotencyKey: 'short-filling-1', userData: person },
      ip: '10.0.0.2',
    });
    expect(short.body).toMatchObject({ success: true, hold_expires_at: '2026-11-20T03:00:00.000Z' });

    const expired = await expireUnpaidHolds(db, { now: new Date(HELD.getTime() + 1000 * HOUR), site });
    expect(expired.map((e) => e.reservation.carId)).toEqual([carB.id]);
    expect(expired[0]?.reservation.note).toBe('Released on its own: not paid within 2 hours.');
    expect((await activeReservations(db)).map((r) => r.id)).toEqual([paid]);
  });

  it('without the site’s settings the notice is still stored (npm run leads lists it), with nothing to send it to', async () => {
    await reserve(carA.id, 'orphan-filling-1');
    const expired = await expireUnpaidHolds(db, { now: new Date(HELD.getTime() + 49 * HOUR), site: () => undefined });
    expect(expired).toMatchObject([{ queued: 0 }]);
    expect((await leadRows()).map((l) => l.category)).toEqual(['Reservation', 'Reservation expired']);
  });

  it('a shopper whose hold ran out cannot hold the car again with the same form; a new filling can', async () => {
    await reserve(carA.id, 'ended-filling-1');
    await expireUnpaidHolds(db, { now: new Date(HELD.getTime() + 49 * HOUR), site });
    const again = await reserveCar(deps, {
      tenant,
      body: { car_id: carA.id, idempotencyKey: 'ended-filling-1', userData: person },
      ip: '10.0.0.1',
    });
    expect(again.status).toBe(409);
    expect(again.body.success === false && again.body.error).toMatch(/has ended.*reload the page/);
    expect(await reserve(carA.id, 'new-filling-2')).toBeGreaterThan(0);
  });
});
