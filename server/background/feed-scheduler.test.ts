import { afterEach, describe, expect, it } from 'vitest';
import type { PlatformDb } from '../../services/db/database';
import { openTestDatabase } from '../../services/db/test-database';
import { startFeedServer, type FeedServer } from '../../services/feeds/test-feed-server';
import { importFeed } from '../../services/stock/import-feed';
import { feedCar } from '../../services/stock/test-feed';
import { startFeedScheduler, type FeedScheduler } from './feed-scheduler';

// Issue 18: the server's feed scheduler is off unless FEED_SCHEDULER=on, pulls due feeds on its
// tick, and never lets a failure out.

function recorder() {
  const lines: { level: 'info' | 'warn' | 'error'; text: string }[] = [];
  const log = {
    info: (...args: unknown[]) => lines.push({ level: 'info', text: args.map(String).join(' ') }),
    warn: (...args: unknown[]) => lines.push({ level: 'warn', text: args.map(String).join(' ') }),
    error: (...args: unknown[]) => lines.push({ level: 'error', text: args.map(String).join(' ') }),
  };
  return { lines, log };
}

let scheduler: FeedScheduler | undefined;
let db: PlatformDb | undefined;
let server: FeedServer | undefined;
afterEach(async () => {
  scheduler?.stop();
  scheduler = undefined;
  await server?.close();
  server = undefined;
  await db?.destroy();
  db = undefined;
});

describe('startFeedScheduler', () => {
  it('is off unless FEED_SCHEDULER is exactly "on"', () => {
    for (const value of [undefined, '', 'off', 'true', '1', 'ON'])
      expect(startFeedScheduler({ env: { FEED_SCHEDULER: value } }), String(value)).toBeUndefined();
  });

  it('pulls the due feeds on its tick, logs each pull, and is started once per process', async () => {
    db = await openTestDatabase();
    server = await startFeedServer();
    server.setFeed({ cars: [feedCar(1), feedCar(2)] });
    const dealers = await importFeed(
      db,
      {
        dealerships: [
          { id: 1, slug: 'harbour-motors', name: 'Harbour Motors', feed: { url: server.url, every: '15m' } },
          { id: 2, slug: 'bay-cars', name: 'Bay Cars', feed: { url: server.url, format: 'json', every: '1h' } },
        ],
      },
      { file: 'dealerships.json' },
    );
    expect(dealers.ok).toBe(true);
    // Dealership 2's feed is misconfigured in the stored record (edited by hand): reported once.
    await db
      .updateTable('dealerships')
      .set({
        data: JSON.stringify({ id: 2, slug: 'bay-cars', name: 'Bay Cars', feed: { url: server.url, every: 'weekly' } }),
      })
      .where('id', '=', 2)
      .execute();
    const opened = db;
    const { lines, log } = recorder();
    scheduler = startFeedScheduler({
      env: { FEED_SCHEDULER: 'on' },
      database: async () => opened,
      log,
      firstTickMs: 60_000,
    });
    expect(scheduler).toBeDefined();
    expect(startFeedScheduler({ env: { FEED_SCHEDULER: 'on' } })).toBe(scheduler);
    await scheduler?.tick();
    await scheduler?.tick();
    expect(server.requests.length).toBe(1);
    const cars = await db.selectFrom('cars').select('id').where('withdrawn_at', 'is', null).orderBy('id').execute();
    expect(cars.map((c) => c.id)).toEqual([1, 2]);
    expect(lines.filter((l) => l.level === 'info').map((l) => l.text)).toEqual([
      expect.stringMatching(
        /^Feed scheduler on \(.+:\d+:[0-9a-f]{8}\): dealership feeds are pulled when due, checked every 60 s$/,
      ),
      expect.stringMatching(
        /^Feed pull: http:\/\/127\.0\.0\.1:\d+\/feed\.json \(dealership 1\): imported in \d+ ms, \d+ bytes: imported 2 cars$/,
      ),
    ]);
    expect(lines.filter((l) => l.level === 'warn').map((l) => l.text)).toEqual([
      'Feed of dealership 2 is not pulled: feed every "weekly" is not an interval: write a number and m, h or d, e.g. "15m", "1h", "1d"',
    ]);
  });

  it('logs pulls without the user name, the password or a secret query value of the address', async () => {
    db = await openTestDatabase();
    server = await startFeedServer();
    server.setFeed({ cars: [feedCar(1)] });
    const url = new URL(server.url);
    url.username = 'acme-user';
    url.password = 'pa55word';
    url.search = '?dealer=1&x-api-key=SECRET-KEY-123';
    const dealers = await importFeed(
      db,
      {
        dealerships: [{ id: 1, slug: 'harbour-motors', name: 'Harbour Motors', feed: { url: url.href, every: '15m' } }],
      },
      { file: 'dealerships.json' },
    );
    expect(dealers.ok).toBe(true);
    const opened = db;
    const { lines, log } = recorder();
    scheduler = startFeedScheduler({
      env: { FEED_SCHEDULER: 'on' },
      database: async () => opened,
      log,
      firstTickMs: 60_000,
    });
    await scheduler?.tick();
    expect(server.requests.length).toBe(1);
    const pulled = lines.find((l) => l.text.startsWith('Feed pull: '));
    expect(pulled?.text).toMatch(
      /^Feed pull: http:\/\/\*\*\*:\*\*\*@127\.0\.0\.1:\d+\/feed\.json\?dealer=1&x-api-key=\*\*\* \(dealership 1\): imported/,
    );
    expect(JSON.stringify(lines)).not.toMatch(/acme-user|pa55word|SECRET-KEY-123/);
  });

  it('logs a round that fails and carries on', async () => {
    const { lines, log } = recorder();
    scheduler = startFeedScheduler({
      env: { FEED_SCHEDULER: 'on' },
      database: () => Promise.reject(new Error('the database is down')),
      log,
      firstTickMs: 60_000,
    });
    await expect(scheduler?.tick()).resolves.toBeUndefined();
    expect(lines.at(-1)).toEqual({
      level: 'error',
      text: 'Feed scheduler: the round failed; the next one tries again Error: the database is down',
    });
  });
});
