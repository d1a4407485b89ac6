import { afterEach, describe, expect, it, vi } from 'vitest';
import { migrateToLatest, openDatabase, type PlatformDb } from '../db/database';
import { freshDatabaseUrl, openTestDatabase } from '../db/test-database';
import { PRUNE_EVERY_MS, PRUNE_MARGIN_MS, pruneRateLimits, rateLimitKey, SharedRateLimit } from './shared-rate-limit';

const opened: PlatformDb[] = [];
async function database(): Promise<PlatformDb> {
  const db = await openTestDatabase();
  opened.push(db);
  return db;
}

afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(opened.splice(0).map((db) => db.destroy()));
});

const rows = (db: PlatformDb) => db.selectFrom('rate_limits').selectAll().orderBy('key').execute();

describe('a shared fixed-window rate limit', () => {
  it('allows max hits per key in a window that starts with the first hit, and starts again when it ends', async () => {
    const limit = new SharedRateLimit('test', 2, 1000, { db: await database() });
    const t = 1_000_500;
    expect([await limit.take('a', t), await limit.take('a', t + 10), await limit.take('a', t + 20)]).toEqual([
      true,
      true,
      false,
    ]);
    expect(await limit.take('b', t + 20)).toBe(true);
    // Still the first window one millisecond before its end (not a clock-aligned second).
    expect(await limit.take('a', t + 999)).toBe(false);
    expect([await limit.take('a', t + 1000), await limit.take('a', t + 1001), await limit.take('a', t + 1002)]).toEqual(
      [true, true, false],
    );
  });

  it('keeps one row per limit and key, with the key hashed and the window end in epoch milliseconds', async () => {
    const db = await database();
    const codes = new SharedRateLimit('codes', 5, 15 * 60_000, { db });
    const passwords = new SharedRateLimit('passwords', 5, 15 * 60_000, { db });
    const t = 1_767_225_600_000; // 2026-01-01: a real epoch time needs PostgreSQL's bigint.
    await codes.take('shopper@example.com', t);
    await codes.take('shopper@example.com', t + 1);
    await passwords.take('shopper@example.com', t + 2);
    const stored = await rows(db);
    expect(stored).toEqual(
      [
        { key: rateLimitKey('codes', 'shopper@example.com'), count: 2, reset_at: t + 15 * 60_000 },
        { key: rateLimitKey('passwords', 'shopper@example.com'), count: 1, reset_at: t + 2 + 15 * 60_000 },
      ].sort((x, y) => x.key.localeCompare(y.key)),
    );
    expect(JSON.stringify(stored)).not.toContain('shopper');
  });

  it('refuses everything when max is 0, and rejects a limit that makes no sense', async () => {
    const limit = new SharedRateLimit('closed', 0, 1000, { db: await database() });
    expect(await limit.take('a', 1)).toBe(false);
    expect(() => new SharedRateLimit('a:b', 1, 1000)).toThrow(/name/);
    expect(() => new SharedRateLimit('x', -1, 1000)).toThrow(/max/);
    expect(() => new SharedRateLimit('x', 1, 0)).toThrow(/window/);
  });

  it('answers a verdict, and "unavailable" (logged, never thrown) when the database fails', async () => {
    const db = await database();
    const limit = new SharedRateLimit('verdicts', 1, 1000, { db });
    expect(await limit.attempt('a', 1)).toBe('allowed');
    expect(await limit.attempt('a', 2)).toBe('limited');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await db.destroy();
    opened.splice(opened.indexOf(db), 1);
    await expect(limit.take('a', 3)).rejects.toThrow();
    expect(await limit.attempt('a', 4)).toBe('unavailable');
    expect(logged).toHaveBeenCalledWith('Rate limit "verdicts" could not be checked', expect.any(Error));
  });
});

describe('expired rate limit rows', () => {
  it('are deleted once their window ended more than the margin ago', async () => {
    const db = await database();
    const now = 10_000_000;
    await db
      .insertInto('rate_limits')
      .values([
        { key: 'x:long-gone', count: 3, reset_at: now - PRUNE_MARGIN_MS - 1 },
        { key: 'x:just-ended', count: 3, reset_at: now - PRUNE_MARGIN_MS },
        { key: 'x:live', count: 3, reset_at: now + 1 },
      ])
      .execute();
    expect(await pruneRateLimits(db, now)).toBe(1);
    expect((await rows(db)).map((r) => r.key)).toEqual(['x:just-ended', 'x:live']);
  });

  it('are pruned by the hits themselves, at most once per interval per process', async () => {
    const db = await database();
    const limit = new SharedRateLimit('hits', 10, 1000, { db });
    const other = new SharedRateLimit('other', 10, 1000, { db });
    const stale = (key: string) => db.insertInto('rate_limits').values({ key, count: 1, reset_at: 0 }).execute();
    const keys = async () => (await rows(db)).map((r) => r.key);
    const t = 50_000_000;

    await stale('x:stale-1');
    await limit.take('a', t);
    expect(await keys()).toEqual([rateLimitKey('hits', 'a')]);

    // Within the interval no limiter of this process prunes again, so hits cost one statement.
    await stale('x:stale-2');
    await limit.take('a', t + PRUNE_EVERY_MS - 1);
    await other.take('a', t + PRUNE_EVERY_MS - 1);
    expect(await keys()).toContain('x:stale-2');

    // After it, the next hit (of any limiter) prunes, and the expired window of 'hits:a' goes too.
    await other.take('b', t + PRUNE_EVERY_MS + PRUNE_MARGIN_MS + 1000);
    expect(await keys()).toEqual([rateLimitKey('other', 'b')]);
  });
});

describe('two processes sharing one limit', () => {
  // Two connections to one database (a file on SQLite, so they really are two), each with its own
  // limiter object, stand for two server processes: before issue 17 each had its own count.
  async function twoProcesses(): Promise<[SharedRateLimit, SharedRateLimit]> {
    const url = await freshDatabaseUrl();
    const first = openDatabase(url);
    opened.push(first);
    await migrateToLatest(first);
    const second = openDatabase(url);
    opened.push(second);
    return [
      new SharedRateLimit('shared', 10, 60_000, { db: first }),
      new SharedRateLimit('shared', 10, 60_000, { db: second }),
    ];
  }

  it('holds a limit of 10 when hits alternate between them', async () => {
    const [one, two] = await twoProcesses();
    const t = 1_767_225_600_000;
    const answers: boolean[] = [];
    for (let i = 0; i < 25; i++) answers.push(await (i % 2 === 0 ? one : two).take('203.0.113.7', t + i));
    expect(answers.filter(Boolean)).toHaveLength(10);
    expect(answers.slice(0, 10).every(Boolean)).toBe(true);
    // Another key has its own count, in either process.
    expect(await two.take('203.0.113.8', t + 30)).toBe(true);
  });

  it('holds a limit of 10 when 40 hits arrive at once through both', async () => {
    const [one, two] = await twoProcesses();
    const t = 1_767_225_600_000;
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? one : two).take('198.51.100.4', t)),
    );
    expect(answers.filter(Boolean)).toHaveLength(10);
    // The window both counted in ends for both at once.
    const later = await Promise.all(
      Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? two : one).take('198.51.100.4', t + 60_000)),
    );
    expect(later.filter(Boolean)).toHaveLength(10);
  });
});
