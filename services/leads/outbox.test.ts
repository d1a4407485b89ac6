import { createServer, type Server } from 'node:http';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { ColumnNode, ColumnUpdateNode, UpdateQueryNode, type KyselyPlugin } from 'kysely';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ResolvedLeadDestination } from '../../schemas/types.generated';
import { openDatabase, type PlatformDb } from '../db/database';
import { openTestDatabase, openTestDatabaseAt } from '../db/test-database';
import { storeLeadSubmission } from './lead-store';
import {
  CLAIM_MS,
  FIRST_RETRY_MS,
  MAX_ATTEMPTS,
  PermanentDeliveryError,
  RECORD_RETRY_DELAYS_MS,
  SEND_DEADLINE_MS,
  UNRECORDED_HOLD_MS,
  deliverDue,
  outboxState,
  retryDeliveries,
  retryDelayMs,
  type LeadTransport,
  type OutboxDeps,
  type OutboxRun,
} from './outbox';
import { SMTP_TIMEOUTS, WEBHOOK_TIMEOUT_MS, createLeadTransport } from './transports';
import type { Lead } from './types';
import { SIGNATURE_HEADER, verifyWebhook } from './webhook-signature';

let db: PlatformDb;
let clock: Date;
let closers: Array<() => Promise<void>>;

beforeEach(async () => {
  db = await openTestDatabase();
  clock = new Date('2026-11-20T01:00:00Z');
  closers = [];
});
afterEach(async () => {
  // Spies first: a spy on a faked timer function would otherwise put the fake back afterwards.
  vi.restoreAllMocks();
  vi.useRealTimers();
  for (const close of closers) await close();
  await db.destroy();
});

/** A run's outcome, with the counts not named being zero. */
function ran(counts: Partial<OutboxRun>): OutboxRun {
  return { delivered: 0, failed: 0, dead: 0, unrecorded: 0, ...counts };
}

async function queueLead(destinations: ResolvedLeadDestination[], into: PlatformDb = db): Promise<number> {
  const stored = await storeLeadSubmission(
    into,
    {
      tenant: 'southern-cross-motors',
      form: 'general-enquiry',
      eventId: 22,
      category: 'General Enquiry',
      fields: {
        name: 'Ana',
        last_name: 'Silva',
        email: 'ana@example.com',
        phone: '0412 345 678',
        message: 'Is it <b>still</b> available?',
      },
      extras: {},
      url: 'https://scm.example/contact',
      visitedPages: ['/'],
      linkedQueryParams: {},
      idempotencyKey: `k-${Math.random().toString(36).slice(2)}`,
      step: 0,
      isLastStep: true,
      spam: false,
      destinations,
    },
    clock,
  );
  if (stored.leadId === undefined) throw new Error('the test lead was not stored');
  return stored.leadId;
}

function lead(id: number): Lead {
  return {
    id,
    tenant: 'southern-cross-motors',
    siteName: 'Southern Cross Motors',
    form: 'general-enquiry',
    eventId: 22,
    category: 'General Enquiry',
    fields: {
      name: 'Ana',
      last_name: 'Silva',
      email: 'ana@example.com',
      phone: '0412 345 678',
      message: 'Is it <b>still</b> available?',
    },
    additionalServices: [],
    url: 'https://scm.example/contact',
    source: 'Website',
    visitedPages: ['/'],
    linkedQueryParams: {},
    createdAt: clock.toISOString(),
  };
}

// Every mail folder of these tests lives under one scratch folder, removed at the end.
const scratch = mkdtempSync(join(tmpdir(), 'outbox-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function deps(
  env: Record<string, string> = {},
  smtpUrl?: string,
  mailDir = mkdtempSync(join(scratch, 'mail-')),
): OutboxDeps {
  return {
    db,
    transport: createLeadTransport({
      env,
      mailDir,
      from: 'leads@test.example',
      // The webhook receivers here are local servers; the refusal of private addresses has its own tests.
      allowPrivateAddresses: true,
      ...(smtpUrl ? { smtpUrl } : {}),
    }),
    loadLead: async (id) => lead(id),
    now: () => clock,
  };
}

interface Received {
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

async function webhookServer(statuses: number[]): Promise<{ url: string; received: Received[] }> {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ body, headers: req.headers });
      res.statusCode = statuses.shift() ?? 200;
      res.end();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  closers.push(() => new Promise<void>((done) => server.close(() => done())));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}/leads`, received };
}

describe('lead outbox: queued, retried with backoff, never dropped', () => {
  it('retry delay starts at 30 s, doubles, and is capped at an hour', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(30)).toBe(3_600_000);
  });

  it('posts a signed JSON webhook; a failing endpoint leaves the lead pending with its error until it answers', async () => {
    const hook = await webhookServer([500]);
    const id = await queueLead([
      { type: 'webhook', url: hook.url, secretEnv: 'LEAD_WEBHOOK_SOUTHERN_CROSS_MOTORS__HOOK' },
    ]);
    const d = deps({ LEAD_WEBHOOK_SOUTHERN_CROSS_MOTORS__HOOK: 's3cret' });
    expect(await deliverDue(d)).toEqual(ran({ failed: 1 }));
    let [row] = await db.selectFrom('lead_deliveries').selectAll().execute();
    expect(row).toMatchObject({ status: 'pending', attempts: 1, last_error: expect.stringContaining('500') });
    expect(row!.next_attempt_at).toBe(new Date(clock.getTime() + FIRST_RETRY_MS).toISOString());
    expect(await outboxState(db)).toMatchObject({ pending: 1, retrying: 1 });
    // Not due yet: nothing is sent.
    expect(await deliverDue(d)).toEqual(ran({}));
    clock = new Date(clock.getTime() + FIRST_RETRY_MS);
    expect(await deliverDue(d)).toEqual(ran({ delivered: 1 }));
    [row] = await db.selectFrom('lead_deliveries').selectAll().execute();
    expect(row).toMatchObject({ status: 'delivered', attempts: 2, last_error: null });
    const sent = hook.received[1]!;
    expect(
      verifyWebhook('s3cret', sent.body, String(sent.headers[SIGNATURE_HEADER]), Math.floor(Date.now() / 1000)),
    ).toBe(true);
    expect(
      verifyWebhook('wrong', sent.body, String(sent.headers[SIGNATURE_HEADER]), Math.floor(Date.now() / 1000)),
    ).toBe(false);
    expect(JSON.parse(sent.body)).toMatchObject({ type: 'lead.created', lead: { id, category: 'General Enquiry' } });
  });

  it('a run that is told the process is stopping finishes the delivery it is sending and claims no other (issue 35)', async () => {
    for (let i = 0; i < 3; i++) await queueLead([{ type: 'email', to: ['sales@scm.example'] }]);
    let stopping = false;
    const d = deps();
    const transport = d.transport;
    const run = await deliverDue({
      ...d,
      transport: {
        send: async (...args) => {
          // SIGTERM arrives while the first delivery is being sent.
          stopping = true;
          await transport.send(...args);
        },
      },
      stopping: () => stopping,
    });
    expect(run).toEqual(ran({ delivered: 1 }));
    const rows = await db.selectFrom('lead_deliveries').select(['status', 'locked_until']).orderBy('id').execute();
    expect(rows.map((r) => r.status)).toEqual(['delivered', 'pending', 'pending']);
    // The two left are not held by this process: another (or this one restarted) takes them at once.
    expect(rows.slice(1).every((r) => r.locked_until === null)).toBe(true);
  });

  it('a missing webhook secret is an error that keeps the lead queued, with the reason visible', async () => {
    await queueLead([
      { type: 'webhook', url: 'http://127.0.0.1:9/x', secretEnv: 'LEAD_WEBHOOK_SOUTHERN_CROSS_MOTORS__NOT_SET' },
    ]);
    await deliverDue(deps());
    const [row] = await db.selectFrom('lead_deliveries').selectAll().execute();
    expect(row).toMatchObject({
      status: 'pending',
      last_error: 'the webhook secret LEAD_WEBHOOK_SOUTHERN_CROSS_MOTORS__NOT_SET is not set in the environment',
    });
  });

  it('e-mails the lead and its ADF/XML through SMTP', async () => {
    const messages: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, done) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          messages.push(data);
          done();
        });
      },
    });
    await new Promise<void>((done) => smtp.listen(0, '127.0.0.1', done));
    closers.push(() => new Promise<void>((done) => smtp.close(() => done())));
    const address = smtp.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    await queueLead([
      { type: 'email', to: ['sales@example.com'] },
      { type: 'adf', to: ['crm@example.com'] },
    ]);
    expect(await deliverDue(deps({}, `smtp://127.0.0.1:${port}`))).toEqual(ran({ delivered: 2 }));
    expect(messages).toHaveLength(2);
    expect(messages[0]).toMatch(/^Subject: New General Enquiry from Ana Silva/m);
    expect(messages[0]).toMatch(/^Reply-To: ana@example.com/m);
    expect(messages[1]).toContain('<?adf version="1.0"?>');
  });

  it('without an SMTP server, mail is written to the local mail folder so the flow works offline', async () => {
    const mailDir = mkdtempSync(join(scratch, 'mail-'));
    const id = await queueLead([{ type: 'email', to: ['sales@example.com'] }]);
    expect(await deliverDue(deps({}, undefined, mailDir))).toEqual(ran({ delivered: 1 }));
    const [file] = readdirSync(mailDir);
    expect(file).toMatch(new RegExp(`^lead-${id}-email-`));
    expect(readFileSync(join(mailDir, file!), 'utf8')).toContain('To: sales@example.com');
  });

  it('two workers never send the same delivery twice at once', async () => {
    const hook = await webhookServer([]);
    await queueLead([{ type: 'webhook', url: hook.url, secretEnv: 'LEAD_WEBHOOK_SOUTHERN_CROSS_MOTORS__HOOK' }]);
    const d = deps({ LEAD_WEBHOOK_SOUTHERN_CROSS_MOTORS__HOOK: 's' });
    const runs = await Promise.all([deliverDue(d), deliverDue(d)]);
    expect(runs.reduce((n, r) => n + r.delivered, 0)).toBe(1);
    expect(hook.received).toHaveLength(1);
  });
});

/** A transport that only counts: what these tests are about is the outbox, not the wire. */
function countingTransport(): LeadTransport & { sent: number[] } {
  const sent: number[] = [];
  return { sent, send: async (_destination, lead) => void sent.push(lead.id) };
}

/**
 * The database as seen through a lock or connection blip: the UPDATE that marks a delivery
 * (the only one that sets `status`) fails while `failures.left` is above zero.
 */
function failingStatusUpdates(failures: { left: number }): PlatformDb {
  const plugin: KyselyPlugin = {
    transformQuery({ node }) {
      const setsStatus =
        UpdateQueryNode.is(node) &&
        (node.updates ?? []).some(
          (update) =>
            ColumnUpdateNode.is(update) && ColumnNode.is(update.column) && update.column.column.name === 'status',
        );
      if (setsStatus && failures.left > 0) {
        failures.left--;
        throw new Error('SQLITE_BUSY: database is locked');
      }
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return db.withPlugin(plugin);
}

const hookTo: ResolvedLeadDestination = {
  type: 'webhook',
  url: 'http://127.0.0.1:9/x',
  secretEnv: 'LEAD_WEBHOOK_SOUTHERN_CROSS_MOTORS__S',
};

describe('lead outbox: a send is never repeated because its outcome could not be written', () => {
  it('retries the "delivered" update with backoff and never counts it as a failed send', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const transport = countingTransport();
    const failures = { left: RECORD_RETRY_DELAYS_MS.length };
    const waited: number[] = [];
    const d: OutboxDeps = {
      db: failingStatusUpdates(failures),
      transport,
      loadLead: async (id) => lead(id),
      now: () => clock,
      wait: async (ms) => void waited.push(ms),
    };
    const id = await queueLead([hookTo]);
    expect(await deliverDue(d)).toEqual(ran({ delivered: 1 }));
    expect(failures.left).toBe(0);
    expect(waited).toEqual(RECORD_RETRY_DELAYS_MS);
    const [row] = await db.selectFrom('lead_deliveries').selectAll().execute();
    expect(row).toMatchObject({ status: 'delivered', attempts: 1, last_error: null, locked_until: null });
    // Long after any retry would have been due, it is still sent exactly once.
    clock = new Date(clock.getTime() + 2 * UNRECORDED_HOLD_MS);
    expect(await deliverDue(d)).toEqual(ran({}));
    expect(transport.sent).toEqual([id]);
  });

  it('holds a send it cannot record (no worker sends it again), says so loudly, and records it once the database recovers', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const transport = countingTransport();
    const failures = { left: Number.POSITIVE_INFINITY };
    const waited: number[] = [];
    const thisWorker: OutboxDeps = {
      db: failingStatusUpdates(failures),
      transport,
      loadLead: async (id) => lead(id),
      now: () => clock,
      wait: async (ms) => void waited.push(ms),
    };
    // Another process: same database, none of this one's memory.
    const otherWorker: OutboxDeps = { ...thisWorker, db };
    const id = await queueLead([hookTo]);

    expect(await deliverDue(thisWorker)).toEqual(ran({ unrecorded: 1 }));
    expect(waited).toEqual(RECORD_RETRY_DELAYS_MS);
    expect(errors.mock.calls.map(String).join('\n')).toMatch(
      new RegExp(`LEAD SENT BUT NOT RECORDED: lead ${id} delivery \\d+ was sent`),
    );
    let [row] = await db.selectFrom('lead_deliveries').selectAll().execute();
    expect(row).toMatchObject({
      status: 'pending',
      attempts: 0,
      last_error: null,
      locked_until: new Date(clock.getTime() + UNRECORDED_HOLD_MS).toISOString(),
    });

    // Past the ordinary claim and the first retry: neither worker sends it again.
    clock = new Date(clock.getTime() + CLAIM_MS + FIRST_RETRY_MS);
    expect(await deliverDue(otherWorker)).toEqual(ran({}));
    expect(await deliverDue(thisWorker)).toEqual(ran({ unrecorded: 1 }));
    [row] = await db.selectFrom('lead_deliveries').selectAll().execute();
    expect(row?.locked_until).toBe(new Date(clock.getTime() + UNRECORDED_HOLD_MS).toISOString());

    failures.left = 0;
    expect(await deliverDue(thisWorker)).toEqual(ran({ delivered: 1 }));
    [row] = await db.selectFrom('lead_deliveries').selectAll().execute();
    expect(row).toMatchObject({ status: 'delivered', attempts: 1, locked_until: null });
    expect(transport.sent).toEqual([id]);
  });
});

describe('lead outbox: every send is time-bounded', () => {
  it('gives up on a hung transport at SEND_DEADLINE_MS, aborts it, and goes on with the next delivery', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const signals: AbortSignal[] = [];
    const sent: string[] = [];
    const transport: LeadTransport = {
      send: (destination, _lead, signal) => {
        if (destination.type === 'webhook' && destination.url.endsWith('/hung')) {
          signals.push(signal);
          return new Promise<void>(() => undefined);
        }
        sent.push(destination.type);
        return Promise.resolve();
      },
    };
    await queueLead([
      { type: 'webhook', url: 'http://relay.invalid/hung', secretEnv: 'LEAD_WEBHOOK_SOUTHERN_CROSS_MOTORS__S' },
      { type: 'email', to: ['sales@example.com'] },
    ]);
    // Every timer the outbox sets and clears (the database driver's own timers go through these too).
    const setTimers = vi.spyOn(globalThis, 'setTimeout');
    const clearTimers = vi.spyOn(globalThis, 'clearTimeout');
    const running = deliverDue({ db, transport, loadLead: async (id) => lead(id), now: () => clock });
    // The deadline starts with the attempt, after the claim (a round trip to PostgreSQL).
    await vi.waitFor(() => expect(signals).toHaveLength(1));
    await vi.advanceTimersByTimeAsync(SEND_DEADLINE_MS);
    expect(await running).toEqual(ran({ delivered: 1, failed: 1 }));
    expect(signals[0]?.aborted).toBe(true);
    expect(sent).toEqual(['email']);
    const hung = await db
      .selectFrom('lead_deliveries')
      .selectAll()
      .where('kind', '=', 'webhook')
      .executeTakeFirstOrThrow();
    expect(hung).toMatchObject({
      status: 'pending',
      attempts: 1,
      locked_until: null,
      last_error: `the delivery did not finish within ${SEND_DEADLINE_MS / 1000} s`,
    });
    // The deadline timer is cleared after each attempt, so nothing is left to fire later.
    const deadlines = setTimers.mock.calls.flatMap((call, i) =>
      call[1] === SEND_DEADLINE_MS ? [setTimers.mock.results[i]?.value as unknown] : [],
    );
    expect(deadlines).toHaveLength(2);
    for (const timer of deadlines) expect(clearTimers).toHaveBeenCalledWith(timer);
  });

  it('claims a delivery for longer than the longest attempt and its recording can take', () => {
    const longestRecording = RECORD_RETRY_DELAYS_MS.reduce((sum, ms) => sum + ms, 0);
    expect(CLAIM_MS).toBeGreaterThan(SEND_DEADLINE_MS + longestRecording);
    // The transports give up on their own before the outbox does, with a more precise reason.
    for (const ms of [WEBHOOK_TIMEOUT_MS, ...Object.values(SMTP_TIMEOUTS)]) expect(ms).toBeLessThan(SEND_DEADLINE_MS);
  });

  it('a slow send keeps its claim: another worker does not take it over while it runs', async () => {
    let finish: () => void = () => undefined;
    const sends: number[] = [];
    const transport: LeadTransport = {
      send: (_destination, l) => {
        sends.push(l.id);
        return new Promise<void>((resolve) => (finish = resolve));
      },
    };
    await queueLead([hookTo]);
    const first = deliverDue({ db, transport, loadLead: async (id) => lead(id), now: () => clock });
    await vi.waitFor(() => expect(sends).toHaveLength(1));
    // The latest moment the first worker can still be sending and recording.
    const longest = SEND_DEADLINE_MS + RECORD_RETRY_DELAYS_MS.reduce((sum, ms) => sum + ms, 0);
    const later = new Date(clock.getTime() + longest);
    expect(await deliverDue({ db, transport, loadLead: async (id) => lead(id), now: () => later })).toEqual(ran({}));
    finish();
    expect(await first).toEqual(ran({ delivered: 1 }));
    expect(sends).toHaveLength(1);
  });

  it('a webhook that never answers is abandoned when the outbox aborts the send', async () => {
    const seen: string[] = [];
    const server: Server = createServer((req) => {
      // Reads the request and never answers, like a hung endpoint.
      seen.push(req.url ?? '');
      req.resume();
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    closers.push(
      () =>
        new Promise<void>((done) => {
          server.closeAllConnections();
          server.close(() => done());
        }),
    );
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const transport = createLeadTransport({
      env: { LEAD_WEBHOOK_SOUTHERN_CROSS_MOTORS__S: 's' },
      mailDir: tmpdir(),
      from: 'leads@test.example',
      allowPrivateAddresses: true,
    });
    const controller = new AbortController();
    const sending = transport.send(
      { type: 'webhook', url: `http://127.0.0.1:${port}/hung`, secretEnv: 'LEAD_WEBHOOK_SOUTHERN_CROSS_MOTORS__S' },
      lead(1),
      controller.signal,
    );
    await vi.waitFor(() => expect(seen).toEqual(['/hung']));
    controller.abort(new Error('the delivery did not finish within 30 s'));
    await expect(sending).rejects.toThrow('the delivery did not finish within 30 s');
  });
});

/**
 * Another process's database connection: its own Kysely (and on PostgreSQL its own pool) on the
 * same database. Closed after the test.
 */
function connection(url: string): PlatformDb {
  const other = openDatabase(url);
  closers.push(() => other.destroy());
  return other;
}

/** A database several connections can share (a file on SQLite), closed after the test. */
async function sharedDatabase(): Promise<{ shared: PlatformDb; url: string }> {
  const { db: shared, url } = await openTestDatabaseAt();
  closers.push(() => shared.destroy());
  return { shared, url };
}

describe('lead outbox: several processes deliver side by side', () => {
  it('four workers on their own connections deliver each of many deliveries exactly once', async () => {
    const { shared, url } = await sharedDatabase();
    const workers = [shared, connection(url), connection(url), connection(url)];
    // Each delivery has its own URL, so sends are counted per delivery.
    const urls: string[] = [];
    for (let l = 0; l < 12; l++) {
      const destinations = [0, 1, 2].map((n): ResolvedLeadDestination => {
        const url = `http://hook.invalid/${l}/${n}`;
        urls.push(url);
        return { type: 'webhook', url, secretEnv: 'LEAD_WEBHOOK_SOUTHERN_CROSS_MOTORS__S' };
      });
      await queueLead(destinations, shared);
    }
    const sends = new Map<string, number>();
    const byWorker = workers.map(() => 0);
    const work = async (workerDb: PlatformDb, w: number): Promise<void> => {
      const d: OutboxDeps = {
        db: workerDb,
        transport: {
          send: async (destination) => {
            if (destination.type !== 'webhook') throw new Error('only webhooks are queued here');
            sends.set(destination.url, (sends.get(destination.url) ?? 0) + 1);
            byWorker[w] = (byWorker[w] ?? 0) + 1;
            // A send takes a moment, as a real one does, so the workers' claims interleave.
            await new Promise((resolve) => setTimeout(resolve, 1 + Math.random() * 4));
          },
        },
        loadLead: async (id) => lead(id),
        now: () => clock,
      };
      // A worker stops when it finds nothing to claim: then every pending delivery is held by another.
      for (;;) {
        const run = await deliverDue(d, 3);
        expect(run).toMatchObject({ failed: 0, dead: 0, unrecorded: 0 });
        if (run.delivered === 0) return;
      }
    };
    await Promise.all(workers.map(work));

    expect(urls).toHaveLength(36);
    expect(Object.fromEntries(sends)).toEqual(Object.fromEntries(urls.map((u) => [u, 1])));
    // The work really was shared, so the check above is one of concurrent claims.
    expect(byWorker.filter((n) => n > 0).length).toBeGreaterThan(1);
    expect(await outboxState(shared)).toMatchObject({ pending: 0, delivered: 36, dead: 0 });
  });

  it("takes over a crashed worker's claim once it has expired, and not before", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { shared, url } = await sharedDatabase();
    // The crashing process: once it has begun sending, its connection is gone for good.
    const gone = { now: false };
    const crashing = connection(url).withPlugin({
      transformQuery({ node }) {
        if (gone.now) throw new Error('Connection terminated: the process was killed');
        return node;
      },
      transformResult: async ({ result }) => result,
    });
    const sends: string[] = [];
    const id = await queueLead([hookTo], shared);
    const crashed = deliverDue({
      db: crashing,
      transport: {
        send: async () => {
          sends.push('crashing worker');
          gone.now = true;
          throw new Error('the process was killed mid-send');
        },
      },
      loadLead: async (leadId) => lead(leadId),
      now: () => clock,
    });
    // Its run ends with the connection (a killed process ends without a word).
    await expect(crashed).rejects.toThrow('the process was killed');
    // As a killed process leaves it: claimed, no attempt recorded.
    const claimed = await shared.selectFrom('lead_deliveries').selectAll().executeTakeFirstOrThrow();
    expect(claimed).toMatchObject({
      status: 'pending',
      attempts: 0,
      locked_until: new Date(clock.getTime() + CLAIM_MS).toISOString(),
    });

    const survivor = (at: Date): OutboxDeps => ({
      db: connection(url),
      transport: { send: async () => void sends.push(`survivor at ${at.toISOString()}`) },
      loadLead: async (leadId) => lead(leadId),
      now: () => at,
    });
    // Up to the very moment the claim ends, nobody takes it over.
    for (const after of [0, CLAIM_MS - 1_000, CLAIM_MS])
      expect(await deliverDue(survivor(new Date(clock.getTime() + after)))).toEqual(ran({}));
    const expired = new Date(clock.getTime() + CLAIM_MS + 1);
    expect(await deliverDue(survivor(expired))).toEqual(ran({ delivered: 1 }));
    expect(sends).toEqual(['crashing worker', `survivor at ${expired.toISOString()}`]);
    expect(await shared.selectFrom('lead_deliveries').selectAll().executeTakeFirstOrThrow()).toMatchObject({
      lead_id: id,
      status: 'delivered',
      attempts: 1,
      locked_until: null,
    });
  });
});

/** A transport whose every send fails with `error`, counting the tries. */
function failingTransport(error: () => Error): LeadTransport & { tries: number } {
  const transport = {
    tries: 0,
    send: async () => {
      transport.tries++;
      throw error();
    },
  };
  return transport;
}

describe('lead outbox: a delivery that cannot succeed ends dead, visibly, and can be revived', () => {
  it(`gives up after ${MAX_ATTEMPTS} failed attempts, about a day after the first, keeping the last error`, async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const transport = failingTransport(() => new Error('https://crm.example/leads answered 503 Service Unavailable'));
    const d: OutboxDeps = { db, transport, loadLead: async (id) => lead(id), now: () => clock };
    const id = await queueLead([hookTo]);
    const first = clock;
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      expect(await deliverDue(d)).toEqual(ran({ failed: 1 }));
      const row = await db.selectFrom('lead_deliveries').selectAll().executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'pending', attempts: attempt, dead_at: null });
      clock = new Date(row.next_attempt_at);
    }
    const hours = (clock.getTime() - first.getTime()) / 3_600_000;
    expect(hours).toBeGreaterThan(23);
    expect(hours).toBeLessThan(25);

    expect(await deliverDue(d)).toEqual(ran({ dead: 1 }));
    const dead = await db.selectFrom('lead_deliveries').selectAll().executeTakeFirstOrThrow();
    expect(dead).toMatchObject({
      status: 'dead',
      attempts: MAX_ATTEMPTS,
      dead_at: clock.toISOString(),
      locked_until: null,
      last_error: 'https://crm.example/leads answered 503 Service Unavailable',
    });
    expect(errors.mock.calls.map(String).join('\n')).toMatch(
      new RegExp(
        `LEAD DELIVERY DEAD: lead ${id} delivery ${dead.id} \\(webhook\\) is given up on after ${MAX_ATTEMPTS} failed attempts`,
      ),
    );
    expect(await outboxState(db)).toMatchObject({ pending: 0, retrying: 0, dead: 1 });
    // Dead means no more tries, however long one waits.
    clock = new Date(clock.getTime() + 30 * 86_400_000);
    expect(await deliverDue(d)).toEqual(ran({}));
    expect(transport.tries).toBe(MAX_ATTEMPTS);
  });

  it('gives up at once on a permanent failure or a lead that is gone, and goes on with the rest', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const sent: string[] = [];
    const transport: LeadTransport = {
      send: async (destination) => {
        if (destination.type === 'email')
          throw new PermanentDeliveryError('550 5.1.1 <nobody@example.com>: User unknown');
        sent.push(destination.type);
      },
    };
    const refused = await queueLead([{ type: 'email', to: ['nobody@example.com'] }, hookTo]);
    const missing = await queueLead([hookTo]);
    const d: OutboxDeps = {
      db,
      transport,
      loadLead: async (id) => (id === missing ? undefined : lead(id)),
      now: () => clock,
    };
    expect(await deliverDue(d)).toEqual(ran({ delivered: 1, dead: 2 }));
    expect(sent).toEqual(['webhook']);
    const rows = await db
      .selectFrom('lead_deliveries')
      .selectAll()
      .where('status', '=', 'dead')
      .orderBy('id')
      .execute();
    expect(rows).toMatchObject([
      {
        lead_id: refused,
        kind: 'email',
        attempts: 1,
        dead_at: clock.toISOString(),
        last_error: '550 5.1.1 <nobody@example.com>: User unknown',
      },
      { lead_id: missing, attempts: 1, dead_at: clock.toISOString(), last_error: `lead ${missing} is missing` },
    ]);
    expect(errors.mock.calls.map(String).join('\n')).toContain(
      `LEAD DELIVERY DEAD: lead ${refused} delivery ${rows[0]?.id} (email) is given up on after a failure that retrying cannot fix`,
    );
    expect(await outboxState(db)).toMatchObject({ delivered: 1, pending: 0, dead: 2 });
  });

  it('a webhook answering 404 is dead at once; one answering 429 or 503 is retried', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const gone = await webhookServer([404]);
    const busy = await webhookServer([429]);
    const down = await webhookServer([503]);
    await queueLead([
      { type: 'webhook', url: gone.url, secretEnv: 'LEAD_WEBHOOK_SOUTHERN_CROSS_MOTORS__HOOK' },
      { type: 'webhook', url: busy.url, secretEnv: 'LEAD_WEBHOOK_SOUTHERN_CROSS_MOTORS__HOOK' },
      { type: 'webhook', url: down.url, secretEnv: 'LEAD_WEBHOOK_SOUTHERN_CROSS_MOTORS__HOOK' },
    ]);
    expect(await deliverDue(deps({ LEAD_WEBHOOK_SOUTHERN_CROSS_MOTORS__HOOK: 's' }))).toEqual(
      ran({ failed: 2, dead: 1 }),
    );
    const rows = await db.selectFrom('lead_deliveries').select(['status', 'last_error']).orderBy('id').execute();
    expect(rows).toEqual([
      { status: 'dead', last_error: `${gone.url} answered 404 Not Found` },
      { status: 'pending', last_error: `${busy.url} answered 429 Too Many Requests` },
      { status: 'pending', last_error: `${down.url} answered 503 Service Unavailable` },
    ]);
  });

  // Security review (issue 20): a site's editor sets these addresses, so they may not reach inside
  // the platform's network (a local service, cloud metadata at 169.254.169.254).
  it('a webhook or CRM address on a loopback or private address is refused at once, recorded with why, the lead kept', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // A real receiver on 127.0.0.1: the refusal must come before anything reaches it.
    const local = await webhookServer([]);
    const id = await queueLead([
      { type: 'webhook', url: local.url, secretEnv: 'LEAD_WEBHOOK_SOUTHERN_CROSS_MOTORS__HOOK' },
      { type: 'adf', url: 'http://169.254.169.254/latest/meta-data/' },
      { type: 'email', to: ['sales@example.com'] },
    ]);
    const d: OutboxDeps = {
      ...deps({ LEAD_WEBHOOK_SOUTHERN_CROSS_MOTORS__HOOK: 's' }),
      // The transport as the server builds it: no test seam.
      transport: createLeadTransport({
        env: { LEAD_WEBHOOK_SOUTHERN_CROSS_MOTORS__HOOK: 's' },
        mailDir: mkdtempSync(join(scratch, 'mail-')),
        from: 'leads@test.example',
      }),
    };
    expect(await deliverDue(d)).toEqual(ran({ delivered: 1, dead: 2 }));
    expect(local.received).toEqual([]);
    const rows = await db
      .selectFrom('lead_deliveries')
      .select(['kind', 'status', 'attempts', 'last_error'])
      .where('lead_id', '=', id)
      .orderBy('id')
      .execute();
    const refusal = (url: string, address: string) =>
      `${url} was refused and nothing was sent: ${address} is not a public internet address. Leads are only sent to addresses on the public internet; correct this destination under Lead delivery in the site's settings`;
    expect(rows).toEqual([
      { kind: 'webhook', status: 'dead', attempts: 1, last_error: refusal(local.url, '127.0.0.1') },
      {
        kind: 'adf',
        status: 'dead',
        attempts: 1,
        last_error: refusal('http://169.254.169.254/latest/meta-data/', '169.254.169.254'),
      },
      { kind: 'email', status: 'delivered', attempts: 1, last_error: null },
    ]);
    expect(errors.mock.calls.map(String).join('\n')).toContain(
      `(webhook) is given up on after a failure that retrying cannot fix: ${refusal(local.url, '127.0.0.1')}`,
    );
    // Dead, not retried in a loop: a day later nothing has been tried again.
    clock = new Date(clock.getTime() + 86_400_000);
    expect(await deliverDue(d)).toEqual(ran({}));
    expect(await db.selectFrom('leads').select('id').where('id', '=', id).execute()).toHaveLength(1);
  });

  it('--retry makes pending deliveries due now and revives dead ones with a fresh run of attempts, leaving claims alone', async () => {
    const transport = countingTransport();
    const d: OutboxDeps = { db, transport, loadLead: async (id) => lead(id), now: () => clock };
    const deadLead = await queueLead([hookTo]);
    const waitingLead = await queueLead([hookTo]);
    const claimedLead = await queueLead([hookTo]);
    const later = new Date(clock.getTime() + 3_600_000).toISOString();
    const held = new Date(clock.getTime() + CLAIM_MS).toISOString();
    await db
      .updateTable('lead_deliveries')
      .set({ status: 'dead', attempts: MAX_ATTEMPTS, dead_at: clock.toISOString(), last_error: 'gone' })
      .where('lead_id', '=', deadLead)
      .execute();
    await db
      .updateTable('lead_deliveries')
      .set({ attempts: 5, next_attempt_at: later, last_error: 'busy' })
      .where('lead_id', '=', waitingLead)
      .execute();
    // Being sent by a worker right now: clearing its claim would let another send it as well.
    await db.updateTable('lead_deliveries').set({ locked_until: held }).where('lead_id', '=', claimedLead).execute();
    expect(await deliverDue(d)).toEqual(ran({}));

    clock = new Date(clock.getTime() + 1_000);
    expect(await retryDeliveries(db, clock)).toEqual({ due: 2, claimed: 1, revived: 1 });
    const rows = await db.selectFrom('lead_deliveries').selectAll().orderBy('lead_id').execute();
    const now = clock.toISOString();
    expect(rows).toMatchObject([
      { lead_id: deadLead, status: 'pending', attempts: 0, dead_at: null, next_attempt_at: now, last_error: 'gone' },
      { lead_id: waitingLead, status: 'pending', attempts: 5, next_attempt_at: now, last_error: 'busy' },
      { lead_id: claimedLead, status: 'pending', next_attempt_at: now, locked_until: held },
    ]);
    expect(await outboxState(db)).toMatchObject({ pending: 3, dead: 0 });

    expect(await deliverDue(d)).toEqual(ran({ delivered: 2 }));
    expect(transport.sent.sort()).toEqual([deadLead, waitingLead].sort());
  });
});
