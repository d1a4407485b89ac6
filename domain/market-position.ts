/**
 * What the market gauge says to a shopper (issue 20): where the price sits against the market, in
 * money, e.g. 'Priced $1,210 below the market average for this model'. The gauge's fill bands
 * (catalogue §9) only colour it; 'Market position: high' read as "the price is high" on a car near
 * the bottom of its range, so no band is ever put into words. Pure.
 */
import { formatMoney } from './format';
import { MARKET_PRICE_THRESHOLD } from './vehicle/market-price-badge';

/**
 * A price within this of the average reads as about the average: the same line the §5 market badge
 * draws (spec: catalogue §9 "Market-price threshold 499"), so the gauge never calls a price
 * "below the market average" that the badge does not.
 */
export const ABOUT_AVERAGE_WITHIN = MARKET_PRICE_THRESHOLD;

export interface MarketPositionInput {
  price: number;
  rangeMin: number;
  rangeMax: number;
  /** The market average when the provider gives one; otherwise the middle of the range is compared. */
  average?: number | null;
}

export interface MarketPosition {
  kind: 'below' | 'about' | 'above';
  /** Reference minus price in whole dollars: positive when the price is below. */
  difference: number;
  /** The headline: 'Priced $1,210 below the market average for this model'. */
  sentence: string;
  /** Where the price sits against the range: 'Within the market range of $30,000 to $36,000'. */
  range: string;
}

export function marketPosition(input: MarketPositionInput, currency: string): MarketPosition {
  const hasAverage = typeof input.average === 'number' && Number.isFinite(input.average) && input.average > 0;
  const reference = hasAverage ? (input.average as number) : (input.rangeMin + input.rangeMax) / 2;
  const against = hasAverage ? 'the market average for this model' : 'the middle of the market range for this model';
  // Whole dollars: the reference is an estimate, so cents would claim a precision it does not have.
  const difference = Math.round(reference - input.price);
  const kind = Math.abs(difference) <= ABOUT_AVERAGE_WITHIN ? 'about' : difference > 0 ? 'below' : 'above';
  const money = (amount: number) => formatMoney(amount, currency);
  const sentence =
    kind === 'about' ? `Priced close to ${against}` : `Priced ${money(Math.abs(difference))} ${kind} ${against}`;
  const span = `${money(input.rangeMin)} to ${money(input.rangeMax)}`;
  const range =
    input.price < input.rangeMin
      ? `Below the market range of ${span}`
      : input.price > input.rangeMax
        ? `Above the market range of ${span}`
        : `Within the market range of ${span}`;
  return { kind, difference, sentence, range };
}
