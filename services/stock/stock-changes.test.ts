import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type PlatformDb } from '../db/database';
import { openTestDatabaseAt } from '../db/test-database';
import { expireUnpaidHolds } from '../reservations/expire-holds';
import { cancelReservation, holdCar, releaseReservation } from '../reservations/reservations';
import { importFeed } from './import-feed';
import {
  MAX_CHANGE_ROWS,
  MAX_CHANGED_CARS,
  STOCK_CHANGES_KEEP_MS,
  announceStockChange,
  changesSince,
  latestStockChange,
  onStockChange,
  pruneStockChanges,
  recordStockChange,
  stockLag,
} from './stock-changes';
import { feedCar } from './test-feed';

const now = new Date('2026-11-22T00:00:00Z');
const DAY = 86_400_000;
const car = feedCar;

let db: PlatformDb;
let url: string;
const others: PlatformDb[] = [];
/** A second connection to the same database, as another process would have. */
const second = () => {
  const other = openDatabase(url);
  others.push(other);
  return other;
};

beforeEach(async () => {
  ({ db, url } = await openTestDatabaseAt());
});
afterEach(async () => {
  await Promise.all(others.splice(0).map((o) => o.destroy()));
  await db.destroy();
});

const rows = () => db.selectFrom('stock_changes').select(['seq', 'car_ids', 'reason']).orderBy('seq').execute();

describe('the stock change log', () => {
  it('records changes and the newest position, with imports counted apart', async () => {
    expect(await latestStockChange(db)).toEqual({ seq: 0, importId: 0 });
    expect(await recordStockChange(db, [3, 1, 3], 'test', now)).toBe(1);
    expect(await recordStockChange(db, 'all', 'everything', now)).toBe(2);
    expect(await rows()).toEqual([
      { seq: 1, car_ids: '[1,3]', reason: 'test' },
      { seq: 2, car_ids: null, reason: 'everything' },
    ]);
    await importFeed(db, { dealerships: [{ id: 1, slug: 'one', name: 'One' }], cars: [car(1)] }, { file: 'f' });
    expect(await latestStockChange(db)).toEqual({ seq: 2, importId: 1 });
  });

  it('answers the cars changed since a seq, up to another', async () => {
    await recordStockChange(db, [1, 2], 'a', now);
    await recordStockChange(db, [2, 3], 'b', now);
    await recordStockChange(db, [4], 'c', now);
    expect(await changesSince(db, 0)).toEqual({ cars: [1, 2, 3, 4], rows: 3 });
    expect(await changesSince(db, 1, 2)).toEqual({ cars: [2, 3], rows: 1 });
    expect(await changesSince(db, 3)).toEqual({ cars: [], rows: 0 });
  });

  it("collapses to 'all' for a change naming every car, too many rows, or too many cars", async () => {
    await recordStockChange(db, [1], 'a', now);
    await recordStockChange(db, 'all', 'b', now);
    await recordStockChange(db, [2], 'c', now);
    expect((await changesSince(db, 0)).cars).toBe('all');
    expect((await changesSince(db, 2)).cars).toEqual([2]);

    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < MAX_CHANGE_ROWS + 1; i++) await recordStockChange(trx, [i], 'many', now);
    });
    expect((await changesSince(db, 3, 3 + MAX_CHANGE_ROWS)).cars).toHaveLength(MAX_CHANGE_ROWS);
    expect((await changesSince(db, 3)).cars).toBe('all');

    const latest = (await latestStockChange(db)).seq;
    await recordStockChange(
      db,
      Array.from({ length: MAX_CHANGED_CARS + 1 }, (_, i) => i + 1),
      'big',
      now,
    );
    expect((await changesSince(db, latest)).cars).toBe('all');
  });

  it("prunes rows older than a day but the newest, and then says 'all' to a position from before them", async () => {
    const old = new Date(now.getTime() - 2 * DAY);
    await recordStockChange(db, [1], 'old', old);
    await recordStockChange(db, [2], 'old', old);
    await recordStockChange(db, [3], 'recent', now);
    expect(await pruneStockChanges(db, new Date(now.getTime() - STOCK_CHANGES_KEEP_MS))).toBe(2);
    expect((await rows()).map((r) => r.seq)).toEqual([3]);
    // An index at seq 1 missed seq 2, which is gone: only a rebuild is right.
    expect((await changesSince(db, 1)).cars).toBe('all');
    expect((await changesSince(db, 2)).cars).toEqual([3]);
    // The newest row is kept however old, so the log's position survives a quiet week.
    await db.deleteFrom('stock_changes').execute();
    await recordStockChange(db, [4], 'old', old);
    expect(await pruneStockChanges(db, now)).toBe(0);
    expect(await latestStockChange(db)).toEqual({ seq: 4, importId: 0 });
  });

  it('prunes on its own every 256th change', async () => {
    const old = new Date(now.getTime() - 2 * DAY);
    await db.transaction().execute(async (trx) => {
      for (let i = 1; i < 256; i++) await recordStockChange(trx, [i], 'old', old);
    });
    expect(await rows()).toHaveLength(255);
    expect(await recordStockChange(db, [256], 'now', now)).toBe(256);
    expect((await rows()).map((r) => r.seq)).toEqual([256]);
  });

  it('tells listeners on the same connection after the change, never another connection', async () => {
    const heard: string[] = [];
    const stop = onStockChange(db, () => heard.push('db'));
    onStockChange(second(), () => heard.push('other'));
    await recordStockChange(db, [1], 'outside a transaction', now);
    expect(heard).toEqual(['db']);
    await db.transaction().execute((trx) => recordStockChange(trx, [1], 'inside', now));
    expect(heard).toEqual(['db']); // inside a transaction the caller announces after the commit
    announceStockChange(db);
    expect(heard).toEqual(['db', 'db']);
    stop();
    announceStockChange(db);
    expect(heard).toEqual(['db', 'db']);
  });

  it('numbers change rows in commit order across connections', async () => {
    const other = second();
    const first = await db.startTransaction().execute();
    expect(await recordStockChange(first, [1], 'first', now)).toBe(1);
    // The other connection's change waits for the first to commit (PostgreSQL: the log's lock;
    // SQLite: the write lock), so nobody can see seq 2 while seq 1 may still appear.
    let done = false;
    const waiting = recordStockChange(other, [2], 'second', now).then((seq) => {
      done = true;
      return seq;
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(done).toBe(false);
    expect(await latestStockChange(other)).toEqual({ seq: 0, importId: 0 });
    await first.commit().execute();
    expect(await waiting).toBe(2);
    expect(await latestStockChange(other)).toEqual({ seq: 2, importId: 0 });
  });

  it('measures how far a position is behind: changes, imports, and the oldest time', async () => {
    await recordStockChange(db, [1], 'a', new Date(now.getTime() - 5000));
    await recordStockChange(db, [2], 'b', now);
    expect(await stockLag(db, { seq: 0, importId: 0 })).toEqual({
      changes: 2,
      oldest: new Date(now.getTime() - 5000),
    });
    expect(await stockLag(db, { seq: 2, importId: 0 })).toEqual({ changes: 0, oldest: undefined });
    await importFeed(db, { dealerships: [{ id: 1, slug: 'one', name: 'One' }] }, { file: 'f', now });
    const lag = await stockLag(db, { seq: 2, importId: 0 });
    expect(lag.changes).toBe(1);
    expect(lag.oldest).toBeInstanceOf(Date);
  });
});

describe('changes that reach shoppers record themselves', () => {
  beforeEach(async () => {
    await importFeed(
      db,
      { dealerships: [{ id: 1, slug: 'one', name: 'One' }], cars: [car(1), car(2), car(3)] },
      { file: 'f', now },
    );
  });
  const hold = (carId: number, expiresAt?: Date) =>
    holdCar(db, { tenant: 't', carId, leadId: null, deposit: 0, now, ...(expiresAt ? { expiresAt } : {}) });

  it('a hold, a release and a cancellation each record their car and tell this process after the commit', async () => {
    const heard: number[] = [];
    // Each listener's read is awaited before the next change: a read still running when the next
    // change commits would see that one instead (on PostgreSQL's pool it did, once in a while).
    let reading: Promise<unknown> = Promise.resolve();
    onStockChange(db, () => {
      reading = latestStockChange(db).then((latest) => heard.push(latest.seq));
    });
    const heardNow = async <T>(change: Promise<T>): Promise<T> => {
      const result = await change;
      await reading;
      return result;
    };
    const held = await heardNow(hold(1));
    const other = await heardNow(hold(2));
    if (!held.ok || !other.ok) throw new Error('hold refused');
    expect(await heardNow(hold(1))).toMatchObject({ ok: false }); // refused: nothing changed, nothing recorded
    await heardNow(releaseReservation(db, held.reservation.id, { by: 'sam', now }));
    await heardNow(cancelReservation(db, other.reservation.id, { now }));
    expect(await heardNow(releaseReservation(db, held.reservation.id, { by: 'sam', now }))).toMatchObject({
      ok: false,
    });
    expect(await rows()).toEqual([
      { seq: 1, car_ids: '[1]', reason: 'reservation held' },
      { seq: 2, car_ids: '[2]', reason: 'reservation held' },
      { seq: 3, car_ids: '[1]', reason: 'reservation released' },
      { seq: 4, car_ids: '[2]', reason: 'reservation cancelled' },
    ]);
    // Each listener read the log after the commit: it saw its own change.
    expect(heard).toEqual([1, 2, 3, 4]);
  });

  it('an unpaid hold running out records its car', async () => {
    await hold(3, new Date(now.getTime() + 1000));
    let heard = 0;
    onStockChange(db, () => heard++);
    const expired = await expireUnpaidHolds(db, { now: new Date(now.getTime() + 2000), site: () => undefined });
    expect(expired).toHaveLength(1);
    expect((await rows()).at(-1)).toEqual({ seq: 2, car_ids: '[3]', reason: 'reservation expired' });
    expect(heard).toBe(1);
  });
});
