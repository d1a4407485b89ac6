import { SCHEDULE_POLL_MS } from '../../domain/studio/scheduled-publish';
import { getTenantStore, type ScheduleOutcome, type TenantStore, type Validate } from '../../services/tenant-store';
import { studioValidate } from '../edited-tenant';
import { refreshPublishedTenants } from './tenant-sync';

/**
 * Publishing on a schedule (issue 33), inside every server process: every SCHEDULE_POLL_MS it asks
 * the tenant store for the schedules that are due and publishes them (services/tenant-store,
 * publishDue). Every process runs it; a schedule is taken inside the site's write transaction, so
 * it is published once however many run, and the other processes serve it within the tenant sync's
 * second like any publish. A due schedule that no longer passes the engine's checks, or whose
 * changes clash with a publish made since, is marked not published with its reason (the Studio
 * shows it). SCHEDULED_PUBLISHING=off leaves it to another process. A failure is logged and the
 * next round tries again.
 */
const STARTED = Symbol.for('dealer-platform.scheduled-publishing');
type Holder = { [STARTED]?: SchedulePublisher };

export interface SchedulePublisher {
  /** Runs a round now (or waits for the one running); never throws. Answers what it did. */
  tick: () => Promise<ScheduleOutcome[]>;
  stop: () => void;
}

export interface ScheduledPublishingOptions {
  env?: Readonly<Record<string, string | undefined>>;
  store?: () => TenantStore;
  validate?: Validate;
  everyMs?: number;
  log?: Pick<Console, 'error' | 'info'>;
  /** After something went live: this process serves it at once (the default reads the store again). */
  onPublished?: () => Promise<void>;
}

/** One line for the server's log per schedule handled. */
function logLine(outcome: ScheduleOutcome): string {
  const { schedule } = outcome;
  return outcome.state === 'published'
    ? `Scheduled publish ${schedule.id} of ${schedule.slug} went live as version ${outcome.version.id}`
    : `Scheduled publish ${schedule.id} of ${schedule.slug} was not published (${schedule.refusal?.kind ?? 'unknown'}): the Studio shows why`;
}

/** Starts the publisher once per process unless SCHEDULED_PUBLISHING=off; answers it (or undefined when off). */
export function startScheduledPublishing(options: ScheduledPublishingOptions = {}): SchedulePublisher | undefined {
  const env = options.env ?? process.env;
  if (env.SCHEDULED_PUBLISHING === 'off') return undefined;
  const holder = globalThis as Holder;
  if (holder[STARTED]) return holder[STARTED];
  const log = options.log ?? console;
  const store = options.store ?? getTenantStore;
  const validate = options.validate ?? studioValidate;
  const onPublished = options.onPublished ?? refreshPublishedTenants;
  let running: Promise<ScheduleOutcome[]> | undefined;
  const round = async (): Promise<ScheduleOutcome[]> => {
    try {
      const outcomes = await store().publishDue({ validate });
      for (const outcome of outcomes) log.info(logLine(outcome));
      if (outcomes.some((o) => o.state === 'published')) await onPublished();
      return outcomes;
    } catch (error) {
      log.error('Scheduled publishing failed; the next round tries again', error);
      return [];
    }
  };
  const tick = () => (running ??= round().finally(() => (running = undefined)));
  const interval = setInterval(() => void tick(), options.everyMs ?? SCHEDULE_POLL_MS);
  interval.unref();
  const publisher: SchedulePublisher = {
    tick,
    stop: () => {
      clearInterval(interval);
      if (holder[STARTED] === publisher) delete holder[STARTED];
    },
  };
  holder[STARTED] = publisher;
  void tick();
  return publisher;
}
