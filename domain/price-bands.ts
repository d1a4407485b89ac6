import { leadingNumber, type FacetValue } from './facet-order';
import { WEEKLY_RANGES } from './finance/weekly-ranges';

/**
 * Price bands for the price_range and subscription_price search facets (catalogue §3 Search
 * facets). Each car is indexed with the label of its band, as the km ranges are, so both search
 * engines count and filter on plain text. Bounds are in dollars, inclusive below and exclusive
 * above: a car at $20,000 is in '$20,000 to $30,000'. Only amounts above 0 have a band (a car
 * without a price shows 'Enquire for price', not $0).
 *
 * spec: catalogue §9 — price facets are sorted numerically: orderBands lists bands low to high by
 * amount, never alphabetically or by count.
 */
export interface PriceBand {
  label: string;
  /** Inclusive lower bound in dollars; missing means from the first dollar. */
  min?: number;
  /** Exclusive upper bound in dollars; missing means no upper bound. */
  max?: number;
}

/** Bands of the price shoppers see (the offer price when the car has one, else its price). */
export const PRICE_RANGES: readonly PriceBand[] = [
  { label: 'Under $10,000', max: 10_000 },
  { label: '$10,000 to $20,000', min: 10_000, max: 20_000 },
  { label: '$20,000 to $30,000', min: 20_000, max: 30_000 },
  { label: '$30,000 to $40,000', min: 30_000, max: 40_000 },
  { label: '$40,000 to $50,000', min: 40_000, max: 50_000 },
  { label: '$50,000 to $75,000', min: 50_000, max: 75_000 },
  { label: '$75,000 to $100,000', min: 75_000, max: 100_000 },
  { label: 'Over $100,000', min: 100_000 },
];

/**
 * Bands of the weekly subscription price (cards show it as '$199 per week subscription'): the
 * weekly repayment facet's own bands, so the two weekly figures a site shows are banded alike.
 */
export const SUBSCRIPTION_RANGES: readonly PriceBand[] = WEEKLY_RANGES;

/** The band label for an amount, or undefined when there is no amount above 0. */
export function bandOf(amount: number | null | undefined, bands: readonly PriceBand[]): string | undefined {
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount <= 0) return undefined;
  return bands.find((b) => (b.min === undefined || amount >= b.min) && (b.max === undefined || amount < b.max))?.label;
}

/** The band a URL names, compared case-insensitively as facet values are; undefined for any other text. */
export function findBand(label: string, bands: readonly PriceBand[]): PriceBand | undefined {
  const key = label.trim().toLowerCase();
  return bands.find((band) => band.label.toLowerCase() === key);
}

/**
 * Facet counts low to high by amount: the bands in their own order; any other value after them
 * by its first number, then by text (so '$5,000 to $10,000' comes before '$10,000 to $15,000').
 */
export function orderBands(counts: Readonly<Record<string, number>>, bands: readonly PriceBand[]): FacetValue[] {
  const rank = (value: string) => {
    const index = bands.findIndex((b) => b.label.toLowerCase() === value.trim().toLowerCase());
    return index === -1 ? bands.length : index;
  };
  const amount = (value: string) => leadingNumber(value) ?? Infinity;
  return Object.entries(counts)
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => {
      const byRank = rank(a.value) - rank(b.value);
      if (byRank !== 0) return byRank;
      const x = amount(a.value);
      const y = amount(b.value);
      return (x === y ? 0 : x < y ? -1 : 1) || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0);
    });
}
