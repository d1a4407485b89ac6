import type { ResolvedLeadDestination } from '../../schemas/types.generated';
import type { FormValue } from '../../domain/forms/compile-form';
import type { PlatformDb } from '../db/database';
import type { LeadTable } from '../db/schema';

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
  leadId: number;
  /** false when the key was seen before (a retry or a later step). */
  created: boolean;
  completed: boolean;
  /** Deliveries queued by this call (only when the lead completed now). */
  queued: number;
}

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
 * Stores a form post before anything else happens (conversion §7 items 2, 3). The first post of a
 * filling creates the lead; later steps and retries with the same idempotency key merge into it.
 * When the last step arrives the lead completes and, in the same transaction, is queued for each
 * delivery destination, so a stored lead is never without its deliveries.
 */
export async function storeLeadSubmission(db: PlatformDb, input: LeadSubmission, now: Date): Promise<StoredLead> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('leads').selectAll().where('tenant', '=', input.tenant).where('idempotency_key', '=', input.idempotencyKey).executeTakeFirst();
    let leadId: number;
    let wasCompleted = false;
    if (!existing) {
      const row: Omit<LeadTable, 'id'> = {
        tenant: input.tenant,
        form: input.form,
        event_id: input.eventId,
        category: input.category,
        subcategory: input.subcategory ?? null,
        fields: JSON.stringify(input.fields),
        additional_services: JSON.stringify(servicesOf(input.fields)),
        extras: JSON.stringify(input.extras),
        car_id: input.carId ?? null,
        car_dealership_id: input.carDealershipId ?? null,
        dealership_slug: input.dealershipSlug ?? null,
        location_id: input.locationId ?? null,
        url: input.url,
        source: 'Website',
        user_agent: input.userAgent?.slice(0, 500) ?? null,
        lead_attributes: JSON.stringify({ visited_pages: input.visitedPages, linked_query_params: input.linkedQueryParams }),
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
      wasCompleted = existing.form_completed === 1;
      const fields = { ...parseObject(existing.fields), ...input.fields };
      const extras = { ...parseObject(existing.extras), ...input.extras };
      await trx
        .updateTable('leads')
        .set({
          fields: JSON.stringify(fields),
          additional_services: JSON.stringify(servicesOf(fields)),
          extras: JSON.stringify(extras),
          step: Math.max(existing.step, input.step),
          form_completed: wasCompleted || input.isLastStep ? 1 : 0,
          dealership_slug: input.dealershipSlug ?? existing.dealership_slug,
          location_id: input.locationId ?? existing.location_id,
          spam: existing.spam || input.spam ? 1 : 0,
          ...(input.offerAccepted !== undefined ? { offer_accepted: input.offerAccepted ? 1 : 0 } : {}),
          updated_at: at,
        })
        .where('id', '=', leadId)
        .execute();
    }
    const completed = wasCompleted || input.isLastStep;
    const spam = input.spam || existing?.spam === 1;
    let queued = 0;
    if (completed && !wasCompleted && !spam && input.destinations.length) {
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
            created_at: at,
          })),
        )
        .execute();
      queued = input.destinations.length;
    }
    return { leadId, created: !existing, completed, queued };
  });
}

/** New leads from one address on one site since a time (the per-IP rate limit). */
export async function leadsFromAddressSince(db: PlatformDb, tenant: string, ipHash: string, since: Date): Promise<number> {
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
  const row = await db.selectFrom('leads').select('id').where('tenant', '=', tenant).where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
  return row !== undefined;
}

/** The fields stored so far for one filling of a form (earlier steps of a multi-step form). */
export async function storedFieldsForKey(db: PlatformDb, tenant: string, idempotencyKey: string): Promise<Record<string, FormValue>> {
  const row = await db.selectFrom('leads').select('fields').where('tenant', '=', tenant).where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
  return row ? parseObject(row.fields) : {};
}

/** conversion §7 item 5 columns a page may attach to its lead (POST /api/miscellaneous). */
export const MISC_COLUMNS = ['valuation'] as const;

/**
 * Attaches a named value to one of this site's leads (kept with the lead's extras). Answers false
 * when the lead is not this site's, or not the caller's filling when a key is given.
 */
export async function saveLeadMisc(db: PlatformDb, tenant: string, leadId: number, column: (typeof MISC_COLUMNS)[number], value: unknown, now: Date, idempotencyKey?: string): Promise<boolean> {
  let query = db.selectFrom('leads').select(['extras']).where('id', '=', leadId).where('tenant', '=', tenant);
  // From a page, only the filling that made the lead may add to it (it alone knows the key).
  if (idempotencyKey !== undefined) query = query.where('idempotency_key', '=', idempotencyKey);
  const row = await query.executeTakeFirst();
  if (!row) return false;
  const extras = { ...parseObject(row.extras), [column]: JSON.stringify(value).slice(0, 8000) };
  await db.updateTable('leads').set({ extras: JSON.stringify(extras), updated_at: now.toISOString() }).where('id', '=', leadId).execute();
  return true;
}
