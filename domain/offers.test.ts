import { describe, expect, it } from 'vitest';
import { currentOffers } from './offers';
import { formatCalendarDate } from './format';

const offers = [
  { id: 'expired', start: '2026-10-01', expiry: '2026-10-31' },
  { id: 'current', start: '2026-11-01', expiry: '2027-01-31' },
  { id: 'future', start: '2027-02-01', expiry: '2027-03-31' },
  { id: 'open-ended' },
];
const ids = (list: ReadonlyArray<{ id: string }>) => list.map((o) => o.id);

// spec: conversion §2.3 special offers, catalogue §9 — filtered by start and expiry dates.
describe('currentOffers', () => {
  it('drops expired and not-yet-started offers and keeps the order of the rest', () => {
    expect(ids(currentOffers(offers, new Date('2026-11-22T02:00:00Z'), 'Australia/Sydney'))).toEqual([
      'current',
      'open-ended',
    ]);
  });

  it('shows an offer on its start day and on its expiry day (both inclusive)', () => {
    const one = [{ id: 'one-week', start: '2026-11-16', expiry: '2026-11-22' }];
    // 00:00 on the start day in Sydney (UTC+11 in November) is 13:00 UTC the day before.
    expect(ids(currentOffers(one, new Date('2026-11-15T13:00:00Z'), 'Australia/Sydney'))).toEqual(['one-week']);
    expect(ids(currentOffers(one, new Date('2026-11-15T12:59:59Z'), 'Australia/Sydney'))).toEqual([]);
    // 23:59 on the expiry day in Sydney, then one minute later.
    expect(ids(currentOffers(one, new Date('2026-11-22T12:59:59Z'), 'Australia/Sydney'))).toEqual(['one-week']);
    expect(ids(currentOffers(one, new Date('2026-11-22T13:00:00Z'), 'Australia/Sydney'))).toEqual([]);
  });

  it("reads the dates in the site's own time zone, not the server's", () => {
    const startsToday = [{ id: 'starts-23rd', start: '2026-11-23' }];
    const now = new Date('2026-11-22T15:00:00Z'); // 02:00 on the 23rd in Sydney, 23:00 on the 22nd in Perth
    expect(ids(currentOffers(startsToday, now, 'Australia/Sydney'))).toEqual(['starts-23rd']);
    expect(ids(currentOffers(startsToday, now, 'Australia/Perth'))).toEqual([]);
    const endedYesterday = [{ id: 'ends-22nd', expiry: '2026-11-22' }];
    expect(ids(currentOffers(endedYesterday, now, 'Australia/Sydney'))).toEqual([]);
    expect(ids(currentOffers(endedYesterday, now, 'Australia/Perth'))).toEqual(['ends-22nd']);
  });

  it('shows nothing when every offer is out of date', () => {
    expect(currentOffers(offers.slice(0, 1), new Date('2026-11-22T02:00:00Z'), 'Australia/Sydney')).toEqual([]);
  });
});

describe('formatCalendarDate', () => {
  it('writes the calendar date in en-AU without shifting it', () => {
    expect(formatCalendarDate('2027-01-31')).toBe('31 January 2027');
    expect(formatCalendarDate('2026-11-01')).toBe('1 November 2026');
  });
});
