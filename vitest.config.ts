import { defineConfig } from 'vitest/config';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('./', import.meta.url));
const DIRS = [
  'app',
  'engine',
  'blocks',
  'components',
  'server',
  'domain',
  'services',
  'scripts',
  'schemas',
  'demo-data',
  'studio',
];
const TEST_FILE = /\.test\.tsx?$/;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return TEST_FILE.test(entry.name) ? [path] : [];
  });
}

/**
 * The database tests: every test file that takes its databases from services/db/test-database.ts.
 * They run once per database; services/db/test-database.test.ts checks that no test opens a
 * database any other way.
 */
const databaseTests = DIRS.flatMap((dir) => testFiles(join(root, dir)))
  .filter((file) => /from '[^']*\/test-database'/.test(readFileSync(file, 'utf8')))
  .map((file) => relative(root, file));

export default defineConfig({
  resolve: { alias: { '@': root } },
  test: {
    environment: 'node',
    pool: 'forks',
    // Two test files at a time on this 2-core machine (vitest's default is cores - 1): much of a
    // database test's time is spent waiting on PostgreSQL or on a CLI it started.
    maxWorkers: 2,
    // Some tests start CLIs and build indexes; on a busy 2-core machine 5 s is too tight.
    testTimeout: 30_000,
    reporters: ['default', './scripts/test-postgres/database-reporter.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'sqlite',
          include: [`{${DIRS.join(',')}}/**/*.test.{ts,tsx}`, 'proxy.test.ts'],
          env: { TEST_DATABASE: 'sqlite' },
        },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: databaseTests,
          env: { TEST_DATABASE: 'postgres' },
          globalSetup: ['./scripts/test-postgres/global-setup.ts'],
        },
      },
    ],
  },
});
