/**
 * The test-drive time of a form post (catalogue §7; issue 20): whether it is a time the chosen
 * location still offers, and the booking to store with the lead. A post without a time books
 * nothing (catalogue §5.1 'Test-drive form: date-time optional').
 */
import type { Kysely } from 'kysely';
import { findSlot, isTestDriveLocationType, type Slot } from '../../domain/appointments/slots';
import {
  dailyCap,
  dayFullMessage,
  DEFAULT_TEST_DRIVES_PER_SHOPPER,
  perShopperLimit,
  shopperDecision,
  testDriveLimitMessage,
  type ShopperKeys,
} from '../../domain/booking-limits';
import { APPOINTMENT_LOCATION_FIELD, type CompiledForm, type FormValue } from '../../domain/forms/compile-form';
import type { FieldError } from '../../domain/forms/form-validator';
import type { ResolvedTenant } from '../../schemas/types.generated';
import { futureTestDrives, lockShopper, shopperKeyHashes, type ShopperKeyHashes } from '../booking-limits';
import type { PlatformDb } from '../db/database';
import type { Database } from '../db/schema';
import type { Location } from '../stock';
import {
  bookedOfDay,
  bookingOfLead,
  SLOT_NEEDS_LOCATION_MESSAGE,
  SLOT_NOT_OFFERED_MESSAGE,
  SLOT_TAKEN_MESSAGE,
  type AppointmentsProvider,
} from './appointments';

export interface RefusedAppointment {
  status: 409 | 422;
  body: { success: false; error: string; field_errors: FieldError[] };
}

export type AppointmentCheck =
  | {
      ok: true;
      /** Values to store in place of what was posted (the slot's canonical start). */
      fields: Record<string, FormValue>;
      /** Books the slot for the lead inside the lead's transaction; answers the refusal when it was taken meanwhile. */
      book?: (trx: Kysely<Database>, leadId: number) => Promise<RefusedAppointment | undefined>;
    }
  | { ok: false; answer: RefusedAppointment };

export interface AppointmentPost {
  tenant: ResolvedTenant;
  form: CompiledForm;
  step: number;
  values: Readonly<Record<string, FormValue>>;
  /** The site's locations (only those that sell cars take test drives). */
  locations: readonly Location[];
  /** The lead this filling already has (a retry may re-book the slot it holds). */
  leadId?: number;
  /** Who is booking (domain/booking-limits shopperKeys): at most testDrive.bookingsPerShopper future test drives each. */
  shopper?: ShopperKeys;
  db: PlatformDb;
  now: Date;
}

const refuse = (status: 409 | 422, field: string, message: string): RefusedAppointment => ({
  status,
  body: {
    success: false,
    error: status === 409 ? message : `Please fix the following errors: ${message}`,
    field_errors: [{ field, message }],
  },
});

interface LimitCheck {
  tenant: ResolvedTenant;
  location: Location;
  slot: Slot;
  /** Every slot start the location offers on the slot's day, booked or not. */
  dayStarts: readonly string[];
  keys: ShopperKeyHashes;
  field: string;
  now: Date;
  exceptLeadId: number | undefined;
}

/**
 * Why one more test drive is refused, if it is (issue 30 M2): the shopper already has as many
 * future test drives on the site as it allows, by e-mail, phone or device; or the location's day
 * has as many online bookings as its daily cap. Run before the lead is stored (an early, clear
 * answer) and again inside its transaction, after lockShopper (no race gets past it).
 */
async function limitRefusal(db: Kysely<Database>, check: LimitCheck): Promise<RefusedAppointment | undefined> {
  const { tenant, location } = check;
  const phone = location.contact_detail?.phone || tenant.contact?.phone || undefined;
  const limit = perShopperLimit(tenant.testDrive.bookingsPerShopper, DEFAULT_TEST_DRIVES_PER_SHOPPER);
  const counts = await futureTestDrives(db, tenant.slug, check.keys, check.now, check.exceptLeadId);
  if (!shopperDecision(counts, limit).ok) return refuse(409, check.field, testDriveLimitMessage(limit, phone));
  const cap = dailyCap(check.dayStarts.length, tenant.testDrive.dailySharePercent);
  const booked = await bookedOfDay(db, location.id, check.dayStarts, check.exceptLeadId);
  if (booked >= cap) return refuse(409, check.field, dayFullMessage(check.slot.date, location.name, phone));
  return undefined;
}

export async function checkAppointment(
  provider: AppointmentsProvider,
  post: AppointmentPost,
): Promise<AppointmentCheck> {
  // Checked on the step that asks for the time (the shopper hears at once that it is gone) and again on
  // the last step, which alone books it: an abandoned multi-step filling holds no slot (security review).
  const lastStep = post.step === post.form.steps.length - 1;
  const steps = lastStep ? post.form.steps : post.form.steps.slice(post.step, post.step + 1);
  const field = steps.flatMap((s) => s.fields).find((f) => f.type === 'appointment');
  const value = field ? post.values[field.name] : undefined;
  if (!field || typeof value !== 'string' || value === '') return { ok: true, fields: {} };
  const locationValue = post.values[APPOINTMENT_LOCATION_FIELD];
  const location = post.locations.find(
    (l) => String(l.id) === String(locationValue) && isTestDriveLocationType(l.location_type),
  );
  if (!location) return { ok: false, answer: refuse(422, field.name, SLOT_NEEDS_LOCATION_MESSAGE) };
  const settings = post.tenant.testDrive;
  const offered = await provider.slots(location, post.now, settings);
  const slot = findSlot(offered, value);
  if (!slot) return { ok: false, answer: refuse(422, field.name, SLOT_NOT_OFFERED_MESSAGE) };
  if (!slot.free) {
    // The slot this filling already holds (a retried post) is taken for everyone else, not for it.
    const held = post.leadId !== undefined ? await bookingOfLead(post.db, post.leadId) : undefined;
    const ours = held?.locationId === location.id && Date.parse(held.start) === Date.parse(slot.start);
    if (!ours) return { ok: false, answer: refuse(409, field.name, SLOT_TAKEN_MESSAGE) };
  }
  const limits: LimitCheck = {
    tenant: post.tenant,
    location,
    slot,
    dayStarts: offered.filter((s) => s.date === slot.date).map((s) => s.start),
    keys: shopperKeyHashes(post.tenant.slug, post.shopper ?? {}),
    field: field.name,
    now: post.now,
    exceptLeadId: post.leadId,
  };
  const limited = await limitRefusal(post.db, limits);
  if (limited) return { ok: false, answer: limited };
  const { start } = slot;
  return {
    ok: true,
    fields: { [field.name]: start, [APPOINTMENT_LOCATION_FIELD]: String(location.id) },
    book: async (trx, leadId) => {
      // Counted again in the lead's transaction, one booking per shopper and per location's day at a time.
      await lockShopper(trx, post.tenant.slug, limits.keys, `test-drive-day:${location.id}:${slot.date}`);
      const refused = await limitRefusal(trx, { ...limits, exceptLeadId: leadId });
      if (refused) return refused;
      const booked = await provider.book(trx, {
        tenant: post.tenant.slug,
        locationId: location.id,
        start,
        leadId,
        now: post.now,
        shopper: limits.keys,
      });
      return booked.ok ? undefined : refuse(409, field.name, SLOT_TAKEN_MESSAGE);
    },
  };
}
