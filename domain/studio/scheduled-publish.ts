/**
 * Publishing on a schedule (issue 33: "'Publish at…' a date and time in the site's time zone"):
 * the pure rules. A site editor picks a wall-clock time on the site's clock; it becomes an instant
 * (with the daylight-saving gaps and repeats of that day handled), is checked (in the future, within
 * a year), and is told back in words. At the due time the frozen version is published on top of
 * whatever is live then: when a publish came in between, the schedule's own changes are applied to
 * it if the two touched different things (else it is not published, and the Studio says why).
 */
import { DEFAULT_TIME_ZONE, wallClock } from '../format';
import { diffDocuments, sameValue, type FieldChange } from '../tenant-diff';
import { timeZoneName } from './live-dates';

/** The latest a publish may be set for: a year ahead. */
export const SCHEDULE_MAX_DAYS_AHEAD = 366;

/**
 * How often every platform process looks for a due schedule (one indexed query): it goes live
 * within this of its time, and every process serves it a tenant-sync second later.
 */
export const SCHEDULE_POLL_MS = 1_000;

const DAY_MS = 86_400_000;

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The site's time zone: its own `locale.timeZone`, else the one it inherits, else the platform's default. */
export function siteTimeZoneOf(document: unknown, inherited?: unknown): string {
  const zone = (value: unknown) => {
    const locale = isObject(value) ? value.locale : undefined;
    return isObject(locale) && typeof locale.timeZone === 'string' && locale.timeZone ? locale.timeZone : undefined;
  };
  return zone(document) ?? zone(inherited) ?? DEFAULT_TIME_ZONE;
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** How far `timeZone`'s clock is ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const clock = wallClock(new Date(instant), timeZone);
  const asUtc = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

export interface WallTime {
  /** The instant. */
  at: Date;
  /** Set when the clock skips the time asked for that day (daylight saving starts): the time it becomes. */
  movedTo?: string;
}

/**
 * The instant a wall-clock time ("2026-12-06T06:00", as a datetime-local field gives it) names on
 * `timeZone`'s clock. A time that happens twice (the hour repeated when daylight saving ends) is the
 * first; a time that does not happen (the hour skipped when it starts) moves forward by the skip, and
 * says so. Undefined for text that is not such a time.
 */
export function instantOfWallTime(local: string, timeZone: string): WallTime | undefined {
  const match = LOCAL.exec(local);
  if (!match) return undefined;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59) return undefined;
  const guess = Date.UTC(year, month - 1, day, hour, minute);
  if (new Date(guess).getUTCDate() !== day) return undefined; // 31 April and the like
  const matches = (instant: number) => {
    const clock = wallClock(new Date(instant), timeZone);
    return (
      clock.year === year &&
      clock.month === month &&
      clock.day === day &&
      clock.hour === hour &&
      clock.minute === minute
    );
  };
  // The two offsets around the time; the earlier instant that shows the time wins.
  const candidates = [...new Set([offsetAt(guess - DAY_MS, timeZone), offsetAt(guess + DAY_MS, timeZone)])]
    .map((offset) => guess - offset)
    .sort((a, b) => a - b);
  const exact = candidates.find(matches);
  if (exact !== undefined) return { at: new Date(exact) };
  // Skipped: the same distance past the skip, as the clock on the wall reads it then.
  const later = candidates.at(-1) ?? guess;
  const clock = wallClock(new Date(later), timeZone);
  return { at: new Date(later), movedTo: clockWords(clock.hour, clock.minute) };
}

/** "6:00 am", "12:30 pm". */
function clockWords(hour: number, minute: number): string {
  const half = hour < 12 ? 'am' : 'pm';
  return `${hour % 12 || 12}:${String(minute).padStart(2, '0')} ${half}`;
}

/** `instant` as a datetime-local value on `timeZone`'s clock ("2026-12-06T06:00"). */
export function wallTimeOf(instant: Date, timeZone: string): string {
  const clock = wallClock(instant, timeZone);
  return `${clock.date}T${String(clock.hour).padStart(2, '0')}:${String(clock.minute).padStart(2, '0')}`;
}

export type ScheduleMoment = { ok: true; at: Date; note?: string } | { ok: false; message: string };

/**
 * The moment a "Publish at…" field names, checked: a date and time on the site's clock, later than
 * now, at most a year ahead. The refusals are sentences for the field.
 */
export function scheduleMoment(local: unknown, timeZone: string, now: Date): ScheduleMoment {
  const zone = timeZoneName(timeZone);
  const wall = typeof local === 'string' ? instantOfWallTime(local.trim(), timeZone) : undefined;
  if (!wall) return { ok: false, message: `Choose the date and the time to publish at (${zone}).` };
  if (wall.at.getTime() <= now.getTime())
    return {
      ok: false,
      message: `That time has passed: it is ${timeWords(now, timeZone, now).replace(/ \(.*\)$/, '')} now. Choose a later time.`,
    };
  if (wall.at.getTime() > now.getTime() + SCHEDULE_MAX_DAYS_AHEAD * DAY_MS)
    return { ok: false, message: 'Choose a time within a year from now.' };
  return wall.movedTo
    ? {
        ok: true,
        at: wall.at,
        note: `The clocks go forward that night, so that time does not happen: it publishes at ${wall.movedTo}.`,
      }
    : { ok: true, at: wall.at };
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** "in 8 days", "in 3 hours", "in 2 minutes", "in under a minute"; "due now" once it has passed. */
export function untilWords(at: Date, now: Date): string {
  const ms = at.getTime() - now.getTime();
  if (ms <= 0) return 'due now';
  const minutes = Math.ceil(ms / 60_000);
  if (ms < 60_000) return 'in under a minute';
  if (minutes < 60) return `in ${plural(minutes, 'minute')}`;
  const hours = Math.round(minutes / 60);
  if (hours < 36) return `in ${plural(hours, 'hour')}`;
  return `in ${plural(Math.round(ms / DAY_MS), 'day')}`;
}

/**
 * When, on the site's clock: "Sat 6 Dec, 6:00 am, Sydney time (in 8 days)", with the year when it
 * is not this year's. Without `now`, no "(in …)".
 */
export function timeWords(at: Date, timeZone: string, now?: Date): string {
  const clock = wallClock(at, timeZone);
  const thisYear = now ? wallClock(now, timeZone).year : clock.year;
  const day = new Intl.DateTimeFormat('en-AU', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    ...(clock.year === thisYear ? {} : { year: 'numeric' }),
    timeZone: 'UTC',
  })
    .format(new Date(`${clock.date}T00:00:00Z`))
    .replace(/,/g, '');
  const text = `${day}, ${clockWords(clock.hour, clock.minute)}, ${timeZoneName(timeZone)}`;
  return now ? `${text} (${untilWords(at, now)})` : text;
}

/** Whether pointer `a` is `b` or holds it (or the other way round): the two name overlapping fields. */
function overlaps(a: string, b: string): boolean {
  return a === b || b.startsWith(`${a}/`) || a.startsWith(`${b}/`);
}

const split = (pointer: string) =>
  pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));

/** `document` with `change` applied (a copy along the path); undefined when its path is not there. */
function applied(document: unknown, change: FieldChange): unknown {
  if (change.pointer === '') return change.kind === 'removed' ? undefined : change.after;
  const keys = split(change.pointer);
  const root: unknown = structuredClone(document);
  let parent: unknown = root;
  for (const key of keys.slice(0, -1)) {
    if (Array.isArray(parent)) parent = parent[Number(key)];
    else if (isObject(parent)) parent = parent[key];
    else return undefined;
  }
  const last = keys.at(-1) ?? '';
  if (Array.isArray(parent)) {
    const index = Number(last);
    if (!/^\d+$/.test(last)) return undefined;
    // By index, as the diff compares arrays: an item is added at the end, removed from the end.
    if (change.kind === 'added') {
      if (index !== parent.length) return undefined;
      parent.push(change.after);
    } else if (change.kind === 'removed') {
      if (index !== parent.length - 1) return undefined;
      parent.pop();
    } else {
      if (index >= parent.length) return undefined;
      parent[index] = change.after;
    }
    return root;
  }
  if (!isObject(parent)) return undefined;
  if (change.kind === 'removed') delete parent[last];
  else parent[last] = change.after;
  return root;
}

/** The same changes, whatever their order. */
function sameChanges(a: readonly FieldChange[], b: readonly FieldChange[]): boolean {
  const key = (c: FieldChange) => c.pointer;
  const sorted = (list: readonly FieldChange[]) => [...list].sort((x, y) => key(x).localeCompare(key(y)));
  return sameValue(sorted(a), sorted(b));
}

export type ScheduledMerge =
  | { ok: true; document: unknown }
  /** `pointers`: the fields the publish in between changed that this schedule changes too. */
  | { ok: false; pointers: string[] };

/**
 * What a schedule publishes when the live version is no longer the one it was made from: its own
 * changes (from `base` to `scheduled`) applied to what is live (`current`). Only when the two sets of
 * changes touch different fields, and the result differs from `current` by exactly the schedule's
 * changes and from `scheduled` by exactly the other publish's: otherwise nothing is merged, and the
 * fields both changed are named.
 */
export function mergeScheduled(base: unknown, scheduled: unknown, current: unknown): ScheduledMerge {
  const ours = diffDocuments(base, scheduled);
  const theirs = diffDocuments(base, current);
  const clash = theirs.filter((t) => ours.some((o) => overlaps(o.pointer, t.pointer))).map((t) => t.pointer);
  if (clash.length) return { ok: false, pointers: [...new Set(clash)] };
  let document: unknown = current;
  // Additions at the end of an array go in index order; removals from the end in reverse.
  const order = [...ours.filter((c) => c.kind !== 'removed'), ...ours.filter((c) => c.kind === 'removed').reverse()];
  for (const change of order) {
    document = applied(document, change);
    if (document === undefined) return { ok: false, pointers: [change.pointer] };
  }
  if (!sameChanges(diffDocuments(current, document), ours) || !sameChanges(diffDocuments(scheduled, document), theirs))
    return { ok: false, pointers: ours.map((c) => c.pointer) };
  return { ok: true, document };
}
