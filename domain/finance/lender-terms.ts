import {
  calculate,
  DEFAULT_BOUNDS,
  initialCalculatorState,
  MIN_SHOWN_REPAYMENT,
  normaliseInput,
  type CalculatorBounds,
  type CalculatorResult,
  type CalculatorSettings,
  type CalculatorState,
  type FinanceFees,
} from './calculator';
import { FREQUENCIES, monthlyFromWeekly, WEEKS_PER_MONTH, type Frequency } from './repayment';

/**
 * The car's own lender record (conversion §3 Finance lender record: establishmentFees, termYears,
 * termMonths, interestRate, comparisonRate, deposit, totalPayable, balloon, paymentWeek,
 * paymentMonth) as the finance calculator reads it. Feeds come from many systems, so every field
 * is checked on its own: one that is missing, not a number, negative or impossible for this car is
 * left out and the calculator falls back to the site's setting for it (conversion §9), never fails.
 */
export interface LenderTerms {
  establishmentFees?: number;
  interestRate?: number;
  comparisonRate?: number;
  termYears?: number;
  deposit?: number;
  balloon?: number;
  totalPayable?: number;
  paymentWeek?: number;
  paymentMonth?: number;
}

/** Longest loan term read from a record; beyond it a term is taken as a data error. */
const MAX_TERM_YEARS = 30;
/** Highest rate read from a record, in percent. */
const MAX_RATE = 100;

function amount(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}
const positive = (value: unknown) => {
  const n = amount(value);
  return n !== undefined && n > 0 ? n : undefined;
};
const rate = (value: unknown) => {
  const n = amount(value);
  return n !== undefined && n <= MAX_RATE ? n : undefined;
};

/** The usable fields of a lender record of unknown shape (a feed value, stored as sent). */
export function lenderTerms(record: unknown): LenderTerms {
  if (typeof record !== 'object' || record === null || Array.isArray(record)) return {};
  const r = record as Record<string, unknown>;
  const years = positive(r.termYears) ?? (positive(r.termMonths) ?? 0) / 12;
  const fields: LenderTerms = {
    establishmentFees: amount(r.establishmentFees),
    interestRate: rate(r.interestRate),
    comparisonRate: rate(r.comparisonRate),
    termYears: years > 0 && years <= MAX_TERM_YEARS ? years : undefined,
    deposit: amount(r.deposit),
    balloon: amount(r.balloon),
    totalPayable: positive(r.totalPayable),
    paymentWeek: positive(r.paymentWeek),
    paymentMonth: positive(r.paymentMonth),
  };
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as LenderTerms;
}

/** The lender's own figures and the inputs they were quoted on. */
export interface LenderQuote {
  inputs: Omit<CalculatorState, 'frequency'>;
  comparisonRate?: number;
  paymentWeek?: number;
  paymentMonth?: number;
  totalPayable?: number;
}

export interface CalculatorStart {
  initial: CalculatorState;
  fees: FinanceFees;
  /** Present when the car has a lender record with figures of its own to show. */
  lender?: LenderQuote;
}

/**
 * Where the calculator starts for a car (conversion §4.4 defaults, §9 finance defaults): the site's
 * settings, with the car's lender record taking precedence field by field. The record's deposit and
 * balloon prefill the deposit and final payment (kept within the §5.3 bounds, and only when they fit
 * the price); its interest rate and term do the same, so that the calculator first shows the loan
 * the lender quoted. conversion §9 "Establishment fee ... otherwise 0 unless lender data supplies it":
 * the record's establishmentFees replaces the site's establishment fee; the site's other fees
 * (security registration, dealer agency, account fee) are the dealer's and stay.
 *
 * The lender's own figures (repayments, total payable, comparison rate) are kept only when the record
 * names every input of its loan (rate, term, deposit, balloon) and each was taken as it stands: a
 * figure quoted on inputs the calculator does not show would contradict the sliders beside it.
 */
export function calculatorStart(
  carPrice: number | undefined,
  settings: CalculatorSettings,
  siteFees: FinanceFees,
  record: unknown,
  bounds: CalculatorBounds = DEFAULT_BOUNDS,
): CalculatorStart {
  const terms = lenderTerms(record);
  const base = initialCalculatorState(carPrice, settings, bounds);
  const fees: FinanceFees =
    terms.establishmentFees !== undefined ? { ...siteFees, establishment: terms.establishmentFees } : siteFees;
  // A lender's deposit or balloon is an amount for this car: without the car's price it means nothing.
  const hasPrice = carPrice !== undefined && carPrice > 0;
  const fits = (value: number | undefined, below: number): value is number =>
    hasPrice && value !== undefined && value < below;
  const deposit = fits(terms.deposit, base.price) ? normaliseInput('deposit', terms.deposit, bounds) : base.deposit;
  const residual = fits(terms.balloon, base.price - deposit)
    ? normaliseInput('residual', terms.balloon, bounds)
    : base.residual;
  const initial: CalculatorState = {
    ...base,
    deposit,
    residual,
    ...(terms.termYears !== undefined ? { years: normaliseInput('years', terms.termYears, bounds) } : {}),
    ...(terms.interestRate !== undefined ? { interest: normaliseInput('interest', terms.interestRate, bounds) } : {}),
  };
  const asQuoted =
    hasPrice &&
    initial.interest === terms.interestRate &&
    initial.years === terms.termYears &&
    initial.deposit === terms.deposit &&
    initial.residual === terms.balloon;
  if (!asQuoted) return { initial, fees };
  const figures = {
    ...(terms.comparisonRate !== undefined ? { comparisonRate: terms.comparisonRate } : {}),
    ...(terms.paymentWeek !== undefined ? { paymentWeek: terms.paymentWeek } : {}),
    ...(terms.paymentMonth !== undefined ? { paymentMonth: terms.paymentMonth } : {}),
    // Everything paid back cannot be less than what is borrowed: a smaller total is a data error.
    ...(terms.totalPayable !== undefined && terms.totalPayable >= initial.price - initial.deposit
      ? { totalPayable: terms.totalPayable }
      : {}),
  };
  if (Object.keys(figures).length === 0) return { initial, fees };
  const { frequency: _frequency, ...inputs } = initial;
  return { initial, fees, lender: { inputs, ...figures } };
}

/** True while every input is still the one the lender quoted on (the frequency aside). */
export function onLenderInputs(state: CalculatorState, lender: LenderQuote): boolean {
  const { inputs } = lender;
  return (
    state.price === inputs.price &&
    state.deposit === inputs.deposit &&
    state.residual === inputs.residual &&
    state.years === inputs.years &&
    state.interest === inputs.interest
  );
}

/**
 * The lender's repayment for a frequency: weekly, its weekly payment (or its monthly one / 4.33 when
 * that is all it gives); monthly, that weekly repayment times 4.33 (conversion §4.3: "The estimate's
 * monthly repayment equals the weekly repayment times 4.33"), so the calculator agrees with the
 * estimate beside it; none for fortnightly.
 */
export function lenderRepayment(lender: LenderQuote, frequency: Frequency): number | undefined {
  const { paymentWeek, paymentMonth } = lender;
  const weekly =
    paymentWeek ?? (paymentMonth !== undefined ? Math.round((paymentMonth / WEEKS_PER_MONTH) * 100) / 100 : undefined);
  if (frequency === 'weekly') return weekly;
  if (frequency === 'monthly') return weekly !== undefined ? monthlyFromWeekly(weekly) : undefined;
  return undefined;
}

/**
 * The calculator's figures for a car: the sums of `calculate`, except that while the inputs are the
 * ones the lender quoted on, the lender's own repayment, total payable and comparison rate are
 * shown, so the calculator agrees with the estimate beside it. A repayment of 25 or less still
 * shows 'Enquire for Finance' with an empty total (conversion §4.4).
 */
export function calculateForCar(
  state: CalculatorState,
  fees: FinanceFees,
  bounds: CalculatorBounds = DEFAULT_BOUNDS,
  lender?: LenderQuote,
): CalculatorResult {
  const computed = calculate(state, fees, bounds);
  if (!lender) return computed;
  // The comparison rate is worked on the standard example (conversion §9), not on this car's loan:
  // it depends on the rate and the fees alone, so the lender's holds while the rate is the lender's.
  const comparison =
    state.interest === lender.inputs.interest
      ? (lender.comparisonRate ?? computed.comparisonRate)
      : computed.comparisonRate;
  if (!onLenderInputs(state, lender)) return { ...computed, comparisonRate: comparison };
  if (computed.priceError) return { ...computed, comparisonRate: comparison };
  const quoted = lenderRepayment(lender, state.frequency);
  const repayment = quoted ?? computed.repayment;
  const { repayment: _r, total: _t, ...rest } = computed;
  if (repayment === undefined || repayment <= MIN_SHOWN_REPAYMENT) return { ...rest, comparisonRate: comparison };
  if (quoted === undefined && lender.totalPayable === undefined) return { ...computed, comparisonRate: comparison };
  // Without the lender's total, its repayment is summed as the calculator sums its own.
  const periods = Math.round(state.years * FREQUENCIES[state.frequency]);
  const summed = Math.round((repayment * periods + Math.min(state.residual, computed.financed)) * 100) / 100;
  return { ...rest, repayment, total: lender.totalPayable ?? summed, comparisonRate: comparison, fromLender: true };
}
