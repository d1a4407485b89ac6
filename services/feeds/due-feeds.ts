/**
 * One round of the feed scheduler (issue 18): every dealership feed that is due is pulled, one at
 * a time, by whichever process claims it first. server/background/feed-scheduler.ts runs a round
 * every minute when FEED_SCHEDULER=on.
 */
import { isDue, nextPullAt, type FeedPullHistory } from '../../domain/feed-schedule';
import type { PlatformDb } from '../db/database';
import { configuredFeeds, type ConfiguredFeed, type MisconfiguredFeed } from './configured-feeds';
import { pullFeed, type PullFeedOptions, type PullResult } from './feed-pull';
import { latestPull, latestPulls, type FeedPullRow } from './pull-log';

/**
 * How long a claim on a feed lasts unless renewed. The holder renews it every third of this while
 * it pulls, however long the import takes; a process that dies mid-pull frees the feed after this.
 */
export const FEED_LEASE_MS = 5 * 60_000;

function historyOf(row: FeedPullRow | undefined): FeedPullHistory {
  return row ? { lastPullAt: Date.parse(row.started_at), failures: row.failures } : { failures: 0 };
}

/**
 * Claims the feed for `holder` until now + leaseMs, if nobody holds it: one statement, so two
 * processes racing for it cannot both win (SQLite writes one at a time; on PostgreSQL the second
 * INSERT ... ON CONFLICT waits for the first's row lock, then its WHERE sees the first's lease).
 */
export async function claimFeed(
  db: PlatformDb,
  key: string,
  holder: string,
  now: Date,
  leaseMs = FEED_LEASE_MS,
): Promise<boolean> {
  const row = await db
    .insertInto('feed_state')
    .values({ feed_key: key, holder, lease_until: new Date(now.getTime() + leaseMs).toISOString() })
    .onConflict((oc) =>
      oc
        .column('feed_key')
        .doUpdateSet((eb) => ({ holder: eb.ref('excluded.holder'), lease_until: eb.ref('excluded.lease_until') }))
        .where((eb) =>
          eb.or([eb('feed_state.holder', 'is', null), eb('feed_state.lease_until', '<', now.toISOString())]),
        ),
    )
    .returning('holder')
    .executeTakeFirst();
  return row?.holder === holder;
}

/** Extends a claim `holder` still has; never takes one back after it was released or taken over. */
export async function renewFeedClaim(
  db: PlatformDb,
  key: string,
  holder: string,
  now: Date,
  leaseMs = FEED_LEASE_MS,
): Promise<void> {
  await db
    .updateTable('feed_state')
    .set({ lease_until: new Date(now.getTime() + leaseMs).toISOString() })
    .where('feed_key', '=', key)
    .where('holder', '=', holder)
    .execute();
}

/** Gives the feed back, if `holder` still has it. */
export async function releaseFeed(db: PlatformDb, key: string, holder: string): Promise<void> {
  await db
    .updateTable('feed_state')
    .set({ holder: null, lease_until: null })
    .where('feed_key', '=', key)
    .where('holder', '=', holder)
    .execute();
}

export interface DueFeedsOptions {
  /** Who claims: unique per scheduler (host, process, a random part). */
  holder: string;
  now?: () => Date;
  leaseMs?: number;
  /** The pull (pullFeed; tests count calls). */
  pull?: (db: PlatformDb, options: PullFeedOptions) => Promise<PullResult>;
  /** Passed to every pull: limits, a fetch. */
  pullOptions?: Pick<PullFeedOptions, 'limits' | 'fetchImpl'>;
  log?: Pick<Console, 'error'>;
}

export interface DueFeedsRound {
  /** The pulls this round made, in order. */
  pulled: PullResult[];
  /** Due feeds another scheduler had claimed, or had just pulled. */
  skipped: number;
  /** Feeds that could not be pulled because of a database or programming error (logged). */
  errors: number;
  /** Dealership feeds the platform cannot pull (not http/https, unknown format, bad interval). */
  misconfigured: MisconfiguredFeed[];
}

/**
 * Pulls every due dealership feed once, most overdue first, each claimed before it is pulled.
 * Due-ness is read again under the claim: another scheduler may have pulled the feed between
 * this round's first look and its claim, and a feed is never pulled twice for one due time.
 * A scheduled pull is the dealership's whole stock: `replace` withdraws that dealership's cars
 * no longer in it, and a car of another dealership makes the document invalid.
 */
export async function pullDueFeeds(db: PlatformDb, options: DueFeedsOptions): Promise<DueFeedsRound> {
  const clock = options.now ?? (() => new Date());
  const pull = options.pull ?? pullFeed;
  const log = options.log ?? console;
  const leaseMs = options.leaseMs ?? FEED_LEASE_MS;
  const { feeds, misconfigured } = await configuredFeeds(db);
  const latest = await latestPulls(db);
  const start = clock().getTime();
  const due = feeds
    .map((feed) => ({ feed, next: nextPullAt(feed.source.everyMs, historyOf(latest.get(feed.key))) }))
    .filter(({ next }) => next <= start)
    .sort((a, b) => a.next - b.next || a.feed.dealershipId - b.feed.dealershipId);
  const round: DueFeedsRound = { pulled: [], skipped: 0, errors: 0, misconfigured };
  for (const { feed } of due) {
    try {
      const result = await pullClaimed(db, feed, { ...options, now: clock, pull, leaseMs, log });
      if (result) round.pulled.push(result);
      else round.skipped++;
    } catch (error) {
      round.errors++;
      log.error(
        `Feed of dealership ${feed.dealershipId} (${feed.shownUrl}): the pull could not be made or recorded`,
        error,
      );
    }
  }
  return round;
}

/** Claims, re-checks and pulls one feed; undefined when another scheduler has it or has just pulled it. */
async function pullClaimed(
  db: PlatformDb,
  feed: ConfiguredFeed,
  options: DueFeedsOptions & Required<Pick<DueFeedsOptions, 'now' | 'pull' | 'leaseMs' | 'log'>>,
): Promise<PullResult | undefined> {
  const { holder, now, leaseMs, log } = options;
  if (!(await claimFeed(db, feed.key, holder, now(), leaseMs))) return undefined;
  const renew = setInterval(() => {
    renewFeedClaim(db, feed.key, holder, now(), leaseMs).catch((error: unknown) =>
      log.error(`Feed of dealership ${feed.dealershipId}: renewing the claim failed`, error),
    );
  }, leaseMs / 3);
  renew.unref();
  try {
    if (!isDue(feed.source.everyMs, historyOf(await latestPull(db, feed.key)), now().getTime())) return undefined;
    return await options.pull(db, {
      ...options.pullOptions,
      url: feed.source.url,
      dealershipId: feed.dealershipId,
      replace: true,
      now,
    });
  } finally {
    clearInterval(renew);
    await releaseFeed(db, feed.key, holder).catch((error: unknown) =>
      log.error(`Feed of dealership ${feed.dealershipId}: releasing the claim failed (it lapses on its own)`, error),
    );
  }
}
