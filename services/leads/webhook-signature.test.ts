import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Lead } from './types';
import { sampleLead } from './sample-lead';
import { Webhook } from 'standardwebhooks';
import {
  leadWebhookPayload,
  SIGNATURE_HEADER,
  signWebhook,
  standardWebhookHeaders,
  standardWebhookSecret,
  verifyWebhook,
  webhookKey,
} from './webhook-signature';

const SECRET = 'whsec_test_2f9c1a';
const BODY = '{"type":"lead.created","lead":{"id":1}}';
const T = 1_795_000_000;

function lead(overrides: Partial<Lead> = {}): Lead {
  return sampleLead({
    subcategory: 'Price',
    fields: { phone: '0412 345 678', name: 'Jane', opt_in: true, interests: ['Finance'] },
    additionalServices: ['Finance', 'Extended warranty'],
    car: {
      id: 77,
      slug: 'corolla',
      stocknum: 'U1234',
      year: 2021,
      make: 'Toyota',
      model: 'Corolla',
      car_type: 'used',
      price: 29990,
    },
    dealership: { id: 3, slug: 'harbour-toyota', name: 'Harbour Toyota' },
    locationId: 9,
    url: 'https://harbour.example/cars/corolla',
    userAgent: 'Mozilla/5.0',
    visitedPages: ['https://harbour.example/', 'https://harbour.example/cars/corolla'],
    linkedQueryParams: { utm_source: 'google', gclid: 'abc' },
    ...overrides,
  });
}

describe('signWebhook', () => {
  it('exposes the header name receivers look for', () => {
    expect(SIGNATURE_HEADER).toBe('x-platform-signature');
  });

  it('signs "{timestamp}.{body}" with HMAC-SHA256 in hex', () => {
    const expected = createHmac('sha256', SECRET).update(`${T}.${BODY}`).digest('hex');
    expect(signWebhook(SECRET, BODY, T)).toBe(`t=${T},v1=${expected}`);
  });

  it('matches a fixed vector computed outside Node', () => {
    // printf '%s' '1795000000.{}' | openssl dgst -sha256 -hmac whsec_test_2f9c1a
    expect(signWebhook(SECRET, '{}', T)).toBe(
      't=1795000000,v1=cb431f7732ea38044e6bae43da677965dad7f3c434a67b65c1a6ca6d4caec132',
    );
  });

  it('signs non-ASCII bodies as UTF-8', () => {
    const body = '{"message":"Café — 5★"}';
    const expected = createHmac('sha256', SECRET)
      .update(Buffer.from(`${T}.${body}`, 'utf8'))
      .digest('hex');
    expect(signWebhook(SECRET, body, T)).toBe(`t=${T},v1=${expected}`);
  });

  it('refuses an empty secret and a non-integer timestamp', () => {
    expect(() => signWebhook('', BODY, T)).toThrow(/secret/);
    expect(() => signWebhook(SECRET, BODY, 1.5)).toThrow(RangeError);
    expect(() => signWebhook(SECRET, BODY, -1)).toThrow(RangeError);
  });
});

describe('verifyWebhook', () => {
  const header = signWebhook(SECRET, BODY, T);

  it('accepts its own signature within the tolerance, on either side of the clock', () => {
    expect(verifyWebhook(SECRET, BODY, header, T)).toBe(true);
    expect(verifyWebhook(SECRET, BODY, header, T + 300)).toBe(true);
    expect(verifyWebhook(SECRET, BODY, header, T - 300)).toBe(true);
  });

  it('rejects timestamps outside the tolerance', () => {
    expect(verifyWebhook(SECRET, BODY, header, T + 301)).toBe(false);
    expect(verifyWebhook(SECRET, BODY, header, T - 301)).toBe(false);
    expect(verifyWebhook(SECRET, BODY, header, T + 60, 30)).toBe(false);
    expect(verifyWebhook(SECRET, BODY, header, T, Number.NaN)).toBe(false);
  });

  it('rejects a tampered body and a wrong secret', () => {
    expect(verifyWebhook(SECRET, BODY.replace('"id":1', '"id":2'), header, T)).toBe(false);
    expect(verifyWebhook(SECRET, `${BODY} `, header, T)).toBe(false);
    expect(verifyWebhook('whsec_other', BODY, header, T)).toBe(false);
    expect(verifyWebhook('', BODY, header, T)).toBe(false);
  });

  it('rejects a timestamp swapped after signing', () => {
    const forged = header.replace(`t=${T}`, `t=${T + 10}`);
    expect(verifyWebhook(SECRET, BODY, forged, T)).toBe(false);
  });

  it.each([
    ['empty', ''],
    ['missing', undefined],
    ['no timestamp', header.split(',')[1]],
    ['no signature', `t=${T}`],
    ['short signature', `t=${T},v1=abcd`],
    ['non-hex signature', `t=${T},v1=${'z'.repeat(64)}`],
    ['non-numeric timestamp', header.replace(`t=${T}`, 't=soon')],
    ['two timestamps', `t=${T},${header}`],
    ['bare word', 'garbage'],
    ['trailing comma', `${header},`],
  ])('rejects a malformed header (%s)', (_case, bad) => {
    expect(verifyWebhook(SECRET, BODY, bad, T)).toBe(false);
  });

  it('accepts any of several v1 signatures, for secret rotation, and ignores unknown schemes', () => {
    const oldSig = signWebhook('whsec_old', BODY, T).split(',')[1];
    const newSig = signWebhook(SECRET, BODY, T).split(',')[1];
    expect(verifyWebhook(SECRET, BODY, `t=${T},${oldSig},${newSig},v2=future`, T)).toBe(true);
    expect(verifyWebhook(SECRET, BODY, `t=${T},${oldSig}`, T)).toBe(false);
  });

  it('accepts upper-case hex and spaces after commas', () => {
    const hex = header.split('v1=')[1] ?? '';
    expect(verifyWebhook(SECRET, BODY, `t=${T}, v1=${hex.toUpperCase()}`, T)).toBe(true);
  });
});

describe('leadWebhookPayload', () => {
  it('writes a lead.created body with conversion §3 names', () => {
    const body = JSON.parse(leadWebhookPayload(lead())) as { type: string; lead: Record<string, unknown> };
    expect(body.type).toBe('lead.created');
    expect(body.lead).toEqual({
      id: 4211,
      tenant: 'harbour-motors',
      site_name: 'Harbour Motors',
      created_at: '2026-11-22T00:00:00.000Z',
      form: 'used-car-enquiry',
      event_id: 15,
      category: 'Used Car Enquiry',
      subcategory: 'Price',
      fields: { interests: ['Finance'], name: 'Jane', opt_in: true, phone: '0412 345 678' },
      additional_services: ['Finance', 'Extended warranty'],
      url: 'https://harbour.example/cars/corolla',
      source: 'Website',
      user_agent: 'Mozilla/5.0',
      car_id: 77,
      car_dealership_id: 3,
      location_id: 9,
      lead_attributes: {
        visited_pages: ['https://harbour.example/', 'https://harbour.example/cars/corolla'],
        linked_query_params: { gclid: 'abc', utm_source: 'google' },
      },
      car: {
        id: 77,
        slug: 'corolla',
        stocknum: 'U1234',
        vin: null,
        year: 2021,
        make: 'Toyota',
        model: 'Corolla',
        badge: null,
        car_type: 'used',
        price: 29990,
        url: null,
      },
      dealership: { id: 3, slug: 'harbour-toyota', name: 'Harbour Toyota', phone: null, email: null },
    });
  });

  it('uses null for a lead without car, dealership or optional values', () => {
    const body = JSON.parse(
      leadWebhookPayload(
        lead({
          car: undefined,
          dealership: undefined,
          subcategory: undefined,
          userAgent: undefined,
          locationId: undefined,
        }),
      ),
    ) as {
      lead: Record<string, unknown>;
    };
    expect(body.lead).toMatchObject({
      car: null,
      dealership: null,
      car_id: null,
      car_dealership_id: null,
      subcategory: null,
      user_agent: null,
      location_id: null,
    });
  });

  it('is byte-for-byte stable whatever order fields and params were collected in', () => {
    const a = leadWebhookPayload(lead({ fields: { b: '2', a: '1' }, linkedQueryParams: { z: '1', y: '2' } }));
    const b = leadWebhookPayload(lead({ fields: { a: '1', b: '2' }, linkedQueryParams: { y: '2', z: '1' } }));
    expect(a).toBe(b);
    expect(a.startsWith('{"type":"lead.created","lead":{"id":4211,')).toBe(true);
    expect(signWebhook(SECRET, a, T)).toBe(signWebhook(SECRET, b, T));
  });

  it('round-trips through sign and verify', () => {
    const body = leadWebhookPayload(lead({ fields: { message: 'Quote "this" </script> é' } }));
    expect(verifyWebhook(SECRET, body, signWebhook(SECRET, body, T), T + 5)).toBe(true);
  });
});

describe('Standard Webhooks signatures', () => {
  const WHSEC = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

  it('signs "{id}.{timestamp}.{body}" with HMAC-SHA256 in base64, as v1', () => {
    const headers = standardWebhookHeaders(SECRET, 'lead-1', BODY, T);
    const expected = createHmac('sha256', Buffer.from(SECRET, 'utf8')).update(`lead-1.${T}.${BODY}`).digest('base64');
    expect(headers).toEqual({
      'webhook-id': 'lead-1',
      'webhook-timestamp': String(T),
      'webhook-signature': `v1,${expected}`,
    });
  });

  it('uses a whsec_ + base64 secret as Standard Webhooks does: the key is the base64 decoded', () => {
    const key = Buffer.from(WHSEC.slice('whsec_'.length), 'base64');
    expect(Buffer.from(webhookKey(WHSEC)).equals(key)).toBe(true);
    expect(standardWebhookSecret(WHSEC)).toBe(WHSEC);
    const expected = createHmac('sha256', key).update(`m.${T}.${BODY}`).digest('base64');
    expect(standardWebhookHeaders(WHSEC, 'm', BODY, T)['webhook-signature']).toBe(`v1,${expected}`);
    expect(new Webhook(WHSEC).sign('m', new Date(T * 1000), BODY)).toBe(`v1,${expected}`);
  });

  it('uses any other secret as UTF-8 bytes, the old header’s key, written whsec_ + base64 for receivers', () => {
    // "whsec_test_2f9c1a" has an underscore after the prefix: not base64, so it is a plain secret.
    for (const secret of [SECRET, 's3cret', 'pässwörd', 'whsec_', 'whsec_abc']) {
      expect(Buffer.from(webhookKey(secret)).equals(Buffer.from(secret, 'utf8'))).toBe(true);
      expect(standardWebhookSecret(secret)).toBe(`whsec_${Buffer.from(secret, 'utf8').toString('base64')}`);
    }
  });

  it('refuses an empty secret and a non-integer timestamp', () => {
    expect(() => standardWebhookHeaders('', 'm', BODY, T)).toThrow(/secret/);
    expect(() => standardWebhookHeaders(SECRET, 'm', BODY, 1.5)).toThrow(RangeError);
  });

  it('signs non-ASCII bodies as UTF-8, so the library verifies them', () => {
    const body = '{"message":"Café — 5★"}';
    const now = Math.floor(Date.now() / 1000);
    const headers = standardWebhookHeaders('pässwörd', 'm', body, now);
    expect(new Webhook(standardWebhookSecret('pässwörd')).verify(body, headers)).toEqual({ message: 'Café — 5★' });
  });
});
