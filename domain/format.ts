/**
 * The one way to write money, numbers, kilometres and dates for people (DESIGN: Conventions):
 * `Intl` with the 'en-AU' locale, money in the site's currency (tenant.locale.currency), and
 * "today" read on the site's clock (tenant.locale.timeZone), never the server's. Pure.
 */

/** The schema defaults of tenant.locale: for callers with no site at hand (a CLI, a stored row without one). */
export const DEFAULT_CURRENCY = 'AUD';
export const DEFAULT_TIME_ZONE = 'Australia/Sydney';

const LOCALE = 'en-AU';

/**
 * Money is written the way the currency's own country writes it, so a New Zealand shopper reads
 * $34,990 on an NZD site exactly as an Australian does on an AUD site (en-AU alone would print
 * 'NZD 34,990'). Anything else falls back to en-AU, which names the currency by its code.
 */
const MONEY_LOCALES: Readonly<Record<string, string>> = { AUD: 'en-AU', NZD: 'en-NZ' };

// Building an Intl formatter is far slower than using one. They hold no request data, and there is
// one per currency (two) or per time zone the sites use, so the process keeps them.
const moneyFormats = new Map<string, Intl.NumberFormat>();
const clockFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormat = new Intl.NumberFormat(LOCALE);

export interface MoneyOptions {
  /** Dollars and cents ($1,234.50) instead of whole dollars ($1,235): repayments, fees, fuel costs. */
  cents?: boolean;
}

/**
 * An amount in `currency` (ISO 4217: the site's tenant.locale.currency, 'AUD' or 'NZD'), whole
 * dollars with thousands separators by default: $34,990 (spec: conversion §9 "Dollar values are
 * shown with thousands separators"), written in the currency's home locale: $34,990 for NZD too.
 */
export function formatMoney(amount: number, currency: string, options: MoneyOptions = {}): string {
  const digits = options.cents ? 2 : 0;
  const key = `${currency}:${digits}`;
  let format = moneyFormats.get(key);
  if (!format) {
    // Throws RangeError for a code that is not a currency: better than a price in the wrong one.
    format = new Intl.NumberFormat(MONEY_LOCALES[currency] ?? LOCALE, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    moneyFormats.set(key, format);
  }
  return format.format(amount);
}

/** A count or measure with thousands separators: 1,234,567. */
export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

/** An odometer reading or distance: '123,456 km'. */
export function formatKm(km: number): string {
  return `${numberFormat.format(km)} km`;
}

const CALENDAR_STYLES = {
  /** 31 January 2027 */
  long: { dateStyle: 'long' },
  /** 31 Jan 2027 */
  medium: { dateStyle: 'medium' },
  /** Sun, 31 Jan 2027 */
  weekday: { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type CalendarStyle = keyof typeof CALENDAR_STYLES;

/**
 * A calendar date written YYYY-MM-DD (an offer's expiry, a blog post's date, a holiday) as people
 * read it in Australia. It names a day, not an instant, so no time zone shifts it.
 */
export function formatCalendarDate(date: string, style: CalendarStyle = 'long'): string {
  return new Intl.DateTimeFormat(LOCALE, { ...CALENDAR_STYLES[style], timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/** The date of an instant on the site's clock: '31 January 2027' (long) or '31 Jan 2027' (medium). */
export function formatDate(instant: Date, timeZone: string, style: 'long' | 'medium' = 'long'): string {
  return new Intl.DateTimeFormat(LOCALE, { dateStyle: style, timeZone }).format(instant);
}

/** The date and time of an instant on the site's clock: '31 Jan 2027, 8:00 am'. */
export function formatDateTime(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(instant);
}

/** An instant as a wall clock in a time zone shows it. */
export interface WallClock {
  /** Calendar date, YYYY-MM-DD. */
  date: string;
  year: number;
  /** 1 January .. 12 December. */
  month: number;
  day: number;
  /** 0..23 */
  hour: number;
  minute: number;
  second: number;
}

function clockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = clockFormats.get(timeZone);
  if (!format) {
    // Throws RangeError for an unknown zone: better a loud error than a date silently read in UTC.
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    clockFormats.set(timeZone, format);
  }
  return format;
}

/** `instant` on the clock of `timeZone` (an IANA name such as 'Australia/Adelaide' or 'Pacific/Auckland'). */
export function wallClock(instant: Date, timeZone: string): WallClock {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of clockFormat(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  const year = parts.year ?? '';
  const month = parts.month ?? '';
  const day = parts.day ?? '';
  return {
    date: `${year}-${month}-${day}`,
    year: Number(year),
    month: Number(month),
    day: Number(day),
    // Some engines print midnight as 24 even with h23; either way it is hour 0 of the day.
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** The calendar date (YYYY-MM-DD) at `instant` in `timeZone`: "today" for a site when `instant` is now. */
export function dateInTimeZone(instant: Date, timeZone: string): string {
  return wallClock(instant, timeZone).date;
}

/** The calendar year at `instant` in `timeZone`, so nothing ages at midnight UTC on New Year's Eve. */
export function yearInTimeZone(instant: Date, timeZone: string): number {
  return wallClock(instant, timeZone).year;
}
