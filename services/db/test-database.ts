/**
 * Databases for unit tests, of the kind the running vitest project tests: SQLite in the `sqlite`
 * project, PostgreSQL in the `postgres` one (vitest.config.ts runs every test file that imports
 * this module in both). The PostgreSQL project's global setup starts a throwaway server
 * (scripts/test-postgres/global-setup.ts); each call here makes a new, empty database on it.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import {
  migrateToLatest,
  openDatabase,
  type DatabaseKind,
  type OpenDatabaseOptions,
  type PlatformDb,
} from './database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The test PostgreSQL server's own database (postgres://postgres@127.0.0.1:<port>/postgres). */
    postgresUrl: string;
  }
}

/** The database this test project runs on. */
export function testDatabaseKind(): DatabaseKind {
  return process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'sqlite';
}

/** The PostgreSQL database the project's global setup migrates once; migrated test databases are copies of it. */
export const MIGRATED_TEMPLATE = 'platform_migrated_template';

let scratch: string | undefined;
let counter = 0;

function uniqueName(): string {
  counter += 1;
  return `t_${process.pid}_${Date.now().toString(36)}_${counter}`;
}

/**
 * The URL of a new, empty database: a file in a temp directory (SQLite) or a new database on the
 * test server (PostgreSQL). Give it to code under test, or to a CLI a test starts, as DATABASE_URL.
 */
export async function freshDatabaseUrl(): Promise<string> {
  return newDatabaseUrl(false);
}

async function newDatabaseUrl(migrated: boolean): Promise<string> {
  if (testDatabaseKind() === 'sqlite') {
    scratch ??= mkdtempSync(join(tmpdir(), 'platform-test-db-'));
    return `file:${join(scratch, `${uniqueName()}.db`)}`;
  }
  const server = inject('postgresUrl');
  if (!server)
    throw new Error(
      'The postgres test project runs without its server: vitest.config.ts must give it the global setup.',
    );
  const name = uniqueName();
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  try {
    // FILE_COPY: with fsync off (a throwaway server) copying the files beats writing them to the WAL.
    await admin.query(
      migrated
        ? `create database "${name}" template "${MIGRATED_TEMPLATE}" strategy file_copy`
        : `create database "${name}" strategy file_copy`,
    );
  } finally {
    await admin.end();
  }
  return server.replace(/\/[^/?]*(\?.*)?$/, `/${name}`);
}

/**
 * A new database, migrated to the latest version, for one test. On SQLite it is in memory unless
 * `file` is set (a second connection, another process or a CLI must see it).
 */
export async function openTestDatabase(options: OpenDatabaseOptions & { file?: boolean } = {}): Promise<PlatformDb> {
  const { file, ...open } = options;
  const url = testDatabaseKind() === 'sqlite' && !file ? 'file::memory:' : await newDatabaseUrl(true);
  const db = openDatabase(url, open);
  // Already at the latest version on PostgreSQL (a copy of the template): this only checks.
  await migrateToLatest(db);
  return db;
}

/** A new migrated database and its URL, for tests that open it again (another connection, a CLI). */
export async function openTestDatabaseAt(): Promise<{ db: PlatformDb; url: string }> {
  const url = await newDatabaseUrl(true);
  const db = openDatabase(url);
  await migrateToLatest(db);
  return { db, url };
}
