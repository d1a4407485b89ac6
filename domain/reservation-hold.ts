/**
 * How long an online reservation holds a car, and what a repeated post with one form filling's key
 * may do (issue 14). Pure rules: the reservation service applies them.
 */

/** Hours an unpaid reservation holds a car unless the tenant sets vehicle.reserveHoldHours (schema default). */
export const DEFAULT_RESERVE_HOLD_HOURS = 48;
const HOUR_MS = 3_600_000;

/** The tenant's hold in hours, or the default when it is not a positive number. */
export function reserveHoldHours(hours: number | null | undefined): number {
  return typeof hours === 'number' && Number.isFinite(hours) && hours > 0 ? hours : DEFAULT_RESERVE_HOLD_HOURS;
}

/** When an unpaid hold made at `heldAt` is released on its own. */
export function holdExpiresAt(heldAt: Date, hours: number | null | undefined): Date {
  return new Date(heldAt.getTime() + reserveHoldHours(hours) * HOUR_MS);
}

/** Whole hours between a hold and its expiry, for the dealer's notice ("not paid within 48 hours"). */
export function holdLengthHours(heldAt: string, expiresAt: string): number {
  return Math.round((Date.parse(expiresAt) - Date.parse(heldAt)) / HOUR_MS);
}

/** What the platform already has for one filling's idempotency key. */
export interface KeyHistory {
  /** The lead the key made, if any. */
  lead?: { form: string; carId: number | null };
  /** That lead's latest reservation, if any. */
  reservation?: { id: number; carId: number; status: 'held' | 'released' | 'cancelled' };
}

export type ReservationKeyDecision =
  /** Nothing yet, or an earlier try of this filling that held nothing (the car was taken, the payment provider failed): go ahead. */
  | { kind: 'reserve' }
  /** The same reservation, still held: answer it again and create nothing. */
  | { kind: 'retry'; reservationId: number }
  /** The key already reserved (or enquired about) another car. */
  | { kind: 'other_car' }
  /** The key was used by another form. */
  | { kind: 'other_form' }
  /** This filling's hold was released (by the dealer or on expiry): a new reservation needs a new filling. */
  | { kind: 'ended' };

/** One key, one car, one hold (issue 14): a reused key can neither hold a second car nor hold again after its hold ended. */
export function reservationKeyDecision(
  carId: number,
  reservationForm: string,
  history: KeyHistory,
): ReservationKeyDecision {
  const { lead, reservation } = history;
  if (!lead) return { kind: 'reserve' };
  if (lead.form !== reservationForm) return { kind: 'other_form' };
  if (lead.carId !== carId || (reservation && reservation.carId !== carId)) return { kind: 'other_car' };
  if (!reservation || reservation.status === 'cancelled') return { kind: 'reserve' };
  if (reservation.status === 'held') return { kind: 'retry', reservationId: reservation.id };
  return { kind: 'ended' };
}
