/**
 * When a dated item is live, in words (issue 33: "the offer editor says in words when each is live
 * ('Live from Sat 6 Dec, 6:00 am to Sun 7 Dec, 11:59 pm, Sydney time')"). Offers, promotions,
 * banners and promo tiles carry a start and an expiry date, each a whole day in the site's time
 * zone, both inclusive (catalogue §9, domain/promotions.ts): an item is live from the start of its
 * start date to the last minute of its expiry date, on the site's clock. Pure: dates and a moment in.
 */
import { dateInTimeZone } from '../format';

export interface Dated {
  start?: unknown;
  expiry?: unknown;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

const calendarDate = (value: unknown): string | undefined =>
  typeof value === 'string' && DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? value : undefined;

/** "Sydney time" for Australia/Sydney, "Auckland time" for Pacific/Auckland. */
export function timeZoneName(timeZone: string): string {
  const city = timeZone.split('/').at(-1)?.replace(/_/g, ' ');
  return `${city || timeZone} time`;
}

/** "Sat 6 Dec" (with the year when it is not the site's current year). */
function day(date: string, thisYear: string): string {
  const format = new Intl.DateTimeFormat('en-AU', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    ...(date.slice(0, 4) === thisYear ? {} : { year: 'numeric' }),
    timeZone: 'UTC',
  });
  return format.format(new Date(`${date}T00:00:00Z`)).replace(/,/g, '');
}

/** Whole days from `from` to `to` (calendar dates). */
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * When the item is live, and whether it is now: e.g. "Live from Sat 6 Dec, 12:00 am to Sun 7 Dec,
 * 11:59 pm, Sydney time. Not live yet: starts in 8 days." Undefined while a date is not a date yet (its
 * field says so).
 */
export function liveWords(item: Dated, now: Date, timeZone: string): string | undefined {
  const start = calendarDate(item.start);
  const expiry = calendarDate(item.expiry);
  const written = (value: unknown) => value !== undefined && value !== null && value !== '';
  if ((written(item.start) && !start) || (written(item.expiry) && !expiry)) return undefined;
  const today = dateInTimeZone(now, timeZone);
  const year = today.slice(0, 4);
  const zone = timeZoneName(timeZone);
  const from = start ? `${day(start, year)}, 12:00 am` : undefined;
  const until = expiry ? `${day(expiry, year)}, 11:59 pm` : undefined;
  if (start && expiry && expiry < start) return 'Never shown: the expiry date is before the start date.';
  const window =
    from && until
      ? `Live from ${from} to ${until}, ${zone}.`
      : from
        ? `Live from ${from}, ${zone}, with no expiry date.`
        : until
          ? `Live until ${until}, ${zone}.`
          : 'Live all the time: no start or expiry date.';
  if (expiry && today > expiry) return `${window} Ended: shoppers no longer see it.`;
  if (start && today < start) {
    const days = daysBetween(today, start);
    return `${window} Not live yet: starts ${days === 1 ? 'tomorrow' : `in ${days} days`}.`;
  }
  return `${window} Live now.`;
}
