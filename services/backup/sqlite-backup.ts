/**
 * Backups of the embedded database (SQLite): `npm run backup` and `npm run restore` (scripts/backup.ts,
 * scripts/restore.ts). The database holds everything the platform cannot rebuild: leads and their
 * deliveries, shopper and staff accounts, Studio drafts, published versions and history, and uploaded
 * pictures. (Tenant files and the secret beside the database are files: the README's "Operating in
 * production" says what else to keep.)
 *
 * A backup is `VACUUM INTO`: one read transaction, so it is a consistent copy of one moment even while
 * the server keeps writing leads (WAL mode lets writers go on), and it never restarts under writes the
 * way SQLite's page-by-page backup does. It is written beside the target under a temporary name and
 * renamed only once it is complete and checked, so a failed backup never leaves a half file under the
 * name asked for.
 */
import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';

export interface BackupSummary {
  /** The file written (absolute path). */
  file: string;
  bytes: number;
  /** Rows of the tables an operator recognises, so the summary can be compared with the live site. */
  counts: Readonly<Record<string, number>>;
  /** The last migration applied in the copy. */
  schemaVersion: string;
}

/** The tables whose counts a backup and a restore report (absent ones are left out). */
const COUNTED_TABLES: readonly (readonly [table: string, label: string])[] = [
  ['leads', 'leads'],
  ['lead_deliveries', 'lead deliveries'],
  ['tenant_versions', 'published site versions'],
  ['studio_media', 'uploaded pictures'],
  ['reservations', 'reservations'],
  ['cars', 'cars'],
  ['user', 'shopper accounts'],
  ['staff_user', 'Studio staff'],
];

export class BackupError extends Error {}

/** The file path of a SQLite DATABASE_URL, or a BackupError saying what to do instead. */
export function sqlitePath(url: string): string {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    throw new BackupError(
      'DATABASE_URL names a PostgreSQL database: back it up with pg_dump (and restore with pg_restore), or use continuous archiving for point-in-time recovery, as the README\'s "Operating in production" describes. npm run backup and npm run restore are for the embedded SQLite database.',
    );
  }
  if (!url.startsWith('file:') || url === 'file::memory:') {
    throw new BackupError(`DATABASE_URL "${url}" is not a SQLite database file (file:<path>).`);
  }
  return resolve(url.slice('file:'.length));
}

function tableNames(db: SQLite.Database): Set<string> {
  const rows = db.prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[];
  return new Set(rows.map((row) => row.name));
}

/** Checks a copy and counts what is in it; throws a BackupError naming the problem. */
export function inspectCopy(file: string): Omit<BackupSummary, 'file' | 'bytes'> {
  let db: SQLite.Database;
  try {
    db = new SQLite(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new BackupError(`${file} cannot be opened as a SQLite database: ${(error as Error).message}`);
  }
  try {
    let check: string;
    try {
      check = String(db.pragma('integrity_check', { simple: true }));
    } catch (error) {
      throw new BackupError(`${file} is not a SQLite database: ${(error as Error).message}`);
    }
    if (check !== 'ok') throw new BackupError(`${file} is damaged (SQLite's integrity check says: ${check}).`);
    const tables = tableNames(db);
    if (!tables.has('kysely_migration') || !tables.has('leads')) {
      throw new BackupError(
        `${file} is a SQLite database, but not this platform's (it has no leads or migrations table).`,
      );
    }
    const counts: Record<string, number> = {};
    for (const [table, label] of COUNTED_TABLES) {
      if (!tables.has(table)) continue;
      const row = db.prepare(`select count(*) as n from "${table}"`).get() as { n: number };
      counts[label] = row.n;
    }
    const last = db.prepare('select name from kysely_migration order by name desc limit 1').get() as
      { name: string } | undefined;
    return { counts, schemaVersion: last?.name ?? 'none' };
  } finally {
    db.close();
  }
}

/**
 * Copies the live database at `source` to `target`, consistently, while other processes may be writing.
 * Refuses to replace an existing file unless `overwrite`.
 */
export function backupDatabase(source: string, target: string, overwrite = false): BackupSummary {
  const file = resolve(target);
  if (!existsSync(source)) throw new BackupError(`There is no database at ${source} to back up (check DATABASE_URL).`);
  if (file === resolve(source)) throw new BackupError('The backup cannot be written over the database itself.');
  if (existsSync(file) && !overwrite) {
    throw new BackupError(`${file} already exists. Name a new file, or add --force to replace it.`);
  }
  if (!existsSync(dirname(file))) throw new BackupError(`The folder ${dirname(file)} does not exist.`);
  const partial = join(dirname(file), `.${basename(file)}.partial-${process.pid}`);
  rmSync(partial, { force: true });
  const db = new SQLite(source, { fileMustExist: true, timeout: 10_000 });
  try {
    db.prepare('vacuum into ?').run(partial);
  } catch (error) {
    rmSync(partial, { force: true });
    throw new BackupError(`The backup could not be written: ${(error as Error).message}`);
  } finally {
    db.close();
  }
  try {
    const inspected = inspectCopy(partial);
    renameSync(partial, file);
    return { file, bytes: statSync(file).size, ...inspected };
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

export interface RestoreSummary extends BackupSummary {
  /** Where the database that was replaced was kept, when there was one. */
  previous?: string;
}

/**
 * Puts a backup in place as the database at `target`. An existing database there is replaced only with
 * `overwrite` (every server using it must be stopped first), and is kept beside it, renamed, not deleted.
 */
export function restoreDatabase(backup: string, target: string, overwrite = false, now = new Date()): RestoreSummary {
  const from = resolve(backup);
  if (!existsSync(from)) throw new BackupError(`There is no backup at ${from}.`);
  const inspected = inspectCopy(from);
  let previous: string | undefined;
  if (existsSync(target)) {
    if (!overwrite) {
      throw new BackupError(
        `A database already exists at ${target}. Restoring replaces it: stop every server that uses it, then run again with --force (the current database is kept beside it, renamed).`,
      );
    }
    previous = `${target}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}`;
    // Fold the current database's WAL into it first, so the kept copy is whole on its own.
    const current = new SQLite(target, { fileMustExist: true, timeout: 10_000 });
    try {
      current.pragma('wal_checkpoint(TRUNCATE)');
    } finally {
      current.close();
    }
    renameSync(target, previous);
    for (const suffix of ['-wal', '-shm']) rmSync(`${target}${suffix}`, { force: true });
  }
  mkdirSync(dirname(target), { recursive: true });
  const partial = join(dirname(target), `.${basename(target)}.restoring-${process.pid}`);
  // A copy through SQLite rather than of the bytes: the result is a plain database in this folder.
  const source = new SQLite(from, { readonly: true, fileMustExist: true });
  try {
    source.prepare('vacuum into ?').run(partial);
  } finally {
    source.close();
  }
  renameSync(partial, target);
  return { file: target, bytes: statSync(target).size, ...inspected, previous };
}

/** "12 leads, 30 lead deliveries, 3 published site versions, ..." */
export function formatCounts(counts: Readonly<Record<string, number>>): string {
  return Object.entries(counts)
    .map(([label, n]) => `${n} ${label}`)
    .join(', ');
}
