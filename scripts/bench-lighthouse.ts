/**
 * `npm run bench:lighthouse`: Lighthouse (mobile, simulated throttling: its default config) in
 * Debian's Chromium on five key pages of every demo tenant (home, search, a vehicle page, a location
 * page, a model page), three runs each, printing the medians beside the issue-19 targets.
 *
 * Uses the existing production build (`npm run build` first) and the database named by DATABASE_URL
 * (seeded with `npm run seed`); starts the platform's server (`npm start`) on a spare port. The pages are the ones each site
 * links itself: the search page of all its stock, the first car on it, the first
 * location on /dealer-locator and the first model on /models.
 *
 * `-- --against <dir>` also serves another checkout's build (for example a clone of main, built) from
 * the same database and runs every page on both in turn, so a before/after comparison comes from one
 * run on this noisy machine rather than from two runs at different times. `-- --runs N` changes the
 * number of runs per page; `-- --tenant <slug>` limits the run to one site.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { basename, resolve } from 'node:path';
import lighthouse from 'lighthouse';
import { launch } from 'chrome-launcher';
import { CHROMIUM_LAUNCH } from './chromium';
import { serveCommand } from './support/server';
import { loadTenantRegistry } from '../engine/tenant-registry';

/** The Lighthouse version installed (printed with the results). */
const lighthouseVersion = (
  JSON.parse(readFileSync('node_modules/lighthouse/package.json', 'utf8')) as { version: string }
).version;

const TARGETS = { performance: 95, lcpMs: 2000, tbtMs: 150, cls: 0.02 };
const PAGE_KINDS = ['home', 'search', 'vehicle', 'location', 'model'] as const;
type PageKind = (typeof PAGE_KINDS)[number];

interface Build {
  label: string;
  dir: string;
  port: number;
  server?: ChildProcess;
}

interface Measure {
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsKb: number;
}

function argValue(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
}

function get(port: number, host: string, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolvePromise, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host: `${host}.localhost:${port}` } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolvePromise({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

async function start(build: Build): Promise<void> {
  build.server = spawn(process.execPath, serveCommand(build.port, build.dir), {
    cwd: build.dir,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ALLOW_LOCALHOST_TENANTS: '1' },
    stdio: 'ignore',
    detached: true,
  });
  for (let i = 0; i < 200; i++) {
    try {
      if ((await get(build.port, 'health', '/healthz')).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`the server in ${build.dir} did not start`);
}

/** The first link on a page whose path matches, as the site itself renders it. */
function firstLink(html: string, pattern: RegExp): string | undefined {
  for (const match of html.matchAll(/href="(\/[^"#?]*)(?:\?[^"]*)?"/g)) {
    const path = match[1] ?? '';
    if (pattern.test(path)) return path;
  }
  return undefined;
}

/** Home, search, vehicle, location and model pages as the site links them; a kind it does not offer is left out. */
async function discover(port: number, slug: string): Promise<Partial<Record<PageKind, string>>> {
  const pages: Partial<Record<PageKind, string>> = { home: '/' };
  // The search page of everything the site lists (a site's first search link may be a condition it has none of).
  pages.search = '/search/new-used-and-demo-cars';
  const search = await get(port, slug, pages.search);
  pages.vehicle = firstLink(search.body, /^\/cars\/(?!trade-in$)[^/]+$/);
  const locator = await get(port, slug, '/dealer-locator');
  if (locator.status === 200) pages.location = firstLink(locator.body, /^\/locations\/[^/]+$/);
  const models = await get(port, slug, '/models');
  if (models.status === 200) pages.model = firstLink(models.body, /^\/models\/(?!order-now$)[^/]+$/);
  return pages;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

async function audit(port: number, url: string): Promise<Measure> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const summary = (
    lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] }
  )?.items;
  const script = summary?.find((item) => item.resourceType === 'script')?.transferSize ?? 0;
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    jsKb: script / 1024,
  };
}

function row(label: string, m: Measure): string {
  const ok =
    m.performance >= TARGETS.performance &&
    m.lcpMs <= TARGETS.lcpMs &&
    m.tbtMs <= TARGETS.tbtMs &&
    m.cls <= TARGETS.cls;
  return [
    label.padEnd(58),
    String(m.performance).padStart(4),
    m.lcpMs.toFixed(0).padStart(7),
    m.tbtMs.toFixed(0).padStart(6),
    m.cls.toFixed(3).padStart(6),
    m.jsKb.toFixed(0).padStart(6),
    ok ? '  meets' : '  MISSES',
  ].join(' ');
}

async function main(): Promise<void> {
  const runs = Number(argValue('--runs') ?? 3);
  const only = argValue('--tenant');
  const against = argValue('--against');
  const builds: Build[] = [{ label: 'this', dir: process.cwd(), port: Number(process.env.BENCH_PORT ?? 3310) }];
  if (against) builds.push({ label: basename(resolve(against)), dir: resolve(against), port: builds[0]!.port + 1 });
  const slugs = [...loadTenantRegistry().tenants.values()]
    .filter((entry) => entry.ok && (!only || entry.slug === only))
    .map((entry) => entry.slug)
    .sort();
  const chrome = await launch({
    chromePath: CHROMIUM_LAUNCH.executablePath,
    chromeFlags: ['--headless=new', ...CHROMIUM_LAUNCH.args],
  });
  try {
    for (const build of builds) await start(build);
    console.log(
      `Lighthouse ${lighthouseVersion} mobile (simulated throttling), median of ${runs} runs per page. Targets: performance >= ${TARGETS.performance}, LCP <= ${TARGETS.lcpMs} ms, TBT <= ${TARGETS.tbtMs} ms, CLS <= ${TARGETS.cls}.`,
    );
    console.log(`${'build / site / page'.padEnd(58)} perf  LCP ms TBT ms    CLS  JS KB`);
    let misses = 0;
    for (const slug of slugs) {
      const pages = await discover(builds[0]!.port, slug);
      for (const kind of PAGE_KINDS) {
        const path = pages[kind];
        if (!path) {
          console.log(`${`${slug} ${kind}`.padEnd(58)} (the site links no ${kind} page)`);
          continue;
        }
        // A first request renders a page the cache does not hold yet; Lighthouse measures the page as shoppers get it.
        for (const build of builds) await get(build.port, slug, path);
        const measures = new Map<string, Measure[]>(builds.map((b) => [b.label, []]));
        // Interleaved, so the builds share whatever else the machine is doing.
        for (let i = 0; i < runs; i++)
          for (const build of builds)
            measures.get(build.label)!.push(await audit(chrome.port, `http://${slug}.localhost:${build.port}${path}`));
        for (const build of builds) {
          const all = measures.get(build.label)!;
          const m: Measure = {
            performance: median(all.map((x) => x.performance)),
            lcpMs: median(all.map((x) => x.lcpMs)),
            tbtMs: median(all.map((x) => x.tbtMs)),
            cls: median(all.map((x) => x.cls)),
            jsKb: median(all.map((x) => x.jsKb)),
          };
          const line = row(`${builds.length > 1 ? `${build.label} ` : ''}${slug} ${kind} ${path}`, m);
          if (build === builds[0] && line.endsWith('MISSES')) misses++;
          console.log(line);
        }
      }
    }
    console.log(misses ? `${misses} page(s) miss a target.` : 'Every page meets the targets.');
  } finally {
    await chrome.kill();
    for (const build of builds) if (build.server?.pid) process.kill(-build.server.pid, 'SIGTERM');
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
