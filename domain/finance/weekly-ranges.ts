import type { StockFilter } from '../stock-filter';
import { calculatorBounds } from './calculator';
import { indicativeWeekly, type IndicativeTerms } from './indicative-quote';

/**
 * Weekly-repayment buckets for the weekly_price_range search facet (catalogue §3 search facets).
 * Bounds are in whole dollars a week, inclusive below and exclusive above, as the km ranges are,
 * so a car shown at $150 a week is in '$150 to $200 a week'.
 *
 * The weekly figure is not indexed: it depends on each site's advertised rate, deposit, final
 * payment and fees while the index is shared by every site. It rises with the price, so each
 * bucket is searched as the price range whose figure falls in it (pricesInWeeklyRange), which
 * both search engines already filter on.
 */
export interface WeeklyRange {
  label: string;
  /** Inclusive lower bound, dollars a week; missing means from the lowest figure shown. */
  min?: number;
  /** Exclusive upper bound, dollars a week; missing means no upper bound. */
  max?: number;
}

export const WEEKLY_RANGES: readonly WeeklyRange[] = [
  { label: 'Under $100 a week', max: 100 },
  { label: '$100 to $150 a week', min: 100, max: 150 },
  { label: '$150 to $200 a week', min: 150, max: 200 },
  { label: '$200 to $300 a week', min: 200, max: 300 },
  { label: 'Over $300 a week', min: 300 },
];

/**
 * The figure as shoppers read it: the vehicle page shows the weekly estimate in whole dollars
 * (formatMoney, halves away from zero), so $99.60 reads '$100' and belongs over $100, not under.
 */
export function shownWeekly(weekly: number): number {
  return Math.round(weekly);
}

const inRange = (dollars: number, range: WeeklyRange) =>
  (range.min === undefined || dollars >= range.min) && (range.max === undefined || dollars < range.max);

/** The bucket label for a weekly repayment (dollars and cents), or undefined when none is shown. */
export function weeklyRangeOf(
  weekly: number | undefined,
  ranges: readonly WeeklyRange[] = WEEKLY_RANGES,
): string | undefined {
  if (weekly === undefined || !Number.isFinite(weekly) || weekly <= 0) return undefined;
  const dollars = shownWeekly(weekly);
  return ranges.find((range) => inRange(dollars, range))?.label;
}

/** The bucket a URL names, compared case-insensitively as facet values are; undefined for any other text. */
export function findWeeklyRange(
  label: string,
  ranges: readonly WeeklyRange[] = WEEKLY_RANGES,
): WeeklyRange | undefined {
  const key = label.trim().toLowerCase();
  return ranges.find((range) => range.label.toLowerCase() === key);
}

/** Prices from `min` (inclusive) to `below` (exclusive), or to `max` (inclusive) at the top of the scale. */
export interface PriceSpan {
  min: number;
  below?: number;
  max?: number;
}

/**
 * The prices whose weekly figure falls in a bucket, to the cent, or undefined when no price does.
 * `weeklyOf` must not fall as the price rises, and be undefined (no figure shown) only below some
 * price within `prices` (the calculator's price limits, both inclusive); prices outside those
 * limits never show a figure. Each edge is found by bisection over whole cents, so the price a
 * cent under an edge reads below the bucket and the edge itself inside it.
 */
export function pricesInWeeklyRange(
  range: WeeklyRange,
  weeklyOf: (price: number) => number | undefined,
  prices: { min: number; max: number },
): PriceSpan | undefined {
  const low = Math.ceil(prices.min * 100);
  const high = Math.floor(prices.max * 100);
  if (!(low <= high)) return undefined;
  /** The lowest price in cents whose figure is at least `bound` (any figure when undefined). */
  const firstFrom = (bound: number | undefined): number | undefined => {
    const reaches = (cents: number) => {
      const weekly = weeklyOf(cents / 100);
      return weekly !== undefined && (bound === undefined || weekly >= bound);
    };
    if (!reaches(high)) return undefined;
    if (reaches(low)) return low;
    let below = low;
    let at = high;
    while (at - below > 1) {
      const middle = Math.floor((below + at) / 2);
      if (reaches(middle)) at = middle;
      else below = middle;
    }
    return at;
  };
  const start = firstFrom(range.min);
  if (start === undefined) return undefined;
  const end = range.max === undefined ? undefined : firstFrom(range.max);
  if (end !== undefined && end <= start) return undefined;
  return end === undefined ? { min: start / 100, max: high / 100 } : { min: start / 100, below: end / 100 };
}

/** The prices whose indicative weekly repayment (whole dollars, as shown) falls in a bucket, for a site's terms. */
export function indicativeWeeklyPrices(range: WeeklyRange, terms: IndicativeTerms): PriceSpan | undefined {
  const { min, max } = calculatorBounds(terms.bounds).price;
  const weeklyOf = indicativeWeekly(terms);
  return pricesInWeeklyRange(
    range,
    (price) => {
      const weekly = weeklyOf(price);
      return weekly === undefined ? undefined : shownWeekly(weekly);
    },
    { min, max },
  );
}

/** A price span as a stock filter on `field`; no span selects nothing. */
export function priceSpanFilter(span: PriceSpan | undefined, field = 'price'): StockFilter {
  if (!span) return { any: [] };
  return {
    all: [
      { field, gte: span.min },
      ...(span.below !== undefined ? [{ field, lt: span.below }] : []),
      ...(span.max !== undefined ? [{ field, lte: span.max }] : []),
    ],
  };
}
