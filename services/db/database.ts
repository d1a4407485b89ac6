import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, type Migration } from 'kysely';
import type { Database } from './schema';
import * as initial from './migrations/001-initial';
import * as carViews from './migrations/002-car-views';
import * as phoneReveals from './migrations/003-phone-reveals';
import * as leads from './migrations/004-leads';
import * as reservations from './migrations/005-reservations';
import * as watchlist from './migrations/006-watchlist';
import * as models from './migrations/007-models';

export type PlatformDb = Kysely<Database>;

const MIGRATIONS: Record<string, Migration> = { '001-initial': initial, '002-car-views': carViews, '003-phone-reveals': phoneReveals, '004-leads': leads, '005-reservations': reservations, '006-watchlist': watchlist, '007-models': models };

export const DEFAULT_DATABASE_URL = 'file:data/platform.db';

/** DATABASE_URL selects the database: file:<path> (SQLite, the embedded default) or postgres://... */
export function databaseUrl(): string {
  return process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
}

export function openDatabase(url = databaseUrl()): PlatformDb {
  if (url.startsWith('file:')) {
    const path = url.slice('file:'.length);
    if (path !== ':memory:') mkdirSync(dirname(resolve(path)), { recursive: true });
    const sqlite = new SQLite(path === ':memory:' ? ':memory:' : resolve(path));
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  }
  if (/^postgres(ql)?:\/\//.test(url)) {
    throw new Error('DATABASE_URL names PostgreSQL, which this build does not support yet: use file:<path> for the embedded SQLite database.');
  }
  throw new Error(`DATABASE_URL "${url}" is not understood: use file:<path> (SQLite) or postgres://user:password@host/db.`);
}

export async function migrateToLatest(db: PlatformDb): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

// One connection per database URL for the server process; connections are infrastructure, not tenant state.
const open = new Map<string, Promise<PlatformDb>>();

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
