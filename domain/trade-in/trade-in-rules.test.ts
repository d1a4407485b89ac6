import { describe, expect, it } from 'vitest';
import { TRADE_IN_MAX_AGE_YEARS, TRADE_IN_MAX_KM, onlineEstimateAllowed } from './trade-in-rules';
import { yearInTimeZone } from '../format';

const now = new Date('2025-06-01T02:00:00Z');

describe('onlineEstimateAllowed (conversion §9 trade-in FAQ)', () => {
  it('names the spec limits', () => {
    expect([TRADE_IN_MAX_AGE_YEARS, TRADE_IN_MAX_KM]).toEqual([7, 100000]);
  });

  // spec: conversion §9 — "cars over 7 years or 100,000 km get no online estimate".
  it('estimates a car of exactly 7 years and exactly 100,000 km', () => {
    expect(onlineEstimateAllowed({ year: 2018, km: 100000 }, now)).toEqual({ allowed: true });
    expect(onlineEstimateAllowed({ year: 2025, km: 0 }, now)).toEqual({ allowed: true });
  });

  it('sends a car over 7 years old to the team, in words a shopper reads', () => {
    expect(onlineEstimateAllowed({ year: 2017, km: 60000 }, now)).toEqual({
      allowed: false,
      rule: 'age',
      reason: "Cars over 7 years old need a look from our team: send us the details and we'll call you with a price.",
    });
  });

  it('sends a car over 100,000 km to the team', () => {
    expect(onlineEstimateAllowed({ year: 2022, km: 100001 }, now)).toEqual({
      allowed: false,
      rule: 'km',
      reason:
        "Cars with more than 100,000 km need a look from our team: send us the details and we'll call you with a price.",
    });
  });

  it('names both limits when both are passed', () => {
    expect(onlineEstimateAllowed({ year: 2010, km: 250000 }, now)).toMatchObject({
      allowed: false,
      rule: 'age-and-km',
      reason: expect.stringContaining('over 7 years old or with more than 100,000 km'),
    });
  });

  it('reads the year on the Australian clock: a 2017 car turns 8 at midnight in Sydney on 1 January', () => {
    const newYearInSydney = new Date('2024-12-31T14:00:00Z');
    expect(yearInTimeZone(newYearInSydney, 'Australia/Sydney')).toBe(2025);
    expect(onlineEstimateAllowed({ year: 2017, km: 50000 }, newYearInSydney).allowed).toBe(false);
    expect(onlineEstimateAllowed({ year: 2017, km: 50000 }, newYearInSydney, 'UTC').allowed).toBe(true);
  });

  it('asks again for a year or km that cannot be right, rather than sending the shopper away', () => {
    expect(onlineEstimateAllowed({ year: 2027, km: 10 }, now)).toEqual({
      allowed: false,
      rule: 'input',
      reason: 'Enter the year the car was built, between 1900 and 2026.',
    });
    expect(onlineEstimateAllowed({ year: 2019.5, km: 10 }, now)).toMatchObject({ rule: 'input' });
    expect(onlineEstimateAllowed({ year: 2019, km: -1 }, now)).toMatchObject({
      rule: 'input',
      reason: expect.stringContaining('kilometres'),
    });
    expect(onlineEstimateAllowed({ year: 2019, km: Number.NaN }, now)).toMatchObject({ rule: 'input' });
  });
});
