import { describe, expect, it } from 'vitest';
import { parseWatchlistRequest, watchlistPhone, WATCHLIST_MESSAGES } from './watchlist-request';

describe('watchlist calls (catalogue §7: JSON phone_number, car_id)', () => {
  it('reads the car and normalises the phone', () => {
    expect(parseWatchlistRequest({ car_id: 12, phone_number: '0412 345 678' }, 'AU')).toEqual({
      ok: true,
      carId: 12,
      phoneNumber: '+61412345678',
    });
    expect(parseWatchlistRequest({ car_id: '12' }, 'AU')).toEqual({ ok: true, carId: 12 });
    expect(parseWatchlistRequest({ car_id: 12, phone_number: '12' }, 'AU')).toEqual({
      ok: false,
      error: WATCHLIST_MESSAGES.badPhone,
    });
  });
  it('refuses a missing or malformed car id, and a body that is not an object', () => {
    for (const body of [{}, { car_id: -1 }, { car_id: 1.5 }, { car_id: 'abc' }, [], null, 'x'])
      expect(parseWatchlistRequest(body, 'AU')).toEqual({ ok: false, error: WATCHLIST_MESSAGES.badBody });
  });
  it("security review: 'Car ids beyond PostgreSQL's 32-bit integer give a 5xx' — refused before the database", () => {
    expect(parseWatchlistRequest({ car_id: 2147483647 }, 'AU')).toEqual({ ok: true, carId: 2147483647 });
    for (const body of [{ car_id: 3000000000 }, { car_id: '2147483648' }, { car_id: '1e3' }])
      expect(parseWatchlistRequest(body, 'AU')).toEqual({ ok: false, error: WATCHLIST_MESSAGES.badBody });
  });
  it('keeps a car under the account phone only', () => {
    expect(watchlistPhone(undefined, undefined)).toEqual({ ok: false, error: WATCHLIST_MESSAGES.noPhone });
    expect(watchlistPhone('+61412345678', '+61499999999')).toEqual({ ok: false, error: WATCHLIST_MESSAGES.otherPhone });
    expect(watchlistPhone('+61412345678', undefined)).toEqual({ ok: true, phone: '+61412345678' });
  });
});
