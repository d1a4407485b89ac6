import { describe, expect, it } from 'vitest';
import { isAvailable } from './listing';

describe('listing rules (catalogue §4, §9)', () => {
  it('counts in stock and coming soon as available', () => {
    expect(isAvailable({ status: 'in_stock' })).toBe(true);
    expect(isAvailable({ status: 'coming_soon' })).toBe(true);
    expect(isAvailable({ status: 'sold' })).toBe(false);
  });
});
