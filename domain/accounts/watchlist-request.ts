import { parseRowId } from '../ids';
import { normaliseMobile, type Country } from './mobile-number';

/** catalogue §7: POST /api/watchlist/save-car and /remove-car take JSON { phone_number, car_id }. */
export type WatchlistRequest = { ok: true; carId: number; phoneNumber?: string } | { ok: false; error: string };

export const WATCHLIST_MESSAGES = {
  signIn: 'Please sign in to use your watchlist.',
  badBody: 'Send the car as car_id and your mobile number as phone_number.',
  noPhone: 'Add a mobile number to your account to use the watchlist.',
  otherPhone: 'This mobile number does not belong to your account.',
  badPhone: 'Send the mobile number as 04xx xxx xxx or +61 4xx xxx xxx.',
  notListed: 'This car is not available on this site.',
  tooMany: 'Too many cars at once: send at most 100.',
} as const;

export function parseWatchlistRequest(body: unknown, country: Country): WatchlistRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return { ok: false, error: WATCHLIST_MESSAGES.badBody };
  const { car_id: rawCar, phone_number: rawPhone } = body as Record<string, unknown>;
  // A car id past a database id (parseRowId) is refused here, not by the database.
  const carId = parseRowId(typeof rawCar === 'string' ? rawCar.trim() : rawCar);
  if (carId === undefined) return { ok: false, error: WATCHLIST_MESSAGES.badBody };
  if (rawPhone === undefined || rawPhone === null || rawPhone === '') return { ok: true, carId };
  if (typeof rawPhone !== 'string') return { ok: false, error: WATCHLIST_MESSAGES.badBody };
  const phoneNumber = normaliseMobile(rawPhone, country);
  return phoneNumber ? { ok: true, carId, phoneNumber } : { ok: false, error: WATCHLIST_MESSAGES.badPhone };
}

/** The phone a saved car is kept under: the account's own; a different one in the call is refused. */
export function watchlistPhone(
  accountPhone: string | undefined,
  requested: string | undefined,
): { ok: true; phone: string } | { ok: false; error: string } {
  if (!accountPhone) return { ok: false, error: WATCHLIST_MESSAGES.noPhone };
  if (requested && requested !== accountPhone) return { ok: false, error: WATCHLIST_MESSAGES.otherPhone };
  return { ok: true, phone: accountPhone };
}
