import { createServer, type AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PlatformDb } from '../db/database';
import { openTestDatabase } from '../db/test-database';
import { importFeed } from '../stock/import-feed';
import { feedCar } from '../stock/test-feed';
import { FeedUrlError, pullFeed, summarisePull, type PullFeedOptions } from './feed-pull';
import { feedKey, KEEP_PULLS_PER_FEED, recordPull, validatorsFor } from './pull-log';
import { startFeedServer, type FeedServer } from './test-feed-server';

// Issue 18: a feed pulled from its address, with timeouts, conditional requests and a size limit;
// a pull that fails keeps the old stock.

const DEALERSHIP = { id: 1, slug: 'harbour-motors', name: 'Harbour Motors' };
const feedOf = (carIds: number[], extra: Record<string, unknown> = {}) => ({
  dealerships: [DEALERSHIP],
  cars: carIds.map((id) => feedCar(id, extra)),
});

let db: PlatformDb;
let server: FeedServer;
beforeEach(async () => {
  db = await openTestDatabase();
  server = await startFeedServer();
});
afterEach(async () => {
  await server.close();
  await db.destroy();
});

/** Listed cars (not withdrawn), by id. */
async function listedCars(): Promise<number[]> {
  const rows = await db.selectFrom('cars').select('id').where('withdrawn_at', 'is', null).orderBy('id').execute();
  return rows.map((r) => r.id);
}

async function importsRecorded(): Promise<number> {
  return (await db.selectFrom('imports').select('id').execute()).length;
}

async function pullLog() {
  return db.selectFrom('feed_pulls').selectAll().orderBy('id').execute();
}

const pull = (options: Partial<PullFeedOptions> = {}) => pullFeed(db, { url: server.url, ...options });

describe('pullFeed: conditional requests', () => {
  it('imports the first pull, then gets 304 for the unchanged feed and imports nothing', async () => {
    server.setFeed(feedOf([1, 2]));
    const first = await pull({ dealershipId: 1, replace: true });
    expect(first).toMatchObject({ outcome: 'imported', status: 200, conditional: false, dealershipId: 1 });
    expect(first.imported?.cars).toBe(2);
    expect(first.report).toBeDefined();
    expect(first.message).toBe('imported 2 cars, 1 dealership');
    expect(await listedCars()).toEqual([1, 2]);
    expect(server.requests[0]?.headers['if-none-match']).toBeUndefined();

    const second = await pull({ dealershipId: 1, replace: true });
    expect(second).toMatchObject({ outcome: 'unchanged', status: 304, conditional: true });
    expect(second.message).toBe('the feed is unchanged since it was imported (304 Not Modified)');
    expect(second.imported).toBeUndefined();
    const etag = (await pullLog())[0]?.etag;
    expect(etag).toMatch(/^"[0-9a-f]{40}"$/);
    expect(server.requests[1]?.headers['if-none-match']).toBe(etag);
    expect(server.requests[1]?.headers['if-modified-since']).toMatch(/GMT$/);
    // Nothing was imported: no second import recorded.
    expect(await importsRecorded()).toBe(1);
    expect(summarisePull(second)).toMatch(
      new RegExp(
        `^${server.url.replace(/[.]/g, '\\.')} \\(dealership 1\\): unchanged in \\d+ ms: the feed is unchanged`,
      ),
    );

    const log = await pullLog();
    expect(log.map((row) => [row.outcome, row.http_status, row.failures, row.cars])).toEqual([
      ['imported', 200, 0, 2],
      ['unchanged', 304, 0, null],
    ]);
    // The 304 keeps the validators, so the third pull asks the same way.
    expect(log[1]?.etag).toBe(etag);
    await pull({ dealershipId: 1, replace: true });
    expect(server.requests[2]?.headers['if-none-match']).toBe(etag);
  });

  it('imports a changed feed, withdrawing the dealership cars no longer in it', async () => {
    server.setFeed(feedOf([1, 2, 3]));
    await pull({ dealershipId: 1, replace: true });
    server.setFeed(feedOf([2, 3, 4], { price: 31_000 }));
    const changed = await pull({ dealershipId: 1, replace: true });
    expect(changed).toMatchObject({ outcome: 'imported', status: 200, conditional: true });
    expect(changed.message).toBe('imported 3 cars, 1 dealership, withdrew 1 car no longer in the feed');
    expect(await listedCars()).toEqual([2, 3, 4]);
    const price = await db.selectFrom('cars').select('price').where('id', '=', 2).executeTakeFirstOrThrow();
    expect(price.price).toBe(31_000);
  });

  it('uses Last-Modified when the server gives no ETag', async () => {
    server.setFeed(feedOf([1]), { lastModified: true });
    await pull();
    const second = await pull();
    expect(second.outcome).toBe('unchanged');
    expect(server.requests[1]?.headers['if-none-match']).toBeUndefined();
    expect(server.requests[1]?.headers['if-modified-since']).toBe((await pullLog())[0]?.last_modified);
  });

  it('asks for the whole feed when the server gives no validators, or when told not to be conditional', async () => {
    server.setFeed(feedOf([1]), {});
    await pull();
    expect((await pull()).outcome).toBe('imported');
    expect(server.requests[1]?.headers['if-none-match']).toBeUndefined();
    server.setFeed(feedOf([1]));
    await pull();
    const forced = await pull({ conditional: false });
    expect(forced).toMatchObject({ outcome: 'imported', conditional: false });
    expect(server.requests[3]?.headers['if-none-match']).toBeUndefined();
  });

  it('keeps validators per feed: the same address for another dealership, or for none, starts afresh', async () => {
    server.setFeed(feedOf([1]));
    await pull({ dealershipId: 1 });
    expect((await pull()).outcome).toBe('imported');
    expect(server.requests[1]?.headers['if-none-match']).toBeUndefined();
    expect((await pull()).outcome).toBe('unchanged');
  });

  it('counts a 304 to a request without validators as a failure', async () => {
    server.answerWith((_request, response) => response.writeHead(304).end());
    const result = await pull();
    expect(result).toMatchObject({ outcome: 'failed', status: 304 });
    expect(result.message).toBe(
      'the server answered 304 Not Modified to a request for the whole feed; the stock is unchanged',
    );
  });
});

describe('pullFeed: failures keep the old stock', () => {
  beforeEach(async () => {
    server.setFeed(feedOf([1, 2]));
    await pull({ dealershipId: 1, replace: true });
  });

  it('records a 500 as failed, withdraws nothing, and counts the failures in a row until a success', async () => {
    server.answerWith((_request, response) => response.writeHead(500, 'Internal Server Error').end('oops'));
    const failed = await pull({ dealershipId: 1, replace: true });
    expect(failed).toMatchObject({ outcome: 'failed', status: 500 });
    expect(failed.message).toBe('the server answered 500 Internal Server Error; the stock is unchanged');
    await pull({ dealershipId: 1, replace: true });
    expect(await listedCars()).toEqual([1, 2]);
    let log = await pullLog();
    expect(log.map((row) => [row.outcome, row.failures])).toEqual([
      ['imported', 0],
      ['failed', 1],
      ['failed', 2],
    ]);
    expect(log[2]?.failing_since).toBe(log[1]?.started_at);

    server.answerWith(undefined);
    // Still the copy the stock holds: the feed server says so with a 304, and that is a success.
    expect((await pull({ dealershipId: 1, replace: true })).outcome).toBe('unchanged');
    log = await pullLog();
    expect(log.at(-1)).toMatchObject({ outcome: 'unchanged', failures: 0, failing_since: null });
  });

  it('gives up on a server that never answers after the first-byte timeout', async () => {
    server.answerWith(() => undefined);
    const started = performance.now();
    const result = await pull({ dealershipId: 1, replace: true, limits: { firstByteTimeoutMs: 300 } });
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(result).toMatchObject({ outcome: 'failed' });
    expect(result.status).toBeUndefined();
    expect(result.message).toBe(
      'the server did not answer within 0.3 s (FEED_FIRST_BYTE_TIMEOUT_S); the stock is unchanged',
    );
    expect(await listedCars()).toEqual([1, 2]);
    expect((await pullLog()).at(-1)).toMatchObject({ outcome: 'failed', http_status: null, failures: 1 });
  });

  it('gives up on a feed that stops arriving after the total timeout', async () => {
    server.answerWith((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"cars": [');
    });
    const result = await pull({ limits: { totalTimeoutMs: 400, firstByteTimeoutMs: 300 } });
    expect(result).toMatchObject({ outcome: 'failed', status: 200 });
    expect(result.message).toBe('the whole feed did not arrive within 0.4 s (FEED_TIMEOUT_S); the stock is unchanged');
    expect(await listedCars()).toEqual([1, 2]);
  });

  it('stops reading a feed that grows past the size limit', async () => {
    // Chunked, without a Content-Length: the limit is found while reading.
    server.answerWith((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write(`{"cars": [${'0,'.repeat(2_000)}`);
      response.end('0]}');
    });
    const result = await pull({ dealershipId: 1, replace: true, limits: { maxBytes: 1024 } });
    expect(result).toMatchObject({ outcome: 'failed', status: 200 });
    expect(result.bytes).toBeGreaterThan(1024);
    expect(result.message).toBe(
      'the feed grew past the 1 KB limit (FEED_MAX_MB); reading stopped there; the stock is unchanged',
    );
    expect(await listedCars()).toEqual([1, 2]);
  });

  it('refuses a feed whose Content-Length is over the limit without reading it', async () => {
    server.answerWith((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(3 * 1024 * 1024) });
      response.write('{');
    });
    const result = await pull({ limits: { maxBytes: 1024 * 1024 } });
    expect(result).toMatchObject({ outcome: 'failed', status: 200 });
    expect(result.message).toBe('the feed is 3 MB, over the 1 MB limit (FEED_MAX_MB); the stock is unchanged');
  });

  it('reports broken JSON as invalid, with where it breaks', async () => {
    server.answerWith((_request, response) =>
      response.writeHead(200, { 'content-type': 'application/json' }).end('{\n  "cars": [\n    {"id": 1,}\n  ]\n}'),
    );
    const result = await pull({ dealershipId: 1, replace: true });
    expect(result).toMatchObject({ outcome: 'invalid', status: 200 });
    expect(result.message).toMatch(/^the feed is not valid JSON at line 3, column 14: .*; the stock is unchanged$/);
    expect(result.issues?.[0]).toMatchObject({ line: 3, column: 14, pointer: '' });
    expect(await listedCars()).toEqual([1, 2]);
    expect((await pullLog()).at(-1)).toMatchObject({ outcome: 'invalid', failures: 1 });
  });

  it('says so when the server sends a web page instead of the feed', async () => {
    server.answerWith((_request, response) =>
      response.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Sign in</body></html>'),
    );
    const result = await pull();
    expect(result.outcome).toBe('invalid');
    expect(result.message).toBe(
      'the feed is not valid JSON at line 1, column 1: Unexpected token \'<\', "<html><bod"... is not valid JSON (the server sent text/html, not a JSON feed); the stock is unchanged',
    );
  });

  it("refuses a dealership's feed with a car of another dealership, and imports none of it", async () => {
    server.setFeed({ dealerships: [DEALERSHIP], cars: [feedCar(1), feedCar(5, { dealership_id: 2 })] });
    const result = await pull({ dealershipId: 1, replace: true });
    expect(result).toMatchObject({ outcome: 'invalid', status: 200 });
    expect(result.message).toMatch(/^nothing was imported: \d+ problems?, the first \/cars\/1\/dealership_id: /);
    expect(result.issues?.map((issue) => issue.pointer)).toContain('/cars/1/dealership_id');
    expect(result.report).toBeDefined();
    expect(await listedCars()).toEqual([1, 2]);
  });

  it('places the problems of an invalid document at their line when asked (the CLI)', async () => {
    server.setFeed({ dealerships: [DEALERSHIP], cars: [feedCar(1, { price: 'lots' })] });
    const result = await pull({ locateIssues: true });
    expect(result.outcome).toBe('invalid');
    expect(result.issues?.find((issue) => issue.pointer === '/cars/0/price')).toMatchObject({ line: 1 });
  });

  it('pulls again in full after an invalid document, so a bad feed is never taken for the good one', async () => {
    server.setFeed({ dealerships: [DEALERSHIP], cars: [feedCar(1, { price: 'lots' })] });
    expect((await pull({ dealershipId: 1, replace: true })).outcome).toBe('invalid');
    // The validators are still those of the imported copy: the server sends the bad one again.
    expect((await pull({ dealershipId: 1, replace: true })).outcome).toBe('invalid');
    expect((await pullLog()).at(-1)?.failures).toBe(2);
  });

  it('reports a server that cannot be reached', async () => {
    // A port nothing listens on: taken, then given back.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const result = await pullFeed(db, { url: `http://127.0.0.1:${port}/feed.json` });
    expect(result.outcome).toBe('failed');
    expect(result.message).toMatch(
      /^the request failed: connect ECONNREFUSED 127\.0\.0\.1:\d+; the stock is unchanged$/,
    );
  });
});

describe("pullFeed: the dealership's feed setting", () => {
  it('keeps the stored feed of a dealership whose record in the pulled document has none', async () => {
    const setting = { url: server.url, every: '15m' };
    const imported = await importFeed(
      db,
      { dealerships: [{ ...DEALERSHIP, feed: setting }] },
      { file: 'dealers.json' },
    );
    expect(imported.ok).toBe(true);
    // The dealer's system sends its record, renamed, without the platform's schedule.
    server.setFeed({ dealerships: [{ ...DEALERSHIP, name: 'Harbour Motors Group' }], cars: [feedCar(1)] });
    expect((await pull({ dealershipId: 1, replace: true })).outcome).toBe('imported');
    const stored = await db.selectFrom('dealerships').select(['name', 'data']).executeTakeFirstOrThrow();
    expect(stored.name).toBe('Harbour Motors Group');
    expect(JSON.parse(stored.data)).toMatchObject({ name: 'Harbour Motors Group', feed: setting });
  });

  it('never lets a pulled document set where feeds come from (a tampered feed naming an internal address)', async () => {
    const setting = { url: server.url, every: '15m' };
    await importFeed(db, { dealerships: [{ ...DEALERSHIP, feed: setting }] }, { file: 'dealers.json' });
    server.setFeed({
      dealerships: [{ ...DEALERSHIP, feed: { url: 'http://169.254.169.254/latest/meta-data/', every: '5m' } }],
      cars: [feedCar(1)],
    });
    expect((await pull({ dealershipId: 1, replace: true })).outcome).toBe('imported');
    const stored = await db.selectFrom('dealerships').select('data').executeTakeFirstOrThrow();
    expect(JSON.parse(stored.data)).toMatchObject({ feed: setting });
    // A dealership with no stored feed gets none from a pulled document either.
    server.setFeed({ dealerships: [{ ...DEALERSHIP, id: 2, slug: 'other', feed: { url: 'http://10.0.0.1/' } }] });
    expect((await pull({})).outcome).toBe('imported');
    const other = await db.selectFrom('dealerships').select('data').where('id', '=', 2).executeTakeFirstOrThrow();
    expect(JSON.parse(other.data)).not.toHaveProperty('feed');
  });
});

describe('pullFeed: addresses', () => {
  it('sends user:password@ as HTTP Basic and never records or shows the password', async () => {
    server.setFeed(feedOf([1]));
    const url = new URL(server.url);
    url.username = 'dealer';
    url.password = 's3cret';
    const result = await pullFeed(db, { url: url.href, dealershipId: 1 });
    expect(result.outcome).toBe('imported');
    expect(server.requests[0]?.headers.authorization).toBe(`Basic ${Buffer.from('dealer:s3cret').toString('base64')}`);
    expect(result.url).toBe(url.href.replace('dealer:s3cret', '***:***'));
    expect(summarisePull(result)).not.toContain('s3cret');
    const [row] = await pullLog();
    expect(JSON.stringify(row)).not.toContain('s3cret');
    // A new password is a new feed (the server may now be another account's): asked in full.
    url.password = 'n3w';
    expect((await pullFeed(db, { url: url.href, dealershipId: 1 })).outcome).toBe('imported');
    expect(server.requests[1]?.headers['if-none-match']).toBeUndefined();
    expect((await pullFeed(db, { url: url.href, dealershipId: 1 })).outcome).toBe('unchanged');
  });

  it('never records, shows or logs the user name or a secret query value, but still sends them', async () => {
    server.setFeed(feedOf([1]));
    const url = new URL(server.url);
    url.username = 'acme-user';
    url.password = 'pa55word';
    url.search = '?dealer=7&api_key=SECRET-KEY-123&access_token=T0KEN-456';
    const result = await pullFeed(db, { url: url.href, dealershipId: 1 });
    expect(result.outcome).toBe('imported');
    // The server got them all.
    expect(server.requests[0]?.path).toBe('/feed.json?dealer=7&api_key=SECRET-KEY-123&access_token=T0KEN-456');
    expect(server.requests[0]?.headers.authorization).toBe(
      `Basic ${Buffer.from('acme-user:pa55word').toString('base64')}`,
    );
    const shown = `http://***:***@${url.host}/feed.json?dealer=7&api_key=***&access_token=***`;
    expect(result.url).toBe(shown);
    expect(summarisePull(result).startsWith(`${shown} (dealership 1): imported`)).toBe(true);
    const stored = JSON.stringify([
      await pullLog(),
      await db.selectFrom('feed_state').selectAll().execute(),
      await db.selectFrom('imports').selectAll().execute(),
    ]);
    for (const secret of ['acme-user', 'pa55word', 'SECRET-KEY-123', 'T0KEN-456'])
      expect(stored, secret).not.toContain(secret);
    expect((await pullLog())[0]?.url).toBe(shown);
  });

  it('keeps two addresses that differ only in a secret apart, without storing the secret', async () => {
    server.setFeed(feedOf([1]));
    const first = `${server.url}?api_key=ACCOUNT-ONE`;
    const second = `${server.url}?api_key=ACCOUNT-TWO`;
    expect(feedKey(first, undefined)).not.toBe(feedKey(second, undefined));
    expect(feedKey(first, 3)).not.toBe(feedKey(first, 4));
    expect(feedKey(first, undefined)).toContain(`${server.url}?api_key=***`);
    expect(feedKey(first, undefined)).not.toContain('ACCOUNT-ONE');
    // An address without a secret keeps the key it always had.
    expect(feedKey(server.url, 1)).toBe(`1 ${server.url}`);
    expect((await pull({ url: first })).outcome).toBe('imported');
    // The other account's feed is not answered with the first one's validators: it is asked in full.
    expect((await pull({ url: second })).outcome).toBe('imported');
    expect(server.requests[1]?.headers['if-none-match']).toBeUndefined();
    expect((await pull({ url: first })).outcome).toBe('unchanged');
    expect(JSON.stringify(await pullLog())).not.toMatch(/ACCOUNT-(ONE|TWO)/);
  });

  it('hides the secrets in what a server or the network says back', async () => {
    server.answerWith((_request, response) => response.writeHead(401, 'Unknown key SECRET-KEY-123').end());
    const result = await pull({ url: `${server.url}?key=SECRET-KEY-123` });
    expect(result.outcome).toBe('failed');
    expect(result.message).toBe('the server answered 401 Unknown key ***; the stock is unchanged');
    expect(JSON.stringify(await pullLog())).not.toContain('SECRET-KEY-123');
  });

  it('refuses anything but http and https', async () => {
    await expect(pullFeed(db, { url: 'file:///etc/passwd' })).rejects.toThrow(FeedUrlError);
    await expect(pullFeed(db, { url: 'ftp://u:pw@dms.example/feed.json?token=t0ken' })).rejects.toThrow(
      'ftp://***:***@dms.example/feed.json?token=*** is not an http or https address',
    );
    expect(await pullLog()).toEqual([]);
  });
});

describe('the pull log', () => {
  it('gives the validators of the copy the stock holds, none after an import that stopped half-way', async () => {
    const key = feedKey('https://dms.example/feed.json', 1);
    const record = (outcome: 'imported' | 'unchanged' | 'failed' | 'invalid', extra: object = {}) =>
      recordPull(db, {
        key,
        url: 'https://dms.example/feed.json',
        dealershipId: 1,
        startedAt: '2026-01-01T00:00:00.000Z',
        finishedAt: '2026-01-01T00:00:01.000Z',
        outcome,
        message: outcome,
        ...extra,
      });
    expect(await validatorsFor(db, key)).toBeUndefined();
    await record('imported', {
      httpStatus: 200,
      cars: 3,
      validators: { etag: '"v1"', lastModified: 'Thu, 01 Jan 2026 00:00:00 GMT' },
    });
    const v1 = { etag: '"v1"', lastModified: 'Thu, 01 Jan 2026 00:00:00 GMT' };
    expect(await validatorsFor(db, key)).toEqual(v1);
    // Failures before any import began leave the stock as it was: still that copy.
    await record('failed', { httpStatus: 503 });
    await record('invalid', { httpStatus: 200 });
    expect(await validatorsFor(db, key)).toEqual(v1);
    // An import that began writing and stopped (SQLite writes in chunks): part of a newer document
    // may be in the stock, so the next pull asks for the whole feed.
    await record('failed', { httpStatus: 200, cars: 4 });
    expect(await validatorsFor(db, key)).toBeUndefined();
    await record('imported', { httpStatus: 200, cars: 4, validators: { etag: '"v2"' } });
    expect(await validatorsFor(db, key)).toEqual({ etag: '"v2"' });
    // Another feed's validators are its own.
    expect(await validatorsFor(db, feedKey('https://dms.example/feed.json', 2))).toBeUndefined();
  });

  it(`keeps the latest ${KEEP_PULLS_PER_FEED} pulls of a feed, and the last success`, async () => {
    const key = feedKey('https://dms.example/feed.json', 1);
    const at = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
    const row = (i: number, outcome: 'imported' | 'failed') => ({
      feed_key: key,
      url: 'https://dms.example/feed.json',
      dealership_id: 1,
      started_at: at(i),
      finished_at: at(i),
      outcome,
      http_status: outcome === 'imported' ? 200 : 500,
      etag: outcome === 'imported' ? '"v1"' : null,
      last_modified: null,
      bytes: 10,
      cars: outcome === 'imported' ? 1 : null,
      failures: outcome === 'imported' ? 0 : i,
      failing_since: outcome === 'imported' ? null : at(1),
      message: outcome,
    });
    const rows = [row(0, 'imported'), ...Array.from({ length: KEEP_PULLS_PER_FEED }, (_, i) => row(i + 1, 'failed'))];
    for (let start = 0; start < rows.length; start += 200)
      await db
        .insertInto('feed_pulls')
        .values(rows.slice(start, start + 200))
        .execute();
    const recorded = await recordPull(db, {
      key,
      url: 'https://dms.example/feed.json',
      dealershipId: 1,
      startedAt: at(5000),
      finishedAt: at(5000),
      outcome: 'failed',
      message: 'the server answered 502; the stock is unchanged',
    });
    expect(recorded).toMatchObject({ failures: KEEP_PULLS_PER_FEED + 1, failing_since: at(1) });
    const kept = await db
      .selectFrom('feed_pulls')
      .select(['outcome', 'started_at'])
      .where('feed_key', '=', key)
      .orderBy('id')
      .execute();
    // The newest KEEP_PULLS_PER_FEED, and the imported row the validators and the status need.
    expect(kept.length).toBe(KEEP_PULLS_PER_FEED + 1);
    expect(kept[0]).toEqual({ outcome: 'imported', started_at: at(0) });
    expect(kept[1]?.started_at).toBe(at(2));
  });
});
