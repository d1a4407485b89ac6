import type { Selectable } from 'kysely';
import { holdLimitMessage, shopperDecision } from '../../domain/booking-limits';
import { activeHolds, lockShopper, type ShopperKeyHashes } from '../booking-limits';
import type { FeedCar } from '../../schemas/types.generated';
import type { PlatformDb } from '../db/database';
import type { ReservationTable } from '../db/schema';
import { announceStockChange, recordStockChange } from '../stock/stock-changes';

/** What the shopper reads when another shopper held the car first (issue 7). */
export const ALREADY_RESERVED_MESSAGE = 'This car has just been reserved by someone else';
export const CAR_UNAVAILABLE_MESSAGE = 'This car is no longer available';
export const LEAD_HOLDS_ANOTHER_MESSAGE = 'This reservation already holds a car';

export type ReservationStatus = ReservationTable['status'];

export interface Reservation {
  id: number;
  tenant: string;
  carId: number;
  leadId: number | null;
  status: ReservationStatus;
  /** Dollars. */
  deposit: number;
  paymentIntentId: string | null;
  heldAt: string;
  releasedAt: string | null;
  releasedBy: string | null;
  note: string | null;
  /** When the hold is released on its own while its deposit is unpaid; null: never. */
  expiresAt: string | null;
}

export type HoldResult =
  | { ok: true; reservation: Reservation }
  | { ok: false; reason: 'already_reserved' | 'car_unavailable' | 'lead_holds_another'; message: string }
  /** The shopper already has `limit` active holds on the site (issue 30 M2). */
  | { ok: false; reason: 'shopper_limit'; message: string; limit: number };

export type EndResult =
  { ok: true; reservation: Reservation } | { ok: false; reason: 'not_found' | 'not_held'; message: string };

export interface HoldInput {
  tenant: string;
  carId: number;
  leadId: number | null;
  /** Dollars; 0 is a reservation without a deposit. */
  deposit: number;
  now: Date;
  /** When the hold ends on its own if its deposit is still unpaid (the tenant's vehicle.reserveHoldHours); absent: only the dealer releases it. */
  expiresAt?: Date;
  /**
   * Who the hold is for, and how many active holds one shopper may have on the site (the tenant's
   * vehicle.reserveHoldsPerShopper; issue 30 M2). Absent: the hold records no shopper and has no limit.
   */
  shopper?: { keys: ShopperKeyHashes; limit: number };
}

function toReservation(row: Selectable<ReservationTable>): Reservation {
  return {
    id: row.id,
    tenant: row.tenant,
    carId: row.car_id,
    leadId: row.lead_id,
    status: row.status,
    deposit: row.deposit,
    paymentIntentId: row.payment_intent_id,
    heldAt: row.held_at,
    releasedAt: row.released_at,
    releasedBy: row.released_by,
    note: row.note,
    expiresAt: row.expires_at,
  };
}

const alreadyReserved = { ok: false, reason: 'already_reserved', message: ALREADY_RESERVED_MESSAGE } as const;
const leadHoldsAnother = { ok: false, reason: 'lead_holds_another', message: LEAD_HOLDS_ANOTHER_MESSAGE } as const;

/**
 * Holds a car for a shopper: from now on the car reads as reserved everywhere (search, cards,
 * vehicle page) until the dealer releases it or, while its deposit is unpaid, until `expiresAt`.
 * A car already held, or reserved by the feed, is refused with a message for the shopper rather
 * than an exception, and so is a second hold for one lead (one filling holds one car). Unique
 * indexes settle holds racing for the same car or lead, even from different processes.
 */
export async function holdCar(db: PlatformDb, input: HoldInput): Promise<HoldResult> {
  if (!Number.isFinite(input.deposit) || input.deposit < 0)
    throw new RangeError(`deposit must be a non-negative number of dollars, got ${input.deposit}`);
  const at = input.now.toISOString();
  const result = await db.transaction().execute(async (trx): Promise<HoldResult> => {
    const car = await trx
      .selectFrom('cars')
      .select('data')
      .where('id', '=', input.carId)
      .where('withdrawn_at', 'is', null)
      .executeTakeFirst();
    if (!car) return { ok: false, reason: 'car_unavailable', message: CAR_UNAVAILABLE_MESSAGE };
    const feed = JSON.parse(car.data) as FeedCar;
    if (feed.reserved || feed.status === 'reserved') return alreadyReserved;
    const held = await trx
      .selectFrom('reservations')
      .select('id')
      .where('car_id', '=', input.carId)
      .where('status', '=', 'held')
      .executeTakeFirst();
    if (held) return alreadyReserved;
    const leadHolds = async () =>
      input.leadId !== null &&
      (await trx
        .selectFrom('reservations')
        .select('id')
        .where('lead_id', '=', input.leadId)
        .where('status', '=', 'held')
        .executeTakeFirst()) !== undefined;
    if (await leadHolds()) return leadHoldsAnother;
    const { shopper } = input;
    if (shopper) {
      // Counted with every other hold for this shopper on the site waiting, so racing posts cannot both fit.
      await lockShopper(trx, input.tenant, shopper.keys);
      const counts = await activeHolds(trx, input.tenant, shopper.keys, input.now, input.leadId ?? undefined);
      if (!shopperDecision(counts, shopper.limit).ok)
        return { ok: false, reason: 'shopper_limit', message: holdLimitMessage(shopper.limit), limit: shopper.limit };
    }
    // A hold racing this one (any process) meets a unique index: DO NOTHING answers no row
    // instead of an error, which on PostgreSQL would end the whole transaction.
    const row = await trx
      .insertInto('reservations')
      .values({
        tenant: input.tenant,
        car_id: input.carId,
        lead_id: input.leadId,
        status: 'held',
        deposit: input.deposit,
        payment_intent_id: null,
        held_at: at,
        released_at: null,
        released_by: null,
        note: null,
        expires_at: input.expiresAt?.toISOString() ?? null,
        email_key: shopper?.keys.email_key ?? null,
        phone_key: shopper?.keys.phone_key ?? null,
        device_key: shopper?.keys.device_key ?? null,
      })
      .onConflict((oc) => oc.doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!row) return (await leadHolds()) ? leadHoldsAnother : alreadyReserved;
    await trx.insertInto('reservation_events').values({ reservation_id: row.id, kind: 'held', by: null, at }).execute();
    // The car now reads as reserved: every process's search index re-reads it (issue 17).
    await recordStockChange(trx, [input.carId], 'reservation held', input.now);
    return { ok: true, reservation: toReservation(row) };
  });
  if (result.ok) announceStockChange(db);
  return result;
}

async function endReservation(
  db: PlatformDb,
  id: number,
  status: 'released' | 'cancelled',
  options: { by?: string | null; note?: string | null; now: Date },
): Promise<EndResult> {
  const at = options.now.toISOString();
  const result = await db.transaction().execute(async (trx): Promise<EndResult> => {
    const row = await trx
      .updateTable('reservations')
      .set((eb) => ({
        status,
        released_at: at,
        released_by: options.by ?? null,
        note: options.note == null ? eb.ref('note') : options.note,
      }))
      .where('id', '=', id)
      .where('status', '=', 'held')
      .returningAll()
      .executeTakeFirst();
    if (!row) {
      const existing = await trx.selectFrom('reservations').select('status').where('id', '=', id).executeTakeFirst();
      return existing
        ? { ok: false, reason: 'not_held', message: `Reservation #${id} is not held (it is ${existing.status}).` }
        : { ok: false, reason: 'not_found', message: `There is no reservation #${id}.` };
    }
    await trx
      .insertInto('reservation_events')
      .values({ reservation_id: id, kind: status, by: options.by ?? null, at })
      .execute();
    if (status === 'cancelled') {
      await trx
        .updateTable('payment_intents')
        .set({ status: 'cancelled', updated_at: at })
        .where('reservation_id', '=', id)
        .where('status', '=', 'unpaid')
        .execute();
    }
    // The car reads as the feed says again, in every process's search index.
    await recordStockChange(trx, [row.car_id], `reservation ${status}`, options.now);
    return { ok: true, reservation: toReservation(row) };
  });
  if (result.ok) announceStockChange(db);
  return result;
}

/**
 * The dealer lets the car go: it reads as the feed says again. The deposit's payment intent is
 * left as it is (a paid deposit is the dealer's to refund outside the platform).
 */
export function releaseReservation(
  db: PlatformDb,
  id: number,
  options: { by: string; note?: string | null; now: Date },
): Promise<EndResult> {
  return endReservation(db, id, 'released', options);
}

/**
 * Undoes a hold that never took effect for the shopper, e.g. when the payment provider could not
 * create the deposit's intent; an unpaid intent is cancelled with it.
 */
export function cancelReservation(
  db: PlatformDb,
  id: number,
  options: { by?: string | null; note?: string | null; now: Date },
): Promise<EndResult> {
  return endReservation(db, id, 'cancelled', options);
}

export async function getReservation(db: PlatformDb, id: number): Promise<Reservation | undefined> {
  const row = await db.selectFrom('reservations').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toReservation(row) : undefined;
}

/** The latest reservation a lead made (any status), if any. */
export async function latestReservationOfLead(db: PlatformDb, leadId: number): Promise<Reservation | undefined> {
  const row = await db
    .selectFrom('reservations')
    .selectAll()
    .where('lead_id', '=', leadId)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row ? toReservation(row) : undefined;
}

/** Whether a reservation's deposit has been paid (a paid hold is never released on its own). */
export async function depositPaid(db: PlatformDb, reservationId: number): Promise<boolean> {
  const row = await db
    .selectFrom('payment_intents')
    .select('id')
    .where('reservation_id', '=', reservationId)
    .where('status', '=', 'paid')
    .executeTakeFirst();
  return row !== undefined;
}

/** Held reservations, oldest first; of the given cars only when carIds is passed. */
export async function activeReservations(db: PlatformDb, carIds?: readonly number[]): Promise<Reservation[]> {
  if (carIds && !carIds.length) return [];
  let query = db.selectFrom('reservations').selectAll().where('status', '=', 'held');
  if (carIds) query = query.where('car_id', 'in', [...carIds]);
  return (await query.orderBy('id').execute()).map(toReservation);
}

/** Grows whenever a reservation is held, released or cancelled (0 before the first): caches of stock follow it. */
export async function reservationsVersion(db: PlatformDb): Promise<number> {
  const row = await db
    .selectFrom('reservation_events')
    .select((eb) => eb.fn.max('id').as('last'))
    .executeTakeFirst();
  return Number(row?.last ?? 0);
}
