/**
 * The image route's budget of uncached photos per client address (issue 18 review), counted in
 * the platform database with the shared rate limit, so every process counts together.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlatformDb } from '../db/database';
import { openTestDatabase } from '../db/test-database';
import { SharedRateLimit } from '../rate-limit';
import { PHOTO_CACHE_CONTROL, PhotoProxy } from './photo-proxy';

let server: Server;
let origin = '';
let fetches = 0;

beforeAll(async () => {
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3060a0' } })
    .jpeg()
    .toBuffer();
  server = createServer((_request, response) => {
    fetches++;
    response.writeHead(200, { 'content-type': 'image/jpeg' });
    response.end(photo);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

let dir = '';
let db: PlatformDb;
let clock = 0;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'photo-budget-'));
  db = await openTestDatabase();
  clock = Date.UTC(2025, 0, 6, 9, 0, 0);
});

afterEach(async () => {
  vi.restoreAllMocks();
  rmSync(dir, { recursive: true, force: true });
  await db.destroy();
});

const BUDGET = 3;

/** One process of the platform; processes made with the same database share the budget. */
function proxy(budget = new SharedRateLimit('photo-misses', BUDGET, 60_000, { db })) {
  return new PhotoProxy({
    platformHosts: new URL(origin).host,
    cacheDir: join(dir, 'cache'),
    cacheMaxBytes: 50 * 1024 * 1024,
    publicDir: join(dir, 'public'),
    missBudget: budget,
    log: () => undefined,
    now: () => clock,
  });
}

const ask = (p: PhotoProxy, path: string, client: string | null) =>
  p.respond({ url: `${origin}${path}`, width: '256', body: 'suv', accept: 'image/webp', tenantHosts: [], client });

async function kind(response: Response): Promise<string> {
  expect(response.status).toBe(200);
  const type = response.headers.get('content-type') ?? '';
  await response.arrayBuffer();
  return `${type.startsWith('image/svg') ? 'placeholder' : type} ${response.headers.get('cache-control')}`;
}

const PHOTO = `image/webp ${PHOTO_CACHE_CONTROL}`;
const REFUSED = 'placeholder no-store';

describe('the budget of uncached photos per address (issue 18 review)', () => {
  it('answers the placeholder, not kept, past the budget, while cached photos and other addresses are served', async () => {
    const [one, two] = [proxy(), proxy()];
    const shopper = '203.0.113.7';
    const before = fetches;
    // Three new photos, made by two processes: one budget.
    expect(await kind(await ask(one, '/a.jpg?bust=1', shopper))).toBe(PHOTO);
    expect(await kind(await ask(two, '/a.jpg?bust=2', shopper))).toBe(PHOTO);
    expect(await kind(await ask(one, '/a.jpg?bust=3', shopper))).toBe(PHOTO);
    expect(await kind(await ask(two, '/a.jpg?bust=4', shopper))).toBe(REFUSED);
    expect(fetches - before).toBe(BUDGET);
    // A photo already made is served whatever the budget says.
    expect(await kind(await ask(two, '/a.jpg?bust=1', shopper))).toBe(PHOTO);
    // Another address has a budget of its own.
    expect(await kind(await ask(one, '/a.jpg?bust=4', '198.51.100.2'))).toBe(PHOTO);
    // The refused photo was not remembered as failed: the next minute it comes.
    clock += 60_001;
    expect(await kind(await ask(two, '/a.jpg?bust=5', shopper))).toBe(PHOTO);
    expect(fetches - before).toBe(BUDGET + 2);
  });

  it('counts requests without an address together', async () => {
    const p = proxy();
    for (let i = 0; i < BUDGET; i++) expect(await kind(await ask(p, `/b.jpg?n=${i}`, null))).toBe(PHOTO);
    expect(await kind(await ask(p, '/b.jpg?n=x', null))).toBe(REFUSED);
  });

  it('lets photos through when the count cannot be kept, rather than blank every new photo', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const closed = await openTestDatabase();
    await closed.destroy();
    const p = proxy(new SharedRateLimit('photo-misses', 1, 60_000, { db: closed }));
    for (let i = 0; i < 3; i++) expect(await kind(await ask(p, `/c.jpg?n=${i}`, '203.0.113.9'))).toBe(PHOTO);
    expect(console.error).toHaveBeenCalled();
  });
});
