/**
 * A shopper's test-drive bookings and reservation holds on one site, counted by e-mail address,
 * phone number and device (issue 30 M2). The rules (who is the same shopper, how many are allowed)
 * are in domain/booking-limits; this stores who each booking and hold is for, as hashes, and counts
 * them on SQLite and PostgreSQL alike.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ShopperCounts, ShopperKeyKind, ShopperKeys } from '../../domain/booking-limits';
import { serialize } from '../db/dialect';
import type { Database } from '../db/schema';

/** The stored form of a shopper's keys (test_drive_bookings and reservations, migration 020). */
export interface ShopperKeyHashes {
  email_key: string | null;
  phone_key: string | null;
  device_key: string | null;
}

const COLUMNS = { email: 'email_key', phone: 'phone_key', device: 'device_key' } as const;
const KINDS = Object.keys(COLUMNS) as ShopperKeyKind[];

/**
 * A key as stored: a hash, so the tables hold no readable address or number, only the answer to
 * "is this the same shopper?". Salted with the site and a fixed label rather than a secret (like
 * the unsubscribe hashes): a rotated secret would quietly reset every count, and the site in the
 * salt keeps one shopper's rows on two sites from being linked.
 */
export function shopperKeyHash(tenant: string, kind: ShopperKeyKind, value: string): string {
  return createHash('sha256').update(`booking-shopper\n${tenant}\n${kind}\n${value}`).digest('hex').slice(0, 40);
}

export function shopperKeyHashes(tenant: string, keys: ShopperKeys): ShopperKeyHashes {
  const hash = (kind: ShopperKeyKind) => {
    const value = keys[kind];
    return value ? shopperKeyHash(tenant, kind, value) : null;
  };
  return { email_key: hash('email'), phone_key: hash('phone'), device_key: hash('device') };
}

function given(
  keys: ShopperKeyHashes,
): { kind: ShopperKeyKind; column: (typeof COLUMNS)[ShopperKeyKind]; hash: string }[] {
  return KINDS.flatMap((kind) => {
    const column = COLUMNS[kind];
    const hash = keys[column];
    return hash ? [{ kind, column, hash }] : [];
  });
}

/**
 * Orders this transaction after every other one booking or holding for the same shopper on the
 * site (PostgreSQL; SQLite writes one transaction at a time), so two posts racing cannot both see
 * one booking short of the limit.
 */
export async function lockShopper(
  trx: Kysely<Database>,
  tenant: string,
  keys: ShopperKeyHashes,
  ...more: string[]
): Promise<void> {
  await serialize(trx, ...given(keys).map((k) => `booking-shopper:${tenant}:${k.hash}`), ...more);
}

function countRows(rows: readonly ShopperKeyHashes[], keys: ShopperKeyHashes): ShopperCounts {
  const counts: ShopperCounts = {};
  for (const { kind, column, hash } of given(keys)) counts[kind] = rows.filter((row) => row[column] === hash).length;
  return counts;
}

/**
 * The shopper's test drives on the site that have not started yet, per key, leaving out the one
 * the lead `exceptLeadId` holds (a retried or corrected post moves its booking, it adds none).
 */
export async function futureTestDrives(
  db: Kysely<Database>,
  tenant: string,
  keys: ShopperKeyHashes,
  now: Date,
  exceptLeadId?: number,
): Promise<ShopperCounts> {
  const match = given(keys);
  if (!match.length) return {};
  const rows = await db
    .selectFrom('test_drive_bookings')
    .select(['email_key', 'phone_key', 'device_key'])
    .where('tenant', '=', tenant)
    .where('slot_start', '>', now.toISOString())
    .where((eb) => eb.or(match.map((k) => eb(k.column, '=', k.hash))))
    .$if(exceptLeadId !== undefined, (q) => q.where('lead_id', '!=', exceptLeadId ?? 0))
    .execute();
  return countRows(rows, keys);
}

/**
 * The shopper's holds on the site that still keep a car from other shoppers, per key: held, and
 * either paid, without an expiry, or not yet run out (the sweeper releases run-out unpaid holds
 * within minutes). The hold of the lead `exceptLeadId` is left out.
 */
export async function activeHolds(
  db: Kysely<Database>,
  tenant: string,
  keys: ShopperKeyHashes,
  now: Date,
  exceptLeadId?: number,
): Promise<ShopperCounts> {
  const match = given(keys);
  if (!match.length) return {};
  const rows = await db
    .selectFrom('reservations')
    .select(['reservations.email_key', 'reservations.phone_key', 'reservations.device_key'])
    .where('reservations.tenant', '=', tenant)
    .where('reservations.status', '=', 'held')
    .where((eb) => eb.or(match.map((k) => eb(`reservations.${k.column}`, '=', k.hash))))
    .where((eb) =>
      eb.or([
        eb('reservations.expires_at', 'is', null),
        eb('reservations.expires_at', '>', now.toISOString()),
        eb.exists(
          eb
            .selectFrom('payment_intents')
            .select('payment_intents.id')
            .whereRef('payment_intents.reservation_id', '=', 'reservations.id')
            .where('payment_intents.status', '=', 'paid'),
        ),
      ]),
    )
    .$if(exceptLeadId !== undefined, (q) =>
      q.where((eb) =>
        eb.or([eb('reservations.lead_id', 'is', null), eb('reservations.lead_id', '!=', exceptLeadId ?? 0)]),
      ),
    )
    .execute();
  return countRows(rows, keys);
}
