import { createServer, type Server } from 'node:http';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ResolvedLeadDestination } from '../../schemas/types.generated';
import { migrateToLatest, openDatabase, type PlatformDb } from '../db/database';
import { storeLeadSubmission } from './lead-store';
import { FIRST_RETRY_MS, deliverDue, outboxState, retryDelayMs, type OutboxDeps } from './outbox';
import { createLeadTransport } from './transports';
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
      fields: { name: 'Ana', last_name: 'Silva', email: 'ana@example.com', phone: '0412 345 678', message: 'Is it <b>still</b> available?' },
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
  return stored.leadId;
}

function lead(id: number): Lead {
  return { id, tenant: 'southern-cross-motors', siteName: 'Southern Cross Motors', form: 'general-enquiry', eventId: 22, category: 'General Enquiry', fields: { name: 'Ana', last_name: 'Silva', email: 'ana@example.com', phone: '0412 345 678', message: 'Is it <b>still</b> available?' }, additionalServices: [], url: 'https://scm.example/contact', source: 'Website', visitedPages: ['/'], linkedQueryParams: {}, createdAt: clock.toISOString() };
}

function deps(env: Record<string, string> = {}, smtpUrl?: string, mailDir = mkdtempSync(join(tmpdir(), 'mail-'))): OutboxDeps {
  return { db, transport: createLeadTransport({ env, mailDir, from: 'leads@test.example', ...(smtpUrl ? { smtpUrl } : {}) }), loadLead: async (id) => lead(id), now: () => clock };
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
    expect(await deliverDue(d)).toEqual({ delivered: 0, failed: 1 });
    let [row] = await db.selectFrom('lead_deliveries').selectAll().execute();
    expect(row).toMatchObject({ status: 'pending', attempts: 1, last_error: expect.stringContaining('500') });
    expect(row!.next_attempt_at).toBe(new Date(clock.getTime() + FIRST_RETRY_MS).toISOString());
    expect(await outboxState(db)).toMatchObject({ pending: 1, retrying: 1 });
    // Not due yet: nothing is sent.
    expect(await deliverDue(d)).toEqual({ delivered: 0, failed: 0 });
    clock = new Date(clock.getTime() + FIRST_RETRY_MS);
    expect(await deliverDue(d)).toEqual({ delivered: 1, failed: 0 });
    [row] = await db.selectFrom('lead_deliveries').selectAll().execute();
    expect(row).toMatchObject({ status: 'delivered', attempts: 2, last_error: null });
    const sent = hook.received[1]!;
    expect(verifyWebhook('s3cret', sent.body, String(sent.headers[SIGNATURE_HEADER]), Math.floor(Date.now() / 1000))).toBe(true);
    expect(verifyWebhook('wrong', sent.body, String(sent.headers[SIGNATURE_HEADER]), Math.floor(Date.now() / 1000))).toBe(false);
    expect(JSON.parse(sent.body)).toMatchObject({ type: 'lead.created', lead: { id, category: 'General Enquiry' } });
  });

  it('a missing webhook secret is an error that keeps the lead queued, with the reason visible', async () => {
    await queueLead([{ type: 'webhook', url: 'http://127.0.0.1:9/x', secretEnv: 'NOT_SET' }]);
    await deliverDue(deps());
    const [row] = await db.selectFrom('lead_deliveries').selectAll().execute();
    expect(row).toMatchObject({ status: 'pending', last_error: 'the webhook secret NOT_SET is not set in the environment' });
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
    await queueLead([{ type: 'email', to: ['sales@example.com'] }, { type: 'adf', to: ['crm@example.com'] }]);
    expect(await deliverDue(deps({}, `smtp://127.0.0.1:${port}`))).toEqual({ delivered: 2, failed: 0 });
    expect(messages).toHaveLength(2);
    expect(messages[0]).toMatch(/^Subject: New General Enquiry from Ana Silva/m);
    expect(messages[0]).toMatch(/^Reply-To: ana@example.com/m);
    expect(messages[1]).toContain('<?adf version="1.0"?>');
  });

  it('without an SMTP server, mail is written to the local mail folder so the flow works offline', async () => {
    const mailDir = mkdtempSync(join(tmpdir(), 'mail-'));
    const id = await queueLead([{ type: 'email', to: ['sales@example.com'] }]);
    expect(await deliverDue(deps({}, undefined, mailDir))).toEqual({ delivered: 1, failed: 0 });
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
