/**
 * The embedded trade-in valuation (conversion §2.3, §3 Trade-in data): a rule of thumb from the
 * prices of comparable cars, written so the shopper (and the dealer) can follow every step. It
 * is not a spec rule: it stands in for an outside valuation service until a tenant configures one.
 * Pure: the caller finds the comparable cars.
 */
import { DEFAULT_CURRENCY, formatKm, formatMoney, yearInTimeZone } from '../format';
import { DEFAULT_TRADE_IN_TIME_ZONE } from './trade-in-rules';

/** A valuation as every provider answers it (the HTTP provider's contract too). Whole dollars. */
export interface Valuation {
  low: number;
  high: number;
  mid: number;
  /** In words, how the figures were reached; shown to the shopper. */
  basis: string;
}

export interface ValuationSubject {
  make: string;
  model: string;
  year: number;
  km: number;
}

/** A car of the same make and model, any year, with the price a shopper saw for it. */
export interface Comparable {
  year: number;
  price: number;
}

/** Fewer same-year cars than this and the search widens (a median of one or two is an anecdote). */
export const MIN_COMPARABLES = 3;
/** How far the first widening reaches either side of the car's year. */
export const NEARBY_YEARS = 1;
/** When no year is close enough, each comparable's price is moved this much per year of age difference. */
export const AGE_CORRECTION_PER_YEAR = 0.08;
/** What a dealer keeps back from the retail price to recondition, hold and sell the car. */
export const RECONDITIONING_SHARE = 0.15;
export const RECONDITIONING_FIXED = 1000;
/** The distance an average car covers in a year. */
export const EXPECTED_KM_PER_YEAR = 15_000;
/** Dollars per km above the expected distance (taken off) and below it (added). */
export const KM_OVER_RATE = 0.05;
export const KM_UNDER_RATE = 0.03;
/** The km adjustment moves the value by at most this share of it, so odd odometers cannot swamp the price. */
export const KM_ADJUSTMENT_CAP = 0.15;
/** The range either side of the estimate, and the step all three figures are rounded to. */
export const RANGE_SPREAD = 0.05;
export const VALUATION_ROUNDING = 100;

const round100 = (amount: number) => Math.round(amount / VALUATION_ROUNDING) * VALUATION_ROUNDING;
const percent = (share: number) => `${Math.round(share * 100)}%`;
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? 0;
  return sorted.length % 2 ? upper : ((sorted[middle - 1] ?? upper) + upper) / 2;
}

function yearSpan(years: readonly number[]): string {
  const lowest = Math.min(...years);
  const highest = Math.max(...years);
  return lowest === highest ? `from ${lowest}` : `from ${lowest} to ${highest}`;
}

/** Which comparables are used and how their prices are read, with the sentence that says so. */
function chooseComparables(
  subject: ValuationSubject,
  usable: readonly Comparable[],
): { prices: number[]; said: string } | null {
  const name = `${subject.make} ${subject.model}`;
  const sameYear = usable.filter((c) => c.year === subject.year);
  if (sameYear.length >= MIN_COMPARABLES) {
    return {
      prices: sameYear.map((c) => c.price),
      said: `the advertised prices of ${sameYear.length} ${name} cars from ${subject.year}`,
    };
  }
  const nearby = usable.filter((c) => Math.abs(c.year - subject.year) <= NEARBY_YEARS);
  if (nearby.length >= MIN_COMPARABLES) {
    return {
      prices: nearby.map((c) => c.price),
      said: `the advertised prices of ${nearby.length} ${name} cars ${yearSpan(nearby.map((c) => c.year))} (fewer than ${MIN_COMPARABLES} were from ${subject.year}, so cars a year either side were included)`,
    };
  }
  if (!usable.length) return null;
  const keep = 1 - AGE_CORRECTION_PER_YEAR;
  return {
    // Compounded, so a car four years older is worth 0.92^-4 of its price, never a negative figure.
    prices: usable.map((c) => c.price * keep ** (c.year - subject.year)),
    said:
      `${usable.length === 1 ? `the advertised price of 1 ${name}` : `the advertised prices of ${usable.length} ${name} cars`} ${yearSpan(usable.map((c) => c.year))}, ` +
      `${usable.length === 1 ? 'moved' : 'each moved'} ${percent(AGE_CORRECTION_PER_YEAR)} for every year it is newer or older than ${subject.year} ` +
      `(fewer than ${MIN_COMPARABLES} were from ${subject.year - NEARBY_YEARS} to ${subject.year + NEARBY_YEARS}, so every year was used)`,
  };
}

/**
 * The estimate for `subject` from `comparables` (same make and model, any year; prices above 0):
 *
 * 1. Comparables: the same year when there are at least 3; else the year either side; else every
 *    year, each price moved 8% a year (compounded) towards the subject's year.
 * 2. Retail: the median of those prices, to the dollar.
 * 3. Less 15% of retail plus $1,000 for reconditioning and the dealer's margin.
 * 4. Km: against 15,000 km for each year of age (at least one), 5c a km over is taken off and 3c a
 *    km under is added, capped at 15% of the step-3 value.
 * 5. mid rounded to $100; low and high are mid ∓ 5%, rounded to $100.
 *
 * Null when there is no comparable car, or when the result is $0 or less (a car worth less than
 * the reconditioning allowance needs a person, not a formula). `timeZone` and `currency` are the
 * site's: the year the car's age counts to, and the money the basis is written in.
 */
export function valueFromComparables(
  subject: ValuationSubject,
  comparables: readonly Comparable[],
  now: Date,
  timeZone = DEFAULT_TRADE_IN_TIME_ZONE,
  currency = DEFAULT_CURRENCY,
): Valuation | null {
  const usable = comparables.filter((c) => Number.isFinite(c.price) && c.price > 0 && Number.isInteger(c.year));
  const chosen = chooseComparables(subject, usable);
  if (!chosen) return null;

  const retail = Math.round(median(chosen.prices));
  const allowance = Math.round(retail * RECONDITIONING_SHARE) + RECONDITIONING_FIXED;
  const trade = retail - allowance;

  const age = Math.max(1, yearInTimeZone(now, timeZone) - subject.year);
  const expected = EXPECTED_KM_PER_YEAR * age;
  const over = subject.km - expected;
  const raw = over > 0 ? -over * KM_OVER_RATE : -over * KM_UNDER_RATE;
  const cap = Math.max(0, Math.round(trade * KM_ADJUSTMENT_CAP));
  const kmAdjustment = Math.round(Math.max(-cap, Math.min(cap, raw)));
  const capped = Math.abs(Math.round(raw)) > cap;

  const mid = round100(trade + kmAdjustment);
  if (mid <= 0) return null;
  const low = round100(mid * (1 - RANGE_SPREAD));
  const high = round100(mid * (1 + RANGE_SPREAD));

  const money = (amount: number) => formatMoney(amount, currency);
  const distance =
    over === 0
      ? `${formatKm(subject.km)} is exactly the ${formatKm(expected)} expected at ${formatKm(EXPECTED_KM_PER_YEAR)} a year for ${plural(age, 'year', 'years')}, so no change for distance`
      : `${formatKm(subject.km)} is ${formatKm(Math.abs(over))} ${over > 0 ? 'over' : 'under'} the ${formatKm(expected)} expected at ${formatKm(EXPECTED_KM_PER_YEAR)} a year for ${plural(age, 'year', 'years')}, ` +
        `at ${over > 0 ? `${KM_OVER_RATE * 100}c a km off` : `${KM_UNDER_RATE * 100}c a km added`}` +
        `${capped ? ` (limited to ${percent(KM_ADJUSTMENT_CAP)} of ${money(trade)})` : ''}: ` +
        `${kmAdjustment < 0 ? 'minus' : 'plus'} ${money(Math.abs(kmAdjustment))}`;
  const basis =
    `Based on ${chosen.said}: ${chosen.prices.length === 1 ? 'that price is' : 'the middle (median) price is'} ${money(retail)}. ` +
    `Less ${percent(RECONDITIONING_SHARE)} plus ${money(RECONDITIONING_FIXED)} (${money(allowance)}) for reconditioning and the dealer's margin leaves ${money(trade)}. ` +
    `${distance}. ` +
    `Estimate ${money(mid)} to the nearest ${money(VALUATION_ROUNDING)}, with a range of ${money(low)} to ${money(high)} (${percent(RANGE_SPREAD)} either side).`;
  return { low, high, mid, basis };
}
