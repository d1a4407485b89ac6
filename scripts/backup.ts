/**
 * `npm run backup -- <file> [--force]`: a consistent copy of the embedded database (DATABASE_URL,
 * file:...) written to <file>, safe while servers keep serving and writing leads
 * (services/backup/sqlite-backup.ts). Prints what the copy holds. --force replaces an existing file.
 * PostgreSQL: use pg_dump (the README's "Operating in production").
 */
import { databaseUrl } from '../services/db/database';
import { backupDatabase, formatCounts, sqlitePath } from '../services/backup/sqlite-backup';
import { oneFileCommand } from './backup-command';
import { runMain } from './run-main';

runMain(
  oneFileCommand('usage: npm run backup -- <file> [--force]', (file, force) => {
    const started = Date.now();
    const summary = backupDatabase(sqlitePath(databaseUrl()), file, force);
    return `Backed up to ${summary.file} (${(summary.bytes / 1024 / 1024).toFixed(1)} MB, ${Date.now() - started} ms): ${formatCounts(summary.counts)}; schema ${summary.schemaVersion}.`;
  }),
);
