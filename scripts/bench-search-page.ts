/**
 * `npm run bench:search-page`: the search page's server response time under 20 concurrent
 * requests. Uses the existing production build (`npm run build` first) and the database named by
 * DATABASE_URL (seeded with `npm run seed`); starts `next start` on a spare port, warms up, then
 * sends 400 requests for a mix of search URLs, 20 at a time, and prints p50/p95/p99.
 */
import { spawn } from 'node:child_process';
import { request } from 'node:http';

const PORT = Number(process.env.BENCH_PORT ?? 3300);
const CONCURRENCY = 20;
const TOTAL = 400;
const PATHS = [
  ['southern-cross-motors', '/search/used-cars'],
  ['southern-cross-motors', '/search/toyota'],
  ['southern-cross-motors', '/search/used-cars?refinementList[simple_body][0]=SUV&sortBy=lowestPrice'],
  ['southern-cross-motors', '/search/used-cars?range[price]=15000:40000&page=2'],
  ['southern-cross-motors', '/search/new-used-and-demo-cars?query=ford%20ranger'],
  ['harbour-city-mazda', '/search/new-cars'],
  ['harbour-city-mazda', '/search/mazda/cx-5'],
  ['harbour-city-mazda', '/search/new-used-and-demo-cars?refinementList[simple_fuel][0]=Hybrid'],
] as const;

function get(host: string, path: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: PORT, path, headers: { host: `${host}.localhost:${PORT}` } },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function waitForServer(): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      const { status } = await get('health', '/healthz');
      if (status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error('the server did not start');
}

async function main(): Promise<void> {
  const server = spawn('npx', ['next', 'start', '-p', String(PORT)], {
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ALLOW_LOCALHOST_TENANTS: '1' },
    stdio: 'ignore',
    detached: true,
  });
  try {
    await waitForServer();
    for (const [host, path] of PATHS) for (let i = 0; i < 3; i++) await get(host, path);
    const times: number[] = [];
    let failures = 0;
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < TOTAL) {
          const [host, path] = PATHS[next++ % PATHS.length] as (typeof PATHS)[number];
          const { status, ms } = await get(host, path);
          if (status !== 200) failures++;
          times.push(ms);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    times.sort((a, b) => a - b);
    const p = (q: number) => (times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? NaN).toFixed(0);
    console.log(
      `search page, ${TOTAL} requests, ${CONCURRENCY} concurrent: p50 ${p(0.5)} ms, p95 ${p(0.95)} ms, p99 ${p(0.99)} ms, ${(TOTAL / seconds).toFixed(1)} requests/s, ${failures} non-200`,
    );
    if (failures) process.exitCode = 1;
  } finally {
    if (server.pid) process.kill(-server.pid, 'SIGTERM');
  }
}

void main();
