import { repayment } from './repayment';

/**
 * National Credit Code comparison rate: the annual rate at which the money the borrower actually
 * gets equals the present value of everything they pay back, fees included. Australian credit
 * advertising quotes it on the standard example (conversion §9: a 5-year secured loan of $30,000).
 */
export const COMPARISON_AMOUNT = 30_000;
export const COMPARISON_YEARS = 5;

export interface LoanFees {
  /** Paid at the start (establishment, security registration, dealer agency): financed with the loan. */
  upfront: number;
  /** Charged every month (account administration). */
  monthly: number;
}

/** Monthly repayments including the financed upfront fees, plus the monthly fee. */
function monthlyOutgoing(annualRate: number, fees: LoanFees, amount: number, years: number): number {
  return repayment({ principal: amount + fees.upfront, annualRate, years, frequency: 'monthly' }) + fees.monthly;
}

/** The comparison rate in percent, to two decimals, for a nominal rate and fees on the standard example. */
export function comparisonRate(
  annualRate: number,
  fees: LoanFees,
  amount = COMPARISON_AMOUNT,
  years = COMPARISON_YEARS,
): number {
  const months = years * 12;
  const pay = monthlyOutgoing(annualRate, fees, amount, years);
  const presentValue = (monthlyRate: number) =>
    monthlyRate === 0 ? pay * months : (pay * (1 - (1 + monthlyRate) ** -months)) / monthlyRate;
  // Bisection on the monthly rate: present value falls as the rate rises.
  let low = 0;
  let high = 1;
  if (presentValue(0) <= amount) return Math.round(annualRate * 100) / 100;
  for (let i = 0; i < 200; i++) {
    const mid = (low + high) / 2;
    if (presentValue(mid) > amount) low = mid;
    else high = mid;
  }
  return Math.round(((low + high) / 2) * 12 * 100 * 100) / 100;
}
