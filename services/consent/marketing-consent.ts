import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { normaliseEmail } from '../../domain/consent/marketing-consent';
import type { PlatformDb } from '../db/database';
import type { Database } from '../db/schema';

/**
 * Marketing consent withdrawn on a site (conversion §2.3 /pages/unsubscribe, §5.1 opt_in): the
 * site's stored leads from the address are marked opted out, and the address is remembered (as a
 * hash) so a lead it sends later is stored opted out and the dealer is told since when.
 */

/**
 * The stored form of an address on one site. A hash, so the table holds no readable address, only
 * the answer to "has this address unsubscribed here?". Salted with the site and a fixed label
 * rather than a secret: a secret that is rotated or lost would silently re-subscribe everyone,
 * while the site in the salt keeps one address's rows on two sites from being linked.
 */
export function unsubscribeHash(tenant: string, email: string): string {
  return createHash('sha256').update(`marketing-unsubscribe\n${tenant}\n${email}`).digest('hex');
}

/** The e-mail field every standard form names `email` (pages-json/base/forms.json). */
const EMAIL_FIELD = 'email';

/** A LIKE pattern that finds `text` anywhere, with LIKE's own wildcards in it taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function parseFields(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export type UnsubscribeResult =
  | {
      ok: true;
      /** Leads on the site now marked opted out (the shopper is never told: no enumeration). */ leadsOptedOut: number;
    }
  | { ok: false; reason: 'invalid_email' };

/**
 * Records that `email` withdrew marketing consent on `tenant`: remembered from `now` (asking again
 * keeps the first date), and every stored lead on the site whose e-mail is that address gets
 * opt_in false. One transaction, so a lead is never left opted in beside a recorded withdrawal.
 */
export async function unsubscribe(
  db: PlatformDb,
  tenant: string,
  email: unknown,
  now: Date,
): Promise<UnsubscribeResult> {
  const address = normaliseEmail(email);
  if (!address) return { ok: false, reason: 'invalid_email' };
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('marketing_unsubscribes')
      .values({ tenant, email_hash: unsubscribeHash(tenant, address), unsubscribed_at: at })
      .onConflict((oc) => oc.columns(['tenant', 'email_hash']).doNothing())
      .execute();
    // Only rows whose JSON holds the address are read (the forms' address rule has no character
    // JSON escapes, and lower() agrees on both databases for ASCII); each is then checked exactly.
    const candidates = await trx
      .selectFrom('leads')
      .select(['id', 'fields'])
      .where('tenant', '=', tenant)
      .where(sql<boolean>`lower(fields) like ${containsPattern(address)} escape '\\'`)
      .execute();
    let leadsOptedOut = 0;
    for (const row of candidates) if (await optOutLead(trx, row, address, at)) leadsOptedOut += 1;
    return { ok: true, leadsOptedOut };
  });
}

/** Reads of one lead before giving up on it (each miss means another write landed in between). */
const OPT_OUT_ATTEMPTS = 5;

/**
 * Marks one lead of `address` opted out, starting from its fields as read (true when this call did).
 * The rows are read without a lock, so the write only lands if the fields are still what was read: a
 * step of the same filling saved meanwhile (PostgreSQL runs it concurrently) would otherwise be
 * overwritten by the older fields. On a miss the lead is read again and the check repeated. Giving up
 * throws, so the whole withdrawal rolls back and the shopper is asked to try again, rather than a
 * lead staying opted in beside a recorded withdrawal.
 */
export async function optOutLead(
  trx: Kysely<Database>,
  lead: { id: number; fields: string },
  address: string,
  at: string,
): Promise<boolean> {
  let read: { fields: string } | undefined = lead;
  for (let attempt = 0; read && attempt < OPT_OUT_ATTEMPTS; attempt += 1) {
    const fields = parseFields(read.fields);
    if (!fields || normaliseEmail(fields[EMAIL_FIELD]) !== address || fields.opt_in === false) return false;
    const updated = await trx
      .updateTable('leads')
      .set({ fields: JSON.stringify({ ...fields, opt_in: false }), updated_at: at })
      .where('id', '=', lead.id)
      .where('fields', '=', read.fields)
      .executeTakeFirst();
    if (updated.numUpdatedRows > 0n) return true;
    read = await trx.selectFrom('leads').select('fields').where('id', '=', lead.id).executeTakeFirst();
  }
  if (!read) return false;
  throw new Error(`Lead ${lead.id} kept changing while it was being opted out; the withdrawal was not recorded.`);
}

/** When `email` unsubscribed on `tenant` (ISO-8601), or undefined when it has not (or is no address). */
export async function unsubscribedAt(db: PlatformDb, tenant: string, email: unknown): Promise<string | undefined> {
  const address = normaliseEmail(email);
  if (!address) return undefined;
  const row = await db
    .selectFrom('marketing_unsubscribes')
    .select('unsubscribed_at')
    .where('tenant', '=', tenant)
    .where('email_hash', '=', unsubscribeHash(tenant, address))
    .executeTakeFirst();
  return row?.unsubscribed_at;
}
