/**
 * `npm run bench:lighthouse`: Lighthouse (mobile, simulated throttling: its default config) in
 * Debian's Chromium on five key pages of every demo tenant (home, search, a vehicle page, a location
 * page, a model page), three runs each, printing the medians beside issue 34's targets, with each
 * page's LCP element and its four phases, and two floors measured in the same run: the page itself
 * with every script removed, and a bare App Router page (scripts/support/lighthouse-floors.ts).
 *
 * Uses the existing production build (`npm run build` first) and the database named by DATABASE_URL
 * (seeded with `npm run seed`); starts the platform's server (`npm start`) on a spare port. The pages are the ones each site
 * links itself: the search page of all its stock, the first car on it, the first
 * location on /dealer-locator and the first model on /models.
 *
 * `-- --against <dir>` also serves another checkout's build (for example a clone of main, built) from
 * the same database and runs every page on both in turn, so a before/after comparison comes from one
 * run on this noisy machine rather than from two runs at different times. `-- --runs N` changes the
 * number of runs per page; `-- --tenant <slug>` limits the run to one site, `-- --kind <kind>` to
 * one kind of page (home, search, vehicle, location, model).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request, type Server } from 'node:http';
import { basename, resolve } from 'node:path';
import lighthouse from 'lighthouse';
import { launch } from 'chrome-launcher';
import { CHROMIUM_LAUNCH } from './chromium';
import { serveCommand } from './support/server';
import { buildFrameworkFloor, startFrameworkFloor, startNoScriptProxy } from './support/lighthouse-floors';
import { loadTenantRegistry } from '../engine/tenant-registry';

/** The Lighthouse version installed (printed with the results). */
const lighthouseVersion = (
  JSON.parse(readFileSync('node_modules/lighthouse/package.json', 'utf8')) as { version: string }
).version;

/**
 * Issue 34's targets: the Core Web Vitals "good" line, and relative to the two floors measured in
 * the same run (scripts/support/lighthouse-floors.ts): LCP within 1.25 x the page's own
 * zero-JavaScript floor, JavaScript within the framework floor + 50 KB (+ 90 KB on a vehicle page).
 */
const TARGETS = { performance: 95, lcpMs: 2500, lcpOverFloor: 1.25, tbtMs: 150, cls: 0.02 };
const JS_OVER_FRAMEWORK_KB: Record<PageKind, number> = { home: 50, search: 50, location: 50, model: 50, vehicle: 90 };
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
  fcpMs: number;
  tbtMs: number;
  cls: number;
  jsKb: number;
  /** The LCP element (its snippet) and its four phases, ms (Lighthouse's LCP breakdown, observed). */
  lcpElement: string;
  phases: { ttfb: number; loadDelay: number; loadTime: number; renderDelay: number };
  /** Lighthouse's measure of this machine's CPU (lhr.environment.benchmarkIndex) during the run. */
  benchmarkIndex: number;
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

async function waitFor(port: number, path: string, what: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await get(port, 'health', path)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${what} did not start`);
}

/** DATABASE_URL as this checkout names it, so another checkout's build reads the same database. */
function sharedDatabaseUrl(): string | undefined {
  const url = process.env.DATABASE_URL;
  if (!url?.startsWith('file:') || url.startsWith('file:/')) return url;
  return `file:${resolve(url.slice('file:'.length))}`;
}

async function start(build: Build): Promise<void> {
  const database = sharedDatabaseUrl();
  build.server = spawn(process.execPath, serveCommand(build.port, build.dir), {
    cwd: build.dir,
    env: {
      ...process.env,
      ...(database ? { DATABASE_URL: database } : {}),
      NEXT_TELEMETRY_DISABLED: '1',
      ALLOW_LOCALHOST_TENANTS: '1',
    },
    stdio: 'ignore',
    detached: true,
  });
  await waitFor(build.port, '/healthz', `the server in ${build.dir}`);
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

type Table = { items?: Array<Record<string, unknown>> };

/** The LCP breakdown insight: its phases table and the element's node item. */
function lcpBreakdown(details: unknown): Pick<Measure, 'lcpElement' | 'phases'> {
  const items = ((details as { items?: unknown[] } | undefined)?.items ?? []) as Array<Table & Record<string, unknown>>;
  const phases = { ttfb: NaN, loadDelay: 0, loadTime: 0, renderDelay: NaN };
  for (const row of items.find((i) => Array.isArray(i.items))?.items ?? []) {
    const ms = Number(row.duration);
    if (row.subpart === 'timeToFirstByte') phases.ttfb = ms;
    if (row.subpart === 'resourceLoadDelay') phases.loadDelay = ms;
    if (row.subpart === 'resourceLoadDuration') phases.loadTime = ms;
    if (row.subpart === 'elementRenderDelay') phases.renderDelay = ms;
  }
  const node = items.find((i) => i.type === 'node');
  const snippet = String(node?.snippet ?? node?.nodeLabel ?? '(none)').replace(/\s+/g, ' ');
  return { lcpElement: snippet.length > 90 ? `${snippet.slice(0, 87)}...` : snippet, phases };
}

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
    fcpMs: numeric('first-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    jsKb: script / 1024,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    ...lcpBreakdown(lhr.audits['lcp-breakdown-insight']?.details),
  };
}

/** The median of each figure over the runs; the LCP element and phases of the median-LCP run. */
function medianOf(all: Measure[]): Measure {
  const byLcp = [...all].sort((a, b) => a.lcpMs - b.lcpMs)[Math.floor(all.length / 2)] ?? all[0]!;
  return {
    performance: median(all.map((x) => x.performance)),
    lcpMs: median(all.map((x) => x.lcpMs)),
    fcpMs: median(all.map((x) => x.fcpMs)),
    tbtMs: median(all.map((x) => x.tbtMs)),
    cls: median(all.map((x) => x.cls)),
    jsKb: median(all.map((x) => x.jsKb)),
    benchmarkIndex: median(all.map((x) => x.benchmarkIndex)),
    lcpElement: byLcp.lcpElement,
    phases: byLcp.phases,
  };
}

function cells(label: string, m: Measure): string {
  return [
    label.padEnd(64),
    String(m.performance).padStart(4),
    m.fcpMs.toFixed(0).padStart(6),
    m.lcpMs.toFixed(0).padStart(7),
    m.tbtMs.toFixed(0).padStart(6),
    m.cls.toFixed(3).padStart(6),
    m.jsKb.toFixed(0).padStart(6),
  ].join(' ');
}

/** What a page misses of the targets, given its zero-JavaScript floor and the framework floor. */
function misses(kind: PageKind, m: Measure, noScript: Measure | undefined, framework: Measure): string[] {
  const out: string[] = [];
  if (m.performance < TARGETS.performance) out.push(`performance < ${TARGETS.performance}`);
  if (m.lcpMs > TARGETS.lcpMs) out.push(`LCP > ${TARGETS.lcpMs} ms`);
  if (noScript && m.lcpMs > TARGETS.lcpOverFloor * noScript.lcpMs)
    out.push(`LCP > ${TARGETS.lcpOverFloor} x floor (${(TARGETS.lcpOverFloor * noScript.lcpMs).toFixed(0)} ms)`);
  if (m.tbtMs > TARGETS.tbtMs) out.push(`TBT > ${TARGETS.tbtMs} ms`);
  if (m.cls > TARGETS.cls) out.push(`CLS > ${TARGETS.cls}`);
  const jsLimit = framework.jsKb + JS_OVER_FRAMEWORK_KB[kind];
  if (m.jsKb > jsLimit) out.push(`JS > framework + ${JS_OVER_FRAMEWORK_KB[kind]} (${jsLimit.toFixed(0)} KB)`);
  return out;
}

const phasesText = (m: Measure): string =>
  `LCP element ${m.lcpElement}; TTFB ${m.phases.ttfb.toFixed(0)}, load delay ${m.phases.loadDelay.toFixed(0)}, load time ${m.phases.loadTime.toFixed(0)}, render delay ${m.phases.renderDelay.toFixed(0)} ms (observed)`;

async function main(): Promise<void> {
  const runs = Number(argValue('--runs') ?? 3);
  const only = argValue('--tenant');
  const onlyKind = argValue('--kind');
  const against = argValue('--against');
  const basePort = Number(process.env.BENCH_PORT ?? 3310);
  const builds: Build[] = [{ label: 'this', dir: process.cwd(), port: basePort }];
  if (against) builds.push({ label: basename(resolve(against)), dir: resolve(against), port: basePort + 1 });
  const noScriptPort = basePort + 2;
  const frameworkPort = basePort + 3;
  const slugs = [...loadTenantRegistry().tenants.values()]
    .filter((entry) => entry.ok && (!only || entry.slug === only))
    .map((entry) => entry.slug)
    .sort();
  buildFrameworkFloor();
  const chrome = await launch({
    chromePath: CHROMIUM_LAUNCH.executablePath,
    chromeFlags: ['--headless=new', ...CHROMIUM_LAUNCH.args],
  });
  let framework: ChildProcess | undefined;
  let noScript: Server | undefined;
  try {
    for (const build of builds) await start(build);
    noScript = await startNoScriptProxy(noScriptPort, builds[0]!.port);
    framework = startFrameworkFloor(frameworkPort);
    await waitFor(frameworkPort, '/', 'the framework floor');
    console.log(
      `Lighthouse ${lighthouseVersion} mobile (simulated throttling), median of ${runs} runs per page. Targets: performance >= ${TARGETS.performance}, LCP <= ${TARGETS.lcpMs} ms and <= ${TARGETS.lcpOverFloor} x the page's zero-JavaScript floor, TBT <= ${TARGETS.tbtMs} ms, CLS <= ${TARGETS.cls}, JS <= the framework floor + 50 KB (vehicle pages + 90 KB).`,
    );
    const frameworkRuns: Measure[] = [];
    await get(frameworkPort, 'floor', '/');
    for (let i = 0; i < runs; i++) frameworkRuns.push(await audit(chrome.port, `http://localhost:${frameworkPort}/`));
    const frameworkFloor = medianOf(frameworkRuns);
    console.log(`This machine's CPU: Lighthouse benchmarkIndex ${frameworkFloor.benchmarkIndex.toFixed(0)}.`);
    const header = `${'build / site / page'.padEnd(64)} perf FCP ms  LCP ms TBT ms    CLS  JS KB`;
    console.log(header);
    console.log(`${cells('framework floor: a bare App Router page, one client component', frameworkFloor)}`);
    let missed = 0;
    for (const slug of slugs) {
      const pages = await discover(builds[0]!.port, slug);
      for (const kind of PAGE_KINDS) {
        if (onlyKind && kind !== onlyKind) continue;
        const path = pages[kind];
        if (!path) {
          console.log(`${`${slug} ${kind}`.padEnd(64)} (the site links no ${kind} page)`);
          continue;
        }
        // A first request renders a page the cache does not hold yet; Lighthouse measures the page as shoppers get it.
        for (const build of builds) await get(build.port, slug, path);
        const targets = [
          ...builds.map((b) => ({ label: b.label, port: b.port })),
          { label: 'no-js floor', port: noScriptPort },
        ];
        const measures = new Map<string, Measure[]>(targets.map((t) => [t.label, []]));
        // Interleaved, so the builds and the floor share whatever else the machine is doing.
        // A page that fails on one build (it answers 404 there, say) is reported, and the run goes on.
        const failed = new Set<string>();
        for (let i = 0; i < runs; i++)
          for (const target of targets) {
            if (failed.has(target.label)) continue;
            try {
              measures
                .get(target.label)!
                .push(await audit(chrome.port, `http://${slug}.localhost:${target.port}${path}`));
            } catch (error) {
              failed.add(target.label);
              console.log(
                `${`${target.label} ${slug} ${kind} ${path}`.padEnd(64)} FAILED: ${(error as Error).message}`,
              );
            }
          }
        if (failed.has('no-js floor') || failed.has('this')) {
          missed++;
          continue;
        }
        const floor = medianOf(measures.get('no-js floor')!);
        for (const target of targets) {
          if (failed.has(target.label)) continue;
          const m = medianOf(measures.get(target.label)!);
          const isFloor = target.label === 'no-js floor';
          const label = `${builds.length > 1 || isFloor ? `${target.label} ` : ''}${slug} ${kind} ${path}`;
          const problems = isFloor ? [] : misses(kind, m, floor, frameworkFloor);
          if (target.label === 'this' && problems.length) missed++;
          console.log(
            `${cells(label, m)}  ${isFloor ? '' : problems.length ? `MISSES: ${problems.join('; ')}` : 'meets'}`,
          );
          if (!isFloor) console.log(`    ${phasesText(m)}`);
        }
      }
    }
    console.log(missed ? `${missed} page(s) miss a target.` : 'Every page meets the targets.');
  } finally {
    await chrome.kill();
    noScript?.close();
    if (framework?.pid) process.kill(-framework.pid, 'SIGTERM');
    for (const build of builds) if (build.server?.pid) process.kill(-build.server.pid, 'SIGTERM');
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
