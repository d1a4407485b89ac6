import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getDatabase } from '../../services/db/database';
import { freshDatabaseUrl } from '../../services/db/test-database';
import { pullFeed } from '../../services/feeds/feed-pull';
import { startFeedServer, type FeedServer } from '../../services/feeds/test-feed-server';
import { importFeed } from '../../services/stock/import-feed';
import { GET } from './route';

// Issue 18: /healthz says which dealerships' feeds are failing and since when, and nothing of
// their addresses (which may carry credentials) or of the reasons (which name hosts and ports).

// Issue 30 L8: the details go only to the holder of HEALTH_TOKEN; anyone else learns whether the
// server can serve, and nothing about the platform.
const TOKEN = 'health-token-for-the-tests-0123456789';
const withToken = () => new Request('http://any.example/healthz', { headers: { authorization: `Bearer ${TOKEN}` } });

let server: FeedServer;
beforeAll(async () => {
  process.env.DATABASE_URL = await freshDatabaseUrl();
  server = await startFeedServer();
});
afterEach(() => {
  vi.unstubAllEnvs();
});
afterAll(async () => {
  await server.close();
  await (await getDatabase()).destroy();
});

describe('/healthz for anyone (issue 30 L8)', () => {
  it('says only that the server is up: no tenant count, outbox, search or feeds, on any host', async () => {
    vi.stubEnv('HEALTH_TOKEN', TOKEN);
    const asked: Record<string, string>[] = [
      {},
      { 'x-forwarded-for': '203.0.113.9' },
      { authorization: 'Bearer wrong-token-wrong-token-wrong' },
      { authorization: TOKEN },
      { authorization: `Basic ${TOKEN}` },
    ];
    for (const headers of asked) {
      const response = await GET(new Request('http://www.dealer.example/healthz', { headers }));
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.json()).toEqual({ status: 'ok' });
    }
  });

  it('gives the details to no one when HEALTH_TOKEN is unset', async () => {
    vi.stubEnv('HEALTH_TOKEN', '');
    const response = await GET(new Request('http://127.0.0.1/healthz', { headers: { authorization: 'Bearer ' } }));
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 when the database cannot be read, and logs why', async () => {
    const url = process.env.DATABASE_URL;
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    process.env.DATABASE_URL = 'unreachable://nowhere';
    try {
      const response = await GET(new Request('http://www.dealer.example/healthz'));
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: 'unavailable' });
      expect(logged).toHaveBeenCalledWith('/healthz: the database cannot be read', expect.any(Error));
    } finally {
      process.env.DATABASE_URL = url;
      logged.mockRestore();
    }
  });
});

describe('/healthz feeds, with the health token', () => {
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

    vi.stubEnv('HEALTH_TOKEN', TOKEN);
    const response = await GET(withToken());
    expect(response.headers.get('cache-control')).toBe('no-store');
    const text = await response.text();
    const body = JSON.parse(text) as { status: string; ok: boolean; feeds: unknown; tenants: unknown };
    expect(body.status).toBe('ok');
    expect(body.ok).toBe(true);
    expect(body.tenants).toEqual(expect.objectContaining({ served: expect.any(Number) }));
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

  it('answers 503 without the feed state when the database cannot be read, and logs why', async () => {
    const url = process.env.DATABASE_URL;
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    process.env.DATABASE_URL = 'unreachable://nowhere';
    vi.stubEnv('HEALTH_TOKEN', TOKEN);
    try {
      const response = await GET(withToken());
      expect(response.status).toBe(503);
      const body = (await response.json()) as { status: string; feeds: unknown };
      expect(body.status).toBe('unavailable');
      expect(body.feeds).toEqual({ error: 'feed state unavailable' });
      expect(logged).toHaveBeenCalledWith('/healthz: reading the feed pull log failed', expect.any(Error));
    } finally {
      process.env.DATABASE_URL = url;
      logged.mockRestore();
    }
  });
});
