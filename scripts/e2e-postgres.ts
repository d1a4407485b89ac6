/**
 * The PostgreSQL browser run (issue 17), part of `npm test`: starts a throwaway PostgreSQL server,
 * seeds the demo data into it, and runs the lead, watchlist and reservation journeys
 * (playwright.postgres.config.ts) against two processes of the production build behind a
 * round-robin proxy. Needs the build (`next build`) and PostgreSQL (scripts/ensure-postgres.sh).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { startPostgres } from './support/postgres-server';

const PORT = process.env.E2E_POSTGRES_PORT ?? '3300';
// Shared by both processes and the seed (staff accounts), as every server's must be with PostgreSQL.
const AUTH_SECRET = 'e2e-postgres-shared-secret-0123456789abcdef';

async function main(): Promise<number> {
  if (!existsSync('.next/BUILD_ID')) {
    console.error('No production build: run `npx next build` first.');
    return 1;
  }
  const server = await startPostgres();
  try {
    const url = server.createDatabase('platform');
    const env = { ...process.env, DATABASE_URL: url, AUTH_SECRET, NEXT_TELEMETRY_DISABLED: '1' };
    const seed = spawnSync('npm', ['run', '--silent', 'seed'], { env, stdio: 'inherit' });
    if (seed.status !== 0) return seed.status ?? 1;
    const run = spawnSync(
      'npx',
      ['playwright', 'test', '-c', 'playwright.postgres.config.ts', ...process.argv.slice(2)],
      {
        env: { ...env, E2E_PORT: PORT },
        stdio: 'inherit',
      },
    );
    return run.status ?? 1;
  } finally {
    server.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
