import { comparisonRate, type LoanFees } from './comparison-rate';
import { FREQUENCIES, repayment, totalRepaid, type Frequency } from './repayment';

/** conversion §4.4, §9 defaults. */
export const DEFAULT_PRICE = 30_000;
export const DEFAULT_TERM_YEARS = 5;
export const DEFAULT_INTEREST = 10;
export const DEFAULT_DEPOSIT_PERCENT = 10;
export const DEFAULT_RESIDUAL_PERCENT = 30;
/** conversion §4.4: a repayment of 25 or less shows 'Enquire for Finance' and an empty total. */
export const MIN_SHOWN_REPAYMENT = 25;
export const ENQUIRE_FOR_FINANCE = 'Enquire for Finance';

export interface Bounds {
  min: number;
  max: number;
  step: number;
}
export type CalculatorField = 'price' | 'years' | 'interest' | 'deposit' | 'residual';
export type CalculatorBounds = Record<CalculatorField, Bounds>;
export type BoundsOverrides = Partial<Record<CalculatorField, Partial<Bounds>>>;

/** conversion §5.3 table (residual step is not given; whole dollars). */
export const DEFAULT_BOUNDS: CalculatorBounds = {
  price: { min: 1000, max: 250_000, step: 500 },
  years: { min: 1, max: 7, step: 0.5 },
  interest: { min: 0.5, max: 15, step: 0.5 },
  deposit: { min: 0, max: 250_000, step: 0.5 },
  residual: { min: 0, max: 250_000, step: 1 },
};

/** The table with a provider's and then a dealer's overrides (conversion §5.3: 5000 minimum price for one provider...). */
export function calculatorBounds(...overrides: ReadonlyArray<BoundsOverrides | undefined>): CalculatorBounds {
  const out = structuredClone(DEFAULT_BOUNDS);
  for (const layer of overrides) {
    for (const [field, bounds] of Object.entries(layer ?? {}) as [CalculatorField, Partial<Bounds>][])
      Object.assign(out[field], bounds);
  }
  return out;
}

/** conversion §5.3: 'Cannot be less than {min} or more than 250000' for an out-of-range purchase price. */
export function priceMessage(price: number, bounds: CalculatorBounds): string | undefined {
  return price < bounds.price.min || price > bounds.price.max
    ? `Cannot be less than ${bounds.price.min} or more than ${bounds.price.max}`
    : undefined;
}

/**
 * conversion §5.3: values at or below 0 become 0; inputs other than the purchase price are clamped
 * to their bounds on change (the price keeps what was typed and shows the message instead).
 */
export function normaliseInput(field: CalculatorField, value: number, bounds: CalculatorBounds): number {
  if (field === 'price') return Number.isFinite(value) && value > 0 ? value : 0;
  if (!Number.isFinite(value) || value <= 0) return Math.max(0, bounds[field].min);
  const { min, max } = bounds[field];
  return Math.min(max, Math.max(min, value));
}

export interface CalculatorState {
  price: number;
  years: number;
  interest: number;
  deposit: number;
  residual: number;
  frequency: Frequency;
}

export interface CalculatorSettings {
  interestRate?: number;
  termYears?: number;
  depositPercent?: number;
  balloonPercent?: number;
}

/** conversion §4.4 defaults: price 30,000 when the car has none, 5 years or the site's, weekly, the site's rate else 10, 10% deposit, 30% final payment. */
export function initialCalculatorState(
  carPrice: number | undefined,
  settings: CalculatorSettings,
  bounds: CalculatorBounds = DEFAULT_BOUNDS,
): CalculatorState {
  const price = carPrice && carPrice > 0 ? carPrice : DEFAULT_PRICE;
  const round = (v: number) => Math.round(v);
  return {
    price,
    years: normaliseInput('years', settings.termYears ?? DEFAULT_TERM_YEARS, bounds),
    interest: normaliseInput('interest', settings.interestRate ?? DEFAULT_INTEREST, bounds),
    deposit: round((price * (settings.depositPercent ?? DEFAULT_DEPOSIT_PERCENT)) / 100),
    residual: round((price * (settings.balloonPercent ?? DEFAULT_RESIDUAL_PERCENT)) / 100),
    frequency: 'weekly',
  };
}

export interface FinanceFees {
  establishment: number;
  securityRegistration: number;
  dealerAgency: number;
  /** Account administration per month. */
  monthlyAccount: number;
}

export const NO_FEES: FinanceFees = { establishment: 0, securityRegistration: 0, dealerAgency: 0, monthlyAccount: 0 };

export function loanFees(fees: FinanceFees): LoanFees {
  return { upfront: fees.establishment + fees.securityRegistration + fees.dealerAgency, monthly: fees.monthlyAccount };
}

export interface CalculatorResult {
  /** Undefined: 'Enquire for Finance' (conversion §4.4). */
  repayment?: number;
  /** Every repayment and fee plus the final payment; undefined with the repayment. */
  total?: number;
  /** What is borrowed: price less deposit, plus the fees paid up front. */
  financed: number;
  /** On the standard example with these fees (shown beside the rate, conversion §9 / NCC s164). */
  comparisonRate: number;
  priceError?: string;
  /** The repayment and total are the lender's own quote for this car (domain/finance/lender-terms.ts). */
  fromLender?: boolean;
}

/** The loan a calculator state describes, and its repayment per period with the fees (not yet rounded). */
function loanOf(state: CalculatorState, fees: FinanceFees) {
  const charges = loanFees(fees);
  const financed = Math.max(0, state.price - state.deposit) + (state.price - state.deposit > 0 ? charges.upfront : 0);
  const balloon = Math.min(state.residual, financed);
  const terms = {
    principal: financed,
    annualRate: state.interest,
    years: state.years,
    frequency: state.frequency,
    balloon,
  };
  const perPeriodFee = (charges.monthly * 12) / FREQUENCIES[state.frequency];
  return { charges, financed, terms, perPeriodFee, amount: repayment(terms) + perPeriodFee };
}

const shownAmount = (amount: number, priceError: string | undefined) =>
  amount > MIN_SHOWN_REPAYMENT && !priceError ? Math.round(amount * 100) / 100 : undefined;

/**
 * The repayment per period the calculator shows for a state, or undefined for 'Enquire for
 * Finance': calculate's figure without the comparison rate, for callers that need many of them.
 */
export function calculatedRepayment(
  state: CalculatorState,
  fees: FinanceFees,
  bounds: CalculatorBounds = DEFAULT_BOUNDS,
): number | undefined {
  return shownAmount(loanOf(state, fees).amount, priceMessage(state.price, bounds));
}

export function calculate(
  state: CalculatorState,
  fees: FinanceFees,
  bounds: CalculatorBounds = DEFAULT_BOUNDS,
): CalculatorResult {
  const { charges, financed, terms, perPeriodFee, amount } = loanOf(state, fees);
  const priceError = priceMessage(state.price, bounds);
  const shown = shownAmount(amount, priceError);
  return {
    ...(shown !== undefined ? { repayment: shown, total: totalRepaid(terms, perPeriodFee) } : {}),
    financed,
    comparisonRate: comparisonRate(state.interest, charges),
    ...(priceError ? { priceError } : {}),
  };
}

/** conversion §9 money quick picks: $5,000 to $70,000 by default, or the tenant's range. */
export function moneyQuickPicks(min = 5_000, max = 70_000): number[] {
  const steps = [1, 2, 3, 4, 5, 6, 7, 8, 10];
  const picks = new Set<number>();
  for (let magnitude = 1_000; magnitude <= max; magnitude *= 10)
    for (const s of steps) if (s * magnitude >= min && s * magnitude <= max) picks.add(s * magnitude);
  return [...picks].sort((a, b) => a - b);
}
