import { describe, expect, it } from 'vitest';
import { scopeFilter } from './search-scope';
import { matchesFilter } from './stock-filter';

describe('listing scope (catalogue §4, §9)', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const daysAgo = (d: number) => Math.floor(now.getTime() / 1000) - d * 86_400;
  const listed = (car: Record<string, unknown>, soldVisibleDays = 3) =>
    matchesFilter(
      { dealership_id: 1, show_on_dealer_website: true, ...car },
      scopeFilter({ dealershipIds: [1], soldVisibleDays }),
      now,
    );
  it('lists available cars and cars sold within the window, of the site dealerships, shown on the website', () => {
    expect(listed({ status: 'in_stock' })).toBe(true);
    expect(listed({ status: 'sold', sold_date_timestamp: daysAgo(2) })).toBe(true);
    expect(listed({ status: 'sold', sold_date_timestamp: daysAgo(4) })).toBe(false);
    expect(listed({ status: 'sold', sold_date_timestamp: daysAgo(4) }, 7)).toBe(true);
    expect(listed({ status: 'in_stock', show_on_dealer_website: false })).toBe(false);
    expect(listed({ status: 'in_stock', dealership_id: 2 })).toBe(false);
    expect(listed({ status: 'other' })).toBe(false);
  });

  it('adds the tenant base filter', () => {
    const scope = scopeFilter({
      dealershipIds: [1],
      soldVisibleDays: 3,
      baseFilter: { field: 'car_type', in: ['used'] },
    });
    expect(
      matchesFilter(
        { dealership_id: 1, show_on_dealer_website: true, status: 'in_stock', car_type: 'new' },
        scope,
        now,
      ),
    ).toBe(false);
    expect(
      matchesFilter(
        { dealership_id: 1, show_on_dealer_website: true, status: 'in_stock', car_type: 'used' },
        scope,
        now,
      ),
    ).toBe(true);
  });
});
