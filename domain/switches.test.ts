import { describe, expect, it } from 'vitest';
import { isSwitchedOn, switchNames } from './switches';

describe('feature switches', () => {
  const features = { offers: true, brandsPage: false };
  it('evaluates names, negation and lists', () => {
    expect(isSwitchedOn(undefined, features)).toBe(true);
    expect(isSwitchedOn('offers', features)).toBe(true);
    expect(isSwitchedOn('brandsPage', features)).toBe(false);
    expect(isSwitchedOn('!brandsPage', features)).toBe(true);
    expect(isSwitchedOn(['offers', '!brandsPage'], features)).toBe(true);
    expect(isSwitchedOn(['offers', 'brandsPage'], features)).toBe(false);
    expect(switchNames(['offers', '!brandsPage'])).toEqual(['offers', 'brandsPage']);
  });
});
