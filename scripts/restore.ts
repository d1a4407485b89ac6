/**
 * `npm run restore -- <file> [--force]`: puts a backup made by `npm run backup` in place as the embedded
 * database (DATABASE_URL, file:...). It checks the backup first (a SQLite database of this platform, not
 * damaged). An existing database is replaced only with --force, after every server using it has been
 * stopped, and is kept beside it, renamed. The next server start brings an older backup's tables up to
 * date. PostgreSQL: use pg_restore (the README's "Operating in production").
 */
import { databaseUrl } from '../services/db/database';
import { formatCounts, restoreDatabase, sqlitePath } from '../services/backup/sqlite-backup';
import { oneFileCommand } from './backup-command';
import { runMain } from './run-main';

runMain(
  oneFileCommand('usage: npm run restore -- <backup file> [--force]', (file, force) => {
    const summary = restoreDatabase(file, sqlitePath(databaseUrl()), force);
    return (
      `Restored ${summary.file} from the backup: ${formatCounts(summary.counts)}; schema ${summary.schemaVersion}.` +
      (summary.previous ? ` The database it replaced is kept at ${summary.previous}.` : '')
    );
  }),
);
