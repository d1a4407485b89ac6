/**
 * Loan repayments (conversion §3 Finance calculator state, §4.3, §9): an amortised loan with an
 * optional balloon (residual) paid with the last repayment, repayments in arrears.
 */

/** conversion §3: frequency week 52, fortnight 26, month 12. */
export const FREQUENCIES = { weekly: 52, fortnightly: 26, monthly: 12 } as const;
export type Frequency = keyof typeof FREQUENCIES;
export const FREQUENCY_LABELS: Readonly<Record<Frequency, string>> = {
  weekly: 'Weekly',
  fortnightly: 'Fortnightly',
  monthly: 'Monthly',
};
export const PER_PERIOD: Readonly<Record<Frequency, string>> = {
  weekly: 'per week',
  fortnightly: 'per fortnight',
  monthly: 'per month',
};

/** conversion §4.3, §9: the estimate's monthly repayment is the weekly repayment times 4.33. */
export const WEEKS_PER_MONTH = 4.33;

export interface LoanTerms {
  /** Amount borrowed (price less deposit, plus any financed fees). */
  principal: number;
  /** Nominal annual interest rate in percent, e.g. 8.5. */
  annualRate: number;
  years: number;
  frequency: Frequency;
  /** Balloon (residual) due with the last repayment. */
  balloon?: number;
}

const cents = (value: number) => Math.round(value * 100) / 100;

/**
 * The repayment per period: P·r / (1 − (1 + r)^−n) with the balloon's present value taken off the
 * principal first; at 0% the principal less the balloon split evenly.
 */
export function repayment({ principal, annualRate, years, frequency, balloon = 0 }: LoanTerms): number {
  const periods = Math.round(years * FREQUENCIES[frequency]);
  if (periods <= 0 || principal <= 0) return 0;
  const rate = annualRate / 100 / FREQUENCIES[frequency];
  if (rate === 0) return cents((principal - balloon) / periods);
  const growth = (1 + rate) ** periods;
  return cents(((principal - balloon / growth) * rate) / (1 - 1 / growth));
}

/** Everything repaid: every repayment plus the balloon. */
export function totalRepaid(terms: LoanTerms, perPeriodFee = 0): number {
  const periods = Math.round(terms.years * FREQUENCIES[terms.frequency]);
  return cents((repayment(terms) + perPeriodFee) * periods + (terms.balloon ?? 0));
}

/** conversion §4.3: monthly from weekly, as the estimate shows it. */
export function monthlyFromWeekly(weekly: number): number {
  return cents(weekly * WEEKS_PER_MONTH);
}
