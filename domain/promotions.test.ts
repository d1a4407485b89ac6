import { describe, expect, it } from 'vitest';
import { isCurrent } from './promotions';

describe('promotions', () => {
  it('promotions are current from start to expiry inclusive, in the site time zone', () => {
    const promo = { start: '2026-11-01', expiry: '2026-11-22' };
    expect(isCurrent(promo, new Date('2026-11-22T12:00:00Z'), 'Australia/Sydney')).toBe(true);
    expect(isCurrent(promo, new Date('2026-11-22T14:00:00Z'), 'Australia/Sydney')).toBe(false); // already the 23rd in Sydney
    expect(isCurrent(promo, new Date('2026-10-31T12:00:00Z'), 'Australia/Perth')).toBe(false);
  });
});
