import { isAvailable } from '../listing';
import { shownPrice } from '../price-display';
import {
  conditionOperator,
  matchesFilter,
  resolveBound,
  type Bound,
  type StockCondition,
  type StockFilter,
} from '../stock-filter';
import { monthlyFromWeekly } from './repayment';

/** conversion §3 Finance lender record (the fields the estimate reads). */
export interface LenderRecord {
  interestRate?: number | null;
  comparisonRate?: number | null;
  paymentWeek?: number | null;
  paymentMonth?: number | null;
  termYears?: number | null;
  deposit?: number | null;
  balloon?: number | null;
  establishmentFees?: number | null;
  totalPayable?: number | null;
  disclaimer?: string | null;
}

export const PROVIDER_TYPES = ['A', 'B', 'C', 'D', 'E', 'F', 'G'] as const;
export type ProviderType = (typeof PROVIDER_TYPES)[number];

/** conversion §5.2: provider A needs a car within the last 12 years. */
export const PROVIDER_A_MAX_AGE_YEARS = 12;
/** conversion §5.2: price above 500. */
export const ESTIMATE_MIN_PRICE = 500;

const available: StockFilter = { field: 'available', eq: true };
const priced: StockFilter = { field: 'price', gt: ESTIMATE_MIN_PRICE };

/**
 * conversion §5.2 per provider, as stock filters over the car plus derived fields (age_years,
 * available, has_comparison_rate, has_weekly, has_monthly); a tenant may replace its provider's rule.
 */
export const DEFAULT_PROVIDER_RULES: Readonly<Record<ProviderType, StockFilter>> = {
  A: {
    all: [
      { field: 'age_years', lte: PROVIDER_A_MAX_AGE_YEARS },
      priced,
      available,
      { field: 'has_comparison_rate', eq: true },
    ],
  },
  B: available,
  C: available,
  D: { all: [priced, available, { field: 'has_weekly', eq: true }] },
  E: { all: [priced, available, { field: 'has_weekly', eq: true }] },
  F: { all: [priced, available, { field: 'has_weekly', eq: true }] },
  G: { all: [priced, available, { field: 'has_monthly', eq: true }] },
};

export interface EstimateCar {
  year: number;
  price: number;
  offer_price?: number | null;
  status: string;
  sold?: boolean | null;
  make: string;
  dealership_id: number;
}

export interface EstimateSettings {
  provider: ProviderType;
  /** The site flag: estimates off. */
  enabled: boolean;
  excludedManufacturers: readonly string[];
  excludedDealerships: readonly number[];
  rule?: StockFilter;
}

/** The parts of a site's finance section (tenant.finance) an estimate depends on. */
export interface FinanceEstimateSection {
  provider?: ProviderType;
  estimates: boolean;
  excludedManufacturers: readonly string[];
  excludedDealerships: readonly number[];
  eligibility?: unknown;
}

/** A site's estimate settings from its finance section: provider B when it names none (conversion §5.2). */
export function estimateSettings(finance: FinanceEstimateSection): EstimateSettings {
  return {
    provider: finance.provider ?? 'B',
    enabled: finance.estimates,
    excludedManufacturers: finance.excludedManufacturers,
    excludedDealerships: finance.excludedDealerships,
    ...(finance.eligibility ? { rule: finance.eligibility as StockFilter } : {}),
  };
}

const present = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** conversion §5.2: all must hold (record with both rates, manufacturer and dealership not excluded, site flag), then the provider's rule. */
export function estimateEligible(
  car: EstimateCar,
  lender: LenderRecord | undefined,
  settings: EstimateSettings,
  now: Date,
): boolean {
  if (!settings.enabled || !lender || Object.keys(lender).length === 0) return false;
  if (!present(lender.interestRate) || !present(lender.comparisonRate)) return false;
  if (settings.excludedManufacturers.some((m) => m.toLowerCase() === car.make.toLowerCase())) return false;
  if (settings.excludedDealerships.includes(car.dealership_id)) return false;
  const record = {
    ...car,
    price: shownPrice(car),
    available: isAvailable(car),
    age_years: now.getUTCFullYear() - car.year,
    has_comparison_rate: present(lender.comparisonRate),
    has_weekly: present(lender.paymentWeek),
    has_monthly: present(lender.paymentMonth),
  };
  return matchesFilter(record, settings.rule ?? DEFAULT_PROVIDER_RULES[settings.provider], now);
}

export interface FinanceEstimate {
  weekly: number;
  /** conversion §4.3: "The estimate's monthly repayment equals the weekly repayment times 4.33." */
  monthly: number;
  /**
   * The lender record's own monthly payment, where it has one that is not the rule's figure: shown
   * beside it as the lender's, never in its place (prices agree across the page and the calculator).
   */
  lenderMonthly?: number;
  interestRate: number;
  comparisonRate: number;
  termYears?: number;
  disclaimer?: string;
}

/** The figures the vehicle page shows, from an eligible lender record. */
export function financeEstimate(lender: LenderRecord): FinanceEstimate | undefined {
  const weekly = present(lender.paymentWeek)
    ? lender.paymentWeek
    : present(lender.paymentMonth)
      ? Math.round((lender.paymentMonth / 4.33) * 100) / 100
      : undefined;
  if (weekly === undefined || !present(lender.interestRate) || !present(lender.comparisonRate)) return undefined;
  const monthly = monthlyFromWeekly(weekly);
  return {
    weekly,
    monthly,
    ...(present(lender.paymentMonth) && Math.round(lender.paymentMonth * 100) !== Math.round(monthly * 100)
      ? { lenderMonthly: lender.paymentMonth }
      : {}),
    interestRate: lender.interestRate,
    comparisonRate: lender.comparisonRate,
    ...(present(lender.termYears) ? { termYears: lender.termYears } : {}),
    ...(lender.disclaimer ? { disclaimer: lender.disclaimer } : {}),
  };
}

/** conversion §3 Car youxQuote: an instant quote read as a lender record. */
export function quoteAsLender(
  quote: { weeklyRepaymentAmount?: number | null; advertisedRate?: number | null; comparisonRate?: number | null },
  termYears: number,
): LenderRecord {
  const weekly = quote.weeklyRepaymentAmount ?? null;
  // conversion §4.3: the monthly figure of a quote is its weekly repayment times 4.33.
  return {
    paymentWeek: weekly,
    paymentMonth: weekly === null ? null : monthlyFromWeekly(weekly),
    interestRate: quote.advertisedRate ?? null,
    comparisonRate: quote.comparisonRate ?? null,
    termYears,
  };
}

const MATCH_ALL: StockFilter = { all: [] };
const MATCH_NONE: StockFilter = { any: [] };
const AVAILABLE_STATUSES: StockFilter = { field: 'status', in: ['in_stock', 'coming_soon'] };
/** Derived fields the site's own indicative quote always has: both rates, a weekly and a monthly figure. */
const QUOTE_HAS = new Set(['has_comparison_rate', 'has_weekly', 'has_monthly']);

/** age_years = this year - year: a condition on the age as the same condition on the year. */
function onYear(condition: StockCondition, now: Date): StockFilter {
  const thisYear = now.getUTCFullYear();
  const { op, value } = conditionOperator(condition);
  if (op === 'exists') return value === true ? MATCH_ALL : MATCH_NONE;
  if (op === 'eq') return typeof value === 'number' ? { field: 'year', eq: thisYear - value } : MATCH_NONE;
  if (op === 'in') {
    const years = (value as unknown[]).flatMap((v) => (typeof v === 'number' ? [thisYear - v] : []));
    return years.length ? { field: 'year', in: years } : MATCH_NONE;
  }
  const year = thisYear - resolveBound(value as Bound, now);
  if (op === 'gt') return { field: 'year', lt: year };
  if (op === 'gte') return { field: 'year', lte: year };
  if (op === 'lt') return { field: 'year', gt: year };
  return { field: 'year', gte: year };
}

function overSearchIndex(rule: StockFilter, now: Date): StockFilter {
  if ('all' in rule) return { all: rule.all.map((f) => overSearchIndex(f, now)) };
  if ('any' in rule) return { any: rule.any.map((f) => overSearchIndex(f, now)) };
  if ('not' in rule) return { not: overSearchIndex(rule.not, now) };
  if (QUOTE_HAS.has(rule.field)) return matchesFilter({ [rule.field]: true }, rule, now) ? MATCH_ALL : MATCH_NONE;
  if (rule.field === 'available') {
    const whenAvailable = matchesFilter({ available: true }, rule, now);
    const otherwise = matchesFilter({ available: false }, rule, now);
    if (whenAvailable && otherwise) return MATCH_ALL;
    if (whenAvailable) return AVAILABLE_STATUSES;
    return otherwise ? { not: AVAILABLE_STATUSES } : MATCH_NONE;
  }
  if (rule.field === 'age_years') return onYear(rule, now);
  // Everything else is a car field the index holds as the rule reads it (price is the shown price there too).
  return rule;
}

/**
 * conversion §5.2 as a filter over the search index: the cars that show an estimate when it comes
 * from the site's own indicative quote (which always has both rates and a weekly and a monthly
 * figure), so a search can keep to the cars that show one. The rule's derived fields become index
 * fields: available the in-stock and coming-soon statuses, age_years the year.
 */
export function indicativeEstimateFilter(settings: EstimateSettings, now: Date): StockFilter {
  if (!settings.enabled) return MATCH_NONE;
  const parts: StockFilter[] = [];
  if (settings.excludedManufacturers.length)
    parts.push({ not: { field: 'make', in: [...settings.excludedManufacturers] } });
  if (settings.excludedDealerships.length)
    parts.push({ not: { field: 'dealership_id', in: [...settings.excludedDealerships] } });
  parts.push(overSearchIndex(settings.rule ?? DEFAULT_PROVIDER_RULES[settings.provider], now));
  return { all: parts };
}

/** conversion §5.2: provider G advertises monthly repayments (the vehicle page shows them per month); the others weekly. */
export function advertisesWeekly(provider: ProviderType | undefined): boolean {
  return provider !== 'G';
}
