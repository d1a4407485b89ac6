import { describe, expect, it } from 'vitest';
import {
  bookingEmail,
  bookingPhone,
  dailyCap,
  dailySharePercent,
  dayFullMessage,
  DEFAULT_DAILY_SHARE_PERCENT,
  DEFAULT_HOLDS_PER_SHOPPER,
  DEFAULT_TEST_DRIVES_PER_SHOPPER,
  fullDays,
  holdLimitMessage,
  perShopperLimit,
  shopperDecision,
  shopperKeys,
  testDriveLimitMessage,
} from './booking-limits';

// Issue 30 M2: 'One client books every test-drive slot' — 196 of 196 slots with one e-mail and phone.
describe('recognising one shopper', () => {
  it('spells one mailbox one way: case, +tags, and Gmail dots', () => {
    expect(bookingEmail(' Ana.Silva@Example.COM ')).toBe('ana.silva@example.com');
    expect(bookingEmail('ana+cars@example.com')).toBe('ana@example.com');
    expect(bookingEmail('ANA+a+b@example.com')).toBe('ana@example.com');
    expect(bookingEmail('a.n.a.silva+1@gmail.com')).toBe('anasilva@gmail.com');
    expect(bookingEmail('Ana.Silva@googlemail.com')).toBe('anasilva@gmail.com');
    // Dots matter to other providers.
    expect(bookingEmail('a.na@example.com')).not.toBe(bookingEmail('an.a@example.com'));
  });

  it('is not an e-mail key for what the forms would not accept', () => {
    for (const bad of [undefined, null, 42, '', 'ana', 'ana@', '@example.com', ['a@example.com']])
      expect(bookingEmail(bad)).toBeUndefined();
    expect(bookingEmail('+cars@example.com')).toBe('+cars@example.com');
  });

  it('spells one phone number one way: digits, +61 and 0 forms alike', () => {
    const same = [
      '0412 345 678',
      '0412345678',
      '+61 412 345 678',
      '+61412345678',
      '61412345678',
      '+61 (0)412 345 678',
      '0061 412 345 678',
      '(04) 1234-5678',
    ];
    for (const phone of same) expect(bookingPhone(phone), phone).toBe('0412345678');
    expect(bookingPhone('(02) 9630 1234')).toBe('0296301234');
    expect(bookingPhone('+61 2 9630 1234')).toBe('0296301234');
    expect(bookingPhone('+64 21 123 4567')).toBe('0211234567');
    expect(bookingPhone('1300 123 456')).toBe('1300123456');
    expect(bookingPhone('0412 345 679')).not.toBe(bookingPhone('0412 345 678'));
  });

  it('is not a phone key without a number', () => {
    for (const bad of [undefined, null, 412345678, '', 'call me', '123'] as unknown[])
      expect(bookingPhone(bad)).toBeUndefined();
  });

  it('recognises a shopper by the keys there are; a device is only the platform’s own id', () => {
    expect(
      shopperKeys({ email: 'Ana+x@Example.com', phone: '+61 412 345 678', device: 'AbCdEfGhIjKlMnOpQrStUv' }),
    ).toEqual({ email: 'ana@example.com', phone: '0412345678', device: 'AbCdEfGhIjKlMnOpQrStUv' });
    expect(shopperKeys({ email: '', phone: undefined })).toEqual({});
    expect(shopperKeys({ device: 'short' })).toEqual({});
    expect(shopperKeys({ device: 'x'.repeat(65) })).toEqual({});
    expect(shopperKeys({ device: 'has spaces in it so no' })).toEqual({});
  });
});

describe('how many bookings and holds one shopper may have', () => {
  it('defaults to 2 test drives and 2 holds, and takes the tenant’s whole numbers from 1', () => {
    expect(DEFAULT_TEST_DRIVES_PER_SHOPPER).toBe(2);
    expect(DEFAULT_HOLDS_PER_SHOPPER).toBe(2);
    expect(perShopperLimit(5, 2)).toBe(5);
    expect(perShopperLimit(1, 2)).toBe(1);
    for (const bad of [undefined, null, 0, -1, 1.5, Number.NaN]) expect(perShopperLimit(bad, 2)).toBe(2);
  });

  it('allows one more while every key is under the limit', () => {
    expect(shopperDecision({}, 2)).toEqual({ ok: true });
    expect(shopperDecision({ email: 1, phone: 1, device: 1 }, 2)).toEqual({ ok: true });
  });

  it('refuses the (N+1)th by whichever key reached the limit: e-mail, phone or device', () => {
    expect(shopperDecision({ email: 2 }, 2)).toEqual({ ok: false, by: 'email', count: 2, limit: 2 });
    // A new e-mail address with the same phone number is the same shopper.
    expect(shopperDecision({ email: 0, phone: 2 }, 2)).toEqual({ ok: false, by: 'phone', count: 2, limit: 2 });
    // New address and phone from the same browser too.
    expect(shopperDecision({ email: 0, phone: 0, device: 3 }, 2)).toEqual({
      ok: false,
      by: 'device',
      count: 3,
      limit: 2,
    });
    expect(shopperDecision({ email: 1 }, 1)).toMatchObject({ ok: false, by: 'email' });
  });
});

describe('the per-location daily cap', () => {
  it('is half of a day’s times by default, rounded down, at least one on a day with any', () => {
    expect(DEFAULT_DAILY_SHARE_PERCENT).toBe(50);
    expect(dailyCap(16, undefined)).toBe(8);
    expect(dailyCap(15, 50)).toBe(7);
    expect(dailyCap(1, 50)).toBe(1);
    expect(dailyCap(0, 50)).toBe(0);
    expect(dailyCap(16, 100)).toBe(16);
    expect(dailyCap(16, 25)).toBe(4);
  });

  it('takes the tenant’s share from 1 to 100 %, else the default', () => {
    expect(dailySharePercent(75)).toBe(75);
    for (const bad of [undefined, null, 0, -5, 101, Number.NaN]) expect(dailySharePercent(bad)).toBe(50);
  });

  it('marks the days whose booked times reach the cap, per day', () => {
    const day = (date: string, booked: number, offered: number) =>
      Array.from({ length: offered }, (_, i) => ({ date, free: i >= booked }));
    const slots = [...day('2026-12-01', 8, 16), ...day('2026-12-02', 7, 16), ...day('2026-12-03', 1, 1)];
    expect(fullDays(slots, 50)).toEqual(new Set(['2026-12-01', '2026-12-03']));
    expect(fullDays(slots, 100)).toEqual(new Set(['2026-12-03']));
    expect(fullDays([], 50)).toEqual(new Set());
  });
});

describe('what the shopper reads', () => {
  it('says how many they have and how to book another', () => {
    expect(testDriveLimitMessage(2, '(02) 9630 1234')).toBe(
      'You already have 2 test drives booked with us. Please call the dealership on (02) 9630 1234 to book another, or send this form with "No preference" as the time and we will call you.',
    );
    expect(testDriveLimitMessage(1)).toMatch(
      /^You already have 1 test drive booked with us\. Please call the dealership to book/,
    );
    expect(holdLimitMessage(2, '1300 123 456')).toBe(
      'You already have 2 cars reserved with us, which is as many as we hold online for one person. We have your details and will call you about this car, or call us on 1300 123 456.',
    );
    expect(holdLimitMessage(1)).toContain('You already have 1 car reserved with us');
    expect(dayFullMessage('2026-12-01', 'Parramatta', '(02) 9630 1234')).toBe(
      'All the test-drive times we take online at Parramatta on Tuesday 1 December 2026 are booked. Please pick another day, or call the dealership on (02) 9630 1234 to book that day.',
    );
  });
});
