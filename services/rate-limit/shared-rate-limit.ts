import { createHash } from 'node:crypto';
import { getDatabase, type PlatformDb } from '../db/database';

/**
 * Fixed-window rate limits kept in the platform database (table rate_limits, migration 013), so
 * every process of the platform counts against the same limit (issue 17): with a per-process map,
 * a caller whose requests alternate between two processes got twice the limit, and a restart
 * forgot every count.
 *
 * A window starts with a key's first hit and lasts `windowMs`; the first `max` hits in it are
 * allowed, the rest are not, and the first hit after it ends starts a new window. Each hit is ONE
 * statement (an upsert that resets or increments and returns the new count), so two processes
 * hitting the same key at once are put in order by the database itself: no read-then-write gap,
 * no transaction, and nothing to retry.
 */

/** How the limiter answered one hit: under the limit, over it, or not known (the database failed). */
export type RateLimitVerdict = 'allowed' | 'limited' | 'unavailable';

/** Expired rows are deleted at most this often per process and database. */
export const PRUNE_EVERY_MS = 60_000;

/**
 * Rows are deleted only this long after their window ended. An expired row and a missing one
 * mean the same to the upsert, so deleting early would be harmless on one clock; the margin is
 * for processes whose clocks disagree by up to this much, so that one process never deletes a
 * window another still counts in.
 */
export const PRUNE_MARGIN_MS = 60_000;

export interface SharedRateLimitOptions {
  /** The database to count in; by default the process-wide one (getDatabase), looked up on each hit. */
  db?: PlatformDb;
  /** How often this process deletes expired rows; default PRUNE_EVERY_MS. */
  pruneEveryMs?: number;
}

/**
 * The row key of `key` under the limit called `name`. The caller's key is hashed: it holds e-mail
 * addresses, phone numbers and IP addresses, which the table has no need to keep readable, and a
 * hash has a fixed length however long the identifier a caller sent.
 */
export function rateLimitKey(name: string, key: string): string {
  return `${name}:${createHash('sha256').update(key).digest('hex')}`;
}

// When each database was last pruned by this process. Shared by every limiter, because a prune
// clears the whole table, not one limit's rows; weak, so a closed test database is forgotten.
const lastPrune = new WeakMap<PlatformDb, number>();

/** Deletes the rows whose window ended more than PRUNE_MARGIN_MS before `now`; answers how many. */
export async function pruneRateLimits(db: PlatformDb, now = Date.now()): Promise<number> {
  const result = await db
    .deleteFrom('rate_limits')
    .where('reset_at', '<', now - PRUNE_MARGIN_MS)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export class SharedRateLimit {
  private readonly pruneEveryMs: number;

  /**
   * @param name names this limit in the table's keys; two limits with the same name share counts.
   * @param max hits allowed per key in one window.
   * @param windowMs the window's length in milliseconds.
   */
  constructor(
    readonly name: string,
    readonly max: number,
    readonly windowMs: number,
    private readonly options: SharedRateLimitOptions = {},
  ) {
    if (!name || name.includes(':'))
      throw new Error(`A rate limit's name must be non-empty without ":" (got "${name}").`);
    if (!Number.isInteger(max) || max < 0)
      throw new Error(`Rate limit ${name}: max must be a whole number ≥ 0 (got ${max}).`);
    if (!Number.isInteger(windowMs) || windowMs < 1)
      throw new Error(`Rate limit ${name}: the window must be a whole number of milliseconds ≥ 1 (got ${windowMs}).`);
    this.pruneEveryMs = options.pruneEveryMs ?? PRUNE_EVERY_MS;
  }

  /**
   * Counts one hit on `key`; true while the key is within its limit for the current window.
   * Throws when the database cannot be reached or refuses the statement: what a failure means
   * (refuse, or let through) is the caller's decision; see {@link attempt}.
   */
  async take(key: string, now = Date.now()): Promise<boolean> {
    const db = this.options.db ?? (await getDatabase());
    const resetAt = now + this.windowMs;
    // Both CASEs read the row as it was before this statement (SQL evaluates every SET expression
    // against the old row), so an ended window restarts its count and its end together.
    const row = await db
      .insertInto('rate_limits')
      .values({ key: rateLimitKey(this.name, key), count: 1, reset_at: resetAt })
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet((eb) => ({
          count: eb
            .case()
            .when('rate_limits.reset_at', '<=', now)
            .then(1)
            .else(eb('rate_limits.count', '+', 1))
            .end(),
          reset_at: eb
            .case()
            .when('rate_limits.reset_at', '<=', now)
            .then(resetAt)
            .else(eb.ref('rate_limits.reset_at'))
            .end(),
        })),
      )
      .returning('count')
      .executeTakeFirstOrThrow();
    await this.pruneNowAndThen(db, now);
    return row.count <= this.max;
  }

  /**
   * Counts one hit like {@link take}, but never throws: a database failure is logged and answered
   * 'unavailable', so each caller says deliberately whether it then refuses (sign-in codes) or lets
   * the request through (a download the next step's own database reads will stop anyway).
   */
  async attempt(key: string, now = Date.now()): Promise<RateLimitVerdict> {
    try {
      return (await this.take(key, now)) ? 'allowed' : 'limited';
    } catch (error) {
      console.error(`Rate limit "${this.name}" could not be checked`, error);
      return 'unavailable';
    }
  }

  /** Deletes expired rows if this process has not done so for pruneEveryMs, so the table stays small. */
  private async pruneNowAndThen(db: PlatformDb, now: number): Promise<void> {
    const last = lastPrune.get(db);
    // A clock that went back (or a test's made-up times) prunes again rather than never.
    if (last !== undefined && now >= last && now - last < this.pruneEveryMs) return;
    lastPrune.set(db, now);
    try {
      await pruneRateLimits(db, now);
    } catch (error) {
      // The hit itself was counted; a missed prune only leaves expired rows for the next one.
      console.error('Deleting expired rate limit rows failed', error);
    }
  }
}
