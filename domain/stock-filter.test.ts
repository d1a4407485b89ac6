import { describe, expect, it } from 'vitest';
import { matchesFilter } from './stock-filter';

describe('stock filters', () => {
  const now = new Date('2026-11-22T00:00:00Z');
  const car = {
    car_type: 'used',
    make: 'Land Rover',
    price: 45000,
    created_at_timestamp: Date.parse('2026-11-20T00:00:00Z') / 1000,
    stocknum: 'U123',
  };
  it('compares text case-insensitively and numbers by value', () => {
    expect(matchesFilter(car, { field: 'make', eq: 'land rover' }, now)).toBe(true);
    expect(matchesFilter(car, { field: 'car_type', in: ['new', 'demo'] }, now)).toBe(false);
    expect(matchesFilter(car, { field: 'price', gte: 45000 }, now)).toBe(true);
    expect(matchesFilter(car, { field: 'price', lt: 45000 }, now)).toBe(false);
  });

  it('lets not select cars where the field is missing (as Meilisearch does)', () => {
    expect(matchesFilter(car, { not: { field: 'tag', eq: 'SOLD' } }, now)).toBe(true);
    expect(matchesFilter(car, { not: { field: 'km', gte: 3000 } }, now)).toBe(true);
    expect(matchesFilter(car, { field: 'km', exists: true }, now)).toBe(false);
    expect(matchesFilter(car, { field: 'km', exists: false }, now)).toBe(true);
  });

  it('resolves relative times to unix seconds when the query runs', () => {
    expect(matchesFilter(car, { field: 'created_at_timestamp', gte: { daysAgo: 3 } }, now)).toBe(true);
    expect(matchesFilter(car, { field: 'created_at_timestamp', gte: { daysAgo: 1 } }, now)).toBe(false);
  });

  it('combines with all, any and not, as in the issue example base filter', () => {
    const base = { all: [{ field: 'car_type', in: ['used'] }, { not: { field: 'stocknum', in: ['U123', 'U456'] } }] };
    expect(matchesFilter(car, base, now)).toBe(false);
    expect(matchesFilter({ ...car, stocknum: 'U999' }, base, now)).toBe(true);
    expect(
      matchesFilter(
        car,
        {
          any: [
            { field: 'make', eq: 'Kia' },
            { field: 'price', lt: 50000 },
          ],
        },
        now,
      ),
    ).toBe(true);
    expect(matchesFilter(car, { all: [] }, now)).toBe(true);
  });
});
