import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadTenantRegistry } from '../../engine/tenant-registry';
import { UNSUBSCRIBE_MESSAGES } from '../../domain/consent/marketing-consent';
import type { PlatformDb } from '../../services/db/database';
import { openTestDatabase } from '../../services/db/test-database';
import { storeLeadSubmission } from '../../services/leads/lead-store';
import { unsubscribedAt } from '../../services/consent';
import { createUnsubscribeToken, unsubscribeKey } from '../../services/unsubscribe-token';
import type { ApiCaller } from './api-request';
import {
  MAX_UNSUBSCRIBE_BYTES,
  UNSUBSCRIBES_PER_WINDOW,
  unsubscribeLimit,
  unsubscribePost,
  type UnsubscribeDeps,
} from './unsubscribe-post';

// spec: conversion §2.3 /pages/unsubscribe: POST /api/unsubscribe, from the page's script (JSON)
// or as a plain form post without JavaScript, with the token of the e-mail's link (issue 30 L7).

const entry = loadTenantRegistry().tenants.get('harbour-city-mazda');
if (!entry?.ok) throw new Error('harbour-city-mazda did not load');
const tenant = entry.config;
const HOST = 'harbour.example';
const NOW = new Date('2026-11-26T22:30:00Z');
const KEY = unsubscribeKey('unsubscribe-post-test-secret-0123456789');

/** The address and the token its e-mail's link carries. */
function signed(email: string, site = tenant.slug): { email: string; token: string } {
  return { email, token: createUnsubscribeToken(site, email, KEY) ?? '' };
}

let db: PlatformDb;
let deps: UnsubscribeDeps;
let address = 0;
beforeEach(async () => {
  db = await openTestDatabase();
  deps = { db: async () => db, limit: unsubscribeLimit(db), now: () => NOW, key: () => KEY };
});
afterEach(async () => db.destroy());

/** A caller from its own address, so one test's posts never count against another's limit. */
function caller(ip = `203.0.113.${++address}`): ApiCaller {
  return { tenant, ip, host: HOST };
}

function post(body: BodyInit, headers: Record<string, string> = {}): Request {
  return new Request(`http://${HOST}/api/unsubscribe`, {
    method: 'POST',
    headers: { host: HOST, origin: `https://${HOST}`, 'sec-fetch-site': 'same-origin', ...headers },
    body,
  });
}
const json = (body: unknown, headers: Record<string, string> = {}) =>
  post(JSON.stringify(body), { 'content-type': 'application/json', ...headers });
const form = (fields: Record<string, string>) =>
  post(new URLSearchParams(fields).toString(), { 'content-type': 'application/x-www-form-urlencoded' });

async function bodyOf(response: Response): Promise<Record<string, unknown>> {
  return (await response.json()) as Record<string, unknown>;
}

describe('POST /api/unsubscribe', () => {
  it('records the withdrawal and answers the same for a known and an unknown address (no enumeration)', async () => {
    const stored = await storeLeadSubmission(
      db,
      {
        tenant: tenant.slug,
        form: 'general-enquiry',
        eventId: 22,
        category: 'General Enquiry',
        fields: { name: 'Ana', email: 'ana@example.com', opt_in: true },
        extras: {},
        url: '',
        visitedPages: [],
        linkedQueryParams: {},
        idempotencyKey: 'route-test-lead',
        step: 0,
        isLastStep: true,
        spam: false,
        destinations: [],
      },
      NOW,
    );
    expect(stored.ok).toBe(true);
    const known = await unsubscribePost(json(signed('Ana@Example.com')), caller(), deps);
    const unknown = await unsubscribePost(json(signed('nobody@example.com')), caller(), deps);
    expect([known.status, unknown.status]).toEqual([200, 200]);
    expect(known.headers.get('cache-control')).toBe('no-store');
    expect(await bodyOf(known)).toEqual(await bodyOf(unknown));
    expect(await unsubscribedAt(db, tenant.slug, 'ana@example.com')).toBe(NOW.toISOString());
    const lead = await db.selectFrom('leads').select('fields').executeTakeFirstOrThrow();
    expect(JSON.parse(lead.fields)).toMatchObject({ opt_in: false });
  });

  it('answers 400 with a clear message for a body it cannot use, and records nothing', async () => {
    const cases: [Request, RegExp][] = [
      [post('email=ana@example.com', { 'content-type': 'text/plain' }), /as JSON .* or as a form/],
      [post('{"email":', { 'content-type': 'application/json' }), /not valid JSON/],
      [json(['ana@example.com']), /\{"email": "you@example.com"\}/],
      [json({ address: 'ana@example.com' }), /\{"email": "you@example.com"\}/],
      [json('ana@example.com'), /\{"email": "you@example.com"\}/],
      [json(null), /\{"email": "you@example.com"\}/],
      [post(`${'['.repeat(40)}${']'.repeat(40)}`, { 'content-type': 'application/json' }), /not valid JSON/],
      [json({ email: 'not an address' }), new RegExp(UNSUBSCRIBE_MESSAGES.invalidEmail)],
      [json({ email: 42 }), new RegExp(UNSUBSCRIBE_MESSAGES.invalidEmail)],
    ];
    for (const [request, message] of cases) {
      const response = await unsubscribePost(request, caller(), deps);
      expect(response.status).toBe(400);
      const body = await bodyOf(response);
      expect(body.success).toBe(false);
      expect(body.error).toMatch(message);
    }
    expect(await db.selectFrom('marketing_unsubscribes').selectAll().execute()).toEqual([]);
  });

  it('refuses a body over the limit without reading past it (413)', async () => {
    const big = json({ email: 'ana@example.com', pad: 'x'.repeat(MAX_UNSUBSCRIBE_BYTES) });
    const response = await unsubscribePost(big, caller(), deps);
    expect(response.status).toBe(413);
    expect((await bodyOf(response)).error).toMatch(/too large/);
  });

  it("refuses another site's page (403), and an unknown site (404)", async () => {
    const foreign: Record<string, string>[] = [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }];
    for (const headers of foreign) {
      const response = await unsubscribePost(json({ email: 'ana@example.com' }, headers), caller(), deps);
      expect(response.status).toBe(403);
      expect((await bodyOf(response)).error).toBe(UNSUBSCRIBE_MESSAGES.foreignOrigin);
    }
    expect((await unsubscribePost(json({ email: 'ana@example.com' }), undefined, deps)).status).toBe(404);
    expect(await db.selectFrom('marketing_unsubscribes').selectAll().execute()).toEqual([]);
  });

  it('limits posts per address and site (429 with a message), other addresses unaffected', async () => {
    const from = caller();
    for (let i = 0; i < UNSUBSCRIBES_PER_WINDOW; i++)
      expect((await unsubscribePost(json(signed(`a${i}@example.com`)), from, deps)).status).toBe(200);
    const limited = await unsubscribePost(json(signed('late@example.com')), from, deps);
    expect(limited.status).toBe(429);
    expect((await bodyOf(limited)).error).toBe(UNSUBSCRIBE_MESSAGES.tooMany);
    expect(await unsubscribedAt(db, tenant.slug, 'late@example.com')).toBeUndefined();
    expect((await unsubscribePost(json(signed('late@example.com')), caller(), deps)).status).toBe(200);
  });

  it('answers a plain form post (no JavaScript) with a redirect back to the page and its outcome', async () => {
    const done = await unsubscribePost(form(signed('ana@example.com')), caller(), deps);
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/pages/unsubscribe?result=done');
    expect(await unsubscribedAt(db, tenant.slug, 'ana@example.com')).toBe(NOW.toISOString());
    // A mistyped address comes back in the field, so nothing typed is lost.
    const invalid = await unsubscribePost(form({ email: 'ana@example' }), caller(), deps);
    expect(invalid.status).toBe(303);
    expect(invalid.headers.get('location')).toBe('/pages/unsubscribe?result=invalid&email=ana%40example');
  });

  it('answers 503 with a retry message when the database fails, never a 500', async () => {
    const closed = await openTestDatabase();
    await closed.destroy();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const broken: UnsubscribeDeps = {
      db: async () => closed,
      limit: unsubscribeLimit(closed),
      now: () => NOW,
      key: () => KEY,
    };
    const response = await unsubscribePost(json(signed('ana@example.com')), caller(), broken);
    expect(response.status).toBe(503);
    expect((await bodyOf(response)).error).toBe(UNSUBSCRIBE_MESSAGES.unavailable);
    const fields = signed('ana@example.com');
    const viaForm = await unsubscribePost(form(fields), caller(), broken);
    // Back to the page with what was sent, so the shopper can try again from there.
    expect(viaForm.headers.get('location')).toBe(
      `/pages/unsubscribe?result=unavailable&email=ana%40example.com&token=${fields.token}`,
    );
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });

  it('refuses an address without its link’s token, saying to use the link, and records nothing (issue 30 L7)', async () => {
    const bare = await unsubscribePost(json({ email: 'ana@example.com' }), caller(), deps);
    expect(bare.status).toBe(403);
    expect(await bodyOf(bare)).toEqual({ success: false, error: UNSUBSCRIBE_MESSAGES.needsLink });
    const cases: [Request, string][] = [
      [json({ email: 'ana@example.com', token: signed('bob@example.com').token }), UNSUBSCRIBE_MESSAGES.badLink],
      [json(signed('ana@example.com', 'southern-cross-motors')), UNSUBSCRIBE_MESSAGES.badLink],
      [json({ email: 'ana@example.com', token: 'x'.repeat(43) }), UNSUBSCRIBE_MESSAGES.badLink],
      [json({ email: 'ana@example.com', token: 42 }), UNSUBSCRIBE_MESSAGES.badLink],
      [json({ email: 'ana@example.com', token: '' }), UNSUBSCRIBE_MESSAGES.needsLink],
    ];
    for (const [request, message] of cases) {
      const response = await unsubscribePost(request, caller(), deps);
      expect(response.status).toBe(403);
      expect((await bodyOf(response)).error).toBe(message);
    }
    // Without JavaScript: back to the page, which says to use the link; the address stays, a bad token does not.
    const viaForm = await unsubscribePost(
      form({ email: 'ana@example.com', token: signed('bob@example.com').token }),
      caller(),
      deps,
    );
    expect(viaForm.status).toBe(303);
    expect(viaForm.headers.get('location')).toBe('/pages/unsubscribe?result=link&email=ana%40example.com');
    expect(await db.selectFrom('marketing_unsubscribes').selectAll().execute()).toEqual([]);
  });

  it('takes a one-click List-Unsubscribe post from a mail provider (RFC 8058): address and token in the URL', async () => {
    const link = (fields: { email: string; token: string }) =>
      `http://${HOST}/api/unsubscribe?${new URLSearchParams(fields).toString()}`;
    // The provider's own server posts: no Origin, no Sec-Fetch-Site.
    const urlencoded = new Request(link(signed('ana@example.com')), {
      method: 'POST',
      headers: { host: HOST, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    const done = await unsubscribePost(urlencoded, caller(), deps);
    expect(done.status).toBe(200);
    expect(await bodyOf(done)).toEqual({ success: true });
    expect(await unsubscribedAt(db, tenant.slug, 'ana@example.com')).toBe(NOW.toISOString());
    const multipart = new FormData();
    multipart.set('List-Unsubscribe', 'One-Click');
    const viaMultipart = await unsubscribePost(
      new Request(link(signed('bob@example.com')), { method: 'POST', headers: { host: HOST }, body: multipart }),
      caller(),
      deps,
    );
    expect(viaMultipart.status).toBe(200);
    expect(await unsubscribedAt(db, tenant.slug, 'bob@example.com')).toBe(NOW.toISOString());
    // A one-click post whose URL carries no good token is refused like any other.
    const forged = await unsubscribePost(
      new Request(link({ email: 'carol@example.com', token: signed('ana@example.com').token }), {
        method: 'POST',
        headers: { host: HOST, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      }),
      caller(),
      deps,
    );
    expect(forged.status).toBe(403);
    expect(await unsubscribedAt(db, tenant.slug, 'carol@example.com')).toBeUndefined();
  });
});
