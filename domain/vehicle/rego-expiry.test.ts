import { describe, expect, it } from 'vitest';
import { regoExpiry } from './rego-expiry';

describe('rego expiry', () => {
  const zone = 'Australia/Sydney';
  // 2026-03-10 09:00 in Sydney (UTC+11).
  const now = new Date('2026-03-09T22:00:00Z');

  // spec: catalogue §4 rego expiry — a future date shows 'Expires on {date}'.
  it('shows a future date in en-AU words', () => {
    expect(regoExpiry('2027-03-03', now, zone, true)).toBe('Expires on 3 March 2027');
    expect(regoExpiry('2026-03-11', now, zone, false)).toBe('Expires on 11 March 2026');
  });

  // spec: catalogue §4 rego expiry — the expiry day itself is not past (valid to the end of the day).
  it('counts today, in the site time zone, as not yet expired', () => {
    expect(regoExpiry('2026-03-10', now, zone, true)).toBe('Expires on 10 March 2026');
    // Still 9 March in UTC, but 10 March in Sydney: 9 March has passed there.
    expect(regoExpiry('2026-03-09', now, zone, true)).toBe('Unregistered');
    expect(regoExpiry('2026-03-09', now, 'UTC', true)).toBe('Expires on 9 March 2026');
  });

  // spec: catalogue §4 rego expiry — a past date shows 'Unregistered' on some sites, otherwise nothing.
  it('shows Unregistered for past dates only when the site asks', () => {
    expect(regoExpiry('2025-01-01', now, zone, true)).toBe('Unregistered');
    expect(regoExpiry('2025-01-01', now, zone, false)).toBeUndefined();
  });

  // spec: catalogue §4 rego expiry — missing or invalid dates show nothing.
  it('ignores missing and invalid dates', () => {
    for (const date of [undefined, null, '', 'soon', '2026-02-30', '2026-13-01', '03/03/2027']) {
      expect(regoExpiry(date, now, zone, true)).toBeUndefined();
    }
    expect(regoExpiry('2027-03-03T10:00:00+11:00', now, zone, true)).toBe('Expires on 3 March 2027');
  });
});
