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
 * Query parameter names whose value is a secret when one of the name's words is one of these
 * (`x-api-key`, `apiKey`, `client_secret`, `X-Amz-Signature`, `AWSAccessKeyId`). Whole words only,
 * so that `postcode`, `keyword` or `passenger` stay readable.
 */
const SECRET_WORDS: ReadonlySet<string> = new Set([
  'key',
  'apikey',
  'token',
  'secret',
  'sig',
  'signature',
  'password',
  'passwd',
  'pass',
  'pwd',
  'auth',
  'authorization',
  'credential',
  'credentials',
  'code',
  'hmac',
  'jwt',
  'bearer',
]);
/** ... or when the name, without separators, contains one of these anywhere (`sessiontoken`, `clientsecret`). */
const SECRET_PARTS = ['token', 'secret', 'passw', 'signature', 'credential', 'apikey', 'accesskey', 'privatekey'];

/** Whether a query parameter's name says its value is a secret (case-insensitive). */
export function isSecretParameter(name: string): boolean {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  if (words.some((word) => SECRET_WORDS.has(word))) return true;
  const joined = words.join('');
  return SECRET_PARTS.some((part) => joined.includes(part));
}

function decodedName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/**
 * Parameters text (`a=1&token=x`, without its ? or #) with each secret parameter's value as ***,
 * everything else exactly as written. `;` separates parameters too (some servers read it so).
 */
function redactParameters(text: string): string {
  return text
    .split(/([&;])/)
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq <= 0 || eq === pair.length - 1) return pair;
      return isSecretParameter(decodedName(pair.slice(0, eq))) ? `${pair.slice(0, eq)}=***` : pair;
    })
    .join('');
}

/** The parameters after ? and after #, each part redacted. */
function redactQueryAndFragment(text: string): string {
  const hash = text.indexOf('#');
  const [beforeHash, fragment] = hash < 0 ? [text, undefined] : [text.slice(0, hash), text.slice(hash + 1)];
  const question = beforeHash.indexOf('?');
  const redacted =
    question < 0
      ? beforeHash
      : `${beforeHash.slice(0, question + 1)}${redactParameters(beforeHash.slice(question + 1))}`;
  return fragment === undefined ? redacted : `${redacted}#${redactParameters(fragment)}`;
}

/**
 * A feed address as it may be shown, logged and stored: the user name and password of its
 * user:password@ part as ***, and the value of every query (or fragment) parameter whose name
 * says it is a secret (isSecretParameter: api_key, token, signature, ...) as ***. Dealers' feed
 * addresses often carry HTTP Basic credentials or an API key, and these must not reach the logs,
 * the status table or the pull log. The host, path and other parameters stay, so feeds can be
 * told apart. A secret written into the path itself (/feeds/<key>/stock.json) cannot be told
 * from a path and is not hidden. An address that does not parse keeps its text with the secret
 * parameters hidden the same way, or is not shown at all when it has an '@' (what is before it
 * may be a password).
 */
export function redactUrlCredentials(text: string): string {
  if (!URL.canParse(text))
    return text.includes('@') ? '(an address that does not parse)' : redactQueryAndFragment(text);
  const url = new URL(text);
  if (url.username) url.username = '***';
  if (url.password) url.password = '***';
  // url.href is the address normalised (host lower-cased, spaces encoded); only its parameter
  // values are replaced below, character for character as they are written.
  return redactQueryAndFragment(url.href);
}

/** The shortest secret hunted for in text: shorter ones would hide ordinary words and numbers. */
const MIN_HIDDEN_SECRET = 4;

/**
 * The secrets of a feed address, as written and decoded: its password and the values of its
 * secret parameters (not the user name, which is hidden in the address but is often an ordinary
 * word). For hideUrlSecrets.
 */
export function urlSecrets(text: string): string[] {
  if (!URL.canParse(text)) return [];
  const url = new URL(text);
  const found = new Set<string>();
  const add = (raw: string) => {
    if (!raw) return;
    found.add(raw);
    found.add(decodedName(raw));
  };
  add(url.password);
  for (const part of [url.search.slice(1), url.hash.slice(1)])
    for (const pair of part.split(/[&;]/)) {
      const eq = pair.indexOf('=');
      if (eq > 0 && isSecretParameter(decodedName(pair.slice(0, eq)))) add(pair.slice(eq + 1));
    }
  return [...found];
}

/**
 * Text about a pull (a network error, a server's status line) with the address's secrets as ***:
 * whatever echoes the address or a credential back cannot carry it into the pull log or the log.
 */
export function hideUrlSecrets(text: string, url: string): string {
  const secrets = urlSecrets(url)
    .filter((secret) => secret.length >= MIN_HIDDEN_SECRET)
    .sort((a, b) => b.length - a.length);
  return secrets.reduce((result, secret) => result.split(secret).join('***'), text);
}
