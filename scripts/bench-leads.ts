/**
 * `npm run bench:leads`: how many leads per second POST /api/leads stores with 50 concurrent
 * clients, and proof that none were lost or doubled. Uses the existing production build
 * (`npm run build` first). Seeds a separate database (data/bench/leads.db) with the demo stock,
 * starts the platform's server (`npm start`) on a spare port with the per-address limit off, sends 2,000 general
 * enquiries (every 20th sent twice with the same idempotency key, as a retry would), then checks
 * the database: one lead per key, every answered lead_id present. The outbox delivers each lead
 * to the demo group's e-mail and ADF destinations (a local mail folder) while this runs.
 *
 * `-- --kill`: SIGKILLs the server once a third of the leads are answered and starts it again;
 * clients whose post got no answer send it again with the same key, as the site's forms do. It
 * prints how many leads were acknowledged, stored, lost (acknowledged but not in the database)
 * and stored twice, and fails unless both of the last are 0.
 */
import { rmSync, existsSync } from 'node:fs';
import { Agent } from 'node:http';
import { generateDemoFeed } from '../demo-data/generate-feed';
import { migrateToLatest, openDatabase } from '../services/db/database';
import { importFeed } from '../services/stock/import-feed';
import { rawRequest, startServer, waitForServer, type StartedServer } from './support/server';

const PORT = Number(process.env.BENCH_PORT ?? 3301);
const CLIENTS = 50;
const TOTAL = 2000;
const RETRY_EVERY = 20;
const DB_FILE = 'data/bench/leads.db';
const HOST = 'southern-cross-motors';
const KILL = process.argv.includes('--kill');
const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });

async function post(
  path: string,
  body: unknown,
): Promise<{ status: number; ms: number; json: { lead_id?: number; error?: string } }> {
  const res = await rawRequest({
    port: PORT,
    agent,
    method: 'POST',
    path,
    host: `${HOST}.localhost:${PORT}`,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    timeoutMs: 30_000,
  });
  let json: { lead_id?: number; error?: string };
  try {
    json = res.body.length ? (JSON.parse(res.body.toString('utf8')) as { lead_id?: number }) : {};
  } catch {
    json = { error: `not JSON: ${res.body.toString('utf8').slice(0, 80)}` };
  }
  return { status: res.status, ms: res.ms, json };
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

async function main(): Promise<void> {
  if (!existsSync('.next/BUILD_ID')) throw new Error('No production build: run `npm run build` first.');
  rmSync('data/bench', { recursive: true, force: true });
  const seedDb = openDatabase(`file:${DB_FILE}`);
  await migrateToLatest(seedDb);
  const feed = generateDemoFeed({ now: new Date() });
  const seeded = await importFeed(seedDb, feed, { file: 'bench', replace: true });
  if (!seeded.ok) throw new Error('seeding the bench database failed');
  const dealership = feed.dealerships.find((d) => d.id === 2)?.slug ?? '';
  await seedDb.destroy();

  const env = {
    ALLOW_LOCALHOST_TENANTS: '1',
    DATABASE_URL: `file:${DB_FILE}`,
    LEAD_RATE_LIMIT: '0',
    LEADS_MAIL_DIR: 'data/bench/mail',
  };
  let server: StartedServer = startServer(PORT, env);
  let restarting: Promise<void> | undefined;
  let kills = 0;
  try {
    await waitForServer(PORT);
    const userData = {
      name: 'Bench',
      last_name: 'Client',
      email: 'bench@example.com',
      phone: '0412 345 678',
      postcode: '2000',
      category: 'General Enquiry',
      dealership_slug: dealership,
      message: 'Benchmark enquiry',
      disclaimer: true,
      opt_in: true,
    };
    const body = (key: string) => ({
      form: 'general-enquiry',
      idempotencyKey: key,
      userData,
      page: { url: `http://${HOST}.localhost/contact`, visited_pages: ['/', '/contact'], linked_query_params: {} },
    });
    for (let i = 0; i < 20; i++) await post('/api/leads', body(`bench-warm-${i}`));

    const times: number[] = [];
    const answered = new Map<string, number>();
    const failures: string[] = [];
    let next = 0;
    let sent = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (next < TOTAL) {
          const n = next++;
          const key = `bench-${n.toString().padStart(6, '0')}`;
          const attempts = n % RETRY_EVERY === 0 ? 2 : 1;
          for (let a = 0; a < attempts; a++) {
            let result = await post('/api/leads', body(key));
            sent++;
            // No answer (the server was killed): the form sends it again with the same key.
            while (KILL && result.status === 0) {
              await (restarting ?? new Promise((r) => setTimeout(r, 200)));
              result = await post('/api/leads', body(key));
              sent++;
            }
            times.push(result.ms);
            if ((result.status !== 201 && result.status !== 200) || !result.json.lead_id)
              failures.push(`${key}: ${result.status} ${result.json.error ?? ''}`);
            else if (answered.has(key) && answered.get(key) !== result.json.lead_id)
              failures.push(`${key}: retry answered another lead`);
            else answered.set(key, result.json.lead_id);
            if (KILL && !kills && answered.size >= TOTAL / 3) {
              kills++;
              const killed = server;
              restarting = (async () => {
                await killed.stop('SIGKILL');
                server = startServer(PORT, env);
                await waitForServer(PORT);
                restarting = undefined;
              })();
            }
          }
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;

    const db = openDatabase(`file:${DB_FILE}`);
    const rows = await db
      .selectFrom('leads')
      .select(['id', 'idempotency_key'])
      .where('idempotency_key', 'like', 'bench-0%')
      .execute();
    const stored = new Set(rows.map((r) => r.id));
    const lost = [...answered.values()].filter((id) => !stored.has(id)).length;
    const doubled = rows.length - new Set(rows.map((r) => r.idempotency_key)).size;
    const drainStart = performance.now();
    let pending = Infinity;
    while (pending > 0 && performance.now() - drainStart < 120_000) {
      const row = await db
        .selectFrom('lead_deliveries')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow();
      pending = Number(row.n);
      if (pending > 0) await new Promise((r) => setTimeout(r, 500));
    }
    const delivered = await db
      .selectFrom('lead_deliveries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'delivered')
      .executeTakeFirstOrThrow();
    await db.destroy();

    times.sort((a, b) => a - b);
    console.log(
      `POST /api/leads, ${CLIENTS} concurrent clients, ${TOTAL} leads (${sent} posts incl. ${sent - TOTAL} retries with the same key)`,
    );
    console.log(
      `  stored ${(TOTAL / seconds).toFixed(0)} leads/s (${(sent / seconds).toFixed(0)} posts/s) in ${seconds.toFixed(1)} s`,
    );
    console.log(
      `  latency p50 ${pct(times, 50).toFixed(0)} ms, p95 ${pct(times, 95).toFixed(0)} ms, p99 ${pct(times, 99).toFixed(0)} ms`,
    );
    console.log(
      `  leads in the database: ${rows.length} for ${answered.size} answered keys; lost ${lost}; stored twice ${doubled}; failed posts ${failures.length}`,
    );
    if (KILL)
      console.log(
        `  killed with SIGKILL and restarted ${kills} time(s): acknowledged ${answered.size}, stored ${rows.length}, lost ${lost}, duplicated ${doubled}`,
      );
    console.log(
      `  outbox: ${Number(delivered.n)} deliveries done, ${pending === Infinity ? '?' : pending} pending after ${((performance.now() - drainStart) / 1000).toFixed(1)} s of draining`,
    );
    for (const f of failures.slice(0, 10)) console.log(`  failure: ${f}`);
    if (lost || doubled || failures.length || rows.length !== TOTAL) process.exitCode = 1;
  } finally {
    await restarting?.catch(() => undefined);
    await server.stop();
    agent.destroy();
  }
}

void main();
