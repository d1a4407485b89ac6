/**
 * `npm run bench:page-weight`: the JavaScript each key page loads in Debian's Chromium (every
 * script the page fetches until the network is idle, gzipped as served) and its HTML size. Uses the
 * existing production build (`npm run build` first) and the database named by DATABASE_URL; starts
 * `next start` on a spare port.
 */
import { CHROMIUM_LAUNCH } from './chromium';
import { chromium } from '@playwright/test';
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';

const PORT = Number(process.env.BENCH_PORT ?? 3302);

function get(host: string, path: string): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: PORT, path, headers: { host: `${host}.localhost:${PORT}` } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function waitForServer(): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await get('health', '/healthz')).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error('the server did not start');
}

async function main(): Promise<void> {
  const feed = JSON.parse(readFileSync('data/demo-feed.json', 'utf8')) as {
    cars: { slug: string; dealership_id: number; status: string; spin_images?: string[] }[];
  };
  const car =
    feed.cars.find(
      (c) =>
        [2, 3, 4, 5, 6].includes(c.dealership_id) &&
        c.status === 'in_stock' &&
        c.spin_images &&
        (c as { show_on_dealer_website?: boolean }).show_on_dealer_website !== false,
    )?.slug ?? '';
  const pages: Array<[string, string]> = [
    ['southern-cross-motors', '/'],
    ['southern-cross-motors', '/search/used-cars'],
    ['southern-cross-motors', `/cars/${car}`],
    ['southern-cross-motors', '/contact'],
    ['southern-cross-motors', '/dealer-locator'],
    ['southern-cross-motors', '/finance'],
    ['southern-cross-motors', '/sign-in?type=watchlist'],
    ['harbour-city-mazda', '/models'],
    ['harbour-city-mazda', '/models/mazda-cx-5'],
    ['harbour-city-mazda', '/special-offers'],
  ];
  const server = spawn('npx', ['next', 'start', '-p', String(PORT)], {
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ALLOW_LOCALHOST_TENANTS: '1' },
    stdio: 'ignore',
    detached: true,
  });
  try {
    await waitForServer();
    const browser = await chromium.launch(CHROMIUM_LAUNCH);
    console.log('page                                   status  HTML gzip   JS gzip  scripts');
    for (const [host, path] of pages) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const scripts = new Map<string, number>();
      page.on('response', (response) => {
        if (response.request().resourceType() !== 'script') return;
        void response
          .body()
          .then((body) => scripts.set(response.url(), gzipSync(body).length))
          .catch(() => undefined);
      });
      const html = await get(host, path);
      await page.goto(`http://${host}.localhost:${PORT}${path}`, { waitUntil: 'networkidle' });
      await page.waitForTimeout(500);
      const js = [...scripts.values()].reduce((a, b) => a + b, 0);
      const label = path.length > 38 ? `${path.slice(0, 35)}...` : path;
      console.log(
        `${label.padEnd(38)} ${String(html.status).padStart(6)} ${(gzipSync(html.body).length / 1024).toFixed(1).padStart(7)} KB ${(js / 1024).toFixed(1).padStart(7)} KB ${String(scripts.size).padStart(8)}`,
      );
      await context.close();
    }
    await browser.close();
  } finally {
    if (server.pid) process.kill(-server.pid);
  }
}

void main();
