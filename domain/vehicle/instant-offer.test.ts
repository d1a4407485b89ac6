import { describe, expect, it } from 'vitest';
import { INSTANT_OFFER_PRICE_THRESHOLD, instantOfferEligible } from './instant-offer';

describe('instant offer', () => {
  const car = { status: 'in_stock', price: 30_000 };

  // spec: conversion §4.2 instant offer eligibility / §9 — threshold above 200.
  it('needs the autograb flag, in stock, not sold, not reserved, price above 200', () => {
    expect(INSTANT_OFFER_PRICE_THRESHOLD).toBe(200);
    expect(instantOfferEligible(car, true)).toBe(true);
    expect(instantOfferEligible(car, false)).toBe(false);
    expect(instantOfferEligible({ ...car, status: 'coming_soon' }, true)).toBe(false);
    expect(instantOfferEligible({ ...car, sold: true }, true)).toBe(false);
    expect(instantOfferEligible({ ...car, reserved: true }, true)).toBe(false);
    expect(instantOfferEligible({ ...car, price: 200 }, true)).toBe(false);
    expect(instantOfferEligible({ ...car, price: 201 }, true)).toBe(true);
    expect(instantOfferEligible({ ...car, price: 0, offer_price: 25_000 }, true)).toBe(true);
  });
});
