import { isPostgres, serialize } from '../db/dialect';
import type { Kysely } from 'kysely';
import type { ResolvedLeadDestination } from '../../schemas/types.generated';
import type { FormValue } from '../../domain/forms/compile-form';
import { SERVER_VALUATION_KEY, shopperExtraKey, shopperExtras } from '../../domain/forms/lead-extras';
import { unsubscribedAt } from '../consent';
import type { PlatformDb } from '../db/database';
import type { Database, LeadTable } from '../db/schema';

export interface LeadSubmission {
  tenant: string;
  form: string;
  eventId: number;
  category: string;
  subcategory?: string;
  fields: Record<string, FormValue>;
  extras: Record<string, string>;
  carId?: number;
  carDealershipId?: number;
  dealershipSlug?: string;
  locationId?: number;
  url: string;
  userAgent?: string;
  visitedPages: string[];
  linkedQueryParams: Record<string, string>;
  ipHash?: string;
  /** Sent by the form once per filling; a retried post with the same key stores one lead. */
  idempotencyKey: string;
  step: number;
  isLastStep: boolean;
  spam: boolean;
  /** conversion §3 Lead data offer_accepted (the trade-in flow's last step). */
  offerAccepted?: boolean;
  /** Destinations queued when the lead completes (the tenant's `leadDelivery`). */
  destinations: readonly ResolvedLeadDestination[];
}

export interface StoredLead {
  ok: true;
  leadId: number;
  /** false when the key was seen before (a retry or a later step). */
  created: boolean;
  completed: boolean;
  /** Deliveries queued by this call (only when the lead completed now). */
  queued: number;
}

/** Nothing was stored: the lead would be larger than MAX_LEAD_BYTES. */
export interface LeadTooLarge {
  ok: false;
  reason: 'too_large';
  /** The lead the key already has, when it has one (left as it was). */
  leadId?: number;
}

/**
 * The most one lead's fields and extras may take together, as JSON (issue 14). A person's enquiry,
 * message included, is a few kilobytes; 32 KB is several pages of text, and it stops one filling's
 * key from growing a lead without bound by posting again and again.
 */
export const MAX_LEAD_BYTES = 32 * 1024;
/** The most one value attached through /api/miscellaneous may take, as JSON (conversion §7 item 5). */
export const MAX_MISC_VALUE_CHARS = 8000;

const jsonBytes = (fields: Record<string, FormValue>, extras: Record<string, FormValue>): number =>
  Buffer.byteLength(JSON.stringify(fields)) + Buffer.byteLength(JSON.stringify(extras));

const ADDITIONAL_SERVICES = 'additional_services';

function servicesOf(fields: Record<string, FormValue>): string[] {
  const value = fields[ADDITIONAL_SERVICES];
  return Array.isArray(value) ? value : [];
}

function parseObject(text: string): Record<string, FormValue> {
  const value: unknown = JSON.parse(text);
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, FormValue>) : {};
}

/**
 * A lead's fields with marketing opt-in off when its address has unsubscribed on the site, whatever
 * the form's box said (conversion §2.3 /pages/unsubscribe, §5.1 opt_in). Every way a lead is
 * stored (forms, trade-in, reservations) comes through here.
 */
async function withConsent(
  trx: Kysely<Database>,
  tenant: string,
  fields: Record<string, FormValue>,
): Promise<Record<string, FormValue>> {
  if (fields.email === undefined || (await unsubscribedAt(trx, tenant, fields.email)) === undefined) return fields;
  return { ...fields, opt_in: false };
}

/**
 * Stores a form post before anything else happens (conversion §7 items 2, 3). The first post of a
 * filling creates the lead; later steps and retries with the same idempotency key merge into it.
 * When the last step arrives the lead completes and, in the same transaction, is queued for each
 * delivery destination, so a stored lead is never without its deliveries. A completed lead is
 * frozen: a later post with its key stores nothing and answers the stored lead. A post that would
 * take the lead over MAX_LEAD_BYTES stores nothing. The extras are what the shopper sent: a name
 * that could pass for the server's is kept as shopper-supplied.
 */
export async function storeLeadSubmission(
  db: PlatformDb,
  input: LeadSubmission,
  now: Date,
): Promise<StoredLead | LeadTooLarge> {
  return db.transaction().execute((trx) => storeLeadIn(trx, input, now));
}

/** Nothing was stored: the change that had to be stored with the lead (a booked slot) was refused. */
export interface LeadRefused<R> {
  ok: false;
  reason: 'refused';
  refusal: R;
}

class Refusal<R> extends Error {
  constructor(readonly refusal: R) {
    super('refused');
  }
}

/**
 * storeLeadSubmission with a change that must be stored in the same transaction (a test-drive
 * slot): `alongside` runs after the lead is written and answers undefined to keep both, or a
 * refusal to store neither, so a lost race leaves no lead behind and the shopper's retry with the
 * same key creates it once.
 */
export async function storeLeadWith<R>(
  db: PlatformDb,
  input: LeadSubmission,
  now: Date,
  alongside: (trx: Kysely<Database>, stored: StoredLead) => Promise<R | undefined>,
): Promise<StoredLead | LeadTooLarge | LeadRefused<R>> {
  try {
    return await db.transaction().execute(async (trx) => {
      const stored = await storeLeadIn(trx, input, now);
      if (!stored.ok) return stored;
      const refusal = await alongside(trx, stored);
      if (refusal !== undefined) throw new Refusal(refusal);
      return stored;
    });
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, reason: 'refused', refusal: (error as Refusal<R>).refusal };
    throw error;
  }
}

/** storeLeadSubmission inside a transaction the caller holds (e.g. with the change the lead reports). */
export async function storeLeadIn(
  trx: Kysely<Database>,
  input: LeadSubmission,
  now: Date,
): Promise<StoredLead | LeadTooLarge> {
  // One filling's posts (retries, later steps) are stored one after another, from any process.
  await serialize(trx, `lead:${input.tenant}:${input.idempotencyKey}`);
  const at = now.toISOString();
  const posted = shopperExtras(input.extras);
  const existing = await trx
    .selectFrom('leads')
    .selectAll()
    .where('tenant', '=', input.tenant)
    .where('idempotency_key', '=', input.idempotencyKey)
    // Locked, as saveServerValuation locks it: their read-then-write of extras never interleave.
    .$if(isPostgres(trx), (q) => q.forUpdate())
    .executeTakeFirst();
  if (existing?.form_completed === 1)
    return { ok: true, leadId: existing.id, created: false, completed: true, queued: 0 };
  let leadId: number;
  if (!existing) {
    const fields = await withConsent(trx, input.tenant, input.fields);
    if (jsonBytes(fields, posted) > MAX_LEAD_BYTES) return { ok: false, reason: 'too_large' };
    const row: Omit<LeadTable, 'id'> = {
      tenant: input.tenant,
      form: input.form,
      event_id: input.eventId,
      category: input.category,
      subcategory: input.subcategory ?? null,
      fields: JSON.stringify(fields),
      additional_services: JSON.stringify(servicesOf(fields)),
      extras: JSON.stringify(posted),
      car_id: input.carId ?? null,
      car_dealership_id: input.carDealershipId ?? null,
      dealership_slug: input.dealershipSlug ?? null,
      location_id: input.locationId ?? null,
      url: input.url,
      source: 'Website',
      user_agent: input.userAgent?.slice(0, 500) ?? null,
      lead_attributes: JSON.stringify({
        visited_pages: input.visitedPages,
        linked_query_params: input.linkedQueryParams,
      }),
      ip_hash: input.ipHash ?? null,
      idempotency_key: input.idempotencyKey,
      step: input.step,
      form_completed: input.isLastStep ? 1 : 0,
      offer_accepted: input.offerAccepted === undefined ? null : input.offerAccepted ? 1 : 0,
      spam: input.spam ? 1 : 0,
      created_at: at,
      updated_at: at,
    };
    leadId = (await trx.insertInto('leads').values(row).returning('id').executeTakeFirstOrThrow()).id;
  } else {
    leadId = existing.id;
    const fields = await withConsent(trx, input.tenant, { ...parseObject(existing.fields), ...input.fields });
    const extras = { ...parseObject(existing.extras), ...posted };
    if (jsonBytes(fields, extras) > MAX_LEAD_BYTES) return { ok: false, reason: 'too_large', leadId };
    await trx
      .updateTable('leads')
      .set({
        fields: JSON.stringify(fields),
        additional_services: JSON.stringify(servicesOf(fields)),
        extras: JSON.stringify(extras),
        step: Math.max(existing.step, input.step),
        form_completed: input.isLastStep ? 1 : 0,
        dealership_slug: input.dealershipSlug ?? existing.dealership_slug,
        location_id: input.locationId ?? existing.location_id,
        spam: existing.spam || input.spam ? 1 : 0,
        ...(input.offerAccepted !== undefined ? { offer_accepted: input.offerAccepted ? 1 : 0 } : {}),
        updated_at: at,
      })
      .where('id', '=', leadId)
      .execute();
  }
  const completed = input.isLastStep;
  const spam = input.spam || existing?.spam === 1;
  let queued = 0;
  if (completed && !spam && input.destinations.length) {
    await trx
      .insertInto('lead_deliveries')
      .values(
        input.destinations.map((destination) => ({
          lead_id: leadId,
          destination: JSON.stringify(destination),
          kind: destination.type,
          status: 'pending' as const,
          attempts: 0,
          next_attempt_at: at,
          locked_until: null,
          last_error: null,
          delivered_at: null,
          dead_at: null,
          created_at: at,
        })),
      )
      .execute();
    queued = input.destinations.length;
  }
  return { ok: true, leadId, created: !existing, completed, queued };
}

/** How long a post is remembered for the per-address limit: longer than any limit's window. */
const POST_MEMORY_MS = 24 * 60 * 60_000;

/**
 * Counts one form post from an address on a site and answers how many it has made since `since`,
 * this one included (the per-address limit counts posts, so a reused key is counted too). Posts
 * older than a day are forgotten.
 */
export async function countLeadPost(
  db: PlatformDb,
  tenant: string,
  ipHash: string,
  now: Date,
  since: Date,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    // Posts from one address are counted one at a time, so two processes cannot both see room for one more.
    await serialize(trx, `lead-posts:${tenant}:${ipHash}`);
    await trx
      .deleteFrom('lead_posts')
      .where('at', '<', new Date(now.getTime() - POST_MEMORY_MS).toISOString())
      .execute();
    await trx.insertInto('lead_posts').values({ tenant, ip_hash: ipHash, at: now.toISOString() }).execute();
    const row = await trx
      .selectFrom('lead_posts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant', '=', tenant)
      .where('ip_hash', '=', ipHash)
      .where('at', '>=', since.toISOString())
      .executeTakeFirstOrThrow();
    return Number(row.n);
  });
}

/** The lead one filling's key made on this site, if any. */
export async function leadForKey(
  db: PlatformDb,
  tenant: string,
  idempotencyKey: string,
): Promise<{ id: number; form: string; carId: number | null; completed: boolean } | undefined> {
  const row = await db
    .selectFrom('leads')
    .select(['id', 'form', 'car_id', 'form_completed'])
    .where('tenant', '=', tenant)
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
  return row ? { id: row.id, form: row.form, carId: row.car_id, completed: row.form_completed === 1 } : undefined;
}

/** New leads from one address on one site since a time (the per-IP rate limit). */
export async function leadsFromAddressSince(
  db: PlatformDb,
  tenant: string,
  ipHash: string,
  since: Date,
): Promise<number> {
  const row = await db
    .selectFrom('leads')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant', '=', tenant)
    .where('ip_hash', '=', ipHash)
    .where('created_at', '>=', since.toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whether a key already has a lead on this site (retries and later steps pass the rate limit). */
export async function hasLeadForKey(db: PlatformDb, tenant: string, idempotencyKey: string): Promise<boolean> {
  const row = await db
    .selectFrom('leads')
    .select('id')
    .where('tenant', '=', tenant)
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
  return row !== undefined;
}

/** The fields stored so far for one filling of a form (earlier steps of a multi-step form). */
export async function storedFieldsForKey(
  db: PlatformDb,
  tenant: string,
  idempotencyKey: string,
): Promise<Record<string, FormValue>> {
  const row = await db
    .selectFrom('leads')
    .select('fields')
    .where('tenant', '=', tenant)
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
  return row ? parseObject(row.fields) : {};
}

/** conversion §7 item 5 columns a page may attach to its lead (POST /api/miscellaneous). */
export const MISC_COLUMNS = ['valuation'] as const;

export type MiscResult = 'saved' | 'not_found' | 'too_large';

/**
 * Attaches a value a page sent to one of this site's leads (conversion §7 item 5), for the filling
 * that made it only (it alone knows the key), also after the lead completed. The value is the
 * shopper's: it is kept as shopper-supplied and can never replace the server's own figures. A value
 * over MAX_MISC_VALUE_CHARS, or one that would take the lead over MAX_LEAD_BYTES, is refused whole.
 */
export async function saveLeadMisc(
  db: PlatformDb,
  tenant: string,
  leadId: number,
  column: (typeof MISC_COLUMNS)[number],
  value: unknown,
  now: Date,
  idempotencyKey: string,
): Promise<MiscResult> {
  const text = JSON.stringify(value) ?? 'null';
  if (text.length > MAX_MISC_VALUE_CHARS) return 'too_large';
  return db.transaction().execute(async (trx): Promise<MiscResult> => {
    await serialize(trx, `lead:${tenant}:${idempotencyKey}`);
    const row = await trx
      .selectFrom('leads')
      .select(['fields', 'extras'])
      .where('id', '=', leadId)
      .where('tenant', '=', tenant)
      .where('idempotency_key', '=', idempotencyKey)
      .$if(isPostgres(trx), (q) => q.forUpdate())
      .executeTakeFirst();
    if (!row) return 'not_found';
    const extras = { ...parseObject(row.extras), [shopperExtraKey(column)]: text };
    if (jsonBytes(parseObject(row.fields), extras) > MAX_LEAD_BYTES) return 'too_large';
    await trx
      .updateTable('leads')
      .set({ extras: JSON.stringify(extras), updated_at: now.toISOString() })
      .where('id', '=', leadId)
      .execute();
    return 'saved';
  });
}

/**
 * Keeps the trade-in flow's own valuation with its lead, under a name nothing a page sends can
 * write (conversion §7 item 4). A completed lead is left as it was.
 */
export async function saveServerValuation(
  db: PlatformDb,
  leadId: number,
  valuation: unknown,
  now: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('leads')
      .select(['extras', 'form_completed'])
      .where('id', '=', leadId)
      // The row stays locked until this transaction ends (PostgreSQL; SQLite writes one at a time).
      .$if(isPostgres(trx), (q) => q.forUpdate())
      .executeTakeFirst();
    if (!row || row.form_completed === 1) return false;
    const extras = { ...parseObject(row.extras), [SERVER_VALUATION_KEY]: JSON.stringify(valuation) };
    await trx
      .updateTable('leads')
      .set({ extras: JSON.stringify(extras), updated_at: now.toISOString() })
      .where('id', '=', leadId)
      .execute();
    return true;
  });
}
