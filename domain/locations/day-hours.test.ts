import { describe, expect, it } from 'vitest';
import { formatClock, formatDayHours, parseClock, regularDayHours, specialDayHours } from './day-hours';

describe('clock times', () => {
  it('reads the ways feeds write a time', () => {
    expect(parseClock('08:30')).toBe(510);
    expect(parseClock('8:30')).toBe(510);
    expect(parseClock('17:30:00')).toBe(1050);
    expect(parseClock('1730')).toBe(1050);
    expect(parseClock('5:30 PM')).toBe(1050);
    expect(parseClock('5pm')).toBe(1020);
    expect(parseClock('12:00 AM')).toBe(0);
    expect(parseClock('12 pm')).toBe(720);
    expect(parseClock('2025-12-24T14:00:00+11:00')).toBe(840);
    expect(parseClock('24:00')).toBe(1440);
  });

  it('rejects what is not a time', () => {
    for (const text of ['', 'noon', '25:00', '8:75', '13 pm', '0 am']) expect(parseClock(text)).toBeUndefined();
  });

  it("formats like '8:30 am'", () => {
    expect(formatClock(510)).toBe('8:30 am');
    expect(formatClock(1050)).toBe('5:30 pm');
    expect(formatClock(720)).toBe('12:00 pm');
    expect(formatClock(0)).toBe('12:00 am');
    expect(formatClock(1440)).toBe('12:00 am');
  });
});

describe('one day of hours', () => {
  it('treats the feed status By appointment only as such', () => {
    expect(formatDayHours(regularDayHours({ weekday: 0, status: 'By appointment only' }))).toBe('By appointment only');
  });

  it('shows a day open around the clock as such', () => {
    expect(formatDayHours(regularDayHours({ weekday: 1, status: 'Open', open: '00:00', close: '24:00' }))).toBe(
      'Open 24 hours',
    );
  });

  it('keeps a closing time before the opening as written rather than guessing an overnight shift', () => {
    expect(regularDayHours({ weekday: 1, status: 'Open', open: '17:00', close: '08:00' })).toEqual({
      kind: 'unparsed',
      text: '17:00 - 08:00',
    });
  });

  it('says Open for an open day without any hours', () => {
    expect(formatDayHours(regularDayHours({ weekday: 1, status: 'Open' }))).toBe('Open');
    expect(formatDayHours(regularDayHours({ weekday: 1, status: 'Open', formated_hours: 'Closed' }))).toBe('Closed');
  });

  // spec: conversion §3 Special hours — "start_hour and end_hour, or hours.begin and hours.end".
  it('reads special hours from start_hour/end_hour or hours.begin/hours.end', () => {
    expect(specialDayHours({ date: '2025-12-24', status: 'Open', start_hour: '08:30', end_hour: '14:00' })).toEqual({
      kind: 'open',
      opens: 510,
      closes: 840,
    });
    expect(specialDayHours({ date: '2025-12-24', status: 'Open', hours: { begin: '09:00', end: '12:00' } })).toEqual({
      kind: 'open',
      opens: 540,
      closes: 720,
    });
    expect(specialDayHours({ date: '2025-12-25', status: 'Closed', start_hour: '09:00', end_hour: '12:00' })).toEqual({
      kind: 'closed',
    });
    expect(specialDayHours({ date: '2025-12-26', status: 'Open' })).toBeUndefined();
  });
});
