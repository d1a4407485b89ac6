/**
 * The vehicle page's market-price badge (catalogue §5, §9): shown when the car is priced well below
 * the market average. Pure: no React, no I/O.
 */
import { shownPrice, type PricedCar } from '../price-display';
import { positiveNumber } from './feed-number';

// spec: catalogue §9 — market-price threshold 499 (§5: the average minus the price is more than 499).
export const MARKET_PRICE_THRESHOLD = 499;

export interface MarketPricedCar extends Pick<PricedCar, 'price' | 'offer_price'> {
  autograb_data?: {
    state_average_market_price?: number | string | null;
    average_market_price?: number | string | null;
  } | null;
}

export interface MarketPriceBadge {
  show: boolean;
  /** The market average compared against (state when present, else national). */
  average?: number;
  /** average minus the shown price. */
  saving?: number;
}

/**
 * spec: catalogue §5 market-price badge — "shown only when the market average minus the price is
 * more than 499 and the price is below the state average; it uses the state average if present,
 * otherwise the national average."
 *
 * Reading: the one average used is the state average when present (a positive number), otherwise
 * the national average; "the state average" in the second clause is that chosen average (requiring
 * a state average would make the national fallback dead). The second clause then follows from the
 * first (average - price > 499 implies price < average), so the rule is `average - price > 499`,
 * strictly (a saving of exactly 499 hides the badge). "The price" is the shown price (offer price
 * above 10, else price) so the badge agrees with the figure beside it; an unpriced car (shown
 * price 0 or less) never shows the badge. A zero, negative or non-numeric average counts as absent.
 */
export function marketPriceBadge(car: MarketPricedCar): MarketPriceBadge {
  const data = car.autograb_data ?? undefined;
  const average = positiveNumber(data?.state_average_market_price) ?? positiveNumber(data?.average_market_price);
  const price = shownPrice(car);
  if (average === undefined || !(price > 0)) return { show: false };
  const saving = average - price;
  return saving > MARKET_PRICE_THRESHOLD ? { show: true, average, saving } : { show: false };
}
