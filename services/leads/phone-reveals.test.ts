import { afterEach, describe, expect, it } from 'vitest';
import type { ResolvedTenant } from '../../schemas/types.generated';
import type { PlatformDb } from '../db/database';
import { openTestDatabase } from '../db/test-database';
import { StockRepository } from '../stock';
import { importFeed } from '../stock/import-feed';
import { phoneRevealsFor, recordPhoneReveal, revealPhone } from './phone-reveals';
import { feedCar } from '../stock/test-feed';

// Each test's database, closed after it whether it passed or not.
let opened: PlatformDb[] = [];
async function open(): Promise<PlatformDb> {
  const db = await openTestDatabase();
  opened.push(db);
  return db;
}
afterEach(async () => {
  await Promise.all(opened.map((db) => db.destroy()));
  opened = [];
});

// spec: catalogue §7 — lead record on phone reveal: car_id, dealership_id, website_id.
describe('phone reveal leads', () => {
  it('records one lead per reveal', async () => {
    const db = await open();
    const at = new Date('2026-11-22T00:00:00Z');
    const id = await recordPhoneReveal(
      db,
      { carId: 7, dealershipId: 2, websiteId: 'demo-site', userAgent: 'x'.repeat(500) },
      at,
    );
    expect(id).toBeGreaterThan(0);
    await recordPhoneReveal(db, { carId: 7, dealershipId: 2, websiteId: 'demo-site' }, at);
    expect(await phoneRevealsFor(db, 7)).toBe(2);
    const row = await db.selectFrom('phone_reveals').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ car_id: 7, dealership_id: 2, website_id: 'demo-site', created_at: at.toISOString() });
    expect(row.user_agent).toHaveLength(300);
  });
});

// Issue 14: only cars this site lists (not merely its dealerships' cars) may be revealed.
describe('revealPhone', () => {
  const tenant = { slug: 'demo-site', dealerships: [1] } as unknown as ResolvedTenant;
  const car = feedCar;

  it('records a reveal of a listed car, and refuses unlisted cars, other sites’ cars and bad bodies with a message', async () => {
    const db = await open();
    const now = new Date('2026-11-22T00:00:00Z');
    await importFeed(
      db,
      {
        dealerships: [
          { id: 1, slug: 'one', name: 'One' },
          { id: 2, slug: 'two', name: 'Two' },
        ],
        cars: [car(1), car(2, { show_on_dealer_website: false }), car(3, { dealership_id: 2 })],
      },
      { file: 'feed.json', now },
    );
    const asked: number[][] = [];
    // Stands in for listedCarIds: the site lists car 1 only.
    const listed = async (_: ResolvedTenant, ids: readonly number[]) => (
      asked.push([...ids]),
      new Set(ids.filter((id) => id === 1))
    );
    const deps = { db, stock: new StockRepository(db), listed, now };
    expect(await revealPhone(deps, tenant, { car_id: 1 }, 'Vitest')).toMatchObject({
      status: 201,
      body: { success: true },
    });
    expect(await revealPhone(deps, tenant, { car_id: 2 })).toEqual({
      status: 404,
      body: { success: false, error: 'No such car on this site.' },
    });
    expect(await revealPhone(deps, tenant, { car_id: 3 })).toMatchObject({ status: 404 });
    expect(await revealPhone(deps, tenant, { car_id: 99 })).toMatchObject({ status: 404 });
    for (const bad of [null, 'car 1', { car_id: '1' }, { car_id: 1.5 }, { car_id: -1 }])
      expect((await revealPhone(deps, tenant, bad)).status).toBe(400);
    expect(asked).toEqual([[1], [2]]);
    expect(await db.selectFrom('phone_reveals').select(['car_id', 'dealership_id', 'website_id']).execute()).toEqual([
      { car_id: 1, dealership_id: 1, website_id: 'demo-site' },
    ]);
  });
});

describe('StockRepository.views', () => {
  it('reads the total without counting a view', async () => {
    const db = await open();
    const stock = new StockRepository(db);
    expect(await stock.views(5)).toBe(0);
    await stock.countView(5, new Date());
    await stock.countView(5, new Date());
    expect(await stock.views(5)).toBe(2);
    expect(await stock.views(5)).toBe(2);
  });
});
