/** The weekly opening-hours table of a location (conversion §5.4 Opening hours). */
import { formatDayHours, regularDayHours, type DayHours, type OpeningHourEntry } from './day-hours';

export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

// spec: conversion §5.4 — "Monday to Friday are grouped when the 5 days are identical".
export const WEEKDAYS_GROUP_LABEL = 'Monday - Friday';
const MONDAY_TO_FRIDAY = [1, 2, 3, 4, 5] as const;
const SATURDAY = 6;
const SUNDAY = 0;

export interface OpeningHoursRow {
  /** 'Monday - Friday', or one day name. */
  label: string;
  /** '8:30 am - 5:30 pm', 'Closed', 'By appointment only', or the feed's own text. */
  hours: string;
  /** The weekdays the row covers, 0 Sunday .. 6 Saturday. */
  weekdays: number[];
  day: DayHours;
}

/**
 * The rows of the hours table, Monday first as Australians read a week.
 *
 * spec: conversion §5.4 — "Monday to Friday are grouped when the 5 days are identical; the weekend
 * is shown separately with 'Closed' or 'By appointment only'." So one 'Monday - Friday' row when
 * all five read the same, otherwise one row per weekday; then Saturday and Sunday, each on its own.
 *
 * A weekday with no entry gets no row (rather than a guessed 'Closed'), and then Monday to Friday
 * cannot be grouped. A repeated weekday keeps its first entry. No entries give no rows.
 */
export function groupOpeningHours(entries: readonly OpeningHourEntry[]): OpeningHoursRow[] {
  const byWeekday = new Map<number, DayHours>();
  for (const entry of entries) {
    if (Number.isInteger(entry.weekday) && entry.weekday >= 0 && entry.weekday <= 6 && !byWeekday.has(entry.weekday)) {
      byWeekday.set(entry.weekday, regularDayHours(entry));
    }
  }
  const row = (weekday: number, day: DayHours): OpeningHoursRow => ({
    label: WEEKDAY_NAMES[weekday] ?? '',
    hours: formatDayHours(day),
    weekdays: [weekday],
    day,
  });

  const rows: OpeningHoursRow[] = [];
  const monday = byWeekday.get(1);
  const weekdayTexts = MONDAY_TO_FRIDAY.map((weekday) => {
    const day = byWeekday.get(weekday);
    return day ? formatDayHours(day) : undefined;
  });
  if (monday && weekdayTexts.every((text) => text !== undefined && text === weekdayTexts[0])) {
    rows.push({
      label: WEEKDAYS_GROUP_LABEL,
      hours: formatDayHours(monday),
      weekdays: [...MONDAY_TO_FRIDAY],
      day: monday,
    });
  } else {
    for (const weekday of MONDAY_TO_FRIDAY) {
      const day = byWeekday.get(weekday);
      if (day) rows.push(row(weekday, day));
    }
  }
  for (const weekday of [SATURDAY, SUNDAY]) {
    const day = byWeekday.get(weekday);
    if (day) rows.push(row(weekday, day));
  }
  return rows;
}
