import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getDatabase } from '../../services/db/database';
import { freshDatabaseUrl } from '../../services/db/test-database';
import { PHONE_REVEALS_PER_WINDOW, phoneRevealAllowed, VIEW_WINDOW_MS, viewCounts } from './interaction-limits';

// The limits count in the process-wide database (issue 17): a new one for this file.
beforeAll(async () => {
  process.env.DATABASE_URL = await freshDatabaseUrl();
});
afterAll(async () => {
  await (await getDatabase()).destroy();
});

// Issue 14: view counts and phone reveals could be inflated by one caller.
describe('vehicle page interactions are limited per address', () => {
  it('counts one view per address per car in 30 minutes', async () => {
    const t = 1_000_000;
    expect(await viewCounts('site-a', '203.0.113.1', 7, t)).toBe(true);
    expect(await viewCounts('site-a', '203.0.113.1', 7, t + 60_000)).toBe(false);
    expect(await viewCounts('site-a', '203.0.113.1', 8, t + 60_000)).toBe(true);
    expect(await viewCounts('site-a', '203.0.113.2', 7, t + 60_000)).toBe(true);
    expect(await viewCounts('site-b', '203.0.113.1', 7, t + 60_000)).toBe(true);
    expect(await viewCounts('site-a', '203.0.113.1', 7, t + VIEW_WINDOW_MS)).toBe(true);
  });

  it(`lets ${PHONE_REVEALS_PER_WINDOW} phone reveals through per address, then refuses`, async () => {
    const t = 5_000_000;
    for (let i = 0; i < PHONE_REVEALS_PER_WINDOW; i++)
      expect(await phoneRevealAllowed('site-a', '198.51.100.9', t)).toBe(true);
    expect(await phoneRevealAllowed('site-a', '198.51.100.9', t)).toBe(false);
    expect(await phoneRevealAllowed('site-a', '198.51.100.10', t)).toBe(true);
  });

  // Issue 17: what a database failure means for each.
  it('without the database, does not count the view but lets the phone reveal through', async () => {
    const url = process.env.DATABASE_URL;
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    process.env.DATABASE_URL = 'unreachable://nowhere';
    try {
      expect(await viewCounts('site-a', '203.0.113.50', 7)).toBe(false);
      expect(await phoneRevealAllowed('site-a', '203.0.113.50')).toBe(true);
      expect(logged).toHaveBeenCalledTimes(2);
    } finally {
      process.env.DATABASE_URL = url;
      logged.mockRestore();
    }
  });
});
