/**
 * `npm run bench:feed-pull`: how long pulling a 50,000-car feed from its address takes (issue 18),
 * first as a new document (download, JSON parse, import) and then unchanged (a conditional
 * request answered 304: nothing downloaded, parsed or imported), and the process's peak memory.
 * The feed is served by a local HTTP server in this process, with an ETag and a Last-Modified,
 * as a dealer's system serves it. The database is a new SQLite file in a temp directory unless
 * DATABASE_URL names one (its stock is then replaced by the benchmark's cars).
 * FEED_BENCH_CARS sets the number of cars (default 50,000). Cars of the demo's shape are about
 * 3 KB each, so 50,000 of them make a document over the server's default FEED_MAX_MB of 100: the
 * benchmark lifts the limit unless FEED_MAX_MB is set, and says how large the document is.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateDemoFeed } from '../demo-data/generate-feed';
import { getValidators } from '../schemas/ajv';
import { migrateToLatest, openDatabase, redactUrl } from '../services/db/database';
import { feedLimits, pullFeed, summarisePull, type PullFeedOptions, type PullResult } from '../services/feeds';
import { startFeedServer } from '../services/feeds/test-feed-server';

const CARS = Number(process.env.FEED_BENCH_CARS ?? 50_000);
/** Conditional pulls measured after the import: their median is the figure to quote. */
const UNCHANGED_PULLS = 5;

/** The demo feed with its cars copied (new ids and slugs) up to `count`. */
function feedOf(count: number) {
  const demo = generateDemoFeed({ now: new Date('2026-01-01T00:00:00Z') });
  const cars = Array.from({ length: count }, (_, i) => {
    const source = demo.cars[i % demo.cars.length]!;
    const copy = Math.floor(i / demo.cars.length);
    return { ...source, id: source.id + copy * 1_000_000, slug: `${source.slug}-${copy}` };
  });
  return { ...demo, cars };
}

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** Runs `work`, sampling the resident set every 10 ms: the peak during it. */
async function withPeakRss<T>(work: () => Promise<T>): Promise<{ value: T; peak: number }> {
  let peak = process.memoryUsage.rss();
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 10);
  try {
    const value = await work();
    return { value, peak: Math.max(peak, process.memoryUsage.rss()) };
  } finally {
    clearInterval(sampler);
  }
}

function check(result: PullResult, outcome: PullResult['outcome']): void {
  if (result.outcome !== outcome)
    throw new Error(`expected ${outcome}, got ${summarisePull(result)}\n${JSON.stringify(result.issues?.slice(0, 3))}`);
}

async function main(): Promise<void> {
  const scratch = process.env.DATABASE_URL ? undefined : mkdtempSync(join(tmpdir(), 'bench-feed-pull-'));
  const url = process.env.DATABASE_URL || `file:${join(scratch ?? '', 'bench.db')}`;
  const db = openDatabase(url);
  const server = await startFeedServer();
  try {
    await migrateToLatest(db);
    getValidators(); // compiled once, as a running server has by its first pull
    server.setFeed(feedOf(CARS));
    const baseline = process.memoryUsage.rss();
    console.log(
      `Pulling a ${CARS.toLocaleString('en-AU')}-car feed from a local HTTP server into ${redactUrl(url)} (one run on this machine; resident memory before the pulls ${mb(baseline)}, the served document included)`,
    );
    // The benchmark's own feed replaces whatever stock the database had: a pull by address with replace.
    const options: PullFeedOptions = {
      url: server.url,
      replace: true,
      ...(process.env.FEED_MAX_MB ? {} : { limits: { maxBytes: Number.MAX_SAFE_INTEGER } }),
    };
    const first = await withPeakRss(() => pullFeed(db, options));
    check(first.value, 'imported');
    const bytes = first.value.bytes ?? 0;
    const over =
      bytes > feedLimits({}).maxBytes
        ? ` (over the server's default FEED_MAX_MB of ${mb(feedLimits({}).maxBytes)})`
        : '';
    console.log(
      `  new feed   ${String(first.value.ms).padStart(7)} ms  ${mb(bytes)}${over} downloaded, parsed, imported; peak RSS ${mb(first.peak)}`,
    );
    const unchanged: number[] = [];
    let peak = 0;
    for (let i = 0; i < UNCHANGED_PULLS; i++) {
      const pulled = await withPeakRss(() => pullFeed(db, options));
      check(pulled.value, 'unchanged');
      unchanged.push(pulled.value.ms);
      peak = Math.max(peak, pulled.peak);
    }
    const sorted = [...unchanged].sort((a, b) => a - b);
    console.log(
      `  unchanged  ${String(sorted[Math.floor(sorted.length / 2)]).padStart(7)} ms  median of ${UNCHANGED_PULLS} conditional pulls answered 304 (${unchanged.join(', ')} ms); peak RSS ${mb(peak)}`,
    );
    console.log(`  process peak RSS ${mb(process.resourceUsage().maxRSS * 1024)}`);
  } finally {
    await server.close();
    await db.destroy();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
