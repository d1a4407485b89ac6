/**
 * `npm run bench:page-weight`: the JavaScript each key page loads in Debian's Chromium (every
 * script the page fetches until the network is idle, gzipped as served) and its HTML size. Uses the
 * existing production build (`npm run build` first) and the database named by DATABASE_URL; starts
 * the platform's server (`npm start`) on a spare port.
 */
import { CHROMIUM_LAUNCH } from './chromium';
import { serveCommand } from './support/server';
import {
  JS_BUDGET_KB,
  firstCarPath,
  firstLocationPath,
  firstModelPath,
  pageScripts,
  type BudgetedPage,
} from '../e2e/support/page-weight';
import { chromium } from '@playwright/test';
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';

const PORT = Number(process.env.BENCH_PORT ?? 3302);
/** Issue 19: no page over 60 KB of raw HTML. */
const HTML_TARGET_KB = 60;

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
  const pages: Array<[string, string, BudgetedPage?]> = [];
  pages.push(
    ['southern-cross-motors', '/search/used-cars', 'search'],
    ['southern-cross-motors', `/cars/${car}`, 'vehicle'],
    ['southern-cross-motors', '/contact'],
    ['southern-cross-motors', '/dealer-locator', 'location'],
    ['southern-cross-motors', '/finance'],
    ['southern-cross-motors', '/sign-in?type=watchlist'],
    ['southern-cross-motors', '/cars/trade-in'],
    ['harbour-city-mazda', '/models', 'model'],
    ['harbour-city-mazda', '/special-offers'],
  );
  const server = spawn(process.execPath, serveCommand(PORT), {
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ALLOW_LOCALHOST_TENANTS: '1' },
    stdio: 'ignore',
    detached: true,
  });
  try {
    await waitForServer();
    for (const slug of ['southern-cross-motors', 'harbour-city-mazda', 'ridgeline-motorcycles']) {
      const search = '/search/new-used-and-demo-cars';
      const listed = firstCarPath((await get(slug, search)).body.toString('utf8'));
      const location = firstLocationPath((await get(slug, '/dealer-locator')).body.toString('utf8'));
      const model = firstModelPath((await get(slug, '/models')).body.toString('utf8'));
      pages.push(
        [slug, '/', 'home'],
        [slug, search, 'search'],
        ...(listed ? [[slug, listed, 'vehicle'] as [string, string, BudgetedPage]] : []),
        ...(location ? [[slug, location, 'location'] as [string, string, BudgetedPage]] : []),
        ...(model ? [[slug, model, 'model'] as [string, string, BudgetedPage]] : []),
      );
    }
    const browser = await chromium.launch(CHROMIUM_LAUNCH);
    console.log(
      `${'site page'.padEnd(62)} status  HTML raw  HTML gz   JS gz  budget  scripts  (KB; HTML target ${HTML_TARGET_KB} KB raw)`,
    );
    for (const [host, path, kind] of pages) {
      const context = await browser.newContext();
      const html = await get(host, path);
      const { kb, scripts } = await pageScripts(await context.newPage(), `http://${host}.localhost:${PORT}${path}`);
      const label = `${host} ${path}`;
      const budget = kind ? JS_BUDGET_KB[kind] : undefined;
      console.log(
        [
          (label.length > 62 ? `${label.slice(0, 59)}...` : label).padEnd(62),
          String(html.status).padStart(6),
          (html.body.length / 1024).toFixed(1).padStart(9),
          (gzipSync(html.body).length / 1024).toFixed(1).padStart(8),
          kb.toFixed(1).padStart(7),
          (budget ? String(budget) : '-').padStart(7),
          String(scripts.size).padStart(8),
          budget && kb > budget ? '  OVER BUDGET' : '',
        ].join(' '),
      );
      await context.close();
    }
    await browser.close();
  } finally {
    if (server.pid) process.kill(-server.pid);
  }
}

void main();
