/**
 * When a dealership's stock feed is pulled again (issue 18): the dealership names
 * `feed: { url, format, every }` and the server's feed scheduler pulls the address every `every`,
 * sooner after a failure and then less and less often while it keeps failing. Pure rules: the
 * scheduler (services/feeds) reads the pull log and asks these.
 */

const MINUTE_MS = 60_000;
const UNIT_MS = { m: MINUTE_MS, h: 60 * MINUTE_MS, d: 24 * 60 * MINUTE_MS } as const;

/** The shortest interval the platform pulls a feed at: a dealer's system rarely changes stock faster, and every pull costs the dealer's server a request. */
export const MIN_EVERY_MS = 5 * MINUTE_MS;
/** `every` when the dealership names a feed without one (the feed schema's default). */
export const DEFAULT_EVERY = '1h';
/** After failures the wait doubles, up to this many times the feed's own interval. */
export const MAX_BACKOFF_FACTOR = 4;
/**
 * The first retry after a failure comes after the feed's interval or this, whichever is shorter:
 * a daily feed that failed once at 2 am is tried again at 2:30, not the next night, so one
 * dropped connection does not leave a day-old stock for another day.
 */
export const FIRST_RETRY_MAX_MS = 30 * MINUTE_MS;

/** `every` as the feed schema writes it: a whole number and m (minutes), h (hours) or d (days). */
const EVERY = /^([1-9][0-9]{0,3})([mhd])$/;

export type ParsedEvery =
  | {
      ok: true;
      ms: number;
      /** Set when the interval was raised to the minimum: said in the feed status, never silent. */
      note?: string;
    }
  | { ok: false; message: string };

/** Reads `every` ("15m", "1h", "6h", "1d"); undefined means the default. Under 5 minutes is raised to 5, with a note. */
export function parseEvery(every: string | undefined): ParsedEvery {
  const text = every ?? DEFAULT_EVERY;
  const match = EVERY.exec(text.trim());
  if (!match)
    return {
      ok: false,
      message: `every "${text}" is not an interval: write a number and m, h or d, e.g. "15m", "1h", "1d"`,
    };
  const ms = Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
  if (ms < MIN_EVERY_MS)
    return { ok: true, ms: MIN_EVERY_MS, note: `every "${text}" is under the 5-minute minimum: pulled every 5m` };
  return { ok: true, ms };
}

/** An interval in the same words, for messages and the status table: 90 minutes is "1h30m". */
export function formatInterval(ms: number): string {
  const minutes = Math.round(ms / MINUTE_MS);
  if (minutes < 1) return `${Math.max(0, Math.round(ms / 1000))}s`;
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  return [days ? `${days}d` : '', hours ? `${hours}h` : '', rest ? `${rest}m` : ''].join('');
}

/**
 * How long to wait after the `failures`-th failure in a row before pulling again: the first
 * retry after min(every, FIRST_RETRY_MAX_MS), then twice as long each time, never more than
 * MAX_BACKOFF_FACTOR times `every`. A 15-minute feed that keeps failing is tried after 15, 30,
 * then every 60 minutes; a daily feed after 30 minutes, 1, 2, 4 ... hours, then every 4 days.
 * A broken address is not hammered, and a dealer who fixes it is not kept waiting for long.
 */
export function retryDelayMs(everyMs: number, failures: number): number {
  if (failures < 1) return everyMs;
  const first = Math.min(everyMs, FIRST_RETRY_MAX_MS);
  // 2 ** 30 already exceeds any cap; bounding the exponent keeps the arithmetic finite.
  const doubled = first * 2 ** Math.min(failures - 1, 30);
  return Math.min(everyMs * MAX_BACKOFF_FACTOR, doubled);
}

/** What the pull log says about one feed. */
export interface FeedPullHistory {
  /** When the last pull, of any outcome, started (epoch ms); undefined if it was never pulled. */
  lastPullAt?: number;
  /** Failed pulls since the last success (0 when the last pull succeeded). */
  failures: number;
}

/**
 * When the feed is next due (epoch ms): at once if it was never pulled, `every` after a
 * successful pull, retryDelayMs after a failure. Timed from the start of the last pull, so a slow
 * download does not push the schedule back by its own length.
 */
export function nextPullAt(everyMs: number, history: FeedPullHistory): number {
  if (history.lastPullAt === undefined) return 0;
  return history.lastPullAt + retryDelayMs(everyMs, history.failures);
}

/** Whether the feed is due at `now` (epoch ms). */
export function isDue(everyMs: number, history: FeedPullHistory, now: number): boolean {
  return nextPullAt(everyMs, history) <= now;
}

/**
 * A feed whose due time passed more than one interval ago (at least 10 minutes) is overdue: no
 * scheduler is pulling it (FEED_SCHEDULER is off in every process, or the scheduler is stuck).
 * One interval of slack, because feeds are pulled one at a time and a queue of large feeds may
 * legitimately delay the last of them.
 */
export function isOverdue(everyMs: number, history: FeedPullHistory, now: number): boolean {
  return now - nextPullAt(everyMs, history) > Math.max(everyMs, 10 * MINUTE_MS);
}

/** The feed a dealership names, read from its stored record. */
export interface FeedSource {
  url: string;
  format: 'json';
  /** As written (or the default), for the status table. */
  every: string;
  everyMs: number;
  /** A note about the interval (raised to the minimum). */
  note?: string;
}

export type FeedSourceReading =
  /** The dealership names no feed. */
  | { kind: 'none' }
  | { kind: 'feed'; source: FeedSource }
  /** The dealership names a feed the platform cannot pull; the status says why. */
  | { kind: 'invalid'; url?: string; message: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The `feed` of a dealership record as the feed document gave it. The importer has validated the
 * record against the schema, but records stored before the schema had `feed`, or edited by hand,
 * are read defensively: a bad one is reported, never pulled and never a crash.
 */
export function readFeedSource(dealership: unknown): FeedSourceReading {
  if (!isRecord(dealership) || dealership.feed === undefined || dealership.feed === null) return { kind: 'none' };
  const feed = dealership.feed;
  if (!isRecord(feed)) return { kind: 'invalid', message: 'feed is not an object with a url' };
  const url = typeof feed.url === 'string' ? feed.url : undefined;
  if (!url) return { kind: 'invalid', message: 'feed has no url' };
  if (!isHttpUrl(url))
    return { kind: 'invalid', url: redactUrlCredentials(url), message: 'feed url is not an http or https address' };
  const format = feed.format ?? 'json';
  if (format !== 'json')
    return {
      kind: 'invalid',
      url: redactUrlCredentials(url),
      message: `feed format "${String(format)}" is not known: the only format is "json"`,
    };
  if (feed.every !== undefined && typeof feed.every !== 'string')
    return { kind: 'invalid', url: redactUrlCredentials(url), message: 'feed every is not text such as "1h"' };
  const every = parseEvery(feed.every);
  if (!every.ok) return { kind: 'invalid', url: redactUrlCredentials(url), message: `feed ${every.message}` };
  return {
    kind: 'feed',
    source: {
      url,
      format: 'json',
      every: feed.every ?? DEFAULT_EVERY,
      everyMs: every.ms,
      ...(every.note ? { note: every.note } : {}),
    },
  };
}

/** An absolute http: or https: URL with a host. */
export function isHttpUrl(text: string): boolean {
  if (!URL.canParse(text)) return false;
  const url = new URL(text);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
}

/**
 * The URL with the password of its user:password@ part replaced by ***: feed addresses of
 * dealers' systems often carry HTTP Basic credentials, and they must not reach logs, the status
 * table or the pull log. A URL that does not parse is returned as it is only when it has no '@'.
 */
export function redactUrlCredentials(text: string): string {
  if (!URL.canParse(text)) return text.includes('@') ? '(an address that does not parse)' : text;
  const url = new URL(text);
  if (url.password) url.password = '***';
  return url.href;
}
