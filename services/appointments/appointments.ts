/**
 * Test-drive appointments (catalogue §7 "Appointments fetch for test-drive booking"; issue 20).
 * An AppointmentsProvider answers which times a location can still take and books one with the
 * lead that asked for it. The embedded provider works from the location's opening hours
 * (domain/appointments) and the platform's own table of booked slots; a dealer's booking system
 * could stand behind the same interface.
 */
import type { Kysely } from 'kysely';
import { appointmentSlots, slotInstant, type Slot, type SlotSettings } from '../../domain/appointments/slots';
import { fullDays } from '../../domain/booking-limits';
import { hoursSourceOf, type HoursLocation } from '../../domain/locations/upcoming-hours';
import type { ShopperKeyHashes } from '../booking-limits';
import type { PlatformDb } from '../db/database';
import type { Database } from '../db/schema';

// spec: issue 20 — "a lost race gives a clear 409 'That time was just booked, please pick another'".
export const SLOT_TAKEN_MESSAGE = 'That time was just booked, please pick another';
export const SLOT_NOT_OFFERED_MESSAGE =
  'That time is not available for a test drive. Please pick one of the times shown.';
export const SLOT_NEEDS_LOCATION_MESSAGE = 'Please choose the location for your test drive.';

/** What the slots of a location depend on (a FeedLocation fits). */
export type AppointmentLocation = HoursLocation & { id: number };

export interface Booking {
  tenant: string;
  locationId: number;
  /** The slot's start, ISO 8601 with an offset. */
  start: string;
  leadId: number;
  now: Date;
  /** Who the booking is for (hashed keys), so the site can count the shopper's bookings (issue 30 M2). */
  shopper?: ShopperKeyHashes;
}

/** The slot settings plus the share of a day that can be booked online (tenant testDrive.dailySharePercent). */
export type OfferSettings = SlotSettings & { dailySharePercent?: number };

export type BookingResult = { ok: true } | { ok: false; reason: 'taken' };

/** A slot and whether it can still be booked. */
export type OfferedSlot = Slot & { free: boolean };

export interface AppointmentsProvider {
  /** Every slot `location` offers from `now` (past and lead-time slots left out), booked or not, earliest first. */
  slots(location: AppointmentLocation, now: Date, settings: SlotSettings): Promise<OfferedSlot[]>;
  /**
   * The slots of `location` a shopper may still book, earliest first: free, on a day whose online
   * bookings have not reached the daily cap (domain/booking-limits fullDays).
   */
  freeSlots(location: AppointmentLocation, now: Date, settings: OfferSettings): Promise<Slot[]>;
  /**
   * Books `booking.start` at the location for the lead, inside the caller's transaction (the one
   * storing the lead), so the lead and its booking are stored together or not at all. A slot held
   * by another lead answers 'taken'; booking the slot the lead already holds again is fine.
   */
  book(trx: Kysely<Database>, booking: Booking): Promise<BookingResult>;
}

/** One spelling per instant, so the primary key compares instants whatever offset a post used. */
function storedStart(start: string): string {
  const instant = slotInstant(start);
  if (instant === undefined) throw new RangeError(`not an ISO date-time with an offset: ${start}`);
  return new Date(instant).toISOString();
}

/** The platform's own appointments: slots from opening hours, minus those booked in test_drive_bookings. */
export function embeddedAppointments(db: PlatformDb): AppointmentsProvider {
  const slots: AppointmentsProvider['slots'] = async (location, now, settings) => {
    const generated = appointmentSlots(hoursSourceOf(location), now, settings);
    const first = generated[0];
    if (!first) return [];
    const booked = await db
      .selectFrom('test_drive_bookings')
      .select('slot_start')
      .where('location_id', '=', location.id)
      .where('slot_start', '>=', storedStart(first.start))
      .execute();
    const taken = new Set(booked.map((row) => row.slot_start));
    return generated.map((slot) => ({ ...slot, free: !taken.has(storedStart(slot.start)) }));
  };
  return {
    slots,
    async freeSlots(location, now, settings) {
      const offered = await slots(location, now, settings);
      const full = fullDays(offered, settings.dailySharePercent);
      return offered.filter((slot) => slot.free && !full.has(slot.date)).map(({ free: _, ...slot }) => slot);
    },

    async book(trx, booking) {
      const start = storedStart(booking.start);
      // A lead holds one time: a corrected post moves it rather than keeping two.
      await trx
        .deleteFrom('test_drive_bookings')
        .where('lead_id', '=', booking.leadId)
        .where((eb) => eb.or([eb('location_id', '!=', booking.locationId), eb('slot_start', '!=', start)]))
        .execute();
      // DO NOTHING rather than an error: on PostgreSQL an error would end the lead's transaction too.
      const inserted = await trx
        .insertInto('test_drive_bookings')
        .values({
          location_id: booking.locationId,
          slot_start: start,
          tenant: booking.tenant,
          lead_id: booking.leadId,
          booked_at: booking.now.toISOString(),
          email_key: booking.shopper?.email_key ?? null,
          phone_key: booking.shopper?.phone_key ?? null,
          device_key: booking.shopper?.device_key ?? null,
        })
        .onConflict((oc) => oc.columns(['location_id', 'slot_start']).doNothing())
        .returning('lead_id')
        .executeTakeFirst();
      if (inserted) return { ok: true };
      const holder = await trx
        .selectFrom('test_drive_bookings')
        .select('lead_id')
        .where('location_id', '=', booking.locationId)
        .where('slot_start', '=', start)
        .executeTakeFirst();
      return holder?.lead_id === booking.leadId ? { ok: true } : { ok: false, reason: 'taken' };
    },
  };
}

/** The booked slot of a lead, if it has one (the dealer's e-mail, the lead record). */
export async function bookingOfLead(
  db: PlatformDb,
  leadId: number,
): Promise<{ locationId: number; start: string } | undefined> {
  const row = await db
    .selectFrom('test_drive_bookings')
    .select(['location_id', 'slot_start'])
    .where('lead_id', '=', leadId)
    .executeTakeFirst();
  return row ? { locationId: row.location_id, start: row.slot_start } : undefined;
}

/**
 * How many of `starts` (slot starts of one day) are booked at the location, leaving out the booking
 * of the lead `exceptLeadId` (a retried or corrected post moves it).
 */
export async function bookedOfDay(
  db: Kysely<Database>,
  locationId: number,
  starts: readonly string[],
  exceptLeadId?: number,
): Promise<number> {
  if (!starts.length) return 0;
  const row = await db
    .selectFrom('test_drive_bookings')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('location_id', '=', locationId)
    .where('slot_start', 'in', starts.map(storedStart))
    .$if(exceptLeadId !== undefined, (q) => q.where('lead_id', '!=', exceptLeadId ?? 0))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
