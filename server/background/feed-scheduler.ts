import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { getDatabase, type PlatformDb } from '../../services/db/database';
import { pullDueFeeds, summarisePull, type DueFeedsRound } from '../../services/feeds';

/**
 * Pulls the dealerships' stock feeds on their schedules (issue 18), inside the server process,
 * when FEED_SCHEDULER=on (off by default: a platform with several server processes may run it in
 * all of them, claims in the database keep two from pulling one feed at once, or in one).
 * Every FEED_SCHEDULER_TICK_MS it pulls whatever is due, one feed at a time; a round still running
 * when the next tick comes is not doubled. Nothing it meets (a database that is down, a feed
 * that times out) stops it or the server: it is logged, and the next round tries again.
 */
export const FEED_SCHEDULER_TICK_MS = 60_000;

const STARTED = Symbol.for('dealer-platform.feed-scheduler');
type Holder = { [STARTED]?: FeedScheduler };

export interface FeedScheduler {
  /** Who this scheduler claims feeds as. */
  holder: string;
  /** Runs a round now (or waits for the one running); never throws. */
  tick: () => Promise<void>;
  stop: () => void;
}

export interface FeedSchedulerOptions {
  env?: Readonly<Record<string, string | undefined>>;
  database?: () => Promise<PlatformDb>;
  tickMs?: number;
  log?: Pick<Console, 'error' | 'warn' | 'info'>;
  /** Run the first round at once (default: after 5 s, once the server is up). */
  firstTickMs?: number;
}

/** Starts the scheduler once per process when FEED_SCHEDULER=on; answers it (or undefined when off). */
export function startFeedScheduler(options: FeedSchedulerOptions = {}): FeedScheduler | undefined {
  const env = options.env ?? process.env;
  if (env.FEED_SCHEDULER !== 'on') return undefined;
  const holder = globalThis as Holder;
  if (holder[STARTED]) return holder[STARTED];
  const log = options.log ?? console;
  const database = options.database ?? (() => getDatabase());
  const id = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  // A misconfigured feed is reported when first seen and when its problem changes, not every minute.
  const reported = new Map<number, string>();
  const report = (round: DueFeedsRound) => {
    for (const result of round.pulled) {
      const line = `Feed pull: ${summarisePull(result)}`;
      if (result.outcome === 'failed' || result.outcome === 'invalid') log.warn(line);
      else log.info(line);
    }
    const now = new Map(round.misconfigured.map((m) => [m.dealershipId, m.problem]));
    for (const [dealershipId, problem] of now)
      if (reported.get(dealershipId) !== problem)
        log.warn(`Feed of dealership ${dealershipId} is not pulled: ${problem}`);
    reported.clear();
    for (const [dealershipId, problem] of now) reported.set(dealershipId, problem);
  };
  let running: Promise<void> | undefined;
  const round = async () => {
    try {
      report(await pullDueFeeds(await database(), { holder: id, log }));
    } catch (error) {
      log.error('Feed scheduler: the round failed; the next one tries again', error);
    }
  };
  const tick = () => (running ??= round().finally(() => (running = undefined)));
  const interval = setInterval(() => void tick(), options.tickMs ?? FEED_SCHEDULER_TICK_MS);
  interval.unref();
  const first = setTimeout(() => void tick(), options.firstTickMs ?? 5_000);
  first.unref();
  const scheduler: FeedScheduler = {
    holder: id,
    tick,
    stop: () => {
      clearInterval(interval);
      clearTimeout(first);
      if (holder[STARTED] === scheduler) delete holder[STARTED];
    },
  };
  holder[STARTED] = scheduler;
  log.info(
    `Feed scheduler on (${id}): dealership feeds are pulled when due, checked every ${Math.round((options.tickMs ?? FEED_SCHEDULER_TICK_MS) / 1000)} s`,
  );
  return scheduler;
}
