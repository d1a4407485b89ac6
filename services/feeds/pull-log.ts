/**
 * The log of feed pulls (migration 017, table feed_pulls): what the last pulls of each feed
 * answered, the validators for the next conditional request, and the run of failures the status
 * and /healthz report.
 */
import { createHash } from 'node:crypto';
import type { Selectable } from 'kysely';
import { redactUrlCredentials } from '../../domain/feed-schedule';
import type { PlatformDb } from '../db/database';
import { serialize } from '../db/dialect';
import type { FeedPullTable } from '../db/schema';
import type { Validators } from './fetch-feed';

export type PullOutcome = FeedPullTable['outcome'];
export type FeedPullRow = Selectable<FeedPullTable>;

/** Outcomes after which the stock is the feed's: a document imported, or the same one again (304). */
export const SUCCESSES: readonly PullOutcome[] = ['imported', 'unchanged'];
/** Outcomes after which the stock is what it was before the pull. */
export const FAILURES: readonly PullOutcome[] = ['failed', 'invalid'];

/**
 * Pulls kept per feed. At one pull every 5 minutes that is about 1.7 days of history, every 15
 * minutes 5 days, hourly 3 weeks; older rows are deleted as new ones are written, except the rows
 * the next pull and the status still need (the last success and the one the validators come
 * from). What the status reports of a run of failures is carried forward on every row, so pruning
 * loses no count.
 */
export const KEEP_PULLS_PER_FEED = 500;

/**
 * The feed a pull belongs to, from its full address (credentials and all): the dealership it is
 * pulled for ('-' for none) and the address as shown (redactUrlCredentials), and when the address
 * has secrets, a hash of the whole address. Two addresses that differ only in a secret (two
 * accounts' feeds on one dealer system, or a changed password) are two feeds: one's validators are
 * never sent for the other, whose answer would otherwise be taken for "unchanged". The hash is of
 * the address normalised (so one address written two ways is one feed) and cut to 64 bits; it
 * tells nothing the database does not already hold, since the dealership's record keeps the
 * address itself. A dealership whose address changes starts a new history the same way.
 */
export function feedKey(url: string, dealershipId: number | undefined): string {
  const shown = redactUrlCredentials(url);
  const normal = URL.canParse(url) ? new URL(url).href : url;
  const key = `${dealershipId ?? '-'} ${shown}`;
  // An address without secrets keeps the key earlier versions gave it, and so its history.
  return shown === normal ? key : `${key} #${createHash('sha256').update(normal).digest('hex').slice(0, 16)}`;
}

/**
 * The validators of the copy of this feed the stock holds: those of the last pull that imported
 * it or found it unchanged, unless a later pull's import stopped half-way (SQLite writes a feed in
 * chunks, so part of a newer document may be in the stock): then none, and the next pull asks for
 * the whole feed. Failures before any import began (network, 5xx, too large, invalid) leave the
 * stock as it was, so they do not matter here. Such a half-way pull is recorded as 'failed' with
 * its document's car count.
 */
export async function validatorsFor(db: PlatformDb, key: string): Promise<Validators | undefined> {
  const row = await db
    .selectFrom('feed_pulls')
    .select(['outcome', 'etag', 'last_modified'])
    .where('feed_key', '=', key)
    .where((eb) =>
      eb.or([eb('outcome', 'in', SUCCESSES), eb.and([eb('outcome', '=', 'failed'), eb('cars', 'is not', null)])]),
    )
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row || !SUCCESSES.includes(row.outcome) || (!row.etag && !row.last_modified)) return undefined;
  return { ...(row.etag ? { etag: row.etag } : {}), ...(row.last_modified ? { lastModified: row.last_modified } : {}) };
}

export interface PullRecord {
  key: string;
  url: string;
  dealershipId?: number;
  startedAt: string;
  finishedAt: string;
  outcome: PullOutcome;
  httpStatus?: number;
  validators?: Validators;
  bytes?: number;
  cars?: number;
  message: string;
}

/**
 * Writes one pull, carrying the run of failures forward from the feed's previous pull, makes it
 * the feed's latest (feed_state.last_pull_id), and deletes the feed's rows beyond
 * KEEP_PULLS_PER_FEED. One transaction, serialized per feed on PostgreSQL: two pulls of one feed
 * recorded at once must not both count from the same previous row.
 */
export async function recordPull(db: PlatformDb, record: PullRecord): Promise<FeedPullRow> {
  return db.transaction().execute(async (trx) => {
    await serialize(trx, `feed-pulls:${record.key}`);
    const previous = await trx
      .selectFrom('feed_pulls')
      .select(['failures', 'failing_since'])
      .where('feed_key', '=', record.key)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    const failed = FAILURES.includes(record.outcome);
    const row = await trx
      .insertInto('feed_pulls')
      .values({
        feed_key: record.key,
        url: record.url,
        dealership_id: record.dealershipId ?? null,
        started_at: record.startedAt,
        finished_at: record.finishedAt,
        outcome: record.outcome,
        http_status: record.httpStatus ?? null,
        etag: record.validators?.etag ?? null,
        last_modified: record.validators?.lastModified ?? null,
        bytes: record.bytes ?? null,
        cars: record.cars ?? null,
        failures: failed ? (previous?.failures ?? 0) + 1 : 0,
        failing_since: failed ? (previous?.failing_since ?? record.startedAt) : null,
        // The log is for people; a message of a megabyte (a server's error page) helps nobody.
        message: record.message.slice(0, 2000),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('feed_state')
      .values({ feed_key: record.key, last_pull_id: row.id, holder: null, lease_until: null })
      .onConflict((oc) => oc.column('feed_key').doUpdateSet({ last_pull_id: row.id }))
      .execute();
    const cutoff = await trx
      .selectFrom('feed_pulls')
      .select('id')
      .where('feed_key', '=', record.key)
      .orderBy('id', 'desc')
      .offset(KEEP_PULLS_PER_FEED)
      .limit(1)
      .executeTakeFirst();
    if (cutoff) {
      const keep = await trx
        .selectFrom('feed_pulls')
        .select((eb) => eb.fn.max('id').as('id'))
        .where('feed_key', '=', record.key)
        .where((eb) =>
          eb.or([eb('outcome', 'in', SUCCESSES), eb.and([eb('outcome', '=', 'failed'), eb('cars', 'is not', null)])]),
        )
        .groupBy('outcome')
        .execute();
      const kept = keep.map((r) => r.id).filter((id): id is number => typeof id === 'number');
      await trx
        .deleteFrom('feed_pulls')
        .where('feed_key', '=', record.key)
        .where('id', '<=', cutoff.id)
        .$if(kept.length > 0, (q) => q.where('id', 'not in', kept))
        .execute();
    }
    return row;
  });
}

/**
 * The latest pull of every feed, by feed key: one row per feed through feed_state, however long
 * the log (/healthz asks on every probe).
 */
export async function latestPulls(db: PlatformDb): Promise<Map<string, FeedPullRow>> {
  const rows = await db
    .selectFrom('feed_state')
    .innerJoin('feed_pulls', 'feed_pulls.id', 'feed_state.last_pull_id')
    .selectAll('feed_pulls')
    .execute();
  return new Map(rows.map((row) => [row.feed_key, row]));
}

/** The latest pull of one feed. */
export async function latestPull(db: PlatformDb, key: string): Promise<FeedPullRow | undefined> {
  return db
    .selectFrom('feed_pulls')
    .selectAll()
    .where('feed_key', '=', key)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Of every feed: when it last succeeded, and its latest failure (when and why). */
export async function successesAndFailures(db: PlatformDb): Promise<{
  lastSuccess: Map<string, string>;
  lastFailure: Map<string, { at: string; message: string | null }>;
}> {
  const successes = await db
    .selectFrom('feed_pulls')
    .select((eb) => ['feed_key', eb.fn.max('finished_at').as('at')])
    .where('outcome', 'in', SUCCESSES)
    .groupBy('feed_key')
    .execute();
  const failures = await db
    .selectFrom('feed_pulls')
    .select(['feed_key', 'finished_at', 'message'])
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('feed_pulls')
        .select((s) => s.fn.max('id').as('id'))
        .where('outcome', 'in', FAILURES)
        .groupBy('feed_key'),
    )
    .execute();
  return {
    lastSuccess: new Map(successes.map((row) => [row.feed_key, row.at])),
    lastFailure: new Map(failures.map((row) => [row.feed_key, { at: row.finished_at, message: row.message }])),
  };
}
