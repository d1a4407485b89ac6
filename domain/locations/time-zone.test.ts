import { describe, expect, it } from 'vitest';
import { dateInZone, isKnownTimeZone, timeZoneOfState } from './time-zone';

describe('timeZoneOfState (issue 18: time_zone derived from the address state)', () => {
  it.each([
    ['NSW', 'Australia/Sydney'],
    ['ACT', 'Australia/Sydney'],
    ['VIC', 'Australia/Melbourne'],
    ['TAS', 'Australia/Hobart'],
    ['QLD', 'Australia/Brisbane'],
    ['SA', 'Australia/Adelaide'],
    ['NT', 'Australia/Darwin'],
    ['WA', 'Australia/Perth'],
    ['AUK', 'Pacific/Auckland'],
    ['CAN', 'Pacific/Auckland'],
    ['NZ', 'Pacific/Auckland'],
    ['qld ', 'Australia/Brisbane'],
  ])('%s -> %s', (state, zone) => {
    expect(timeZoneOfState(state)).toBe(zone);
    expect(isKnownTimeZone(zone)).toBe(true);
  });

  it('knows no zone for an unknown or missing state', () => {
    expect(timeZoneOfState('XYZ')).toBeUndefined();
    expect(timeZoneOfState(undefined)).toBeUndefined();
    expect(timeZoneOfState('')).toBeUndefined();
  });

  it('tells a real zone from a made-up one', () => {
    expect(isKnownTimeZone('Australia/Perth')).toBe(true);
    expect(isKnownTimeZone('Australia/Atlantis')).toBe(false);
  });
});

describe('dateInZone', () => {
  it("takes the date at the location, not in UTC (the issue's rego_expiry)", () => {
    expect(dateInZone('2027-06-11T16:33:44.000Z', 'Australia/Sydney')).toBe('2027-06-12');
    expect(dateInZone('2027-06-11T16:33:44.000Z', 'Australia/Perth')).toBe('2027-06-12');
    expect(dateInZone('2027-06-11T15:33:44.000Z', 'Australia/Perth')).toBe('2027-06-11');
    expect(dateInZone('2027-06-11T10:00:00+10:00', 'Australia/Brisbane')).toBe('2027-06-11');
    expect(dateInZone('2027-01-01T11:30:00Z', 'Pacific/Auckland')).toBe('2027-01-02');
  });

  it('refuses what is not a date-time with an offset', () => {
    expect(dateInZone('2027-06-11', 'Australia/Sydney')).toBeUndefined();
    expect(dateInZone('2027-06-11T16:33:44', 'Australia/Sydney')).toBeUndefined();
    expect(dateInZone('next tuesday', 'Australia/Sydney')).toBeUndefined();
    expect(dateInZone('2027-13-45T10:00:00Z', 'Australia/Sydney')).toBeUndefined();
  });
});
