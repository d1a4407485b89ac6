/**
 * Test-drive appointment slots (catalogue §7 "Appointments fetch for test-drive booking"; issue 20).
 * The times a shopper may book at a location: 30-minute slots inside the location's opening hours
 * (conversion §3 Opening hour entry, §5.4), on its own clock (its IANA zone), with special
 * (holiday) hours in place of the usual ones, never in the past and never sooner than the dealer's
 * lead time. A day whose hours are only 'By appointment only' or unreadable text offers no slots:
 * the platform does not know when someone is there to hand over the keys.
 */
import { wallClock } from '../format';
import { upcomingHours, type HoursSource } from '../locations/upcoming-hours';
import { formatClock } from '../locations/day-hours';
import { WEEKDAY_NAMES } from '../locations/opening-hours';
import { formatCalendarDate } from '../format';

export const SLOT_MINUTES = 30;
export const DEFAULT_LEAD_TIME_HOURS = 2;
export const DEFAULT_HORIZON_DAYS = 14;

export interface SlotSettings {
  /** No slot starts sooner than this many hours from now. */
  leadTimeHours: number;
  /** How many calendar days at the location are offered, today included. */
  horizonDays: number;
}

export interface Slot {
  /** ISO 8601 with the location's offset, e.g. 2026-12-01T09:00:00+11:00: the instant and the local time in one. */
  start: string;
  /** Calendar date at the location, YYYY-MM-DD. */
  date: string;
  /** Minutes since local midnight at the location. */
  minutes: number;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** Minutes the zone's clock is ahead of UTC at `instant`. */
function offsetAt(instant: number, timeZone: string): number {
  const c = wallClock(new Date(instant), timeZone);
  const asUtc = Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second);
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60_000);
}

function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** An instant as ISO 8601 with the zone's offset at that instant. */
export function isoWithOffset(instant: number, timeZone: string): string {
  const offset = offsetAt(instant, timeZone);
  const c = wallClock(new Date(instant), timeZone);
  return `${c.date}T${pad(c.hour)}:${pad(c.minute)}:00${formatOffset(offset)}`;
}

/**
 * The instant the location's clock reads `minutes` after midnight on `date`, or undefined when the
 * clock never reads it (the hour skipped when daylight saving starts). When the clock reads it
 * twice (the hour repeated when daylight saving ends) the first is taken, so one slot is offered.
 */
export function zonedInstant(date: string, minutes: number, timeZone: string): number | undefined {
  const [y, m, d] = date.split('-').map(Number);
  const naive = Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1, 0, minutes);
  const candidates = new Set<number>();
  // Zones are at most 14 hours from UTC, so the offsets at probes across a day either side of the
  // wall time include both offsets around any daylight-saving change near it.
  for (let hours = -24; hours <= 24; hours += 6)
    candidates.add(naive - offsetAt(naive + hours * 3_600_000, timeZone) * 60_000);
  const matching = [...candidates]
    .filter((instant) => {
      const c = wallClock(new Date(instant), timeZone);
      return c.date === date && c.hour * 60 + c.minute === minutes;
    })
    .sort((a, b) => a - b);
  return matching[0];
}

/**
 * The bookable slots at a location from `now`, earliest first. Each slot starts on the half hour
 * from opening and ends by closing; a slot starting within the lead time, or before now, is left
 * out; a closed day (regular or special) offers none.
 */
export function appointmentSlots(source: HoursSource, now: Date, settings: SlotSettings): Slot[] {
  const earliest = now.getTime() + Math.max(0, settings.leadTimeHours) * 3_600_000;
  const slots: Slot[] = [];
  const days = Math.max(0, Math.floor(settings.horizonDays));
  for (const day of upcomingHours(source, now, days)) {
    if (day.day.kind !== 'open') continue;
    const { opens, closes } = day.day;
    const first = Math.ceil(opens / SLOT_MINUTES) * SLOT_MINUTES;
    for (let minutes = first; minutes + SLOT_MINUTES <= closes; minutes += SLOT_MINUTES) {
      const instant = zonedInstant(day.date, minutes, source.timeZone);
      if (instant === undefined || instant < earliest) continue;
      // A slot spanning a repeated or skipped hour is still 30 minutes of the dealer's day.
      slots.push({ start: isoWithOffset(instant, source.timeZone), date: day.date, minutes });
    }
  }
  return slots;
}

/** The same instant, whatever offset or precision it is written with; undefined when it is not an ISO date-time with an offset. */
export function slotInstant(text: string): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(text)) return undefined;
  const time = Date.parse(text);
  return Number.isNaN(time) ? undefined : time;
}

/** The slot of `slots` starting at the instant `text` names, if any. */
export function findSlot<T extends Slot>(slots: readonly T[], text: string): T | undefined {
  const instant = slotInstant(text);
  if (instant === undefined) return undefined;
  return slots.find((slot) => slotInstant(slot.start) === instant);
}

export interface SlotDay {
  date: string;
  /** 'Tuesday 1 December 2026' */
  label: string;
  slots: { start: string; label: string }[];
}

/** Slots grouped by the location's calendar day, each labelled on the location's clock ('9:30 am'). */
export function slotsByDay(slots: readonly Slot[]): SlotDay[] {
  const days: SlotDay[] = [];
  for (const slot of slots) {
    let day = days[days.length - 1];
    if (day?.date !== slot.date) {
      const weekday = WEEKDAY_NAMES[new Date(`${slot.date}T00:00:00Z`).getUTCDay()] ?? '';
      day = { date: slot.date, label: `${weekday} ${formatCalendarDate(slot.date)}`, slots: [] };
      days.push(day);
    }
    day.slots.push({ start: slot.start, label: formatClock(slot.minutes) });
  }
  return days;
}

/** Location types where cars are sold, so a test drive can start there (feed location_type; empty means sales). */
const SELLING_TYPES: ReadonlySet<string> = new Set(['', 'sales', 'used']);

export function isTestDriveLocationType(type: string | null | undefined): boolean {
  return SELLING_TYPES.has(type ?? '');
}

/** The locations a test drive can be booked at: those that sell cars. */
export function testDriveLocations<T extends { location_type?: string | null }>(locations: readonly T[]): T[] {
  return locations.filter((l) => isTestDriveLocationType(l.location_type));
}

const LOCAL_START = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::\d{2})?([+-]\d{2}:\d{2})$/;

/**
 * A slot start as the location's clock reads it, for people: 'Tuesday 1 December 2026, 9:00 am'.
 * The start carries the location's own offset, so its date and time are already the local ones;
 * undefined for any other text (a 'Z' time names no location's clock).
 */
export function formatSlotStart(text: string): string | undefined {
  const match = LOCAL_START.exec(text.trim());
  if (!match?.[1]) return undefined;
  const weekday = WEEKDAY_NAMES[new Date(`${match[1]}T00:00:00Z`).getUTCDay()];
  if (weekday === undefined) return undefined;
  return `${weekday} ${formatCalendarDate(match[1])}, ${formatClock(Number(match[2]) * 60 + Number(match[3]))}`;
}
