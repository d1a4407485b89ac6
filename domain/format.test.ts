import { describe, expect, it } from 'vitest';
import {
  dateInTimeZone,
  formatCalendarDate,
  formatDate,
  formatDateTime,
  formatKm,
  formatMoney,
  formatNumber,
  wallClock,
  yearInTimeZone,
} from './format';

describe('formatMoney', () => {
  // spec: conversion §9 — dollar values are shown with thousands separators.
  it('writes whole Australian dollars with thousands separators by default', () => {
    expect(formatMoney(34990, 'AUD')).toBe('$34,990');
    expect(formatMoney(1234567, 'AUD')).toBe('$1,234,567');
    expect(formatMoney(0, 'AUD')).toBe('$0');
    expect(formatMoney(199.5, 'AUD')).toBe('$200');
  });

  it('writes New Zealand dollars the way New Zealand does ($34,990), never through Australian dollars', () => {
    expect(formatMoney(34990, 'NZD')).toBe('$34,990');
    expect(formatMoney(12.5, 'NZD', { cents: true })).toBe('$12.50');
  });

  it('names any other currency by its code rather than pass it off as dollars', () => {
    expect(formatMoney(34990, 'USD')).toMatch(/^USD\s34,990$/);
  });

  it('writes dollars and cents when asked', () => {
    expect(formatMoney(1234.5, 'AUD', { cents: true })).toBe('$1,234.50');
    expect(formatMoney(97.123, 'AUD', { cents: true })).toBe('$97.12');
    expect(formatMoney(30000, 'AUD', { cents: true })).toBe('$30,000.00');
  });

  it('refuses a code that is not a currency', () => {
    expect(() => formatMoney(1, 'dollars')).toThrow(RangeError);
  });
});

describe('formatNumber and formatKm', () => {
  it('groups thousands', () => {
    expect(formatNumber(4128)).toBe('4,128');
    expect(formatNumber(12)).toBe('12');
  });

  it('writes kilometres', () => {
    expect(formatKm(100_000)).toBe('100,000 km');
    expect(formatKm(0)).toBe('0 km');
    expect(formatKm(6790)).toBe('6,790 km');
  });
});

describe('formatCalendarDate', () => {
  it('writes a YYYY-MM-DD day without shifting it by any time zone', () => {
    expect(formatCalendarDate('2027-01-31')).toBe('31 January 2027');
    expect(formatCalendarDate('2026-11-01', 'medium')).toBe('1 Nov 2026');
    expect(formatCalendarDate('2027-01-31', 'weekday')).toBe('Sun, 31 Jan 2027');
  });
});

describe('dates on the site clock', () => {
  // 11:30 UTC on 1 January 2026: already the 2nd in Auckland (UTC+13), still the 1st in Perth (UTC+8).
  const acrossTheDateLine = new Date('2026-01-01T11:30:00Z');

  it('reads today in the site time zone', () => {
    expect(dateInTimeZone(acrossTheDateLine, 'Pacific/Auckland')).toBe('2026-01-02');
    expect(dateInTimeZone(acrossTheDateLine, 'Australia/Perth')).toBe('2026-01-01');
    expect(dateInTimeZone(acrossTheDateLine, 'UTC')).toBe('2026-01-01');
  });

  it('reads the year in the site time zone, so New Year comes at local midnight', () => {
    const newYearInSydney = new Date('2025-12-31T13:30:00Z'); // 00:30 on 1 January in Sydney (AEDT)
    expect(yearInTimeZone(newYearInSydney, 'Australia/Sydney')).toBe(2026);
    expect(yearInTimeZone(newYearInSydney, 'Australia/Perth')).toBe(2025);
  });

  it('gives the wall clock, midnight as hour 0', () => {
    expect(wallClock(new Date('2025-10-05T14:30:15Z'), 'Australia/Adelaide')).toEqual({
      date: '2025-10-06',
      year: 2025,
      month: 10,
      day: 6,
      hour: 1, // 1:00 am ACDT, the first day of daylight saving
      minute: 0,
      second: 15,
    });
    expect(wallClock(new Date('2026-01-01T11:00:00Z'), 'Pacific/Auckland')).toMatchObject({
      date: '2026-01-02',
      hour: 0,
      minute: 0,
    });
  });

  it('writes an instant as the site clock shows it', () => {
    expect(formatDate(acrossTheDateLine, 'Pacific/Auckland')).toBe('2 January 2026');
    expect(formatDate(acrossTheDateLine, 'Australia/Perth', 'medium')).toBe('1 Jan 2026');
    expect(formatDateTime(acrossTheDateLine, 'Australia/Perth')).toBe('1 Jan 2026, 7:30 pm');
  });

  it('refuses an unknown time zone rather than reading UTC', () => {
    expect(() => dateInTimeZone(acrossTheDateLine, 'Australia/Nowhere')).toThrow(RangeError);
  });
});
