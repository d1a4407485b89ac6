import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PlatformDb } from '../db/database';
import { openTestDatabase } from '../db/test-database';
import { importFeed } from './import-feed';
import { readStockGeneration } from './stock-generation';

let db: PlatformDb;
beforeEach(async () => {
  db = await openTestDatabase();
});
afterEach(async () => db.destroy());

describe('readStockGeneration (issue 17: cached pages follow stock changes in every process)', () => {
  it('moves on an import and on every logged stock change, and never goes back', async () => {
    expect(await readStockGeneration(db)).toBe('0.0');
    const feed = { dealerships: [{ id: 1, slug: 'one', name: 'One' }] };
    expect((await importFeed(db, feed, { file: 'a.json' })).ok).toBe(true);
    expect(await readStockGeneration(db)).toBe('1.0');
    await db
      .insertInto('stock_changes')
      .values({ car_ids: '[7]', reason: 'held', at: new Date().toISOString() })
      .execute();
    expect(await readStockGeneration(db)).toBe('1.1');
    await db.deleteFrom('stock_changes').execute();
    await db
      .insertInto('stock_changes')
      .values({ car_ids: null, reason: 'test', at: new Date().toISOString() })
      .execute();
    // Ids are never reused, so pruning the log never takes the generation back to an old key.
    expect(await readStockGeneration(db)).toBe('1.2');
  });
});
