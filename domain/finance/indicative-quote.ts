import {
  calculate,
  calculatedRepayment,
  calculatorBounds,
  initialCalculatorState,
  type BoundsOverrides,
  type CalculatorBounds,
  type CalculatorSettings,
  type FinanceFees,
} from './calculator';

/** conversion §7 item 1: an instant quote is asked for over a fixed 5-year term. */
export const QUOTE_TERM_YEARS = 5;

/** The site's advertised terms the indicative quote is worked out from (tenant finance settings). */
export interface IndicativeTerms extends CalculatorSettings {
  fees: FinanceFees;
  bounds?: BoundsOverrides;
}

export interface IndicativeQuote {
  /** Weekly repayment in dollars and cents. */
  weekly: number;
  advertisedRate: number;
  comparisonRate: number;
}

const quoteState = (price: number, terms: IndicativeTerms, termYears: number, bounds: CalculatorBounds) => ({
  ...initialCalculatorState(price, { ...terms, termYears }, bounds),
  frequency: 'weekly' as const,
});

/**
 * The site's own indicative quote for a price: the calculator's weekly repayment at the site's
 * rate, deposit, final payment and fees over the quote term. Undefined where the calculator shows
 * 'Enquire for Finance' (a price outside its limits, a repayment of 25 or less). The embedded
 * quote provider and the weekly-repayments search facet both read it, so the figure on the
 * vehicle page and the bucket it is searched under cannot drift apart.
 */
export function indicativeQuote(
  price: number,
  terms: IndicativeTerms,
  termYears: number = QUOTE_TERM_YEARS,
): IndicativeQuote | undefined {
  if (!(price > 0)) return undefined;
  const bounds = calculatorBounds(terms.bounds);
  const state = quoteState(price, terms, termYears, bounds);
  const result = calculate(state, terms.fees, bounds);
  if (result.repayment === undefined) return undefined;
  return { weekly: result.repayment, advertisedRate: state.interest, comparisonRate: result.comparisonRate };
}

/**
 * The indicative quote's weekly repayment as a function of the price, for a site's terms (the
 * same figure as indicativeQuote, without its comparison rate, so it is cheap to ask many times).
 */
export function indicativeWeekly(terms: IndicativeTerms): (price: number) => number | undefined {
  const bounds = calculatorBounds(terms.bounds);
  return (price) =>
    price > 0 ? calculatedRepayment(quoteState(price, terms, QUOTE_TERM_YEARS, bounds), terms.fees, bounds) : undefined;
}
