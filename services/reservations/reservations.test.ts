import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PlatformDb } from '../db/database';
import { openTestDatabase } from '../db/test-database';
import { isUniqueViolation } from '../db/dialect';
import { importFeed } from '../stock/import-feed';
import { StockRepository } from '../stock/stock-repository';
import { EmbeddedEngine } from '../search/embedded-engine';
import { SearchService } from '../search/search-service';
import { loadTenantRegistry } from '../../engine/tenant-registry';
import type { ResolvedTenant } from '../../schemas/types.generated';
import { storeLeadSubmission } from '../leads/lead-store';
import { EmbeddedPaymentProvider } from './payment-provider';
import {
  activeReservations,
  ALREADY_RESERVED_MESSAGE,
  cancelReservation,
  holdCar,
  LEAD_HOLDS_ANOTHER_MESSAGE,
  releaseReservation,
  reservationsVersion,
} from './reservations';
import { feedCar } from '../stock/test-feed';

const now = new Date('2026-11-22T00:00:00Z');
const car = feedCar;
const feed = {
  dealerships: [{ id: 1, slug: 'one', name: 'One' }],
  cars: [car(1), car(2, { reserved: false }), car(3, { reserved: true }), car(4)],
};

let db: PlatformDb;
let repo: StockRepository;
beforeEach(async () => {
  db = await openTestDatabase();
  repo = new StockRepository(db);
  await importFeed(db, feed, { file: 'feed.json', now });
});
afterEach(async () => db.destroy());

const hold = (carId: number) => holdCar(db, { tenant: 'harbour-city-mazda', carId, leadId: null, deposit: 200, now });
const reservedOf = async (id: number) => (await repo.carsByIds([id]))[0]?.reserved;

describe('holdCar', () => {
  it('shows the held car as reserved in search input, cards and the vehicle page, and moves the import version', async () => {
    const before = await repo.importVersion();
    const result = await hold(1);
    expect(result).toMatchObject({
      ok: true,
      reservation: { carId: 1, status: 'held', deposit: 200, leadId: null, heldAt: now.toISOString() },
    });

    expect(await repo.importVersion()).toBeGreaterThan(before);
    expect((await repo.carsByIds([1, 4])).map((c) => [c.id, c.reserved])).toEqual([
      [1, true],
      [4, undefined],
    ]);
    expect((await repo.indexSource()).cars.filter((c) => c.reserved).map((c) => c.id)).toEqual([1, 3]);
    expect((await repo.carBySlug('car-1', [1]))?.reserved).toBe(true);
    // The feed's own record is untouched.
    const stored = await db.selectFrom('cars').select('data').where('id', '=', 1).executeTakeFirstOrThrow();
    expect(JSON.parse(stored.data)).not.toHaveProperty('reserved');
  });

  it('refuses a second hold on the same car with a message for the shopper', async () => {
    expect((await hold(2)).ok).toBe(true);
    expect(await hold(2)).toEqual({ ok: false, reason: 'already_reserved', message: ALREADY_RESERVED_MESSAGE });
    expect(ALREADY_RESERVED_MESSAGE).toBe('This car has just been reserved by someone else');
    expect(await activeReservations(db)).toHaveLength(1);
  });

  it('lets exactly one of two simultaneous holds win', async () => {
    const results = await Promise.all([hold(4), hold(4), hold(4)]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.message)).toEqual([
      ALREADY_RESERVED_MESSAGE,
      ALREADY_RESERVED_MESSAGE,
    ]);
  });

  it('cannot store two holds of one car even when a writer skips the check (another process)', async () => {
    await hold(4);
    const row = {
      tenant: 't',
      car_id: 4,
      lead_id: null,
      status: 'held' as const,
      deposit: 0,
      payment_intent_id: null,
      held_at: now.toISOString(),
      released_at: null,
      released_by: null,
      note: null,
    };
    await expect(db.insertInto('reservations').values(row).execute()).rejects.toSatisfy(isUniqueViolation);
    await db
      .insertInto('reservations')
      .values({ ...row, status: 'released' })
      .execute();
  });

  // Issue 14: one filling (one lead) holds one car, whatever two racing requests do.
  it('refuses a second hold for the same lead, and a writer that skips the check cannot store one', async () => {
    const stored = await storeLeadSubmission(
      db,
      {
        tenant: 't',
        form: 'reservation',
        eventId: 22,
        category: 'Reservation',
        fields: { name: 'Ana' },
        extras: {},
        url: '',
        visitedPages: [],
        linkedQueryParams: {},
        idempotencyKey: 'lead-holds-one',
        step: 0,
        isLastStep: true,
        spam: false,
        destinations: [],
      },
      now,
    );
    if (!stored.ok) throw new Error('lead not stored');
    const expiresAt = new Date(now.getTime() + 48 * 3_600_000);
    expect(
      await holdCar(db, { tenant: 't', carId: 1, leadId: stored.leadId, deposit: 200, now, expiresAt }),
    ).toMatchObject({ ok: true, reservation: { expiresAt: expiresAt.toISOString() } });
    expect(await holdCar(db, { tenant: 't', carId: 2, leadId: stored.leadId, deposit: 200, now })).toEqual({
      ok: false,
      reason: 'lead_holds_another',
      message: LEAD_HOLDS_ANOTHER_MESSAGE,
    });
    const row = {
      tenant: 't',
      car_id: 4,
      lead_id: stored.leadId,
      status: 'held' as const,
      deposit: 0,
      payment_intent_id: null,
      held_at: now.toISOString(),
      released_at: null,
      released_by: null,
      note: null,
    };
    await expect(db.insertInto('reservations').values(row).execute()).rejects.toSatisfy(isUniqueViolation);
    expect((await activeReservations(db)).map((r) => r.carId)).toEqual([1]);
  });

  it('refuses a car the feed already marks reserved, and cars that are gone', async () => {
    expect(await hold(3)).toMatchObject({ ok: false, reason: 'already_reserved' });
    expect(await hold(99)).toMatchObject({ ok: false, reason: 'car_unavailable' });
    await importFeed(db, { cars: [car(1), car(2), car(3)] }, { file: 'b.json', replace: true, now });
    expect(await hold(4)).toMatchObject({ ok: false, reason: 'car_unavailable' });
  });

  it('refuses a deposit that is not a number of dollars', async () => {
    await expect(holdCar(db, { tenant: 't', carId: 1, leadId: null, deposit: Number.NaN, now })).rejects.toThrow(
      RangeError,
    );
  });
});

describe('releaseReservation', () => {
  it("restores the feed's own value and moves the import version again", async () => {
    const held = await hold(2);
    if (!held.ok) throw new Error(held.message);
    const whileHeld = await repo.importVersion();
    const released = await releaseReservation(db, held.reservation.id, {
      by: 'sam@dealer',
      note: 'Customer changed their mind',
      now,
    });
    expect(released).toMatchObject({
      ok: true,
      reservation: {
        status: 'released',
        releasedBy: 'sam@dealer',
        note: 'Customer changed their mind',
        releasedAt: now.toISOString(),
      },
    });
    expect(await reservedOf(2)).toBe(false);
    expect(await repo.importVersion()).toBeGreaterThan(whileHeld);
    expect(await activeReservations(db)).toEqual([]);
    // The car can be reserved again.
    expect((await hold(2)).ok).toBe(true);
  });

  it('answers clearly for a reservation that is unknown or no longer held', async () => {
    const held = await hold(1);
    if (!held.ok) throw new Error(held.message);
    await releaseReservation(db, held.reservation.id, { by: 'cli', now });
    expect(await releaseReservation(db, held.reservation.id, { by: 'cli', now })).toMatchObject({
      ok: false,
      reason: 'not_held',
    });
    expect(await releaseReservation(db, 999, { by: 'cli', now })).toMatchObject({
      ok: false,
      reason: 'not_found',
      message: 'There is no reservation #999.',
    });
  });

  it('cancelling a hold frees the car and cancels its unpaid deposit', async () => {
    const held = await hold(1);
    if (!held.ok) throw new Error(held.message);
    const intent = await new EmbeddedPaymentProvider(db, () => now).createIntent({
      tenant: 't',
      reservationId: held.reservation.id,
      amountCents: 20_000,
      currency: 'AUD',
      description: 'Deposit',
    });
    expect(await cancelReservation(db, held.reservation.id, { note: 'payment provider down', now })).toMatchObject({
      ok: true,
      reservation: { status: 'cancelled', paymentIntentId: intent.id },
    });
    expect(await reservedOf(1)).toBeUndefined();
    expect((await db.selectFrom('payment_intents').select('status').executeTakeFirstOrThrow()).status).toBe(
      'cancelled',
    );
  });
});

describe('activeReservations and reservationsVersion', () => {
  it('lists held reservations, of some cars when asked, and counts every change', async () => {
    expect(await reservationsVersion(db)).toBe(0);
    const one = await hold(1);
    await hold(2);
    if (!one.ok) throw new Error(one.message);
    await releaseReservation(db, one.reservation.id, { by: 'cli', now });
    expect(await reservationsVersion(db)).toBe(3);
    expect((await activeReservations(db)).map((r) => r.carId)).toEqual([2]);
    expect(await activeReservations(db, [1, 4])).toEqual([]);
    expect(await activeReservations(db, [])).toEqual([]);
  });

  it('keeps the import version growing across imports and holds', async () => {
    const versions = [await repo.importVersion()];
    await hold(1);
    versions.push(await repo.importVersion());
    await importFeed(db, { cars: [car(4, { price: 1 })] }, { file: 'c.json', now });
    versions.push(await repo.importVersion());
    expect(versions[1]).toBeGreaterThan(versions[0] ?? Infinity);
    expect(versions[2]).toBeGreaterThan(versions[1] ?? Infinity);
    // Still reserved after a re-import of the feed.
    expect(await reservedOf(1)).toBe(true);
  });
});

describe('search sees held cars', () => {
  const entry = loadTenantRegistry().tenants.get('harbour-city-mazda');
  if (!entry?.ok) throw new Error('demo tenant missing');
  const tenant: ResolvedTenant = {
    ...entry.config,
    dealerships: [1],
    search: { ...entry.config.search, baseFilter: undefined },
  };
  const reservedIds = async (service: SearchService) =>
    (
      await service.search(
        tenant,
        { filter: { field: 'reserved', eq: true }, sort: 'latest', page: 1, hitsPerPage: 20, facets: [] },
        now,
      )
    ).hits
      .map((c) => c.id)
      .sort();

  it('re-indexes when a car is held or released, for the reserved filter and the RESERVED tag', async () => {
    const service = new SearchService(new EmbeddedEngine(), repo);
    expect(await reservedIds(service)).toEqual([3]);
    const held = await hold(4);
    if (!held.ok) throw new Error(held.message);
    expect(await reservedIds(service)).toEqual([3, 4]);
    const page = await service.search(tenant, { sort: 'latest', page: 1, hitsPerPage: 20, facets: [] }, now);
    expect(page.hits.find((c) => c.id === 4)?.reserved).toBe(true);
    await releaseReservation(db, held.reservation.id, { by: 'cli', now });
    expect(await reservedIds(service)).toEqual([3]);
  });
});
