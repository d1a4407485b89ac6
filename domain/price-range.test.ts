import { describe, expect, it } from 'vitest';
import { movePriceRange, PRICE_RANGE_MAX, PRICE_RANGE_MIN, PRICE_RANGE_STEP, priceRangeSearchUrl } from './price-range';

// spec: conversion §5.4 — 5,000 to 250,000, step 500, minimum below maximum.
describe('movePriceRange', () => {
  const range = { min: 20_000, max: 60_000 };
  it('has the spec bounds', () => {
    expect([PRICE_RANGE_MIN, PRICE_RANGE_MAX, PRICE_RANGE_STEP]).toEqual([5_000, 250_000, 500]);
  });
  it('snaps to the step and keeps values in bounds', () => {
    expect(movePriceRange(range, 'min', 12_740)).toEqual({ min: 12_500, max: 60_000 });
    expect(movePriceRange(range, 'min', 100)).toEqual({ min: 5_000, max: 60_000 });
    expect(movePriceRange(range, 'max', 999_999)).toEqual({ min: 20_000, max: 250_000 });
  });
  it('keeps the minimum one step below the maximum', () => {
    expect(movePriceRange(range, 'min', 80_000)).toEqual({ min: 59_500, max: 60_000 });
    expect(movePriceRange(range, 'max', 10_000)).toEqual({ min: 20_000, max: 20_500 });
  });
});

// spec: conversion §2.2 — price range is written as range[price]=min:max.
describe('priceRangeSearchUrl', () => {
  it('writes the range into the default search path', () => {
    expect(priceRangeSearchUrl({ min: 20_000, max: 60_000 })).toBe(
      '/search/new-used-and-demo-cars?range[price]=20000:60000',
    );
  });
  it('leaves the top open when the maximum is at the end of the slider', () => {
    expect(priceRangeSearchUrl({ min: 5_000, max: 250_000 })).toBe('/search/new-used-and-demo-cars?range[price]=5000:');
  });
});
