import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PlatformDb } from '../db/database';
import { openTestDatabase } from '../db/test-database';
import { leadToAdf } from '../leads/adf';
import { leadEmail } from '../leads/lead-email';
import { loadLead } from '../leads/lead-record';
import { storeLeadSubmission, type LeadSubmission } from '../leads/lead-store';
import { leadWebhookPayload } from '../leads/webhook-signature';
import { StockRepository } from '../stock';
import { optOutLead, unsubscribe, unsubscribedAt, unsubscribeHash } from './marketing-consent';

// spec: conversion §2.3 /pages/unsubscribe (a working unsubscribe) and §5.1 opt_in (default true):
// withdrawing consent marks the site's leads from the address opted out, and later leads too.

const SITE = 'harbour-city-mazda';
const OTHER_SITE = 'southern-cross-motors';
const SENT = new Date('2026-11-20T01:00:00Z');
const UNSUBSCRIBED = new Date('2026-11-26T22:30:00Z');

let db: PlatformDb;
let key = 0;
beforeEach(async () => {
  db = await openTestDatabase();
});
afterEach(async () => db.destroy());

function submission(fields: LeadSubmission['fields'], tenant = SITE): LeadSubmission {
  return {
    tenant,
    form: 'general-enquiry',
    eventId: 22,
    category: 'General Enquiry',
    fields,
    extras: {},
    url: 'https://harbour.example/contact',
    visitedPages: [],
    linkedQueryParams: {},
    idempotencyKey: `consent-key-${++key}`,
    step: 0,
    isLastStep: true,
    spam: false,
    destinations: [],
  };
}

async function store(fields: LeadSubmission['fields'], tenant = SITE, at = SENT): Promise<number> {
  const saved = await storeLeadSubmission(db, submission(fields, tenant), at);
  if (!saved.ok) throw new Error('lead not stored');
  return saved.leadId;
}

async function optInOf(id: number): Promise<unknown> {
  const row = await db.selectFrom('leads').select('fields').where('id', '=', id).executeTakeFirstOrThrow();
  return (JSON.parse(row.fields) as Record<string, unknown>).opt_in;
}

const load = (id: number) =>
  loadLead(
    db,
    new StockRepository(db),
    () => ({ name: 'Harbour City Mazda', origin: 'https://harbour.example', dealershipIds: [] }),
    id,
  );

describe('unsubscribe', () => {
  it("marks every lead from the address on this site opted out, and no one else's", async () => {
    const mine = await store({ name: 'Ana', email: 'Ana.Silva@Example.com', opt_in: true });
    const mineToo = await store({ name: 'Ana', email: 'ana.silva@example.com' });
    // A longer address that contains the shopper's, and the same address on another site.
    const lookalike = await store({ name: 'Jo', email: 'joana.silva@example.com', opt_in: true });
    const elsewhere = await store({ name: 'Ana', email: 'ana.silva@example.com', opt_in: true }, OTHER_SITE);

    const result = await unsubscribe(db, SITE, '  ANA.SILVA@example.COM ', UNSUBSCRIBED);
    expect(result).toEqual({ ok: true, leadsOptedOut: 2 });
    expect(await optInOf(mine)).toBe(false);
    expect(await optInOf(mineToo)).toBe(false);
    expect(await optInOf(lookalike)).toBe(true);
    expect(await optInOf(elsewhere)).toBe(true);
    expect(await unsubscribedAt(db, SITE, 'ana.silva@example.com')).toBe(UNSUBSCRIBED.toISOString());
    expect(await unsubscribedAt(db, OTHER_SITE, 'ana.silva@example.com')).toBeUndefined();
  });

  it("takes LIKE's wildcards in an address literally", async () => {
    const other = await store({ email: 'a1b@example.com', opt_in: true });
    const exact = await store({ email: 'a_b@example.com', opt_in: true });
    expect(await unsubscribe(db, SITE, 'a_b@example.com', UNSUBSCRIBED)).toEqual({ ok: true, leadsOptedOut: 1 });
    expect(await optInOf(exact)).toBe(false);
    expect(await optInOf(other)).toBe(true);
  });

  it('keeps only a hash of the address, and the first date when asked again', async () => {
    await unsubscribe(db, SITE, 'ana@example.com', UNSUBSCRIBED);
    await unsubscribe(db, SITE, 'Ana@Example.com', new Date('2026-12-01T00:00:00Z'));
    const rows = await db.selectFrom('marketing_unsubscribes').selectAll().execute();
    expect(rows).toEqual([
      {
        tenant: SITE,
        email_hash: unsubscribeHash(SITE, 'ana@example.com'),
        unsubscribed_at: UNSUBSCRIBED.toISOString(),
      },
    ]);
    expect(JSON.stringify(rows)).not.toContain('ana@');
    // The same address hashes differently on another site, so two sites' rows cannot be linked.
    expect(unsubscribeHash(OTHER_SITE, 'ana@example.com')).not.toBe(unsubscribeHash(SITE, 'ana@example.com'));
  });

  it('answers the same for an address the site has never seen (no enumeration), and refuses a non-address', async () => {
    expect(await unsubscribe(db, SITE, 'nobody@example.com', UNSUBSCRIBED)).toEqual({ ok: true, leadsOptedOut: 0 });
    for (const bad of ['', 'ana', 'ana@', 'a b@example.com', 42, null, ['ana@example.com'], `${'a'.repeat(250)}@x.com`])
      expect(await unsubscribe(db, SITE, bad, UNSUBSCRIBED)).toEqual({ ok: false, reason: 'invalid_email' });
    expect(await db.selectFrom('marketing_unsubscribes').selectAll().execute()).toHaveLength(1);
  });
});

describe("optOutLead (security review: 'reads lead fields without a lock and writes the whole JSON back, so a concurrent step update can be lost')", () => {
  const readLead = (id: number) =>
    db.selectFrom('leads').select(['id', 'fields']).where('id', '=', id).executeTakeFirstOrThrow();
  const fieldsOf = async (id: number) => JSON.parse((await readLead(id)).fields) as Record<string, unknown>;

  it('keeps a step saved between the read and the write, and still opts the lead out', async () => {
    const id = await store({ email: 'ana@example.com', opt_in: true });
    const stale = await readLead(id);
    // The filling's next step lands after the unsubscribe read the lead, before it writes.
    await db
      .updateTable('leads')
      .set({ fields: JSON.stringify({ email: 'ana@example.com', opt_in: true, message: 'Is it still for sale?' }) })
      .where('id', '=', id)
      .execute();
    expect(await optOutLead(db, stale, 'ana@example.com', UNSUBSCRIBED.toISOString())).toBe(true);
    expect(await fieldsOf(id)).toEqual({ email: 'ana@example.com', opt_in: false, message: 'Is it still for sale?' });
  });

  it('decides again on the fields as they are now: a lead changed to another address is left alone', async () => {
    const id = await store({ email: 'ana@example.com', opt_in: true });
    const stale = await readLead(id);
    await db
      .updateTable('leads')
      .set({ fields: JSON.stringify({ email: 'ben@example.com', opt_in: true }) })
      .where('id', '=', id)
      .execute();
    expect(await optOutLead(db, stale, 'ana@example.com', UNSUBSCRIBED.toISOString())).toBe(false);
    expect(await fieldsOf(id)).toEqual({ email: 'ben@example.com', opt_in: true });
  });
});

describe('leads from an address that unsubscribed', () => {
  it('are stored opted out whatever the box said, later steps included', async () => {
    await unsubscribe(db, SITE, 'ana@example.com', UNSUBSCRIBED);
    const first = await storeLeadSubmission(
      db,
      { ...submission({ name: 'Ana', email: 'ANA@example.com', opt_in: true }), isLastStep: false },
      new Date('2026-12-01T00:00:00Z'),
    );
    if (!first.ok) throw new Error('lead not stored');
    const later = first.leadId;
    expect(await optInOf(later)).toBe(false);
    // A second step of the same filling ticks the box again: still opted out.
    const { idempotency_key } = await db
      .selectFrom('leads')
      .select('idempotency_key')
      .where('id', '=', later)
      .executeTakeFirstOrThrow();
    const step = { ...submission({ opt_in: true }), idempotencyKey: idempotency_key, step: 1 };
    const again = await storeLeadSubmission(db, step, new Date('2026-12-01T00:01:00Z'));
    expect(again).toMatchObject({ ok: true, leadId: later, created: false });
    expect(await optInOf(later)).toBe(false);
    // On another site the same address is still asked.
    expect(await optInOf(await store({ email: 'ana@example.com', opt_in: true }, OTHER_SITE))).toBe(true);
  });

  it("tell the dealer since when, in the e-mail, the ADF and the webhook (site's clock)", async () => {
    const id = await store({ name: 'Ana', email: 'ana@example.com', opt_in: true });
    // Unsubscribed after sending but before delivery: the delivery says so too.
    await unsubscribe(db, SITE, 'ana@example.com', UNSUBSCRIBED);
    const lead = await load(id);
    expect(lead?.marketingUnsubscribedAt).toBe(UNSUBSCRIBED.toISOString());
    expect(lead?.fields.opt_in).toBe(false);
    // 22:30 UTC on 26 November is 27 November in Sydney.
    const timeZone = 'Australia/Sydney';
    expect(leadEmail(lead!, { timeZone }).text).toContain('Marketing opt-in: no (unsubscribed on 27 November 2026)\n');
    expect(leadToAdf(lead!, { timeZone })).toContain('Marketing opt-in: no (unsubscribed on 27 November 2026)');
    const hook = JSON.parse(leadWebhookPayload(lead!)) as { lead: Record<string, unknown> };
    expect(hook.lead.marketing_unsubscribed_at).toBe(UNSUBSCRIBED.toISOString());
    expect(hook.lead.fields).toMatchObject({ opt_in: false });
  });

  it('leave a lead from an address that never unsubscribed as it was', async () => {
    const id = await store({ name: 'Ana', email: 'ana@example.com', opt_in: true });
    const lead = await load(id);
    expect(lead?.marketingUnsubscribedAt).toBeUndefined();
    expect(leadEmail(lead!).text).toContain('Marketing opt-in: yes\n');
    expect(JSON.parse(leadWebhookPayload(lead!))).not.toHaveProperty('lead.marketing_unsubscribed_at');
  });
});
