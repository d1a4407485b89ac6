import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./', import.meta.url)) } },
  test: {
    include: [
      '{app,engine,blocks,components,server,domain,services,scripts,schemas,demo-data,studio}/**/*.test.{ts,tsx}',
      'proxy.test.ts',
    ],
    environment: 'node',
    pool: 'forks',
    // Some tests start CLIs and build indexes; on a busy 2-core machine 5 s is too tight.
    testTimeout: 30_000,
  },
});
