/**
 * How many test drives and reservation holds one shopper may have at a time, and how much of a
 * location's day can be booked online (issue 30 M2: one client booked 196 of 196 test-drive slots
 * of a location for 12 days with one e-mail address and phone number, and could hold a dealer's
 * stock the same way). Pure rules: the appointment and reservation services count the shopper's
 * bookings and holds and ask these whether one more is allowed.
 *
 * A shopper is recognised by any of their e-mail address, phone number and browser (a device
 * cookie): each is counted on its own, so a second address with the same phone number, or a second
 * phone number from the same browser, is still the same shopper.
 */
import { normaliseEmail } from './consent/marketing-consent';
import { formatCalendarDate } from './format';
import { WEEKDAY_NAMES } from './locations/opening-hours';

/** Future test drives one shopper may have booked on a site unless the tenant sets testDrive.bookingsPerShopper. */
export const DEFAULT_TEST_DRIVES_PER_SHOPPER = 2;
/** Active holds one shopper may have on a site unless the tenant sets vehicle.reserveHoldsPerShopper. */
export const DEFAULT_HOLDS_PER_SHOPPER = 2;
/**
 * The share (%) of a location's test-drive times on one day that can be booked online unless the
 * tenant sets testDrive.dailySharePercent: half, so that however many e-mail addresses one person
 * makes up, half of every day stays for shoppers who ring or walk in.
 */
export const DEFAULT_DAILY_SHARE_PERCENT = 50;

export type ShopperKeyKind = 'email' | 'phone' | 'device';

/** What a shopper is recognised by; absent keys are not counted. */
export type ShopperKeys = Partial<Record<ShopperKeyKind, string>>;

/** How many future bookings (or active holds) the shopper has on the site, per key. */
export type ShopperCounts = Partial<Record<ShopperKeyKind, number>>;

const GMAIL_DOMAINS: ReadonlySet<string> = new Set(['gmail.com', 'googlemail.com']);

/**
 * One spelling per mailbox: lower case, without a '+tag' (ana+cars@ and ana@ reach the same
 * person), and for Gmail without dots in the name (Gmail ignores them) and with googlemail.com
 * as gmail.com. Undefined for text the forms would not accept as an address.
 */
export function bookingEmail(raw: unknown): string | undefined {
  const email = normaliseEmail(raw);
  if (!email) return undefined;
  const at = email.lastIndexOf('@');
  let local = email.slice(0, at);
  let domain = email.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    local = local.replace(/\./g, '');
    domain = 'gmail.com';
  }
  return local ? `${local}@${domain}` : undefined;
}

/** Fewer digits than this are not a phone number anyone can be called on. */
const MIN_PHONE_DIGITS = 6;

/**
 * One spelling per phone number: its digits, in the national form with a leading 0 for Australian
 * (+61) and New Zealand (+64) numbers, so '0412 345 678', '+61 412 345 678', '61412345678',
 * '+61 (0)412 345 678' and '0061 412 345 678' are one number. Undefined when there is no number.
 */
export function bookingPhone(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  let digits = raw.replace(/\D/g, '');
  if (digits.startsWith('00')) digits = digits.slice(2);
  // Australian numbers are 0 + 9 digits; New Zealand ones 0 + 8 to 10.
  const national = /^(61)(0?\d{9})$/.exec(digits) ?? /^(64)(0?\d{8,10})$/.exec(digits);
  if (national?.[2]) digits = national[2].startsWith('0') ? national[2] : `0${national[2]}`;
  return digits.length >= MIN_PHONE_DIGITS ? digits : undefined;
}

/** A device id is the platform's own random cookie value; anything else is not one. */
const DEVICE_ID = /^[A-Za-z0-9_-]{16,64}$/;

/** The keys a form post recognises its shopper by: the form's e-mail and phone values and the device cookie. */
export function shopperKeys(post: { email?: unknown; phone?: unknown; device?: string | undefined }): ShopperKeys {
  const email = bookingEmail(post.email);
  const phone = bookingPhone(post.phone);
  const device = post.device && DEVICE_ID.test(post.device) ? post.device : undefined;
  return { ...(email ? { email } : {}), ...(phone ? { phone } : {}), ...(device ? { device } : {}) };
}

/** A tenant's per-shopper limit, or the default when it is not a whole number of at least 1. */
export function perShopperLimit(value: number | null | undefined, fallback: number): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 ? value : fallback;
}

export type ShopperDecision =
  | { ok: true }
  /** The shopper already has `limit` (or more) by this key. */
  | { ok: false; by: ShopperKeyKind; count: number; limit: number };

const KINDS: readonly ShopperKeyKind[] = ['email', 'phone', 'device'];

/**
 * Whether one more booking (or hold) is allowed: only while the shopper has fewer than `limit` by
 * each of their keys. The counts leave out the booking the same form filling already holds (a
 * retried or corrected post moves it, it does not add one).
 */
export function shopperDecision(counts: ShopperCounts, limit: number): ShopperDecision {
  for (const by of KINDS) {
    const count = counts[by] ?? 0;
    if (count >= limit) return { ok: false, by, count, limit };
  }
  return { ok: true };
}

/** A tenant's daily share, or the default when it is not a number from 1 to 100. */
export function dailySharePercent(value: number | null | undefined): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 1 && value <= 100
    ? value
    : DEFAULT_DAILY_SHARE_PERCENT;
}

/**
 * How many of a day's `slots` times at a location can be booked online: the share, rounded down,
 * and at least one on a day that offers any (a short Saturday with one time still takes a booking).
 */
export function dailyCap(slots: number, sharePercent: number | null | undefined): number {
  if (slots <= 0) return 0;
  return Math.max(1, Math.floor((slots * dailySharePercent(sharePercent)) / 100));
}

/**
 * The days (location calendar dates) that can take no more online bookings: those whose booked
 * times reach the cap of the times offered that day. `slots` are every time a location still offers
 * from now, booked or not (OfferedSlot).
 */
export function fullDays(
  slots: readonly { date: string; free: boolean }[],
  sharePercent: number | null | undefined,
): Set<string> {
  const days = new Map<string, { offered: number; booked: number }>();
  for (const slot of slots) {
    const day = days.get(slot.date) ?? { offered: 0, booked: 0 };
    day.offered += 1;
    if (!slot.free) day.booked += 1;
    days.set(slot.date, day);
  }
  const full = new Set<string>();
  for (const [date, day] of days) if (day.booked >= dailyCap(day.offered, sharePercent)) full.add(date);
  return full;
}

function count(n: number, one: string, many: string): string {
  return n === 1 ? `1 ${one}` : `${n} ${many}`;
}

const onNumber = (phone: string | undefined) => (phone ? ` on ${phone}` : '');

/** What a shopper reads when they already have as many test drives booked as the site allows. */
export function testDriveLimitMessage(limit: number, phone?: string): string {
  return `You already have ${count(limit, 'test drive', 'test drives')} booked with us. Please call the dealership${onNumber(phone)} to book another, or send this form with "No preference" as the time and we will call you.`;
}

/** What a shopper reads when a location's day (`date`, YYYY-MM-DD on its clock) has no more online test-drive times. */
export function dayFullMessage(date: string, locationName: string, phone?: string): string {
  const weekday = WEEKDAY_NAMES[new Date(`${date}T00:00:00Z`).getUTCDay()];
  const day = `${weekday ? `${weekday} ` : ''}${formatCalendarDate(date)}`;
  return `All the test-drive times we take online at ${locationName} on ${day} are booked. Please pick another day, or call the dealership${onNumber(phone)} to book that day.`;
}

/**
 * What a shopper reads when they already hold as many cars as the site allows. The reservation is
 * stored as an enquiry first (like every reservation), so the dealer still calls them about the car.
 */
export function holdLimitMessage(limit: number, phone?: string): string {
  return `You already have ${count(limit, 'car', 'cars')} reserved with us, which is as many as we hold online for one person. We have your details and will call you about this car, or call us${onNumber(phone)}.`;
}
