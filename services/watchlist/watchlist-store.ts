import type { PlatformDb } from '../db/database';

/** Whose list: the account scope, the user there, and the site the list belongs to. */
export interface ListOwner {
  scope: string;
  tenant: string;
  userId: string;
}

export interface SavedCar {
  carId: number;
  savedAt: string;
}

const owned = (owner: ListOwner) => ({ scope: owner.scope, tenant: owner.tenant, user_id: owner.userId });

/** The owner's saved cars, newest first. Every query names scope, site and user together. */
export async function savedCars(db: PlatformDb, owner: ListOwner): Promise<SavedCar[]> {
  const rows = await db
    .selectFrom('watchlist')
    .select(['car_id', 'created_at'])
    .where('scope', '=', owner.scope)
    .where('tenant', '=', owner.tenant)
    .where('user_id', '=', owner.userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({ carId: row.car_id, savedAt: row.created_at }));
}

/** Saves cars (idempotent: a car already on the list keeps its first date). */
export async function saveCars(
  db: PlatformDb,
  owner: ListOwner,
  carIds: readonly number[],
  phoneNumber: string | undefined,
  at: Date,
): Promise<void> {
  if (!carIds.length) return;
  await db
    .insertInto('watchlist')
    .values(
      carIds.map((carId) => ({
        ...owned(owner),
        car_id: carId,
        phone_number: phoneNumber ?? null,
        created_at: at.toISOString(),
      })),
    )
    .onConflict((oc) => oc.columns(['scope', 'tenant', 'user_id', 'car_id']).doNothing())
    .execute();
}

export async function removeCar(db: PlatformDb, owner: ListOwner, carId: number): Promise<void> {
  await db
    .deleteFrom('watchlist')
    .where('scope', '=', owner.scope)
    .where('tenant', '=', owner.tenant)
    .where('user_id', '=', owner.userId)
    .where('car_id', '=', carId)
    .execute();
}
