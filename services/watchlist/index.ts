import type { ResolvedTenant } from '../../schemas/types.generated';
import { parseWatchlistRequest, watchlistPhone, WATCHLIST_MESSAGES } from '../../domain/accounts/watchlist-request';
import { getDatabase } from '../db/database';
import { accountScope } from '../auth/account-scope';
import type { AccountUser } from '../auth/session';
import { listedCarIds } from '../stock/listed-cars';
import { getStockRepository, type Car } from '../stock';
import { watchlistStatus, type WatchlistStatus } from '../../domain/accounts/watchlist-status';
import { removeCar, saveCars, savedCars, type ListOwner } from './watchlist-store';

export interface WatchlistAnswer {
  status: number;
  body: { success: boolean; error?: string; watchlist?: number[] };
}

const MERGE_LIMIT = 100;

function ownerOf(tenant: ResolvedTenant, user: AccountUser): ListOwner {
  return { scope: accountScope(tenant).id, tenant: tenant.slug, userId: user.id };
}

export async function watchlistIds(tenant: ResolvedTenant, user: AccountUser): Promise<number[]> {
  return (await savedCars(await getDatabase(), ownerOf(tenant, user))).map((saved) => saved.carId);
}

/** POST /api/watchlist/save-car and /remove-car (catalogue §7), for the signed-in shopper of this site only. */
export async function changeWatchlist(
  action: 'save' | 'remove',
  tenant: ResolvedTenant,
  user: AccountUser | undefined,
  body: unknown,
  now: Date,
): Promise<WatchlistAnswer> {
  if (!user) return { status: 401, body: { success: false, error: WATCHLIST_MESSAGES.signIn } };
  const request = parseWatchlistRequest(body, tenant.locale.country);
  if (!request.ok) return { status: 400, body: { success: false, error: request.error } };
  const db = await getDatabase();
  const owner = ownerOf(tenant, user);
  if (action === 'save') {
    // Saving needs the account's mobile number (catalogue §6); taking a car off never does.
    const phone = watchlistPhone(user.phoneNumber, request.phoneNumber);
    if (!phone.ok) return { status: 400, body: { success: false, error: phone.error } };
    if (!(await listedCarIds(tenant, [request.carId], now)).has(request.carId))
      return { status: 404, body: { success: false, error: WATCHLIST_MESSAGES.notListed } };
    await saveCars(db, owner, [request.carId], phone.phone, now);
  } else {
    // A sold or withdrawn car can always be taken off the list.
    await removeCar(db, owner, request.carId);
  }
  return { status: 200, body: { success: true, watchlist: (await savedCars(db, owner)).map((saved) => saved.carId) } };
}

/** Favourites kept in the browser join the list after sign-in; cars this site no longer lists are skipped. */
export async function mergeFavourites(
  tenant: ResolvedTenant,
  user: AccountUser | undefined,
  body: unknown,
  now: Date,
): Promise<WatchlistAnswer> {
  if (!user) return { status: 401, body: { success: false, error: WATCHLIST_MESSAGES.signIn } };
  const ids = typeof body === 'object' && body !== null ? (body as { car_ids?: unknown }).car_ids : undefined;
  if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'number' && Number.isSafeInteger(id) && id > 0))
    return { status: 400, body: { success: false, error: WATCHLIST_MESSAGES.badBody } };
  if (ids.length > MERGE_LIMIT) return { status: 400, body: { success: false, error: WATCHLIST_MESSAGES.tooMany } };
  const db = await getDatabase();
  const owner = ownerOf(tenant, user);
  const listed = await listedCarIds(tenant, ids as number[], now);
  await saveCars(db, owner, [...listed], user.phoneNumber, now);
  return { status: 200, body: { success: true, watchlist: (await savedCars(db, owner)).map((saved) => saved.carId) } };
}

export interface WatchlistEntry {
  carId: number;
  savedAt: string;
  car?: Car;
  status: WatchlistStatus;
}

/** The saved cars with their live status, newest first (a car that sold shows as sold). */
export async function watchlistEntries(
  tenant: ResolvedTenant,
  user: AccountUser,
  now: Date,
): Promise<WatchlistEntry[]> {
  const saved = await savedCars(await getDatabase(), ownerOf(tenant, user));
  const ids = saved.map((s) => s.carId);
  const [cars, listed] = await Promise.all([
    (await getStockRepository()).carsByIds(ids),
    listedCarIds(tenant, ids, now),
  ]);
  const byId = new Map(
    cars.filter((car) => tenant.dealerships.includes(car.dealership_id)).map((car) => [car.id, car]),
  );
  return saved.map((entry) => {
    const car = byId.get(entry.carId);
    return { ...entry, ...(car ? { car } : {}), status: watchlistStatus(car, listed.has(entry.carId)) };
  });
}
