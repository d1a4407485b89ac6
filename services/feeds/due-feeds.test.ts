import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type PlatformDb } from '../db/database';
import { freshDatabaseUrl, openTestDatabase } from '../db/test-database';
import { importFeed } from '../stock/import-feed';
import { feedCar } from '../stock/test-feed';
import { claimFeed, FEED_LEASE_MS, pullDueFeeds, releaseFeed, renewFeedClaim } from './due-feeds';
import { pullFeed } from './feed-pull';
import { feedHealth, feedStatus, formatFeedStatus } from './feed-status';
import { feedKey, recordPull } from './pull-log';
import { startFeedServer, type FeedServer } from './test-feed-server';

// Issue 18: the scheduler pulls each dealership's feed when its interval has passed (sooner, then
// less often, after failures), and two schedulers never pull one feed at once.

const MINUTE = 60_000;
const T0 = Date.parse('2026-03-02T00:00:00.000Z');

let opened: PlatformDb[] = [];
let servers: FeedServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  await Promise.all(opened.map((db) => db.destroy()));
  opened = [];
  servers = [];
});

async function server(): Promise<FeedServer> {
  const started = await startFeedServer();
  servers.push(started);
  return started;
}

/** The dealerships, each with the feed given (as a dealership record's `feed`). */
async function dealerships(db: PlatformDb, feeds: Record<number, Record<string, unknown> | undefined>) {
  const result = await importFeed(
    db,
    {
      dealerships: Object.entries(feeds).map(([id, feed]) => ({
        id: Number(id),
        slug: `dealer-${id}`,
        name: `Dealer ${id}`,
        ...(feed ? { feed } : {}),
      })),
    },
    { file: 'dealerships.json' },
  );
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
}

const dealerFeed = (id: number, carIds: number[]) => ({
  dealerships: [{ id, slug: `dealer-${id}`, name: `Dealer ${id}` }],
  cars: carIds.map((car) => feedCar(car, { dealership_id: id })),
});

/** A clock the test moves. */
function clock(start = T0) {
  let now = start;
  return { now: () => new Date(now), set: (minutes: number) => (now = start + minutes * MINUTE) };
}

describe('pullDueFeeds: when feeds are pulled', () => {
  let db: PlatformDb;
  beforeEach(async () => {
    db = await openTestDatabase();
    opened.push(db);
  });

  it('pulls a new feed at once, again when its interval has passed, and replaces only that dealership’s cars', async () => {
    const feed = await server();
    feed.setFeed(dealerFeed(1, [11, 12]));
    await dealerships(db, { 1: { url: feed.url, every: '15m' }, 2: undefined });
    // Dealership 2's cars come from elsewhere: a scheduled pull of dealership 1's feed leaves them.
    await importFeed(db, dealerFeed(2, [21]), { file: 'dealer-2.json' });
    const time = clock();
    const round = () => pullDueFeeds(db, { holder: 'test', now: time.now });

    const first = await round();
    expect(first.pulled.map((p) => [p.dealershipId, p.outcome])).toEqual([[1, 'imported']]);
    time.set(14);
    expect((await round()).pulled).toEqual([]);
    time.set(15);
    feed.setFeed(dealerFeed(1, [12, 13]));
    expect((await round()).pulled.map((p) => p.outcome)).toEqual(['imported']);
    const listed = await db.selectFrom('cars').select('id').where('withdrawn_at', 'is', null).orderBy('id').execute();
    expect(listed.map((r) => r.id)).toEqual([12, 13, 21]);
    time.set(30);
    const unchanged = await round();
    expect(unchanged.pulled.map((p) => p.outcome)).toEqual(['unchanged']);
    expect(feed.requests.length).toBe(3);
  });

  it('retries a failing feed after its interval, then twice as long, up to four intervals', async () => {
    const feed = await server();
    feed.answerWith((_request, response) => response.writeHead(503).end());
    await dealerships(db, { 1: { url: feed.url, every: '15m' } });
    const time = clock();
    const pulledAt: number[] = [];
    for (let minute = 0; minute <= 240; minute++) {
      time.set(minute);
      const round = await pullDueFeeds(db, { holder: 'test', now: time.now });
      if (round.pulled.length) pulledAt.push(minute);
    }
    // Failures after 15, then 30, then every 60 minutes (4 x 15).
    expect(pulledAt).toEqual([0, 15, 45, 105, 165, 225]);
    feed.answerWith(undefined);
    feed.setFeed(dealerFeed(1, [11]));
    time.set(285);
    expect((await pullDueFeeds(db, { holder: 'test', now: time.now })).pulled.map((p) => p.outcome)).toEqual([
      'imported',
    ]);
    // Back to the interval after a success.
    time.set(299);
    expect((await pullDueFeeds(db, { holder: 'test', now: time.now })).pulled).toEqual([]);
    time.set(300);
    expect((await pullDueFeeds(db, { holder: 'test', now: time.now })).pulled.map((p) => p.outcome)).toEqual([
      'unchanged',
    ]);
  });

  it('pulls the most overdue feed first and reports feeds it cannot pull', async () => {
    const a = await server();
    const b = await server();
    a.setFeed(dealerFeed(1, [11]));
    b.setFeed(dealerFeed(2, [21]));
    await dealerships(db, { 1: { url: a.url, every: '1h' }, 2: { url: b.url, every: '15m' } });
    const time = clock();
    await pullDueFeeds(db, { holder: 'test', now: time.now });
    time.set(60);
    const round = await pullDueFeeds(db, { holder: 'test', now: time.now });
    // Dealership 2 was due at 15, dealership 1 at 60.
    expect(round.pulled.map((p) => p.dealershipId)).toEqual([2, 1]);

    // A record stored before the schema checked `feed` (or edited by hand) is reported, not pulled.
    await db
      .updateTable('dealerships')
      .set({ data: JSON.stringify({ id: 2, slug: 'dealer-2', name: 'Dealer 2', feed: { url: 'ftp://dms/x' } }) })
      .where('id', '=', 2)
      .execute();
    time.set(600);
    const next = await pullDueFeeds(db, { holder: 'test', now: time.now });
    expect(next.pulled.map((p) => p.dealershipId)).toEqual([1]);
    expect(next.misconfigured).toEqual([
      {
        dealershipId: 2,
        dealershipSlug: 'dealer-2',
        shownUrl: 'ftp://dms/x',
        problem: 'feed url is not an http or https address',
      },
    ]);
    await db
      .updateTable('dealerships')
      .set({
        data: JSON.stringify({
          id: 2,
          slug: 'dealer-2',
          name: 'Dealer 2',
          feed: { url: 'ftp://someone:pw@dms/x?token=T0KEN-SECRET' },
        }),
      })
      .where('id', '=', 2)
      .execute();
    const hidden = await pullDueFeeds(db, { holder: 'test', now: time.now });
    expect(hidden.misconfigured[0]?.shownUrl).toBe('ftp://***:***@dms/x?token=***');
  });

  it('logs a feed that cannot be pulled by its address with the secrets hidden', async () => {
    const feed = await server();
    feed.setFeed(dealerFeed(1, [11]));
    await dealerships(db, { 1: { url: `${feed.url}?dealer=1&token=T0KEN-SECRET` } });
    const errors: unknown[][] = [];
    const round = await pullDueFeeds(db, {
      holder: 'test',
      now: clock().now,
      log: { error: (...args: unknown[]) => errors.push(args) },
      pull: async () => {
        throw new Error('database went away');
      },
    });
    expect(round.errors).toBe(1);
    expect(String(errors[0]?.[0])).toBe(
      `Feed of dealership 1 (${feed.url}?dealer=1&token=***): the pull could not be made or recorded`,
    );
  });

  it('keeps going when one pull cannot be made, and says how many', async () => {
    const feed = await server();
    feed.setFeed(dealerFeed(1, [11]));
    await dealerships(db, { 1: { url: feed.url }, 2: { url: feed.url } });
    const errors: unknown[] = [];
    const round = await pullDueFeeds(db, {
      holder: 'test',
      now: clock().now,
      log: { error: (...args: unknown[]) => errors.push(args) },
      pull: async (database, options) => {
        if (options.dealershipId === 1) throw new Error('database went away');
        return pullFeed(database, options);
      },
    });
    expect(round.errors).toBe(1);
    expect(round.pulled.map((p) => p.dealershipId)).toEqual([2]);
    expect(errors.length).toBe(1);
    expect(String((errors[0] as unknown[])[0])).toBe(
      `Feed of dealership 1 (${feed.url}): the pull could not be made or recorded`,
    );
    // The claim was given back: the next round may try dealership 1 again.
    expect(await db.selectFrom('feed_state').select(['feed_key', 'holder']).orderBy('feed_key').execute()).toEqual([
      { feed_key: feedKey(new URL(feed.url).href, 1), holder: null },
      { feed_key: feedKey(new URL(feed.url).href, 2), holder: null },
    ]);
  });
});

describe('feedStatus, formatFeedStatus and feedHealth', () => {
  it('lists every feed with its last outcome, reasons for people and counts only for /healthz', async () => {
    const db = await openTestDatabase();
    opened.push(db);
    const good = await server();
    const bad = await server();
    const quick = await server();
    good.setFeed(dealerFeed(1, [11]));
    quick.setFeed(dealerFeed(3, [31]));
    bad.answerWith((_request, response) => response.writeHead(500, 'Internal Server Error').end());
    const badUrl = new URL(bad.url);
    badUrl.username = 'dealer';
    badUrl.password = 's3cret';
    badUrl.search = '?dealer=2&apiKey=K3Y-SECRET';
    await dealerships(db, {
      1: { url: good.url, every: '1h' },
      2: { url: badUrl.href, every: '15m' },
      3: { url: quick.url, every: '5m' },
      4: undefined,
    });
    const time = clock();
    await pullDueFeeds(db, { holder: 'test', now: time.now });
    time.set(15);
    await pullDueFeeds(db, { holder: 'test', now: time.now });
    // A pull by address alone (npm run import -- --from-url).
    await pullFeed(db, { url: good.url, now: time.now });
    time.set(20);

    const entries = await feedStatus(db, time.now());
    expect(entries.map((e) => [e.dealershipId, e.configured, e.lastPull?.outcome, e.failures])).toEqual([
      [1, true, 'imported', 0],
      [2, true, 'failed', 2],
      [3, true, 'unchanged', 0],
      [undefined, false, 'imported', 0],
    ]);
    const failing = entries[1];
    expect(failing).toMatchObject({
      url: `http://***:***@${badUrl.host}/feed.json?dealer=2&apiKey=***`,
      every: '15m',
      failingSince: new Date(T0).toISOString(),
      // Two failures: the next try 30 minutes after the second.
      nextDueAt: new Date(T0 + 45 * MINUTE).toISOString(),
      lastFailure: { message: 'the server answered 500 Internal Server Error; the stock is unchanged' },
      overdue: false,
    });
    expect(entries[0]?.lastSuccessAt).toBe(new Date(T0).toISOString());
    // The schema refuses under 5 minutes; the shortest allowed is pulled every 5 minutes.
    expect(entries[2]).toMatchObject({ every: '5m', everyMs: 5 * MINUTE });

    const lines = formatFeedStatus(entries, time.now());
    const text = lines.join('\n');
    expect(lines[0]).toBe('3 scheduled feed(s): 1 failing, 0 overdue; 1 pulled by address alone');
    expect(lines[1]).toMatch(/^FEED\s+EVERY\s+LAST PULL\s+OUTCOME\s+LAST SUCCESS\s+FAILURES\s+NEXT PULL\s+ADDRESS$/);
    expect(text).toMatch(/2 dealer-2\s+15m\s+5m ago\s+failed 500\s+-\s+2\s+in 25m\s+http:\/\/\*\*\*:\*\*\*@/);
    expect(text).toContain(
      `  ! failing since ${new Date(T0).toISOString()} (2 in a row): the server answered 500 Internal Server Error; the stock is unchanged`,
    );
    expect(text).toMatch(
      /by address\s+-\s+5m ago\s+imported 200\s+5m ago\s+0\s+-\s+http:\/\/127\.0\.0\.1:\d+\/feed\.json$/m,
    );
    expect(text).not.toContain('s3cret');
    expect(text).not.toContain('K3Y-SECRET');
    expect(JSON.stringify(entries)).not.toMatch(/s3cret|K3Y-SECRET|dealer:/);

    const health = feedHealth(entries);
    expect(health).toEqual({
      configured: 3,
      failing: 1,
      overdue: 0,
      misconfigured: 0,
      failingFeeds: [{ dealershipId: 2, since: new Date(T0).toISOString(), failures: 2 }],
    });
    // Nothing of an address or a reason in the public answer.
    expect(JSON.stringify(health)).not.toMatch(/127\.0\.0\.1|dealer:|500|http/);

    // Nobody pulls for a long time: the feeds are overdue.
    time.set(24 * 60);
    const later = feedHealth(await feedStatus(db, time.now()));
    expect(later.overdue).toBe(3);
    expect(formatFeedStatus(await feedStatus(db, time.now()), time.now())[1]).toContain('FEED_SCHEDULER=on');
  });

  it('shows pulls the log kept from before secrets were hidden with their secrets hidden', async () => {
    const db = await openTestDatabase();
    opened.push(db);
    const at = new Date(T0).toISOString();
    // A row as an earlier version wrote it: only the password hidden.
    await recordPull(db, {
      key: '- https://u:***@dms.example/feed.json?api_key=OLD-SECRET',
      url: 'https://u:***@dms.example/feed.json?api_key=OLD-SECRET',
      startedAt: at,
      finishedAt: at,
      outcome: 'failed',
      message: 'the server answered 500',
    });
    const entries = await feedStatus(db, new Date(T0 + MINUTE));
    expect(entries.map((e) => e.url)).toEqual(['https://***:***@dms.example/feed.json?api_key=***']);
    expect(formatFeedStatus(entries, new Date(T0 + MINUTE)).join('\n')).not.toContain('OLD-SECRET');
  });

  it('says there are no feeds when there are none', async () => {
    const db = await openTestDatabase();
    opened.push(db);
    expect(formatFeedStatus(await feedStatus(db))).toEqual([
      expect.stringMatching(/^No feeds: no dealership names a feed/),
    ]);
    expect(feedHealth([])).toEqual({ configured: 0, failing: 0, overdue: 0, misconfigured: 0, failingFeeds: [] });
  });
});

describe('claims across connections (several processes)', () => {
  /** Two connections to one new database, as two server processes have. */
  async function twoConnections(): Promise<[PlatformDb, PlatformDb]> {
    const url = await freshDatabaseUrl();
    const a = openDatabase(url);
    opened.push(a);
    await migrateToLatest(a);
    const b = openDatabase(url);
    opened.push(b);
    return [a, b];
  }

  it('gives a feed to exactly one of two schedulers claiming it at once', async () => {
    const [a, b] = await twoConnections();
    const now = new Date(T0);
    for (let i = 0; i < 10; i++) {
      const key = feedKey(`https://dms.example/${i}.json`, i + 1);
      const [first, second] = await Promise.all([
        claimFeed(a, key, 'process-a', now),
        claimFeed(b, key, 'process-b', now),
      ]);
      expect([first, second].filter(Boolean)).toHaveLength(1);
    }
  });

  it('keeps a claim until it is released or runs out, and only its holder renews it', async () => {
    const [a, b] = await twoConnections();
    const key = feedKey('https://dms.example/feed.json', 1);
    const now = new Date(T0);
    expect(await claimFeed(a, key, 'process-a', now)).toBe(true);
    expect(await claimFeed(b, key, 'process-b', now)).toBe(false);
    // The holder itself does not claim twice (one scheduler per process; a second claim is a bug).
    expect(await claimFeed(a, key, 'process-a', now)).toBe(false);
    await releaseFeed(b, key, 'process-b');
    expect(await claimFeed(b, key, 'process-b', now)).toBe(false);
    await releaseFeed(a, key, 'process-a');
    expect(await claimFeed(b, key, 'process-b', now)).toBe(true);

    // A holder that died: its claim lapses after FEED_LEASE_MS, unless renewed.
    await renewFeedClaim(a, key, 'process-a', new Date(T0 + FEED_LEASE_MS));
    expect(await claimFeed(a, key, 'process-a', new Date(T0 + FEED_LEASE_MS - 1))).toBe(false);
    await renewFeedClaim(b, key, 'process-b', new Date(T0 + FEED_LEASE_MS - 1));
    expect(await claimFeed(a, key, 'process-a', new Date(T0 + FEED_LEASE_MS + 1))).toBe(false);
    expect(await claimFeed(a, key, 'process-a', new Date(T0 + 2 * FEED_LEASE_MS))).toBe(true);
  });

  it('two schedulers running at once pull each due feed once', async () => {
    const [a, b] = await twoConnections();
    const feeds = await Promise.all([server(), server(), server()]);
    feeds.forEach((feed, i) => {
      feed.setFeed(dealerFeed(i + 1, [(i + 1) * 10]));
      const serve = (_request: unknown, response: import('node:http').ServerResponse) =>
        setTimeout(() => {
          feed.answerWith(undefined);
          response.writeHead(503).end();
        }, 400);
      // The first answer is slow, so both rounds are under way while a pull runs.
      feed.answerWith(serve);
    });
    await dealerships(a, Object.fromEntries(feeds.map((feed, i) => [i + 1, { url: feed.url, every: '15m' }])));
    const now = () => new Date(T0);
    const [roundA, roundB] = await Promise.all([
      pullDueFeeds(a, { holder: 'process-a', now }),
      pullDueFeeds(b, { holder: 'process-b', now }),
    ]);
    expect(roundA.pulled.length + roundB.pulled.length).toBe(3);
    // The rounds overlapped: one found a feed the other had claimed or had just pulled. (How many
    // depends on timing: a round that starts after a pull was recorded does not count it as due.)
    expect(roundA.skipped + roundB.skipped).toBeGreaterThanOrEqual(1);
    expect(feeds.map((feed) => feed.requests.length)).toEqual([1, 1, 1]);
    expect((await a.selectFrom('feed_pulls').select('id').execute()).length).toBe(3);
  });
});
