import { createHmac, timingSafeEqual } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import type { Lead } from './types';

/**
 * Webhooks are signed the Standard Webhooks way (https://www.standardwebhooks.com): `webhook-id`,
 * `webhook-timestamp` and `webhook-signature: v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">`,
 * so a receiver can check them with an off-the-shelf library (`standardwebhooks` and its ports).
 *
 * A destination's secret is the value of the environment variable its `secretEnv` names. The key
 * is that value's bytes (UTF-8), the same key the platform's own signature below has always used,
 * so existing secrets keep working; its Standard Webhooks form is `whsec_` + base64 of those bytes
 * (standardWebhookSecret). A value that is already in that form (`whsec_` + base64, as Standard
 * Webhooks tools generate them) is used as it is: the key is the base64 decoded.
 */
export const STANDARD_WEBHOOK_HEADERS = {
  id: 'webhook-id',
  timestamp: 'webhook-timestamp',
  signature: 'webhook-signature',
} as const;

const WHSEC_PREFIX = 'whsec_';
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** The HMAC key bytes for a destination's secret (see above). */
export function webhookKey(secret: string): Uint8Array {
  const encoded = secret.startsWith(WHSEC_PREFIX) ? secret.slice(WHSEC_PREFIX.length) : undefined;
  if (encoded && BASE64.test(encoded)) return new Uint8Array(Buffer.from(encoded, 'base64'));
  return new Uint8Array(Buffer.from(secret, 'utf8'));
}

/** The secret as a receiver passes it to `new Webhook(...)`: `whsec_` + base64 of the key. */
export function standardWebhookSecret(secret: string): string {
  return `${WHSEC_PREFIX}${Buffer.from(webhookKey(secret)).toString('base64')}`;
}

/**
 * The three Standard Webhooks headers for a body. `messageId` stays the same when the same message
 * is sent again (a retry), so receivers can drop duplicates by it.
 */
export function standardWebhookHeaders(
  secret: string,
  messageId: string,
  body: string,
  timestamp: number,
): Record<(typeof STANDARD_WEBHOOK_HEADERS)[keyof typeof STANDARD_WEBHOOK_HEADERS], string> {
  if (!secret) throw new Error('standardWebhookHeaders: empty secret would make signatures forgeable');
  if (!Number.isSafeInteger(timestamp) || timestamp < 0) {
    throw new RangeError(`standardWebhookHeaders: timestamp must be whole Unix seconds, got ${timestamp}`);
  }
  const signer = new Webhook(webhookKey(secret), { format: 'raw' });
  return {
    [STANDARD_WEBHOOK_HEADERS.id]: messageId,
    [STANDARD_WEBHOOK_HEADERS.timestamp]: String(timestamp),
    [STANDARD_WEBHOOK_HEADERS.signature]: signer.sign(messageId, new Date(timestamp * 1000), body),
  };
}

/**
 * The platform's own signature header, `t={unix seconds},v1={hex HMAC-SHA256 of "{t}.{body}"}`.
 * @deprecated Sent beside the Standard Webhooks headers for this version (0.1) only, so receivers
 * can move to them; the next version sends only the Standard Webhooks headers.
 */
export const SIGNATURE_HEADER = 'x-platform-signature';

/** Five minutes: long enough for clock drift and retries in flight, short enough to limit replays. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

function digest(secret: string, body: string, timestamp: string): Buffer {
  // The timestamp is inside the MAC so a captured request cannot be replayed later with a fresh one.
  return createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest();
}

/**
 * SIGNATURE_HEADER's value for a webhook body. Sign the exact string that is sent: any
 * re-serialisation on the way out changes the bytes and the receiver's check fails.
 * @deprecated With SIGNATURE_HEADER; use standardWebhookHeaders.
 */
export function signWebhook(secret: string, body: string, timestamp: number): string {
  if (!secret) throw new Error('signWebhook: empty secret would make signatures forgeable');
  if (!Number.isSafeInteger(timestamp) || timestamp < 0) {
    throw new RangeError(`signWebhook: timestamp must be whole Unix seconds, got ${timestamp}`);
  }
  return `t=${timestamp},v1=${digest(secret, body, String(timestamp)).toString('hex')}`;
}

/**
 * Receiver-side check (also used by our own tests and tools). Accepts several `v1` entries so a
 * sender can sign with the old and new secret during rotation; unknown schemes are ignored.
 */
export function verifyWebhook(
  secret: string,
  body: string,
  header: string | null | undefined,
  nowSeconds: number,
  toleranceSeconds: number = DEFAULT_TOLERANCE_SECONDS,
): boolean {
  // `!(x >= 0)` also catches NaN, which would otherwise make every age look within tolerance.
  if (!secret || !header || !Number.isFinite(nowSeconds) || !(toleranceSeconds >= 0)) return false;
  let timestamp: string | undefined;
  const signatures: Buffer[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq <= 0) return false;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't') {
      if (timestamp !== undefined || !/^\d{1,15}$/.test(value)) return false;
      timestamp = value;
    } else if (key === 'v1') {
      if (!/^[0-9a-fA-F]{64}$/.test(value)) return false;
      signatures.push(Buffer.from(value, 'hex'));
    }
  }
  if (timestamp === undefined || signatures.length === 0) return false;
  if (Math.abs(nowSeconds - Number(timestamp)) > toleranceSeconds) return false;
  const expected = digest(secret, body, timestamp);
  // Compare against every candidate without stopping early, so timing does not reveal which matched.
  let ok = false;
  for (const signature of signatures) ok = timingSafeEqual(signature, expected) || ok;
  return ok;
}

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** Sorted keys so the same lead always serialises to the same bytes (and the same signature). */
function sortedRecord<T extends Json>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * The JSON body for a `lead.created` webhook. Names follow conversion §3 Lead data in snake_case;
 * absent values are `null` rather than missing so receivers see one fixed shape.
 */
export function leadWebhookPayload(lead: Lead): string {
  const { car, dealership } = lead;
  const payload: Json = {
    type: 'lead.created',
    lead: {
      id: lead.id,
      tenant: lead.tenant,
      site_name: lead.siteName,
      created_at: lead.createdAt,
      form: lead.form,
      event_id: lead.eventId,
      category: lead.category,
      subcategory: lead.subcategory ?? null,
      fields: sortedRecord(lead.fields),
      additional_services: [...lead.additionalServices],
      url: lead.url,
      source: lead.source,
      user_agent: lead.userAgent ?? null,
      car_id: car?.id ?? null,
      car_dealership_id: dealership?.id ?? null,
      location_id: lead.locationId ?? null,
      // Only when the shopper unsubscribed (conversion §2.3), so receivers built before it see no new key.
      ...(lead.marketingUnsubscribedAt ? { marketing_unsubscribed_at: lead.marketingUnsubscribedAt } : {}),
      // The address's signed unsubscribe links for the dealer's marketing e-mails (issue 30 L7), when
      // the lead has an address; receivers that do not know the key ignore it.
      ...(lead.unsubscribe
        ? { unsubscribe: { url: lead.unsubscribe.page, one_click_url: lead.unsubscribe.oneClick } }
        : {}),
      lead_attributes: {
        visited_pages: [...lead.visitedPages],
        linked_query_params: sortedRecord(lead.linkedQueryParams),
      },
      car: car
        ? {
            id: car.id,
            slug: car.slug,
            stocknum: car.stocknum ?? null,
            vin: car.vin ?? null,
            year: car.year ?? null,
            make: car.make,
            model: car.model,
            badge: car.badge ?? null,
            car_type: car.car_type ?? null,
            price: car.price ?? null,
            url: car.url ?? null,
          }
        : null,
      dealership: dealership
        ? {
            id: dealership.id,
            slug: dealership.slug,
            name: dealership.name,
            phone: dealership.phone ?? null,
            email: dealership.email ?? null,
          }
        : null,
    },
  };
  return JSON.stringify(payload);
}
