import { describe, expect, it } from 'vitest';
import { MARKET_PRICE_THRESHOLD, marketPriceBadge } from './market-price-badge';

describe('market-price badge', () => {
  // spec: catalogue §9 — market-price threshold 499.
  it('uses the 499 threshold', () => {
    expect(MARKET_PRICE_THRESHOLD).toBe(499);
  });

  // spec: catalogue §5 market-price badge — the market average minus the price is more than 499.
  it('shows only when the average is more than 499 above the price', () => {
    const car = (state: number) => ({ price: 30_000, autograb_data: { state_average_market_price: state } });
    expect(marketPriceBadge(car(30_500))).toEqual({ show: true, average: 30_500, saving: 500 });
    expect(marketPriceBadge(car(30_499))).toEqual({ show: false });
    expect(marketPriceBadge(car(30_499.5))).toEqual({ show: true, average: 30_499.5, saving: 499.5 });
    expect(marketPriceBadge(car(29_000))).toEqual({ show: false });
  });

  // spec: catalogue §5 market-price badge — uses the state average if present, otherwise the national average.
  it('prefers the state average and falls back to the national average', () => {
    const both = { price: 30_000, autograb_data: { state_average_market_price: 30_200, average_market_price: 35_000 } };
    expect(marketPriceBadge(both).show).toBe(false);
    const national = { price: 30_000, autograb_data: { average_market_price: 35_000 } };
    expect(marketPriceBadge(national)).toEqual({ show: true, average: 35_000, saving: 5_000 });
    const zeroState = { price: 30_000, autograb_data: { state_average_market_price: 0, average_market_price: 35_000 } };
    expect(marketPriceBadge(zeroState).average).toBe(35_000);
    const stringy = {
      price: 30_000,
      autograb_data: { state_average_market_price: '31000', average_market_price: null },
    };
    expect(marketPriceBadge(stringy)).toEqual({ show: true, average: 31_000, saving: 1_000 });
  });

  // spec: catalogue §5 market-price badge — "the price" is the shown price; no price, no badge.
  it('compares the shown price and hides for unpriced cars or missing data', () => {
    const offer = { price: 40_000, offer_price: 34_000, autograb_data: { state_average_market_price: 36_000 } };
    expect(marketPriceBadge(offer)).toEqual({ show: true, average: 36_000, saving: 2_000 });
    expect(marketPriceBadge({ price: 0, autograb_data: { state_average_market_price: 36_000 } }).show).toBe(false);
    expect(marketPriceBadge({ price: 30_000 }).show).toBe(false);
    expect(marketPriceBadge({ price: 30_000, autograb_data: null }).show).toBe(false);
    expect(marketPriceBadge({ price: 30_000, autograb_data: { state_average_market_price: 'n/a' } }).show).toBe(false);
  });
});
