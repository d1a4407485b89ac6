import { describe, expect, it } from 'vitest';
import { salesSource } from '../locations/hours-fixtures';
import type { HoursSource } from '../locations/upcoming-hours';
import { appointmentSlots, findSlot, formatSlotStart, slotsByDay, zonedInstant } from './slots';

const settings = { leadTimeHours: 2, horizonDays: 14 };
// Monday 30 November 2026, 7:00 am in Sydney (AEDT, +11:00).
const MONDAY_7AM_SYDNEY = new Date('2026-11-29T20:00:00Z');

describe('appointmentSlots (catalogue §7 Appointments fetch for test-drive booking)', () => {
  it('offers 30-minute slots from opening that end by closing, on the location clock', () => {
    // spec: conversion §3 Opening hour entry — weekday, status, open, close; Monday 08:30-17:30.
    const slots = appointmentSlots(salesSource('Australia/Sydney'), MONDAY_7AM_SYDNEY, settings);
    const monday = slots.filter((s) => s.date === '2026-11-30').map((s) => s.start);
    // Lead time 2 h from 7:00: 9:00 is the first; 17:00-17:30 is the last slot that ends by closing.
    expect(monday[0]).toBe('2026-11-30T09:00:00+11:00');
    expect(monday.at(-1)).toBe('2026-11-30T17:00:00+11:00');
    expect(monday).toHaveLength(17);
    // Saturday 08:30-16:00: 15 slots, the last 15:30.
    const saturday = slots.filter((s) => s.date === '2026-12-05');
    expect(saturday).toHaveLength(15);
    expect(saturday.at(-1)?.start).toBe('2026-12-05T15:30:00+11:00');
  });

  it('offers nothing on a day that is by appointment only or closed', () => {
    // spec: conversion §5.4 — the weekend "is shown separately with 'Closed' or 'By appointment only'".
    const slots = appointmentSlots(salesSource('Australia/Sydney'), MONDAY_7AM_SYDNEY, settings);
    expect(slots.some((s) => s.date === '2026-12-06')).toBe(false);
  });

  it('excludes special (holiday) hours days and shortens days with special hours', () => {
    // spec: conversion §3 Special hours — date, status, start_hour and end_hour.
    const source = salesSource('Australia/Sydney', [
      { date: '2026-12-01', status: 'Closed', name: 'Staff day' },
      { date: '2026-12-02', status: 'Open', start_hour: '10:00', end_hour: '12:00' },
    ]);
    const slots = appointmentSlots(source, MONDAY_7AM_SYDNEY, settings);
    expect(slots.filter((s) => s.date === '2026-12-01')).toEqual([]);
    expect(slots.filter((s) => s.date === '2026-12-02').map((s) => s.start)).toEqual([
      '2026-12-02T10:00:00+11:00',
      '2026-12-02T10:30:00+11:00',
      '2026-12-02T11:00:00+11:00',
      '2026-12-02T11:30:00+11:00',
    ]);
  });

  it('never offers a past time or one inside the lead time', () => {
    const now = new Date('2026-11-30T03:10:00Z'); // 2:10 pm Monday in Sydney
    // Lead time 2 h: nothing before 4:10 pm, so 4:30 pm and 5:00 pm are left on Monday.
    const slots = appointmentSlots(salesSource('Australia/Sydney'), now, { leadTimeHours: 2, horizonDays: 2 });
    expect(slots.slice(0, 3).map((s) => s.start)).toEqual([
      '2026-11-30T16:30:00+11:00',
      '2026-11-30T17:00:00+11:00',
      '2026-12-01T08:30:00+11:00',
    ]);
    // Lead time 3 h reaches past Monday's last slot: Tuesday opening is the first.
    const later = appointmentSlots(salesSource('Australia/Sydney'), now, { leadTimeHours: 3, horizonDays: 2 });
    expect(later[0]?.start).toBe('2026-12-01T08:30:00+11:00');
    const none = appointmentSlots(salesSource('Australia/Sydney'), now, { leadTimeHours: 0, horizonDays: 1 });
    expect(none.every((s) => Date.parse(s.start) >= now.getTime())).toBe(true);
    expect(none[0]?.start).toBe('2026-11-30T14:30:00+11:00');
  });

  it('stops at the horizon (today counts as day one)', () => {
    const slots = appointmentSlots(salesSource('Australia/Sydney'), MONDAY_7AM_SYDNEY, { ...settings, horizonDays: 3 });
    expect([...new Set(slots.map((s) => s.date))]).toEqual(['2026-11-30', '2026-12-01', '2026-12-02']);
    expect(
      appointmentSlots(salesSource('Australia/Sydney'), MONDAY_7AM_SYDNEY, { ...settings, horizonDays: 0 }),
    ).toEqual([]);
  });

  it("reads today and the hours in the location's own zone, half-hour offsets included", () => {
    // 7:00 am Monday in Sydney is 4:00 am Monday in Perth and 6:30 am in Adelaide.
    const perth = appointmentSlots(salesSource('Australia/Perth'), MONDAY_7AM_SYDNEY, settings);
    expect(perth[0]?.start).toBe('2026-11-30T08:30:00+08:00');
    const adelaide = appointmentSlots(salesSource('Australia/Adelaide'), MONDAY_7AM_SYDNEY, settings);
    expect(adelaide[0]?.start).toBe('2026-11-30T08:30:00+10:30');
  });

  describe('daylight saving', () => {
    const earlySunday = (): HoursSource => ({
      timeZone: 'Australia/Sydney',
      openingHours: [{ weekday: 0, status: 'Open', open: '01:00', close: '04:00' }],
    });

    it('skips the hour the clocks jump over when daylight saving starts', () => {
      // Sunday 4 October 2026: 2:00 am AEST becomes 3:00 am AEDT.
      const slots = appointmentSlots(earlySunday(), new Date('2026-10-03T00:00:00Z'), settings);
      expect(slots.filter((s) => s.date === '2026-10-04').map((s) => s.start)).toEqual([
        '2026-10-04T01:00:00+10:00',
        '2026-10-04T01:30:00+10:00',
        '2026-10-04T03:00:00+11:00',
        '2026-10-04T03:30:00+11:00',
      ]);
      expect(zonedInstant('2026-10-04', 150, 'Australia/Sydney')).toBeUndefined();
    });

    it('offers the repeated hour once when daylight saving ends', () => {
      // Sunday 5 April 2026: 3:00 am AEDT becomes 2:00 am AEST.
      const slots = appointmentSlots(earlySunday(), new Date('2026-04-04T00:00:00Z'), settings);
      const starts = slots.filter((s) => s.date === '2026-04-05').map((s) => s.start);
      expect(starts).toEqual([
        '2026-04-05T01:00:00+11:00',
        '2026-04-05T01:30:00+11:00',
        '2026-04-05T02:00:00+11:00',
        '2026-04-05T02:30:00+11:00',
        '2026-04-05T03:00:00+10:00',
        '2026-04-05T03:30:00+10:00',
      ]);
      expect(new Set(starts.map((s) => Date.parse(s))).size).toBe(starts.length);
    });
  });
});

describe('findSlot', () => {
  const slots = appointmentSlots(salesSource('Australia/Sydney'), MONDAY_7AM_SYDNEY, settings);
  it('finds a slot by its instant, whatever offset it is written with', () => {
    expect(findSlot(slots, '2026-11-29T22:00:00Z')?.start).toBe('2026-11-30T09:00:00+11:00');
    expect(findSlot(slots, '2026-11-30T09:00:00+11:00')?.minutes).toBe(540);
  });
  it('finds nothing for a time that is not a slot or not a date-time with an offset', () => {
    expect(findSlot(slots, '2026-11-30T09:10:00+11:00')).toBeUndefined();
    expect(findSlot(slots, '2026-11-30T09:00')).toBeUndefined();
    expect(findSlot(slots, 'tomorrow')).toBeUndefined();
  });
});

describe('slotsByDay', () => {
  it('groups by the location day with readable labels', () => {
    const days = slotsByDay(appointmentSlots(salesSource('Australia/Sydney'), MONDAY_7AM_SYDNEY, settings));
    expect(days[0]?.label).toBe('Monday 30 November 2026');
    expect(days[0]?.slots[0]).toEqual({ start: '2026-11-30T09:00:00+11:00', label: '9:00 am' });
    expect(days.map((d) => d.date)).not.toContain('2026-12-06');
  });
});

describe('formatSlotStart (the dealer reads the time on the location clock)', () => {
  it('reads the date and time the start carries with its offset', () => {
    expect(formatSlotStart('2026-12-01T09:30:00+11:00')).toBe('Tuesday 1 December 2026, 9:30 am');
    expect(formatSlotStart('2026-12-01T14:00:00+08:00')).toBe('Tuesday 1 December 2026, 2:00 pm');
  });
  it('leaves other text alone', () => {
    expect(formatSlotStart('2026-12-01T09:30:00Z')).toBeUndefined();
    expect(formatSlotStart('next Tuesday')).toBeUndefined();
  });
});
