import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect } from 'kysely';
import { Migrator, type Migration } from 'kysely/migration';
import pg from 'pg';
import type { Database } from './schema';
import { NonBlockingSqliteDialect } from './sqlite-dialect';
import { TracedDialect } from './traced-dialect';
import { tracingEnabled } from '../tracing';
import * as initial from './migrations/001-initial';
import * as carViews from './migrations/002-car-views';
import * as phoneReveals from './migrations/003-phone-reveals';
import * as leads from './migrations/004-leads';
import * as reservations from './migrations/005-reservations';
import * as watchlist from './migrations/006-watchlist';
import * as models from './migrations/007-models';
import * as leadPostsAndHoldExpiry from './migrations/009-lead-posts-and-hold-expiry';
import * as tenantVersions from './migrations/010-tenant-versions';
import * as staffAccounts from './migrations/011-staff-accounts';
import * as studioMedia from './migrations/012-studio-media';
import * as rateLimits from './migrations/013-rate-limits';
import * as stockChanges from './migrations/014-stock-changes';
import * as leadDeadLetters from './migrations/015-lead-dead-letters';
import * as searchIndexState from './migrations/016-search-index-state';
import * as feedPulls from './migrations/017-feed-pulls';
import * as marketingUnsubscribes from './migrations/018-marketing-unsubscribes';
import * as testDriveBookings from './migrations/019-test-drive-bookings';
import * as bookingShopperKeys from './migrations/020-booking-shopper-keys';
import * as studioPreviewSnapshots from './migrations/021-studio-preview-snapshots';
import * as tenantSchedules from './migrations/022-tenant-schedules';
import * as studioPictureLibrary from './migrations/023-studio-picture-library';

export type PlatformDb = Kysely<Database>;

const MIGRATIONS: Record<string, Migration> = {
  '001-initial': initial,
  '002-car-views': carViews,
  '003-phone-reveals': phoneReveals,
  '004-leads': leads,
  '005-reservations': reservations,
  '006-watchlist': watchlist,
  '007-models': models,
};
MIGRATIONS['009-lead-posts-and-hold-expiry'] = leadPostsAndHoldExpiry;
MIGRATIONS['010-tenant-versions'] = tenantVersions;
MIGRATIONS['011-staff-accounts'] = staffAccounts;
MIGRATIONS['012-studio-media'] = studioMedia;
MIGRATIONS['013-rate-limits'] = rateLimits;
MIGRATIONS['014-stock-changes'] = stockChanges;
MIGRATIONS['015-lead-dead-letters'] = leadDeadLetters;
MIGRATIONS['016-search-index-state'] = searchIndexState;
MIGRATIONS['017-feed-pulls'] = feedPulls;
MIGRATIONS['018-marketing-unsubscribes'] = marketingUnsubscribes;
MIGRATIONS['019-test-drive-bookings'] = testDriveBookings;
MIGRATIONS['020-booking-shopper-keys'] = bookingShopperKeys;
MIGRATIONS['021-studio-preview-snapshots'] = studioPreviewSnapshots;
MIGRATIONS['022-tenant-schedules'] = tenantSchedules;
MIGRATIONS['023-studio-picture-library'] = studioPictureLibrary;

export const DEFAULT_DATABASE_URL = 'file:data/platform.db';

/** DATABASE_URL selects the database: file:<path> (SQLite, the embedded default) or postgres://... */
export function databaseUrl(): string {
  return process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
}

export type DatabaseKind = 'sqlite' | 'postgres';

const POSTGRES_URL = /^postgres(ql)?:\/\//;

/** Which database a URL names; throws a readable error for anything else. */
export function databaseKind(url = databaseUrl()): DatabaseKind {
  if (url.startsWith('file:')) return 'sqlite';
  if (POSTGRES_URL.test(url)) return 'postgres';
  throw new Error(
    `DATABASE_URL "${redactUrl(url)}" is not understood: use file:<path> (SQLite, the embedded default) or postgres://user:password@host:port/db (PostgreSQL).`,
  );
}

/** The URL with its password replaced, for messages and logs. */
export function redactUrl(url: string): string {
  return url.replace(/^(\w+:\/\/[^:/@]*:)[^@]*@/, '$1***@');
}

/** DATABASE_POOL_MAX: connections per process to PostgreSQL (default 10). */
export function poolMax(env: Readonly<Record<string, string | undefined>> = process.env): number {
  const raw = env.DATABASE_POOL_MAX;
  if (raw === undefined || raw === '') return 10;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 1000)
    throw new Error(`DATABASE_POOL_MAX is "${raw}"; it must be a whole number of connections from 1 to 1000.`);
  return n;
}

// PostgreSQL's 64-bit integers (count(*), sum() of integers, bigint columns) and numerics arrive as
// strings from pg; every value the platform keeps in them (counts, epoch milliseconds, sums of
// integers) fits a double exactly, so they are numbers here as they are on SQLite.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

/**
 * SQLite copies the WAL back into the database inside the COMMIT that takes the WAL past this many
 * pages, synchronously, on the event loop. SQLite's default of 1,000 pages (4 MB) took 20-45 ms
 * here, on top of the transaction; 250 pages take 7-16 ms.
 */
const WAL_CHECKPOINT_PAGES = 250;

export interface OpenDatabaseOptions {
  /** How long a statement may wait for another process's lock (SQLite), or for a pooled connection (PostgreSQL); default 10 s. */
  busyDeadlineMs?: number;
  /** PostgreSQL pool size; default DATABASE_POOL_MAX or 10. */
  poolMax?: number;
}

// The PostgreSQL pools and SQLite connections this process opened, for /metrics (on globalThis for the
// same reason as the open databases below); weakly, so a connection a caller dropped is not kept alive.
const POOLS_KEY = Symbol.for('dealer-platform.database-pools');
const pools = ((globalThis as { [POOLS_KEY]?: Set<WeakRef<pg.Pool>> })[POOLS_KEY] ??= new Set());
const SQLITE_KEY = Symbol.for('dealer-platform.sqlite-connections');
const sqliteConnections = ((globalThis as { [SQLITE_KEY]?: Set<WeakRef<SQLite.Database>> })[SQLITE_KEY] ??= new Set());

/** This process's database connections now: PostgreSQL pools' total, idle and waiting; each open SQLite file counts as one. */
export function databasePoolUse(): { total: number; idle: number; waiting: number } {
  let total = 0;
  let idle = 0;
  let waiting = 0;
  for (const ref of pools) {
    const pool = ref.deref();
    if (!pool || pool.ending) {
      pools.delete(ref);
      continue;
    }
    total += pool.totalCount;
    idle += pool.idleCount;
    waiting += pool.waitingCount;
  }
  for (const ref of sqliteConnections) {
    if (ref.deref()?.open) total += 1;
    else sqliteConnections.delete(ref);
  }
  return { total, idle, waiting };
}

export function openDatabase(url = databaseUrl(), options: OpenDatabaseOptions = {}): PlatformDb {
  if (url.startsWith('file:')) {
    const path = url.slice('file:'.length);
    if (path !== ':memory:') mkdirSync(dirname(resolve(path)), { recursive: true });
    // timeout 0: a locked database must answer at once; the dialect waits asynchronously (issue 14).
    const sqlite = new SQLite(path === ':memory:' ? ':memory:' : resolve(path), { timeout: 0 });
    sqliteConnections.add(new WeakRef(sqlite));
    const dialect = new NonBlockingSqliteDialect({
      database: sqlite,
      pragmas: ['journal_mode = WAL', 'foreign_keys = ON', `wal_autocheckpoint = ${WAL_CHECKPOINT_PAGES}`],
      busyDeadlineMs: options.busyDeadlineMs,
    });
    return new Kysely<Database>({ dialect: tracingEnabled() ? new TracedDialect(dialect, 'sqlite') : dialect });
  }
  databaseKind(url);
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolMax ?? poolMax(),
    // A pool that is only idle never keeps a CLI or a test process alive.
    allowExitOnIdle: true,
    connectionTimeoutMillis: options.busyDeadlineMs ?? 10_000,
  });
  pools.add(new WeakRef(pool));
  // An idle connection the server drops (restart, failover) must not crash the process: the pool
  // replaces it on the next query.
  pool.on('error', (error) =>
    console.error(`PostgreSQL connection lost (${error.message}); the pool opens a new one.`),
  );
  const dialect = new PostgresDialect({ pool });
  return new Kysely<Database>({ dialect: tracingEnabled() ? new TracedDialect(dialect, 'postgresql') : dialect });
}

export async function migrateToLatest(db: PlatformDb): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

// One connection (SQLite) or pool (PostgreSQL) per database URL for the whole server process:
// connections are infrastructure, not tenant state. On globalThis because Next bundles route
// handlers and pages apart, each with its own copy of this module: per copy, a process would open
// a pool per bundle and DATABASE_POOL_MAX would not bound its connections.
const OPEN_KEY = Symbol.for('dealer-platform.databases');
const open = ((globalThis as { [OPEN_KEY]?: Map<string, Promise<PlatformDb>> })[OPEN_KEY] ??= new Map<
  string,
  Promise<PlatformDb>
>());

/** The process-wide database, migrated on first use. */
export function getDatabase(url = databaseUrl()): Promise<PlatformDb> {
  let db = open.get(url);
  if (!db) {
    db = (async () => {
      const instance = openDatabase(url);
      await migrateToLatest(instance);
      return instance;
    })();
    open.set(url, db);
    db.catch(() => open.delete(url));
  }
  return db;
}

/** Closes every process-wide database (SQLite file, PostgreSQL pool): the last step of a graceful shutdown. */
export async function closeDatabases(): Promise<void> {
  const all = [...open.values()];
  open.clear();
  await Promise.all(
    all.map(async (pending) => {
      try {
        await (await pending).destroy();
      } catch (error) {
        console.error('Shutdown: a database connection did not close cleanly', error);
      }
    }),
  );
}
