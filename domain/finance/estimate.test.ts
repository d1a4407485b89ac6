import { describe, expect, it } from 'vitest';
import { shownPrice } from '../price-display';
import { matchesFilter, type StockFilter } from '../stock-filter';
import {
  estimateSettings,
  advertisesWeekly,
  estimateEligible,
  indicativeEstimateFilter,
  PROVIDER_TYPES,
  quoteAsLender,
  type EstimateCar,
  type EstimateSettings,
} from './estimate';

// spec: catalogue §3 Search facets: ... weekly_price_range — only cars that show a weekly figure are bucketed.
describe('estimate eligibility as a search filter (conversion §5.2)', () => {
  const now = new Date('2026-11-22T00:00:00Z');
  // The site's own indicative quote, as the vehicle page reads it.
  const quote = quoteAsLender({ weeklyRepaymentAmount: 123.45, advertisedRate: 8.99, comparisonRate: 9.61 }, 5);
  const cars: EstimateCar[] = [];
  for (const status of ['in_stock', 'coming_soon', 'sold', 'others'])
    for (const year of [2008, 2014, 2015, 2021, 2026])
      for (const price of [0, 500, 501, 30_000])
        for (const make of ['Toyota', 'Suzuki', 'suzuki'])
          for (const dealership_id of [1, 2]) cars.push({ status, year, price, make, dealership_id });
  cars.push({ status: 'in_stock', year: 2020, price: 400, offer_price: 9_000, make: 'Kia', dealership_id: 1 });
  // The search index holds the shown price (an offer price above 10 wins, catalogue §4).
  const indexed = (car: EstimateCar) => ({ ...car, price: shownPrice(car) });
  const settings = (extra: Partial<EstimateSettings>): EstimateSettings => ({
    provider: 'B',
    enabled: true,
    excludedManufacturers: ['Suzuki'],
    excludedDealerships: [2],
    ...extra,
  });
  const agrees = (s: EstimateSettings) => {
    const filter = indicativeEstimateFilter(s, now);
    const mismatches = cars.filter(
      (car) => matchesFilter(indexed(car), filter, now) !== estimateEligible(car, quote, s, now),
    );
    expect(mismatches).toEqual([]);
    return cars.filter((car) => matchesFilter(indexed(car), filter, now)).length;
  };

  it("selects exactly the cars whose page shows the quote's estimate, for every provider's rule", () => {
    for (const provider of PROVIDER_TYPES) expect(agrees(settings({ provider }))).toBeGreaterThan(0);
  });

  it('leaves out excluded makes (any case) and dealerships, and everything with estimates off', () => {
    expect(agrees(settings({ excludedManufacturers: [], excludedDealerships: [] }))).toBeGreaterThan(
      agrees(settings({})),
    );
    expect(agrees(settings({ enabled: false }))).toBe(0);
  });

  it("reads a tenant's own rule: available, age_years and the quote's flags become index fields", () => {
    const rules: StockFilter[] = [
      {
        all: [
          { field: 'age_years', lt: 6 },
          { field: 'available', eq: true },
        ],
      },
      { any: [{ field: 'age_years', gte: 12 }, { not: { field: 'available', eq: true } }] },
      {
        all: [
          { field: 'age_years', in: [0, 5, 11] },
          { field: 'has_weekly', eq: true },
        ],
      },
      {
        all: [
          { field: 'age_years', eq: 12 },
          { field: 'price', gt: 500 },
        ],
      },
      {
        all: [
          { field: 'age_years', gt: 5 },
          { field: 'age_years', lte: 11 },
        ],
      },
      { field: 'available', eq: false },
      { field: 'available', in: [true, false] },
      { field: 'has_monthly', eq: false },
      { field: 'age_years', exists: true },
      { not: { field: 'has_comparison_rate', exists: true } },
      { field: 'status', eq: 'sold' },
    ];
    for (const rule of rules) agrees(settings({ rule }));
  });

  it('provider G advertises monthly repayments; the others weekly', () => {
    expect(advertisesWeekly('G')).toBe(false);
    expect(advertisesWeekly('A')).toBe(true);
    expect(advertisesWeekly(undefined)).toBe(true);
  });
});

describe('estimateSettings (conversion §5.2)', () => {
  it("takes the site's provider, switch, exclusions and rule, with provider B when none is named", () => {
    const rule = { field: 'year', gte: 2015 };
    expect(
      estimateSettings({
        estimates: true,
        excludedManufacturers: ['Ferrari'],
        excludedDealerships: [7],
        eligibility: rule,
      }),
    ).toEqual({ provider: 'B', enabled: true, excludedManufacturers: ['Ferrari'], excludedDealerships: [7], rule });
    expect(
      estimateSettings({ provider: 'A', estimates: false, excludedManufacturers: [], excludedDealerships: [] }),
    ).toEqual({
      provider: 'A',
      enabled: false,
      excludedManufacturers: [],
      excludedDealerships: [],
    });
  });
});
