/**
 * The live status of a saved car on the watchlist page and My Garage: a saved car that sells shows
 * as sold, one the dealer holds as reserved, one the site no longer lists as gone.
 */
import { isAvailable } from '../listing';

export type WatchlistStatus = 'available' | 'coming-soon' | 'reserved' | 'sold' | 'gone';

export interface WatchedCar {
  status: string;
  reserved?: boolean;
}

export function watchlistStatus(car: WatchedCar | undefined, listed: boolean): WatchlistStatus {
  if (!car) return 'gone';
  // catalogue §4: a car counts as available when in stock or coming soon; anything else has sold.
  if (!isAvailable(car)) return 'sold';
  if (!listed) return 'gone';
  if (car.reserved) return 'reserved';
  return car.status === 'coming_soon' ? 'coming-soon' : 'available';
}

export const WATCHLIST_STATUS_LABEL: Record<WatchlistStatus, string> = {
  available: 'Available',
  'coming-soon': 'Coming soon',
  reserved: 'Reserved',
  sold: 'Sold',
  gone: 'No longer listed',
};

/** Whether the Save to watchlist button shows: hidden for a sold car not already saved (catalogue §4). */
export function watchlistButtonShown(sold: boolean, saved: boolean): boolean {
  return !sold || saved;
}
