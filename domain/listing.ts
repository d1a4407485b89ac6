// spec: catalogue §9 / conversion §4.6 — listed when in stock or coming soon, or sold within the
// last N days (3 by default, tenant may change), and shown on the dealer website.
export const DEFAULT_SOLD_VISIBLE_DAYS = 3;

export interface ListableCar {
  status: string;
  sold_date_timestamp?: number | null;
  show_on_dealer_website?: boolean | null;
}

/** spec: catalogue §4 — a car counts as available when status is in_stock or coming_soon. */
export function isAvailable(car: Pick<ListableCar, 'status'>): boolean {
  return car.status === 'in_stock' || car.status === 'coming_soon';
}

/** Earliest sold time (unix seconds) that is still listed. */
export function soldCutoff(now: Date, soldVisibleDays: number): number {
  return Math.floor(now.getTime() / 1000) - soldVisibleDays * 86_400;
}

export function isListed(car: ListableCar, now: Date, soldVisibleDays = DEFAULT_SOLD_VISIBLE_DAYS): boolean {
  if (car.show_on_dealer_website === false) return false;
  if (isAvailable(car)) return true;
  return car.status === 'sold' && typeof car.sold_date_timestamp === 'number' && car.sold_date_timestamp >= soldCutoff(now, soldVisibleDays);
}
