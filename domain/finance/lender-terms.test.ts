import { describe, expect, it } from 'vitest';
import { calculate, calculatorBounds, ENQUIRE_FOR_FINANCE, NO_FEES, type FinanceFees } from './calculator';
import { comparisonRate } from './comparison-rate';
import { calculateForCar, calculatorStart, lenderRepayment, lenderTerms } from './lender-terms';
import { repayment } from './repayment';

// The site's own settings as the block passes them (tenant finance: rate, term, deposit %, final payment %).
const site = { interestRate: 8.99, termYears: 5, depositPercent: 10, balloonPercent: 30 };
const siteFees: FinanceFees = { establishment: 1360.5, securityRegistration: 0, dealerAgency: 0, monthlyAccount: 0 };
const bounds = calculatorBounds();

describe('a lender record is read field by field (conversion §3 Finance lender record)', () => {
  it('keeps numbers that make sense and leaves out missing, non-numeric, negative and impossible ones', () => {
    expect(
      lenderTerms({
        establishmentFees: '395',
        deposit: -1,
        balloon: Number.NaN,
        totalPayable: 0,
        interestRate: 250,
        comparisonRate: null,
        termYears: 0,
        termMonths: 60,
        paymentWeek: 142,
        paymentMonth: Infinity,
        disclaimer: 'x',
      }),
    ).toEqual({ termYears: 5, paymentWeek: 142 });
    expect(lenderTerms(undefined)).toEqual({});
    expect(lenderTerms('B')).toEqual({});
    expect(lenderTerms([1, 2])).toEqual({});
    expect(lenderTerms({ deposit: 0, balloon: 0, establishmentFees: 0 })).toEqual({
      deposit: 0,
      balloon: 0,
      establishmentFees: 0,
    });
  });
});

describe('where the calculator starts for a car (conversion §4.4, §5.3, §9)', () => {
  it('without a lender record: the site defaults and the provider fee (§9 establishment fee 1360.5 for one provider)', () => {
    const start = calculatorStart(40_000, site, siteFees, undefined, bounds);
    expect(start.initial).toEqual({
      price: 40_000,
      years: 5,
      interest: 8.99,
      deposit: 4000,
      residual: 12_000,
      frequency: 'weekly',
    });
    expect(start.fees).toBe(siteFees);
    expect(start.lender).toBeUndefined();
  });

  it('§9 "otherwise 0 unless lender data supplies it": no site fee and no record fee means no fee', () => {
    expect(calculatorStart(40_000, site, NO_FEES, { interestRate: 8.5 }, bounds).fees).toEqual(NO_FEES);
  });

  it("the record's establishment fee replaces the site's; the dealer's own fees stay", () => {
    const dealer: FinanceFees = {
      establishment: 395,
      securityRegistration: 6,
      dealerAgency: 912.25,
      monthlyAccount: 8,
    };
    expect(calculatorStart(40_000, site, dealer, { establishmentFees: 990 }, bounds).fees).toEqual({
      ...dealer,
      establishment: 990,
    });
  });

  it('a record with fees and a balloon: $132.95 a week and $46,567.00 in all on $40,000 less $5,000 deposit, $990 fees, $12,000 balloon, 8.5% over 5 years', () => {
    const record = { establishmentFees: 990, deposit: 5000, balloon: 12_000, interestRate: 8.5, termYears: 5 };
    const start = calculatorStart(40_000, site, siteFees, record, bounds);
    expect(start.initial).toEqual({
      price: 40_000,
      years: 5,
      interest: 8.5,
      deposit: 5000,
      residual: 12_000,
      frequency: 'weekly',
    });
    const result = calculateForCar(start.initial, start.fees, bounds, start.lender);
    // $40,000 - $5,000 + $990 financed; 260 weekly repayments in arrears, then the balloon.
    expect(result.financed).toBe(35_990);
    expect(result.repayment).toBe(132.95);
    expect(result.total).toBe(46_567);
    expect(result.fromLender).toBeUndefined();
    expect(result.comparisonRate).toBe(comparisonRate(8.5, { upfront: 990, monthly: 0 }));
  });

  it("a deposit or balloon that does not fit the car's price is ignored, and so is one without a car price", () => {
    const start = calculatorStart(20_000, site, siteFees, { deposit: 25_000, balloon: 19_000 }, bounds);
    expect(start.initial).toMatchObject({ deposit: 2000, residual: 6000 });
    // With a deposit of 15,000 only 5,000 is borrowed: a 6,000 balloon cannot be, the 30% default stays.
    expect(calculatorStart(20_000, site, siteFees, { deposit: 15_000, balloon: 6000 }, bounds).initial).toMatchObject({
      deposit: 15_000,
      residual: 6000,
    });
    expect(calculatorStart(undefined, site, siteFees, { deposit: 5000, balloon: 0 }, bounds).initial).toMatchObject({
      price: 30_000,
      deposit: 3000,
      residual: 9000,
    });
  });

  it("the record's rate and term are clamped to the §5.3 bounds like any input", () => {
    const start = calculatorStart(40_000, site, siteFees, { interestRate: 21, termYears: 10 }, bounds);
    expect(start.initial).toMatchObject({ interest: 15, years: 7 });
    expect(
      calculatorStart(40_000, site, siteFees, { termYears: 6 }, calculatorBounds({ years: { max: 5 } })).initial.years,
    ).toBe(5);
  });
});

describe("the lender's own figures while the inputs are the lender's (conversion §3 totalPayable, §4.3)", () => {
  // A lender's quote on a $39,990 car: no deposit, no balloon, $395 establishment fee, 8.49% over 5 years.
  const quoted = {
    interestRate: 8.49,
    comparisonRate: 9.12,
    paymentWeek: 142,
    paymentMonth: 616,
    totalPayable: 48_048,
    deposit: 0,
    termYears: 5,
    balloon: 0,
    establishmentFees: 395,
  };
  const start = calculatorStart(39_990, site, siteFees, quoted, bounds);

  it("starts from the lender's inputs and shows its weekly repayment, total payable and comparison rate", () => {
    expect(start.initial).toEqual({
      price: 39_990,
      years: 5,
      interest: 8.49,
      deposit: 0,
      residual: 0,
      frequency: 'weekly',
    });
    const result = calculateForCar(start.initial, start.fees, bounds, start.lender);
    expect(result).toMatchObject({
      repayment: 142,
      total: 48_048,
      comparisonRate: 9.12,
      financed: 40_385,
      fromLender: true,
    });
    // Monthly: conversion §4.3 — the weekly repayment times 4.33 (142 x 4.33), as the estimate beside it
    // shows, not the record's own 616; the total is still the lender's.
    expect(calculateForCar({ ...start.initial, frequency: 'monthly' }, start.fees, bounds, start.lender)).toMatchObject(
      { repayment: 614.86, total: 48_048 },
    );
  });

  it('once an input moves, the calculator works the loan out itself', () => {
    const moved = { ...start.initial, deposit: 5000 };
    const result = calculateForCar(moved, start.fees, bounds, start.lender);
    expect(result).toEqual({ ...calculate(moved, start.fees, bounds), comparisonRate: 9.12 });
    expect(result.repayment).toBe(
      repayment({ principal: 39_990 - 5000 + 395, annualRate: 8.49, years: 5, frequency: 'weekly' }),
    );
    expect(result.fromLender).toBeUndefined();
    // The comparison rate is on the standard example: the lender's holds while its rate does.
    expect(result.comparisonRate).toBe(9.12);
    expect(calculateForCar({ ...moved, interest: 9 }, start.fees, bounds, start.lender).comparisonRate).toBe(
      comparisonRate(9, { upfront: 395, monthly: 0 }),
    );
  });

  it('fortnightly has no lender figure: the repayment is worked out and the total is the lender’s', () => {
    const result = calculateForCar({ ...start.initial, frequency: 'fortnightly' }, start.fees, bounds, start.lender);
    expect(result.repayment).toBe(
      repayment({ principal: 40_385, annualRate: 8.49, years: 5, frequency: 'fortnightly' }),
    );
    expect(result.total).toBe(48_048);
  });

  it('a record that leaves out part of its loan (here the balloon) has no figures of its own to show', () => {
    const { balloon: _balloon, ...partial } = quoted;
    const partialStart = calculatorStart(39_990, site, siteFees, partial, bounds);
    expect(partialStart.lender).toBeUndefined();
    expect(partialStart.initial.residual).toBe(11_997); // §9: 30% final payment
    expect(calculateForCar(partialStart.initial, partialStart.fees, bounds).fromLender).toBeUndefined();
  });

  it('a total payable below the amount borrowed is a data error and is not shown; the repayment is summed instead', () => {
    const bad = calculatorStart(39_990, site, siteFees, { ...quoted, totalPayable: 1000 }, bounds);
    expect(bad.lender?.totalPayable).toBeUndefined();
    expect(calculateForCar(bad.initial, bad.fees, bounds, bad.lender).total).toBe(142 * 260);
  });

  it("conversion §4.4: a lender repayment of 25 or less shows 'Enquire for Finance' and an empty total", () => {
    const tiny = calculatorStart(39_990, site, siteFees, { ...quoted, paymentWeek: 20 }, bounds);
    const result = calculateForCar(tiny.initial, tiny.fees, bounds, tiny.lender);
    expect(result.repayment).toBeUndefined();
    expect(result.total).toBeUndefined();
    expect(ENQUIRE_FOR_FINANCE).toBe('Enquire for Finance');
  });

  it('conversion §4.3: weekly from a monthly-only record is monthly / 4.33, monthly from weekly is weekly x 4.33', () => {
    const inputs = start.initial;
    expect(lenderRepayment({ inputs, paymentMonth: 616 }, 'weekly')).toBe(142.26);
    expect(lenderRepayment({ inputs, paymentWeek: 142 }, 'monthly')).toBe(614.86);
    // A record with both: the monthly figure is still the rule's, from its weekly payment.
    expect(lenderRepayment({ inputs, paymentWeek: 142, paymentMonth: 616 }, 'monthly')).toBe(614.86);
    // Monthly only: its weekly equivalent (142.26) times 4.33.
    expect(lenderRepayment({ inputs, paymentMonth: 616 }, 'monthly')).toBe(615.99);
    expect(lenderRepayment({ inputs, paymentWeek: 142 }, 'fortnightly')).toBeUndefined();
  });
});
