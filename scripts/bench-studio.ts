/**
 * `npm run bench:studio`: the Tenant Studio's numbers (issue 16), measured on the existing
 * production build (`npm run build` first) and the database named by DATABASE_URL (seeded: the demo
 * staff sign in). Starts two server processes (`npm start`) on spare ports over the one database, then:
 *   - the JavaScript the site editor loads (gzipped as served), and whether any of the Studio's own
 *     scripts loads on a dealer's pages (it must not);
 *   - the time from Publish (answered by process A) to the public home page showing the change,
 *     on process A and on process B (which learns of it from the store's change stamp).
 *   - (issue 33) the time from a scheduled publish's time to the public home page showing it, on
 *     both processes (each process looks for due schedules every second; one of them publishes it).
 * The published change is undone at the end (Restore of the version before it). Then, in the site
 * editor at 1440×900 (issue 32, support/studio-typing.ts), with every template list customised:
 *   - keystroke latency (p50/p95, input to next frame) on every tab of the document;
 *   - the time from the last key of an edit to the preview frame showing it (median, max).
 * That draft is discarded at the end, so the bench leaves none. Then (issue 33, support/studio-point-and-edit.ts):
 *   - the time from a click on a block in the preview to that block's form being ready (median, max).
 */
import { CHROMIUM_LAUNCH } from './chromium';
import { serveCommand } from './support/server';
import { measureStudioTyping } from './support/studio-typing';
import { measurePointAndEdit } from './support/studio-point-and-edit';
import { chromium, type Browser, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { gzipSync } from 'node:zlib';
import { DEMO_STAFF_PASSWORD } from '../demo-data/staff';

const PORT_A = Number(process.env.BENCH_PORT ?? 3303);
const PORT_B = PORT_A + 1;
const SITE = 'harbour-city-mazda';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

function get(port: number, host: string, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host: `${host}:${port}` } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function waitForServer(port: number): Promise<void> {
  for (let i = 0; i < 150; i++) {
    try {
      if ((await get(port, 'health.localhost', '/healthz')).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`the server on port ${port} did not start`);
}

function start(port: number): ChildProcess {
  return spawn(process.execPath, serveCommand(port), {
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ALLOW_LOCALHOST_TENANTS: '1' },
    stdio: 'ignore',
    detached: true,
  });
}

/**
 * Text only the Studio's code holds: rjsf's alternative chooser, the editor's tab list, the preview
 * frame. A dealer page's script containing any of it would be Studio code loaded for shoppers.
 */
const STUDIO_MARKERS = ['__anyof_select', 'Parts of the site', 'studio-preview'];

/** Every script a page loads until the network is idle: URL -> gzipped bytes and whether it holds Studio code. */
async function scriptsOf(page: Page, url: string): Promise<Map<string, { gzip: number; studio: boolean }>> {
  const scripts = new Map<string, { gzip: number; studio: boolean }>();
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    void response
      .body()
      .then((body) => {
        const text = body.toString('utf8');
        scripts.set(new URL(response.url()).pathname, {
          gzip: gzipSync(body).length,
          studio: STUDIO_MARKERS.some((marker) => text.includes(marker)),
        });
      })
      .catch(() => undefined);
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  return scripts;
}

async function signIn(page: Page, port: number): Promise<void> {
  await page.goto(`http://studio.localhost:${port}/sign-in`);
  // The form's buttons are enabled once its script runs; typing before that would be lost.
  await page.waitForFunction(() =>
    [...document.querySelectorAll('button')].some((b) => b.textContent?.trim() === 'Sign in' && !b.disabled),
  );
  await page.getByLabel('E-mail address').fill('admin@studio.example');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(`http://studio.localhost:${port}/`);
}

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** A Studio API call from the signed-in page (same origin, with its session). */
function api(page: Page, method: string, path: string, body?: unknown): Promise<Answer> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
    { method, path, body },
  );
}

async function msUntil(port: number, text: string, since: number): Promise<number> {
  for (;;) {
    const page = await get(port, `${SITE}.localhost`, '/');
    if (page.body.includes(text)) return Date.now() - since;
    if (Date.now() - since > 30_000) throw new Error(`port ${port} did not show the change within 30 s`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** The rounds of the scheduled publish (each waits for the next whole minute, as the field sets it). */
const SCHEDULE_ROUNDS = Math.min(ROUNDS, 3);

/** A datetime-local value of Sydney's clock (the demo site's) for `instant`. */
function sydneyWallTime(instant: Date): string {
  const parts = new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Australia/Sydney',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(instant);
  return parts.replace(' ', 'T');
}

/**
 * "Publish at…" through the Studio's API, set for the next whole minute at least 10 s ahead; from
 * that time until each process's public home page shows the change. Answers the live version after.
 */
async function measureScheduled(
  page: Page,
  document: Record<string, unknown>,
  start: number | null,
): Promise<{ base: number | null }> {
  let base = start;
  const a: number[] = [];
  const b: number[] = [];
  for (let round = 1; round <= SCHEDULE_ROUNDS; round++) {
    const heading = `Bench scheduled heading ${Date.now()}`;
    const pages = document.pages as Record<string, { blocks: { type: string; props: Record<string, unknown> }[] }>;
    const hero = pages['/']?.blocks.find((block) => block.type === 'Hero');
    if (!hero) throw new Error(`${SITE} has no hero banner on its own home page`);
    hero.props = { ...hero.props, heading, usePromotion: false };
    const at = new Date(Math.ceil((Date.now() + 10_000) / 60_000) * 60_000);
    const answer = await api(page, 'POST', `/api/studio/sites/${SITE}/schedules`, {
      document,
      baseVersionId: base,
      message: `bench:studio scheduled round ${round}`,
      publishAt: sydneyWallTime(at),
    });
    if (answer.status !== 201) throw new Error(`schedule answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    const publishAt = Date.parse((answer.body.schedule as { publishAt: string }).publishAt);
    // Polled from just before its time (not for the whole wait: that would load the two processes).
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, publishAt - Date.now() - 200)));
    const [onA, onB] = await Promise.all([msUntil(PORT_A, heading, publishAt), msUntil(PORT_B, heading, publishAt)]);
    a.push(onA);
    b.push(onB);
    const opened = await api(page, 'GET', `/api/studio/sites/${SITE}/document`);
    base = (opened.body.published as { versionId: number } | null)?.versionId ?? base;
  }
  console.log(`scheduled time -> public page shows it (${SCHEDULE_ROUNDS} rounds, two processes, ms):`);
  console.log(`  process A:     median ${median(a)}, max ${Math.max(...a)}  (${a.join(', ')})`);
  console.log(`  process B:     median ${median(b)}, max ${Math.max(...b)}  (${b.join(', ')})`);
  return { base };
}

async function measure(browser: Browser): Promise<void> {
  // The Studio's JavaScript, and what of it a dealer's page loads.
  const studio = await browser.newContext();
  const page = await studio.newPage();
  await signIn(page, PORT_A);
  const editor = await scriptsOf(page, `http://studio.localhost:${PORT_A}/sites/${SITE}`);
  const dealer = await browser.newContext();
  const shopper = await dealer.newPage();
  const dealerScripts = new Map<string, { gzip: number; studio: boolean }>();
  for (const path of ['/', '/search/used-cars', '/special-offers', '/contact'])
    for (const [script, facts] of await scriptsOf(shopper, `http://${SITE}.localhost:${PORT_A}${path}`))
      dealerScripts.set(script, facts);
  await dealer.close();
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const sum = (list: { gzip: number }[]) => kb(list.reduce((a, b) => a + b.gzip, 0));
  const studioCode = [...editor.values()].filter((s) => s.studio);
  const studioOnly = [...editor.entries()].filter(([script]) => !dealerScripts.has(script)).map(([, f]) => f);
  console.log(`site editor JS (gzip):                  ${sum([...editor.values()])} in ${editor.size} scripts`);
  console.log(`  not loaded by dealer pages:           ${sum(studioOnly)} in ${studioOnly.length} scripts`);
  console.log(`  holding the Studio's code:            ${sum(studioCode)} in ${studioCode.length} scripts`);
  const leaked = [...dealerScripts.entries()].filter(([, f]) => f.studio).map(([script]) => script);
  console.log(
    `dealer page scripts holding Studio code: ${leaked.length} of ${dealerScripts.size}${leaked.length ? ` (${leaked.join(', ')})` : ''}`,
  );

  // Publish -> the public page shows it, on the publishing process and on the other one.
  const opened = await api(page, 'GET', `/api/studio/sites/${SITE}/document`);
  const start = opened.body.published as { versionId: number; document: Record<string, unknown> } | null;
  const file = opened.body.file as { document: Record<string, unknown> } | null;
  const document = structuredClone(start?.document ?? file?.document ?? {});
  let base = start?.versionId ?? null;
  const firstVersion: number[] = [];
  const same: number[] = [];
  const other: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const heading = `Bench heading ${Date.now()}`;
    const pages = document.pages as Record<string, { blocks: { type: string; props: Record<string, unknown> }[] }>;
    const hero = pages['/']?.blocks.find((b) => b.type === 'Hero');
    if (!hero) throw new Error(`${SITE} has no hero banner on its own home page`);
    hero.props = { ...hero.props, heading, usePromotion: false };
    const sent = Date.now();
    const published = await api(page, 'POST', `/api/studio/sites/${SITE}/publish`, {
      document,
      baseVersionId: base,
      message: `bench:studio round ${round}`,
    });
    if (published.status !== 200)
      throw new Error(`publish answered ${published.status}: ${JSON.stringify(published.body)}`);
    const version = published.body.version as { id: number; parentId: number | null };
    if (round === 1 && version.parentId !== null) firstVersion.push(version.parentId);
    base = version.id;
    const [a, b] = await Promise.all([msUntil(PORT_A, heading, sent), msUntil(PORT_B, heading, sent)]);
    same.push(a);
    other.push(b);
  }
  console.log(`publish -> public page shows it (${ROUNDS} rounds, ms):`);
  console.log(`  same process:  median ${median(same)}, max ${Math.max(...same)}  (${same.join(', ')})`);
  console.log(`  other process: median ${median(other)}, max ${Math.max(...other)}  (${other.join(', ')})`);

  // Scheduled publish -> the public page shows it, on both processes (whichever one publishes it).
  const scheduled = await measureScheduled(page, document, base);
  base = scheduled.base;

  // Put the site back as it was before the bench.
  const restoreTo = start?.versionId ?? firstVersion[0];
  if (restoreTo !== undefined) {
    const restored = await api(page, 'POST', `/api/studio/sites/${SITE}/restore`, {
      versionId: restoreTo,
      baseVersionId: base,
    });
    console.log(`restored version ${restoreTo}: ${restored.status}`);
  }

  // Typing in the editor, and the preview following an edit (issue 32). Its draft is discarded after.
  await measureStudioTyping(studio, {
    studioOrigin: `http://studio.localhost:${PORT_A}`,
    site: SITE,
    rounds: ROUNDS,
    api: (method, path) => api(page, method, path),
  });
  // Point and edit (issue 33): a click in the preview until the block's form is ready.
  await measurePointAndEdit(studio, {
    studioOrigin: `http://studio.localhost:${PORT_A}`,
    site: SITE,
    rounds: ROUNDS * 2,
  });
  await studio.close();
}

async function main(): Promise<void> {
  const servers = [start(PORT_A), start(PORT_B)];
  try {
    await Promise.all([waitForServer(PORT_A), waitForServer(PORT_B)]);
    const browser = await chromium.launch(CHROMIUM_LAUNCH);
    try {
      await measure(browser);
    } finally {
      await browser.close();
    }
  } finally {
    for (const server of servers) if (server.pid) process.kill(-server.pid);
  }
}

void main();
