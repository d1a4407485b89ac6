import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getDatabase } from '../../services/db/database';
import { freshDatabaseUrl } from '../../services/db/test-database';
import { pullFeed } from '../../services/feeds/feed-pull';
import { startFeedServer, type FeedServer } from '../../services/feeds/test-feed-server';
import { importFeed } from '../../services/stock/import-feed';
import { GET } from './route';

// Issue 18: /healthz says which dealerships' feeds are failing and since when, and nothing of
// their addresses (which may carry credentials) or of the reasons (which name hosts and ports).

let server: FeedServer;
beforeAll(async () => {
  process.env.DATABASE_URL = await freshDatabaseUrl();
  server = await startFeedServer();
});
afterAll(async () => {
  await server.close();
  await (await getDatabase()).destroy();
});

describe('/healthz feeds', () => {
  it('counts the feeds and names the failing ones by dealership id and time only', async () => {
    const db = await getDatabase();
    const address = new URL(server.url);
    address.username = 'dealer';
    address.password = 's3cret';
    const imported = await importFeed(
      db,
      {
        dealerships: [
          { id: 1, slug: 'harbour-motors', name: 'Harbour Motors', feed: { url: address.href, every: '1h' } },
          { id: 2, slug: 'bay-cars', name: 'Bay Cars' },
        ],
      },
      { file: 'dealerships.json' },
    );
    expect(imported.ok).toBe(true);
    server.answerWith((_request, response) => response.writeHead(502, 'Bad Gateway').end());
    const started = new Date();
    await pullFeed(db, { url: address.href, dealershipId: 1, replace: true, now: () => started });

    const response = await GET();
    expect(response.headers.get('cache-control')).toBe('no-store');
    const text = await response.text();
    const body = JSON.parse(text) as { ok: boolean; feeds: unknown };
    expect(body.ok).toBe(true);
    expect(body.feeds).toEqual({
      configured: 1,
      failing: 1,
      overdue: 0,
      misconfigured: 0,
      failingFeeds: [{ dealershipId: 1, since: started.toISOString(), failures: 1 }],
    });
    for (const secret of ['s3cret', 'dealer:', '127.0.0.1', String(address.port), '502', 'Bad Gateway'])
      expect(text, secret).not.toContain(secret);
  });

  it('answers without the feed state when the database cannot be read, and logs why', async () => {
    const url = process.env.DATABASE_URL;
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    process.env.DATABASE_URL = 'unreachable://nowhere';
    try {
      const body = (await (await GET()).json()) as { feeds: unknown };
      expect(body.feeds).toEqual({ error: 'feed state unavailable' });
      expect(logged).toHaveBeenCalledWith('/healthz: reading the feed pull log failed', expect.any(Error));
    } finally {
      process.env.DATABASE_URL = url;
      logged.mockRestore();
    }
  });
});
