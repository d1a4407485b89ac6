import { defineConfig } from '@playwright/test';
import { E2E_SERVER_ENV, E2E_SHARED, PPSR_STUB } from './playwright.config';

/**
 * Issue 17: the lead, watchlist and reservation journeys against PostgreSQL with two platform
 * processes behind a round-robin proxy, so consecutive requests of one browser session land on
 * different processes. scripts/e2e-postgres.ts starts the database, seeds it and runs this with
 * DATABASE_URL and E2E_PORT (the proxy's port) set.
 */
const PORT = Number(process.env.E2E_PORT ?? 3300);
const DATABASE_URL = process.env.DATABASE_URL ?? '';
if (!/^postgres(ql)?:\/\//.test(DATABASE_URL))
  throw new Error(
    'playwright.postgres.config.ts needs DATABASE_URL=postgres://...: run it through `tsx scripts/e2e-postgres.ts`.',
  );

export default defineConfig({
  ...E2E_SHARED,
  projects: [
    { name: 'leads and watchlists on two processes', testMatch: ['forms.spec.ts', 'accounts.spec.ts'] },
    {
      name: 'reservations on two processes',
      testMatch: ['finance.spec.ts', 'vehicle.spec.ts'],
      grep: /reserving a car online|a reserved car hides the reserve button/,
    },
  ],
  webServer: [
    PPSR_STUB,
    {
      command: 'npx tsx scripts/support/cluster.ts',
      url: `http://127.0.0.1:${PORT}/readyz`,
      reuseExistingServer: false,
      timeout: 240_000,
      env: {
        ...E2E_SERVER_ENV,
        DATABASE_URL,
        CLUSTER_PORT: String(PORT),
        CLUSTER_PROCESSES: '2',
        // Every process signs sessions and codes with the same secret (required with PostgreSQL).
        AUTH_SECRET: process.env.AUTH_SECRET ?? 'e2e-postgres-shared-secret-0123456789abcdef',
      },
    },
  ],
});
