/**
 * The vehicle page's registration expiry line (catalogue §4): 'Expires on {date}', or
 * 'Unregistered' on sites that ask, read in the site's time zone. Pure.
 */
import { dateInTimeZone, formatCalendarDate } from '../format';

export const REGO_UNREGISTERED_TEXT = 'Unregistered';

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date (YYYY-MM-DD) from a date or a date-time (read in the site time zone), else undefined. */
function calendarDate(text: string, timeZone: string): string | undefined {
  const trimmed = text.trim();
  const match = DATE_ONLY.exec(trimmed);
  if (match) {
    const [, y, m, d] = match.map(Number) as [number, number, number, number];
    const check = new Date(Date.UTC(y, m - 1, d));
    return check.getUTCFullYear() === y && check.getUTCMonth() === m - 1 && check.getUTCDate() === d
      ? trimmed
      : undefined;
  }
  if (!/^\d{4}-\d{2}-\d{2}T/.test(trimmed)) return undefined;
  const instant = Date.parse(trimmed);
  return Number.isNaN(instant) ? undefined : dateInTimeZone(new Date(instant), timeZone);
}

/**
 * spec: catalogue §4 rego expiry — a past date shows 'Unregistered' on some sites, otherwise
 * nothing; a future date shows 'Expires on {date}'.
 *
 * The expiry date is the last day the registration is valid, so it counts as past only from the
 * next day: on the expiry day itself (in the site time zone) the car is still registered and shows
 * 'Expires on {date}'. The date is formatted en-AU ('3 March 2027'). A date-time is read as its
 * calendar date in the site time zone; missing or invalid dates show nothing.
 */
export function regoExpiry(
  date: string | undefined | null,
  now: Date,
  timeZone: string,
  showUnregistered: boolean,
): string | undefined {
  if (!date) return undefined;
  const expiry = calendarDate(date, timeZone);
  if (expiry === undefined) return undefined;
  const today = dateInTimeZone(now, timeZone);
  if (expiry >= today) return `Expires on ${formatCalendarDate(expiry)}`;
  return showUnregistered ? REGO_UNREGISTERED_TEXT : undefined;
}
