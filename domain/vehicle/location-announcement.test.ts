import { describe, expect, it } from 'vitest';
import { locatedAt } from './location-announcement';

describe('location announcement', () => {
  // spec: catalogue §2 announcement bar — 'Located at {city}' when the city differs from the primary dealership city.
  it('announces a different city', () => {
    expect(locatedAt('Parramatta', 'Sydney')).toBe('Located at Parramatta');
    expect(locatedAt(' sydney ', 'Sydney')).toBeUndefined();
    expect(locatedAt(undefined, 'Sydney')).toBeUndefined();
    expect(locatedAt('Parramatta', undefined)).toBeUndefined();
  });
});
