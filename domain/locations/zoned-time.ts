/**
 * Wall-clock date and time at a location. Opening hours are written in the location's own time
 * zone (FeedLocation.time_zone) and Australia has several, some with daylight saving and one with
 * a half-hour offset, so "now" is always read through Intl in that zone, never the server's.
 */
import { wallClock } from '../format';

/** A moment as the location's clock shows it. */
export interface ZonedMoment {
  /** Calendar date, YYYY-MM-DD. */
  date: string;
  /** 0 Sunday .. 6 Saturday, as FeedOpeningHour.weekday. */
  weekday: number;
  /** Minutes since local midnight, 0..1439. */
  minutes: number;
}

/** `now` on the clock of `timeZone` (an IANA name such as 'Australia/Adelaide'); throws RangeError for an unknown zone. */
export function zonedMoment(now: Date, timeZone: string): ZonedMoment {
  const { date, hour, minute } = wallClock(now, timeZone);
  return { date, weekday: weekdayOfDate(date), minutes: hour * 60 + minute };
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})/;

function utcMidnight(date: string): number {
  const match = DATE.exec(date);
  if (!match) return NaN;
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

/**
 * The calendar date of a YYYY-MM-DD (a time part after it is ignored), or undefined when it is
 * not a real date: Date.UTC would quietly turn 2025-02-30 into 2 March.
 */
export function calendarDate(text: string): string | undefined {
  const trimmed = text.trim();
  const time = utcMidnight(trimmed);
  if (Number.isNaN(time)) return undefined;
  const date = new Date(time).toISOString().slice(0, 10);
  return trimmed.startsWith(date) ? date : undefined;
}

/** 0 Sunday .. 6 Saturday of a calendar date; the same in every time zone. */
export function weekdayOfDate(date: string): number {
  return new Date(utcMidnight(date)).getUTCDay();
}

/** A calendar date `days` later. Pure calendar arithmetic, so a daylight-saving change cannot skip or repeat a day. */
export function addDays(date: string, days: number): string {
  return new Date(utcMidnight(date) + days * 86_400_000).toISOString().slice(0, 10);
}
