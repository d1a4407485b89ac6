import type { Kysely, Selectable } from 'kysely';
import type { FormValue } from '../../domain/forms/compile-form';
import { ANALYTICS_EVENTS } from '../../domain/analytics-events';
import { DEFAULT_CURRENCY, DEFAULT_TIME_ZONE, formatDateTime, formatMoney } from '../../domain/format';
import { holdLengthHours } from '../../domain/reservation-hold';
import type { FeedCar, ResolvedLeadDestination } from '../../schemas/types.generated';
import type { PlatformDb } from '../db/database';
import type { Database, LeadTable, ReservationTable } from '../db/schema';
import { storeLeadIn, type LeadSubmission } from '../leads/lead-store';
import { announceStockChange, recordStockChange } from '../stock/stock-changes';
import { getReservation, type Reservation } from './reservations';

/** Who released a hold whose deposit was not paid in time (reservations.released_by). */
export const EXPIRY_RELEASED_BY = 'expiry';
/** The category of the notice the dealer receives when an unpaid hold is released on its own. */
export const EXPIRED_HOLD_CATEGORY = 'Reservation expired';
const RESERVATION_FORM = 'reservation';
/** Shopper details carried onto the notice when the whole original lead would be too large. */
const CONTACT_FIELDS = ['name', 'last_name', 'email', 'phone', 'postcode'] as const;

/** What the sweeper needs to know about a tenant: where its leads go, and its clock and currency for the notice. */
export interface HoldSite {
  destinations: readonly ResolvedLeadDestination[];
  timeZone?: string;
  currency?: string;
}

export interface ExpiredHold {
  reservation: Reservation;
  /** The lead that tells the dealer (listed by `npm run leads`, delivered like any lead). */
  noticeLeadId: number;
  /** Deliveries queued for it (0 when the site has no destinations or the hold came from spam). */
  queued: number;
}

function parseFields(text: string | undefined): Record<string, FormValue> {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, FormValue>) : {};
  } catch {
    return {};
  }
}

function noticeText(
  row: Selectable<ReservationTable>,
  car: FeedCar | undefined,
  hours: number,
  site: { timeZone: string; currency: string },
  at: string,
): string {
  const when = (iso: string) => formatDateTime(new Date(iso), site.timeZone);
  const title = car
    ? [car.year, car.make, car.model].filter(Boolean).join(' ') + (car.stocknum ? ` (stock ${car.stocknum})` : '')
    : `car #${row.car_id}`;
  const why =
    row.deposit > 0
      ? `its ${formatMoney(row.deposit, site.currency)} deposit was not paid within ${hours} hours`
      : `it was not confirmed within ${hours} hours`;
  const lead = row.lead_id ? ` Their reservation was lead #${row.lead_id}.` : '';
  return `The online reservation #${row.id} of the ${title}, held on ${when(row.held_at)}, was released on its own on ${when(at)}: ${why}. The car shows as available on the website again. The shopper's details are below; you may want to call them.${lead}`;
}

/** Releases one due hold and files the dealer's notice, all in one transaction; undefined when another sweeper got there first or it was paid. */
async function expireOne(
  trx: Kysely<Database>,
  id: number,
  now: Date,
  site: (tenant: string) => HoldSite | undefined,
): Promise<{ noticeLeadId: number; queued: number } | undefined> {
  const at = now.toISOString();
  const current = await trx.selectFrom('reservations').selectAll().where('id', '=', id).executeTakeFirst();
  if (!current?.expires_at) return undefined;
  const hours = holdLengthHours(current.held_at, current.expires_at);
  const row = await trx
    .updateTable('reservations')
    .set({
      status: 'released',
      released_at: at,
      released_by: EXPIRY_RELEASED_BY,
      note: `Released on its own: not paid within ${hours} hours.`,
    })
    .where('id', '=', id)
    .where('status', '=', 'held')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('payment_intents')
            .select('payment_intents.id')
            .where('payment_intents.reservation_id', '=', id)
            .where('payment_intents.status', '=', 'paid'),
        ),
      ),
    )
    .returningAll()
    .executeTakeFirst();
  if (!row) return undefined;
  // The reservation history; the stock change below is what search follows.
  await trx
    .insertInto('reservation_events')
    .values({ reservation_id: id, kind: 'released', by: EXPIRY_RELEASED_BY, at })
    .execute();
  // The deposit can no longer be paid for a hold that is gone.
  await trx
    .updateTable('payment_intents')
    .set({ status: 'cancelled', updated_at: at })
    .where('reservation_id', '=', id)
    .where('status', '=', 'unpaid')
    .execute();

  const original: Selectable<LeadTable> | undefined = row.lead_id
    ? await trx.selectFrom('leads').selectAll().where('id', '=', row.lead_id).executeTakeFirst()
    : undefined;
  const carRow = await trx.selectFrom('cars').select('data').where('id', '=', row.car_id).executeTakeFirst();
  const car = carRow ? (JSON.parse(carRow.data) as FeedCar) : undefined;
  const info = site(row.tenant);
  const shopper = parseFields(original?.fields);
  const message = noticeText(
    row,
    car,
    hours,
    { timeZone: info?.timeZone ?? DEFAULT_TIME_ZONE, currency: info?.currency ?? DEFAULT_CURRENCY },
    at,
  );
  const notice = (fields: Record<string, FormValue>): LeadSubmission => ({
    tenant: row.tenant,
    form: original?.form ?? RESERVATION_FORM,
    eventId: original?.event_id ?? ANALYTICS_EVENTS.generalEnquiry,
    category: EXPIRED_HOLD_CATEGORY,
    subcategory: row.deposit > 0 ? 'Deposit not paid' : 'Not confirmed',
    fields,
    extras: {},
    carId: row.car_id,
    ...(original?.car_dealership_id != null ? { carDealershipId: original.car_dealership_id } : {}),
    ...(original?.dealership_slug ? { dealershipSlug: original.dealership_slug } : {}),
    ...(original?.location_id != null ? { locationId: original.location_id } : {}),
    url: original?.url ?? '',
    visitedPages: [],
    linkedQueryParams: {},
    idempotencyKey: `reservation-${row.id}-expired`,
    step: 0,
    isLastStep: true,
    // A hold a robot made (honeypot) is recorded, never sent.
    spam: original?.spam === 1,
    destinations: info?.destinations ?? [],
  });
  const { message: shopperMessage, ...rest } = shopper;
  let stored = await storeLeadIn(
    trx,
    notice({ ...rest, ...(shopperMessage !== undefined ? { shopper_message: shopperMessage } : {}), message }),
    now,
  );
  if (!stored.ok) {
    const contact = Object.fromEntries(
      CONTACT_FIELDS.filter((name) => shopper[name] !== undefined).map((name) => [name, shopper[name] as FormValue]),
    );
    stored = await storeLeadIn(trx, notice({ ...contact, message }), now);
  }
  if (!stored.ok) throw new Error(`The notice for expired reservation #${row.id} could not be stored.`);
  // Last: the car reads as the feed says again in every process's search index (issue 17). It
  // orders change rows until the commit, so nothing slow comes after it.
  await recordStockChange(trx, [row.car_id], 'reservation expired', now);
  return { noticeLeadId: stored.leadId, queued: stored.queued };
}

/**
 * Releases every held reservation whose unpaid hold has run out (issue 14): the car reads as the
 * feed says again (a stock change row tells every process's search index to re-read it), its
 * unpaid deposit is cancelled, and the dealer is told. The notice is a lead (category "Reservation
 * expired", the shopper's details and what happened) queued to the tenant's `leadDelivery`
 * destinations through the outbox in the same transaction, so it reaches the dealer exactly like
 * the reservation itself did, and `npm run leads` lists it. A paid deposit is never released here.
 */
export async function expireUnpaidHolds(
  db: PlatformDb,
  options: { now: Date; site(tenant: string): HoldSite | undefined; limit?: number },
): Promise<ExpiredHold[]> {
  const at = options.now.toISOString();
  const due = await db
    .selectFrom('reservations')
    .select('id')
    .where('status', '=', 'held')
    .where('expires_at', 'is not', null)
    .where('expires_at', '<=', at)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('payment_intents')
            .select('payment_intents.id')
            .whereRef('payment_intents.reservation_id', '=', 'reservations.id')
            .where('payment_intents.status', '=', 'paid'),
        ),
      ),
    )
    .orderBy('expires_at')
    .limit(options.limit ?? 200)
    .execute();
  const expired: ExpiredHold[] = [];
  for (const { id } of due) {
    const done = await db.transaction().execute((trx) => expireOne(trx, id, options.now, options.site));
    if (!done) continue;
    announceStockChange(db);
    const reservation = await getReservation(db, id);
    if (reservation) expired.push({ reservation, ...done });
  }
  return expired;
}
