import { describe, expect, it } from 'vitest';
import { PRICE_RANGES, SUBSCRIPTION_RANGES, bandOf, findBand, orderBands, type PriceBand } from './price-bands';

const contiguous = (bands: readonly PriceBand[]) => {
  expect(bands[0]?.min).toBeUndefined();
  expect(bands.at(-1)?.max).toBeUndefined();
  for (let i = 1; i < bands.length; i++) expect(bands[i]?.min).toBe(bands[i - 1]?.max);
};

describe('price bands (spec: catalogue §3 Search facets: price_range)', () => {
  it('puts each price in exactly one band, lower bound inclusive', () => {
    expect(bandOf(1, PRICE_RANGES)).toBe('Under $10,000');
    expect(bandOf(9_999.99, PRICE_RANGES)).toBe('Under $10,000');
    expect(bandOf(10_000, PRICE_RANGES)).toBe('$10,000 to $20,000');
    expect(bandOf(49_990, PRICE_RANGES)).toBe('$40,000 to $50,000');
    expect(bandOf(74_999, PRICE_RANGES)).toBe('$50,000 to $75,000');
    expect(bandOf(100_000, PRICE_RANGES)).toBe('Over $100,000');
    expect(bandOf(2_500_000, PRICE_RANGES)).toBe('Over $100,000');
  });

  it('gives no band to a car without a price (enquire for price), or to nonsense', () => {
    for (const amount of [0, -1, undefined, null, Number.NaN, Number.POSITIVE_INFINITY])
      expect(bandOf(amount, PRICE_RANGES)).toBeUndefined();
  });

  it('has bands that cover every price without gaps or overlaps', () => {
    contiguous(PRICE_RANGES);
    contiguous(SUBSCRIPTION_RANGES);
  });

  it('finds a band by its label whatever the case, and nothing for other text', () => {
    expect(findBand('  over $100,000 ', PRICE_RANGES)?.min).toBe(100_000);
    expect(findBand('cheap', PRICE_RANGES)).toBeUndefined();
    expect(findBand('$150 TO $200 A WEEK', SUBSCRIPTION_RANGES)?.max).toBe(200);
  });
});

describe('subscription price bands (spec: catalogue §3 Search facets: subscription_price)', () => {
  it('bands the weekly subscription price; 0 is no subscription', () => {
    expect(bandOf(99, SUBSCRIPTION_RANGES)).toBe('Under $100 a week');
    expect(bandOf(100, SUBSCRIPTION_RANGES)).toBe('$100 to $150 a week');
    expect(bandOf(299, SUBSCRIPTION_RANGES)).toBe('$200 to $300 a week');
    expect(bandOf(300, SUBSCRIPTION_RANGES)).toBe('Over $300 a week');
    expect(bandOf(0, SUBSCRIPTION_RANGES)).toBeUndefined();
  });
});

describe('price facet order (spec: catalogue §9 price facets sorted numerically)', () => {
  it('lists bands low to high by amount, not by count or alphabetically', () => {
    const counts = {
      'Over $100,000': 50,
      '$10,000 to $20,000': 1,
      'Under $10,000': 3,
      '$100,000 to $200,000': 7,
      '$50,000 to $75,000': 9,
      '$20,000 to $30,000': 2,
    };
    expect(orderBands(counts, PRICE_RANGES).map((v) => v.value)).toEqual([
      'Under $10,000',
      '$10,000 to $20,000',
      '$20,000 to $30,000',
      '$50,000 to $75,000',
      'Over $100,000',
      '$100,000 to $200,000', // not one of the bands: after them
    ]);
    expect(orderBands(counts, PRICE_RANGES)[0]).toEqual({ value: 'Under $10,000', count: 3 });
  });

  it('orders values that are not bands by amount, so $5,000 comes before $10,000', () => {
    const ordered = orderBands({ '$10,000 to $15,000': 4, '$5,000 to $10,000': 2, '$100,000 to $150,000': 1 }, []);
    expect(ordered.map((v) => v.value)).toEqual(['$5,000 to $10,000', '$10,000 to $15,000', '$100,000 to $150,000']);
  });

  it('lists subscription bands low to high', () => {
    const ordered = orderBands(
      { 'Over $300 a week': 1, '$100 to $150 a week': 1, 'Under $100 a week': 1, '$200 to $300 a week': 1 },
      SUBSCRIPTION_RANGES,
    );
    expect(ordered.map((v) => v.value)).toEqual([
      'Under $100 a week',
      '$100 to $150 a week',
      '$200 to $300 a week',
      'Over $300 a week',
    ]);
  });
});
