import type { ResolvedTenant } from '../../schemas/types.generated';
import type { PlatformDb } from '../db/database';
import type { StockRepository } from '../stock';
import { listedCarIds } from '../stock/listed-cars';
import type { ListedCars } from './form-context';

export interface PhoneReveal {
  carId: number;
  dealershipId: number;
  /** The site the shopper was on (tenant slug). */
  websiteId: string;
  userAgent?: string;
}

/** catalogue §7 — a lead record when a shopper reveals the dealer's phone on a vehicle page. */
export async function recordPhoneReveal(db: PlatformDb, reveal: PhoneReveal, at: Date): Promise<number> {
  const row = await db
    .insertInto('phone_reveals')
    .values({
      car_id: reveal.carId,
      dealership_id: reveal.dealershipId,
      website_id: reveal.websiteId,
      user_agent: reveal.userAgent?.slice(0, 300) ?? null,
      created_at: at.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function phoneRevealsFor(db: PlatformDb, carId: number): Promise<number> {
  const row = await db
    .selectFrom('phone_reveals')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('car_id', '=', carId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export type PhoneRevealAnswer =
  { status: 201; body: { success: true; id: number } } | { status: 400 | 404; body: { success: false; error: string } };

/**
 * POST /api/leads/phone-reveal's service (catalogue §7): records the reveal for a car this site
 * lists (the scope of search and the vehicle page); the dealership and website come from the
 * server's own data, never from the body.
 */
export async function revealPhone(
  deps: { db: PlatformDb; stock: StockRepository; listed?: ListedCars; now: Date },
  tenant: ResolvedTenant,
  body: unknown,
  userAgent?: string,
): Promise<PhoneRevealAnswer> {
  const carId = body && typeof body === 'object' ? (body as { car_id?: unknown }).car_id : undefined;
  if (typeof carId !== 'number' || !Number.isSafeInteger(carId) || carId < 1)
    return {
      status: 400,
      body: { success: false, error: 'car_id must be a positive whole number, e.g. {"car_id": 123}.' },
    };
  const [car] = await deps.stock.carsByIds([carId]);
  const listed =
    car && tenant.dealerships.includes(car.dealership_id)
      ? await (deps.listed ?? listedCarIds)(tenant, [carId], deps.now)
      : new Set<number>();
  if (!car || !listed.has(carId)) return { status: 404, body: { success: false, error: 'No such car on this site.' } };
  const id = await recordPhoneReveal(
    deps.db,
    { carId, dealershipId: car.dealership_id, websiteId: tenant.slug, ...(userAgent ? { userAgent } : {}) },
    deps.now,
  );
  return { status: 201, body: { success: true, id } };
}
