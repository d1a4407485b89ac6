import { describe, expect, it } from 'vitest';
import type { SpecialHoursEntry } from './day-hours';
import { salesSource, SALES_WEEK } from './hours-fixtures';
import { hoursSourceOf, specialHoursFor, upcomingHours, upcomingSpecialHours } from './upcoming-hours';

// NSW and SA Labour Day 2025 is Monday 6 October, the day after daylight saving starts (Sunday 5
// October, 2 am local).
const labourDay: SpecialHoursEntry = {
  date: '2025-10-06',
  name: 'Labour Day',
  status: 'Open',
  start_hour: '10:00',
  end_hour: '16:00',
};

describe('the coming 7 days', () => {
  it("starts on the location's own date: at 14:30 UTC on 5 October it is Monday in Sydney and Adelaide, Sunday in Perth", () => {
    const now = new Date('2025-10-05T14:30:00Z');
    expect(upcomingHours(salesSource('Australia/Sydney'), now)[0]).toMatchObject({
      date: '2025-10-06',
      dayName: 'Monday',
    });
    expect(upcomingHours(salesSource('Australia/Adelaide'), now)[0]).toMatchObject({
      date: '2025-10-06',
      dayName: 'Monday',
    });
    expect(upcomingHours(salesSource('Australia/Perth'), now)[0]).toMatchObject({
      date: '2025-10-05',
      dayName: 'Sunday',
      hours: 'By appointment only',
    });
  });

  it('lists 7 consecutive dates across the daylight-saving start, with the holiday in place of Monday', () => {
    const days = upcomingHours(salesSource('Australia/Sydney', [labourDay]), new Date('2025-10-04T03:00:00Z'));
    expect(days.map((d) => d.date)).toEqual([
      '2025-10-04',
      '2025-10-05',
      '2025-10-06',
      '2025-10-07',
      '2025-10-08',
      '2025-10-09',
      '2025-10-10',
    ]);
    expect(days.map((d) => d.hours)).toEqual([
      '8:30 am - 4:00 pm',
      'By appointment only',
      '10:00 am - 4:00 pm',
      '8:30 am - 5:30 pm',
      '8:30 am - 5:30 pm',
      '8:30 am - 5:30 pm',
      '8:30 am - 5:30 pm',
    ]);
    expect(days[2]?.special).toEqual({ name: 'Labour Day' });
    expect(days[3]?.special).toBeUndefined();
  });

  it('closes a day for a Closed special entry, and keeps the usual hours for one that says Open without times', () => {
    const specials: SpecialHoursEntry[] = [
      { date: '2025-12-25', name: 'Christmas Day', status: 'Closed' },
      { date: '2025-12-26', name: 'Boxing Day', status: 'Open' },
    ];
    const days = upcomingHours(salesSource('Australia/Brisbane', specials), new Date('2025-12-24T00:00:00Z'));
    expect(days.slice(0, 3).map((d) => [d.date, d.hours, d.special?.name])).toEqual([
      ['2025-12-24', '8:30 am - 5:30 pm', undefined],
      ['2025-12-25', 'Closed', 'Christmas Day'],
      ['2025-12-26', '8:30 am - 5:30 pm', 'Boxing Day'],
    ]);
  });

  // spec: conversion §3 Special hours — "date, status, location_id or location.id, start_hour and end_hour, or hours.begin and hours.end".
  it('uses only the special entries of this location, matched by location_id or location.id', () => {
    const specials: SpecialHoursEntry[] = [
      { date: '2025-10-07', status: 'Closed', location_id: 999 },
      { date: '2025-10-08', status: 'Open', location: { id: 101 }, hours: { begin: '09:00', end: '13:00' } },
      { date: '2025-10-09', status: 'Closed', location: { id: 999 } },
      { date: '2025-10-10', status: 'Closed' },
      { date: '2025-10-09T00:00:00+11:00', status: 'Closed', location_id: 101 },
      { date: '2025-09-31', status: 'Closed' }, // not a date: ignored, not moved to 1 October
      { date: 'Labour Day', status: 'Closed' },
    ];
    expect(specialHoursFor(salesSource('Australia/Sydney', specials.slice(0, 4))).map((s) => s.date)).toEqual([
      '2025-10-08',
      '2025-10-10',
    ]);
    const days = upcomingHours(salesSource('Australia/Sydney', specials), new Date('2025-09-30T22:00:00Z'));
    expect(days.map((d) => [d.date, d.hours])).toEqual([
      ['2025-10-01', '8:30 am - 5:30 pm'],
      ['2025-10-02', '8:30 am - 5:30 pm'],
      ['2025-10-03', '8:30 am - 5:30 pm'],
      ['2025-10-04', '8:30 am - 4:00 pm'],
      ['2025-10-05', 'By appointment only'],
      ['2025-10-06', '8:30 am - 5:30 pm'],
      ['2025-10-07', '8:30 am - 5:30 pm'],
    ]);
    const next = upcomingHours(salesSource('Australia/Sydney', specials), new Date('2025-10-06T22:00:00Z'));
    expect(next.slice(0, 4).map((d) => d.hours)).toEqual([
      '8:30 am - 5:30 pm',
      '9:00 am - 1:00 pm',
      'Closed',
      'Closed',
    ]);
  });

  it('reads a FeedLocation-shaped location', () => {
    const source = hoursSourceOf({
      id: 7,
      time_zone: 'Australia/Hobart',
      contact_detail: { opening_hours: SALES_WEEK },
      special_hours: [labourDay],
    });
    expect(source).toEqual({
      timeZone: 'Australia/Hobart',
      openingHours: SALES_WEEK,
      specialHours: [labourDay],
      locationId: 7,
    });
    expect(hoursSourceOf({ time_zone: 'Australia/Darwin' })).toMatchObject({ openingHours: [], specialHours: [] });
  });

  it('fails loudly on an unknown time zone rather than reading hours in the server’s', () => {
    expect(() => upcomingHours(salesSource('Mars/Olympus_Mons'), new Date())).toThrow(RangeError);
  });
});

describe('holiday hours dialog', () => {
  it('lists the special hours from today on, by date, in the location’s zone', () => {
    const specials: SpecialHoursEntry[] = [
      { date: '2026-01-26', name: 'Australia Day', status: 'Open', start_hour: '10:00', end_hour: '16:00' },
      { date: '2025-12-25', name: 'Christmas Day', status: 'Closed' },
      { date: '2025-12-24', name: 'Christmas Eve', status: 'Open', start_hour: '08:30', end_hour: '14:00' },
    ];
    // 13:30 UTC on 24 December is already the 25th in Sydney (+11) but still the 24th in Perth (+8).
    const now = new Date('2025-12-24T13:30:00Z');
    expect(
      upcomingSpecialHours(salesSource('Australia/Sydney', specials), now).map((d) => [
        d.date,
        d.special?.name,
        d.hours,
      ]),
    ).toEqual([
      ['2025-12-25', 'Christmas Day', 'Closed'],
      ['2026-01-26', 'Australia Day', '10:00 am - 4:00 pm'],
    ]);
    expect(upcomingSpecialHours(salesSource('Australia/Perth', specials), now).map((d) => d.date)).toEqual([
      '2025-12-24',
      '2025-12-25',
      '2026-01-26',
    ]);
  });
});
