import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type PlatformDb } from '../db/database';
import { openTestDatabaseAt } from '../db/test-database';
import { holdCar, releaseReservation } from '../reservations/reservations';
import { importFeed } from '../stock/import-feed';
import { StockRepository } from '../stock/stock-repository';
import { toSearchDocument } from './documents';
import { LEASE_MS, type SearchIndexStateTable, type SharedCursorOptions } from './index-cursor';
import { INDEX_SETTINGS, MeilisearchEngine, SETTINGS_KEY } from './meilisearch-engine';
import { meilisearchService, type SearchServiceOptions } from './search-service';

/** A poll interval, so the tests can tell a change that is not asked for yet from one that is. */
const POLL_MS = 1_000;
import { FakeMeilisearch } from './testing/fake-meilisearch';
import { feedCar } from '../stock/test-feed';

const now = new Date('2026-11-22T00:00:00Z');
const dealership = { id: 1, slug: 'one', name: 'One Motors' };
const car = (id: number, extra: Record<string, unknown> = {}) => feedCar(id, { price: 30_000 + id, ...extra });
const feed = { dealerships: [dealership], cars: [car(1), car(2), car(3)] };

let fake: FakeMeilisearch;
let host: string;
let db: PlatformDb;
let url: string;
let clock: number;
const others: PlatformDb[] = [];
/** Another process's connection to the same database. */
const elsewhere = () => {
  const other = openDatabase(url);
  others.push(other);
  return other;
};
const serviceOn = (on: PlatformDb, options: Omit<SearchServiceOptions, 'cursor'> & SharedCursorOptions = {}) =>
  meilisearchService(new MeilisearchEngine({ host }), new StockRepository(on), on, {
    clock: () => clock,
    pollMs: POLL_MS,
    ...options,
  });
const state = () =>
  db
    .withTables<{ search_index_state: SearchIndexStateTable }>()
    .selectFrom('search_index_state')
    .selectAll()
    .executeTakeFirst();
/** The documents the platform indexes for these cars, as Meilisearch must receive them. */
const expectedDocuments = async (ids: number[]) => {
  const { cars, dealerships } = await new StockRepository(db).indexSourceFor(ids);
  return JSON.parse(JSON.stringify(cars.map((c) => toSearchDocument(c, dealerships[0], undefined)))) as unknown;
};
/** Requests made from here on. */
const since = () => {
  const start = fake.requests.length;
  return () => fake.requests.slice(start).filter((r) => !r.path.startsWith('/tasks/'));
};

beforeEach(async () => {
  fake = new FakeMeilisearch();
  host = await fake.start();
  ({ db, url } = await openTestDatabaseAt());
  await importFeed(db, feed, { file: 'feed.json', now });
  clock = now.getTime();
});
afterEach(async () => {
  await fake.stop();
  await Promise.all(others.splice(0).map((o) => o.destroy()));
  await db.destroy();
});

// Issue 17: Meilisearch for large groups, kept up to date from the stock change log.
describe('a search service on Meilisearch', () => {
  it('pushes the settings and every listed car first, and records where the shared index stands', async () => {
    const result = await serviceOn(db).refresh();
    expect(result).toMatchObject({ mode: 'full', upserted: 3, position: { seq: 0, importId: 1 } });
    expect(fake.writes()).toEqual([
      'POST /indexes',
      'PATCH /indexes/cars/settings',
      'POST /indexes/cars/documents?primaryKey=id',
      'GET /indexes/cars/documents?fields=id&limit=10000&offset=0',
    ]);
    expect(fake.requests[0]?.body).toEqual({ uid: 'cars', primaryKey: 'id' });
    expect(fake.requests.find((r) => r.method === 'PATCH')?.body).toEqual(JSON.parse(JSON.stringify(INDEX_SETTINGS)));
    expect(fake.requests.find((r) => r.path.startsWith('/indexes/cars/documents?primaryKey'))?.body).toEqual(
      await expectedDocuments([1, 2, 3]),
    );
    expect(await state()).toEqual({
      index_uid: 'cars',
      seq: 0,
      import_id: 1,
      settings: SETTINGS_KEY,
      synced_at: now.toISOString(),
      holder: null,
      lease_until: null,
    });
  });

  it('pushes just the car a reservation changed, whichever process made it, and drops a released flag', async () => {
    const service = serviceOn(db);
    await service.refresh();
    const requests = since();
    expect((await holdCar(elsewhere(), { tenant: 't', carId: 2, leadId: null, deposit: 0, now })).ok).toBe(true);
    await service.ensureIndexed(); // polled under a second ago: not yet
    expect(requests()).toEqual([]);
    clock += POLL_MS;
    await service.ensureIndexed();
    const [held] = (await expectedDocuments([2])) as Array<Record<string, unknown>>;
    expect(held?.reserved).toBe(true);
    expect(requests()).toEqual([{ method: 'POST', path: '/indexes/cars/documents?primaryKey=id', body: [held] }]);
    expect(await state()).toMatchObject({ seq: 1, import_id: 1 });

    // Released in this process: the very next search pushes it, without `reserved` (the feed has none).
    const reservation = await db.selectFrom('reservations').select('id').executeTakeFirstOrThrow();
    await releaseReservation(db, reservation.id, { by: 'dealer', now });
    const afterRelease = since();
    await service.ensureIndexed();
    expect(afterRelease()).toEqual([
      { method: 'POST', path: '/indexes/cars/documents?primaryKey=id', body: await expectedDocuments([2]) },
    ]);
    expect(fake.documents().get(2)).not.toHaveProperty('reserved');
  });

  it('lets another process find the index up to date: it writes nothing and reports no lag', async () => {
    await serviceOn(db).refresh();
    const requests = since();
    const other = serviceOn(elsewhere());
    expect(await other.refresh()).toMatchObject({ mode: 'none', position: { seq: 0, importId: 1 } });
    expect(requests()).toEqual([]);
    expect(await other.indexStatus(now)).toEqual({
      engine: 'meilisearch',
      indexedSeq: 0,
      latestSeq: 0,
      lagChanges: 0,
      lagMs: 0,
    });
  });

  it('writes only while it holds the lease; a lease its holder stopped renewing runs out', async () => {
    await serviceOn(db).refresh();
    await holdCar(db, { tenant: 't', carId: 1, leadId: null, deposit: 0, now });
    await db
      .withTables<{ search_index_state: SearchIndexStateTable }>()
      .updateTable('search_index_state')
      .set({ holder: 'another-process', lease_until: new Date(clock + LEASE_MS).toISOString() })
      .execute();
    const requests = since();
    const service = serviceOn(elsewhere(), { waitMs: 0 });
    expect(await service.refresh()).toMatchObject({ mode: 'busy', position: { seq: 0, importId: 1 } });
    expect(requests()).toEqual([]);
    expect(await service.indexStatus(now)).toMatchObject({ indexedSeq: 0, latestSeq: 1, lagChanges: 1, lagMs: 0 });

    clock += LEASE_MS + 1;
    expect(await service.refresh()).toMatchObject({ mode: 'cars', upserted: 1, position: { seq: 1, importId: 1 } });
    expect(requests().map((r) => `${r.method} ${r.path}`)).toEqual(['POST /indexes/cars/documents?primaryKey=id']);
    expect(await state()).toMatchObject({ seq: 1, holder: null, lease_until: null });
  });

  it('after an import, pushes every car again and deletes the withdrawn ones, never emptying the index', async () => {
    const service = serviceOn(db);
    await service.refresh();
    const requests = since();
    await importFeed(elsewhere(), { cars: [car(1), car(2, { price: 1 })] }, { file: 'next.json', replace: true, now });
    clock += POLL_MS;
    await service.ensureIndexed();
    expect(requests().map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /indexes',
      'PATCH /indexes/cars/settings',
      'POST /indexes/cars/documents?primaryKey=id',
      'GET /indexes/cars/documents?fields=id&limit=10000&offset=0',
      'POST /indexes/cars/documents/delete-batch',
    ]);
    expect(requests().at(-1)?.body).toEqual([3]);
    expect([...fake.documents().keys()].sort()).toEqual([1, 2]);
    expect(fake.documents().get(2)?.price).toBe(1);
    expect(await state()).toMatchObject({ seq: 0, import_id: 2 });
  });

  it('rebuilds when the index was reached with other settings, or when asked to', async () => {
    const service = serviceOn(db);
    await service.refresh();
    await db
      .withTables<{ search_index_state: SearchIndexStateTable }>()
      .updateTable('search_index_state')
      .set({ settings: 'older-settings' })
      .execute();
    const other = serviceOn(elsewhere());
    expect(await other.refresh()).toMatchObject({ mode: 'full', upserted: 3 });
    expect(await other.refresh()).toMatchObject({ mode: 'none' });
    expect(await other.refresh({ force: true })).toMatchObject({ mode: 'full', upserted: 3 });
  });
});
