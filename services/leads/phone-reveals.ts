import type { PlatformDb } from '../db/database';

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
    .values({ car_id: reveal.carId, dealership_id: reveal.dealershipId, website_id: reveal.websiteId, user_agent: reveal.userAgent?.slice(0, 300) ?? null, created_at: at.toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function phoneRevealsFor(db: PlatformDb, carId: number): Promise<number> {
  const row = await db.selectFrom('phone_reveals').select((eb) => eb.fn.countAll<number>().as('n')).where('car_id', '=', carId).executeTakeFirstOrThrow();
  return Number(row.n);
}
