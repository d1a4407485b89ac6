import { generateDemoFeed } from './generate-feed';
import { normaliseVehicle } from '../domain/normalise-vehicle';
import { toSearchDocument } from '../services/search/documents';
import type { SearchDocument } from '../services/search/types';
import type { StockFilter } from '../domain/stock-filter';

/** The demo feed as search documents, for conformance tests and benchmarks. */
export function demoDocuments(now: Date, seed?: number): SearchDocument[] {
  const feed = generateDemoFeed({ now, seed });
  const dealerships = new Map(feed.dealerships.map((d) => [d.id, d]));
  const locations = new Map(feed.locations.map((l) => [l.id, l]));
  return feed.cars.map((raw) => {
    const car = normaliseVehicle(raw);
    return toSearchDocument(
      car,
      dealerships.get(car.dealership_id),
      car.location_id === undefined ? undefined : locations.get(car.location_id),
    );
  });
}

/** A deterministic pseudo-random generator (mulberry32). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Random filter-only queries drawn from the documents' own values (so most match something). */
export function randomFilters(documents: readonly SearchDocument[], count: number, seed = 7): StockFilter[] {
  const next = rng(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const values = (field: keyof SearchDocument) =>
    [...new Set(documents.map((d) => d[field]).filter((v) => v !== undefined))] as Array<string | number>;
  const makes = values('make');
  const bodies = values('simple_body');
  const fuels = values('simple_fuel');
  const dealers = values('dealership_id');
  const stocknums = values('stocknum');
  const conditions: Array<() => StockFilter> = [
    () => ({ field: 'car_type', in: [pick(['new', 'demo', 'used']), pick(['new', 'demo', 'used'])] }),
    () => ({ field: 'make', in: [pick(makes), pick(makes)] }),
    () => ({ field: 'make', eq: String(pick(makes)).toUpperCase() }),
    () => ({ field: 'simple_body', eq: pick(bodies) }),
    () => ({ field: 'simple_fuel', in: [pick(fuels)] }),
    () => ({ field: 'price', gte: Math.round(next() * 40_000) }),
    () => ({ field: 'price', lte: 20_000 + Math.round(next() * 80_000) }),
    () => ({ field: 'km', lt: Math.round(next() * 100_000) }),
    () => ({ field: 'year', gte: 2010 + Math.floor(next() * 14) }),
    () => ({ field: 'dealership_id', in: [pick(dealers), pick(dealers)] }),
    () => ({ not: { field: 'stocknum', in: [pick(stocknums), pick(stocknums)] } }),
    () => ({ not: { field: 'km', gte: 3000 } }),
    () => ({ field: 'tag', exists: next() < 0.5 }),
    () => ({ field: 'reserved', eq: true }),
    () => ({
      any: [
        { field: 'status', in: ['in_stock', 'coming_soon'] },
        {
          all: [
            { field: 'status', eq: 'sold' },
            { field: 'sold_date_timestamp', gte: { daysAgo: 3 } },
          ],
        },
      ],
    }),
    () => ({ field: 'created_at_timestamp', gte: { daysAgo: Math.floor(next() * 30) } }),
  ];
  return Array.from({ length: count }, () => {
    const parts = Array.from({ length: 1 + Math.floor(next() * 3) }, () => pick(conditions)());
    return parts.length === 1 ? (parts[0] as StockFilter) : { all: parts };
  });
}
