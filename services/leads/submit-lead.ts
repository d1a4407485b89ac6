import { ownValue } from '../../domain/own-key';
import { addressForLimits } from '../../domain/client-address';
import { shopperKeys } from '../../domain/booking-limits';
import { createHash } from 'node:crypto';
import { compileForm, leadCategory } from '../../domain/forms/compile-form';
import { CAREERS_CATEGORY } from '../../domain/forms/form-messages';
import { ANALYTICS_EVENTS } from '../../domain/analytics-events';
import type { FieldError, FormValidator } from '../../domain/forms/form-validator';
import { normaliseFormValues } from '../../domain/forms/form-values';
import { parseLeadEnvelope } from '../../domain/forms/lead-envelope';
import { parseRowId } from '../../domain/ids';
import { isSwitchedOn } from '../../domain/switches';
import type { ResolvedTenant } from '../../schemas/types.generated';
import type { PlatformDb } from '../db/database';
import type { StockRepository } from '../stock';
import { checkAppointment, embeddedAppointments, type AppointmentsProvider } from '../appointments';
import { loadFormContext, type ListedCars } from './form-context';
import {
  countLeadPost,
  leadForKey,
  leadsFromAddressSince,
  MAX_LEAD_BYTES,
  storeLeadWith,
  storedFieldsForKey,
} from './lead-store';

export interface LeadIntakeDeps {
  db: PlatformDb;
  stock: StockRepository;
  validator: FormValidator;
  /** New leads allowed per address per site in the window; 0 turns the limit off. */
  rateLimit: number;
  rateWindowMs: number;
  /** Form posts allowed per address per site in the window (every post, retries too); default rateLimit * POSTS_PER_LEAD, 0 turns it off. */
  postLimit?: number;
  /** Test-drive slots (catalogue §7); default the embedded provider on `db`. */
  appointments?: AppointmentsProvider;
  /** Which cars the site lists (default listedCarIds on the process-wide search index). */
  listed?: ListedCars;
  now(): Date;
}

export interface LeadRequest {
  tenant: ResolvedTenant;
  body: unknown;
  ip?: string;
  userAgent?: string;
  /** Page address from the Referer header, when the body names none. */
  referer?: string;
  /** The Host the request came to: page addresses from other hosts are not kept. */
  host?: string;
  /** The browser's device id (the platform's device cookie), one of the keys bookings and holds are counted by. */
  device?: string;
}

export type LeadAnswer =
  | { status: 201 | 200; body: { success: true; lead_id: number; completed: boolean } }
  | { status: 400 | 404 | 409 | 413 | 422 | 429; body: { success: false; error: string; field_errors?: FieldError[] } };

/** conversion §9 nothing says how many; ten new enquiries in ten minutes from one address is generous for a person. */
export const DEFAULT_RATE_LIMIT = 10;
export const DEFAULT_RATE_WINDOW_MS = 10 * 60_000;
/**
 * Posts allowed per new lead in the window (issue 14). The longest form has two steps and the
 * trade-in flow three; with a retry or a corrected step a filling posts about three times, so the
 * default is 10 leads x 3 = 30 posts per address per site in 10 minutes: ten ordinary fillings get
 * through, while one key reused again and again is stopped after 30 posts.
 */
export const POSTS_PER_LEAD = 3;
const CAREERS_EVENT = ANALYTICS_EVENTS.careersEnquiry;

/** The stored form of a client's address: a salted hash of the address limits count (an IPv6 address's /64, issue 30 M2). */
export function hashAddress(ip: string, salt = process.env.LEAD_IP_SALT ?? 'dealer-platform'): string {
  return createHash('sha256')
    .update(`${salt}:${addressForLimits(ip)}`)
    .digest('hex')
    .slice(0, 32);
}

/** A page address is kept only when it is on the site that answered (it is shown to the dealer as a link). */
function samePageUrl(url: string | undefined, host: string | undefined): string | undefined {
  if (!url || !host) return undefined;
  try {
    return new URL(url).host === host ? url : undefined;
  } catch {
    return undefined;
  }
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function callUs(tenant: ResolvedTenant): string {
  const phone = tenant.contact?.phone;
  return phone ? `, or call us on ${phone}` : '';
}

/** The posts-per-address limit of these deps (0: off). */
export function postLimitOf(deps: Pick<LeadIntakeDeps, 'rateLimit' | 'postLimit'>): number {
  return deps.postLimit ?? deps.rateLimit * POSTS_PER_LEAD;
}

/**
 * Counts one form post from this address (issue 14: every post, not only new leads, so a reused
 * key is counted too) and answers the 429 to send when the address is over its limit.
 */
export async function takeLeadPost(
  deps: Pick<LeadIntakeDeps, 'db' | 'rateLimit' | 'postLimit' | 'rateWindowMs'>,
  tenant: ResolvedTenant,
  ipHash: string | undefined,
  now: Date,
): Promise<{ status: 429; body: { success: false; error: string } } | undefined> {
  const limit = postLimitOf(deps);
  if (limit <= 0 || !ipHash) return undefined;
  const posts = await countLeadPost(deps.db, tenant.slug, ipHash, now, new Date(now.getTime() - deps.rateWindowMs));
  if (posts <= limit) return undefined;
  return {
    status: 429,
    body: {
      success: false,
      error: `We have received many form submissions from your connection in the last ${Math.round(deps.rateWindowMs / 60_000)} minutes. Please wait a few minutes and send it again${callUs(tenant)}.`,
    },
  };
}

/** What the shopper reads when a lead would be over MAX_LEAD_BYTES. */
export function leadTooLargeMessage(tenant: ResolvedTenant): string {
  return `Your enquiry is too long for us to store (over ${MAX_LEAD_BYTES / 1024} KB in all). Please shorten the message and send it again${callUs(tenant)}.`;
}

/**
 * The server side of every form (conversion §7 items 2, 3): check the post with the same schema
 * the browser used, then store the lead before answering. Everything a person could send wrongly
 * gets a message naming the field; nothing valid is dropped.
 */
export async function submitLead(deps: LeadIntakeDeps, request: LeadRequest): Promise<LeadAnswer> {
  const { tenant } = request;
  const parsed = parseLeadEnvelope(request.body);
  if (!parsed.ok) return { status: 400, body: { success: false, error: parsed.error } };
  const envelope = parsed.envelope;
  const ipHash = request.ip ? hashAddress(request.ip) : undefined;
  const now = deps.now();
  const limited = await takeLeadPost(deps, tenant, ipHash, now);
  if (limited) return limited;
  // A completed lead is frozen: a later post with its key stores nothing and answers what is stored.
  const stored = await leadForKey(deps.db, tenant.slug, envelope.idempotencyKey);
  if (stored?.completed) return { status: 200, body: { success: true, lead_id: stored.id, completed: true } };
  // The form's name comes from the post: "constructor" must not find Object's own (issue 14).
  const definition = ownValue(tenant.forms, envelope.form);
  if (!definition || !isSwitchedOn(definition.when, tenant.features)) {
    return { status: 404, body: { success: false, error: `This site has no form called "${envelope.form}".` } };
  }
  const loaded = await loadFormContext(
    tenant,
    deps.stock,
    {
      ...(envelope.carId ? { carId: envelope.carId } : {}),
      ...(envelope.locationId ? { locationId: envelope.locationId } : {}),
    },
    { ...(deps.listed ? { listed: deps.listed } : {}), now },
  );
  const form = compileForm(envelope.form, definition, loaded.context);
  const lastStep = form.steps.length - 1;
  if (envelope.step > lastStep)
    return {
      status: 400,
      body: { success: false, error: `"step" ${envelope.step} is past this form's last step (${lastStep}).` },
    };
  // Each step posts its own values; earlier steps of the same filling are already stored.
  const earlier =
    envelope.step > 0 && stored ? await storedFieldsForKey(deps.db, tenant.slug, envelope.idempotencyKey) : {};
  const posted = normaliseFormValues(form, envelope.userData, envelope.step, envelope.step);
  const values = { ...earlier, ...posted.values };
  const { extras } = posted;
  // A car or location this site does not list is not trusted as context, but what was sent is kept.
  if (envelope.carId && !loaded.car) extras.car_id = String(envelope.carId);
  if (envelope.locationId && loaded.context.locationId === undefined) extras.location_id = String(envelope.locationId);
  const errors = deps.validator.validate(form, values, envelope.step);
  if (errors.length) {
    return {
      status: 422,
      body: {
        success: false,
        error: `Please fix the following errors: ${errors.map((e) => e.message).join(' ')}`,
        field_errors: errors,
      },
    };
  }

  if (deps.rateLimit > 0 && ipHash && !stored) {
    const recent = await leadsFromAddressSince(
      deps.db,
      tenant.slug,
      ipHash,
      new Date(now.getTime() - deps.rateWindowMs),
    );
    if (recent >= deps.rateLimit) {
      return {
        status: 429,
        body: {
          success: false,
          error: `We have received ${plural(recent, 'enquiry')} from your connection in the last ${Math.round(deps.rateWindowMs / 60_000)} minutes. Please wait a few minutes and send it again${callUs(tenant)}.`,
        },
      };
    }
  }

  // A test-drive time is checked against the location's free slots and booked with the lead below.
  const appointments = deps.appointments ?? embeddedAppointments(deps.db);
  const appointment = await checkAppointment(appointments, {
    tenant,
    form,
    step: envelope.step,
    values,
    locations: loaded.locations,
    ...(stored ? { leadId: stored.id } : {}),
    shopper: shopperKeys({ email: values.email, phone: values.phone, device: request.device }),
    db: deps.db,
    now,
  });
  if (!appointment.ok) return appointment.answer;
  // Stored as the slot's start with the location's offset, whatever spelling was posted.
  Object.assign(values, appointment.fields);

  const serviceLocation =
    tenant.formSettings.dealershipFromServiceLocation && typeof values.service_location_id === 'string'
      ? loaded.locations.find((l) => String(l.id) === values.service_location_id)
      : undefined;
  const serviceDealer = serviceLocation
    ? loaded.dealerships.find((d) => d.id === serviceLocation.dealership_id)
    : undefined;
  const chosenDealer = typeof values.dealership_slug === 'string' ? values.dealership_slug : undefined;
  const dealershipSlug = serviceDealer?.slug ?? chosenDealer ?? loaded.context.car?.dealership_slug;
  const locationValue = values.location_id ?? values.service_location_id;
  // A posted location past a database id names none (parseRowId): never an insert the database refuses.
  const locationId = typeof locationValue === 'string' ? parseRowId(locationValue) : undefined;

  // The shopper's own choice of enquiry type is the lead's category (conversion §5.1, §7 item 2).
  const chosen =
    typeof values.category === 'string'
      ? leadCategory(values.category, form.subcategory)
      : { category: form.category, ...(form.subcategory ? { subcategory: form.subcategory } : {}) };
  const eventId = values.category === CAREERS_CATEGORY ? CAREERS_EVENT : form.eventId;
  const saved = await storeLeadWith(
    deps.db,
    {
      tenant: tenant.slug,
      form: envelope.form,
      eventId,
      category: chosen.category,
      ...(chosen.subcategory ? { subcategory: chosen.subcategory } : {}),
      fields: serviceDealer ? { ...values, dealership_slug: serviceDealer.slug } : values,
      extras,
      ...(loaded.car ? { carId: loaded.car.id, carDealershipId: loaded.car.dealership_id } : {}),
      ...(dealershipSlug ? { dealershipSlug } : {}),
      ...(locationId !== undefined ? { locationId } : {}),
      url: samePageUrl(envelope.page.url, request.host) ?? samePageUrl(request.referer, request.host) ?? '',
      ...(request.userAgent ? { userAgent: request.userAgent } : {}),
      visitedPages: envelope.page.visitedPages.filter((p) => p.startsWith('/')),
      linkedQueryParams: envelope.page.linkedQueryParams,
      ...(ipHash ? { ipHash } : {}),
      idempotencyKey: envelope.idempotencyKey,
      step: envelope.step,
      isLastStep: envelope.step === lastStep,
      spam: envelope.honeypot !== '',
      destinations: tenant.leadDelivery,
    },
    now,
    // Only a finished filling from a person holds a slot: a spam post (honeypot filled) or an earlier
    // step of a multi-step form books nothing, so neither can keep a time from real shoppers.
    async (trx, lead) =>
      appointment.book && envelope.honeypot === '' && envelope.step === lastStep
        ? appointment.book(trx, lead.leadId)
        : undefined,
  );
  if (!saved.ok && saved.reason === 'refused') return saved.refusal;
  if (!saved.ok) return { status: 413, body: { success: false, error: leadTooLargeMessage(tenant) } };
  return {
    status: saved.created ? 201 : 200,
    body: { success: true, lead_id: saved.leadId, completed: saved.completed },
  };
}
