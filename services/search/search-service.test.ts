import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type PlatformDb } from '../db/database';
import { openTestDatabaseAt } from '../db/test-database';
import { holdCar, releaseReservation } from '../reservations/reservations';
import { importFeed } from '../stock/import-feed';
import { pruneStockChanges, recordStockChange } from '../stock/stock-changes';
import { StockRepository } from '../stock/stock-repository';
import { EmbeddedEngine } from './embedded-engine';
import { SearchService, STOCK_POLL_MS } from './search-service';

/** A poll interval for the tests of a process that asks at most once per interval (the default asks on every search). */
const POLL_MS = 1_000;
import { loadTenantRegistry } from '../../engine/tenant-registry';
import type { ResolvedTenant } from '../../schemas/types.generated';
import { feedCar } from '../stock/test-feed';

const entry = loadTenantRegistry().tenants.get('harbour-city-mazda');
if (!entry?.ok) throw new Error('demo tenant missing');
const tenant = (overrides: Partial<ResolvedTenant['search']> = {}, dealerships = [1]): ResolvedTenant => ({
  ...entry.config,
  dealerships,
  search: { ...entry.config.search, baseFilter: undefined, ...overrides },
});

const now = new Date('2026-11-22T00:00:00Z');
const seconds = (days: number) => Math.floor(now.getTime() / 1000) - days * 86_400;
let db: PlatformDb;
let url: string;
let service: SearchService;
let engine: EmbeddedEngine;
let repo: StockRepository;
/** The service's clock: tests move it past the poll interval instead of sleeping. */
let clock = 0;
const others: PlatformDb[] = [];
/** Another process's connection to the same database. */
const elsewhere = () => {
  const other = openDatabase(url);
  others.push(other);
  return other;
};
const car = (id: number, extra: Record<string, unknown> = {}) =>
  feedCar(id, { stocknum: `S${id}`, simple_body: 'SUV', ...extra });

beforeEach(async () => {
  ({ db, url } = await openTestDatabaseAt());
  repo = new StockRepository(db);
  engine = new EmbeddedEngine();
  clock = 0;
  service = new SearchService(engine, repo, { clock: () => clock, pollMs: POLL_MS });
  await importFeed(
    db,
    {
      dealerships: [
        { id: 1, slug: 'one', name: 'One' },
        { id: 2, slug: 'two', name: 'Two' },
      ],
      cars: [
        car(1),
        car(2, { price: 39_000 }), // within +10,000
        car(3, { price: 41_000 }), // outside +10,000
        car(4, { price: 25_000, status: 'sold', sold_date_timestamp: seconds(1) }), // sold: listed, but not similar
        car(5, { price: 31_000, dealership_id: 2 }), // another tenant's dealership
        car(6, { price: 22_000, model: 'CX-30' }),
        car(7, { price: 80_000 }),
        car(8, { price: 60_000, status: 'coming_soon' }),
        ...Array.from({ length: 8 }, (_, i) => car(20 + i, { price: 30_500 + i })),
      ],
    },
    { file: 'test' },
  );
});
afterEach(async () => {
  await Promise.all(others.splice(0).map((o) => o.destroy()));
  await db.destroy();
});

describe('SearchService', () => {
  it('applies the tenant scope whatever the request asks for', async () => {
    const result = await service.search(
      tenant(),
      { filter: { field: 'dealership_id', in: [2] }, sort: 'latest', page: 1, hitsPerPage: 50, facets: [] },
      now,
    );
    expect(result.count).toBe(0);
    const all = await service.search(tenant(), { sort: 'latest', page: 1, hitsPerPage: 50, facets: ['car_type'] }, now);
    expect(all.hits.map((c) => c.id)).not.toContain(5);
    expect(all.count).toBe(15);
  });

  it('applies the base filter and the sold window (catalogue §9)', async () => {
    const used = await service.search(
      tenant({ baseFilter: { field: 'price', lt: 30_000 }, soldVisibleDays: 0 }),
      { sort: 'latest', page: 1, hitsPerPage: 50, facets: [] },
      now,
    );
    expect(used.hits.map((c) => c.id).sort((a, b) => a - b)).toEqual([6]);
  });

  it('drops unpriced cars from lowest price where the tenant says so (catalogue §5)', async () => {
    await importFeed(db, { cars: [car(99, { price: 0 })] }, { file: 'more' });
    clock += POLL_MS;
    const keep = await service.search(tenant(), { sort: 'lowestPrice', page: 1, hitsPerPage: 1, facets: [] }, now);
    expect(keep.hits[0]?.id).toBe(99);
    const drop = await service.search(
      tenant({ priceAscExcludesUnpriced: true }),
      { sort: 'lowestPrice', page: 1, hitsPerPage: 1, facets: [] },
      now,
    );
    expect(drop.hits[0]?.id).not.toBe(99);
  });

  it('re-indexes after an import', async () => {
    const before = await service.search(tenant(), { sort: 'latest', page: 1, hitsPerPage: 0, facets: [] }, now);
    await importFeed(db, { cars: [car(100)] }, { file: 'more' });
    clock += POLL_MS;
    const after = await service.search(tenant(), { sort: 'latest', page: 1, hitsPerPage: 0, facets: [] }, now);
    expect(after.count).toBe(before.count + 1);
  });

  it('pages and counts pages', async () => {
    const result = await service.search(tenant(), { sort: 'lowestPrice', page: 2, hitsPerPage: 4, facets: [] }, now);
    expect(result).toMatchObject({ page: 2, pages: 4, count: 15 });
    expect(result.hits).toHaveLength(4);
  });

  // spec: catalogue §9 similar cars — at most 6, in stock only, price ±10,000 under 50,000, else ±25,000.
  it('finds at most 6 similar cars, in stock, within the price tolerance, never the car itself', async () => {
    const [first] = await new StockRepository(db).carsByIds([1]);
    const similar = await service.similar(tenant(), first!, now);
    expect(similar.length).toBe(6);
    for (const s of similar) {
      expect(s.id).not.toBe(1);
      expect(s.status).toBe('in_stock');
      expect(Math.abs(s.price - 30_000)).toBeLessThanOrEqual(10_000);
      expect(s.dealership_id).toBe(1);
    }
    // spec: catalogue §7 — the similar-cars multi-query asks each query for limit 10.
    const multiSearch = vi.spyOn(engine, 'multiSearch');
    await service.similar(tenant(), first!, now);
    expect(multiSearch.mock.calls[0]?.[0].map((q) => [q.offset, q.limit])).toEqual([
      [0, 10],
      [0, 10],
      [0, 10],
    ]);
    multiSearch.mockRestore();
    const [expensive] = await new StockRepository(db).carsByIds([7]);
    const pricey = await service.similar(tenant(), expensive!, now);
    expect(pricey.map((c) => c.id)).toEqual([]); // 60,000 is coming soon, not in stock; nothing else within ±25,000
  });
});

// Issue 17: stock changes reach every process within 5 s, without rebuilding for one car.
describe('SearchService follows the stock change log', () => {
  const page = { sort: 'latest', page: 1, hitsPerPage: 50, facets: [] } as const;
  const reservedIds = async () =>
    (await service.search(tenant(), { ...page, filter: { field: 'reserved', eq: true } }, now)).hits.map((c) => c.id);
  const hold = (on: PlatformDb, carId: number) => holdCar(on, { tenant: 't', carId, leadId: null, deposit: 0, now });

  it('applies a change made through another connection within the poll interval, upserting just that car', async () => {
    expect(await reservedIds()).toEqual([]);
    const replaceAll = vi.spyOn(engine, 'replaceAll');
    const upsert = vi.spyOn(engine, 'upsert');
    expect((await hold(elsewhere(), 2)).ok).toBe(true);

    clock += POLL_MS - 1;
    expect(await reservedIds()).toEqual([]); // not asked yet: the last poll was under a second ago
    clock += 1;
    expect(await reservedIds()).toEqual([2]);
    expect(replaceAll).not.toHaveBeenCalled();
    expect(upsert).toHaveBeenCalledTimes(1);
    expect(upsert.mock.calls[0]?.[0].map((d) => [d.id, d.reserved])).toEqual([[2, true]]);
  });

  it('by default asks the log before every search, so a change committed by another process is in the very next one', async () => {
    expect(STOCK_POLL_MS).toBe(0);
    const everySearch = new SearchService(engine, repo);
    expect(await everySearch.search(tenant(), { ...page, filter: { field: 'reserved', eq: true } }, now)).toMatchObject(
      { count: 0 },
    );
    expect((await hold(elsewhere(), 4)).ok).toBe(true);
    const next = await everySearch.search(tenant(), { ...page, filter: { field: 'reserved', eq: true } }, now);
    expect(next.hits.map((c) => c.id)).toEqual([4]);
  });

  it('shows a change made in this process to the very next search', async () => {
    expect(await reservedIds()).toEqual([]);
    const held = await hold(db, 3);
    if (!held.ok) throw new Error(held.message);
    expect(await reservedIds()).toEqual([3]);
    await releaseReservation(db, held.reservation.id, { by: 'dealer', now });
    expect(await reservedIds()).toEqual([]);
  });

  it('asks the database at most once per poll interval, however many searches', async () => {
    await reservedIds();
    const position = vi.spyOn(repo, 'stockPosition');
    for (let i = 0; i < 5; i++) await reservedIds();
    expect(position).not.toHaveBeenCalled();
    clock += POLL_MS;
    await Promise.all([reservedIds(), reservedIds(), reservedIds()]);
    expect(position).toHaveBeenCalledTimes(1);
  });

  it('rebuilds the whole index after an import in another process', async () => {
    await reservedIds();
    const replaceAll = vi.spyOn(engine, 'replaceAll');
    const upsert = vi.spyOn(engine, 'upsert');
    await importFeed(elsewhere(), { cars: [car(101, { price: 31_000 })] }, { file: 'more' });
    clock += POLL_MS;
    const all = await service.search(tenant(), page, now);
    expect(all.count).toBe(16);
    expect(replaceAll).toHaveBeenCalledTimes(1);
    expect(upsert).not.toHaveBeenCalled();
  });

  it('drops a car a change names when it is no longer listed', async () => {
    await reservedIds();
    const remove = vi.spyOn(engine, 'remove');
    const other = elsewhere();
    await other.updateTable('cars').set({ withdrawn_at: now.toISOString() }).where('id', '=', 6).execute();
    await recordStockChange(other, [6], 'withdrawn by hand', now);
    clock += POLL_MS;
    const all = await service.search(tenant(), page, now);
    expect(all.hits.map((c) => c.id)).not.toContain(6);
    expect(all.count).toBe(14);
    expect(remove).toHaveBeenCalledWith([6]);
  });

  it('rebuilds when the changes it missed have been pruned', async () => {
    await reservedIds();
    const replaceAll = vi.spyOn(engine, 'replaceAll');
    const other = elsewhere();
    const long = new Date(now.getTime() - 3 * 86_400_000);
    await recordStockChange(other, [1], 'old', long);
    await recordStockChange(other, [2], 'recent', now);
    await pruneStockChanges(other, new Date(now.getTime() - 86_400_000));
    clock += POLL_MS;
    await reservedIds();
    expect(replaceAll).toHaveBeenCalledTimes(1);
  });

  it('reports how far it is behind, and keeps searching its last index when a refresh fails', async () => {
    expect(await service.indexStatus(now)).toMatchObject({ engine: 'embedded', indexedSeq: null, lagChanges: null });
    await reservedIds();
    expect(await service.indexStatus(now)).toEqual({
      engine: 'embedded',
      indexedSeq: 0,
      latestSeq: 0,
      lagChanges: 0,
      lagMs: 0,
    });
    await recordStockChange(elsewhere(), [2], 'a', new Date(now.getTime() - 1500));
    expect(await service.indexStatus(now)).toEqual({
      engine: 'embedded',
      indexedSeq: 0,
      latestSeq: 1,
      lagChanges: 1,
      lagMs: 1500,
    });

    const read = vi.spyOn(repo, 'indexSourceFor').mockRejectedValueOnce(new Error('database went away'));
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    clock += POLL_MS;
    expect((await service.search(tenant(), page, now)).count).toBe(15);
    expect(quiet).toHaveBeenCalledWith(expect.stringContaining('database went away'));
    expect(await service.indexStatus(now)).toMatchObject({
      lagChanges: 1,
      error: 'the index could not be brought up to date (see the server log)',
    });
    clock += POLL_MS;
    await service.search(tenant(), page, now);
    expect(read).toHaveBeenCalledTimes(2);
    expect(await service.indexStatus(now)).toEqual({
      engine: 'embedded',
      indexedSeq: 1,
      latestSeq: 1,
      lagChanges: 0,
      lagMs: 0,
    });
  });
});
