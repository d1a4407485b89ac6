import type { StockFilter } from './stock-filter';

/** spec: catalogue §9 similar cars — price within ±10,000 under 50,000, otherwise ±25,000. */
export const SIMILAR_PRICE_THRESHOLD = 50_000;
export const SIMILAR_TOLERANCE_LOW = 10_000;
export const SIMILAR_TOLERANCE_HIGH = 25_000;
/** spec: catalogue §9 — at most 6 similar cars. */
export const SIMILAR_CARS_LIMIT = 6;
/** spec: catalogue §7 similar cars multi-query — each query of the list asks for `limit 10`. */
export const SIMILAR_QUERY_LIMIT = 10;

export interface ScopeSettings {
  dealershipIds: readonly number[];
  soldVisibleDays: number;
  baseFilter?: StockFilter;
}

/**
 * Everything a site may list, as one filter the server always applies (catalogue §9 listing rule):
 * the site's dealerships, shown on the dealer website, in stock or coming soon or sold within the
 * site's days, and the tenant's base filter. Nothing from a URL is part of it.
 */
export function scopeFilter(settings: ScopeSettings): StockFilter {
  const parts: StockFilter[] = [
    { field: 'dealership_id', in: [...settings.dealershipIds] },
    { field: 'show_on_dealer_website', eq: true },
    {
      any: [
        { field: 'status', in: ['in_stock', 'coming_soon'] },
        {
          all: [
            { field: 'status', eq: 'sold' },
            { field: 'sold_date_timestamp', gte: { daysAgo: settings.soldVisibleDays } },
          ],
        },
      ],
    },
  ];
  if (settings.baseFilter) parts.push(settings.baseFilter);
  return { all: parts };
}

export function similarPriceRange(price: number): { min: number; max: number } {
  const tolerance = price < SIMILAR_PRICE_THRESHOLD ? SIMILAR_TOLERANCE_LOW : SIMILAR_TOLERANCE_HIGH;
  return { min: Math.max(0, price - tolerance), max: price + tolerance };
}
