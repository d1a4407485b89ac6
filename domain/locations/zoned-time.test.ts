import { describe, expect, it } from 'vitest';
import { addDays, calendarDate, weekdayOfDate, zonedMoment } from './zoned-time';

describe("a location's clock", () => {
  it('reads the date, weekday and minute in the zone, half-hour offsets included', () => {
    const now = new Date('2025-10-05T14:30:00Z');
    expect(zonedMoment(now, 'Australia/Adelaide')).toEqual({ date: '2025-10-06', weekday: 1, minutes: 60 }); // 1:00 am ACDT
    expect(zonedMoment(now, 'Australia/Sydney')).toEqual({ date: '2025-10-06', weekday: 1, minutes: 90 }); // 1:30 am AEDT
    expect(zonedMoment(now, 'Australia/Perth')).toEqual({ date: '2025-10-05', weekday: 0, minutes: 22 * 60 + 30 });
    expect(zonedMoment(new Date('2025-10-05T14:00:00Z'), 'Australia/Darwin').minutes).toBe(23 * 60 + 30); // ACST, no daylight saving
  });

  it('reads midnight as minute 0', () => {
    expect(zonedMoment(new Date('2025-06-30T14:00:00Z'), 'Australia/Sydney')).toEqual({
      date: '2025-07-01',
      weekday: 2,
      minutes: 0,
    });
  });

  it('steps calendar days without skipping the short daylight-saving day', () => {
    expect(addDays('2025-10-04', 1)).toBe('2025-10-05');
    expect(addDays('2025-10-04', 2)).toBe('2025-10-06');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(weekdayOfDate('2025-10-05')).toBe(0);
  });

  it('accepts only real dates', () => {
    expect(calendarDate(' 2025-12-25 ')).toBe('2025-12-25');
    expect(calendarDate('2025-12-25T00:00:00+11:00')).toBe('2025-12-25');
    expect(calendarDate('2025-02-30')).toBeUndefined();
    expect(calendarDate('25/12/2025')).toBeUndefined();
  });
});
