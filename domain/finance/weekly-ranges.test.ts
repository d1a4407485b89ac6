import { describe, expect, it } from 'vitest';
import { calculatorBounds, NO_FEES } from './calculator';
import { indicativeWeekly, type IndicativeTerms } from './indicative-quote';
import {
  findWeeklyRange,
  indicativeWeeklyPrices,
  priceSpanFilter,
  pricesInWeeklyRange,
  WEEKLY_RANGES,
  weeklyRangeOf,
  type PriceSpan,
} from './weekly-ranges';
import { matchesFilter } from '../stock-filter';

// spec: catalogue §3 Search facets: ... weekly_price_range

/** Terms like the demo sites': an establishment fee with a 30% final payment, every fee kind, and 0%. */
const SITES: Record<string, IndicativeTerms> = {
  'establishment fee, 30% final payment': {
    interestRate: 8.99,
    depositPercent: 10,
    balloonPercent: 30,
    fees: { ...NO_FEES, establishment: 1360.5 },
  },
  'every fee, monthly account fee': {
    interestRate: 7.49,
    depositPercent: 10,
    balloonPercent: 30,
    fees: { establishment: 395, securityRegistration: 6, dealerAgency: 912.25, monthlyAccount: 8 },
    bounds: { interest: { min: 4, max: 20 } },
  },
  'zero rate, no fees': {
    interestRate: 0,
    depositPercent: 10,
    balloonPercent: 30,
    fees: NO_FEES,
    bounds: { interest: { min: 0 } },
  },
  'no deposit, no final payment, $5,000 minimum price': {
    interestRate: 12.5,
    depositPercent: 0,
    balloonPercent: 0,
    fees: NO_FEES,
    bounds: { price: { min: 5000 } },
  },
};

const inSpan = (span: PriceSpan | undefined, price: number) =>
  span !== undefined &&
  price >= span.min &&
  (span.below === undefined || price < span.below) &&
  (span.max === undefined || price <= span.max);

describe('weekly repayment buckets (catalogue §3 search facets: weekly_price_range)', () => {
  it('reads the figure in whole dollars as shown, lower bound inclusive', () => {
    expect(weeklyRangeOf(25.5)).toBe('Under $100 a week');
    expect(weeklyRangeOf(99.49)).toBe('Under $100 a week');
    // Shown as '$100 per week' on the vehicle page, so not 'Under $100'.
    expect(weeklyRangeOf(99.5)).toBe('$100 to $150 a week');
    expect(weeklyRangeOf(149.49)).toBe('$100 to $150 a week');
    expect(weeklyRangeOf(150)).toBe('$150 to $200 a week');
    expect(weeklyRangeOf(200)).toBe('$200 to $300 a week');
    expect(weeklyRangeOf(299.49)).toBe('$200 to $300 a week');
    expect(weeklyRangeOf(300)).toBe('Over $300 a week');
    expect(weeklyRangeOf(4_000)).toBe('Over $300 a week');
  });

  it('gives no bucket where no figure is shown', () => {
    expect(weeklyRangeOf(undefined)).toBeUndefined();
    expect(weeklyRangeOf(0)).toBeUndefined();
    expect(weeklyRangeOf(Number.NaN)).toBeUndefined();
  });

  it('has buckets that run from the lowest figure up without gaps or overlaps', () => {
    expect(WEEKLY_RANGES[0]?.min).toBeUndefined();
    expect(WEEKLY_RANGES.at(-1)?.max).toBeUndefined();
    for (let i = 1; i < WEEKLY_RANGES.length; i++) expect(WEEKLY_RANGES[i]?.min).toBe(WEEKLY_RANGES[i - 1]?.max);
  });

  it('finds a bucket by its label in any case, and nothing for other text', () => {
    expect(findWeeklyRange(' $100 TO $150 a week ')?.label).toBe('$100 to $150 a week');
    expect(findWeeklyRange('$100 to $151 a week')).toBeUndefined();
    expect(findWeeklyRange('')).toBeUndefined();
  });
});

describe('a bucket as a price range (bisection over a rising weekly figure)', () => {
  // A figure of price / 100, shown only above $25 (as the calculator's 'Enquire for Finance').
  const linear = (price: number) => (price / 100 > 25 ? Math.round(price / 100) : undefined);
  const limits = { min: 1_000, max: 250_000 };
  const bucket = (label: string) => {
    const range = findWeeklyRange(label);
    if (!range) throw new Error(label);
    return range;
  };

  it('finds each edge to the cent, from the first price with a figure to the top price limit', () => {
    expect(pricesInWeeklyRange(bucket('Under $100 a week'), linear, limits)).toEqual({ min: 2_500.01, below: 9_950 });
    expect(pricesInWeeklyRange(bucket('$100 to $150 a week'), linear, limits)).toEqual({ min: 9_950, below: 14_950 });
    expect(pricesInWeeklyRange(bucket('Over $300 a week'), linear, limits)).toEqual({ min: 29_950, max: 250_000 });
  });

  it('is empty when no price in the limits reaches the bucket, and open-ended when none passes it', () => {
    const low = { min: 1_000, max: 12_000 };
    expect(pricesInWeeklyRange(bucket('$150 to $200 a week'), linear, low)).toBeUndefined();
    expect(pricesInWeeklyRange(bucket('$100 to $150 a week'), linear, low)).toEqual({ min: 9_950, max: 12_000 });
    const dear = { min: 40_000, max: 60_000 };
    expect(pricesInWeeklyRange(bucket('Under $100 a week'), linear, dear)).toBeUndefined();
    expect(pricesInWeeklyRange(bucket('$200 to $300 a week'), linear, { min: 5, max: 1 })).toBeUndefined();
  });

  it('becomes a price filter both engines run; no span selects nothing', () => {
    const filter = priceSpanFilter({ min: 9_950, below: 14_950 });
    expect(matchesFilter({ price: 9_950 }, filter, new Date())).toBe(true);
    expect(matchesFilter({ price: 9_949.99 }, filter, new Date())).toBe(false);
    expect(matchesFilter({ price: 14_950 }, filter, new Date())).toBe(false);
    expect(matchesFilter({ price: 250_000 }, priceSpanFilter({ min: 1, max: 250_000 }), new Date())).toBe(true);
    expect(matchesFilter({ price: 250_000.01 }, priceSpanFilter({ min: 1, max: 250_000 }), new Date())).toBe(false);
    expect(matchesFilter({ price: 20_000 }, priceSpanFilter(undefined), new Date())).toBe(false);
  });

  for (const [name, terms] of Object.entries(SITES)) {
    it(`agrees with the indicative weekly figure at every edge: ${name}`, () => {
      const weekly = indicativeWeekly(terms);
      const labelAt = (price: number) => weeklyRangeOf(weekly(price));
      const spans = WEEKLY_RANGES.map((range) => ({ label: range.label, span: indicativeWeeklyPrices(range, terms) }));
      const shown = spans.filter((s) => s.span);
      expect(shown.length).toBeGreaterThanOrEqual(3);
      for (const [i, { label, span }] of shown.entries()) {
        if (!span) continue;
        expect(labelAt(span.min), `${label} from ${span.min}`).toBe(label);
        // A cent under the first bucket's start shows no figure; under a later one, the bucket before.
        expect(labelAt(Math.round(span.min * 100 - 1) / 100)).toBe(i === 0 ? undefined : shown[i - 1]?.label);
        if (span.below !== undefined) {
          expect(labelAt(Math.round(span.below * 100 - 1) / 100), `${label} below ${span.below}`).toBe(label);
          expect(labelAt(span.below)).toBe(shown[i + 1]?.label);
        } else {
          expect(span.max).toBe(calculatorBounds(terms.bounds).price.max);
          expect(labelAt(span.max ?? 0)).toBe(label);
          expect(weekly((span.max ?? 0) + 0.01)).toBeUndefined();
        }
      }
    });

    it(`puts whole-dollar prices in their figure's bucket, except within a cent of an edge: ${name}`, () => {
      // The calculator rounds the deposit and final payment to whole dollars, so the figure can dip
      // by a cent after such a step; only a figure within a cent of a rounding edge may disagree.
      const weekly = indicativeWeekly(terms);
      const spans = WEEKLY_RANGES.map((range) => ({ label: range.label, span: indicativeWeeklyPrices(range, terms) }));
      const edges = [25, ...WEEKLY_RANGES.flatMap((r) => (r.min === undefined ? [] : [r.min - 0.5]))];
      const { min, max } = calculatorBounds(terms.bounds).price;
      // Every dollar within $500 of each edge's price, and a coarse pass over the rest.
      const prices = new Set<number>();
      for (const { span } of spans)
        for (const edge of [span?.min, span?.below].filter((p) => p !== undefined))
          for (let price = Math.floor(edge) - 500; price <= edge + 500; price++) prices.add(price);
      for (let price = min; price <= max; price += 97) prices.add(price);
      let disagreements = 0;
      for (const price of prices) {
        if (price < min || price > max) continue;
        const figure = weekly(price);
        const bySpan = spans.find((s) => inSpan(s.span, price))?.label;
        if (bySpan === weeklyRangeOf(figure)) continue;
        disagreements++;
        const near = figure === undefined ? 25 : figure;
        expect(
          edges.some((edge) => Math.abs(near - edge) <= 0.0100001),
          `$${price}: figure ${figure}, bucket ${bySpan}`,
        ).toBe(true);
      }
      expect(disagreements).toBeLessThan(10);
    });
  }
});
