import { describe, expect, it } from 'vitest';
import { SALES_COUNTER_REFRESH_MS, salesCounterValue } from './sales-counter';

// spec: conversion §9 — Brisbane time; (day of month - 1) x 192 + seconds since midnight / 450; every 150000 ms.
describe('salesCounterValue', () => {
  it('is 0 at midnight on the first of the month in Brisbane', () => {
    expect(salesCounterValue(new Date('2026-10-31T14:00:00Z'))).toBe(0); // 00:00 1 November in Brisbane (UTC+10)
  });

  it('adds 192 per day and one per 450 seconds, floored', () => {
    expect(salesCounterValue(new Date('2026-11-01T00:00:00Z'))).toBe(80); // 10:00 on the 1st: 36000 / 450
    expect(salesCounterValue(new Date('2026-11-22T02:00:00Z'))).toBe(21 * 192 + 96); // 12:00 on the 22nd: 43200 / 450 = 96
    expect(salesCounterValue(new Date('2026-11-22T02:07:29Z'))).toBe(21 * 192 + 96); // 449 s later: still 96
    expect(salesCounterValue(new Date('2026-11-22T02:07:30Z'))).toBe(21 * 192 + 97); // 450 s later: 97
  });

  it('uses the Brisbane calendar day when it differs from the UTC day', () => {
    // 14:30 UTC on the 22nd is 00:30 on the 23rd in Brisbane: 22 x 192 + 1800 / 450.
    expect(salesCounterValue(new Date('2026-11-22T14:30:00Z'))).toBe(22 * 192 + 4);
  });

  it('ignores daylight saving (Brisbane has none) and is highest late on the 31st', () => {
    expect(salesCounterValue(new Date('2027-01-15T03:00:00Z'))).toBe(14 * 192 + 104); // 13:00 in Brisbane in summer
    expect(salesCounterValue(new Date('2026-12-31T13:59:59Z'))).toBe(30 * 192 + 191); // 23:59:59 on the 31st
  });

  it('refreshes every 150 seconds', () => {
    expect(SALES_COUNTER_REFRESH_MS).toBe(150_000);
  });
});
