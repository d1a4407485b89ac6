/** Test fixtures shared by the hours tests: a week shaped like the demo feed's sales locations. */
import type { OpeningHourEntry, SpecialHoursEntry } from './day-hours';
import type { HoursSource } from './upcoming-hours';

const open = (weekday: number, from: string, to: string): OpeningHourEntry => ({
  weekday,
  status: 'Open',
  open: from,
  close: to,
});

export const SALES_WEEK: readonly OpeningHourEntry[] = [
  { weekday: 0, status: 'By appointment only', formated_hours: 'By appointment only' },
  open(1, '08:30', '17:30'),
  open(2, '08:30', '17:30'),
  open(3, '08:30', '17:30'),
  open(4, '08:30', '17:30'),
  open(5, '08:30', '17:30'),
  open(6, '08:30', '16:00'),
];

export function salesSource(
  timeZone: string,
  specialHours: readonly SpecialHoursEntry[] = [],
  locationId = 101,
): HoursSource {
  return { timeZone, openingHours: SALES_WEEK, specialHours, locationId };
}
