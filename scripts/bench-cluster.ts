/**
 * `npm run bench:cluster` (issue 17): two server processes (`npm start`) of the production build on one
 * PostgreSQL database behind a round-robin proxy (scripts/support/cluster.ts), as an operator runs
 * them behind a load balancer. Needs the build (`npx next build`) and PostgreSQL.
 *
 * 1. The lead bench through the proxy: CLIENTS concurrent clients post TOTAL general enquiries,
 *    each from its own address (X-Forwarded-For), every RETRY_EVERY-th twice with the same key as a
 *    retry would. When a third are answered, one process is killed with SIGKILL and started again;
 *    a post that got no answer (or the proxy's 502) is sent again with its key, as the forms do.
 * 2. The shared rate limit: LIMIT_PROBE new enquiries from one address, alternating between the
 *    processes; the servers run with LEAD_RATE_LIMIT=RATE_LIMIT, so exactly RATE_LIMIT may pass.
 * 3. A stock change made outside the servers (a hold and a release through the reservations
 *    module, as `npm run reservations` does): how long until each process's search page shows it.
 * 4. The outbox: both processes deliver; every delivery (one per lead and destination, written to
 *    a mail folder) is counted by its file: done once, twice, still pending, dead.
 * Prints the numbers and fails unless no acknowledged lead is lost or stored twice, no delivery
 * was sent twice, the limit held, and the change reached both processes within 5 s.
 */
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { generateDemoFeed } from '../demo-data/generate-feed';
import { migrateToLatest, openDatabase, type PlatformDb } from '../services/db/database';
import { holdCar, releaseReservation } from '../services/reservations/reservations';
import { importFeed } from '../services/stock/import-feed';
import { startCluster, type Cluster } from './support/cluster';
import { startPostgres } from './support/postgres-server';
import { rawRequest } from './support/server';

const PROXY_PORT = Number(process.env.BENCH_PORT ?? 3320);
const PORTS = [PROXY_PORT + 1, PROXY_PORT + 2];
const CLIENTS = 20;
const TOTAL = 1000;
const RETRY_EVERY = 20;
const RATE_LIMIT = 10;
const LIMIT_PROBE = 30;
const HOST = 'southern-cross-motors';
const MAIL_DIR = 'data/bench-cluster/mail';
const DRAIN_MS = 180_000;
const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });

interface Posted {
  status: number;
  leadId?: number;
  error?: string;
}

async function postLead(port: number, key: string, address: string, dealership: string): Promise<Posted> {
  const res = await rawRequest({
    port,
    agent,
    method: 'POST',
    path: '/api/leads',
    host: `${HOST}.localhost:${port}`,
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({
      form: 'general-enquiry',
      idempotencyKey: key,
      userData: {
        name: 'Cluster',
        last_name: 'Bench',
        email: 'cluster@example.com',
        phone: '0412 345 678',
        postcode: '2000',
        category: 'General Enquiry',
        dealership_slug: dealership,
        message: 'Cluster benchmark enquiry',
        disclaimer: true,
        opt_in: true,
      },
      page: { url: `http://${HOST}.localhost/contact`, visited_pages: ['/contact'], linked_query_params: {} },
    }),
    timeoutMs: 30_000,
  });
  try {
    const json = JSON.parse(res.body.toString('utf8')) as { lead_id?: number; error?: string };
    return { status: res.status, leadId: json.lead_id, error: json.error };
  } catch {
    return { status: res.status, error: res.body.toString('utf8').slice(0, 80) };
  }
}

const addressOf = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

async function leadFlood(cluster: Cluster, dealership: string) {
  const answered = new Map<string, number>();
  const failures: string[] = [];
  let next = 0;
  let posts = 0;
  let killedAt: number | undefined;
  let restarting: Promise<void> | undefined;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < TOTAL) {
        const n = next++;
        const key = `cluster-${n.toString().padStart(6, '0')}`;
        for (let attempt = 0; attempt < (n % RETRY_EVERY === 0 ? 2 : 1); attempt++) {
          let result = await postLead(PROXY_PORT, key, addressOf(n + 1), dealership);
          posts++;
          // No answer, or the process died holding the request: send it again with the same key.
          for (let again = 0; (result.status === 0 || result.status === 502) && again < 50; again++) {
            await new Promise((r) => setTimeout(r, 200));
            result = await postLead(PROXY_PORT, key, addressOf(n + 1), dealership);
            posts++;
          }
          if ((result.status === 200 || result.status === 201) && result.leadId) {
            if (answered.has(key) && answered.get(key) !== result.leadId)
              failures.push(`${key}: a retry answered another lead`);
            answered.set(key, result.leadId);
          } else failures.push(`${key}: ${result.status} ${result.error ?? ''}`);
          if (killedAt === undefined && answered.size >= TOTAL / 3) {
            killedAt = answered.size;
            restarting = (async () => {
              await cluster.kill(0);
              await cluster.restart(0);
            })();
          }
        }
      }
    }),
  );
  await restarting;
  return { answered, failures, posts, seconds: (performance.now() - started) / 1000, killedAt };
}

/** New enquiries from one address through the proxy (so alternating between the processes). */
async function rateLimitProbe(dealership: string) {
  const counts = { accepted: 0, limited: 0, other: 0 };
  for (let i = 0; i < LIMIT_PROBE; i++) {
    const result = await postLead(PROXY_PORT, `cluster-limit-${i}`, '192.0.2.77', dealership);
    if (result.status === 200 || result.status === 201) counts.accepted++;
    else if (result.status === 429) counts.limited++;
    else counts.other++;
  }
  return counts;
}

/** Whether a process's search page shows the car as reserved. */
async function showsReserved(port: number, stocknum: string, slug: string): Promise<boolean> {
  const res = await rawRequest({
    port,
    agent,
    path: `/search/used-cars?query=${encodeURIComponent(stocknum)}`,
    host: `${HOST}.localhost:${port}`,
    timeoutMs: 10_000,
  });
  const html = res.body.toString('utf8');
  const at = html.indexOf(`href="/cars/${slug}"`);
  if (at < 0) throw new Error(`the search page of the process on ${port} does not list ${slug} (status ${res.status})`);
  const cardStart = html.lastIndexOf('stock-card', at);
  const cardEnd = html.indexOf('stock-card', at);
  return html.slice(cardStart, cardEnd < 0 ? undefined : cardEnd).includes('RESERVED');
}

/** Milliseconds until every process's search page shows `reserved` for the car (Infinity after 30 s). */
async function timeToAppear(stocknum: string, slug: string, reserved: boolean, started: number): Promise<number[]> {
  return Promise.all(
    PORTS.map(async (port) => {
      while (performance.now() - started < 30_000) {
        if ((await showsReserved(port, stocknum, slug)) === reserved) return performance.now() - started;
        await new Promise((r) => setTimeout(r, 50));
      }
      return Infinity;
    }),
  );
}

async function stockChange(db: PlatformDb, car: { id: number; slug: string; stocknum: string }) {
  for (const port of PORTS)
    if (await showsReserved(port, car.stocknum, car.slug))
      throw new Error(`${car.slug} is reserved before the bench holds it`);
  let started = performance.now();
  const hold = await holdCar(db, { tenant: HOST, carId: car.id, leadId: null, deposit: 500, now: new Date() });
  if (!hold.ok) throw new Error(`holding ${car.slug} failed: ${hold.message}`);
  const held = await timeToAppear(car.stocknum, car.slug, true, started);
  started = performance.now();
  const released = await releaseReservation(db, hold.reservation.id, { by: 'bench:cluster', now: new Date() });
  if (!released.ok) throw new Error(`releasing ${car.slug} failed: ${released.message}`);
  const freed = await timeToAppear(car.stocknum, car.slug, false, started);
  return { held, freed };
}

function mailDeliveries(): Map<string, number> {
  const sent = new Map<string, number>();
  if (!existsSync(MAIL_DIR)) return sent;
  for (const name of readdirSync(MAIL_DIR)) {
    const match = /^lead-(\d+)-([a-z-]+)-\d+\.eml$/.exec(name);
    if (match) sent.set(`${match[1]}:${match[2]}`, (sent.get(`${match[1]}:${match[2]}`) ?? 0) + 1);
  }
  return sent;
}

async function main(): Promise<void> {
  if (!existsSync('.next/BUILD_ID')) throw new Error('No production build: run `npx next build` first.');
  rmSync('data/bench-cluster', { recursive: true, force: true });
  const pg = await startPostgres({ throwaway: false });
  const url = pg.createDatabase('cluster');
  const db = openDatabase(url);
  let cluster: Cluster | undefined;
  try {
    await migrateToLatest(db);
    const feed = generateDemoFeed({ now: new Date() });
    const seeded = await importFeed(db, feed, { file: 'bench-cluster', replace: true });
    if (!seeded.ok) throw new Error('seeding the cluster database failed');
    const dealership = feed.dealerships.find((d) => d.id === 2)?.slug ?? '';
    const car = [...feed.cars]
      .reverse()
      .find((c) => c.dealership_id === 2 && c.status === 'in_stock' && !c.reserved && c.stocknum) as
      { id: number; slug: string; stocknum: string } | undefined;
    if (!car) throw new Error('the demo feed has no unreserved car with a stock number at dealership 2');

    const started = performance.now();
    cluster = await startCluster({
      proxyPort: PROXY_PORT,
      ports: PORTS,
      env: {
        ALLOW_LOCALHOST_TENANTS: '1',
        DATABASE_URL: url,
        AUTH_SECRET: 'bench-cluster-shared-secret-0123456789abcdef',
        LEAD_RATE_LIMIT: String(RATE_LIMIT),
        LEADS_MAIL_DIR: MAIL_DIR,
        // The bench's own X-Forwarded-For is the shopper's address; the proxy appends its hop.
        TRUSTED_PROXY_HOPS: '2',
      },
    });
    console.log(
      `Two platform processes (ports ${PORTS.join(', ')}) on PostgreSQL behind a round-robin proxy (${PROXY_PORT}); started in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const flood = await leadFlood(cluster, dealership);
    const probe = await rateLimitProbe(dealership);
    const change = await stockChange(db, car);

    // Lead accounting, from the database.
    const rows = await db
      .selectFrom('leads')
      .select(['id', 'idempotency_key'])
      .where('idempotency_key', 'like', 'cluster-0%')
      .execute();
    const stored = new Set(rows.map((r) => r.id));
    const lost = [...flood.answered.values()].filter((id) => !stored.has(id)).length;
    const storedTwice = rows.length - new Set(rows.map((r) => r.idempotency_key)).size;

    // The outbox drains: pending deliveries a killed process had claimed wait for their claim to lapse.
    const drainStart = performance.now();
    const count = async (status: 'pending' | 'delivered' | 'dead') =>
      Number(
        (
          await db
            .selectFrom('lead_deliveries')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('status', '=', status)
            .executeTakeFirstOrThrow()
        ).n,
      );
    let pending = await count('pending');
    while (pending > 0 && performance.now() - drainStart < DRAIN_MS) {
      await new Promise((r) => setTimeout(r, 1000));
      pending = await count('pending');
    }
    const delivered = await count('delivered');
    const dead = await count('dead');
    const files = mailDeliveries();
    const once = [...files.values()].filter((n) => n === 1).length;
    const twice = [...files.values()].filter((n) => n > 1).length;
    const perProcess = cluster.proxy.counts();

    console.log(
      `Leads: ${CLIENTS} clients, ${TOTAL} enquiries (${flood.posts} posts incl. retries) in ${flood.seconds.toFixed(1)} s = ${(TOTAL / flood.seconds).toFixed(0)} leads/s`,
    );
    console.log(
      `  process on ${PORTS[0]} killed with SIGKILL after ${flood.killedAt ?? '?'} acknowledged leads, and restarted`,
    );
    console.log(
      `  requests answered per process: ${Object.entries(perProcess)
        .map(([p, n]) => `${p}: ${n}`)
        .join(', ')}`,
    );
    console.log(
      `  acknowledged ${flood.answered.size}, stored ${rows.length}, lost ${lost}, stored twice ${storedTwice}, failed posts ${flood.failures.length}`,
    );
    console.log(
      `Deliveries: ${delivered} delivered, ${pending} pending, ${dead} dead after ${((performance.now() - drainStart) / 1000).toFixed(1)} s of draining`,
    );
    console.log(`  sent once ${once}, sent twice or more ${twice} (counted by the files the mail transport wrote)`);
    console.log(
      `Rate limit (${RATE_LIMIT} new leads per address, ${LIMIT_PROBE} posts from one address alternating between processes): accepted ${probe.accepted}, refused 429 ${probe.limited}, other ${probe.other}; violations ${Math.max(0, probe.accepted - RATE_LIMIT)}`,
    );
    const ms = (values: number[]) =>
      values.map((v) => (Number.isFinite(v) ? `${Math.round(v)} ms` : 'never (30 s)')).join(' / ');
    console.log(
      `Stock change made outside the servers, until each process's search page shows it (${PORTS.join(' / ')}): held ${ms(change.held)}; released ${ms(change.freed)}`,
    );
    for (const failure of flood.failures.slice(0, 10)) console.log(`  failure: ${failure}`);

    const slowest = Math.max(...change.held, ...change.freed);
    if (
      lost ||
      storedTwice ||
      twice ||
      pending ||
      flood.failures.length ||
      probe.accepted !== RATE_LIMIT ||
      slowest > 5_000
    )
      process.exitCode = 1;
  } finally {
    await cluster?.stop();
    await db.destroy();
    agent.destroy();
    pg.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
