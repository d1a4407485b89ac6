import { describe, expect, it } from 'vitest';
import {
  calculate,
  calculatorBounds,
  ENQUIRE_FOR_FINANCE,
  initialCalculatorState,
  moneyQuickPicks,
  normaliseInput,
  NO_FEES,
  priceMessage,
} from './calculator';
import { comparisonRate } from './comparison-rate';
import {
  collapseDisclaimer,
  COMPARISON_WARNING,
  comparisonBasis,
  comparisonRangeText,
  DISCLAIMER_COLLAPSED_LENGTH,
} from './disclosure';
import { estimateEligible, financeEstimate, quoteAsLender, type EstimateSettings, type LenderRecord } from './estimate';
import { monthlyFromWeekly, repayment } from './repayment';

describe('repayments (conversion §3, §4.3): amortised, in arrears, with a balloon', () => {
  const loan = { principal: 30_000, annualRate: 8.5, years: 5 };
  it('$30,000 at 8.5% p.a. over 5 years: $615.50 a month, $141.73 a week, $283.64 a fortnight', () => {
    expect(repayment({ ...loan, frequency: 'monthly' })).toBe(615.5);
    expect(repayment({ ...loan, frequency: 'weekly' })).toBe(141.73);
    expect(repayment({ ...loan, frequency: 'fortnightly' })).toBe(283.64);
  });
  it('with a 30% ($9,000) balloon: $494.60 a month and $113.92 a week', () => {
    expect(repayment({ ...loan, frequency: 'monthly', balloon: 9000 })).toBe(494.6);
    expect(repayment({ ...loan, frequency: 'weekly', balloon: 9000 })).toBe(113.92);
  });
  it('at 0% with the balloon: exactly $350.00 a month', () => {
    expect(repayment({ ...loan, annualRate: 0, frequency: 'monthly', balloon: 9000 })).toBe(350);
  });
  it('monthly shown from weekly is weekly x 4.33 (conversion §4.3)', () => {
    expect(monthlyFromWeekly(141.73)).toBe(613.69);
  });
});

describe('comparison rate (NCC; conversion §9 example: 5-year secured loan of $30,000)', () => {
  it('equals the nominal rate without fees and rises with fees', () => {
    expect(comparisonRate(8.5, { upfront: 0, monthly: 0 })).toBe(8.5);
    const withFees = comparisonRate(8.5, { upfront: 1360.5, monthly: 0 });
    expect(withFees).toBeGreaterThan(10);
    expect(withFees).toBeLessThan(10.5);
    // The dealer fee set of conversion §9: establishment 395, security registration 6, dealer agency 912.25, $8 a month.
    expect(comparisonRate(8.5, { upfront: 395 + 6 + 912.25, monthly: 8 })).toBeGreaterThan(
      comparisonRate(8.5, { upfront: 395 + 6 + 912.25, monthly: 0 }),
    );
  });
  it('carries the warning and the $30,000 / 5 years basis', () => {
    expect(COMPARISON_WARNING).toMatch(/^WARNING: This comparison rate is true only for the examples given/);
    expect(comparisonBasis('AUD')).toBe('Comparison rate based on a 5-year secured fixed rate loan of $30,000.');
  });
  it('spec: conversion §9 "Comparison-rate range default 8.38% to 19.42% for one provider"', () => {
    expect(comparisonRangeText({ min: 8.38, max: 19.42 })).toBe('Comparison rates from 8.38% p.a. to 19.42% p.a.');
    // Typed the wrong way round it still reads low to high; one rate reads as one rate.
    expect(comparisonRangeText({ min: 19.42, max: 8.38 })).toBe('Comparison rates from 8.38% p.a. to 19.42% p.a.');
    expect(comparisonRangeText({ min: 9.5, max: 9.5 })).toBe('Comparison rate 9.50% p.a.');
    expect(comparisonRangeText(undefined)).toBeUndefined();
    expect(comparisonRangeText({ min: 8.38 })).toBeUndefined();
    expect(comparisonRangeText({ min: -1, max: 19.42 })).toBeUndefined();
  });
});

describe('calculator (conversion §4.4, §5.3)', () => {
  const bounds = calculatorBounds();
  it('defaults: 30,000 without a car price, 5 years, weekly, 10% interest, 10% deposit, 30% final payment', () => {
    expect(initialCalculatorState(undefined, {})).toEqual({
      price: 30_000,
      years: 5,
      interest: 10,
      deposit: 3000,
      residual: 9000,
      frequency: 'weekly',
    });
    expect(initialCalculatorState(42_990, { interestRate: 8.99, termYears: 6 })).toMatchObject({
      price: 42_990,
      years: 6,
      interest: 8.99,
      deposit: 4299,
      residual: 12_897,
    });
  });
  it("purchase price out of range: 'Cannot be less than {min} or more than 250000'; a provider's minimum of 5000", () => {
    expect(priceMessage(900, bounds)).toBe('Cannot be less than 1000 or more than 250000');
    expect(priceMessage(250_500, bounds)).toBe('Cannot be less than 1000 or more than 250000');
    expect(priceMessage(30_000, bounds)).toBeUndefined();
    expect(priceMessage(4000, calculatorBounds({ price: { min: 5000 } }))).toBe(
      'Cannot be less than 5000 or more than 250000',
    );
  });
  it('values at or below 0 become 0; other inputs are clamped to their bounds', () => {
    expect(normaliseInput('price', -5, bounds)).toBe(0);
    expect(normaliseInput('price', 999, bounds)).toBe(999);
    expect(normaliseInput('interest', 30, bounds)).toBe(15);
    expect(normaliseInput('interest', 0.2, bounds)).toBe(0.5);
    expect(normaliseInput('interest', 30, calculatorBounds({ interest: { min: 4, max: 20 } }))).toBe(20);
    expect(normaliseInput('years', 9, bounds)).toBe(7);
    expect(normaliseInput('deposit', 300_000, bounds)).toBe(250_000);
  });
  it("a repayment of 25 or less shows 'Enquire for Finance' and an empty total", () => {
    const tiny = calculate(
      { price: 1000, years: 7, interest: 0.5, deposit: 0, residual: 0, frequency: 'weekly' },
      NO_FEES,
    );
    expect(tiny.repayment).toBeUndefined();
    expect(tiny.total).toBeUndefined();
    expect(ENQUIRE_FOR_FINANCE).toBe('Enquire for Finance');
    const normal = calculate(
      { price: 30_000, years: 5, interest: 8.5, deposit: 0, residual: 0, frequency: 'monthly' },
      NO_FEES,
    );
    expect(normal).toMatchObject({ repayment: 615.5, total: 36_930, financed: 30_000, comparisonRate: 8.5 });
  });
  it('fees are financed and the monthly fee is added per period', () => {
    const result = calculate(
      { price: 30_000, years: 5, interest: 8.5, deposit: 0, residual: 0, frequency: 'monthly' },
      { establishment: 395, securityRegistration: 6, dealerAgency: 912.25, monthlyAccount: 8 },
    );
    expect(result.financed).toBe(31_313.25);
    expect(result.repayment).toBe(
      Math.round((repayment({ principal: 31_313.25, annualRate: 8.5, years: 5, frequency: 'monthly' }) + 8) * 100) /
        100,
    );
  });
  it('money quick picks run from $5,000 to $70,000 by default, or the tenant range', () => {
    expect(moneyQuickPicks()).toEqual([5000, 6000, 7000, 8000, 10_000, 20_000, 30_000, 40_000, 50_000, 60_000, 70_000]);
    expect(moneyQuickPicks(300_000, 800_000)).toEqual([300_000, 400_000, 500_000, 600_000, 700_000, 800_000]);
  });
  it('the disclaimer is collapsed at 197 characters', () => {
    const long = 'x'.repeat(300);
    expect(collapseDisclaimer(long, false)).toEqual({
      text: `${'x'.repeat(DISCLAIMER_COLLAPSED_LENGTH)}…`,
      truncated: true,
    });
    expect(collapseDisclaimer(long, true).text).toBe(long);
    expect(collapseDisclaimer('short', false).truncated).toBe(false);
  });
});

describe('estimate eligibility by provider (conversion §5.2)', () => {
  const now = new Date('2026-11-22T00:00:00Z');
  const car = { year: 2021, price: 25_000, status: 'in_stock', make: 'Toyota', dealership_id: 2 };
  const lender: LenderRecord = { interestRate: 8.99, comparisonRate: 9.85, paymentWeek: 120.5 };
  const settings = (
    provider: EstimateSettings['provider'],
    extra: Partial<EstimateSettings> = {},
  ): EstimateSettings => ({
    provider,
    enabled: true,
    excludedManufacturers: ['Suzuki'],
    excludedDealerships: [],
    ...extra,
  });
  it('needs a lender record with both rates, a manufacturer and dealership not excluded, and the site flag', () => {
    expect(estimateEligible(car, lender, settings('B'), now)).toBe(true);
    expect(estimateEligible(car, undefined, settings('B'), now)).toBe(false);
    expect(estimateEligible(car, {}, settings('B'), now)).toBe(false);
    expect(estimateEligible(car, { ...lender, comparisonRate: null }, settings('B'), now)).toBe(false);
    expect(estimateEligible({ ...car, make: 'Suzuki' }, lender, settings('B'), now)).toBe(false);
    expect(estimateEligible(car, lender, settings('B', { excludedDealerships: [2] }), now)).toBe(false);
    expect(estimateEligible(car, lender, settings('B', { enabled: false }), now)).toBe(false);
  });
  it('A: within 12 years, price above 500, available, comparison rate', () => {
    expect(estimateEligible(car, lender, settings('A'), now)).toBe(true);
    expect(estimateEligible({ ...car, year: 2013 }, lender, settings('A'), now)).toBe(false);
    expect(estimateEligible({ ...car, year: 2014 }, lender, settings('A'), now)).toBe(true);
    expect(estimateEligible({ ...car, price: 500 }, lender, settings('A'), now)).toBe(false);
    expect(estimateEligible({ ...car, status: 'sold' }, lender, settings('A'), now)).toBe(false);
    expect(estimateEligible({ ...car, status: 'coming_soon' }, lender, settings('A'), now)).toBe(true);
  });
  it('B and C: available only', () => {
    expect(estimateEligible({ ...car, price: 0, year: 1990 }, lender, settings('C'), now)).toBe(true);
    expect(estimateEligible({ ...car, status: 'sold' }, lender, settings('C'), now)).toBe(false);
  });
  it('D, E, F: price above 500, available, weekly payment; G: monthly payment', () => {
    for (const p of ['D', 'E', 'F'] as const) {
      expect(estimateEligible(car, lender, settings(p), now)).toBe(true);
      expect(estimateEligible(car, { ...lender, paymentWeek: null }, settings(p), now)).toBe(false);
    }
    expect(estimateEligible(car, lender, settings('G'), now)).toBe(false);
    expect(estimateEligible(car, { ...lender, paymentMonth: 521.8 }, settings('G'), now)).toBe(true);
  });
  it('a tenant rule replaces its provider rule', () => {
    expect(
      estimateEligible({ ...car, year: 2010 }, lender, settings('A', { rule: { field: 'available', eq: true } }), now),
    ).toBe(true);
  });
  it('the estimate shows weekly and monthly (weekly x 4.33) with both rates', () => {
    expect(financeEstimate(lender)).toEqual({
      weekly: 120.5,
      monthly: 521.77,
      interestRate: 8.99,
      comparisonRate: 9.85,
    });
  });
  // spec: conversion §4.3 — "The estimate's monthly repayment equals the weekly repayment times 4.33."
  it("the monthly figure is the rule's even where the record has its own, which is kept as the lender's", () => {
    expect(financeEstimate({ ...lender, paymentMonth: 530 })).toMatchObject({ monthly: 521.77, lenderMonthly: 530 });
    // The record's own figure that is the rule's adds nothing.
    expect(financeEstimate({ ...lender, paymentMonth: 521.77 })).not.toHaveProperty('lenderMonthly');
    // Monthly only (provider G): weekly is monthly / 4.33, and monthly is that weekly x 4.33.
    expect(financeEstimate({ ...lender, paymentWeek: null, paymentMonth: 616 })).toMatchObject({
      weekly: 142.26,
      monthly: 615.99,
      lenderMonthly: 616,
    });
  });
  it('an instant quote reads as a lender record whose monthly payment is weekly x 4.33 (conversion §4.3)', () => {
    expect(quoteAsLender({ weeklyRepaymentAmount: 100, advertisedRate: 8.99, comparisonRate: 10.2 }, 5)).toEqual({
      paymentWeek: 100,
      paymentMonth: 433,
      interestRate: 8.99,
      comparisonRate: 10.2,
      termYears: 5,
    });
  });
});
