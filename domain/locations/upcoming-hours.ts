/**
 * The hours of the coming days at a location, with special (holiday) hours in place of the
 * regular ones on the day they fall on (conversion §3 Special hours, issue: "special (holiday)
 * hours override the day they fall on, in the location's time zone").
 */
import {
  formatDayHours,
  regularDayHours,
  specialDayHours,
  type DayHours,
  type OpeningHourEntry,
  type SpecialHoursEntry,
} from './day-hours';
import { WEEKDAY_NAMES } from './opening-hours';
import { addDays, calendarDate, weekdayOfDate, zonedMoment } from './zoned-time';

/** How many days the hours list looks ahead, today included. */
export const UPCOMING_DAYS = 7;

/** Everything the hours of one location depend on. */
export interface HoursSource {
  /** IANA zone the hours are written in, e.g. 'Australia/Perth'. */
  timeZone: string;
  openingHours: readonly OpeningHourEntry[];
  /** Special hours of this location, or a longer list filtered by `locationId`. */
  specialHours?: readonly SpecialHoursEntry[];
  locationId?: number;
}

/** What hoursSourceOf reads of a location (a FeedLocation fits). */
export interface HoursLocation {
  id?: number;
  time_zone: string;
  contact_detail?: { opening_hours?: readonly OpeningHourEntry[] | null } | null;
  special_hours?: readonly SpecialHoursEntry[] | null;
}

export function hoursSourceOf(location: HoursLocation): HoursSource {
  return {
    timeZone: location.time_zone,
    openingHours: location.contact_detail?.opening_hours ?? [],
    specialHours: location.special_hours ?? [],
    locationId: location.id,
  };
}

export interface UpcomingDay {
  /** Calendar date at the location, YYYY-MM-DD. */
  date: string;
  /** 0 Sunday .. 6 Saturday. */
  weekday: number;
  dayName: string;
  day: DayHours;
  /** '8:30 am - 5:30 pm', 'Closed', 'By appointment only'. */
  hours: string;
  /** The special entry that replaced the regular hours, when one did. */
  special?: { name?: string };
}

/**
 * The special entries that belong to a location: those naming it by location_id or location.id,
 * and those naming no location (nested in the location, where the owner is implied).
 */
export function specialHoursFor(source: Pick<HoursSource, 'specialHours' | 'locationId'>): SpecialHoursEntry[] {
  return (source.specialHours ?? []).filter((entry) => {
    const owner = entry.location_id ?? entry.location?.id;
    return owner === undefined || owner === null || source.locationId === undefined || owner === source.locationId;
  });
}

function regularByWeekday(entries: readonly OpeningHourEntry[]): Map<number, DayHours> {
  const byWeekday = new Map<number, DayHours>();
  for (const entry of entries) if (!byWeekday.has(entry.weekday)) byWeekday.set(entry.weekday, regularDayHours(entry));
  return byWeekday;
}

function specialsByDate(source: HoursSource): Map<string, SpecialHoursEntry> {
  const byDate = new Map<string, SpecialHoursEntry>();
  for (const entry of specialHoursFor(source)) {
    const date = calendarDate(entry.date);
    if (date && !byDate.has(date)) byDate.set(date, entry);
  }
  return byDate;
}

/** The hours of one calendar date, given the location's regular and special hours. */
function hoursOn(date: string, regular: Map<number, DayHours>, specials: Map<string, SpecialHoursEntry>): UpcomingDay {
  const weekday = weekdayOfDate(date);
  // A weekday missing from the feed reads as closed here: this list answers "can I go on that
  // date", and saying open without hours would be worse.
  const usual = regular.get(weekday) ?? { kind: 'closed' };
  const special = specials.get(date);
  // A special entry that says Open without times keeps the usual hours of that day; it still
  // marks the day, so the visitor sees the holiday name next to them.
  const day = (special && specialDayHours(special)) ?? usual;
  return {
    date,
    weekday,
    dayName: WEEKDAY_NAMES[weekday] ?? '',
    day,
    hours: formatDayHours(day),
    ...(special ? { special: special.name ? { name: special.name } : {} } : {}),
  };
}

/**
 * The hours of `days` calendar days from today at the location (today first). "Today" is the
 * location's date at `now`: at 1 am Monday in Sydney it is still Sunday in Perth.
 */
export function upcomingHours(source: HoursSource, now: Date, days: number = UPCOMING_DAYS): UpcomingDay[] {
  const today = zonedMoment(now, source.timeZone).date;
  const regular = regularByWeekday(source.openingHours);
  const specials = specialsByDate(source);
  return Array.from({ length: Math.max(0, days) }, (_, offset) => hoursOn(addDays(today, offset), regular, specials));
}

/**
 * The special hours from today on at the location, by date, for the holiday-hours dialog
 * (conversion §4.8: "Holiday hours dialog opens and closes").
 */
export function upcomingSpecialHours(source: HoursSource, now: Date): UpcomingDay[] {
  const today = zonedMoment(now, source.timeZone).date;
  const regular = regularByWeekday(source.openingHours);
  const specials = specialsByDate(source);
  return [...specials.keys()]
    .filter((date) => date >= today)
    .sort()
    .map((date) => hoursOn(date, regular, specials));
}
