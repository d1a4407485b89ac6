import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Lead } from './types';

/** Header carrying `t={unix seconds},v1={hex HMAC-SHA256}` on every outgoing webhook. */
export const SIGNATURE_HEADER = 'x-platform-signature';

/** Five minutes: long enough for clock drift and retries in flight, short enough to limit replays. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

function digest(secret: string, body: string, timestamp: string): Buffer {
  // The timestamp is inside the MAC so a captured request cannot be replayed later with a fresh one.
  return createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest();
}

/**
 * Header value for a webhook body. Sign the exact string that is sent: any re-serialisation on
 * the way out changes the bytes and the receiver's check fails.
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
