import { megabytes } from '../../domain/studio/media-rules';
import { getDatabase, type PlatformDb } from '../../services/db/database';
import { collectUnusedMedia } from '../../services/studio-media';
import { trimAllHistories } from '../../services/tenant-store/version-limit';

/**
 * Keeps the Studio's storage bounded (issue 30, M4), inside the server process: every
 * MEDIA_COLLECTION_EVERY_MS it trims each site's history to its limit
 * (domain/studio/history-limit.ts; publishes trim their own site as they go, this catches the rest)
 * and then removes the Studio pictures no version names any more, once past their grace period
 * (services/studio-media/collect-media.ts). STUDIO_MEDIA_COLLECTION=off leaves it to another
 * process. Several processes may run it at once: both steps only delete what is past the limit,
 * so a second run finds nothing. A failure is logged and the next round tries again.
 */
export const MEDIA_COLLECTION_EVERY_MS = 60 * 60_000;

const STARTED = Symbol.for('dealer-platform.media-collection');
type Holder = { [STARTED]?: MediaCollector };

export interface MediaCollector {
  /** Runs a round now (or waits for the one running); never throws. */
  tick: () => Promise<void>;
  stop: () => void;
}

export interface MediaCollectionOptions {
  env?: Readonly<Record<string, string | undefined>>;
  database?: () => Promise<PlatformDb>;
  everyMs?: number;
  /** The first round (default: after a minute, once the server is up). */
  firstMs?: number;
  log?: Pick<Console, 'error' | 'info'>;
  now?: () => Date;
}

/** Starts the collection once per process unless STUDIO_MEDIA_COLLECTION=off; answers it (or undefined when off). */
export function startMediaCollection(options: MediaCollectionOptions = {}): MediaCollector | undefined {
  const env = options.env ?? process.env;
  if (env.STUDIO_MEDIA_COLLECTION === 'off') return undefined;
  const holder = globalThis as Holder;
  if (holder[STARTED]) return holder[STARTED];
  const log = options.log ?? console;
  const database = options.database ?? (() => getDatabase());
  let running: Promise<void> | undefined;
  const round = async () => {
    try {
      const db = await database();
      const versions = await trimAllHistories(db);
      const media = await collectUnusedMedia(db, { now: options.now?.() ?? new Date() });
      if (versions || media.removed)
        log.info(
          `Studio storage: ${versions} versions past the history limit removed; ${media.removed} unused images removed (${megabytes(media.removedBytes)} MB)`,
        );
    } catch (error) {
      log.error('Studio storage collection failed; the next round tries again', error);
    }
  };
  const tick = () => (running ??= round().finally(() => (running = undefined)));
  const interval = setInterval(() => void tick(), options.everyMs ?? MEDIA_COLLECTION_EVERY_MS);
  interval.unref();
  const first = setTimeout(() => void tick(), options.firstMs ?? 60_000);
  first.unref();
  const collector: MediaCollector = {
    tick,
    stop: () => {
      clearInterval(interval);
      clearTimeout(first);
      if (holder[STARTED] === collector) delete holder[STARTED];
    },
  };
  holder[STARTED] = collector;
  return collector;
}
