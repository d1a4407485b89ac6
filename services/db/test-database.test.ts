import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue 17: every database test runs on SQLite and on PostgreSQL. vitest.config.ts puts a test file
// in the `postgres` project when it imports services/db/test-database.ts; a test that opened its
// database some other way would run on SQLite only, and nothing would say so. This guard fails
// when a test file reaches a database without that import, or names a SQLite database outright.

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** Test files that are SQLite-only on purpose, or that hold the patterns below as samples. */
const EXEMPT = new Set([
  'services/db/sqlite-dialect.test.ts',
  'services/db/test-database.test.ts',
  // npm run backup and restore are for the embedded database; PostgreSQL is backed up with pg_dump.
  'services/backup/sqlite-backup.test.ts',
]);
const SKIPPED_DIRS = new Set(['node_modules', 'data', 'test-results', 'playwright-report']);

/** What vitest.config.ts looks for when it picks the files of the `postgres` project (the same pattern). */
const IMPORTS_TEST_DATABASE = /from '[^']*\/test-database'/;
/** The file starts processes, or builds an environment for one from this process's. */
const STARTS_PROCESSES = /\.\.\.\s*process\.env\b|\b(?:spawn|spawnSync|execFile|execFileSync|exec|execSync|fork)\s*\(/;
const ENV_DATABASE_URL = String.raw`process\.env(?:\.DATABASE_URL|\[\s*['"]DATABASE_URL['"]\s*\])`;

/** Ways a test reaches a database: each needs the test-database import. */
const REACHES_DATABASE: { pattern: RegExp; what: string }[] = [
  { pattern: /\bopenDatabase\s*\(/, what: 'opens a database with openDatabase()' },
  { pattern: /\bgetDatabase\s*\(/, what: 'uses the process-wide database, getDatabase()' },
  { pattern: new RegExp(`${ENV_DATABASE_URL}\\s*=(?!=)`), what: 'sets process.env.DATABASE_URL' },
  { pattern: new RegExp(`\\bdelete\\s+${ENV_DATABASE_URL}`), what: 'removes DATABASE_URL (the default database)' },
  { pattern: /\bstubEnv\(\s*['"]DATABASE_URL['"]/, what: 'stubs DATABASE_URL' },
  { pattern: /file::memory:/, what: "uses an in-memory SQLite database ('file::memory:')" },
  {
    pattern:
      /from\s+'(?:better-sqlite3|pg)'|\bnew\s+(?:SQLite|Kysely)\s*[(<]|\b(?:NonBlockingSqlite|Sqlite|Postgres)Dialect\b/,
    what: 'builds its own database connection',
  },
];

/** A SQLite database named outright: SQLite even in the `postgres` project, test-database import or not. */
const NAMES_SQLITE: { pattern: RegExp; what: string }[] = [
  { pattern: /\b(?:openDatabase|getDatabase)\(\s*['"`]file:/, what: 'opens a file: (SQLite) URL directly' },
  { pattern: new RegExp(`${ENV_DATABASE_URL}\\s*=\\s*['"\`]file:`), what: 'sets DATABASE_URL to a file: (SQLite) URL' },
  {
    pattern: /\bstubEnv\(\s*['"]DATABASE_URL['"]\s*,\s*['"`]file:/,
    what: 'stubs DATABASE_URL with a file: (SQLite) URL',
  },
];
const GIVES_SQLITE_TO_PROCESS = /\bDATABASE_URL\s*:\s*['"`]file:/;
const GIVES_DATABASE_TO_PROCESS = /\bDATABASE_URL\s*:/;

/**
 * Why a test file's databases could escape the `postgres` project: an empty list when it takes
 * them all from services/db/test-database.ts (or uses none).
 */
function databaseEscapes(source: string): string[] {
  const problems = NAMES_SQLITE.filter(({ pattern }) => pattern.test(source)).map(({ what }) => what);
  const startsProcesses = STARTS_PROCESSES.test(source);
  if (startsProcesses && GIVES_SQLITE_TO_PROCESS.test(source))
    problems.push('gives a process it starts a file: (SQLite) DATABASE_URL');
  if (!IMPORTS_TEST_DATABASE.test(source)) {
    const reaches = REACHES_DATABASE.filter(({ pattern }) => pattern.test(source)).map(({ what }) => what);
    if (startsProcesses && GIVES_DATABASE_TO_PROCESS.test(source))
      reaches.push('gives a process it starts a DATABASE_URL');
    problems.push(...reaches.map((what) => `${what} without importing services/db/test-database.ts`));
  }
  return problems;
}

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.') || SKIPPED_DIRS.has(entry.name)) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return /\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('every database test runs on both databases', () => {
  it('no test file reaches a database except through services/db/test-database.ts', () => {
    const files = testFiles(ROOT)
      .map((path) => relative(ROOT, path))
      .filter((file) => !EXEMPT.has(file));
    // The walk found the repository's tests, including ones known to use databases.
    expect(files).toContain('services/reservations/reservations.test.ts');
    expect(files).toContain('scripts/import.test.ts');
    const escapes = files.flatMap((file) =>
      databaseEscapes(readFileSync(join(ROOT, file), 'utf8')).map((problem) => `${file}: ${problem}`),
    );
    expect(escapes).toEqual([]);
  });
});

describe('databaseEscapes', () => {
  // Written in two pieces, so that vitest.config.ts does not take this file for a database test.
  const fromTestDatabase = 'import { openTestDatabase } from ' + "'../db/test-database';\n";

  it('passes a test that takes its databases from test-database, or uses none', () => {
    expect(databaseEscapes(`${fromTestDatabase}const db = await openTestDatabase();`)).toEqual([]);
    expect(
      databaseEscapes(
        'import { freshDatabaseUrl } from ' +
          "'../../services/db/test-database';\nprocess.env.DATABASE_URL = await freshDatabaseUrl();\nconst { getDatabase } = await import('../db/database');\nawait getDatabase();",
      ),
    ).toEqual([]);
    // A pure function given an environment object opens nothing.
    expect(databaseEscapes("expect(startupProblems({ DATABASE_URL: 'file:data/platform.db' })).toEqual([]);")).toEqual(
      [],
    );
    expect(databaseEscapes("import { describe } from 'vitest';\ndescribe('sums', () => {});")).toEqual([]);
  });

  it('fails a test that opens its own database', () => {
    expect(
      databaseEscapes(
        "import { migrateToLatest, openDatabase } from '../db/database';\nconst db = openDatabase('file::memory:');",
      ),
    ).toEqual([
      'opens a file: (SQLite) URL directly',
      'opens a database with openDatabase() without importing services/db/test-database.ts',
      "uses an in-memory SQLite database ('file::memory:') without importing services/db/test-database.ts",
    ]);
    expect(databaseEscapes('const db = await getDatabase();')).toEqual([
      'uses the process-wide database, getDatabase() without importing services/db/test-database.ts',
    ]);
    expect(databaseEscapes("import Database from 'better-sqlite3';\nconst raw = new SQLite(':memory:');")).toEqual([
      'builds its own database connection without importing services/db/test-database.ts',
    ]);
  });

  it('fails a test that points DATABASE_URL somewhere itself', () => {
    expect(databaseEscapes('process.env.DATABASE_URL = `file:${join(dir, "platform.db")}`;')).toEqual([
      'sets DATABASE_URL to a file: (SQLite) URL',
      'sets process.env.DATABASE_URL without importing services/db/test-database.ts',
    ]);
    expect(databaseEscapes("process.env['DATABASE_URL'] = url;")).toEqual([
      'sets process.env.DATABASE_URL without importing services/db/test-database.ts',
    ]);
    expect(databaseEscapes('delete process.env.DATABASE_URL;')).toEqual([
      'removes DATABASE_URL (the default database) without importing services/db/test-database.ts',
    ]);
    expect(databaseEscapes("vi.stubEnv('DATABASE_URL', 'file:x.db');")).toEqual([
      'stubs DATABASE_URL with a file: (SQLite) URL',
      'stubs DATABASE_URL without importing services/db/test-database.ts',
    ]);
    expect(databaseEscapes('if (process.env.DATABASE_URL === undefined) return;')).toEqual([]);
  });

  it('fails a test that gives a CLI it starts a database of its own choosing', () => {
    const cli = (url: string) =>
      `const env = { ...process.env, DATABASE_URL: ${url} };\nspawnSync('npx', ['tsx', 'scripts/import.ts'], { env });`;
    expect(databaseEscapes(cli('`file:${join(dir, "test.db")}`'))).toEqual([
      'gives a process it starts a file: (SQLite) DATABASE_URL',
      'gives a process it starts a DATABASE_URL without importing services/db/test-database.ts',
    ]);
    expect(databaseEscapes(cli('url'))).toEqual([
      'gives a process it starts a DATABASE_URL without importing services/db/test-database.ts',
    ]);
    expect(databaseEscapes(`${fromTestDatabase}${cli('await freshDatabaseUrl()')}`)).toEqual([]);
    // Importing test-database does not make a hard-coded SQLite file run on PostgreSQL.
    expect(databaseEscapes(`${fromTestDatabase}${cli("'file:/tmp/x.db'")}`)).toEqual([
      'gives a process it starts a file: (SQLite) DATABASE_URL',
    ]);
  });
});
