import { describe, expect, it } from 'vitest';
import { ownValue } from './own-key';

describe('ownValue', () => {
  const reasons: Record<string, string> = { watchlist: 'Sign in to save cars' };
  it('answers the record’s own values', () => {
    expect(ownValue(reasons, 'watchlist')).toBe('Sign in to save cars');
  });
  it('never answers inherited members for keys a URL or post can carry (issue 14)', () => {
    for (const key of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'missing'])
      expect(ownValue(reasons, key)).toBeUndefined();
    expect(ownValue(undefined, 'watchlist')).toBeUndefined();
    expect(ownValue(reasons, null)).toBeUndefined();
  });
});
