import { describe, expect, it } from 'vitest';
import { ABOUT_AVERAGE_WITHIN, marketPosition } from './market-position';

const range = { rangeMin: 30000, rangeMax: 36000 };

describe('what the market gauge tells a shopper (issue 20)', () => {
  // Issue 20: 'Great Deal' beside 'Market position: high' on a car near the bottom of its range;
  // the gauge says where the price sits, in money.
  it('says how far below the market average a price is, in en-AU money', () => {
    expect(marketPosition({ price: 31790, average: 33000, ...range }, 'AUD')).toEqual({
      kind: 'below',
      difference: 1210,
      sentence: 'Priced $1,210 below the market average for this model',
      range: 'Within the market range of $30,000 to $36,000',
    });
  });

  it('says how far above it a price is', () => {
    expect(marketPosition({ price: 35500, average: 33000, ...range }, 'AUD')).toMatchObject({
      kind: 'above',
      difference: -2500,
      sentence: 'Priced $2,500 above the market average for this model',
    });
  });

  // spec: catalogue §9 — "Market-price threshold 499": within it a price is about the average.
  it('calls a price within $499 of the average close to it, on both sides', () => {
    for (const price of [33000, 33000 - ABOUT_AVERAGE_WITHIN, 33000 + ABOUT_AVERAGE_WITHIN]) {
      expect(marketPosition({ price, average: 33000, ...range }, 'AUD')).toMatchObject({
        kind: 'about',
        sentence: 'Priced close to the market average for this model',
      });
    }
    expect(marketPosition({ price: 33000 - 500, average: 33000, ...range }, 'AUD').sentence).toBe(
      'Priced $500 below the market average for this model',
    );
  });

  it('rounds to whole dollars before it decides', () => {
    expect(marketPosition({ price: 31789.6, average: 33000, ...range }, 'AUD')).toMatchObject({
      difference: 1210,
      sentence: 'Priced $1,210 below the market average for this model',
    });
    expect(marketPosition({ price: 32500.6, average: 33000, ...range }, 'AUD').kind).toBe('about'); // 499.4 -> $499
    expect(marketPosition({ price: 32500.4, average: 33000, ...range }, 'AUD').sentence).toBe(
      'Priced $500 below the market average for this model', // 499.6 -> $500
    );
  });

  it('compares with the middle of the range, and says so, when the provider gives no average', () => {
    expect(marketPosition({ price: 31000, ...range }, 'AUD').sentence).toBe(
      'Priced $2,000 below the middle of the market range for this model',
    );
    expect(marketPosition({ price: 31000, average: 0, ...range }, 'AUD').difference).toBe(2000);
    expect(marketPosition({ price: 31000, average: Number.NaN, ...range }, 'AUD').difference).toBe(2000);
  });

  it('places the price against the range', () => {
    expect(marketPosition({ price: 28000, average: 33000, ...range }, 'AUD').range).toBe(
      'Below the market range of $30,000 to $36,000',
    );
    expect(marketPosition({ price: 37000, average: 33000, ...range }, 'AUD').range).toBe(
      'Above the market range of $30,000 to $36,000',
    );
    expect(marketPosition({ price: 30000, average: 33000, ...range }, 'AUD').range).toBe(
      'Within the market range of $30,000 to $36,000',
    );
  });

  it("writes money in the site's currency", () => {
    expect(marketPosition({ price: 31790, average: 33000, ...range }, 'NZD').sentence).toBe(
      'Priced $1,210 below the market average for this model',
    );
    expect(marketPosition({ price: 31790, average: 33000, ...range }, 'USD').sentence).toMatch(
      /^Priced USD\s1,210 below/,
    );
  });
});
