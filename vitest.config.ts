import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./', import.meta.url)) } },
  test: {
    include: ['{engine,blocks,domain,services,scripts,schemas}/**/*.test.{ts,tsx}', 'proxy.test.ts'],
    environment: 'node',
    pool: 'forks',
  },
});
