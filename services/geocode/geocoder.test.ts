import { describe, expect, it } from 'vitest';
import { INVALID_POSTCODE, InvalidPostcodeError, locatePostcode, normalisePostcode, type Geocoder } from './geocoder';

const fixed = (answer: { lat: number; lng: number } | null): Geocoder => ({ geocodePostcode: async () => answer });

describe('locating a postcode', () => {
  // spec: conversion §8 — "Geocode without result | Fails with 'Invalid postcode'"; §5.1 — "Postcode geocoding with no result fails with 'Invalid postcode'".
  it("fails with 'Invalid postcode' when the geocoder has no result", async () => {
    expect(INVALID_POSTCODE).toBe('Invalid postcode');
    await expect(locatePostcode(fixed(null), '9999')).rejects.toThrow(new InvalidPostcodeError('9999'));
    await expect(locatePostcode(fixed(null), '9999')).rejects.toMatchObject({
      message: 'Invalid postcode',
      postcode: '9999',
    });
  });

  it('passes on the coordinates it has', async () => {
    await expect(locatePostcode(fixed({ lat: -33.87, lng: 151.21 }), '2000')).resolves.toEqual({
      lat: -33.87,
      lng: 151.21,
    });
  });

  // spec: conversion §5.1 — "Postcode: required, exactly 4 digits".
  it('accepts exactly 4 digits, trimmed', () => {
    expect(normalisePostcode(' 0800 ')).toBe('0800');
    for (const text of ['800', '20000', '2OOO', '', '2 000']) expect(normalisePostcode(text)).toBeUndefined();
  });
});
