import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PlatformDb } from '../db/database';
import { openTestDatabase } from '../db/test-database';
import { removeCar, saveCars, savedCars, type ListOwner } from './watchlist-store';

let db: PlatformDb;
beforeEach(async () => {
  db = await openTestDatabase();
});
afterEach(async () => db.destroy());

const alex: ListOwner = { scope: 'group:southern-cross', tenant: 'southern-cross-motors', userId: 'user-1' };
const at = (day: number) => new Date(Date.UTC(2026, 10, day));

describe('the watchlist store', () => {
  it('lists saved cars newest first; saving a car again keeps its first date and adds no row', async () => {
    await saveCars(db, alex, [7], '+61412345678', at(1));
    // Two saves at the same moment: the later one comes first.
    await saveCars(db, alex, [8], undefined, at(2));
    await saveCars(db, alex, [9], undefined, at(2));
    // Saved again later (a second device, a retried request): one row, the first date.
    await saveCars(db, alex, [7, 9], '+61412345678', at(3));
    expect(await savedCars(db, alex)).toEqual([
      { carId: 9, savedAt: at(2).toISOString() },
      { carId: 8, savedAt: at(2).toISOString() },
      { carId: 7, savedAt: at(1).toISOString() },
    ]);
    expect(await db.selectFrom('watchlist').select('car_id').execute()).toHaveLength(3);
  });

  it('keeps each site’s list apart, even for one account of a dealer group, and removes one car', async () => {
    const sameUserOtherSite: ListOwner = { ...alex, tenant: 'harbour-city-mazda' };
    await saveCars(db, alex, [7, 8], undefined, at(1));
    await saveCars(db, sameUserOtherSite, [7], undefined, at(1));
    await saveCars(db, { ...alex, userId: 'user-2' }, [9], undefined, at(1));

    await removeCar(db, alex, 7);
    expect((await savedCars(db, alex)).map((saved) => saved.carId)).toEqual([8]);
    expect((await savedCars(db, sameUserOtherSite)).map((saved) => saved.carId)).toEqual([7]);
    // Removing a car that is not on the list changes nothing.
    await removeCar(db, alex, 99);
    expect((await savedCars(db, alex)).map((saved) => saved.carId)).toEqual([8]);
  });
});
