import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';

type WebServer = Extract<NonNullable<PlaywrightTestConfig['webServer']>, { command: string }>;
import { CHROMIUM_LAUNCH } from './scripts/chromium';
import { SERVER_NODE_FLAGS } from './scripts/serve-options.mjs';

const PORT = Number(process.env.E2E_PORT ?? 3100);

/** What every platform process of a browser run gets (one process here, two in the PostgreSQL run). */
export const E2E_SERVER_ENV: Record<string, string> = {
  NEXT_TELEMETRY_DISABLED: '1',
  // The tests address the demo sites as <slug>.localhost, which production refuses.
  ALLOW_LOCALHOST_TENANTS: '1',
  DATABASE_URL: process.env.DATABASE_URL ?? 'file:data/test/platform.db',
  TENANTS_DIR: 'test-results/extra-tenants',
  // Many form posts come from one address in a test run; the limit itself is unit-tested.
  LEAD_RATE_LIMIT: '500',
  LEADS_MAIL_DIR: 'test-results/mail',
  PPSR_URL: 'http://127.0.0.1:3199/search',
  // Sign-in codes are read from here by the tests (the embedded sender also logs them).
  AUTH_MESSAGES_DIR: 'test-results/account-messages',
  ACCOUNT_CODES_IN_LOG: '1',
  // Every sign-in of the run comes from one address; the limits themselves are unit-tested.
  AUTH_RATE_LIMIT_SCALE: '20',
  // The dealer image host of the remote-photo tests (IMAGE_SERVER below): a loopback address only
  // the platform's list may name. Its resized photos are kept with the run's other output.
  IMAGE_HOSTS: '127.0.0.1:3198',
  IMAGE_CACHE_DIR: 'test-results/image-cache',
  // Every picture a browser run asks for comes from one address; the optimiser's per-client limit is unit-tested.
  IMAGE_MEMORY_CACHE_MISSES_PER_MINUTE: '100000',
};

/** A stand-in for the paid PPSR register, so the PPSR download can be tested end to end. */
export const PPSR_STUB: WebServer = {
  command: 'node e2e/support/ppsr-stub.mjs',
  url: 'http://127.0.0.1:3199/health',
  reuseExistingServer: false,
  timeout: 30_000,
};

/** A dealer's image host on this machine, so feed photos on another host are tested end to end (issue 18). */
export const IMAGE_SERVER: WebServer = {
  command: 'node e2e/support/image-server.mjs',
  url: 'http://127.0.0.1:3198/health',
  reuseExistingServer: false,
  timeout: 30_000,
};

export const E2E_SHARED: PlaywrightTestConfig = {
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  reporter: [['list']],
  use: {
    launchOptions: CHROMIUM_LAUNCH,
  },
};

// Browser tests drive Debian's Chromium against one production build (npm test builds it once).
export default defineConfig({
  ...E2E_SHARED,
  webServer: [
    PPSR_STUB,
    IMAGE_SERVER,
    {
      command: `node ${SERVER_NODE_FLAGS.join(' ')} scripts/serve.mjs -p ${PORT}`,
      url: `http://127.0.0.1:${PORT}/readyz`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: E2E_SERVER_ENV,
    },
  ],
});
