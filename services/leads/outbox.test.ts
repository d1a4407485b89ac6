import { createServer, type Server } from 'node:http';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { ColumnNode, ColumnUpdateNode, UpdateQueryNode, type KyselyPlugin } from 'kysely';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ResolvedLeadDestination } from '../../schemas/types.generated';
import { migrateToLatest, openDatabase, type PlatformDb } from '../db/database';
import { storeLeadSubmission } from './lead-store';
import {
  CLAIM_MS,
  FIRST_RETRY_MS,
  RECORD_RETRY_DELAYS_MS,
  SEND_DEADLINE_MS,
  UNRECORDED_HOLD_MS,
  deliverDue,
  outboxState,
  retryDelayMs,
  type LeadTransport,
  type OutboxDeps,
} from './outbox';
import { SMTP_TIMEOUTS, WEBHOOK_TIMEOUT_MS, createLeadTransport } from './transports';
import type { Lead } from './types';
import { SIGNATURE_HEADER, verifyWebhook } from './webhook-signature';

let db: PlatformDb;
let clock: Date;
let closers: Array<() => Promise<void>>;

beforeEach(async () => {
  db = openDatabase('file::memory:');
  await migrateToLatest(db);
  clock = new Date('2026-11-20T01:00:00Z');
  closers = [];
});
afterEach(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  for (const close of closers) await close();
});

async function queueLead(destinations: ResolvedLeadDestination[]): Promise<number> {
  const stored = await storeLeadSubmission(
    db,
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
    transport: createLeadTransport({ env, mailDir, from: 'leads@test.example', ...(smtpUrl ? { smtpUrl } : {}) }),
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
    const id = await queueLead([{ type: 'webhook', url: hook.url, secretEnv: 'HOOK_SECRET' }]);
    const d = deps({ HOOK_SECRET: 's3cret' });
    expect(await deliverDue(d)).toEqual({ delivered: 0, failed: 1, unrecorded: 0 });
    let [row] = await db.selectFrom('lead_deliveries').selectAll().execute();
    expect(row).toMatchObject({ status: 'pending', attempts: 1, last_error: expect.stringContaining('500') });
    expect(row!.next_attempt_at).toBe(new Date(clock.getTime() + FIRST_RETRY_MS).toISOString());
    expect(await outboxState(db)).toMatchObject({ pending: 1, retrying: 1 });
    // Not due yet: nothing is sent.
    expect(await deliverDue(d)).toEqual({ delivered: 0, failed: 0, unrecorded: 0 });
    clock = new Date(clock.getTime() + FIRST_RETRY_MS);
    expect(await deliverDue(d)).toEqual({ delivered: 1, failed: 0, unrecorded: 0 });
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

  it('a missing webhook secret is an error that keeps the lead queued, with the reason visible', async () => {
    await queueLead([{ type: 'webhook', url: 'http://127.0.0.1:9/x', secretEnv: 'NOT_SET' }]);
    await deliverDue(deps());
    const [row] = await db.selectFrom('lead_deliveries').selectAll().execute();
    expect(row).toMatchObject({
      status: 'pending',
      last_error: 'the webhook secret NOT_SET is not set in the environment',
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
    expect(await deliverDue(deps({}, `smtp://127.0.0.1:${port}`))).toEqual({ delivered: 2, failed: 0, unrecorded: 0 });
    expect(messages).toHaveLength(2);
    expect(messages[0]).toMatch(/^Subject: New General Enquiry from Ana Silva/m);
    expect(messages[0]).toMatch(/^Reply-To: ana@example.com/m);
    expect(messages[1]).toContain('<?adf version="1.0"?>');
  });

  it('without an SMTP server, mail is written to the local mail folder so the flow works offline', async () => {
    const mailDir = mkdtempSync(join(scratch, 'mail-'));
    const id = await queueLead([{ type: 'email', to: ['sales@example.com'] }]);
    expect(await deliverDue(deps({}, undefined, mailDir))).toEqual({ delivered: 1, failed: 0, unrecorded: 0 });
    const [file] = readdirSync(mailDir);
    expect(file).toMatch(new RegExp(`^lead-${id}-email-`));
    expect(readFileSync(join(mailDir, file!), 'utf8')).toContain('To: sales@example.com');
  });

  it('two workers never send the same delivery twice at once', async () => {
    const hook = await webhookServer([]);
    await queueLead([{ type: 'webhook', url: hook.url, secretEnv: 'HOOK_SECRET' }]);
    const d = deps({ HOOK_SECRET: 's' });
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

const hookTo: ResolvedLeadDestination = { type: 'webhook', url: 'http://127.0.0.1:9/x', secretEnv: 'S' };

describe('lead outbox: a send is never repeated because its outcome could not be written', () => {
  it('retries the "delivered" update with backoff and never counts it as a failed send', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const transport = countingTransport();
    const failures = { left: RECORD_RETRY_DELAYS_MS.length };
    const d: OutboxDeps = {
      db: failingStatusUpdates(failures),
      transport,
      loadLead: async (id) => lead(id),
      now: () => clock,
    };
    const id = await queueLead([hookTo]);
    const running = deliverDue(d);
    await vi.runAllTimersAsync();
    expect(await running).toEqual({ delivered: 1, failed: 0, unrecorded: 0 });
    expect(failures.left).toBe(0);
    const [row] = await db.selectFrom('lead_deliveries').selectAll().execute();
    expect(row).toMatchObject({ status: 'delivered', attempts: 1, last_error: null, locked_until: null });
    // Long after any retry would have been due, it is still sent exactly once.
    clock = new Date(clock.getTime() + 2 * UNRECORDED_HOLD_MS);
    expect(await deliverDue(d)).toEqual({ delivered: 0, failed: 0, unrecorded: 0 });
    expect(transport.sent).toEqual([id]);
  });

  it('holds a send it cannot record (no worker sends it again), says so loudly, and records it once the database recovers', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const transport = countingTransport();
    const failures = { left: Number.POSITIVE_INFINITY };
    const thisWorker: OutboxDeps = {
      db: failingStatusUpdates(failures),
      transport,
      loadLead: async (id) => lead(id),
      now: () => clock,
    };
    // Another process: same database, none of this one's memory.
    const otherWorker: OutboxDeps = { ...thisWorker, db };
    const id = await queueLead([hookTo]);

    const running = deliverDue(thisWorker);
    await vi.runAllTimersAsync();
    expect(await running).toEqual({ delivered: 0, failed: 0, unrecorded: 1 });
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
    expect(await deliverDue(otherWorker)).toEqual({ delivered: 0, failed: 0, unrecorded: 0 });
    expect(await deliverDue(thisWorker)).toEqual({ delivered: 0, failed: 0, unrecorded: 1 });
    [row] = await db.selectFrom('lead_deliveries').selectAll().execute();
    expect(row?.locked_until).toBe(new Date(clock.getTime() + UNRECORDED_HOLD_MS).toISOString());

    failures.left = 0;
    expect(await deliverDue(thisWorker)).toEqual({ delivered: 1, failed: 0, unrecorded: 0 });
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
      { type: 'webhook', url: 'http://relay.invalid/hung', secretEnv: 'S' },
      { type: 'email', to: ['sales@example.com'] },
    ]);
    const running = deliverDue({ db, transport, loadLead: async (id) => lead(id), now: () => clock });
    await vi.advanceTimersByTimeAsync(SEND_DEADLINE_MS);
    expect(await running).toEqual({ delivered: 1, failed: 1, unrecorded: 0 });
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
    // The timer is cleared after each attempt, so nothing is left to fire later.
    expect(vi.getTimerCount()).toBe(0);
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
    expect(await deliverDue({ db, transport, loadLead: async (id) => lead(id), now: () => later })).toEqual({
      delivered: 0,
      failed: 0,
      unrecorded: 0,
    });
    finish();
    expect(await first).toEqual({ delivered: 1, failed: 0, unrecorded: 0 });
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
    const transport = createLeadTransport({ env: { S: 's' }, mailDir: tmpdir(), from: 'leads@test.example' });
    const controller = new AbortController();
    const sending = transport.send(
      { type: 'webhook', url: `http://127.0.0.1:${port}/hung`, secretEnv: 'S' },
      lead(1),
      controller.signal,
    );
    await vi.waitFor(() => expect(seen).toEqual(['/hung']));
    controller.abort(new Error('the delivery did not finish within 30 s'));
    await expect(sending).rejects.toThrow('the delivery did not finish within 30 s');
  });
});
