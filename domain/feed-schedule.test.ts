import { describe, expect, it } from 'vitest';
import {
  formatInterval,
  hideUrlSecrets,
  isDue,
  isHttpUrl,
  isOverdue,
  nextPullAt,
  parseEvery,
  readFeedSource,
  redactUrlCredentials,
  retryDelayMs,
  urlSecrets,
} from './feed-schedule';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('parseEvery', () => {
  it('reads minutes, hours and days', () => {
    expect(parseEvery('15m')).toEqual({ ok: true, ms: 15 * MINUTE });
    expect(parseEvery('1h')).toEqual({ ok: true, ms: HOUR });
    expect(parseEvery('6h')).toEqual({ ok: true, ms: 6 * HOUR });
    expect(parseEvery('1d')).toEqual({ ok: true, ms: DAY });
    expect(parseEvery('90m')).toEqual({ ok: true, ms: 90 * MINUTE });
  });

  it('defaults to one hour', () => {
    expect(parseEvery(undefined)).toEqual({ ok: true, ms: HOUR });
  });

  it('raises an interval under 5 minutes to 5, and says so', () => {
    expect(parseEvery('1m')).toEqual({
      ok: true,
      ms: 5 * MINUTE,
      note: 'every "1m" is under the 5-minute minimum: pulled every 5m',
    });
    expect(parseEvery('5m')).toEqual({ ok: true, ms: 5 * MINUTE });
  });

  it('refuses what is not a number and a unit', () => {
    for (const text of ['', '15', 'm', '1w', '0m', '1.5h', '15 minutes', '-1h', '10000m']) {
      const parsed = parseEvery(text);
      expect(parsed.ok, text).toBe(false);
      if (!parsed.ok) expect(parsed.message).toContain(`every "${text}" is not an interval`);
    }
  });
});

describe('formatInterval', () => {
  it('writes intervals the way `every` is written', () => {
    expect(formatInterval(15 * MINUTE)).toBe('15m');
    expect(formatInterval(90 * MINUTE)).toBe('1h30m');
    expect(formatInterval(4 * DAY)).toBe('4d');
    expect(formatInterval(DAY + HOUR)).toBe('1d1h');
    expect(formatInterval(20_000)).toBe('20s');
  });
});

describe('retryDelayMs: back-off after failures', () => {
  it('waits the interval itself after a success', () => {
    expect(retryDelayMs(15 * MINUTE, 0)).toBe(15 * MINUTE);
    expect(retryDelayMs(DAY, 0)).toBe(DAY);
  });

  it('doubles from the interval up to four times the interval for a short interval', () => {
    expect([1, 2, 3, 4, 10].map((n) => retryDelayMs(15 * MINUTE, n) / MINUTE)).toEqual([15, 30, 60, 60, 60]);
    expect([1, 2, 3, 4].map((n) => retryDelayMs(5 * MINUTE, n) / MINUTE)).toEqual([5, 10, 20, 20]);
  });

  it('retries a long interval after 30 minutes first, then doubles up to four intervals', () => {
    expect([1, 2, 3, 4, 5].map((n) => retryDelayMs(HOUR, n) / MINUTE)).toEqual([30, 60, 120, 240, 240]);
    expect([1, 2, 3, 6, 9, 10, 1000].map((n) => retryDelayMs(DAY, n) / HOUR)).toEqual([0.5, 1, 2, 16, 96, 96, 96]);
  });
});

describe('nextPullAt and isDue', () => {
  const at = Date.parse('2026-03-01T10:00:00.000Z');

  it('pulls a feed never pulled at once', () => {
    expect(nextPullAt(HOUR, { failures: 0 })).toBe(0);
    expect(isDue(HOUR, { failures: 0 }, at)).toBe(true);
  });

  it('pulls again one interval after the start of the last successful pull', () => {
    const history = { lastPullAt: at, failures: 0 };
    expect(nextPullAt(HOUR, history)).toBe(at + HOUR);
    expect(isDue(HOUR, history, at + HOUR - 1)).toBe(false);
    expect(isDue(HOUR, history, at + HOUR)).toBe(true);
  });

  it('after failures, waits the back-off instead', () => {
    expect(nextPullAt(HOUR, { lastPullAt: at, failures: 1 })).toBe(at + 30 * MINUTE);
    expect(nextPullAt(HOUR, { lastPullAt: at, failures: 3 })).toBe(at + 2 * HOUR);
    expect(isDue(HOUR, { lastPullAt: at, failures: 9 }, at + 4 * HOUR - 1)).toBe(false);
    expect(isDue(HOUR, { lastPullAt: at, failures: 9 }, at + 4 * HOUR)).toBe(true);
  });
});

describe('isOverdue', () => {
  const at = Date.parse('2026-03-01T10:00:00.000Z');
  it('is overdue only when the due time passed by more than an interval (at least 10 minutes)', () => {
    const history = { lastPullAt: at, failures: 0 };
    expect(isOverdue(HOUR, history, at + 2 * HOUR)).toBe(false);
    expect(isOverdue(HOUR, history, at + 2 * HOUR + 1)).toBe(true);
    expect(isOverdue(5 * MINUTE, history, at + 15 * MINUTE)).toBe(false);
    expect(isOverdue(5 * MINUTE, history, at + 15 * MINUTE + 1)).toBe(true);
  });

  it('counts a feed never pulled as overdue (its due time is long past)', () => {
    expect(isOverdue(HOUR, { failures: 0 }, at)).toBe(true);
  });
});

describe('readFeedSource', () => {
  it('reads a dealership feed with defaults for format and every', () => {
    expect(readFeedSource({ id: 1, feed: { url: 'https://dms.example/feed.json' } })).toEqual({
      kind: 'feed',
      source: { url: 'https://dms.example/feed.json', format: 'json', every: '1h', everyMs: HOUR },
    });
    expect(readFeedSource({ id: 1, feed: { url: 'http://dms.example/f', format: 'json', every: '15m' } })).toEqual({
      kind: 'feed',
      source: { url: 'http://dms.example/f', format: 'json', every: '15m', everyMs: 15 * MINUTE },
    });
  });

  it('says none for a dealership without a feed', () => {
    expect(readFeedSource({ id: 1, slug: 'x' })).toEqual({ kind: 'none' });
    expect(readFeedSource({ id: 1, feed: null })).toEqual({ kind: 'none' });
    expect(readFeedSource(null)).toEqual({ kind: 'none' });
  });

  it('reports what cannot be pulled, with the credentials hidden', () => {
    expect(readFeedSource({ feed: 'https://x.example' })).toEqual({
      kind: 'invalid',
      message: 'feed is not an object with a url',
    });
    expect(readFeedSource({ feed: { every: '1h' } })).toEqual({ kind: 'invalid', message: 'feed has no url' });
    expect(readFeedSource({ feed: { url: 'ftp://u:secret@x.example/f?token=t0ken' } })).toEqual({
      kind: 'invalid',
      url: 'ftp://***:***@x.example/f?token=***',
      message: 'feed url is not an http or https address',
    });
    expect(readFeedSource({ feed: { url: 'https://x.example/f', format: 'xml' } })).toMatchObject({
      kind: 'invalid',
      message: 'feed format "xml" is not known: the only format is "json"',
    });
    expect(readFeedSource({ feed: { url: 'https://x.example/f', every: 'hourly' } })).toMatchObject({
      kind: 'invalid',
      message: expect.stringContaining('every "hourly" is not an interval'),
    });
  });
});

describe('URLs', () => {
  it('accepts only absolute http and https addresses', () => {
    expect(isHttpUrl('https://dms.example/feed.json')).toBe(true);
    expect(isHttpUrl('http://127.0.0.1:8080/f')).toBe(true);
    expect(isHttpUrl('file:///etc/passwd')).toBe(false);
    expect(isHttpUrl('/feed.json')).toBe(false);
    expect(isHttpUrl('data:application/json,{}')).toBe(false);
  });

  it('hides the user name and the password of a URL', () => {
    expect(redactUrlCredentials('https://dealer:s3cret@dms.example/feed.json?x=1')).toBe(
      'https://***:***@dms.example/feed.json?x=1',
    );
    expect(redactUrlCredentials('https://dealer@dms.example/feed.json')).toBe('https://***@dms.example/feed.json');
    expect(redactUrlCredentials('https://dms.example/feed.json')).toBe('https://dms.example/feed.json');
    expect(redactUrlCredentials('not a url @ all')).toBe('(an address that does not parse)');
  });

  it('hides the values of query parameters named like secrets, keeping the rest to tell feeds apart', () => {
    expect(redactUrlCredentials('https://dms/feed.json?api_key=SECRET')).toBe('https://dms/feed.json?api_key=***');
    expect(redactUrlCredentials('https://dms.example/v2/stock.json?dealer=12&token=abc123&format=json')).toBe(
      'https://dms.example/v2/stock.json?dealer=12&token=***&format=json',
    );
    const names = [
      'key',
      'api_key',
      'apikey',
      'ApiKey',
      'apiKey',
      'API-KEY',
      'x-api-key',
      'token',
      'access_token',
      'accessToken',
      'refresh_token',
      'sessiontoken',
      'secret',
      'client_secret',
      'clientSecret',
      'sig',
      'signature',
      'X-Amz-Signature',
      'X-Amz-Credential',
      'AWSAccessKeyId',
      'password',
      'passwd',
      'pass',
      'pwd',
      'auth',
      'auth_token',
      'Authorization',
      'credential',
      'credentials',
      'code',
      'PASSWORD',
    ];
    for (const name of names)
      expect(redactUrlCredentials(`https://dms.example/feed?dealer=7&${name}=hunter2%2Fx&page=1`), name).toBe(
        `https://dms.example/feed?dealer=7&${name}=***&page=1`,
      );
    // Names that only share letters with a secret word are not secrets.
    for (const name of ['dealer', 'postcode', 'keyword', 'author', 'passenger', 'design', 'monkey', 'format', 'page'])
      expect(redactUrlCredentials(`https://dms.example/feed?${name}=visible`), name).toBe(
        `https://dms.example/feed?${name}=visible`,
      );
    // An encoded name is read decoded; a parameter named twice is hidden twice; an empty value stays empty.
    expect(redactUrlCredentials('https://dms.example/f?api%5Fkey=a&token=b&token=c&key=&flag')).toBe(
      'https://dms.example/f?api%5Fkey=***&token=***&token=***&key=&flag',
    );
    // Parameters after a # (an OAuth-style fragment) and ; separators too.
    expect(redactUrlCredentials('https://dms.example/f?a=1;token=b#access_token=c&x=1')).toBe(
      'https://dms.example/f?a=1;token=***#access_token=***&x=1',
    );
    // Everything at once.
    expect(redactUrlCredentials('https://me:pw@dms.example:8443/f.json?apikey=K&dealer=3')).toBe(
      'https://***:***@dms.example:8443/f.json?apikey=***&dealer=3',
    );
  });

  it('hides secret parameters of an address that does not parse, too', () => {
    expect(redactUrlCredentials('dms.example/feed.json?api_key=SECRET&x=1')).toBe(
      'dms.example/feed.json?api_key=***&x=1',
    );
    expect(redactUrlCredentials('dms.example/feed.json')).toBe('dms.example/feed.json');
    expect(redactUrlCredentials('https://dms.example:99999/f?token=abc')).toBe('https://dms.example:99999/f?token=***');
  });

  it('lists the secrets of a URL, and hides them in any text', () => {
    const url = 'https://dealer:pa%24%24word@dms.example/f?api_key=SECRET123&dealer=3&sig=ab%2Bcd';
    // The user name is hidden in the address, but not hunted for in text: 'dealer' is an ordinary word.
    expect(urlSecrets(url).sort()).toEqual(['SECRET123', 'ab%2Bcd', 'ab+cd', 'pa$$word', 'pa%24%24word'].sort());
    expect(hideUrlSecrets('connect failed for SECRET123 as pa$$word (sig ab+cd)', url)).toBe(
      'connect failed for *** as *** (sig ***)',
    );
    // Too short to be told from ordinary text: left alone (such a secret is no secret anyway).
    expect(hideUrlSecrets('a 404 for b', 'https://a:b@dms.example/f?key=404')).toBe('a 404 for b');
    expect(urlSecrets('https://dms.example/feed.json?dealer=3')).toEqual([]);
  });
});
