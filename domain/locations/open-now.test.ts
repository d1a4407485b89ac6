import { describe, expect, it } from 'vitest';
import type { SpecialHoursEntry } from './day-hours';
import { salesSource } from './hours-fixtures';
import { openNow } from './open-now';

const label = (timeZone: string, iso: string, specials: readonly SpecialHoursEntry[] = []) =>
  openNow(salesSource(timeZone, specials), new Date(iso)).label;

describe('open now, on the location’s clock', () => {
  it('reads the same instant differently in Sydney, Adelaide (half-hour offset), Brisbane and Perth', () => {
    // Tuesday 7 October 2025, 21:45 UTC on the 6th: Sydney 8:45 (AEDT +11), Adelaide 8:15 (ACDT +10:30),
    // Brisbane 7:45 (AEST +10, no daylight saving), Perth 5:45 (AWST +8).
    const iso = '2025-10-06T21:45:00Z';
    expect(openNow(salesSource('Australia/Sydney'), new Date(iso))).toEqual({
      kind: 'open',
      label: 'Open now',
      closesAt: '5:30 pm',
    });
    expect(label('Australia/Adelaide', iso)).toBe('Opens today 8:30 am');
    expect(label('Australia/Brisbane', iso)).toBe('Opens today 8:30 am');
    expect(label('Australia/Perth', iso)).toBe('Opens today 8:30 am');
    // Half an hour later Adelaide has opened too; Brisbane has not.
    expect(label('Australia/Adelaide', '2025-10-06T22:15:00Z')).toBe('Open now');
    expect(label('Australia/Brisbane', '2025-10-06T22:15:00Z')).toBe('Opens today 8:30 am');
  });

  it('follows daylight saving: the same UTC time of day is before opening one week and after it the next', () => {
    // 22:15 UTC: Tuesday 30 September 2025 8:15 am AEST; Tuesday 7 October 9:15 am AEDT.
    expect(label('Australia/Sydney', '2025-09-29T22:15:00Z')).toBe('Opens today 8:30 am');
    expect(label('Australia/Sydney', '2025-10-06T22:15:00Z')).toBe('Open now');
  });

  it('applies holiday hours on the day after daylight saving starts', () => {
    const labourDay: SpecialHoursEntry = {
      date: '2025-10-06',
      name: 'Labour Day',
      status: 'Open',
      start_hour: '10:00',
      end_hour: '16:00',
    };
    // Monday 6 October: 9:15 am AEDT is within the usual hours but before the holiday opening.
    expect(label('Australia/Sydney', '2025-10-05T22:15:00Z', [labourDay])).toBe('Opens today 10:00 am');
    expect(label('Australia/Sydney', '2025-10-05T22:15:00Z')).toBe('Open now');
    // 10:30 am AEDT (it would be 9:30 if the offset were still +10).
    expect(openNow(salesSource('Australia/Sydney', [labourDay]), new Date('2025-10-05T23:30:00Z'))).toEqual({
      kind: 'open',
      label: 'Open now',
      closesAt: '4:00 pm',
    });
    // An entry of another location does not move this one's Monday (Perth, 9 am).
    expect(label('Australia/Perth', '2025-10-06T01:00:00Z', [{ ...labourDay, location_id: 999 }])).toBe('Open now');
  });

  it('applies holiday hours on the day after daylight saving ends', () => {
    // Easter Monday 6 April 2026, the day after AEDT ends (5 April, 3 am -> 2 am). 23:45 UTC is 9:45 am AEST.
    const easterMonday: SpecialHoursEntry = {
      date: '2026-04-06',
      name: 'Easter Monday',
      status: 'Open',
      start_hour: '10:00',
      end_hour: '16:00',
    };
    expect(label('Australia/Sydney', '2026-04-05T23:45:00Z', [easterMonday])).toBe('Opens today 10:00 am');
    expect(label('Australia/Sydney', '2026-04-06T00:15:00Z', [easterMonday])).toBe('Open now');
  });

  it("says 'tomorrow' or the weekday, skipping appointment-only and closed days", () => {
    // Saturday 11 October 2025, 5 pm in Brisbane: Sunday is by appointment only, so Monday.
    expect(label('Australia/Brisbane', '2025-10-11T07:00:00Z')).toBe('Opens Monday 8:30 am');
    // Sunday 12 October, noon in Brisbane.
    expect(openNow(salesSource('Australia/Brisbane'), new Date('2025-10-12T02:00:00Z'))).toEqual({
      kind: 'opens',
      label: 'Opens tomorrow 8:30 am',
      day: 'tomorrow',
      time: '8:30 am',
    });
    // Christmas Eve after closing: Christmas and Boxing Day closed.
    const christmas: SpecialHoursEntry[] = [
      { date: '2025-12-25', status: 'Closed' },
      { date: '2025-12-26', status: 'Closed' },
    ];
    expect(label('Australia/Brisbane', '2025-12-24T08:00:00Z', christmas)).toBe('Opens Saturday 8:30 am');
  });

  it('closes at the closing minute', () => {
    // Tuesday 7 October 2025 in Brisbane: 5:29 pm open, 5:30 pm closed.
    expect(label('Australia/Brisbane', '2025-10-07T07:29:00Z')).toBe('Open now');
    expect(label('Australia/Brisbane', '2025-10-07T07:30:00Z')).toBe('Opens tomorrow 8:30 am');
  });

  it("says 'Closed now' when nothing opens within a week", () => {
    expect(openNow({ timeZone: 'Australia/Darwin', openingHours: [] }, new Date('2025-10-07T00:00:00Z'))).toEqual({
      kind: 'closed',
      label: 'Closed now',
    });
    const appointmentsOnly = Array.from({ length: 7 }, (_, weekday) => ({ weekday, status: 'By appointment only' }));
    expect(
      openNow({ timeZone: 'Australia/Darwin', openingHours: appointmentsOnly }, new Date('2025-10-07T00:00:00Z')).label,
    ).toBe('Closed now');
  });

  it('finds a branch that opens one day a week after today’s closing', () => {
    const mondaysOnly = [{ weekday: 1, status: 'Open', open: '09:00', close: '12:00' }];
    // Monday 6 October 2025, 1 pm in Hobart (AEDT +11).
    expect(
      openNow({ timeZone: 'Australia/Hobart', openingHours: mondaysOnly }, new Date('2025-10-06T02:00:00Z')).label,
    ).toBe('Opens Monday 9:00 am');
  });
});
