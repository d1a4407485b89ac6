/** The "open now" line of a location, read on the location's own clock. */
import { formatClock } from './day-hours';
import { upcomingHours, type HoursSource } from './upcoming-hours';
import { zonedMoment } from './zoned-time';

export const OPEN_NOW_TEXT = 'Open now';
export const CLOSED_NOW_TEXT = 'Closed now';

export type OpenStatus =
  | { kind: 'open'; label: typeof OPEN_NOW_TEXT; /** '5:30 pm' */ closesAt: string }
  /** `day` is 'today', 'tomorrow' or a weekday name; `time` like '8:30 am'. */
  | { kind: 'opens'; label: string; day: string; time: string }
  | { kind: 'closed'; label: typeof CLOSED_NOW_TEXT };

/** Today and the 7 days after it, so a branch open one day a week is found after today's close. */
const LOOK_AHEAD_DAYS = 8;

/**
 * 'Open now' while today's hours (special hours first) include the location's current time;
 * otherwise 'Opens {day} {time}' for the next opening within a week, with {day} 'today',
 * 'tomorrow' or the weekday name; otherwise 'Closed now'. Appointment-only and text-only days are
 * not openings: there is no time a visitor can simply walk in.
 */
export function openNow(source: HoursSource, now: Date): OpenStatus {
  const { minutes } = zonedMoment(now, source.timeZone);
  const days = upcomingHours(source, now, LOOK_AHEAD_DAYS);
  const today = days[0]?.day;
  if (today?.kind === 'open' && minutes >= today.opens && minutes < today.closes) {
    return { kind: 'open', label: OPEN_NOW_TEXT, closesAt: formatClock(today.closes) };
  }
  for (const [offset, upcoming] of days.entries()) {
    const { day } = upcoming;
    if (day.kind !== 'open' || (offset === 0 && minutes >= day.opens)) continue;
    const dayText = offset === 0 ? 'today' : offset === 1 ? 'tomorrow' : upcoming.dayName;
    const time = formatClock(day.opens);
    return { kind: 'opens', label: `Opens ${dayText} ${time}`, day: dayText, time };
  }
  return { kind: 'closed', label: CLOSED_NOW_TEXT };
}
