import { isCurrent } from './promotions';

/**
 * spec: catalogue §3 Promo node (start, expiry, position, display, strictDisplay) and §9 (promo
 * cards filtered by start and expiry dates and sorted by position).
 * - display: false hides the tile altogether; missing means shown.
 * - position: the 1-based tile slot in the visible results (5 = the 5th tile).
 * - strictDisplay: true shows the tile only at its exact position, so it is dropped when the
 *   results are too short to reach it; otherwise (the default) it is appended after the last car.
 */
export interface PromoTile {
  id: string;
  heading: string;
  text?: string;
  image?: string;
  href?: string;
  /** YYYY-MM-DD, inclusive, in the site's time zone. */
  start?: string;
  /** YYYY-MM-DD, inclusive, in the site's time zone. */
  expiry?: string;
  position: number;
  display?: boolean;
  strictDisplay?: boolean;
}

export type PromoSchedule = Pick<PromoTile, 'start' | 'expiry' | 'position' | 'display'>;
export type PromoPlacement = Pick<PromoTile, 'position' | 'strictDisplay'>;

export type ResultTile<T, P> = { kind: 'car'; car: T } | { kind: 'promo'; promo: P };

/** Displayed promos that are current at `now`, by position (ties keep their given order). */
export function currentPromos<P extends PromoSchedule>(promos: readonly P[], now: Date, timeZone: string): P[] {
  return promos
    .filter((promo) => promo.display !== false && Number.isFinite(promo.position) && isCurrent(promo, now, timeZone))
    .sort((a, b) => a.position - b.position);
}

/**
 * Inserts promos (already current and sorted) among one page of hits. Two promos at the same
 * position take consecutive slots. No hits means no tiles, so the empty-results card shows.
 */
export function placePromos<T, P extends PromoPlacement>(
  hits: readonly T[],
  promos: readonly P[],
): Array<ResultTile<T, P>> {
  if (hits.length === 0) return [];
  const tiles: Array<ResultTile<T, P>> = [];
  let next = 0;
  for (const promo of promos) {
    const slot = Math.max(1, Math.trunc(promo.position));
    const take = Math.max(0, Math.min(slot - 1 - tiles.length, hits.length - next));
    for (const car of hits.slice(next, next + take)) tiles.push({ kind: 'car', car });
    next += take;
    if (tiles.length >= slot - 1 || !promo.strictDisplay) tiles.push({ kind: 'promo', promo });
  }
  for (const car of hits.slice(next)) tiles.push({ kind: 'car', car });
  return tiles;
}
