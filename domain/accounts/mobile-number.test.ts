import { describe, expect, it } from 'vitest';
import { isMobileNumber, normaliseMobile } from './mobile-number';

describe('mobile numbers (accounts keep E.164)', () => {
  it('reads Australian local, spaced and international forms as one number', () => {
    for (const typed of ['0412 345 678', '0412-345-678', '(04) 1234 5678', '+61 412 345 678', '61412345678']) {
      expect(normaliseMobile(typed, 'AU')).toBe('+61412345678');
    }
  });
  it('reads New Zealand local forms on NZ sites and international forms anywhere', () => {
    expect(normaliseMobile('021 123 4567', 'NZ')).toBe('+64211234567');
    expect(normaliseMobile('+64 21 123 4567', 'AU')).toBe('+64211234567');
  });
  it('refuses landlines, short numbers and letters', () => {
    for (const typed of ['02 9876 5432', '0412 345', 'call me', '', '+1 555 0100'])
      expect(normaliseMobile(typed, 'AU')).toBeUndefined();
  });
  it('accepts only the stored form as already normalised', () => {
    expect(isMobileNumber('+61412345678')).toBe(true);
    expect(isMobileNumber('0412345678')).toBe(false);
  });
});
