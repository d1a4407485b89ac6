import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RESERVE_HOLD_HOURS,
  holdExpiresAt,
  holdLengthHours,
  reservationKeyDecision,
  reserveHoldHours,
} from './reservation-hold';

describe('how long an unpaid reservation holds a car (issue 14)', () => {
  it("uses the tenant's hours, else 48", () => {
    expect(DEFAULT_RESERVE_HOLD_HOURS).toBe(48);
    expect(reserveHoldHours(2)).toBe(2);
    for (const bad of [undefined, null, 0, -1, Number.NaN, Number.POSITIVE_INFINITY])
      expect(reserveHoldHours(bad)).toBe(48);
    expect(holdExpiresAt(new Date('2026-11-20T01:00:00Z'), undefined).toISOString()).toBe('2026-11-22T01:00:00.000Z');
    expect(holdExpiresAt(new Date('2026-11-20T01:00:00Z'), 12).toISOString()).toBe('2026-11-20T13:00:00.000Z');
    expect(holdLengthHours('2026-11-20T01:00:00.000Z', '2026-11-22T01:00:00.000Z')).toBe(48);
  });
});

describe('one key, one car, one hold', () => {
  const lead = (carId: number | null, form = 'reservation') => ({ form, carId });
  it('reserves when the key is new, or when its earlier try held nothing', () => {
    expect(reservationKeyDecision(7, 'reservation', {})).toEqual({ kind: 'reserve' });
    expect(reservationKeyDecision(7, 'reservation', { lead: lead(7) })).toEqual({ kind: 'reserve' });
    expect(
      reservationKeyDecision(7, 'reservation', {
        lead: lead(7),
        reservation: { id: 3, carId: 7, status: 'cancelled' },
      }),
    ).toEqual({ kind: 'reserve' });
  });
  it('answers a retry of a hold that is still held, and refuses another car, another form and an ended hold', () => {
    expect(
      reservationKeyDecision(7, 'reservation', { lead: lead(7), reservation: { id: 3, carId: 7, status: 'held' } }),
    ).toEqual({ kind: 'retry', reservationId: 3 });
    expect(
      reservationKeyDecision(8, 'reservation', { lead: lead(7), reservation: { id: 3, carId: 7, status: 'held' } }),
    ).toEqual({ kind: 'other_car' });
    expect(reservationKeyDecision(8, 'reservation', { lead: lead(null) })).toEqual({ kind: 'other_car' });
    expect(reservationKeyDecision(7, 'reservation', { lead: lead(7, 'general-enquiry') })).toEqual({
      kind: 'other_form',
    });
    expect(
      reservationKeyDecision(7, 'reservation', { lead: lead(7), reservation: { id: 3, carId: 7, status: 'released' } }),
    ).toEqual({ kind: 'ended' });
  });
});
