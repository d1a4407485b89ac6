/**
 * The operations suite (issue 35), a step of `npm test`: a production install in a temporary directory,
 * done as an operator (and the Dockerfile) does it, and then what an operator relies on, against it:
 *
 * 1. `scripts/production-install.sh` (`npm ci --omit=dev && npm run build`) in a copy of the repository;
 *    its size and time are printed.
 * 2. The operator commands from that install, which has no tsx: seed, import, validate, tenants export,
 *    leads.
 * 3. `npm start`: /livez answers before /readyz; /readyz turns 200 once warmed up; the first page a
 *    shopper asks for then is about as fast as later ones.
 * 4. SIGTERM during a flood of leads: /readyz fails, the process exits 0, every acknowledged lead is
 *    stored, and after a restart every lead is delivered exactly once (one mail file per destination).
 * 5. `npm run backup` while leads are being written, `npm run restore` into a fresh directory, and a
 *    server there that serves the same leads, site versions and pictures.
 *
 * Prints each check; exits 1 if any fails. OPERATIONS_KEEP=1 keeps the directory for a look.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import sharp from 'sharp';
import { generateDemoFeed } from '../../demo-data/generate-feed';
import { openDatabase } from '../../services/db/database';
import { studioMediaOver } from '../../services/studio-media/studio-media';
import { rawRequest } from '../support/server';

const ROOT = resolve(import.meta.dirname, '../..');
const PORT = Number(process.env.OPERATIONS_PORT ?? 3410);
const RESTORED_PORT = PORT + 1;
const SITE = 'southern-cross-motors';
const HOST = `${SITE}.localhost:${PORT}`;
const HEALTH_TOKEN = 'operations-suite-health-token-0123456789';
const METRICS_TOKEN = 'operations-suite-metrics-token-9876543210';
const AUTH_SECRET = 'operations-suite-auth-secret-0123456789abcdef';
/** The address every flood lead is sent from: it must never appear whole in the log. */
const LEAD_EMAIL = 'operations.suite@example.com';
const SMTP_PASSWORD = 'smtp-relay-passw0rd-ops';

interface Check {
  name: string;
  ok: boolean;
  detail: string;
}
const checks: Check[] = [];
function check(name: string, ok: boolean, detail: string): void {
  checks.push({ name, ok, detail });
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}: ${detail}`);
}

/** The pinned Node first on PATH, as scripts/ensure-node.sh sets it for npm test (the image's base has it). */
const PATH = `${dirname(process.execPath)}:${process.env.PATH ?? ''}`;

function baseEnv(work: string, db = 'data/platform.db'): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PATH,
    NEXT_TELEMETRY_DISABLED: '1',
    NODE_ENV: 'production',
    DATABASE_URL: `file:${join(work, db)}`,
    ALLOW_LOCALHOST_TENANTS: '1',
    LEAD_RATE_LIMIT: '0',
    LEADS_MAIL_DIR: join(work, 'data/mail'),
    HEALTH_TOKEN,
    METRICS_TOKEN,
    AUTH_SECRET,
  };
}

/** Runs a command in the install; its output, or throws with it. */
function run(work: string, args: string[], env: NodeJS.ProcessEnv = baseEnv(work)): { code: number; output: string } {
  try {
    const output = execFileSync(args[0] ?? '', args.slice(1), { cwd: work, env, encoding: 'utf8', stdio: 'pipe' });
    return { code: 0, output };
  } catch (error) {
    const failed = error as { status?: number; stdout?: string; stderr?: string };
    return { code: failed.status ?? 1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

function du(path: string): string {
  return existsSync(path) ? (execFileSync('du', ['-sh', path], { encoding: 'utf8' }).split('\t')[0] ?? '?') : 'absent';
}

interface Server {
  child: ChildProcess;
  log(): string;
  exited: Promise<number | null>;
}

/**
 * `npm start -- -p <port>` in the install, in its own process group (SIGTERM reaches npm and the
 * server); or, `direct`, the Dockerfile's CMD (scripts/production-start.sh: the same command, exec'd), so
 * the server's own exit code is seen.
 */
function npmStart(work: string, port: number, env: NodeJS.ProcessEnv, direct = false): Server {
  const [command, ...args] = direct
    ? ['bash', 'scripts/production-start.sh', '-p', String(port)]
    : ['npm', 'start', '--', '-p', String(port)];
  const child = spawn(command ?? 'npm', args, { cwd: work, env, detached: true, stdio: 'pipe' });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return { child, log: () => output, exited };
}

function gone(server: Server): boolean {
  return server.child.exitCode !== null || server.child.signalCode !== null;
}

function signal(server: Server, name: NodeJS.Signals): void {
  if (!server.child.pid || gone(server)) return;
  try {
    process.kill(-server.child.pid, name);
  } catch {
    // The group has already gone.
  }
}

async function stop(server: Server): Promise<void> {
  if (gone(server)) return;
  signal(server, 'SIGTERM');
  const done = await Promise.race([server.exited.then(() => true), sleep(30_000).then(() => false)]);
  if (!done) signal(server, 'SIGKILL');
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

async function status(port: number, path: string, host = 'localhost'): Promise<number> {
  return (await rawRequest({ port, path, host, timeoutMs: 5_000 })).status;
}

async function waitReady(port: number, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if ((await status(port, '/readyz')) === 200) return;
    await sleep(100);
  }
  throw new Error(`the server on port ${port} was not ready within ${timeoutMs / 1000} s`);
}

const agent = new Agent({ keepAlive: true, maxSockets: 20 });

function leadBody(key: string, dealership: string) {
  return {
    form: 'general-enquiry',
    idempotencyKey: key,
    userData: {
      name: 'Operations',
      last_name: 'Suite',
      email: LEAD_EMAIL,
      phone: '0412 345 678',
      postcode: '2000',
      category: 'General Enquiry',
      dealership_slug: dealership,
      message: 'Sent while the server stops',
      disclaimer: true,
      opt_in: false,
    },
    page: { url: `http://${SITE}.localhost/contact`, visited_pages: ['/contact'], linked_query_params: {} },
  };
}

/** Posts leads from `clients` clients until `until()` says stop or the server refuses; the acknowledged lead ids by key. */
async function flood(
  prefix: string,
  dealership: string,
  clients: number,
  until: () => boolean,
  onAck?: (count: number) => void,
): Promise<{ acked: Map<string, number>; refused: number; failed: string[] }> {
  const acked = new Map<string, number>();
  const failed: string[] = [];
  let refused = 0;
  let n = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (!until()) {
        const key = `${prefix}-${(n++).toString().padStart(6, '0')}`;
        const res = await rawRequest({
          port: PORT,
          agent,
          method: 'POST',
          path: '/api/leads',
          host: HOST,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(leadBody(key, dealership)),
          timeoutMs: 30_000,
        });
        if (res.status === 0) {
          // The server no longer takes connections: this client is done.
          refused++;
          return;
        }
        const json = JSON.parse(res.body.toString('utf8') || '{}') as { lead_id?: number };
        if ((res.status === 200 || res.status === 201) && json.lead_id) {
          acked.set(key, json.lead_id);
          onAck?.(acked.size);
        } else if (res.status !== 503) failed.push(`${key}: ${res.status}`);
      }
    }),
  );
  return { acked, refused, failed };
}

/** An OTLP/HTTP (JSON) trace collector on a spare port: the span names and services it was sent. */
async function otlpCollector(): Promise<{
  url: string;
  names: Set<string>;
  services: Set<string>;
  spans: number;
  posts: number;
  close(): void;
}> {
  interface Export {
    resourceSpans?: {
      resource?: { attributes?: { key: string; value: { stringValue?: string } }[] };
      scopeSpans?: { spans?: { name: string }[] }[];
    }[];
  }
  const state = { names: new Set<string>(), services: new Set<string>(), spans: 0, posts: 0 };
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      state.posts++;
      try {
        const data = JSON.parse(body) as Export;
        for (const resource of data.resourceSpans ?? []) {
          const service = resource.resource?.attributes?.find((a) => a.key === 'service.name')?.value.stringValue;
          if (service) state.services.add(service);
          for (const scope of resource.scopeSpans ?? [])
            for (const span of scope.spans ?? []) {
              state.names.add(span.name);
              state.spans++;
            }
        }
      } catch {
        // Not JSON: counted as a post, no spans.
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  await new Promise<void>((done) => server.listen(PORT + 2, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${PORT + 2}`,
    get names() {
      return state.names;
    },
    get services() {
      return state.services;
    },
    get spans() {
      return state.spans;
    },
    get posts() {
      return state.posts;
    },
    close: () => server.close(),
  };
}

/** A server's output split into JSON entries and anything else (which there should not be). */
function parseLog(text: string): { json: Record<string, unknown>[]; other: string[] } {
  const json: Record<string, unknown>[] = [];
  const other: string[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      json.push(JSON.parse(line) as Record<string, unknown>);
    } catch {
      other.push(line.slice(0, 160));
    }
  }
  return { json, other };
}

function openDb(file: string): SQLite.Database {
  return new SQLite(file, { readonly: true, fileMustExist: true });
}

function countLeads(file: string, keys: string): number {
  const db = openDb(file);
  try {
    return (db.prepare('select count(*) as n from leads where idempotency_key like ?').get(keys) as { n: number }).n;
  } finally {
    db.close();
  }
}

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'dealer-production-'));
  const servers: Server[] = [];
  try {
    // 1. The production install, in a copy of the repository's files.
    const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: ROOT,
      encoding: 'utf8',
    })
      .split('\0')
      .filter(Boolean);
    for (const file of files) {
      if (!existsSync(join(ROOT, file))) continue;
      mkdirSync(dirname(join(work, file)), { recursive: true });
      cpSync(join(ROOT, file), join(work, file));
    }
    let started = Date.now();
    const install = run(work, ['bash', 'scripts/production-install.sh'], { ...process.env, PATH, CI: '1' });
    const installSeconds = ((Date.now() - started) / 1000).toFixed(0);
    check(
      'production install: npm ci --omit=dev && npm run build',
      install.code === 0 && !existsSync(join(work, 'node_modules/eslint')) && existsSync(join(work, '.cli/import.mjs')),
      install.code === 0
        ? `${installSeconds} s; node_modules ${du(join(work, 'node_modules'))}, .next ${du(join(work, '.next'))}, compiled commands ${du(join(work, '.cli'))}; development tools ${existsSync(join(work, 'node_modules/eslint')) ? 'PRESENT' : 'absent'}`
        : install.output.slice(-3000),
    );
    if (install.code !== 0) return;

    // 2. The operator commands, compiled, from the install.
    const seed = run(work, ['npm', 'run', '--silent', 'seed']);
    check('npm run seed (compiled)', seed.code === 0, seed.output.trim().split('\n').at(-1) ?? '');
    const feed = generateDemoFeed({ now: new Date() });
    writeFileSync(join(work, 'feed.json'), JSON.stringify(feed));
    const imported = run(work, ['npm', 'run', '--silent', 'import', '--', 'feed.json']);
    check(
      'npm run import (compiled)',
      imported.code === 0,
      imported.output
        .split('\n')
        .find((line) => /imported|cars/i.test(line))
        ?.trim() ?? imported.output.slice(0, 200),
    );
    const validate = run(work, ['npm', 'run', '--silent', 'validate']);
    check('npm run validate (compiled)', validate.code === 0, validate.output.trim().split('\n').at(-1) ?? '');
    const published = run(work, ['npm', 'run', '--silent', 'tenants', '--', 'import']);
    const exported = run(work, ['npm', 'run', '--silent', 'tenants', '--', 'export', '--out', 'exported']);
    check(
      'npm run tenants -- import, then export (compiled)',
      published.code === 0 && exported.code === 0 && readdirSync(join(work, 'exported')).length > 0,
      `${published.output.trim().split('\n').at(-1) ?? ''} / ${exported.output.trim().split('\n').at(-1) ?? ''}`,
    );
    const leads = run(work, ['npm', 'run', '--silent', 'leads']);
    check('npm run leads (compiled)', leads.code === 0, leads.output.trim().split('\n')[0] ?? '');
    const reservations = run(work, ['npm', 'run', '--silent', 'reservations']);
    check('npm run reservations (compiled)', reservations.code === 0, reservations.output.trim().split('\n')[0] ?? '');
    const addUser = run(work, [
      'npm',
      'run',
      '--silent',
      'studio',
      '--',
      'add-user',
      '--email',
      'ops-editor@studio.example',
      '--role',
      'site-editor',
      '--site',
      SITE,
    ]);
    const users = run(work, ['npm', 'run', '--silent', 'studio', '--', 'list-users']);
    check(
      'npm run studio -- add-user, list-users (compiled)',
      addUser.code === 0 && users.code === 0 && users.output.includes('ops-editor@studio.example'),
      `${addUser.output.trim().split('\n')[0] ?? ''} / ${users.output.trim().split('\n').length} lines listed`,
    );
    // Without Meilisearch it must start and say what it needs, not crash on a missing module.
    const sync = run(work, ['npm', 'run', '--silent', 'search:sync']);
    check(
      'npm run search:sync (compiled) starts, and says MEILISEARCH_HOST is needed',
      sync.code !== 0 && sync.output.includes('MEILISEARCH_HOST is not set'),
      sync.output.trim().split('\n')[0] ?? '',
    );
    const dealership = feed.dealerships.find((d) => d.id === 2)?.slug ?? '';

    // 3. Start, probes, warm-up.
    started = Date.now();
    let server = npmStart(work, PORT, baseEnv(work));
    servers.push(server);
    let liveAt: number | undefined;
    let readyAt: number | undefined;
    let warmingSeen = false;
    while (Date.now() - started < 180_000 && readyAt === undefined) {
      if (liveAt === undefined && (await status(PORT, '/livez')) === 200) liveAt = Date.now() - started;
      const ready = await rawRequest({ port: PORT, path: '/readyz', host: 'localhost', timeoutMs: 5_000 });
      if (ready.status === 503 && ready.body.toString().includes('warming up')) warmingSeen = true;
      if (ready.status === 200) readyAt = Date.now() - started;
      else await sleep(50);
    }
    check(
      '/livez answers while the server warms up; /readyz only once it is warm',
      liveAt !== undefined && readyAt !== undefined && warmingSeen && liveAt < readyAt,
      `live after ${liveAt ?? '-'} ms, ready after ${readyAt ?? '-'} ms, 503 "warming up" seen: ${warmingSeen}\n${readyAt === undefined ? server.log().slice(-2000) : ''}`,
    );
    if (readyAt === undefined) return;
    const home = async () => (await rawRequest({ port: PORT, path: '/', host: HOST, timeoutMs: 30_000 })).ms;
    const first = await home();
    const later: number[] = [];
    for (let i = 0; i < 5; i++) later.push(await home());
    later.sort((a, b) => a - b);
    const median = later[2] ?? 0;
    check(
      'the first home page after /readyz is as fast as later ones',
      first <= Math.max(250, 10 * median),
      `first ${first.toFixed(0)} ms, later median ${median.toFixed(0)} ms (a cold server took about 6 s)`,
    );

    await stop(server);

    // 4. SIGTERM during a lead flood (the server started as the image starts it, to see its exit code).
    server = npmStart(work, PORT, baseEnv(work), true);
    servers.push(server);
    await waitReady(PORT);
    let signalled = false;
    let notReadyAfterMs: number | undefined;
    const watchReadiness = async () => {
      const at = Date.now();
      while (Date.now() - at < 2_000) {
        if ((await status(PORT, '/readyz')) !== 200) {
          notReadyAfterMs = Date.now() - at;
          return;
        }
      }
    };
    let watching: Promise<void> | undefined;
    const floodDone = flood(
      'sigterm',
      dealership,
      20,
      () => false,
      (count) => {
        if (count < 200 || signalled) return;
        signalled = true;
        signal(server, 'SIGTERM');
        watching = watchReadiness();
      },
    );
    const { acked, refused, failed } = await floodDone;
    await watching;
    const exitCode = await server.exited;
    const dbFile = join(work, 'data/platform.db');
    let db = openDb(dbFile);
    const stored = new Set(
      (db.prepare("select id from leads where idempotency_key like 'sigterm-%'").all() as { id: number }[]).map(
        (r) => r.id,
      ),
    );
    db.close();
    const lost = [...acked.values()].filter((id) => !stored.has(id));
    check(
      'SIGTERM during a lead flood: /readyz fails at once, the process exits 0, every acknowledged lead is stored',
      signalled && exitCode === 0 && lost.length === 0 && failed.length === 0 && notReadyAfterMs !== undefined,
      `${acked.size} acknowledged, ${stored.size} stored, ${lost.length} lost, ${refused} clients refused at the end, other failures ${failed.length}; /readyz not 200 ${notReadyAfterMs ?? 'never (within 2 s)'} ms after the signal; exit code ${exitCode}\n${server
        .log()
        .split('\n')
        .filter((l) => l.includes('SIGTERM'))
        .join('\n')}`,
    );

    // Restart: the outbox delivers what was left; each delivery exactly once.
    server = npmStart(work, PORT, baseEnv(work), true);
    servers.push(server);
    await waitReady(PORT);
    const drainDeadline = Date.now() + 120_000;
    let pending = Infinity;
    while (pending > 0 && Date.now() < drainDeadline) {
      db = openDb(dbFile);
      pending = (
        db.prepare("select count(*) as n from lead_deliveries where status = 'pending'").get() as { n: number }
      ).n;
      db.close();
      if (pending > 0) await sleep(500);
    }
    db = openDb(dbFile);
    const deliveries = db
      .prepare(
        "select d.lead_id, d.status, d.destination from lead_deliveries d join leads l on l.id = d.lead_id where l.idempotency_key like 'sigterm-%'",
      )
      .all() as { lead_id: number; status: string; destination: string }[];
    db.close();
    const mails = readdirSync(join(work, 'data/mail')).filter((f) => f.endsWith('.eml'));
    const perDelivery = new Map<string, number>();
    for (const file of mails) {
      const match = /^lead-(\d+)-(\w+)-\d+\.eml$/.exec(file);
      if (match) perDelivery.set(`${match[1]}-${match[2]}`, (perDelivery.get(`${match[1]}-${match[2]}`) ?? 0) + 1);
    }
    const undelivered = deliveries.filter((d) => d.status !== 'delivered').length;
    const ours = [...stored].flatMap((id) => ['email', 'adf'].map((kind) => perDelivery.get(`${id}-${kind}`) ?? 0));
    const missing = ours.filter((n) => n === 0).length;
    const doubled = ours.filter((n) => n > 1).length;
    check(
      'after the restart every delivery of those leads is made exactly once',
      deliveries.length === stored.size * 2 && undelivered === 0 && missing === 0 && doubled === 0,
      `${deliveries.length} deliveries for ${stored.size} leads, ${undelivered} not delivered, ${missing} with no mail, ${doubled} sent twice`,
    );

    // 6 (on this server). Metrics: who may read them, the names, and counters that move.
    const scrape = async (headers: Record<string, string> = {}, host = 'localhost') =>
      rawRequest({ port: PORT, path: '/metrics', host, headers, timeoutMs: 10_000 });
    const before = await scrape();
    const searchPath = '/search';
    await rawRequest({ port: PORT, path: searchPath, host: HOST, timeoutMs: 30_000 });
    await rawRequest({ port: PORT, path: `${searchPath}?sort=price-asc`, host: HOST, timeoutMs: 30_000 });
    const after = await scrape();
    const text = after.body.toString();
    const names = [
      'platform_http_requests_total',
      'platform_http_request_duration_seconds',
      'platform_cache_requests_total',
      'platform_search_duration_seconds',
      'platform_feed_pulls_total',
      'platform_lead_deliveries',
      'platform_reservations_held',
      'platform_tenant_published_version',
      'platform_db_pool_connections',
      'nodejs_eventloop_lag_seconds',
    ];
    const missingNames = names.filter((name) => !text.includes(`# TYPE ${name} `));
    const value = (body: string, series: RegExp) => Number(series.exec(body)?.[1] ?? 0);
    const searchRequests = /platform_http_requests_total\{route_kind="search",status="200"\} (\d+)/;
    const searchCount = /platform_search_duration_seconds_count\{engine="embedded"\} (\d+)/;
    const moved =
      value(text, searchRequests) >= value(before.body.toString(), searchRequests) + 2 &&
      value(text, searchCount) > value(before.body.toString(), searchCount);
    const forwarded = await scrape({ 'x-forwarded-for': '203.0.113.9' });
    const onSite = await scrape({}, HOST);
    const withToken = await scrape(
      { authorization: `Bearer ${METRICS_TOKEN}`, 'x-forwarded-for': '203.0.113.9' },
      HOST,
    );
    const wrongToken = await scrape({ authorization: 'Bearer not-the-token-at-all-0000000000' });
    check(
      'GET /metrics: Prometheus text for this machine or the token holder, 404 through a proxy or on a dealer host',
      before.status === 200 &&
        after.status === 200 &&
        missingNames.length === 0 &&
        moved &&
        forwarded.status === 404 &&
        onSite.status === 404 &&
        withToken.status === 200 &&
        wrongToken.status === 404,
      `missing ${missingNames.join(', ') || 'none'}; search answers ${value(before.body.toString(), searchRequests)} -> ${value(text, searchRequests)}, searches timed ${value(before.body.toString(), searchCount)} -> ${value(text, searchCount)}; forwarded ${forwarded.status}, on a dealer host ${onSite.status}, with the token ${withToken.status}, a wrong token ${wrongToken.status}; published versions: ${/platform_tenant_published_version\{site="southern-cross-motors"\} (\d+)/.exec(text)?.[1] ?? '-'}`,
    );

    // Logs: JSON lines with the request id (the caller's, when given), site and route kind.
    const traced = await rawRequest({
      port: PORT,
      path: searchPath,
      host: HOST,
      headers: { 'x-request-id': 'ops-check-0001' },
    });
    await sleep(200);
    const entries = parseLog(server.log());
    const tracedEntry = entries.json.find((entry) => entry.requestId === 'ops-check-0001' && entry.msg === 'request');
    check(
      'the log is JSON lines; a request entry has its id (from X-Request-Id), site and route kind',
      entries.other.length === 0 &&
        traced.headers['x-request-id'] === 'ops-check-0001' &&
        tracedEntry?.site === SITE &&
        tracedEntry.routeKind === 'search' &&
        tracedEntry.status === 200 &&
        typeof tracedEntry.time === 'string' &&
        tracedEntry.level === 'info',
      `${entries.json.length} JSON lines, ${entries.other.length} other${entries.other.length ? ` (e.g. ${entries.other.slice(0, 3).join(' | ')})` : ''}; the traced request: ${JSON.stringify(tracedEntry ?? null)}`,
    );

    // 5. A backup while leads are written; a restore into a fresh directory that serves the same things.
    // A picture uploaded as the Studio stores one, so the backup has media to carry.
    const live = openDatabase(`file:${dbFile}`);
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a6' } })
      .png()
      .toBuffer();
    const picture = await studioMediaOver(async () => live).save({
      slug: SITE,
      bytes: png,
      author: 'operations suite',
    });
    await live.destroy();
    let backupDone = false;
    let ackedBeforeBackup = 0;
    let flowing: () => void = () => undefined;
    const twentyStored = new Promise<void>((resolve) => (flowing = resolve));
    const writing = flood(
      'backup',
      dealership,
      5,
      () => backupDone,
      (count) => count >= 20 && flowing(),
    );
    await twentyStored;
    ackedBeforeBackup = countLeads(dbFile, 'backup-%');
    const backup = await new Promise<{ code: number; output: string }>((done) => {
      const child = spawn('npm', ['run', '--silent', 'backup', '--', 'backup.db'], { cwd: work, env: baseEnv(work) });
      let output = '';
      child.stdout.on('data', (c: Buffer) => (output += c.toString()));
      child.stderr.on('data', (c: Buffer) => (output += c.toString()));
      child.once('exit', (code) => done({ code: code ?? 1, output }));
    });
    await sleep(500);
    backupDone = true;
    const during = await writing;
    const liveBackupLeads = countLeads(dbFile, 'backup-%');
    check(
      'npm run backup while leads are being written',
      backup.code === 0 && during.acked.size > 0 && during.failed.length === 0,
      `${backup.output.trim()} (${during.acked.size} leads acknowledged meanwhile)`,
    );
    const restoredDb = join(work, 'restored/platform.db');
    // The restored server also sends its spans to a collector here, and its lead e-mail to a relay that
    // is not there (an outbound call that fails, with a password in its address that must not be logged).
    const collector = await otlpCollector();
    const restoreEnv = {
      ...baseEnv(work, 'restored/platform.db'),
      LEADS_MAIL_DIR: join(work, 'restored/mail'),
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      SMTP_URL: `smtp://ops:${SMTP_PASSWORD}@127.0.0.1:9`,
    };
    const restore = run(work, ['npm', 'run', '--silent', 'restore', '--', 'backup.db'], restoreEnv);
    const again = run(work, ['npm', 'run', '--silent', 'restore', '--', 'backup.db'], restoreEnv);
    check(
      'npm run restore into a fresh directory, and not over a database without --force',
      restore.code === 0 && again.code === 1 && again.output.includes('--force'),
      `${restore.output.trim()} / again: exit ${again.code}`,
    );
    const restored = npmStart(work, RESTORED_PORT, restoreEnv, true);
    servers.push(restored);
    await waitReady(RESTORED_PORT);
    const backupCopy = openDb(join(work, 'backup.db'));
    const fromRestore = openDb(restoredDb);
    const count = (d: SQLite.Database, table: string) =>
      (d.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
    const leadsInBackup = count(backupCopy, 'leads');
    const backupLeads = countLeads(join(work, 'backup.db'), 'backup-%');
    const sameLeads =
      count(fromRestore, 'leads') === leadsInBackup &&
      backupLeads >= ackedBeforeBackup &&
      backupLeads <= during.acked.size;
    const liveVersions = count(openDb(dbFile), 'tenant_versions');
    const versions = count(fromRestore, 'tenant_versions') === liveVersions && liveVersions > 0;
    for (const d of [backupCopy, fromRestore]) d.close();
    const pictureFrom = async (port: number) =>
      (await rawRequest({ port, path: picture.src, host: `${SITE}.localhost:${port}` })).body;
    const [livePicture, restoredPicture] = [await pictureFrom(PORT), await pictureFrom(RESTORED_PORT)];
    const details = async (port: number) =>
      (
        await rawRequest({
          port,
          path: '/healthz',
          host: 'localhost',
          headers: { authorization: `Bearer ${HEALTH_TOKEN}` },
        })
      ).body.toString();
    const tenantsOf = (text: string) => JSON.stringify((JSON.parse(text) as { tenants?: unknown }).tenants);
    const [liveTenants, restoredTenants] = [tenantsOf(await details(PORT)), tenantsOf(await details(RESTORED_PORT))];
    check(
      'the restored database serves the same leads, site versions and pictures',
      sameLeads &&
        versions &&
        livePicture.length > 0 &&
        livePicture.equals(restoredPicture) &&
        liveTenants === restoredTenants,
      `${leadsInBackup} leads in the backup and in the restored database (of those written during the backup: ${ackedBeforeBackup} stored before it began, ${backupLeads} in it, ${during.acked.size} acknowledged in all, ${liveBackupLeads} in the live database); ${liveVersions} site versions, the same in both: ${versions}; a Studio picture of ${livePicture.length} bytes, the same bytes from both servers: ${livePicture.equals(restoredPicture)}; sites served ${restoredTenants} (live ${liveTenants})`,
    );

    // Traces: Next's own spans, and the platform's search, database and outbound ones, at the collector.
    await rawRequest({
      port: RESTORED_PORT,
      path: '/search',
      host: `${SITE}.localhost:${RESTORED_PORT}`,
      timeoutMs: 30_000,
    });
    await rawRequest({
      port: RESTORED_PORT,
      method: 'POST',
      path: '/api/leads',
      host: `${SITE}.localhost:${RESTORED_PORT}`,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(leadBody('traced-lead-1', dealership)),
      timeoutMs: 30_000,
    });
    const spanDeadline = Date.now() + 15_000;
    const wanted = ['search', 'SELECT', 'INSERT', 'smtp send'];
    while (Date.now() < spanDeadline && !wanted.every((name) => collector.names.has(name))) await sleep(250);
    const nextSpans = [...collector.names].filter((name) =>
      /^(GET|POST) |render route|resolve page components/.test(name),
    );
    check(
      'traces go to the OTLP collector: requests and renders, searches, queries and outbound calls',
      wanted.every((name) => collector.names.has(name)) &&
        nextSpans.length > 0 &&
        collector.services.has('dealer-platform'),
      `${collector.spans} spans in ${collector.posts} posts from ${[...collector.services].join(', ') || 'no service'}; names include ${[...collector.names].slice(0, 12).join(', ')}`,
    );
    collector.close();

    // Nothing secret in any server's log of this run.
    await Promise.all(servers.map(stop));
    const all = servers.map((one) => one.log()).join('\n');
    const leaked = [
      ['AUTH_SECRET', AUTH_SECRET],
      ['HEALTH_TOKEN', HEALTH_TOKEN],
      ['METRICS_TOKEN', METRICS_TOKEN],
      ["a shopper's e-mail address", LEAD_EMAIL],
    ].filter(([, secret]) => secret && all.includes(secret));
    const shortened = all.includes('o…@example.com');
    check(
      'no secret, token or whole e-mail address in the log',
      leaked.length === 0 && all.length > 0,
      `${all.split('\n').length} lines searched; found: ${leaked.map(([name]) => name).join(', ') || 'nothing'}${shortened ? ' (the lead address appears only shortened, o…@example.com)' : ''}`,
    );
  } finally {
    await Promise.all(servers.map(stop));
    agent.destroy();
    if (process.env.OPERATIONS_KEEP === '1') console.log(`kept ${work}`);
    else rmSync(work, { recursive: true, force: true });
  }
}

function summary(): void {
  const failedChecks = checks.filter((c) => !c.ok);
  console.log(`\n${checks.length - failedChecks.length} of ${checks.length} operations checks passed.`);
  if (failedChecks.length > 0 || checks.length === 0) process.exitCode = 1;
}

void main().then(summary, (error: unknown) => {
  console.error(error);
  summary();
  process.exitCode = 1;
});
