/**
 * `npm run bench:import`: how long importing a 50,000-car feed takes on each database, measured in
 * one run (issue 17: "large feeds use batched inserts (measure 50,000 cars)"). SQLite writes in
 * short chunked transactions (issue 14); PostgreSQL in one transaction of multi-row batches. Each
 * feed is imported twice: into an empty database (all inserts) and again with every price
 * changed (all updates), then once more unchanged (issue 18's report compares every record). PostgreSQL
 * runs with its default durability (fsync on), unlike the tests. Memory: the process's peak resident
 * size while the import runs, sampled every 20 ms, beside what it was before (the feed itself, parsed,
 * is already in memory then, as it is for `npm run import`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateDemoFeed } from '../demo-data/generate-feed';
import { getValidators } from '../schemas/ajv';
import { migrateToLatest, openDatabase } from '../services/db/database';
import { importFeed } from '../services/stock/import-feed';
import { StockRepository } from '../services/stock/stock-repository';
import { postgresBinDir, startPostgres } from './support/postgres-server';

const CARS = Number(process.env.BENCH_IMPORT_CARS ?? 50_000);

function feedOf(count: number, priceDelta: number) {
  const demo = generateDemoFeed({ now: new Date('2026-01-01T00:00:00Z') });
  const cars = Array.from({ length: count }, (_, i) => {
    const source = demo.cars[i % demo.cars.length]!;
    const copy = Math.floor(i / demo.cars.length);
    return {
      ...source,
      id: source.id + copy * 1_000_000,
      slug: `${source.slug}-${copy}`,
      price: source.price + priceDelta,
    };
  });
  return { ...demo, cars };
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

async function measure(label: string, url: string): Promise<void> {
  const db = openDatabase(url);
  await migrateToLatest(db);
  for (const [pass, delta] of [
    ['insert', 0],
    ['update', 100],
    ['same', 100],
  ] as const) {
    const feed = feedOf(CARS, delta);
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const started = performance.now();
    const result = await importFeed(db, feed, { file: `bench-${pass}.json`, replace: true });
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    if (!result.ok) throw new Error(`${label}: the import failed: ${JSON.stringify(result.issues.slice(0, 3))}`);
    const stored = (await new StockRepository(db).counts()).cars;
    console.log(
      `  ${label.padEnd(10)} ${pass.padEnd(6)} ${CARS.toLocaleString('en-AU')} cars in ${seconds.toFixed(1)} s = ${Math.round(CARS / seconds).toLocaleString('en-AU')} cars/s (${stored.toLocaleString('en-AU')} listed after; ` +
        `created ${result.report.records.cars.created}, updated ${result.report.records.cars.updated}, unchanged ${result.report.records.cars.unchanged}); ` +
        `memory ${mb(before)} MB before, peak ${mb(peak)} MB (+${mb(peak - before)} MB)`,
    );
  }
  await db.destroy();
}

async function main(): Promise<void> {
  getValidators(); // compiled once, as the server has by its first import
  console.log(
    `Importing a ${CARS.toLocaleString('en-AU')}-car feed (validation, references and writing; one run on this machine)`,
  );
  const dir = mkdtempSync(join(tmpdir(), 'bench-import-'));
  try {
    await measure('SQLite', `file:${join(dir, 'bench.db')}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (!postgresBinDir()) {
    console.log('  PostgreSQL NOT MEASURED: no PostgreSQL server on this machine (bash scripts/ensure-postgres.sh).');
    return;
  }
  const server = await startPostgres({ throwaway: false });
  try {
    await measure('PostgreSQL', server.createDatabase('bench'));
  } finally {
    server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
