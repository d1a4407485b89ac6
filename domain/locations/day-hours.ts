/**
 * One day's hours, read from a regular opening-hour entry or a special (holiday) hours entry
 * (conversion §3 Opening hour entry, Special hours), and the text a visitor sees for them.
 */

// spec: conversion §5.4 — the weekend "is shown separately with 'Closed' or 'By appointment only'".
export const CLOSED_TEXT = 'Closed';
export const BY_APPOINTMENT_TEXT = 'By appointment only';
export const OPEN_ALL_DAY_TEXT = 'Open 24 hours';

const MINUTES_IN_DAY = 24 * 60;

export type DayHours =
  /** Open from `opens` to `closes`, minutes since local midnight; `closes` may be 1440 (midnight). */
  | { kind: 'open'; opens: number; closes: number }
  | { kind: 'closed' }
  | { kind: 'appointment' }
  /** Hours the feed gives only as text that could not be read as times; shown as they are. */
  | { kind: 'unparsed'; text: string };

/**
 * conversion §3 Opening hour entry: weekday (0 Sunday to 6 Saturday), status (Open or Closed),
 * formated_hours, open, close. The feed schema adds the status 'By appointment only'. A
 * FeedOpeningHour fits.
 */
export interface OpeningHourEntry {
  weekday: number;
  status?: string | null;
  formated_hours?: string | null;
  open?: string | null;
  close?: string | null;
}

/**
 * conversion §3 Special hours: date, status, location_id or location.id, start_hour and end_hour,
 * or hours.begin and hours.end. A FeedSpecialHours fits.
 */
export interface SpecialHoursEntry {
  date: string;
  status?: string | null;
  name?: string | null;
  start_hour?: string | null;
  end_hour?: string | null;
  hours?: { begin?: string | null; end?: string | null } | null;
  location_id?: number | null;
  location?: { id?: number | null } | null;
}

const AM_PM = /^(\d{1,2})(?:[:.](\d{2}))?\s*([ap])\.?\s*m\.?$/i;
const H24 = /^(\d{1,2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/;
const HHMM = /^(\d{2})(\d{2})$/;

/**
 * Minutes since midnight of a clock time as feeds write it: '17:30', '17:30:00', '1730',
 * '5:30 PM', '5pm', or a date-time '2025-12-24T14:00' (its wall time is taken as written, since
 * special hours are in the location's zone). Undefined when it is none of these.
 */
export function parseClock(text: string): number | undefined {
  let value = text.trim();
  const dateTime = /^\d{4}-\d{2}-\d{2}[T ](\d{2}:\d{2}(?::\d{2})?)/.exec(value);
  if (dateTime?.[1]) value = dateTime[1];
  let hours: number;
  let minutes: number;
  const amPm = AM_PM.exec(value);
  const h24 = H24.exec(value) ?? HHMM.exec(value);
  if (amPm) {
    hours = Number(amPm[1]);
    minutes = Number(amPm[2] ?? 0);
    if (hours < 1 || hours > 12) return undefined;
    hours = (hours % 12) + (amPm[3]?.toLowerCase() === 'p' ? 12 : 0);
  } else if (h24) {
    hours = Number(h24[1]);
    minutes = Number(h24[2]);
  } else {
    return undefined;
  }
  if (minutes > 59 || hours > 24 || (hours === 24 && minutes > 0)) return undefined;
  return hours * 60 + minutes;
}

/** '8:30 am', '12:00 pm', '12:00 am' (midnight, also for 1440). */
export function formatClock(minutes: number): string {
  const inDay = ((minutes % MINUTES_IN_DAY) + MINUTES_IN_DAY) % MINUTES_IN_DAY;
  const hours = Math.floor(inDay / 60);
  const h12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${h12}:${String(inDay % 60).padStart(2, '0')} ${hours < 12 ? 'am' : 'pm'}`;
}

/** The text a visitor sees, e.g. '8:30 am - 5:30 pm', 'Closed', 'By appointment only'. */
export function formatDayHours(day: DayHours): string {
  switch (day.kind) {
    case 'open':
      return day.opens === 0 && day.closes === MINUTES_IN_DAY
        ? OPEN_ALL_DAY_TEXT
        : `${formatClock(day.opens)} - ${formatClock(day.closes)}`;
    case 'closed':
      return CLOSED_TEXT;
    case 'appointment':
      return BY_APPOINTMENT_TEXT;
    case 'unparsed':
      return day.text;
  }
}

/**
 * Hours from two clock texts. A close of midnight ('00:00') ends the day. A close before the
 * opening would be a shift past midnight; dealers do not trade overnight, so such a pair is more
 * likely a data error and is shown as written rather than turned into a wrong 'Open now'.
 */
function span(open: string | null | undefined, close: string | null | undefined): DayHours | undefined {
  if (!open || !close) return undefined;
  const opens = parseClock(open);
  let closes = parseClock(close);
  if (opens === undefined || closes === undefined) return undefined;
  if (closes === 0) closes = MINUTES_IN_DAY;
  if (closes <= opens) return { kind: 'unparsed', text: `${open.trim()} - ${close.trim()}` };
  return { kind: 'open', opens, closes };
}

/** '8:30 AM - 5:30 PM', '08:30–17:30', '8am to 5pm'. */
function spanFromText(text: string): DayHours | undefined {
  const parts = text.split(/\s*[-–—]\s*|\s+to\s+/i);
  return parts.length === 2 ? span(parts[0], parts[1]) : undefined;
}

const mentionsAppointment = (text: string | null | undefined): boolean => /appointment/i.test(text ?? '');
const normalisedStatus = (status: string | null | undefined): string => (status ?? '').trim().toLowerCase();

/**
 * A regular weekday's hours.
 *
 * - status 'By appointment only', or Closed with formated_hours that mention an appointment (the
 *   way the source system spells "closed to walk-ins"), is 'By appointment only' (conversion §5.4).
 * - status Closed is closed.
 * - Otherwise the open/close times; failing those the times in formated_hours; failing those the
 *   text itself, so unusual hours ('Open late Thursday') are shown rather than lost.
 */
export function regularDayHours(entry: OpeningHourEntry): DayHours {
  const status = normalisedStatus(entry.status);
  const text = entry.formated_hours?.trim() ?? '';
  if (status === BY_APPOINTMENT_TEXT.toLowerCase()) return { kind: 'appointment' };
  if (status === 'closed') return mentionsAppointment(text) ? { kind: 'appointment' } : { kind: 'closed' };
  const hours = span(entry.open, entry.close) ?? spanFromText(text);
  if (hours) return hours;
  if (mentionsAppointment(text)) return { kind: 'appointment' };
  if (/^closed$/i.test(text)) return { kind: 'closed' };
  if (text) return { kind: 'unparsed', text };
  // Open without any hours still tells the visitor the branch trades that day.
  return status === 'open' ? { kind: 'unparsed', text: 'Open' } : { kind: 'closed' };
}

/**
 * A special (holiday) entry's hours, or undefined for an entry that says Open without times: the
 * caller then keeps the regular hours of that day (read as "open as usual").
 */
export function specialDayHours(entry: SpecialHoursEntry): DayHours | undefined {
  const status = normalisedStatus(entry.status);
  if (status === 'closed') return { kind: 'closed' };
  if (mentionsAppointment(status)) return { kind: 'appointment' };
  return span(entry.start_hour, entry.end_hour) ?? span(entry.hours?.begin, entry.hours?.end);
}

/** Whether two days read the same to a visitor. */
export function sameDayHours(a: DayHours, b: DayHours): boolean {
  return formatDayHours(a) === formatDayHours(b);
}
