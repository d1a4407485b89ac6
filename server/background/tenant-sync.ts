import { getTenantStore, type TenantStore } from '../../services/tenant-store';
import { setPublishedTenants } from '../../engine/published-tenants';

/**
 * Keeps this process's snapshot of published tenant documents (engine/published-tenants.ts) in
 * step with the database (issue 16): the published versions are read once at start, then the
 * store's change stamp is polled every second and the versions are read again when it moves. So
 * every process serves a publish within a second or two, and no process has to be told about it.
 * The proxy then names the new version in its rewrite, so cached pages follow at once (proxy.ts).
 *
 * TENANT_SYNC=off serves the tenant files only. A database that cannot be reached never stops the
 * server: the last versions read (or the files, before any) keep being served and it tries again
 * on the next tick.
 */
export const TENANT_SYNC_INTERVAL_MS = 1_000;

/** While the database fails, checks back off (doubling) up to this, so an outage is not hammered every second. */
export const TENANT_SYNC_MAX_BACKOFF_MS = 30_000;

/** How long the server's start waits for the first read before it serves from the files. */
export const TENANT_SYNC_START_WAIT_MS = 5_000;

export interface TenantSyncOptions {
  intervalMs?: number;
  log?: Pick<Console, 'error' | 'info'>;
}

export interface TenantSync {
  /** One check now: reads the change stamp and, when it moved, every published version. Never throws. */
  tick(): Promise<void>;
  /** Checks now and then every interval (less often while the database fails); resolves after the first check. */
  start(): Promise<void>;
  stop(): void;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The part of the tenant store the sync reads. */
export type PublishedSource = Pick<TenantStore, 'listPublished' | 'changeStamp'>;

export function createTenantSync(store: () => PublishedSource, options: TenantSyncOptions = {}): TenantSync {
  const log = options.log ?? console;
  let stamp: string | undefined;
  let running: Promise<void> | undefined;
  let failing: string | undefined;
  let failures = 0;
  let retryAt = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  const interval = options.intervalMs ?? TENANT_SYNC_INTERVAL_MS;

  const check = async (): Promise<void> => {
    try {
      const current = await store().changeStamp();
      if (current !== stamp) {
        // Stamp first, then the list: a publish between the two reads is in the list and moves the
        // stamp again, so the next tick reads it once more; nothing is ever missed.
        const list = await store().listPublished();
        setPublishedTenants(list, current);
        if (stamp !== undefined)
          log.info(`Published tenant versions changed: serving ${list.length} from the database`);
        stamp = current;
      }
      if (failing !== undefined) log.info('Published tenant versions are read from the database again');
      failing = undefined;
      failures = 0;
    } catch (error) {
      // Once per outage (and when the reason changes), not once a second.
      const reason = describe(error);
      if (failing !== reason)
        log.error(
          `Reading published tenant versions failed; serving the ${stamp === undefined ? 'tenant files' : 'versions read before'} and trying again shortly`,
          error,
        );
      failing = reason;
      failures += 1;
      // Next tries after 1, 2, 4 ... intervals (half an interval early, so a timer tick lands on it).
      retryAt = Date.now() + Math.min(interval * 2 ** (failures - 1), TENANT_SYNC_MAX_BACKOFF_MS) - interval / 2;
    }
  };

  const tick = (): Promise<void> => {
    // A slow database never stacks checks up: a tick during a check waits for that check.
    running ??= check().finally(() => {
      running = undefined;
    });
    return running;
  };

  return {
    tick,
    start() {
      if (!timer) {
        timer = setInterval(() => {
          if (failures === 0 || Date.now() >= retryAt) void tick();
        }, interval);
        timer.unref();
      }
      return tick();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}

// The process's sync lives on globalThis, like the snapshot it fills: instrumentation starts it, and
// the Studio's routes (bundled apart, with their own copy of this module) must reach the same one.
const SYNC_KEY = Symbol.for('dealer-platform.tenant-sync');
type SyncHolder = { [SYNC_KEY]?: TenantSync };

/**
 * Starts following the published versions (once per process); resolves after the first read, or
 * after TENANT_SYNC_START_WAIT_MS when the database is slow to answer, so the first pages are
 * already the published ones and a database that hangs never holds the server's start.
 */
export async function startTenantSync(): Promise<void> {
  const holder = globalThis as SyncHolder;
  if (process.env.TENANT_SYNC === 'off' || holder[SYNC_KEY]) return;
  const sync = createTenantSync(getTenantStore);
  holder[SYNC_KEY] = sync;
  let timeout: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    sync.start(),
    new Promise<void>((resolve) => {
      timeout = setTimeout(resolve, TENANT_SYNC_START_WAIT_MS);
      timeout.unref();
    }),
  ]);
  clearTimeout(timeout);
}

/**
 * Reads the published versions once, for a command-line process that uses the tenant registry
 * (npm run leads, npm run reservations) and so must see what the server serves.
 */
export async function loadPublishedTenantsOnce(): Promise<void> {
  if (process.env.TENANT_SYNC === 'off') return;
  await createTenantSync(getTenantStore).tick();
}

/**
 * Checks now instead of at the next tick: the Studio calls it after a publish or restore, so the
 * publisher's next page view in this process is already the new version (other processes follow
 * within a tick). Uses the running sync when there is one, else reads once. Never throws.
 */
export async function refreshPublishedTenants(): Promise<void> {
  if (process.env.TENANT_SYNC === 'off') return;
  const running = (globalThis as SyncHolder)[SYNC_KEY];
  if (!running) return createTenantSync(getTenantStore).tick();
  // A check already under way may have read the stamp before the publish: a second one starts after
  // it (and costs one stamp read when the first did see the publish).
  await running.tick();
  await running.tick();
}
