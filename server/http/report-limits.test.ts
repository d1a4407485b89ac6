import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getDatabase } from '../../services/db/database';
import { freshDatabaseUrl } from '../../services/db/test-database';
import { reportAllowed } from './report-limits';

// The limits count in the process-wide database (issue 17): a new one for this file.
beforeAll(async () => {
  process.env.DATABASE_URL = await freshDatabaseUrl();
});
afterAll(async () => {
  await (await getDatabase()).destroy();
});

describe('report downloads are limited per address and site', () => {
  it('allows 10 PPSR reports an hour and 30 analyses in ten minutes, each counted on its own', async () => {
    const t = 1_767_225_600_000;
    for (let i = 0; i < 10; i++) expect(await reportAllowed('ppsr', 'site-a', '203.0.113.1', t + i)).toBe(true);
    expect(await reportAllowed('ppsr', 'site-a', '203.0.113.1', t + 59 * 60_000)).toBe(false);
    expect(await reportAllowed('ppsr', 'site-b', '203.0.113.1', t)).toBe(true);
    expect(await reportAllowed('ppsr', 'site-a', '203.0.113.2', t)).toBe(true);
    expect(await reportAllowed('ppsr', 'site-a', '203.0.113.1', t + 60 * 60_000)).toBe(true);

    for (let i = 0; i < 30; i++) expect(await reportAllowed('analysis', 'site-a', '203.0.113.1', t)).toBe(true);
    expect(await reportAllowed('analysis', 'site-a', '203.0.113.1', t)).toBe(false);
    expect(await reportAllowed('analysis', 'site-a', '203.0.113.1', t + 10 * 60_000)).toBe(true);
  });

  it('lets the download through, logged, when the database cannot count it', async () => {
    const url = process.env.DATABASE_URL;
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    process.env.DATABASE_URL = 'unreachable://nowhere';
    try {
      expect(await reportAllowed('ppsr', 'site-a', '203.0.113.1')).toBe(true);
      expect(logged).toHaveBeenCalledOnce();
    } finally {
      process.env.DATABASE_URL = url;
      logged.mockRestore();
    }
  });
});
