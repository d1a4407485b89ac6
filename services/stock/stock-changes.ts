import type { Kysely } from 'kysely';
import type { PlatformDb } from '../db/database';
import { serialize } from '../db/dialect';
import type { Database } from '../db/schema';

/**
 * The stock change log (issue 17: several processes). Every change to what shoppers can find
 * appends a row to `stock_changes`: the cars it touched, or null for "anything may have changed".
 * Each process's search index remembers the last row it applied and, when the log moves on,
 * re-reads just those cars. A finished import is marked by its own `imports` row instead (the
 * import code writes that row already); a new import id means "everything", so a position in the
 * log is the pair (latest change seq, latest import id).
 */

/** Where an index stands in the log: the last change row and the last import it reflects. */
export interface StockPosition {
  seq: number;
  importId: number;
}

/** What changed after a position: a few cars to re-read, or 'all' when only a full rebuild will do. */
export interface StockChanges {
  cars: number[] | 'all';
  /** Rows read (at most MAX_CHANGE_ROWS + 1: more than that is 'all'). */
  rows: number;
}

/** More rows than this after a position, or more cars than MAX_CHANGED_CARS, and a rebuild is cheaper. */
export const MAX_CHANGE_ROWS = 500;
export const MAX_CHANGED_CARS = 2_000;
/** Rows older than this are pruned; an index further behind than that rebuilds (changesSince answers 'all'). */
export const STOCK_CHANGES_KEEP_MS = 24 * 60 * 60 * 1000;
/** One change in this many prunes the log, so pruning costs nothing noticeable per change. */
const PRUNE_EVERY = 256;
/** The advisory lock key that orders change rows on PostgreSQL (see recordStockChange). */
const LOG_LOCK = 'stock_changes';

/** True when `position` already reflects everything `target` does. */
export function covers(position: StockPosition, target: StockPosition): boolean {
  return position.seq >= target.seq && position.importId >= target.importId;
}

const listeners = new WeakMap<PlatformDb, Set<() => void>>();

/**
 * Calls `listener` whenever this process changes stock on `db` (after the change commits), so
 * the search index of this process can show the change to the very next search instead of at
 * its next poll. Returns the function that stops listening.
 */
export function onStockChange(db: PlatformDb, listener: () => void): () => void {
  let set = listeners.get(db);
  if (!set) {
    set = new Set();
    listeners.set(db, set);
  }
  set.add(listener);
  return () => set.delete(listener);
}

/**
 * Tells this process's listeners that stock on `db` changed. Call it after the transaction that
 * recorded the change has committed: a listener that looked before the commit would not see it.
 */
export function announceStockChange(db: PlatformDb): void {
  for (const listener of listeners.get(db) ?? []) listener();
}

/**
 * Appends one change to the log: `carIds` are the cars whose listing changed (their reserved
 * state, their data, their withdrawal), 'all' when any car may have. Answers the change's seq.
 *
 * Call it inside the transaction that makes the change, as its last statement, then
 * announceStockChange(db) once that transaction has committed. Inside the transaction, the row
 * commits with the change or not at all. Last, because on PostgreSQL it takes a lock that orders
 * every change row until the commit: a poller that reads "the latest seq is 11" must never later
 * meet a 10 that committed after 11 (sequence numbers are handed out before commit), so writers
 * of change rows take turns from here to their commit, and holding that lock briefly matters.
 * SQLite already takes turns: every write transaction begins BEGIN IMMEDIATE. Called outside a
 * transaction, it opens one of its own and announces the change itself.
 */
export async function recordStockChange(
  db: Kysely<Database>,
  carIds: readonly number[] | 'all',
  reason: string,
  now: Date = new Date(),
): Promise<number> {
  if (!db.isTransaction) {
    const seq = await db.transaction().execute((trx) => recordStockChange(trx, carIds, reason, now));
    announceStockChange(db);
    return seq;
  }
  await serialize(db, LOG_LOCK);
  const ids = carIds === 'all' ? null : JSON.stringify([...new Set(carIds)].sort((a, b) => a - b));
  const { seq } = await db
    .insertInto('stock_changes')
    .values({ car_ids: ids, reason, at: now.toISOString() })
    .returning('seq')
    .executeTakeFirstOrThrow();
  if (seq % PRUNE_EVERY === 0) await pruneStockChanges(db, new Date(now.getTime() - STOCK_CHANGES_KEEP_MS), seq);
  return seq;
}

/**
 * Deletes the rows recorded before `before`, never the newest one (`keepFrom` and later): the
 * newest row is what tells changesSince that older rows are gone. Answers the rows deleted.
 */
export async function pruneStockChanges(db: Kysely<Database>, before: Date, keepFrom?: number): Promise<number> {
  const newest =
    keepFrom ??
    Number(
      (
        await db
          .selectFrom('stock_changes')
          .select((eb) => eb.fn.max('seq').as('last'))
          .executeTakeFirst()
      )?.last ?? 0,
    );
  const result = await db
    .deleteFrom('stock_changes')
    .where('at', '<', before.toISOString())
    .where('seq', '<', newest)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The newest position: the latest change row and the latest finished import (0 for none). */
export async function latestStockChange(db: Kysely<Database>): Promise<StockPosition> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('stock_changes')
        .select((s) => s.fn.max('seq').as('seq'))
        .as('seq'),
      eb
        .selectFrom('imports')
        .select((s) => s.fn.max('id').as('id'))
        .as('import_id'),
    ])
    .executeTakeFirst();
  return { seq: Number(row?.seq ?? 0), importId: Number(row?.import_id ?? 0) };
}

/**
 * The cars changed after seq `since`, up to seq `upTo` when given. 'all' when any of those rows
 * says so, when there are too many rows or cars for re-reading them to beat a rebuild, and when
 * rows after `since` have been pruned (the log no longer says what changed).
 */
export async function changesSince(db: Kysely<Database>, since: number, upTo?: number): Promise<StockChanges> {
  const [rows, first] = await Promise.all([
    db
      .selectFrom('stock_changes')
      .select(['seq', 'car_ids'])
      .where('seq', '>', since)
      .$if(upTo !== undefined, (q) => q.where('seq', '<=', upTo as number))
      .orderBy('seq')
      .limit(MAX_CHANGE_ROWS + 1)
      .execute(),
    db
      .selectFrom('stock_changes')
      .select((eb) => eb.fn.min('seq').as('first'))
      .executeTakeFirst(),
  ]);
  if (!rows.length) return { cars: [], rows: 0 };
  const oldest = Number(first?.first ?? 0);
  if (rows.length > MAX_CHANGE_ROWS || oldest > since + 1) return { cars: 'all', rows: rows.length };
  const cars = new Set<number>();
  for (const row of rows) {
    if (row.car_ids === null) return { cars: 'all', rows: rows.length };
    for (const id of JSON.parse(row.car_ids) as number[]) cars.add(id);
    if (cars.size > MAX_CHANGED_CARS) return { cars: 'all', rows: rows.length };
  }
  return { cars: [...cars], rows: rows.length };
}

/** How far `position` is behind the log: changes (rows and imports) not reflected, and since when. */
export async function stockLag(
  db: Kysely<Database>,
  position: StockPosition,
): Promise<{ changes: number; oldest: Date | undefined }> {
  const [changes, imports] = await Promise.all([
    db
      .selectFrom('stock_changes')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('at').as('at')])
      .where('seq', '>', position.seq)
      .executeTakeFirst(),
    db
      .selectFrom('imports')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('finished_at').as('at')])
      .where('id', '>', position.importId)
      .executeTakeFirst(),
  ]);
  const times = [changes?.at, imports?.at].filter((at): at is string => typeof at === 'string');
  const oldest = times.length ? new Date(times.sort()[0] as string) : undefined;
  return { changes: Number(changes?.n ?? 0) + Number(imports?.n ?? 0), oldest };
}
