/**
 * How every feed is doing (issue 18): for `npm run import -- --status` (a table with the reasons)
 * and for /healthz (counts and dealership ids only: the public answer names no address and no reason).
 */
import {
  formatInterval,
  isOverdue,
  nextPullAt,
  redactUrlCredentials,
  type FeedPullHistory,
} from '../../domain/feed-schedule';
import type { PlatformDb } from '../db/database';
import { configuredFeeds } from './configured-feeds';
import { latestPulls, successesAndFailures, type FeedPullRow, type PullOutcome } from './pull-log';

/** Pulls by address alone (no dealership) are listed while their last pull is this recent. */
export const MANUAL_PULLS_SHOWN_DAYS = 30;

export interface FeedStatusEntry {
  /** The pull log's key. */
  key: string;
  /** The address, credentials and secret parameters hidden; absent when the dealership's feed has none. */
  url?: string;
  dealershipId?: number;
  dealershipSlug?: string;
  /** A dealership names this feed (the scheduler pulls it); false for a pull by address alone. */
  configured: boolean;
  /** `every` as written, and in milliseconds. */
  every?: string;
  everyMs?: number;
  /** Why the platform cannot pull the feed the dealership names (it is not pulled). */
  problem?: string;
  /** Something to know about the configuration (an interval raised to the minimum). */
  note?: string;
  lastPull?: {
    startedAt: string;
    finishedAt: string;
    outcome: PullOutcome;
    httpStatus: number | null;
    message: string | null;
  };
  lastSuccessAt?: string;
  lastFailure?: { at: string; message: string | null };
  /** Failed or invalid pulls in a row (0 when the last pull succeeded). */
  failures: number;
  /** When the current run of failures began. */
  failingSince?: string;
  /** When the scheduler pulls it next (configured feeds). */
  nextDueAt?: string;
  /** Due for longer than an interval: no scheduler is pulling it (FEED_SCHEDULER=on nowhere?). */
  overdue: boolean;
}

function historyOf(row: FeedPullRow | undefined): FeedPullHistory {
  return row ? { lastPullAt: Date.parse(row.started_at), failures: row.failures } : { failures: 0 };
}

function lastPullOf(row: FeedPullRow): NonNullable<FeedStatusEntry['lastPull']> {
  return {
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    outcome: row.outcome,
    httpStatus: row.http_status,
    message: row.message,
  };
}

/**
 * Every feed a dealership names (pulled or not, pullable or not), then the feeds pulled by
 * address alone in the last MANUAL_PULLS_SHOWN_DAYS. A dealership's feed under an address it no
 * longer names is not listed: its history stays in the log. `history: false` leaves out
 * lastSuccessAt and lastFailure, which are read from the whole log.
 */
export async function feedStatus(
  db: PlatformDb,
  now: Date = new Date(),
  options: { history?: boolean } = {},
): Promise<FeedStatusEntry[]> {
  const { feeds, misconfigured } = await configuredFeeds(db);
  const latest = await latestPulls(db);
  // The last success and failure of each feed read the whole log: the CLI wants them, /healthz
  // (asked every few seconds by load balancers) does not.
  const { lastSuccess, lastFailure } =
    options.history === false ? { lastSuccess: new Map(), lastFailure: new Map() } : await successesAndFailures(db);
  const at = now.getTime();
  const history = (key: string) => {
    const row = latest.get(key);
    const success = lastSuccess.get(key);
    const failure = lastFailure.get(key);
    return {
      ...(row ? { lastPull: lastPullOf(row) } : {}),
      ...(success ? { lastSuccessAt: success } : {}),
      ...(failure ? { lastFailure: failure } : {}),
      failures: row?.failures ?? 0,
      ...(row?.failing_since ? { failingSince: row.failing_since } : {}),
    };
  };
  const entries: FeedStatusEntry[] = [];
  for (const feed of feeds) {
    const row = latest.get(feed.key);
    const next = nextPullAt(feed.source.everyMs, historyOf(row));
    entries.push({
      key: feed.key,
      url: feed.shownUrl,
      dealershipId: feed.dealershipId,
      dealershipSlug: feed.dealershipSlug,
      configured: true,
      every: feed.source.every,
      everyMs: feed.source.everyMs,
      ...(feed.source.note ? { note: feed.source.note } : {}),
      ...history(feed.key),
      // Never pulled: due now, shown as now rather than 1970.
      nextDueAt: new Date(row ? next : at).toISOString(),
      overdue: isOverdue(feed.source.everyMs, historyOf(row), at),
    });
  }
  for (const bad of misconfigured)
    entries.push({
      key: `${bad.dealershipId} -`,
      ...(bad.shownUrl ? { url: bad.shownUrl } : {}),
      dealershipId: bad.dealershipId,
      dealershipSlug: bad.dealershipSlug,
      configured: true,
      problem: bad.problem,
      failures: 0,
      overdue: false,
    });
  entries.sort((a, b) => (a.dealershipId ?? 0) - (b.dealershipId ?? 0));
  const shownSince = at - MANUAL_PULLS_SHOWN_DAYS * 24 * 3_600_000;
  const manual = [...latest.values()]
    .filter((row) => row.dealership_id === null && Date.parse(row.started_at) >= shownSince)
    .sort((a, b) => a.url.localeCompare(b.url));
  // Hidden again: rows an earlier version wrote hid only the password.
  for (const row of manual)
    entries.push({
      key: row.feed_key,
      url: redactUrlCredentials(row.url),
      configured: false,
      ...history(row.feed_key),
      overdue: false,
    });
  return entries;
}

export interface FeedHealth {
  /** Feeds dealerships name. */
  configured: number;
  /** Of those, the ones whose last pull failed or was refused (the stock is older than the feed). */
  failing: number;
  /** Of those, the ones due for longer than an interval: nothing is pulling them. */
  overdue: number;
  /** Feeds named in a way the platform cannot pull (see `npm run import -- --status`). */
  misconfigured: number;
  /** Each failing feed: the dealership, since when, and how many pulls in a row failed. */
  failingFeeds: { dealershipId: number; since: string; failures: number }[];
}

/**
 * The public summary for /healthz: counts, and dealership ids with times for failing feeds. No
 * address (it may carry a token) and no reason (it may name hosts and ports) goes in it; the CLI
 * status and the server log have those.
 */
export function feedHealth(entries: readonly FeedStatusEntry[]): FeedHealth {
  const configured = entries.filter((e) => e.configured);
  const failing = configured.filter((e) => e.failures > 0 && e.dealershipId !== undefined);
  return {
    configured: configured.filter((e) => !e.problem).length,
    failing: failing.length,
    overdue: configured.filter((e) => e.overdue).length,
    misconfigured: configured.filter((e) => e.problem).length,
    failingFeeds: failing.map((e) => ({
      dealershipId: e.dealershipId ?? 0,
      since: e.failingSince ?? e.lastPull?.startedAt ?? '',
      failures: e.failures,
    })),
  };
}

/** "5m ago", "in 25m", "now": times in the table, relative to `now`. */
function relative(iso: string | undefined, now: number): string {
  if (!iso) return '-';
  const diff = Date.parse(iso) - now;
  if (Math.abs(diff) < 30_000) return 'now';
  return diff < 0 ? `${formatInterval(-diff)} ago` : `in ${formatInterval(diff)}`;
}

function table(rows: string[][]): string[] {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  return rows.map((row) =>
    row
      .map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column] ?? 0)))
      .join('  ')
      .trimEnd(),
  );
}

/**
 * The status as printable lines: a summary, a table of every feed (times relative to `now`), and
 * under each feed what needs a person's attention: the reason of its last failure, a
 * configuration problem, a note.
 */
export function formatFeedStatus(entries: readonly FeedStatusEntry[], now: Date = new Date()): string[] {
  const at = now.getTime();
  const health = feedHealth(entries);
  const manual = entries.length - entries.filter((e) => e.configured).length;
  if (entries.length === 0)
    return [
      'No feeds: no dealership names a feed ({ "feed": { "url": ..., "every": "1h" } } in its record), and no address was pulled with --from-url.',
    ];
  const lines = [
    `${health.configured} scheduled feed(s): ${health.failing} failing, ${health.overdue} overdue${health.misconfigured ? `, ${health.misconfigured} not pullable` : ''}${manual ? `; ${manual} pulled by address alone` : ''}`,
  ];
  if (health.overdue)
    lines.push(
      'Overdue feeds are not being pulled: is FEED_SCHEDULER=on set for a running server? (see /healthz and the server log)',
    );
  const rows: string[][] = [
    ['FEED', 'EVERY', 'LAST PULL', 'OUTCOME', 'LAST SUCCESS', 'FAILURES', 'NEXT PULL', 'ADDRESS'],
  ];
  const details: string[][] = [];
  for (const entry of entries) {
    rows.push([
      entry.dealershipId !== undefined ? `${entry.dealershipId} ${entry.dealershipSlug ?? ''}`.trim() : 'by address',
      entry.every ?? '-',
      relative(entry.lastPull?.startedAt, at),
      entry.problem
        ? 'not pullable'
        : entry.lastPull
          ? `${entry.lastPull.outcome}${entry.lastPull.httpStatus ? ` ${entry.lastPull.httpStatus}` : ''}`
          : 'never pulled',
      relative(entry.lastSuccessAt, at),
      String(entry.failures),
      entry.problem || !entry.configured ? '-' : `${relative(entry.nextDueAt, at)}${entry.overdue ? ' (overdue)' : ''}`,
      entry.url ?? '-',
    ]);
    const notes: string[] = [];
    if (entry.problem) notes.push(`  ! ${entry.problem}`);
    if (entry.note) notes.push(`  note: ${entry.note}`);
    if (entry.failures > 0 && entry.lastPull)
      notes.push(
        `  ! failing since ${entry.failingSince ?? entry.lastPull.startedAt} (${entry.failures} in a row): ${entry.lastPull.message ?? 'no reason recorded'}`,
      );
    else if (entry.lastFailure)
      notes.push(`  last failure ${entry.lastFailure.at}: ${entry.lastFailure.message ?? 'no reason recorded'}`);
    details.push(notes);
  }
  const [header, ...body] = table(rows);
  lines.push(header ?? '');
  body.forEach((row, i) => lines.push(row, ...(details[i] ?? [])));
  return lines;
}
