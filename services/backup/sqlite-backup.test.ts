/**
 * Backups of the embedded database (issue 35): a consistent copy while another connection keeps
 * writing, a restore that refuses to replace a database unless told, and clear refusals of what is not
 * a backup. The whole path through a running production server is in scripts/operations/run.ts.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../db/database';
import { backupDatabase, BackupError, restoreDatabase, sqlitePath } from './sqlite-backup';

const scratch = mkdtempSync(join(tmpdir(), 'backup-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function platformDatabase(file: string): Promise<void> {
  const db = openDatabase(`file:${file}`);
  await migrateToLatest(db);
  await db.destroy();
}

function insertMedia(db: SQLite.Database, n: number): void {
  db.prepare(
    "insert into studio_media (slug, sha256, content_type, width, height, bytes, created_by, created_at) values ('s', ?, 'image/webp', 1, 1, ?, 'x', '2026-01-01')",
  ).run(`sha-${n}`, Buffer.from([n % 256]));
}

describe('npm run backup and npm run restore (SQLite)', () => {
  it('copies a database another connection is writing to, as it was at the moment of the copy', async () => {
    const source = join(scratch, 'live.db');
    await platformDatabase(source);
    const writer = new SQLite(source);
    writer.pragma('journal_mode = WAL');
    for (let i = 0; i < 50; i++) insertMedia(writer, i);
    // Another connection writes before and after the copy (its WAL not yet folded into the file);
    // another process writing during it is scripts/operations/run.ts's test.
    let n = 50;
    const timer = setInterval(() => insertMedia(writer, n++), 1);
    await new Promise((r) => setTimeout(r, 20));
    const summary = backupDatabase(source, join(scratch, 'copy.db'));
    await new Promise((r) => setTimeout(r, 20));
    clearInterval(timer);
    const inCopy = summary.counts['uploaded pictures'] ?? -1;
    expect(inCopy).toBeGreaterThanOrEqual(50);
    expect(inCopy).toBeLessThan(n);
    const copy = new SQLite(summary.file, { readonly: true });
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    expect((copy.prepare('select count(*) as n from studio_media').get() as { n: number }).n).toBe(inCopy);
    copy.close();
    writer.close();
    expect(readdirSync(scratch).filter((f) => f.includes('partial'))).toEqual([]);
    // Not over an existing file unless asked.
    expect(() => backupDatabase(source, summary.file)).toThrow(/already exists.*--force/);
    expect(backupDatabase(source, summary.file, true).counts['uploaded pictures']).toBeGreaterThan(inCopy);
  });

  it('restores into a new folder, refuses to replace a database without --force, and keeps the one it replaces', async () => {
    const source = join(scratch, 'to-restore.db');
    await platformDatabase(source);
    const backup = backupDatabase(source, join(scratch, 'restore-me.db'));
    const target = join(scratch, 'fresh', 'sub', 'platform.db');
    const restored = restoreDatabase(backup.file, target);
    expect(restored.previous).toBeUndefined();
    expect(existsSync(target)).toBe(true);
    expect(() => restoreDatabase(backup.file, target)).toThrow(/already exists.*stop every server.*--force/);
    const replaced = restoreDatabase(backup.file, target, true, new Date('2026-11-29T10:00:00Z'));
    expect(replaced.previous).toBe(`${target}.before-restore-2026-11-29T10-00-00-000Z`);
    expect(existsSync(replaced.previous ?? '')).toBe(true);
  });

  it('says what is wrong with a file that is not one of its backups', async () => {
    const text = join(scratch, 'notes.txt');
    writeFileSync(text, 'not a database at all, just some text that is long enough to have a header');
    expect(() => restoreDatabase(text, join(scratch, 'x.db'))).toThrow(BackupError);
    expect(() => restoreDatabase(text, join(scratch, 'x.db'))).toThrow(/not a SQLite database/);
    const other = join(scratch, 'other.db');
    new SQLite(other).exec('create table t (x)');
    expect(() => restoreDatabase(other, join(scratch, 'x.db'))).toThrow(/not this platform's/);
    expect(() => restoreDatabase(join(scratch, 'missing.db'), join(scratch, 'x.db'))).toThrow(/no backup at/);
    expect(existsSync(join(scratch, 'x.db'))).toBe(false);
  });

  it('sends PostgreSQL to pg_dump and pg_restore', () => {
    expect(() => sqlitePath('postgres://u@h/db')).toThrow(/pg_dump/);
    expect(sqlitePath('file:data/x.db')).toMatch(/data\/x\.db$/);
  });
});
