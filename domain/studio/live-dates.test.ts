import { describe, expect, it } from 'vitest';
import { liveWords, timeZoneName } from './live-dates';

// Issue 33: "the offer editor says in words when each is live ('Live from Sat 6 Dec, 6:00 am to Sun
// 7 Dec, 11:59 pm, Sydney time')". spec: catalogue §9 — an offer shows from its start date until its
// expiry date, both inclusive, in the site's time zone.
const SYDNEY = 'Australia/Sydney';
// Fri 28 Nov 2025, 10:00 am in Sydney.
const now = new Date('2025-11-27T23:00:00Z');

describe('when an offer is live, in words', () => {
  it('says the whole window on the site’s clock and how far off its start is', () => {
    expect(liveWords({ start: '2025-12-06', expiry: '2025-12-07' }, now, SYDNEY)).toBe(
      'Live from Sat 6 Dec, 12:00 am to Sun 7 Dec, 11:59 pm, Sydney time. Not live yet: starts in 8 days.',
    );
    expect(liveWords({ start: '2025-11-29', expiry: '2025-12-07' }, now, SYDNEY)).toMatch(/starts tomorrow\.$/);
  });

  it('says it is live now, on its first and last day too (both inclusive)', () => {
    expect(liveWords({ start: '2025-11-28', expiry: '2025-11-28' }, now, SYDNEY)).toBe(
      'Live from Fri 28 Nov, 12:00 am to Fri 28 Nov, 11:59 pm, Sydney time. Live now.',
    );
  });

  it('follows the site’s time zone, not the editor’s computer', () => {
    // 23:00 UTC on the 27th is the 28th in Sydney and Auckland but still the 27th in Honolulu.
    expect(liveWords({ start: '2025-11-28' }, now, 'Pacific/Honolulu')).toBe(
      'Live from Fri 28 Nov, 12:00 am, Honolulu time, with no expiry date. Not live yet: starts tomorrow.',
    );
    expect(liveWords({ start: '2025-11-28' }, now, 'Pacific/Auckland')).toBe(
      'Live from Fri 28 Nov, 12:00 am, Auckland time, with no expiry date. Live now.',
    );
  });

  it('says when it ended, when it never shows, and when it has no dates', () => {
    expect(liveWords({ expiry: '2025-11-27' }, now, SYDNEY)).toBe(
      'Live until Thu 27 Nov, 11:59 pm, Sydney time. Ended: shoppers no longer see it.',
    );
    expect(liveWords({ start: '2025-12-07', expiry: '2025-12-06' }, now, SYDNEY)).toBe(
      'Never shown: the expiry date is before the start date.',
    );
    expect(liveWords({}, now, SYDNEY)).toBe('Live all the time: no start or expiry date. Live now.');
  });

  it('adds the year to a date in another year, and says nothing while a date is not one (its field says so)', () => {
    expect(liveWords({ start: '2026-01-03', expiry: '2026-01-04' }, now, SYDNEY)).toBe(
      'Live from Sat 3 Jan 2026, 12:00 am to Sun 4 Jan 2026, 11:59 pm, Sydney time. Not live yet: starts in 36 days.',
    );
    expect(liveWords({ start: 'next week' }, now, SYDNEY)).toBeUndefined();
    expect(liveWords({ start: '2025-12-01', expiry: '2025-13-45' }, now, SYDNEY)).toBeUndefined();
    expect(liveWords({ start: '', expiry: '2025-12-01' }, now, SYDNEY)).toMatch(/^Live until Mon 1 Dec/);
  });

  it('names the zone by its city', () => {
    expect(timeZoneName('Australia/Sydney')).toBe('Sydney time');
    expect(timeZoneName('America/Los_Angeles')).toBe('Los Angeles time');
  });
});
