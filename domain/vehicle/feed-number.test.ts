import { describe, expect, it } from 'vitest';
import { positiveNumber } from './feed-number';

describe('feed numbers', () => {
  it('reads positive numbers and numeric strings', () => {
    expect(positiveNumber(7.3)).toBe(7.3);
    expect(positiveNumber('6.5')).toBe(6.5);
    expect(positiveNumber(' 31000 ')).toBe(31_000);
  });

  it('treats zero, negatives, blanks, non-numbers and other types as absent', () => {
    for (const value of [
      0,
      -1,
      '0',
      '',
      '   ',
      'n/a',
      Number.NaN,
      Number.POSITIVE_INFINITY,
      null,
      undefined,
      true,
      {},
    ]) {
      expect(positiveNumber(value)).toBeUndefined();
    }
  });
});
